//! Gyla's rules: the card order and the trump set, the deal, the legal moves, the transitions
//! (a move, the end of a trick, of a round and of the game, with their events and the
//! Zobrist hash kept in step) and the engine flow's checks in the engine's order.

use super::{
    bot, card_at, next_seat, suit_from_code, suit_name, suit_pos, team_of, ActionName, Code, Event,
    EventKind, Flow, Gyla, GylaMove, Phase, SUITS, TARGET,
};
use crate::cards::{Card, CardSet, Spelling, Suit, JACK, SEVEN, SIX};
use crate::error::{Common, Error, Result};
use crate::game::GameState;
use crate::rng::{seed_for, shuffle, Rng};
use crate::zobrist;

/// The trump set for a trump suit: the suit plus every 7 and every Jack (within the 36 cards).
#[must_use]
pub fn trumps_for(trump: Option<Suit>) -> CardSet {
    let defaults = CardSet::rank_mask(SEVEN).union(CardSet::rank_mask(JACK));
    trump
        .map_or(defaults, |s| defaults.union(CardSet::suit_mask(s)))
        .intersection(CardSet::FULL36)
}

/// The level of card index `i` (lane `i / 16`, rank `i % 16`) when trump is lane `trump`
/// (`None`: no trump yet). Used to build [`LEVELS`] at compile time.
const fn level_of(i: usize, trump: Option<usize>) -> u8 {
    // indexed by rank (two 0 … ace 12) and by suit lane (spades, hearts, diamonds, clubs)
    const PLAIN: [u8; 16] = [0, 0, 0, 0, 1, 0, 2, 3, 4, 0, 5, 6, 7, 0, 0, 0];
    const SEVENS: [u8; 4] = [20, 19, 18, 21];
    const JACKS: [u8; 4] = [16, 15, 14, 17];
    let rank = i % 16;
    let lane = (i / 16) % 4;
    if rank == SEVEN as usize {
        return SEVENS[lane];
    }
    if rank == JACK as usize {
        return JACKS[lane];
    }
    let plain = PLAIN[rank];
    match trump {
        Some(t) if t == lane && plain > 0 => {
            if rank == SIX as usize {
                22
            } else {
                plain + 6
            }
        }
        _ => plain,
    }
}

const fn build_levels() -> [[u8; 64]; 5] {
    let mut out = [[0u8; 64]; 5];
    let mut t = 0;
    while t < 5 {
        let mut i = 0;
        while i < 64 {
            out[t][i] = level_of(i, if t == 0 { None } else { Some(t - 1) });
            i += 1;
        }
        t += 1;
    }
    out
}

/// `LEVELS[0][card]` without trump, `LEVELS[1 + lane][card]` with the trump suit in `lane`.
static LEVELS: [[u8; 64]; 5] = build_levels();

/// The level table of a trump suit (see [`level`]).
#[must_use]
pub fn level_table(trump: Option<Suit>) -> &'static [u8; 64] {
    &LEVELS[trump.map_or(0, |s| 1 + usize::from(s.index()))]
}

/// The engine's card order (`Card.level()`): 22 for the six of trumps down to 1 for a plain
/// six; trumps are 8–22, plain cards 1–7.
#[must_use]
pub fn level(card: Card, trump: Option<Suit>) -> u32 {
    u32::from(level_table(trump)[usize::from(card.index() & 63)])
}

/// True when any one hand holds all four 6s or all four 7s (the engine then re-deals).
#[must_use]
pub fn triggers_redeal(hands: &[CardSet]) -> bool {
    hands.iter().any(|h| {
        h.intersection(CardSet::rank_mask(SIX)).len() == 4
            || h.intersection(CardSet::rank_mask(SEVEN)).len() == 4
    })
}

