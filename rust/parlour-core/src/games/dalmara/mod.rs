//! Dal Mara, the Nepali trick-taking game about capturing the four tens, in its four-player
//! (two teams) and two-player (hands plus four stacks each) forms.
//!
//! Rules source: `shared/specs/dalmara/` (`RULES.md` is dal-mara-engine 0.2.0's behaviour,
//! `RULEBOOK.md` the rulebook rule set, `DMN.md` the notation). The source has no computer
//! player, so there is no `bot.rs`.
//!
//! Some notes on this implementation:
//!
//! * [`Rules::Engine`] reproduces the engine exactly as it behaves when driven by DMN strings;
//!   [`Rules::Rulebook`] (the default) fixes the 4p Turup once the trick that created it is
//!   complete, resolves Ghoptes by `order`, and in 2p blocks a lead while a face-up Turup card
//!   shows on any stack.
//! * The state holds exactly what DMN holds, as plain parts (cards and suits are the shared
//!   [`Card`] and [`Suit`], written in [`Spelling::DalMara`]), plus the rulebook's Turup trick
//!   and per-seat counters of tens and tricks taken (not part of DMN). Hands keep their dealt
//!   order: the engine lists legal plays in it.
//! * DMN is read and written in the Python layer (`parlour.dalmara.notation`), which hands the
//!   core a [`Parts`] record; [`DalMara::from_parts`] checks it (`INVALID_DMN`). The core
//!   writes no DMN.
//! * The engine's actions ([`DalMara::deal_four`], [`DalMara::play_card`], …) take seats and
//!   cards as the caller gave them ([`SeatIn`], [`CardIn`]) so that a refusal's message shows
//!   a value that is no seat or card as the engine shows it; the protocol's [`Move`]s are
//!   always legal-move values.
//! * `rules.rs` holds the actions and the protocol's legal moves, with the four-player random
//!   playout fast path of batch simulation (`playout`); `view.rs` what each seat sees and the
//!   resampling; `tests.rs` the core's tests.
//! * The follow rule and the trick winner are the shared [`TrickRules`] (follow suit, the Turup
//!   as trumps). A trick's lead suit is the one DMN stores, which hand-made DMN may set apart
//!   from the first card's suit: [`TrickRules::winner_led`] is given it.
//! * Error codes: [`Code`] (the engine's, spelled as it spells them, and parlour's few).
//!
//! [`TrickRules`]: crate::trick::TrickRules
//! [`TrickRules::winner_led`]: crate::trick::TrickRules::winner_led

mod rules;
mod view;

pub use rules::{Action, CardIn, Deck, SeatIn};
use view::Seen;
pub use view::OBSERVATION_LEN;

use crate::cards::{Card, CardSet, Spelling, Suit};
use crate::error::{Error, Result};
use crate::game::{FastPlayout, GameState, Seat};
use crate::rng::{shuffle, Rng};
use crate::zobrist;

