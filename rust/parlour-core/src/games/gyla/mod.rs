//! Gyla: the four-player, two-team, 36-card trick-taking game, as the reference engine
//! vetalpaprotsky/gyla v0.5.0 plays it (rules: `shared/specs/gyla/RULES.md`, computer player:
//! `AI.md`, flow and errors: `ENGINE.md`).
//!
//! Some notes on this implementation:
//!
//! * Seats are `1..=4` in the engine-flow API (team 1 = seats 1 and 3); the [`GameState`] trait
//!   uses `0..4`.
//! * Trumps are the chosen suit plus every 7 and every Jack (15 cards); the core's
//!   [`TrickRules`] with [`FollowPolicy::FollowSuit`] gives the follow rule and the winner.
//! * Hands keep their dealt (deck) order; the computer player's tie-breaks depend on it.
//! * Round `n` is dealt from `seed_for(seed, n)` with a Fisher–Yates permutation placing the
//!   canonical cards (`6C 6S 6H 6D 7C …`) like the engine, re-shuffling while any hand holds
//!   all four 6s or all four 7s.
//! * The engine flow ([`Gyla::start`], [`Gyla::apply_action`], [`Gyla::deal_round`]) validates
//!   in the engine's order, emits the engine's events and lets computer seats move at once;
//!   the [`GameState`] trait applies one move and never moves for anybody.
//! * Files: [`rules`] (legal moves, transitions, the engine flow), `bot` (the engine's computer
//!   player), [`view`] (what each seat sees, and what a resample keeps).
//! * The position text is read and written in `parlour.gyla.notation`; what crosses is a
//!   [`GylaParts`], which [`Gyla::from_parts`] checks.

mod bot;
pub mod rules;
pub mod view;

use rules::nine_of_diamonds_holder;
pub use rules::{deal_from_seed, level, level_table, round_result, triggers_redeal, trumps_for};

use crate::cards::{Card, CardSet, Spelling, Suit, ACE, SIX};
use crate::error::{Common, Error, Result};
use crate::game::{GameState, Seat};
use crate::lazy::Packed;
use crate::trick::{FollowPolicy, TrickRules};
use crate::view::Value;

crate::codes! {
    /// Gyla's error codes (beside [`crate::Common`]'s): the engine's refusals in its order of
    /// checks, then parlour's own.
    pub enum Code {
        /// The game is not started, or is over.
        NoActionExpected = "NO_ACTION_EXPECTED",
        /// `start` on a started game.
        AlreadyStarted = "ALREADY_STARTED",
        /// The action's name is not the one expected.
        UnexpectedAction = "UNEXPECTED_ACTION",
        /// Another seat is expected to act.
        NotYourTurn = "NOT_YOUR_TURN",
        /// A player that is not a seat 1-4.
        InvalidPlayer = "INVALID_PLAYER",
        /// A trump that is not one of the four suits.
        InvalidTrump = "INVALID_TRUMP",
        /// The player does not hold the card.
        CardNotHeld = "CARD_NOT_HELD",
        /// The card is held but not legal now.
        MustFollowSuit = "MUST_FOLLOW_SUIT",
        /// `deal_round` once a seat the computer does not play has acted in the round.
        RoundInProgress = "ROUND_IN_PROGRESS",
        /// `deal_round` of hands that are not 36 distinct cards dealt nine a seat.
        InvalidDeal = "INVALID_DEAL",
        /// `deal_round` of a deal the engine would shuffle again.
        RedealRequired = "REDEAL_REQUIRED",
        /// `new_game` players that are not four strings (checked in `parlour.gyla.api`).
        InvalidPlayers = "INVALID_PLAYERS",
        /// `new_game` teams that are not two strings (checked in `parlour.gyla.api`).
        InvalidTeams = "INVALID_TEAMS",
        /// `new_game` computer seats that are not four booleans (checked in `parlour.gyla.api`).
        InvalidAi = "INVALID_AI",
        /// `apply_index` of anything but an int in range.
        InvalidIndex = "INVALID_INDEX",
        /// Malformed or impossible notation (read in `parlour.gyla.notation`).
        InvalidNotation = "INVALID_NOTATION",
        /// Parts that no game reaches.
        InvalidPosition = "INVALID_POSITION",
    }
}