/// Deal round `round` of a game seeded with `seed`: four hands of nine cards in deck order.
#[must_use]
pub fn deal_from_seed(seed: u64, round: u8) -> [[u8; 9]; 4] {
    // the canonical order as card indices: rank-major, suits clubs, spades, hearts, diamonds
    let mut canonical = [0u8; 36];
    for (k, slot) in canonical.iter_mut().enumerate() {
        #[allow(clippy::cast_possible_truncation)]
        let rank = SIX + (k / 4) as u8;
        *slot = SUITS[k % 4].index() * 16 + rank;
    }
    let mut rng = Rng::new(seed_for(seed, u64::from(round)));
    loop {
        let mut perm = [0u8; 36];
        for (i, p) in perm.iter_mut().enumerate() {
            #[allow(clippy::cast_possible_truncation)]
            {
                *p = i as u8;
            }
        }
        shuffle(&mut perm, &mut rng);
        let mut deck = [0u8; 36];
        for (k, &p) in perm.iter().enumerate() {
            deck[usize::from(p)] = canonical[k];
        }
        let mut hands = [[0u8; 9]; 4];
        let mut sets = [CardSet::EMPTY; 4];
        for (i, &c) in deck.iter().enumerate() {
            hands[i / 9][i % 9] = c;
            sets[i / 9].0 |= 1u64 << c;
        }
        if !triggers_redeal(&sets) {
            return hands;
        }
    }
}

const F_HAND: usize = 0; // 0..4
const F_TRICK: usize = 4; // 4..8
const F_NEXT: usize = 8;
const F_TRUMP: usize = 9;
const F_ROUND: usize = 10;
const F_STARTER: usize = 11;
const F_SCORE: usize = 12; // 12..14
const F_WON: usize = 14; // 14..16
const F_AI: usize = 16;

impl Gyla {
    // ----- hashing -----------------------------------------------------------------------

    pub(super) fn next_code(&self) -> usize {
        match self.phase() {
            Phase::NotStarted => 10,
            Phase::Over => 0,
            Phase::AssignTrump => usize::from(self.starter),
            Phase::Play => 4 + usize::from(self.seat_to_play()),
        }
    }

    /// The Zobrist hash computed from scratch (the incremental `zobrist()` must equal it).
    pub fn full_hash(&self) -> u64 {
        let mut h = seed_for(self.seed, 0x6779_6C61);
        for (seat, hand) in self.hands.iter().enumerate() {
            h ^= zobrist::of_set(F_HAND + seat, hand.bits());
        }
        let t0 = usize::from(self.nplays) / 4 * 4;
        for i in 0..self.current_trick_len() {
            if let Some(&c) = self.plays.get(t0 + i) {
                h ^= zobrist::feature(F_TRICK + i, usize::from(c));
            }
        }
        h ^= zobrist::feature(F_NEXT, self.next_code());
        h ^= zobrist::feature(F_TRUMP, self.trump.map_or(0, |s| 1 + suit_pos(s)));
        h ^= zobrist::feature(F_ROUND, usize::from(self.round));
        h ^= zobrist::feature(F_STARTER, usize::from(self.starter));
        for t in 0..2 {
            h ^= zobrist::key((F_SCORE + t) * 64 + 1 + usize::from(self.scores[t]));
            h ^= zobrist::feature(F_WON + t, usize::from(self.won[t]));
        }
        let ai_bits = self
            .ai
            .iter()
            .enumerate()
            .fold(0usize, |acc, (i, &a)| acc | (usize::from(a) << i));
        h ^ zobrist::feature(F_AI, ai_bits)
    }

    /// True while every action of the current round was a computer seat's: trump not yet
    /// assigned, or assigned by a computer starter with only computer seats playing since.
    pub(super) fn only_computers_acted(&self) -> bool {
        self.trump.is_none()
            || (self.is_computer(self.starter)
                && (0..usize::from(self.nplays)).all(|i| self.is_computer(self.player_of(i))))
    }