crate::codes! {
    /// Dal Mara's own error codes: dal-mara-engine 0.2.0's (spelled as the engine spells them)
    /// and parlour's few additions (the rulebook's Turup pickup, the argument checks of the
    /// Python API). Codes the [`crate::Common`] enum has (`INVALID_CARD`, `INVALID_SEAT`, …)
    /// are used from there.
    pub enum Code {
        /// `createGame` of a mode other than `4p`/`2p` (or `GameState.random`'s mode).
        InvalidMode = "INVALID_MODE",
        /// `createGame` without a players list (or a roster that is no list of players).
        InvalidPlayers = "INVALID_PLAYERS",
        /// `createGame` with the wrong number of players for the mode.
        InvalidPlayerCount = "INVALID_PLAYER_COUNT",
        /// `createGame` with a bad, duplicate or missing seat, or teams that do not pair up.
        InvalidConfiguration = "INVALID_CONFIGURATION",
        /// A dealer that is not an occupied seat.
        InvalidDealer = "INVALID_DEALER",
        /// An action the game does not take here (or an unknown action type).
        InvalidAction = "INVALID_ACTION",
        /// A deal's deck of the wrong size, or with duplicate or unknown cards.
        InvalidDeck = "INVALID_DECK",
        /// A seat acting out of turn.
        NotPlayerTurn = "NOT_PLAYER_TURN",
        /// A card the seat does not hold (nor shows on its own stacks).
        CardNotOwned = "CARD_NOT_OWNED",
        /// A card that does not follow the lead suit though the seat could.
        MustFollowSuit = "MUST_FOLLOW_SUIT",
        /// An action after the last card.
        GameAlreadyFinished = "GAME_ALREADY_FINISHED",
        /// A Turup declaration that is not allowed (4p, twice, or of no suit).
        InvalidTurupDeclaration = "INVALID_TURUP_DECLARATION",
        /// A Ghopte card that is not the declared one, or out of its order.
        InvalidGhopteSubmission = "INVALID_GHOPTE_SUBMISSION",
        /// A pickup from a stack that does not show the card.
        StackNotFound = "STACK_NOT_FOUND",
        /// The rulebook: a trick would start while a face-up Turup card shows on a stack.
        TurupPickupRequired = "TURUP_PICKUP_REQUIRED",
        /// A pickup into a full hand (hand-made DMN only).
        HandFull = "HAND_FULL",
        /// A card onto a full trick (hand-made DMN only).
        TrickFull = "TRICK_FULL",
        /// Malformed DMN, or parts no position has.
        InvalidDmn = "INVALID_DMN",
        /// `deserialize_state` of text that is not a serialized state.
        InvalidSerialization = "INVALID_SERIALIZATION",
        /// A rule set other than `rulebook` or `dal-mara-engine`.
        InvalidRules = "INVALID_RULES",
        /// A serializer given something that is not a state.
        InvalidState = "INVALID_STATE",
        /// `Move(kind, value)` of an unknown kind, or `apply` of a value that is no move.
        InvalidMove = "INVALID_MOVE",
        /// `LegalMove` with a stack outside 0-3.
        InvalidStack = "INVALID_STACK",
        /// A score that is no score (the winner evaluators).
        InvalidScore = "INVALID_SCORE",
    }
}

/// Largest number of cards one hand or one stack may hold.
pub const MAX_PILE: usize = 26;
/// Largest number of Ghopte entries a position may hold.
pub const MAX_GHOPTES: usize = 16;

/// Which rule set applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// The rules as the rulebook writes them (parlour's default).
    #[default]
    Rulebook,
    /// Exactly what dal-mara-engine 0.2.0 does (DMN-driven).
    Engine,
}

impl Rules {
    /// Parse `rulebook` or `dal-mara-engine`.
    ///
    /// # Errors
    /// `INVALID_RULES` for anything else.
    pub fn parse(text: &str) -> Result<Rules> {
        match text {
            "rulebook" => Ok(Rules::Rulebook),
            "dal-mara-engine" => Ok(Rules::Engine),
            other => Err(Error::config(
                Code::InvalidRules,
                format!("rules must be \"rulebook\" or \"dal-mara-engine\", not {other:?}"),
            )),
        }
    }
    /// The option spelling.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rules::Rulebook => "rulebook",
            Rules::Engine => "dal-mara-engine",
        }
    }
}

/// The order in which a deal numbers its Ghoptes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GhopteOrder {
    /// Scan from the dealer's right-hand neighbour, dealer last (the engine's order).
    #[default]
    DealerLast,
    /// Scan from the dealer.
    DealerFirst,
}

/// One Ghopte entry: a seat holding a lone ten of some suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ghopte {
    /// The declarer.
    pub seat: u8,
    /// The declared card (the ten of the suit in any real deal).
    pub card: Card,
    /// The resolution order number (0-based in a deal).
    pub order: i32,
    /// True once its trick is complete.
    pub resolved: bool,
}

impl Default for Ghopte {
    fn default() -> Self {
        Ghopte {
            seat: 0,
            card: Card::PLACEHOLDER,
            order: 0,
            resolved: false,
        }
    }
}

/// Most cards a 2p stack holds (four face down, one face up).
pub const MAX_STACK: usize = 5;

/// An ordered pile of at most `N` cards (a hand in dealt order, or a stack bottom to top).
/// Positions are copied on every move, so the capacity is per use: a hand holds
/// [`MAX_PILE`] cards, a stack [`MAX_STACK`] (which keeps a position small enough for Python's
/// small-object allocator).
#[derive(Clone, Copy, Debug)]
pub struct Pile<const N: usize = MAX_PILE> {
    len: u8,
    cards: [Card; N],
    bits: CardSet,
}

/// A 2p stack.
pub type Stack = Pile<MAX_STACK>;