/// The suits in the engine's order (codes 10, 20, 30, 40): clubs, spades, hearts, diamonds.
pub const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

/// Points a team needs to win the game.
pub const TARGET: u16 = 60;

/// The engine's integer code of a suit (clubs 10, spades 20, hearts 30, diamonds 40).
#[must_use]
pub fn suit_code(suit: Suit) -> u8 {
    match suit {
        Suit::Clubs => 10,
        Suit::Spades => 20,
        Suit::Hearts => 30,
        Suit::Diamonds => 40,
    }
}

/// The suit of an engine suit code, if it is one.
#[must_use]
pub fn suit_from_code(code: i64) -> Option<Suit> {
    match code {
        10 => Some(Suit::Clubs),
        20 => Some(Suit::Spades),
        30 => Some(Suit::Hearts),
        40 => Some(Suit::Diamonds),
        _ => None,
    }
}

/// The engine's integer code of a rank (six 1 … ace 9).
#[must_use]
pub fn rank_code(card: Card) -> u8 {
    card.rank().saturating_sub(3)
}

/// The card of engine rank code `rank` (1–9) and suit code `suit`, if both are valid.
#[must_use]
pub fn card_from_codes(rank: i64, suit: i64) -> Option<Card> {
    let s = suit_from_code(suit)?;
    let r = u8::try_from(rank).ok().filter(|r| (1..=9).contains(r))?;
    Card::new(s, r + 3)
}

fn suit_pos(suit: Suit) -> usize {
    match suit {
        Suit::Clubs => 0,
        Suit::Spades => 1,
        Suit::Hearts => 2,
        Suit::Diamonds => 3,
    }
}

/// The 36 cards in the engine's canonical order, rank-major and suit-minor:
/// `6C 6S 6H 6D 7C 7S … AH AD`.
#[must_use]
pub fn canonical_deck() -> Vec<Card> {
    (SIX..=ACE)
        .flat_map(|r| SUITS.iter().filter_map(move |&s| Card::new(s, r)))
        .collect()
}

/// The fixed action index of a move: cards `0..36` in canonical order, then trump suits
/// `36..40` in the engine's suit order, then `start` (40).
#[must_use]
pub fn action_index(mv: GylaMove) -> usize {
    match mv {
        GylaMove::Trump(s) => 36 + suit_pos(s),
        GylaMove::Play(c) => usize::from(c.rank().saturating_sub(SIX)) * 4 + suit_pos(c.suit()),
        GylaMove::Start => NUM_ACTIONS - 1,
    }
}

/// Size of the fixed action space ([`action_index`]).
pub const NUM_ACTIONS: usize = 41;

impl Packed for GylaMove {
    /// The move's [`action_index`].
    fn pack(self) -> u16 {
        #[allow(clippy::cast_possible_truncation)]
        let id = action_index(self) as u16;
        id
    }
    fn unpack(bits: u16) -> GylaMove {
        let id = usize::from(bits);
        match SUITS.get(id.wrapping_sub(36)) {
            Some(&s) => GylaMove::Trump(s),
            None if id < 36 => {
                #[allow(clippy::cast_possible_truncation)]
                let rank = SIX + (id / 4) as u8;
                Card::new(SUITS[id % 4], rank).map_or(GylaMove::Start, GylaMove::Play)
            }
            None => GylaMove::Start,
        }
    }
}

/// The two engine actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionName {
    /// `assign_trump`.
    AssignTrump,
    /// `play_card`.
    PlayCard,
}

impl ActionName {
    /// The engine's name of the action.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ActionName::AssignTrump => "assign_trump",
            ActionName::PlayCard => "play_card",
        }
    }
}

/// The action the engine expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NextAction {
    /// Which action.
    pub name: ActionName,
    /// By which seat, 1–4.
    pub player: u8,
}