    /// Whether the engine plays seat `p` (1–4).
    pub(super) fn is_computer(&self, p: u8) -> bool {
        self.ai
            .get(usize::from(p).wrapping_sub(1))
            .copied()
            .unwrap_or(false)
    }

    // ----- transitions -------------------------------------------------------------------

    /// Set up round `round` with `hands` (in hand order) and `starter`; no event.
    pub(super) fn begin_round(&mut self, round: u8, hands: &[[u8; 9]; 4], starter: u8) {
        self.round = round;
        self.starter = starter;
        self.trump = None;
        for (i, h) in hands.iter().enumerate() {
            self.order[i] = *h;
            self.hands[i] = CardSet(h.iter().fold(0u64, |acc, &c| acc | 1u64 << (c & 63)));
            self.lens[i] = 9;
        }
        self.plays = [0; 36];
        self.nplays = 0;
        self.leaders = [0; 9];
        self.won = [0; 2];
        self.hash = self.full_hash();
    }

    pub(super) fn event(
        &self,
        kind: EventKind,
        player: u8,
        card: Option<Card>,
        winner: u8,
    ) -> Event {
        let next = match kind {
            EventKind::GameStarted
            | EventKind::TrumpAssigned
            | EventKind::CardPlayedAndTrickCompleted
            | EventKind::CardPlayedAndRoundCompleted
            | EventKind::CardPlayedAndGameCompleted => None,
            _ => self.next_action(),
        };
        let trick = match kind {
            EventKind::GameStarted | EventKind::RoundStarted | EventKind::TrumpAssigned => 0,
            EventKind::TrickStarted => (self.nplays / 4 + 1).min(9),
            _ => self.nplays.saturating_sub(1) / 4 + 1,
        };
        Event {
            kind,
            next,
            round: self.round,
            player,
            card,
            trump: self.trump,
            trick,
            winner,
            scores: self.scores,
        }
    }

    /// Apply a move already known to be legal here, pushing events to `events` when given.
    pub(super) fn step(&mut self, mv: GylaMove, mut events: Option<&mut Vec<Event>>) {
        match mv {
            GylaMove::Trump(suit) => {
                self.hash ^= zobrist::feature(F_NEXT, self.next_code());
                self.hash ^= zobrist::feature(F_TRUMP, 0);
                self.trump = Some(suit);
                self.leaders[0] = self.starter;
                self.hash ^= zobrist::feature(F_TRUMP, 1 + suit_pos(suit));
                self.hash ^= zobrist::feature(F_NEXT, self.next_code());
                if let Some(ev) = events.as_deref_mut() {
                    ev.push(self.event(EventKind::TrumpAssigned, self.starter, None, 0));
                    ev.push(self.event(EventKind::TrickStarted, 0, None, 0));
                }
            }
            GylaMove::Play(card) => self.play(card, events),
            GylaMove::Start => {
                let hands = deal_from_seed(self.seed, 1);
                self.begin_round(1, &hands, nine_of_diamonds_holder(&hands));
            }
        }
    }