impl<const N: usize> PartialEq for Pile<N> {
    fn eq(&self, other: &Pile<N>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<const N: usize> Eq for Pile<N> {}

impl<const N: usize> std::hash::Hash for Pile<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<const N: usize> Default for Pile<N> {
    fn default() -> Self {
        Pile {
            len: 0,
            cards: [Card::PLACEHOLDER; N],
            bits: CardSet::EMPTY,
        }
    }
}

impl<const N: usize> Pile<N> {
    /// The cards in order.
    #[must_use]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
    /// Number of cards.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// True when empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The last card (a stack's face-up card).
    #[must_use]
    pub fn top(&self) -> Option<Card> {
        self.as_slice().last().copied()
    }
    fn push(&mut self, c: Card) -> bool {
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = c;
            self.len += 1;
            self.bits.insert(c);
            true
        } else {
            false
        }
    }
    fn pop(&mut self) -> Option<Card> {
        let c = self.top()?;
        self.len -= 1;
        self.bits.remove(c);
        Some(c)
    }
    fn position(&self, c: Card) -> Option<usize> {
        self.as_slice().iter().position(|&x| x == c)
    }
    fn remove_at(&mut self, i: usize) {
        let n = self.len as usize;
        if i < n {
            self.bits.remove(self.cards[i]);
            // A short shift (at most a hand): a plain loop beats a call to memmove.
            for k in i..n.min(N) - 1 {
                self.cards[k] = self.cards[k + 1];
            }
            self.len -= 1;
        }
    }
    /// The set of the cards.
    #[must_use]
    pub fn mask(&self) -> CardSet {
        self.bits
    }
    /// True when the pile holds a card of `suit`.
    #[must_use]
    pub fn has_suit(&self, suit: Suit) -> bool {
        !self.bits.of_suit(suit).is_empty()
    }
    fn from_slice(cards: &[Card]) -> Option<Pile<N>> {
        let mut p = Pile::<N>::default();
        for &c in cards {
            if !p.push(c) {
                return None;
            }
        }
        Some(p)
    }
}

/// The plain parts of a position, as DMN holds them (plus the rulebook's Turup trick).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Parts {
    /// True for the four-player game.
    pub four: bool,
    /// The rule set.
    pub rules: Rules,
    /// The dealer's seat.
    pub dealer: u8,
    /// The Turup suit.
    pub turup: Option<Suit>,
    /// The trick in which the 4p Turup was set (rulebook only).
    pub turup_trick: Option<u8>,
    /// The Ghopte entries, seat-grouped as DMN lists them.
    pub ghoptes: Vec<Ghopte>,
    /// Hands per seat, in order.
    pub hands: Vec<Vec<Card>>,
    /// Stacks (2p): eight slots, seat 0's four then seat 1's, bottom to top.
    pub stacks: Vec<Vec<Card>>,
    /// Cards played so far.
    pub move_number: u8,
    /// The current trick number.
    pub trick_number: u8,
    /// The trick's play number as written.
    pub play_number: u8,
    /// The trick's lead suit.
    pub lead: Option<Suit>,
    /// True in a Ghopte trick.
    pub is_ghopte: bool,
    /// The trick's cards as (seat, card), in play order.
    pub trick: Vec<(u8, Card)>,
    /// The `playOrder` of each trick card (empty: 1, 2, …). Parsed DMN numbers a card by its
    /// position among all the entries of the cards part, skipped ones included (`DMN.md` §6),
    /// so an order may exceed the card's position, never fall below it.
    pub play_orders: Vec<u8>,
    /// The move that produced this position: (seat, card, makes Turup).
    pub detail: Option<(u8, Card, bool)>,
    /// The seat to act next.
    pub next: u8,
}

/// A Dal Mara position (both modes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DalMara {
    four: bool,
    rules: Rules,
    dealer: u8,
    turup: Option<Suit>,
    turup_trick: Option<u8>,
    n_ghoptes: u8,
    ghoptes: [Ghopte; MAX_GHOPTES],
    hands: [Pile; 4],
    stacks: [Stack; 8],
    move_number: u8,
    trick_number: u8,
    play_number: u8,
    lead: Option<Suit>,
    is_ghopte: bool,
    trick_len: u8,
    trick: [(u8, Card); 4],
    /// Per trick card, the DMN entries skipped before it (its `playOrder` is its 1-based
    /// position plus this); 0 for every card played here and at or past `trick_len`. Not
    /// hashed and ignored by [`DalMara::same_position`]: DMN does not hold it and no rule reads it.
    trick_skipped: [u8; 4],
    detail: Option<(u8, Card, bool)>,
    next: u8,
    tens: [u8; 4],
    tricks: [u8; 4],
    hash: u64,
    /// What every seat has seen happen in the play this state knows of (voids shown, cards
    /// picked up, …), for views and resampling. Not part of the position: it takes no part in
    /// equality, hashing or DMN.
    seen: Seen,
}