impl NextAction {
    /// The action `name` (`assign_trump` or `play_card`) by `player`, as a position's parts
    /// give it.
    ///
    /// # Errors
    /// `INVALID_POSITION` for another name.
    pub fn parse(name: &str, player: u8) -> Result<NextAction> {
        let name = [ActionName::AssignTrump, ActionName::PlayCard]
            .into_iter()
            .find(|a| a.as_str() == name)
            .ok_or_else(|| {
                let why = "the next action is assign_trump or play_card";
                Error::invalid_state(Code::InvalidPosition, why)
            })?;
        Ok(NextAction { name, player })
    }
}

/// The engine's event types, in lifecycle order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// `game_started`.
    GameStarted,
    /// `round_started`.
    RoundStarted,
    /// `trump_assigned`.
    TrumpAssigned,
    /// `trick_started`.
    TrickStarted,
    /// `card_played`.
    CardPlayed,
    /// `card_played_and_trick_completed`.
    CardPlayedAndTrickCompleted,
    /// `card_played_and_round_completed`.
    CardPlayedAndRoundCompleted,
    /// `card_played_and_game_completed`.
    CardPlayedAndGameCompleted,
}

impl EventKind {
    /// The engine's event name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::GameStarted => "game_started",
            EventKind::RoundStarted => "round_started",
            EventKind::TrumpAssigned => "trump_assigned",
            EventKind::TrickStarted => "trick_started",
            EventKind::CardPlayed => "card_played",
            EventKind::CardPlayedAndTrickCompleted => "card_played_and_trick_completed",
            EventKind::CardPlayedAndRoundCompleted => "card_played_and_round_completed",
            EventKind::CardPlayedAndGameCompleted => "card_played_and_game_completed",
        }
    }
}

/// One event of the engine flow, with the facts a client needs (not a full state copy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    /// The event type.
    pub kind: EventKind,
    /// The next action expected when the event was emitted (`None` for `game_started`,
    /// `trump_assigned` and every `*_completed`).
    pub next: Option<NextAction>,
    /// Round number (0 for `game_started`).
    pub round: u8,
    /// The acting seat (trumper or card player), 0 when none.
    pub player: u8,
    /// The card played, for the `card_played*` events.
    pub card: Option<Card>,
    /// The trump suit of the round, once assigned.
    pub trump: Option<Suit>,
    /// Trick number (1–9) for trick and card events, else 0.
    pub trick: u8,
    /// The trick's winner for the `*_completed` events, else 0.
    pub winner: u8,
    /// Game points `[team 1, team 2]` after the event.
    pub scores: [u16; 2],
}

impl Event {
    /// The event as a record `[name, next_action, round, player, card, trump, trick, winner,
    /// scores]` (`next_action` a `[name, player]` pair; an absent value, 0 included, null), which
    /// `parlour.gyla.api` makes a `GylaEvent`.
    #[must_use]
    pub fn value(&self) -> Value {
        let some = |n: u8| {
            if n == 0 {
                Value::Null
            } else {
                Value::Int(n.into())
            }
        };
        let next = self.next.map_or(Value::Null, |n| {
            Value::List(vec![Value::Str(n.name.as_str().into()), some(n.player)])
        });
        let text = |t: Option<String>| t.map_or(Value::Null, Value::Str);
        Value::List(vec![
            Value::Str(self.kind.as_str().into()),
            next,
            Value::Int(self.round.into()),
            some(self.player),
            text(self.card.map(|c| c.format(Spelling::RankSuit))),
            text(self.trump.map(|s| suit_name(s).to_string())),
            some(self.trick),
            some(self.winner),
            Value::ints(self.scores),
        ])
    }
}

/// An operation of the engine flow (`parlour.gyla.api`), made by [`Gyla::flow`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// [`Gyla::start`].
    Start,
    /// [`Gyla::apply_action`]: the action's name and player, the suit's letter (anything but
    /// `C`, `S`, `H`, `D` is no suit) and the card's text (rank then suit, `"AH"`).
    Apply(String, i64, Option<char>, Option<String>),
    /// [`Gyla::deal_round`]: the hands as card texts, and the starter.
    Deal(Vec<Vec<String>>, Option<u8>),
}