    pub(super) fn play(&mut self, card: Card, mut events: Option<&mut Vec<Event>>) {
        let p = self.seat_to_play();
        let pi = usize::from(p - 1);
        self.hash ^= zobrist::feature(F_NEXT, self.next_code());
        // remove from the ordered hand, keeping the order of the rest
        let n = usize::from(self.lens[pi]);
        if let Some(pos) = self.order[pi][..n].iter().position(|&x| x == card.index()) {
            self.order[pi].copy_within(pos + 1..n, pos);
            self.order[pi][n - 1] = 0;
            self.lens[pi] -= 1;
        }
        self.hands[pi].remove(card);
        self.hash ^= zobrist::feature(F_HAND + pi, usize::from(card.index()));
        let pos_in_trick = usize::from(self.nplays) % 4;
        self.plays[usize::from(self.nplays)] = card.index();
        self.hash ^= zobrist::feature(F_TRICK + pos_in_trick, usize::from(card.index()));
        self.nplays += 1;
        if pos_in_trick < 3 {
            self.hash ^= zobrist::feature(F_NEXT, self.next_code());
            if let Some(ev) = events.as_deref_mut() {
                ev.push(self.event(EventKind::CardPlayed, p, Some(card), 0));
            }
            return;
        }
        // the trick is complete
        let t = usize::from(self.nplays) / 4 - 1;
        let mut trick = [card; 4];
        for (slot, &x) in trick.iter_mut().zip(&self.plays[t * 4..t * 4 + 4]) {
            if let Some(c) = card_at(x) {
                *slot = c;
            }
        }
        let trump = self.trump;
        let w = self
            .rules()
            .winner(&trick, |c| level(c, trump))
            .unwrap_or(0);
        let leader = self.leaders[t];
        #[allow(clippy::cast_possible_truncation)]
        let winner = (leader + 3 + w as u8) % 4 + 1;
        for (i, c) in trick.iter().enumerate() {
            self.hash ^= zobrist::feature(F_TRICK + i, usize::from(c.index()));
        }
        let wt = usize::from(team_of(winner) - 1);
        self.hash ^= zobrist::feature(F_WON + wt, usize::from(self.won[wt]));
        self.won[wt] += 1;
        self.hash ^= zobrist::feature(F_WON + wt, usize::from(self.won[wt]));
        if t < 8 {
            self.leaders[t + 1] = winner;
            self.hash ^= zobrist::feature(F_NEXT, self.next_code());
            if let Some(ev) = events.as_deref_mut() {
                ev.push(self.event(
                    EventKind::CardPlayedAndTrickCompleted,
                    p,
                    Some(card),
                    winner,
                ));
                ev.push(self.event(EventKind::TrickStarted, 0, None, 0));
            }
            return;
        }
        // the round is complete
        let (win_team, base) = round_result(self.won);
        let starter_team = team_of(self.starter);
        let bonus = if win_team == starter_team { 0 } else { 6 };
        self.scores[usize::from(win_team - 1)] += base + bonus;
        if self.scores[0] >= TARGET || self.scores[1] >= TARGET {
            self.over = true;
            self.hash = self.full_hash();
            if let Some(ev) = events.as_deref_mut() {
                ev.push(self.event(EventKind::CardPlayedAndGameCompleted, p, Some(card), winner));
            }
            return;
        }
        let next_starter = if win_team == starter_team {
            self.starter
        } else {
            next_seat(self.starter)
        };
        if let Some(ev) = events.as_deref_mut() {
            ev.push(self.event(
                EventKind::CardPlayedAndRoundCompleted,
                p,
                Some(card),
                winner,
            ));
        }
        let round = self.round + 1;
        let hands = deal_from_seed(self.seed, round);
        self.begin_round(round, &hands, next_starter);
        if let Some(ev) = events {
            ev.push(self.event(EventKind::RoundStarted, 0, None, 0));
        }
    }

    /// Let computer seats move while the next action is theirs.
    pub(super) fn run_ai(&mut self, mut events: Option<&mut Vec<Event>>) {
        while let Some(next) = self.next_action() {
            if !self.is_computer(next.player) {
                break;
            }
            let Some(mv) = self.computer_choice() else {
                break;
            };
            self.step(mv, events.as_deref_mut());
        }
    }

    /// The move the engine's computer player makes now (trump or card), if one is expected.
    #[must_use]
    pub fn computer_choice(&self) -> Option<GylaMove> {
        match self.phase() {
            Phase::AssignTrump => {
                Some(GylaMove::Trump(bot::choose_trump(&self.hand(self.starter))))
            }
            Phase::Play => bot::choose_card(self).map(GylaMove::Play),
            Phase::NotStarted | Phase::Over => None,
        }
    }

    // ----- the engine flow ---------------------------------------------------------------