/// Options of a simulated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DalMaraConfig {
    /// Four players (true) or two.
    pub four: bool,
    /// The rule set.
    pub rules: Rules,
}

impl Default for DalMaraConfig {
    fn default() -> Self {
        DalMaraConfig {
            four: true,
            rules: Rules::Rulebook,
        }
    }
}

/// A move of the uniform protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Play a card (from hand, or a face-up stack top in 2p; a Ghopte submission in a Ghopte trick).
    Play(Card),
    /// Pick up a face-up Turup card from one's own stack (2p).
    Pickup(Card),
    /// Declare the Turup suit (2p).
    Declare(Suit),
}

impl Move {
    /// Index in the fixed action space: plays 0–51, pickups 52–103, declarations 104–107.
    #[must_use]
    pub fn action_index(self) -> usize {
        match self {
            Move::Play(c) => dense(c),
            Move::Pickup(c) => 52 + dense(c),
            Move::Declare(s) => 104 + usize::from(s.index()),
        }
    }
}

impl Move {
    /// The move of an index in the fixed action space ([`Move::action_index`]).
    #[must_use]
    pub fn from_action(index: usize) -> Option<Move> {
        let card = |i: usize| {
            let suit = Suit::from_index(u8::try_from(i / 13).ok()?)?;
            Card::new(suit, u8::try_from(i % 13).ok()?)
        };
        match index {
            0..=51 => card(index).map(Move::Play),
            52..=103 => card(index - 52).map(Move::Pickup),
            104..=107 => Suit::from_index(u8::try_from(index - 104).ok()?).map(Move::Declare),
            _ => None,
        }
    }
}

/// The 52-card row slot of a card, `suit * 13 + rank` (the action index of its play).
fn dense(c: Card) -> usize {
    usize::from(c.suit().index()) * 13 + usize::from(c.rank())
}

/// Size of the fixed action space of [`Move::action_index`].
pub const ACTION_SPACE: usize = 108;

/// A move packs as its kind (play 0, pickup 1, declaration 2) times 64 plus its card's bit
/// index (below 64) or suit: an index below 192, dense enough for a table of move objects. A
/// number that is no move unpacks to a move that packs to another number.
impl crate::lazy::Packed for Move {
    fn pack(self) -> u16 {
        let (kind, value) = match self {
            Move::Play(c) => (0, c.index()),
            Move::Pickup(c) => (1, c.index()),
            Move::Declare(s) => (2, s.index()),
        };
        kind << 6 | u16::from(value & 63)
    }
    fn unpack(bits: u16) -> Move {
        // `bits & 63` is below 64: the cast keeps it whole.
        let value = (bits & 63) as u8;
        let card = Card::from_index(value).unwrap_or(Card::PLACEHOLDER);
        match bits >> 6 {
            0 => Move::Play(card),
            1 => Move::Pickup(card),
            _ => Move::Declare(Suit::from_index(value).unwrap_or(Suit::Spades)),
        }
    }
}

const F_HAND: usize = 0;
const F_STACK: usize = 4;
const F_TRICK: usize = 12;
const F_GHOPTE: usize = 20;
const F_MISC: usize = 23;

impl DalMara {
    /// An empty position: `createGame` with dealer `dealer` (no cards dealt).
    ///
    /// # Errors
    /// `INVALID_DEALER` when the dealer is not a seat of the mode.
    pub fn create(four: bool, dealer: u8, rules: Rules) -> Result<DalMara> {
        let n = if four { 4 } else { 2 };
        if dealer >= n {
            return Err(Error::config(
                Code::InvalidDealer,
                format!(
                    "dealerSeat must be a valid occupied player seat (0 to {})",
                    n - 1
                ),
            ));
        }
        Ok(DalMara::undealt(four, dealer, rules))
    }