/// A Gyla move for the [`GameState`] trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GylaMove {
    /// Assign this trump suit.
    Trump(Suit),
    /// Play this card.
    Play(Card),
    /// The engine's `Start()`: deal round 1 (the only move of a game not yet started).
    Start,
}

impl GylaMove {
    /// The move as the uniform protocol spells it: a card (`"AH"`), a suit name (`"hearts"`)
    /// or `"start"`.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            GylaMove::Trump(s) => suit_name(s).to_string(),
            GylaMove::Play(c) => c.format(Spelling::RankSuit),
            GylaMove::Start => "start".to_string(),
        }
    }
}

/// Options of a Gyla game (the trait's config): which seats the engine flow plays itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GylaConfig {
    /// Computer seats `[seat 1, seat 2, seat 3, seat 4]` (used by the engine flow only).
    pub ai: [bool; 4],
}

/// The phase of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// `start` not yet called.
    NotStarted,
    /// The round's starter must assign trump.
    AssignTrump,
    /// Cards are being played.
    Play,
    /// A team reached 60.
    Over,
}

impl Phase {
    /// The phase's name: `not_started`, `assign_trump`, `play_card` or `over`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::NotStarted => "not_started",
            Phase::AssignTrump => "assign_trump",
            Phase::Play => "play_card",
            Phase::Over => "over",
        }
    }
}

/// A Gyla position: the whole game (scores, round, hands in order, tricks so far).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gyla {
    seed: u64,
    ai: [bool; 4],
    round: u8,
    scores: [u16; 2],
    starter: u8,
    trump: Option<Suit>,
    order: [[u8; 9]; 4],
    lens: [u8; 4],
    hands: [CardSet; 4],
    plays: [u8; 36],
    nplays: u8,
    leaders: [u8; 9],
    won: [u8; 2],
    over: bool,
    hash: u64,
}

fn card_at(index: u8) -> Option<Card> {
    Card::from_index(index)
}

/// Seat `p`'s team, 1 or 2.
#[must_use]
pub fn team_of(p: u8) -> u8 {
    if p % 2 == 1 {
        1
    } else {
        2
    }
}

fn next_seat(p: u8) -> u8 {
    p % 4 + 1
}

impl Gyla {
    /// A new, not yet started game: `seed` deals every round, `ai` marks computer seats.
    #[must_use]
    pub fn new(seed: u64, ai: [bool; 4]) -> Gyla {
        let mut g = Gyla {
            seed,
            ai,
            round: 0,
            scores: [0; 2],
            starter: 0,
            trump: None,
            order: [[0; 9]; 4],
            lens: [0; 4],
            hands: [CardSet::EMPTY; 4],
            plays: [0; 36],
            nplays: 0,
            leaders: [0; 9],
            won: [0; 2],
            over: false,
            hash: 0,
        };
        g.hash = g.full_hash();
        g
    }

    // ----- accessors -------------------------------------------------------------------