    /// The engine's `Start()`: deal round 1 from the seed, the holder of the 9♦ starts; emits
    /// `game_started`, `round_started`, then the computer seats move.
    ///
    /// # Errors
    /// `ALREADY_STARTED` when called twice.
    pub fn start(&mut self, events: &mut Vec<Event>) -> Result<()> {
        self.check_start()?;
        let hands = deal_from_seed(self.seed, 1);
        let starter = nine_of_diamonds_holder(&hands);
        self.open_game(&hands, starter, events);
        Ok(())
    }

    /// `ALREADY_STARTED` unless the game is not yet started.
    pub(super) fn check_start(&self) -> Result<()> {
        if self.round != 0 {
            return Err(Error::illegal(
                Code::AlreadyStarted,
                "the game has already been started",
            ));
        }
        Ok(())
    }

    pub(super) fn open_game(&mut self, hands: &[[u8; 9]; 4], starter: u8, events: &mut Vec<Event>) {
        events.push(self.event(EventKind::GameStarted, 0, None, 0));
        self.begin_round(1, hands, starter);
        events.push(self.event(EventKind::RoundStarted, 0, None, 0));
        self.run_ai(Some(events));
    }

    /// Start the current round from explicit hands (for replaying recorded games): on a game
    /// not yet started this is `start` with these hands; once the game is under way it
    /// replaces the current round's deal, while no seat but the computer's has acted in the
    /// round (before trump is assigned, or when a computer starter assigned it and only
    /// computer seats have played since: their moves are undone and made again on the new
    /// hands). `starter` overrides who assigns trump and leads; by default the 9♦ holder in
    /// round 1, else the rotation rule's starter. Emits `game_started` (round 1 only) and
    /// `round_started`, then the computer seats move.
    ///
    /// # Errors
    /// `INVALID_DEAL` for hands that are not four hands of nine distinct cards of the deck,
    /// `REDEAL_REQUIRED` for a deal the engine would re-shuffle, `INVALID_PLAYER` for a starter
    /// outside 1–4, `NO_ACTION_EXPECTED` after the game, `ROUND_IN_PROGRESS` once a seat that
    /// the computer does not play has acted in the round.
    pub fn deal_round(
        &mut self,
        hands: &[Vec<Card>],
        starter: Option<u8>,
        events: &mut Vec<Event>,
    ) -> Result<()> {
        let hands = check_hands(hands)?;
        if let Some(s) = starter {
            if !(1..=4).contains(&s) {
                return Err(Error::config(
                    Code::InvalidPlayer,
                    format!("starter must be a seat from 1 to 4, not {s}"),
                ));
            }
        }
        match self.phase() {
            Phase::NotStarted => {
                let s = starter.unwrap_or_else(|| nine_of_diamonds_holder(&hands));
                self.open_game(&hands, s, events);
                Ok(())
            }
            Phase::AssignTrump | Phase::Play if self.only_computers_acted() => {
                // by default the rules decide: the 9 of diamonds in round 1, else the
                // rotation rule's starter, already chosen when the round began
                let s = starter.unwrap_or_else(|| {
                    if self.round == 1 {
                        nine_of_diamonds_holder(&hands)
                    } else {
                        self.starter
                    }
                });
                self.begin_round(self.round, &hands, s);
                events.push(self.event(EventKind::RoundStarted, 0, None, 0));
                self.run_ai(Some(events));
                Ok(())
            }
            Phase::Over => Err(Error::illegal(
                Code::NoActionExpected,
                "the game is over; no round can be dealt",
            )),
            Phase::AssignTrump | Phase::Play => Err(Error::illegal(
                Code::RoundInProgress,
                format!(
                    "round {} is under way: a seat the computer does not play has acted in it",
                    self.round
                ),
            )),
        }
    }