    /// An empty position with dealer `dealer` (a seat of the mode: `create` checks it).
    fn undealt(four: bool, dealer: u8, rules: Rules) -> DalMara {
        let mut s = DalMara {
            four,
            rules,
            dealer,
            turup: None,
            turup_trick: None,
            n_ghoptes: 0,
            ghoptes: [Ghopte::default(); MAX_GHOPTES],
            hands: [Pile::default(); 4],
            stacks: [Stack::default(); 8],
            move_number: 0,
            trick_number: 1,
            play_number: 0,
            lead: None,
            is_ghopte: false,
            trick_len: 0,
            trick: [(0, Card::PLACEHOLDER); 4],
            trick_skipped: [0; 4],
            detail: None,
            next: dealer,
            tens: [0; 4],
            tricks: [0; 4],
            hash: 0,
            seen: Seen::default(),
        };
        s.rehash();
        s
    }

    /// Build a position from its parts, refusing anything no game can reach in shape: seats out
    /// of range, bad card indices, a card held twice, oversized piles or tricks, and a Turup
    /// trick outside `1..=13`, above the trick number, without a Turup or in a 2p game.
    ///
    /// # Errors
    /// `INVALID_DMN` ([`crate::ErrorKind::Notation`]) describing the first problem found.
    pub fn from_parts(p: &Parts) -> Result<DalMara> {
        let bad = |m: String| Error::notation(Code::InvalidDmn, m);
        let n: u8 = if p.four { 4 } else { 2 };
        if p.dealer >= n {
            return Err(bad(format!(
                "dealer seat {} is not a seat of the game",
                p.dealer
            )));
        }
        if p.next >= n {
            return Err(bad(format!(
                "next seat {} is not a seat of the game",
                p.next
            )));
        }
        if p.move_number > 52 {
            return Err(bad(format!("move number {} is above 52", p.move_number)));
        }
        let max_trick = if p.four { 13 } else { 26 };
        if p.trick_number == 0 || p.trick_number > max_trick {
            return Err(bad(format!(
                "trick number {} is not between 1 and {max_trick}",
                p.trick_number
            )));
        }
        if p.play_number > n {
            return Err(bad(format!("play number {} is above {n}", p.play_number)));
        }
        if p.trick.len() >= usize::from(n) {
            return Err(bad(format!(
                "a trick in progress holds at most {} cards",
                n - 1
            )));
        }
        if let Some(tt) = p.turup_trick {
            if !p.four || p.turup.is_none() || tt == 0 || tt > 13 || tt > p.trick_number {
                return Err(bad(format!("Turup trick '{tt}' is not valid here")));
            }
        }
        if p.ghoptes.len() > MAX_GHOPTES {
            return Err(bad(format!("more than {MAX_GHOPTES} Ghopte entries")));
        }
        let mut seen = CardSet::EMPTY;
        let mut take = |c: Card| -> Result<()> {
            if seen.contains(c) {
                return Err(Error::notation(
                    Code::InvalidDmn,
                    format!("card {} appears twice", c.format(Spelling::DalMara)),
                ));
            }
            seen.insert(c);
            Ok(())
        };
        let mut s = DalMara::create(p.four, p.dealer, p.rules)?;
        if p.hands.len() > usize::from(n) {
            return Err(bad("too many hands".into()));
        }
        for (i, h) in p.hands.iter().enumerate() {
            for &c in h {
                take(c)?;
            }
            let pile =
                Pile::from_slice(h).ok_or_else(|| bad(format!("hand {i} holds too many cards")))?;
            if let Some(slot) = s.hands.get_mut(i) {
                *slot = pile;
            }
        }
        if p.four {
            if !p.stacks.iter().all(Vec::is_empty) {
                return Err(bad("a four-player position has no stacks".into()));
            }
        } else {
            if p.stacks.len() > 8 {
                return Err(bad("more than 8 stacks".into()));
            }
            for (i, st) in p.stacks.iter().enumerate() {
                for &c in st {
                    take(c)?;
                }
                let pile = Stack::from_slice(st)
                    .ok_or_else(|| bad(format!("stack {i} holds too many cards")))?;
                if let Some(slot) = s.stacks.get_mut(i) {
                    *slot = pile;
                }
            }
        }
        for (i, &(seat, c)) in p.trick.iter().enumerate() {
            if seat >= n {
                return Err(bad(format!("trick seat {seat} is not a seat of the game")));
            }
            take(c)?;
            if let Some(slot) = s.trick.get_mut(i) {
                *slot = (seat, c);
            }
        }
        s.trick_len = u8::try_from(p.trick.len()).unwrap_or(0);
        if !p.play_orders.is_empty() {
            if p.play_orders.len() != p.trick.len() {
                return Err(bad(format!(
                    "{} play orders for {} trick cards",
                    p.play_orders.len(),
                    p.trick.len()
                )));
            }
            for ((&order, slot), position) in
                p.play_orders.iter().zip(&mut s.trick_skipped).zip(1u8..)
            {
                *slot = order.checked_sub(position).ok_or_else(|| {
                    bad(format!(
                        "trick card {position} has play order {order}, below its position"
                    ))
                })?;
            }
        }
        for (i, g) in p.ghoptes.iter().enumerate() {
            if g.seat >= n {
                return Err(bad("bad Ghopte entry".into()));
            }
            if let Some(slot) = s.ghoptes.get_mut(i) {
                *slot = *g;
            }
        }
        if !p.four && !p.ghoptes.is_empty() {
            return Err(bad("a two-player position has no Ghoptes".into()));
        }
        s.n_ghoptes = u8::try_from(p.ghoptes.len()).unwrap_or(0);
        if let Some((seat, _, _)) = p.detail {
            if seat >= n {
                return Err(bad("bad move detail".into()));
            }
        }
        s.turup = p.turup;
        s.turup_trick = if p.rules == Rules::Rulebook {
            p.turup_trick
        } else {
            None
        };
        s.move_number = p.move_number;
        s.trick_number = p.trick_number;
        s.play_number = p.play_number;
        s.lead = p.lead;
        s.is_ghopte = p.is_ghopte;
        s.detail = p.detail;
        s.next = p.next;
        s.rehash();
        Ok(s)
    }