    /// The game's seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Computer seats.
    #[must_use]
    pub fn ai(&self) -> [bool; 4] {
        self.ai
    }
    /// Round number (0 before `start`).
    #[must_use]
    pub fn round(&self) -> u8 {
        self.round
    }
    /// Game points `[team 1, team 2]`.
    #[must_use]
    pub fn scores(&self) -> [u16; 2] {
        self.scores
    }
    /// The round's starter (trumper), 1–4, or 0 before `start`.
    #[must_use]
    pub fn starter(&self) -> u8 {
        self.starter
    }
    /// The round's trump suit once assigned.
    #[must_use]
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }
    /// Tricks won this round `[team 1, team 2]`.
    #[must_use]
    pub fn tricks_won(&self) -> [u8; 2] {
        self.won
    }
    /// True when a team has reached 60.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// The winning team (1 or 2) of a finished game.
    #[must_use]
    pub fn winning_team(&self) -> Option<u8> {
        if !self.over {
            None
        } else if self.scores[0] >= TARGET {
            Some(1)
        } else {
            Some(2)
        }
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        if self.round == 0 {
            Phase::NotStarted
        } else if self.over {
            Phase::Over
        } else if self.trump.is_none() {
            Phase::AssignTrump
        } else {
            Phase::Play
        }
    }

    /// The hand of seat `p` (1–4) in hand order; empty for other numbers.
    #[must_use]
    pub fn hand(&self, p: u8) -> Vec<Card> {
        let i = usize::from(p.wrapping_sub(1));
        match (self.order.get(i), self.lens.get(i)) {
            (Some(o), Some(&n)) => o
                .iter()
                .take(usize::from(n))
                .filter_map(|&x| card_at(x))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The hand of seat `p` (1–4) as a set.
    #[must_use]
    pub fn hand_set(&self, p: u8) -> CardSet {
        self.hands
            .get(usize::from(p.wrapping_sub(1)))
            .copied()
            .unwrap_or_default()
    }

    /// Every card played this round, in play order.
    #[must_use]
    pub fn plays(&self) -> Vec<Card> {
        self.plays
            .iter()
            .take(usize::from(self.nplays))
            .filter_map(|&x| card_at(x))
            .collect()
    }

    /// The leader of each trick started this round (1–4), in order.
    #[must_use]
    pub fn leaders(&self) -> Vec<u8> {
        if self.trump.is_none() {
            return Vec::new();
        }
        let n = (usize::from(self.nplays) / 4 + 1).min(9);
        self.leaders.iter().take(n).copied().collect()
    }

    /// This round's tricks so far: `(leader, cards in play order, winner once complete)`.
    #[must_use]
    pub fn tricks(&self) -> Vec<(u8, Vec<Card>, Option<u8>)> {
        let plays = self.plays();
        let trump = self.trump;
        plays
            .chunks(4)
            .enumerate()
            .map(|(t, cards)| {
                let leader = self.leaders.get(t).copied().unwrap_or(0);
                let winner = (cards.len() == 4)
                    .then(|| self.rules().winner(cards, |c| level(c, trump)))
                    .flatten()
                    .map(|w| {
                        #[allow(clippy::cast_possible_truncation)]
                        let w = w as u8;
                        (leader + 3 + w) % 4 + 1
                    });
                (leader, cards.to_vec(), winner)
            })
            .collect()
    }

    /// The seat that made play `i` of this round.
    fn player_of(&self, i: usize) -> u8 {
        let leader = self.leaders.get(i / 4).copied().unwrap_or(1);
        #[allow(clippy::cast_possible_truncation)]
        let offset = (i % 4) as u8;
        (leader + 3 + offset) % 4 + 1
    }

    /// True when the starter held the six of trumps when assigning trump (informational).
    #[must_use]
    pub fn trumped_with_six(&self) -> bool {
        let Some(t) = self.trump else { return false };
        let Some(six) = Card::new(t, SIX) else {
            return false;
        };
        if self.hand_set(self.starter).contains(six) {
            return true;
        }
        (0..usize::from(self.nplays)).any(|i| {
            self.plays.get(i).and_then(|&x| card_at(x)) == Some(six)
                && self.player_of(i) == self.starter
        })
    }

    /// The trick rules of this round.
    #[must_use]
    pub fn rules(&self) -> TrickRules {
        TrickRules {
            trumps: trumps_for(self.trump),
            policy: FollowPolicy::FollowSuit,
        }
    }

    fn current_trick_len(&self) -> usize {
        if self.nplays == 36 {
            0
        } else {
            usize::from(self.nplays) % 4
        }
    }

    fn lead_card(&self) -> Option<Card> {
        if self.current_trick_len() == 0 {
            return None;
        }
        let start = usize::from(self.nplays) / 4 * 4;
        self.plays.get(start).and_then(|&x| card_at(x))
    }

    fn seat_to_play(&self) -> u8 {
        let t = usize::from(self.nplays) / 4;
        let leader = self.leaders.get(t).copied().unwrap_or(1);
        let pos = self.nplays % 4;
        (leader + 3 + pos) % 4 + 1
    }

    /// The next action the engine expects, if any.
    #[must_use]
    pub fn next_action(&self) -> Option<NextAction> {
        match self.phase() {
            Phase::NotStarted | Phase::Over => None,
            Phase::AssignTrump => Some(NextAction {
                name: ActionName::AssignTrump,
                player: self.starter,
            }),
            Phase::Play => Some(NextAction {
                name: ActionName::PlayCard,
                player: self.seat_to_play(),
            }),
        }
    }

    /// The legal cards of seat `p` (1–4) in hand order: empty unless `p` is to play.
    #[must_use]
    pub fn legal_cards(&self, p: u8) -> Vec<Card> {
        match self.next_action() {
            Some(NextAction {
                name: ActionName::PlayCard,
                player,
            }) if player == p => {
                let legal = self.legal_set(p);
                self.hand(p)
                    .into_iter()
                    .filter(|c| legal.contains(*c))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn legal_set(&self, p: u8) -> CardSet {
        self.rules().legal(self.hand_set(p), self.lead_card())
    }
}

/// The English name of a suit (`clubs`, `spades`, `hearts`, `diamonds`).
#[must_use]
pub fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Clubs => "clubs",
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
    }
}

/// A Gyla position's parts: what the position text (`parlour.gyla.notation`) writes, as plain
/// values. [`Gyla::from_parts`] checks that they are a position the rules reach.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GylaParts {
    /// Game points `[team 1, team 2]`.
    pub scores: [u16; 2],
    /// The round number, 0 before the start.
    pub round: u8,
    /// The round's starter (1–4), 0 before the start.
    pub starter: u8,
    /// The round's trump suit once assigned.
    pub trump: Option<Suit>,
    /// Each seat's cards in hand order, seat 1 first.
    pub hands: [Vec<Card>; 4],
    /// This round's plays in play order.
    pub plays: Vec<Card>,
    /// The action expected next.
    pub next: Option<NextAction>,
    /// Computer seats.
    pub ai: [bool; 4],
    /// The game's seed.
    pub seed: u64,
}

impl Gyla {
    /// The position's parts.
    #[must_use]
    pub fn parts(&self) -> GylaParts {
        GylaParts {
            scores: self.scores,
            round: self.round,
            starter: self.starter,
            trump: self.trump,
            hands: [self.hand(1), self.hand(2), self.hand(3), self.hand(4)],
            plays: self.plays(),
            next: self.next_action(),
            ai: self.ai,
            seed: self.seed,
        }
    }

    /// The position of `parts`, checked to be one the rules reach: 36 distinct cards of the
    /// deck dealt nine a seat (no re-deal hand), the plays legal in order, the scores and the
    /// next action those of such a game.
    ///
    /// # Errors
    /// `INVALID_POSITION` (an [`crate::ErrorKind::InvalidState`] error) otherwise.
    pub fn from_parts(parts: &GylaParts) -> Result<Gyla> {
        let bad = |m: &str| Error::invalid_state(Code::InvalidPosition, m.to_string());
        let GylaParts {
            scores,
            round,
            starter,
            trump,
            hands,
            plays,
            next,
            ai,
            seed,
        } = parts;
        let (scores, round, starter, trump) = (*scores, *round, *starter, *trump);
        if scores.iter().any(|s| s % 6 != 0 || *s > 84) {
            return Err(bad("scores are multiples of 6, at most 84"));
        }
        if round > 19 || starter > 4 {
            return Err(bad(
                "the round is at most 19 and the starter a seat from 1 to 4",
            ));
        }
        let mut g = Gyla::new(*seed, *ai);
        if round == 0 {
            if scores != [0, 0]
                || starter != 0
                || trump.is_some()
                || hands.iter().any(|h| !h.is_empty())
                || !plays.is_empty()
                || next.is_some()
            {
                return Err(bad(
                    "a game not yet started has no scores, starter, trump, cards or next action",
                ));
            }
            return Ok(g);
        }
        if starter == 0 {
            return Err(bad("a started game has a starter from 1 to 4"));
        }
        if hands.iter().any(|h| h.len() > 9) || plays.len() > 36 {
            return Err(bad("a hand holds at most 9 cards and a round has 36 plays"));
        }
        let mut all = CardSet::EMPTY;
        for c in hands.iter().flatten().chain(plays.iter()) {
            if !CardSet::FULL36.contains(*c) {
                return Err(bad(&format!(
                    "{} is not a card of the 36-card deck",
                    c.format(Spelling::RankSuit)
                )));
            }
            if all.contains(*c) {
                return Err(bad(&format!(
                    "{} appears twice",
                    c.format(Spelling::RankSuit)
                )));
            }
            all.insert(*c);
        }
        if all != CardSet::FULL36 {
            return Err(bad(
                "the hands and the plays must hold each of the 36 cards once",
            ));
        }
        if trump.is_none() && !plays.is_empty() {
            return Err(bad("no card is played before trump is assigned"));
        }
        // pass 1: leaders, seats and winners (they depend only on the cards)
        g.trump = trump;
        let rules = g.rules();
        let mut leaders = [0u8; 9];
        let mut seats = Vec::with_capacity(plays.len());
        let mut won = [0u8; 2];
        leaders[0] = starter;
        for (t, trick) in plays.chunks(4).enumerate() {
            let leader = leaders[t];
            for i in 0..trick.len() {
                #[allow(clippy::cast_possible_truncation)]
                seats.push((leader + 3 + i as u8) % 4 + 1);
            }
            if trick.len() == 4 {
                let w = rules.winner(trick, |c| level(c, trump)).unwrap_or(0);
                #[allow(clippy::cast_possible_truncation)]
                let winner = (leader + 3 + w as u8) % 4 + 1;
                won[usize::from(team_of(winner) - 1)] += 1;
                if let Some(l) = leaders.get_mut(t + 1) {
                    *l = winner;
                }
            }
        }
        // pass 2: the dealt hands, then every play must be held and legal
        let mut sets = [CardSet::EMPTY; 4];
        for (i, h) in hands.iter().enumerate() {
            sets[i] = CardSet::from_cards(h);
        }
        for (c, &s) in plays.iter().zip(&seats) {
            sets[usize::from(s - 1)].insert(*c);
        }
        if sets.iter().any(|s| s.len() != 9) {
            return Err(bad(
                "each seat must have been dealt 9 cards (hand plus cards played)",
            ));
        }
        if triggers_redeal(&sets) {
            return Err(bad(
                "a dealt hand holds all four 6s or all four 7s (the engine re-deals that)",
            ));
        }
        for (k, (c, &s)) in plays.iter().zip(&seats).enumerate() {
            let lead = if k % 4 == 0 {
                None
            } else {
                plays.get(k / 4 * 4).copied()
            };
            let set = &mut sets[usize::from(s - 1)];
            if !rules.legal(*set, lead).contains(*c) {
                return Err(bad(&format!(
                    "play {} ({} by seat {s}) does not follow the rules",
                    k + 1,
                    c.format(Spelling::RankSuit)
                )));
            }
            set.remove(*c);
        }
        let done = plays.len() == 36;
        let reached = scores[0] >= TARGET || scores[1] >= TARGET;
        if done != reached {
            return Err(bad(if done {
                "all 9 tricks are played but no team has 60 points (the next round would be dealt)"
            } else {
                "a team has 60 points but the round is still being played"
            }));
        }
        if scores[0] >= TARGET && scores[1] >= TARGET {
            return Err(bad("only one team can reach 60"));
        }
        for (i, h) in hands.iter().enumerate() {
            for (j, c) in h.iter().enumerate() {
                g.order[i][j] = c.index();
            }
            #[allow(clippy::cast_possible_truncation)]
            {
                g.lens[i] = h.len() as u8;
            }
            g.hands[i] = CardSet::from_cards(h);
        }
        for (k, c) in plays.iter().enumerate() {
            g.plays[k] = c.index();
        }
        #[allow(clippy::cast_possible_truncation)]
        {
            g.nplays = plays.len() as u8;
        }
        g.round = round;
        g.scores = scores;
        g.starter = starter;
        g.leaders = if trump.is_some() { leaders } else { [0; 9] };
        g.won = won;
        g.over = done;
        if g.next_action() != *next {
            return Err(bad("the next action is not the one this position expects"));
        }
        g.hash = g.full_hash();
        Ok(g)
    }
}

impl GameState for Gyla {
    type Move = GylaMove;
    type Config = GylaConfig;

    fn new(config: &GylaConfig, seed: u64) -> Result<Self> {
        let mut g = Gyla::new(seed, config.ai);
        let hands = deal_from_seed(seed, 1);
        let starter = nine_of_diamonds_holder(&hands);
        g.begin_round(1, &hands, starter);
        Ok(g)
    }

    fn num_seats(&self) -> usize {
        4
    }

    fn to_move(&self) -> Option<Seat> {
        self.next_action().map(|n| n.player - 1)
    }

    fn legal_moves_into(&self, out: &mut Vec<GylaMove>) {
        out.clear();
        match self.phase() {
            Phase::AssignTrump => out.extend(SUITS.iter().map(|&s| GylaMove::Trump(s))),
            Phase::Play => {
                let p = self.seat_to_play();
                let legal = self.legal_set(p);
                let pi = usize::from(p - 1);
                let n = usize::from(self.lens[pi]);
                out.extend(
                    self.order[pi][..n]
                        .iter()
                        .filter_map(|&x| card_at(x))
                        .filter(|c| legal.contains(*c))
                        .map(GylaMove::Play),
                );
            }
            Phase::NotStarted => out.push(GylaMove::Start),
            Phase::Over => {}
        }
    }

    fn apply(&self, mv: GylaMove) -> Result<Self> {
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }

    fn play_unchecked(&mut self, mv: Self::Move) {
        let played = self.apply_mut(mv);
        debug_assert!(played.is_ok(), "an unlisted move: {mv:?}");
    }

    fn is_terminal(&self) -> bool {
        self.over
    }

    fn returns_into(&self, out: &mut [f32]) {
        for (i, o) in out.iter_mut().enumerate().take(4) {
            *o = f32::from(self.scores[i % 2]);
        }
    }

    fn winner(&self) -> Option<Seat> {
        self.winning_team().map(|t| t - 1)
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn computer_move(&self) -> Option<GylaMove> {
        self.computer_choice()
    }
}
impl Gyla {
    /// Apply `mv` in place, checked against the rules; on a refusal `self` is unchanged.
    ///
    /// # Errors
    /// An illegal-move error when `mv` is not legal here.
    pub fn apply_mut(&mut self, mv: GylaMove) -> Result<()> {
        if mv == GylaMove::Start {
            self.check_start()?;
            self.step(mv, None);
            return Ok(());
        }
        let Some(next) = self.next_action() else {
            return Err(Error::illegal(
                Code::NoActionExpected,
                "no action expected: the game is not running",
            ));
        };
        match (mv, next.name) {
            (GylaMove::Play(c), ActionName::PlayCard) => {
                if !CardSet::FULL36.contains(c) {
                    return Err(Error::illegal(
                        Common::InvalidCard,
                        "the card is not one of the 36 cards of the Gyla deck",
                    ));
                }
                self.check_play(next.player, c)?;
            }
            (GylaMove::Trump(_), ActionName::AssignTrump) => {}
            (_, expected) => {
                return Err(Error::illegal(
                    Code::UnexpectedAction,
                    format!(
                        "expecting a {} action from player {}",
                        expected.as_str(),
                        next.player
                    ),
                ));
            }
        }
        self.step(mv, None);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