    /// Make the engine-flow operation `op`, pushing the engine's events to `events`.
    ///
    /// # Errors
    /// As [`Gyla::start`], [`Gyla::apply_action`] and [`Gyla::deal_round`] (and
    /// [`parse_deal`]); `self` is unchanged.
    pub fn flow(&mut self, op: Flow, events: &mut Vec<Event>) -> Result<()> {
        match op {
            Flow::Start => self.start(events),
            Flow::Apply(name, player, suit, card) => {
                let suit = suit
                    .filter(char::is_ascii_uppercase)
                    .and_then(Suit::from_letter);
                let card = card.and_then(|t| Card::parse(&t, Spelling::RankSuit).ok());
                self.apply_action(&name, player, suit, card, events)
            }
            Flow::Deal(hands, starter) => self.deal_round(&parse_deal(&hands)?, starter, events),
        }
    }

    /// The engine's `Apply(action)`, with the engine's order of checks; then the computer seats
    /// move. `suit` is the parsed suit of an `assign_trump` (`None`: not a suit), `card` the parsed
    /// card of a `play_card` (`None`: not a card of the 36).
    ///
    /// # Errors
    /// `NO_ACTION_EXPECTED`, `UNEXPECTED_ACTION`, `INVALID_PLAYER`, `NOT_YOUR_TURN`,
    /// `INVALID_TRUMP`, `INVALID_CARD`, `CARD_NOT_HELD`, `MUST_FOLLOW_SUIT`; `self` is unchanged.
    pub fn apply_action(
        &mut self,
        name: &str,
        player: i64,
        suit: Option<Suit>,
        card: Option<Card>,
        events: &mut Vec<Event>,
    ) -> Result<()> {
        let mv = self.check_action(name, player, suit, card)?;
        self.step(mv, Some(events));
        self.run_ai(Some(events));
        Ok(())
    }

    /// [`Gyla::apply_action`] without events (the uniform protocol's `apply`): the same checks
    /// in the same order, then the computer seats move.
    ///
    /// # Errors
    /// As [`Gyla::apply_action`]; `self` is unchanged.
    pub fn apply_action_quiet(
        &mut self,
        name: &str,
        player: i64,
        suit: Option<Suit>,
        card: Option<Card>,
    ) -> Result<()> {
        let mv = self.check_action(name, player, suit, card)?;
        self.step(mv, None);
        self.run_ai(None);
        Ok(())
    }

    /// Whether `mv` is one of the legal moves now ([`GameState::legal_moves_into`]).
    #[must_use]
    pub fn is_legal(&self, mv: GylaMove) -> bool {
        match (mv, self.phase()) {
            (GylaMove::Trump(_), Phase::AssignTrump) | (GylaMove::Start, Phase::NotStarted) => true,
            (GylaMove::Play(card), Phase::Play) => {
                self.legal_set(self.seat_to_play()).contains(card)
            }
            _ => false,
        }
    }

    /// Make `mv`, a move listed here ([`GameState::legal_moves_into`]), then let the computer
    /// seats move; no events. Only the cheap part of the check is made: `start` before the
    /// start, a trump while trump is expected, or a card the seat to play holds (the follow
    /// rule is not checked). False, with `self` unchanged, for anything else.
    pub fn apply_listed(&mut self, mv: GylaMove) -> bool {
        let ok = match (mv, self.phase()) {
            (GylaMove::Trump(_), Phase::AssignTrump) | (GylaMove::Start, Phase::NotStarted) => true,
            (GylaMove::Play(card), Phase::Play) => self
                .hands
                .get(usize::from(self.seat_to_play()).wrapping_sub(1))
                .is_some_and(|h| h.contains(card)),
            _ => false,
        };
        if ok {
            self.step(mv, None);
            self.run_ai(None);
        }
        ok
    }

    /// The uniform protocol's move: `mv` (checked, unless `listed`: one of the moves listed
    /// here), then the computer seats move; no events.
    ///
    /// # Errors
    /// As [`Gyla::apply_mut`]; `self` is unchanged.
    pub fn play_flow(&mut self, mv: GylaMove, listed: bool) -> Result<()> {
        if !(listed && self.apply_listed(mv)) {
            self.apply_mut(mv)?;
            self.run_ai(None);
        }
        Ok(())
    }