    /// The parts of this position.
    #[must_use]
    pub fn parts(&self) -> Parts {
        let n = self.seats();
        Parts {
            four: self.four,
            rules: self.rules,
            dealer: self.dealer,
            turup: self.turup,
            turup_trick: self.turup_trick,
            ghoptes: self.ghoptes().to_vec(),
            hands: self.hands[..n]
                .iter()
                .map(|h| h.as_slice().to_vec())
                .collect(),
            stacks: if self.four {
                Vec::new()
            } else {
                self.stacks.iter().map(|h| h.as_slice().to_vec()).collect()
            },
            move_number: self.move_number,
            trick_number: self.trick_number,
            play_number: self.play_number,
            lead: self.lead,
            is_ghopte: self.is_ghopte,
            trick: self.trick_cards().to_vec(),
            play_orders: self.play_orders().collect(),
            detail: self.detail,
            next: self.next,
        }
    }

    /// This position under another rule set (switching to the engine drops the Turup trick).
    #[must_use]
    pub fn with_rules(&self, rules: Rules) -> DalMara {
        let mut s = self.clone();
        s.rules = rules;
        if rules == Rules::Engine {
            s.turup_trick = None;
        }
        s.rehash();
        s
    }

    /// This position with the tens and tricks counters cleared.
    #[must_use]
    pub fn without_counters(&self) -> DalMara {
        let mut s = self.clone();
        s.tens = [0; 4];
        s.tricks = [0; 4];
        s
    }

    /// This position as parsing its DMN gives it: the tens and tricks counters cleared, the
    /// trick cards' play orders renumbered 1, 2, … and the play seen forgotten (DMN holds none
    /// of them).
    #[must_use]
    pub fn as_reparsed(&self) -> DalMara {
        let mut s = self.without_counters();
        s.trick_skipped = [0; 4];
        s.seen = Seen::default();
        s
    }

    /// True when both hold the same position (the tens and tricks counters and the trick cards'
    /// play orders aside: DMN holds none of them and no rule reads them).
    #[must_use]
    pub fn same_position(&self, other: &DalMara) -> bool {
        self.as_reparsed() == other.as_reparsed()
    }

    /// Number of seats (4 or 2).
    #[must_use]
    pub fn seats(&self) -> usize {
        if self.four {
            4
        } else {
            2
        }
    }
    /// True for the four-player game.
    #[must_use]
    pub fn is_four(&self) -> bool {
        self.four
    }
    /// The rule set.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// The dealer.
    #[must_use]
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// The seat to act next (`nextMoveSeat`).
    #[must_use]
    pub fn next_seat(&self) -> u8 {
        self.next
    }
    /// The Turup suit.
    #[must_use]
    pub fn turup(&self) -> Option<Suit> {
        self.turup
    }
    /// The trick in which the 4p Turup was set (rulebook).
    #[must_use]
    pub fn turup_trick(&self) -> Option<u8> {
        self.turup_trick
    }
    /// The Ghopte entries.
    #[must_use]
    pub fn ghoptes(&self) -> &[Ghopte] {
        &self.ghoptes[..usize::from(self.n_ghoptes)]
    }
    /// The hand of `seat` in order.
    #[must_use]
    pub fn hand(&self, seat: usize) -> &[Card] {
        self.hands.get(seat).map_or(&[], Pile::as_slice)
    }
    /// Stack slot `slot` (0–7) bottom to top.
    #[must_use]
    pub fn stack(&self, slot: usize) -> &[Card] {
        self.stacks.get(slot).map_or(&[], Stack::as_slice)
    }
    /// Cards played so far.
    #[must_use]
    pub fn move_number(&self) -> u8 {
        self.move_number
    }
    /// The current trick's number.
    #[must_use]
    pub fn trick_number(&self) -> u8 {
        self.trick_number
    }
    /// The cards of the trick in progress.
    #[must_use]
    pub fn trick_cards(&self) -> &[(u8, Card)] {
        &self.trick[..usize::from(self.trick_len)]
    }
    /// The `playOrder` of each card of the trick in progress: its 1-based position, plus the
    /// entries the parsed DMN skipped before it (`DMN.md` §6). A card played here gets the
    /// number of cards in the trick once it is added (`RULES.md` §1.3), even where that repeats
    /// the order of a parsed card.
    pub fn play_orders(&self) -> impl Iterator<Item = u8> + '_ {
        self.trick_skipped[..usize::from(self.trick_len)]
            .iter()
            .zip(1u8..)
            .map(|(&skipped, position)| position.saturating_add(skipped))
    }
    /// Tens taken per seat since this state was built (not part of DMN).
    #[must_use]
    pub fn tens_taken(&self) -> [u8; 4] {
        self.tens
    }
    /// Tricks taken per seat since this state was built (not part of DMN).
    #[must_use]
    pub fn tricks_taken(&self) -> [u8; 4] {
        self.tricks
    }

    fn cards_hash(&self) -> u64 {
        let mut h = 0;
        for (i, p) in self.hands.iter().enumerate() {
            h ^= zobrist::of_set(F_HAND + i, p.mask().bits());
        }
        for (i, p) in self.stacks.iter().enumerate() {
            h ^= zobrist::of_set(F_STACK + i, p.mask().bits());
        }
        for (i, &(seat, c)) in self.trick_cards().iter().enumerate() {
            h ^= zobrist::feature(F_TRICK + i, usize::from(c.index()))
                ^ zobrist::feature(F_TRICK + i, 60 + usize::from(seat));
        }
        h
    }

    /// The fields a play changes, packed and mixed (`move_number` and the detail's seat are
    /// left out: equal positions still hash equal, and a play always changes the cards).
    fn misc_hash(&self) -> u64 {
        let opt = |o: Option<u8>| o.map_or(0, |v| u64::from(v) + 1);
        let (dc, dt) = self
            .detail
            .map_or((0, 0), |(_, c, t)| (u64::from(c.index()) + 1, u64::from(t)));
        let packed = u64::from(self.next)
            | opt(self.turup.map(Suit::index)) << 4
            | opt(self.turup_trick) << 8
            | opt(self.lead.map(Suit::index)) << 16
            | u64::from(self.trick_number) << 24
            | u64::from(self.play_number) << 32
            | u64::from(self.is_ghopte) << 40
            | dc << 48
            | dt << 56;
        // One SplitMix64 finaliser over the packed fields, keyed by a table entry.
        let mut z = packed ^ zobrist::key(F_MISC * 64 + 63);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The Ghopte entries.
    fn ghopte_hash(&self) -> u64 {
        let mut h = 0;
        for (i, g) in self.ghoptes().iter().enumerate() {
            let v = (usize::from(g.card.index()) ^ (usize::from(g.seat) << 4))
                + usize::from(g.resolved) * 7;
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let o = (g.order as usize).wrapping_mul(31);
            h ^= zobrist::key(F_GHOPTE * 64 + 2048 + i * 131 + v + o);
        }
        h
    }

    /// What never changes in play: dealer, mode and rule set.
    fn static_hash(&self) -> u64 {
        zobrist::feature(F_MISC, usize::from(self.dealer))
            ^ zobrist::feature(F_MISC, 18 + usize::from(self.four))
            ^ zobrist::feature(F_MISC, 20 + usize::from(self.rules == Rules::Engine))
    }

    /// Recompute the incremental part of the hash (everything but the play-dependent fields,
    /// which [`GameState::zobrist`] folds in on demand) from scratch.
    fn rehash(&mut self) {
        self.hash = self.cards_hash() ^ self.ghopte_hash() ^ self.static_hash();
    }

    fn full_hash(&self) -> u64 {
        self.cards_hash() ^ self.misc_hash() ^ self.ghopte_hash() ^ self.static_hash()
    }

    /// The hash recomputed from scratch (equals [`GameState::zobrist`] when the incremental
    /// updates are right).
    #[must_use]
    pub fn recomputed_hash(&self) -> u64 {
        self.full_hash()
    }

    /// A dealt game for simulation: dealer and deck from `seed`; in 2p the non-dealer declares
    /// the suit it holds most of (ties: spades, hearts, diamonds, clubs) and the stacks are dealt
    /// from the rest of the shuffled deck.
    ///
    /// # Errors
    /// None in practice (a shuffled full deck always deals).
    pub fn dealt(config: &DalMaraConfig, seed: u64) -> Result<DalMara> {
        let mut rng = Rng::new(seed);
        let n = if config.four { 4 } else { 2 };
        let dealer = u8::try_from(rng.below(n)).unwrap_or(0);
        let mut deck = crate::cards::deck52();
        shuffle(&mut deck, &mut rng);
        let mut s = DalMara::create(config.four, dealer, config.rules)?;
        if config.four {
            // What `deal_four` does once its checks pass (they do: a fresh game, the dealer
            // dealing, a shuffled full deck), without the checks and the copy.
            s.deal_four_cards(&deck, GhopteOrder::DealerLast);
            return Ok(s);
        }
        let d = Deck::Cards(&deck);
        let s = s.deal_two_hands(i64::from(dealer), d)?;
        let nd = s.next;
        let mut counts = [0u8; 4];
        for &c in s.hand(usize::from(nd)) {
            counts[usize::from(c.suit().index())] += 1;
        }
        let mut best = 0usize;
        for (i, &k) in counts.iter().enumerate() {
            if k > counts[best] {
                best = i;
            }
        }
        let s = s.declare_turup(i64::from(nd), Suit::ALL[best].name())?;
        s.deal_two_stacks(i64::from(dealer), Deck::Cards(&deck))
    }
}