    /// The uniform protocol's `apply` of a move given as `text` (or as the engine's suit
    /// `code`): a legal move's text is made as listed; anything else goes to the engine flow,
    /// whose checks give the refusal: `start` to `Start()`, the rest to `Apply` of the action
    /// expected now with the suit (a name, a letter or a code) or the card it names. The
    /// computer seats then move; no events.
    ///
    /// # Errors
    /// As [`Gyla::start`] and [`Gyla::apply_action`]; `self` is unchanged.
    pub fn apply_text(&mut self, text: Option<&str>, code: Option<i64>) -> Result<()> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        if let Some(&mv) = moves.iter().find(|m| Some(m.text().as_str()) == text) {
            return self.play_flow(mv, true);
        }
        if text == Some("start") {
            return self.start(&mut Vec::new());
        }
        let suit = match text {
            Some(t) => SUITS
                .into_iter()
                .find(|&s| suit_name(s) == t || (t.len() == 1 && t.starts_with(s.letter()))),
            None => code.and_then(suit_from_code),
        };
        let card = text.and_then(|t| Card::parse(t, Spelling::RankSuit).ok());
        let (name, player) = self
            .next_action()
            .map_or(("", 0), |n| (n.name.as_str(), i64::from(n.player)));
        self.apply_action_quiet(name, player, suit, card)
    }

    /// Validate an engine action in the engine's order and return the move it makes.
    ///
    /// # Errors
    /// As [`Gyla::apply_action`].
    pub fn check_action(
        &self,
        name: &str,
        player: i64,
        suit: Option<Suit>,
        card: Option<Card>,
    ) -> Result<GylaMove> {
        let Some(next) = self.next_action() else {
            let why = if self.round == 0 {
                "the game has not been started"
            } else {
                "the game is over"
            };
            return Err(Error::illegal(
                Code::NoActionExpected,
                format!("no action expected: {why}"),
            ));
        };
        if name != next.name.as_str() {
            let shown: String = name.chars().take(40).collect();
            return Err(Error::illegal(
                Code::UnexpectedAction,
                format!(
                    "expecting a {} action from player {}, not {shown:?}",
                    next.name.as_str(),
                    next.player
                ),
            ));
        }
        if !(1..=4).contains(&player) {
            return Err(Error::illegal(
                Code::InvalidPlayer,
                format!("player must be a seat from 1 to 4, not {player}"),
            ));
        }
        if player != i64::from(next.player) {
            return Err(Error::illegal(
                Code::NotYourTurn,
                format!(
                    "it is player {}'s turn to {}, not player {player}'s",
                    next.player,
                    next.name.as_str()
                ),
            ));
        }
        match next.name {
            ActionName::AssignTrump => {
                let s = suit.ok_or_else(|| {
                    Error::illegal(
                        Code::InvalidTrump,
                        "trump must be one of clubs, spades, hearts or diamonds",
                    )
                })?;
                Ok(GylaMove::Trump(s))
            }
            ActionName::PlayCard => {
                let c = card
                    .filter(|c| CardSet::FULL36.contains(*c))
                    .ok_or_else(|| {
                        Error::illegal(
                            Common::InvalidCard,
                            "the card is not one of the 36 cards of the Gyla deck",
                        )
                    })?;
                self.check_play(next.player, c)?;
                Ok(GylaMove::Play(c))
            }
        }
    }

    pub(super) fn check_play(&self, p: u8, c: Card) -> Result<()> {
        let text = || c.format(Spelling::RankSuit);
        if !self.hand_set(p).contains(c) {
            return Err(Error::illegal(
                Code::CardNotHeld,
                format!("player {p} does not hold {}", text()),
            ));
        }
        if !self.legal_set(p).contains(c) {
            let lead = self
                .lead_card()
                .map_or(String::new(), |l| l.format(Spelling::RankSuit));
            let need = match self.lead_card() {
                Some(l) if self.rules().trumps.contains(l) => "a trump".to_string(),
                Some(l) => format!("a non-trump {}", suit_name(l.suit())),
                None => "any card".to_string(),
            };
            return Err(Error::illegal(
                Code::MustFollowSuit,
                format!(
                    "player {p} cannot play {}: {lead} was led and they hold {need}",
                    text()
                ),
            ));
        }
        Ok(())
    }
}