impl GameState for DalMara {
    type Move = Move;
    type Config = DalMaraConfig;

    fn new(config: &DalMaraConfig, seed: u64) -> Result<Self> {
        DalMara::dealt(config, seed)
    }

    fn num_seats(&self) -> usize {
        self.seats()
    }

    fn to_move(&self) -> Option<Seat> {
        self.protocol_to_move()
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.protocol_moves(out);
    }

    fn apply(&self, mv: Move) -> Result<Self> {
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }

    fn play_unchecked(&mut self, mv: Self::Move) {
        let played = self.apply_mut(mv);
        debug_assert!(played.is_ok(), "an unlisted move: {mv:?}");
    }

    fn is_terminal(&self) -> bool {
        self.is_finished()
    }

    fn returns_into(&self, out: &mut [f32]) {
        let r = self.returns();
        for (o, v) in out.iter_mut().zip(r) {
            *o = v;
        }
    }

    fn winner(&self) -> Option<Seat> {
        if !self.is_terminal() {
            return None;
        }
        let r = self.returns();
        (0..self.seats())
            .find(|&i| r[i] > 0.75)
            .and_then(|i| Seat::try_from(i).ok())
    }

    fn zobrist(&self) -> u64 {
        self.hash ^ self.misc_hash()
    }
}
impl DalMara {
    /// Apply `mv` in place, checked against the rules; on a refusal `self` is unchanged.
    ///
    /// # Errors
    /// An illegal-move error when `mv` is not legal here.
    pub fn apply_mut(&mut self, mv: Move) -> Result<()> {
        self.apply_move(mv)
    }
}

impl FastPlayout for DalMara {
    fn random_moves_in_place(&mut self, rng: &mut Rng, max: u32) -> u32 {
        self.random_plays_four(rng, max)
    }
}

#[cfg(test)]
mod tests;