/// `(winning team, base points)` of a round from the tricks `[team 1, team 2]`.
#[must_use]
pub fn round_result(won: [u8; 2]) -> (u8, u16) {
    let (team, tricks) = if won[0] > won[1] {
        (1, won[0])
    } else {
        (2, won[1])
    };
    let base = match tricks {
        9 => 24,
        8 => 18,
        _ => 6,
    };
    (team, base)
}

pub(super) fn nine_of_diamonds_holder(hands: &[[u8; 9]; 4]) -> u8 {
    let nine = Card::new(Suit::Diamonds, 7).map_or(0, Card::index);
    for (i, h) in hands.iter().enumerate() {
        if h.contains(&nine) {
            #[allow(clippy::cast_possible_truncation)]
            return i as u8 + 1;
        }
    }
    1
}

/// The cards of a deal given as text (rank then suit, `"AH"`), for [`Gyla::deal_round`].
///
/// # Errors
/// `INVALID_DEAL` for a text that is no card.
pub fn parse_deal(hands: &[Vec<String>]) -> Result<Vec<Vec<Card>>> {
    let card = |t: &String| {
        Card::parse(t, Spelling::RankSuit).map_err(|_| {
            let shown: String = t.chars().take(20).collect();
            Error::config(
                Code::InvalidDeal,
                format!("{shown:?} is not a card of the 36-card deck"),
            )
        })
    };
    hands.iter().map(|h| h.iter().map(card).collect()).collect()
}

/// Whether a deal given as card texts (rank then suit, `"AH"`) [`triggers_redeal`].
///
/// # Errors
/// The card reader's `INVALID_CARD` for a text that is no card.
pub fn triggers_redeal_texts(hands: &[Vec<String>]) -> Result<bool> {
    let set = |h: &Vec<String>| {
        h.iter()
            .map(|t| Card::parse(t, Spelling::RankSuit))
            .collect()
    };
    let sets = hands.iter().map(set).collect::<Result<Vec<CardSet>>>()?;
    Ok(triggers_redeal(&sets))
}

pub(super) fn check_hands(hands: &[Vec<Card>]) -> Result<[[u8; 9]; 4]> {
    let bad = |m: String| Error::config(Code::InvalidDeal, m);
    if hands.len() != 4 {
        return Err(bad(format!("a deal is four hands, not {}", hands.len())));
    }
    let mut seen = CardSet::EMPTY;
    let mut sets = [CardSet::EMPTY; 4];
    let mut out = [[0u8; 9]; 4];
    for (i, h) in hands.iter().enumerate() {
        if h.len() != 9 {
            return Err(bad(format!("hand {} has {} cards, not 9", i + 1, h.len())));
        }
        for (j, &c) in h.iter().enumerate() {
            if !CardSet::FULL36.contains(c) {
                return Err(bad(format!(
                    "{} is not a card of the 36-card deck",
                    c.format(Spelling::RankSuit)
                )));
            }
            if seen.contains(c) {
                return Err(bad(format!(
                    "{} is dealt twice",
                    c.format(Spelling::RankSuit)
                )));
            }
            seen.insert(c);
            sets[i].insert(c);
            out[i][j] = c.index();
        }
    }
    if triggers_redeal(&sets) {
        return Err(Error::config(
            Code::RedealRequired,
            "a hand holds all four 6s or all four 7s; the engine would re-deal",
        ));
    }
    Ok(out)
}
