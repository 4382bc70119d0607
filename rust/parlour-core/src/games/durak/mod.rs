//! Durak (podkidnoy, "throw-in"), exactly as Game-Durak 0.01 (Perl, LNATION) referees it, plus
//! 3–6 seats and the perevodnoy (transfer) variant as options.
//!
//! Rules source: `shared/specs/durak/` (RULES.md, ENGINE.md).
//!
//! Some notes on this implementation:
//!
//! * Cards are the shared [`Card`]s and hands [`CardSet`]s; the reference numbers the cards
//!   1..=36 ace high (`AS` 1 … `6S` 9, `AH` 10 … `6C` 36: [`Card::ace_high_id`]), and every list
//!   (legal moves, hands in views and parts) comes out in that order
//!   ([`CardSet::iter_ace_high`]). Ids cross the boundary: parts, the action space, the API.
//! * The deal is the reference's SHA-256 Fisher–Yates ([`crate::rng::sha256_shuffle`]) of the
//!   36 ids, dealt one card at a time from seat 1 ([`rules::order_for`], [`rules::deal_order`]).
//! * [`Durak`] is a position; [`Durak::play`] and [`Durak::apply_seat`] check refusals in the
//!   reference's order and run the forced-position procedure after every move, writing the
//!   reference's events ([`Event`]).
//! * Several seats: the attacker leads, every other seat but the defender may throw in, in turn
//!   order; a `done` passes to the next thrower and the bout ends when every thrower has passed.
//!   Refill runs attacker, other throwers, defender; after a beaten-off bout the defender attacks,
//!   after a taken one the seat after the defender. The last seat holding cards is the fool.
//! * Perevodnoy: before any card is beaten, a defender may `transfer` with a card of the rank of
//!   every attack card when the next seat can hold the enlarged attack; the cap is recomputed for
//!   the new defender.
//! * The position text is read and written in `parlour.durak.notation`; what crosses is a
//!   [`Parts`], which [`Durak::from_parts`] checks (an impossible position is
//!   `IMPOSSIBLE_POSITION`).
//! * Files: [`rules`] (the pure rules functions, the [`Bout`], the deal, legal moves and the
//!   transitions), [`view`] (what each seat sees, and the resamples), [`bot`] (the greedy
//!   player and a determinised Monte Carlo bot), [`record`] (the moves of a game, from which
//!   the reference's event log is written again when asked for).

pub mod bot;
pub mod record;
pub mod rules;
pub mod view;

pub use record::Record;
pub use rules::{Bout, How, Outcome};

use crate::cards::{Card, CardSet, Spelling, Suit};
use crate::error::{Error, Result};
use crate::game::{GameState, Seat};
use crate::view::Value;
use crate::zobrist::feature;
use rules::{cap_for, Deal};

crate::codes! {
    /// Durak's error codes (beside [`crate::Common`]'s): the reference's refusals upper-cased,
    /// then what parlour adds (the transfer, the seat counts, the rules functions, the bot).
    pub enum Code {
        /// A seed that is not exactly 32 bytes.
        NoSeed = "NO_SEED",
        /// A deal number that is not a positive integer.
        BadDeal = "BAD_DEAL",
        /// A seat count outside 2-6.
        BadSeats = "BAD_SEATS",
        /// A variant other than podkidnoy or perevodnoy.
        BadVariant = "BAD_VARIANT",
        /// A move after the end of the deal.
        GameOver = "GAME_OVER",
        /// A move by a seat that is not on turn (or no seat).
        NotYourTurn = "NOT_YOUR_TURN",
        /// A move kind the rules do not offer.
        NotLegal = "NOT_LEGAL",
        /// A move that does not fit the stage of the bout.
        WrongPhase = "WRONG_PHASE",
        /// A card the seat does not hold.
        CardNotHeld = "CARD_NOT_HELD",
        /// An attack beyond the bout's cap.
        BoutFull = "BOUT_FULL",
        /// A throw-in of a rank not on the table.
        RankNotInBout = "RANK_NOT_IN_BOUT",
        /// An answer that does not beat the waiting attack card.
        BeatsNothing = "BEATS_NOTHING",
        /// `done` before any card is thrown.
        MustAttack = "MUST_ATTACK",
        /// An exchange by a seat without the trump six's right.
        NotTheSix = "NOT_THE_SIX",
        /// An exchange after the turn-up was drawn.
        TalonShut = "TALON_SHUT",
        /// A transfer the perevodnoy rules refuse.
        CannotTransfer = "CANNOT_TRANSFER",
        /// A seat that is not one (1-based API).
        BadSeat = "BAD_SEAT",
        /// A card id outside 1-36.
        NoCard = "NO_CARD",
        /// A suit that is not one.
        NoSuit = "NO_SUIT",
        /// A card count that is not a non-negative integer.
        BadCount = "BAD_COUNT",
        /// A hand size that is not a non-negative integer.
        BadSize = "BAD_SIZE",
        /// A bout of the rules functions that cannot be.
        BadBout = "BAD_BOUT",
        /// `apply_index` outside the legal moves.
        BadIndex = "BAD_INDEX",
        /// A bot level outside 1-3.
        BadLevel = "BAD_LEVEL",
        /// A bot seed outside 0..2**64-1.
        BadSeed = "BAD_SEED",
        /// An unknown opponent of a bot match.
        BadOpponent = "BAD_OPPONENT",
        /// Malformed position text.
        BadNotation = "BAD_NOTATION",
        /// Parts of a position that no game reaches.
        ImpossiblePosition = "IMPOSSIBLE_POSITION",
    }
}

/// The rule variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Throw-in durak, the reference's only variant.
    #[default]
    Podkidnoy,
    /// Transfer durak: a defender may pass the attack on with a card of the attacked rank.
    Perevodnoy,
}

impl Variant {
    /// `podkidnoy` or `perevodnoy`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::Podkidnoy => "podkidnoy",
            Variant::Perevodnoy => "perevodnoy",
        }
    }
    /// Parse a variant name.
    ///
    /// # Errors
    /// `BAD_VARIANT` for anything else.
    pub fn parse(text: &str) -> Result<Variant> {
        match text {
            "podkidnoy" => Ok(Variant::Podkidnoy),
            "perevodnoy" => Ok(Variant::Perevodnoy),
            _ => Err(Error::config(
                Code::BadVariant,
                format!("variant must be podkidnoy or perevodnoy, not {text:?}"),
            )),
        }
    }
}

/// Options of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DurakConfig {
    /// Number of seats, 2..=6 (the reference plays 2).
    pub seats: u8,
    /// The rule variant.
    pub variant: Variant,
}

impl Default for DurakConfig {
    fn default() -> Self {
        DurakConfig {
            seats: 2,
            variant: Variant::Podkidnoy,
        }
    }
}

/// A move kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Lead or throw in a card.
    Attack,
    /// Answer the first unbeaten attack card.
    Beat,
    /// Perevodnoy only: pass the attack on with a card of the attacked rank.
    Transfer,
    /// Pick the table up.
    Take,
    /// Stop attacking (or piling on).
    Done,
    /// Exchange the trump six for the turn-up.
    Swap,
    /// Give up: the resigning seat is the fool.
    Resign,
}

impl Kind {
    /// The reference's spelling.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Attack => "attack",
            Kind::Beat => "beat",
            Kind::Transfer => "transfer",
            Kind::Take => "take",
            Kind::Done => "done",
            Kind::Swap => "swap",
            Kind::Resign => "resign",
        }
    }
    /// Parse a kind name (`None` for an unknown one).
    #[must_use]
    pub fn parse(text: &str) -> Option<Kind> {
        Some(match text {
            "attack" => Kind::Attack,
            "beat" => Kind::Beat,
            "transfer" => Kind::Transfer,
            "take" => Kind::Take,
            "done" => Kind::Done,
            "swap" => Kind::Swap,
            "resign" => Kind::Resign,
            _ => return None,
        })
    }
    /// True for the kinds that carry a card.
    #[must_use]
    pub fn has_card(self) -> bool {
        matches!(self, Kind::Attack | Kind::Beat | Kind::Transfer)
    }
}

/// A move: a kind and, for attack/beat/transfer, a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The kind.
    pub kind: Kind,
    /// The card, `None` for kinds without a card.
    pub card: Option<Card>,
}

impl Move {
    /// A move without a card.
    #[must_use]
    pub fn plain(kind: Kind) -> Move {
        Move { kind, card: None }
    }
    /// A move with a card.
    #[must_use]
    pub fn with(kind: Kind, card: Card) -> Move {
        Move {
            kind,
            card: Some(card),
        }
    }
    /// The card's id (1..=36, [`Card::ace_high_id`]), 0 without one.
    #[must_use]
    pub fn card_id(self) -> u8 {
        self.card.map_or(0, Card::ace_high_id)
    }
    /// The move's index in the fixed action space of [`ACTION_SPACE`] actions: attack
    /// 0..=35, beat 36..=71, transfer 72..=107 (card id − 1), take 108, done 109, swap 110;
    /// resign is 111, outside the space.
    #[must_use]
    pub fn action(self) -> u16 {
        let c = u16::from(self.card_id()).saturating_sub(1);
        match self.kind {
            Kind::Attack => c,
            Kind::Beat => 36 + c,
            Kind::Transfer => 72 + c,
            Kind::Take => 108,
            Kind::Done => 109,
            Kind::Swap => 110,
            Kind::Resign => 111,
        }
    }
    /// The move of an action index ([`Move::action`]); 111 and above are resign.
    #[must_use]
    pub fn of_action(action: u16) -> Move {
        let card = u8::try_from(action % 36 + 1)
            .ok()
            .and_then(Card::from_ace_high_id)
            .unwrap_or(Card::PLACEHOLDER);
        match action {
            0..=35 => Move::with(Kind::Attack, card),
            36..=71 => Move::with(Kind::Beat, card),
            72..=107 => Move::with(Kind::Transfer, card),
            108 => Move::plain(Kind::Take),
            109 => Move::plain(Kind::Done),
            110 => Move::plain(Kind::Swap),
            _ => Move::plain(Kind::Resign),
        }
    }
}

/// Size of Durak's fixed action space ([`Move::action`]; Python's `ACTION_SPACE`).
pub const ACTION_SPACE: usize = 111;

/// A move packs as its action index.
impl crate::lazy::Packed for Move {
    fn pack(self) -> u16 {
        self.action()
    }
    fn unpack(bits: u16) -> Move {
        Move::of_action(bits)
    }
}

/// The phase, derived from the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The attacker (or a thrower) is to throw or stop.
    Attack,
    /// The defender must answer an attack card.
    Defend,
    /// The defender took; throwers may pile on.
    PileOn,
    /// The game is over (or no bout is open).
    Over,
}

impl Phase {
    /// The reference's spelling.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Attack => "attack",
            Phase::Defend => "defend",
            Phase::PileOn => "pile_on",
            Phase::Over => "over",
        }
    }
}

/// What the table did (seats are 0-based here and 1-based in JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move (attack, beat, transfer carry a card).
    Move {
        /// The kind.
        kind: Kind,
        /// The seat.
        seat: u8,
        /// The card (`None` for the kinds without one).
        card: Option<Card>,
    },
    /// A bout closed.
    BoutEnd {
        /// Whether the defender took.
        taken: bool,
        /// How it closed.
        how: How,
        /// Number of table cards.
        cards: u8,
        /// The discard count after it.
        discard: u8,
        /// The next attacker.
        next_attacker: u8,
    },
    /// The refill after a bout.
    Refill {
        /// Cards drawn per seat.
        drawn: [u8; 6],
        /// Number of seats.
        seats: u8,
        /// Cards left in the talon.
        talon: u8,
    },
    /// A seat went out.
    Out {
        /// The seat.
        seat: u8,
    },
    /// The game ended.
    GameEnd {
        /// The result.
        outcome: Outcome,
        /// Number of seats.
        seats: u8,
    },
}

/// Where the events of a move go: a vector that keeps them, or an [`EventCount`] (the paths
/// that only need the number, for `ply`).
pub trait EventSink {
    /// Take one event.
    fn push(&mut self, event: Event);
    /// Events taken so far.
    fn count(&self) -> usize;
}

impl EventSink for Vec<Event> {
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// Counts events without keeping them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EventCount(pub usize);

impl EventSink for EventCount {
    fn push(&mut self, _event: Event) {
        self.0 += 1;
    }
    fn count(&self) -> usize {
        self.0
    }
}

/// A Durak position. Seats are 0-based inside the core.
///
/// Equality compares the position: every field but `lacks`, which records what the play so far
/// showed (like the voids of a trick-taking play) and is neither hashed nor in the notation.
#[derive(Clone, Debug)]
pub struct Durak {
    pub(crate) seats: u8,
    pub(crate) variant: Variant,
    pub(crate) trump: Suit,
    pub(crate) trump_card: Card,
    pub(crate) hands: [CardSet; 6],
    /// The talon, stored back to front: index 0 is the last card to be drawn (the turn-up).
    pub(crate) talon: [Card; 36],
    pub(crate) tlen: u8,
    pub(crate) discard: u8,
    /// The discarded cards (public: they were played face up).
    pub(crate) heap: CardSet,
    pub(crate) bout: Option<Bout>,
    pub(crate) six_owner: Option<u8>,
    pub(crate) result: Option<Outcome>,
    /// Seats that are out (bit per seat).
    pub(crate) out: u8,
    /// Cards each seat is publicly known to hold (picked up, or the exchanged turn-up).
    pub(crate) known: [CardSet; 6],
    /// Cards each seat has been shown not to hold since it last drew: a forced pass (no card
    /// of the table's ranks, no exchange) or a forced take (no card that beats, transfers or
    /// exchanges) adds them; drawing a card forgets them. Not part of equality, the hash or
    /// the notation (a position read from notation starts with none).
    pub(crate) lacks: [CardSet; 6],
    /// Number of events so far (the reference's `ply`, `#history`).
    pub(crate) ply: u32,
    /// Bouts in a row taken with nobody drawing (three or more seats: the stall rule).
    pub(crate) stall: u8,
    /// The Zobrist features of the cards in place (hands, talon, table), kept as moves are
    /// made; [`Durak::hash`] adds the rest ([`Durak::meta_hash`]) when it is read.
    pub(crate) hash: u64,
}

impl PartialEq for Durak {
    fn eq(&self, o: &Self) -> bool {
        self.seats == o.seats
            && self.variant == o.variant
            && self.trump == o.trump
            && self.trump_card == o.trump_card
            && self.hands == o.hands
            && self.talon == o.talon
            && self.tlen == o.tlen
            && self.discard == o.discard
            && self.heap == o.heap
            && self.bout == o.bout
            && self.six_owner == o.six_owner
            && self.result == o.result
            && self.out == o.out
            && self.known == o.known
            && self.ply == o.ply
            && self.stall == o.stall
            && self.hash == o.hash
    }
}

impl Eq for Durak {}

pub(crate) const F_TALON: usize = 8;
pub(crate) const F_ATTACK: usize = 44;
pub(crate) const F_BEAT: usize = 50;
const F_META: usize = 56;

/// With three or more seats, a deal in which this many bouts in a row are taken without anybody
/// drawing a card is drawn (cards could otherwise go round the table for ever: a beaten-off
/// bout discards cards and a draw shrinks the talon, so only such bouts can repeat without end).
/// Two seats never stall: after a take the same seat attacks again and runs out of cards.
pub const STALL_LIMIT: u8 = 50;

impl Durak {
    /// Build a game from a seed (exactly 32 bytes) and a deal number (a positive integer string).
    ///
    /// # Errors
    /// `NO_SEED`, `BAD_DEAL`, `BAD_SEATS`, checked in that order.
    pub fn new(seed: &[u8], number: &str, config: DurakConfig) -> Result<Durak> {
        let d = rules::deal_for(seed, number, config.seats)?;
        Ok(Self::from_deal(&d, config.variant))
    }

    /// The game dealt by `d`, first bout open.
    #[must_use]
    pub fn from_deal(d: &Deal, variant: Variant) -> Durak {
        let seats = u8::try_from(d.hands.len().clamp(2, 6)).unwrap_or(2);
        let mut hands = [CardSet::EMPTY; 6];
        for (h, &x) in hands.iter_mut().zip(&d.hands) {
            *h = x;
        }
        let mut talon = [Card::PLACEHOLDER; 36];
        for (slot, &c) in talon.iter_mut().zip(d.talon.iter().rev()) {
            *slot = c;
        }
        let six = rules::six_of(d.trump);
        let six_owner = (0..seats).find(|&s| hands[usize::from(s)].contains(six));
        let mut known = [CardSet::EMPTY; 6];
        if d.talon.is_empty() {
            // Six seats: the turn-up is the last card dealt, shown face up in its holder's hand.
            for (k, &h) in known.iter_mut().zip(&hands) {
                *k = h.intersection(CardSet::from_cards(&[d.trump_card]));
            }
        }
        let first = d.first.min(seats - 1);
        let defender = (first + 1) % seats;
        let cap = cap_for(hands[usize::from(defender)].len() as usize);
        let mut g = Durak {
            seats,
            variant,
            trump: d.trump,
            trump_card: d.trump_card,
            hands,
            talon,
            tlen: u8::try_from(d.talon.len().min(36)).unwrap_or(0),
            discard: 0,
            heap: CardSet::EMPTY,
            bout: Some(Bout::new(first, defender, cap)),
            six_owner,
            result: None,
            out: 0,
            known,
            lacks: [CardSet::EMPTY; 6],
            ply: 0,
            stall: 0,
            hash: 0,
        };
        g.hash = g.card_hash();
        g
    }

    // ----- accessors ---------------------------------------------------------------------

    /// Number of seats.
    #[must_use]
    pub fn seats(&self) -> u8 {
        self.seats
    }
    /// The rule variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// The trump suit index.
    #[must_use]
    pub fn trump(&self) -> Suit {
        self.trump
    }
    /// The current turn-up (the six after an exchange); kept after it has been drawn.
    #[must_use]
    pub fn trump_card(&self) -> Card {
        self.trump_card
    }
    /// The hand of `seat`.
    #[must_use]
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands
            .get(usize::from(seat))
            .copied()
            .unwrap_or_default()
    }
    /// Number of cards `seat` holds.
    #[must_use]
    pub fn count(&self, seat: u8) -> usize {
        self.hand(seat).len() as usize
    }
    /// The talon in draw order (front first, turn-up last).
    #[must_use]
    pub fn talon(&self) -> Vec<Card> {
        self.talon[..usize::from(self.tlen)]
            .iter()
            .rev()
            .copied()
            .collect()
    }
    /// Cards left in the talon.
    #[must_use]
    pub fn talon_left(&self) -> usize {
        usize::from(self.tlen)
    }
    /// The discard count.
    #[must_use]
    pub fn discard(&self) -> u8 {
        self.discard
    }
    /// The discarded cards (public record).
    #[must_use]
    pub fn heap(&self) -> CardSet {
        self.heap
    }
    /// The open bout.
    #[must_use]
    pub fn bout(&self) -> Option<&Bout> {
        self.bout.as_ref()
    }
    /// The seat that may exchange the trump six (if it still holds it and the turn-up is left).
    #[must_use]
    pub fn six_owner(&self) -> Option<u8> {
        self.six_owner
    }
    /// The result, once over.
    #[must_use]
    pub fn result(&self) -> Option<Outcome> {
        self.result
    }
    /// True when the game is over.
    #[must_use]
    pub fn over(&self) -> bool {
        self.result.is_some()
    }
    /// Seats that are out (bit per seat).
    #[must_use]
    pub fn out_mask(&self) -> u8 {
        self.out
    }
    /// Cards publicly known to be in `seat`'s hand.
    #[must_use]
    pub fn known(&self, seat: u8) -> CardSet {
        self.known
            .get(usize::from(seat))
            .copied()
            .unwrap_or_default()
    }
    /// Cards `seat` has been shown not to hold since it last drew (see the field's doc).
    #[must_use]
    pub fn lacks(&self, seat: u8) -> CardSet {
        self.lacks
            .get(usize::from(seat))
            .copied()
            .unwrap_or_default()
    }
    /// Number of events written so far.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }
    /// Bouts in a row taken with nobody drawing (see [`STALL_LIMIT`]).
    #[must_use]
    pub fn stall(&self) -> u8 {
        self.stall
    }
    /// The Zobrist hash.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash ^ self.meta_hash()
    }
    /// The trump six.
    #[must_use]
    pub fn six_of_trumps(&self) -> Card {
        rules::six_of(self.trump)
    }
    /// True while the current turn-up is still in the talon.
    #[must_use]
    pub fn turn_up_left(&self) -> bool {
        self.talon[..usize::from(self.tlen)].contains(&self.trump_card)
    }
    /// `can_swap(seat)` (does not check the turn).
    #[must_use]
    pub fn can_swap(&self, seat: u8) -> bool {
        !self.over()
            && self.six_owner == Some(seat)
            && self.hand(seat).contains(self.six_of_trumps())
            && self.turn_up_left()
    }

    // ----- hashing --------------------------------------------------------------------------

    /// The hash of everything that is not a card-in-place feature.
    fn meta_hash(&self) -> u64 {
        let m = F_META;
        let mut h = feature(m, usize::from(self.trump.index()))
            ^ feature(m + 1, key(self.trump_card))
            ^ feature(m + 2, usize::from(self.discard))
            ^ feature(m + 3, self.six_owner.map_or(63, usize::from))
            ^ feature(
                m + 4,
                match self.result {
                    None => 0,
                    Some(Outcome::Draw) => 1,
                    Some(Outcome::Fool(s)) => 2 + usize::from(s),
                    Some(Outcome::Resign(s)) => 10 + usize::from(s),
                },
            )
            ^ feature(m + 5, usize::from(self.out))
            ^ feature(m + 6, usize::from(self.seats))
            ^ feature(m + 7, usize::from(self.variant == Variant::Perevodnoy))
            ^ feature(m + 15, usize::from(self.stall));
        match &self.bout {
            None => h ^= feature(m + 8, 0),
            Some(b) => {
                h ^= feature(m + 8, 1)
                    ^ feature(m + 9, usize::from(b.attacker))
                    ^ feature(m + 10, usize::from(b.defender))
                    ^ feature(m + 11, usize::from(b.cap))
                    ^ feature(m + 12, usize::from(b.taken))
                    ^ feature(m + 13, usize::from(b.passed))
                    ^ feature(m + 14, usize::from(b.chose_done));
            }
        }
        h
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    #[must_use]
    pub fn full_hash(&self) -> u64 {
        self.card_hash() ^ self.meta_hash()
    }

    /// The card features of the hash computed from scratch: what the `hash` field holds.
    #[must_use]
    pub(crate) fn card_hash(&self) -> u64 {
        let mut h = 0;
        for s in 0..usize::from(self.seats) {
            for c in self.hands[s] {
                h ^= feature(s, key(c));
            }
        }
        for p in 0..usize::from(self.tlen) {
            h ^= feature(F_TALON + p, key(self.talon[p]));
        }
        if let Some(b) = &self.bout {
            for i in 0..b.size() {
                h ^= feature(F_ATTACK + i, key(b.attacks[i]));
                if let Some(c) = b.beats[i] {
                    h ^= feature(F_BEAT + i, key(c));
                }
            }
        }
        h
    }
}

/// A card's Zobrist value: its id (0 for the placeholder of an empty slot).
pub(crate) fn key(c: Card) -> usize {
    usize::from(c.ace_high_id())
}

fn impossible(message: impl Into<String>) -> Error {
    Error::invalid_state(Code::ImpossiblePosition, message)
}

/// The parts of a bout as [`Parts`] holds them (seats 1-based, cards by id).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoutParts {
    /// The attacker.
    pub attacker: i64,
    /// The defender.
    pub defender: i64,
    /// The cap fixed when the bout opened.
    pub cap: i64,
    /// Whether the defender took.
    pub taken: bool,
    /// The throwers who passed since the last card.
    pub passed: Vec<i64>,
    /// Whether one of those passes was a chosen `done`.
    pub chose_done: bool,
    /// The attack cards, in order.
    pub attacks: Vec<i64>,
    /// The answer to each attack card, None while unanswered.
    pub beats: Vec<Option<i64>>,
}

/// A position's parts, as `parlour.durak.notation.Parts` holds them: what the notation writes
/// (seats 1-based, cards by id), not yet checked. [`Durak::from_parts`] checks them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// Number of seats.
    pub seats: i64,
    /// `podkidnoy` or `perevodnoy`.
    pub variant: String,
    /// The trump suit (0 spades, 1 hearts, 2 diamonds, 3 clubs).
    pub trump: i64,
    /// The current turn-up (the six after an exchange).
    pub trump_card: i64,
    /// The seat with the exchange right.
    pub owner: Option<i64>,
    /// The discard count.
    pub discard: i64,
    /// The discarded cards.
    pub heap: Vec<i64>,
    /// The talon in draw order, turn-up last.
    pub talon: Vec<i64>,
    /// Each seat's cards.
    pub hands: Vec<Vec<i64>>,
    /// The open bout.
    pub bout: Option<BoutParts>,
    /// Per seat, the cards it is publicly known to hold.
    pub known: Vec<Vec<i64>>,
    /// The seats out.
    pub out: Vec<i64>,
    /// `fool`, `draw` or `resign` once over.
    pub outcome: Option<String>,
    /// The fool (or the seat that resigned).
    pub fool: Option<i64>,
    /// Events so far.
    pub ply: i64,
    /// Bouts in a row taken with nobody drawing.
    pub stall: i64,
}

impl Parts {
    /// The parts as plain data, a map of the fields by name (lists for the sequences), for
    /// the binding to hand to `parlour.durak.notation`.
    #[must_use]
    pub fn value(&self) -> Value {
        let ints = |v: &[i64]| Value::ints(v.iter().copied());
        let opt = |v: Option<i64>| v.map_or(Value::Null, Value::Int);
        let lists = |v: &[Vec<i64>]| Value::List(v.iter().map(|h| ints(h)).collect());
        let bout = self.bout.as_ref().map_or(Value::Null, |b| {
            Value::Map(vec![
                ("attacker".into(), Value::Int(b.attacker)),
                ("defender".into(), Value::Int(b.defender)),
                ("cap".into(), Value::Int(b.cap)),
                ("taken".into(), Value::Bool(b.taken)),
                ("passed".into(), ints(&b.passed)),
                ("chose_done".into(), Value::Bool(b.chose_done)),
                ("attacks".into(), ints(&b.attacks)),
                (
                    "beats".into(),
                    Value::List(b.beats.iter().map(|&c| opt(c)).collect()),
                ),
            ])
        });
        Value::Map(vec![
            ("seats".into(), Value::Int(self.seats)),
            ("variant".into(), Value::Str(self.variant.clone())),
            ("trump".into(), Value::Int(self.trump)),
            ("trump_card".into(), Value::Int(self.trump_card)),
            ("owner".into(), opt(self.owner)),
            ("discard".into(), Value::Int(self.discard)),
            ("heap".into(), ints(&self.heap)),
            ("talon".into(), ints(&self.talon)),
            ("hands".into(), lists(&self.hands)),
            ("bout".into(), bout),
            ("known".into(), lists(&self.known)),
            ("out".into(), ints(&self.out)),
            (
                "outcome".into(),
                self.outcome.clone().map_or(Value::Null, Value::Str),
            ),
            ("fool".into(), opt(self.fool)),
            ("ply".into(), Value::Int(self.ply)),
            ("stall".into(), Value::Int(self.stall)),
        ])
    }
}

fn card_id(c: i64, what: &str) -> Result<Card> {
    rules::card_of(c).ok_or_else(|| impossible(format!("{what}: {c} is no card id")))
}

fn set_of(cards: &[i64], what: &str) -> Result<CardSet> {
    let mut m = CardSet::EMPTY;
    for &c in cards {
        let card = card_id(c, what)?;
        if m.contains(card) {
            return Err(impossible(format!(
                "{what}: {} appears twice",
                card.format(Spelling::RankSuit)
            )));
        }
        m.insert(card);
    }
    Ok(m)
}

fn seat_in(s: i64, seats: u8, what: &str) -> Result<u8> {
    u8::try_from(s)
        .ok()
        .filter(|x| (1..=seats).contains(x))
        .map(|x| x - 1)
        .ok_or_else(|| impossible(format!("{what}: {s} is not a seat from 1 to {seats}")))
}

fn seat_mask(list: &[i64], seats: u8, what: &str) -> Result<u8> {
    let mut m = 0u8;
    for &s in list {
        m |= 1 << seat_in(s, seats, what)?;
    }
    Ok(m)
}

fn number<T: TryFrom<i64>>(n: i64, what: &str) -> Result<T> {
    T::try_from(n).map_err(|_| impossible(format!("{what}: {n} is out of range")))
}

fn seat_list(mask: u8, seats: u8) -> Vec<i64> {
    (0..seats)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s| i64::from(s) + 1)
        .collect()
}

/// The ids of `cards` in id order.
pub(crate) fn id_list(cards: CardSet) -> Vec<i64> {
    cards
        .iter_ace_high()
        .map(|c| i64::from(c.ace_high_id()))
        .collect()
}

fn bout_of(p: &BoutParts, seats: u8) -> Result<Bout> {
    let attacker = seat_in(p.attacker, seats, "bout attacker")?;
    let defender = seat_in(p.defender, seats, "bout defender")?;
    if attacker == defender {
        return Err(impossible("a bout wants two different seats"));
    }
    let cap: u8 = number(p.cap, "bout cap")?;
    if !(1..=6).contains(&cap) {
        return Err(impossible(format!(
            "a bout wants a cap of one to six, not {cap}"
        )));
    }
    let mut b = Bout::new(attacker, defender, cap);
    b.taken = p.taken;
    b.chose_done = p.chose_done;
    b.passed = seat_mask(&p.passed, seats, "bout passed")?;
    if p.attacks.len() > 6 {
        return Err(impossible("a bout holds at most six attack cards"));
    }
    if p.beats.len() != p.attacks.len() {
        return Err(impossible(
            "a bout wants one answer (or none) per attack card",
        ));
    }
    let mut open = false;
    for (i, (&a, &d)) in p.attacks.iter().zip(&p.beats).enumerate() {
        b.attacks[i] = card_id(a, "bout attack")?;
        b.beats[i] = match d {
            None => {
                open = true;
                None
            }
            Some(_) if open => {
                return Err(impossible(
                    "bout: an answer after an unanswered attack card",
                ))
            }
            Some(c) => Some(card_id(c, "bout answer")?),
        };
    }
    b.len = u8::try_from(p.attacks.len()).unwrap_or(6);
    Ok(b)
}

impl Durak {
    /// The position's parts (what its notation writes): cards of a set in id order, the
    /// talon in draw order, seats 1-based.
    #[must_use]
    pub fn parts(&self) -> Parts {
        let n = usize::from(self.seats);
        let bout = self.bout.as_ref().map(|b| {
            let k = b.size();
            BoutParts {
                attacker: i64::from(b.attacker) + 1,
                defender: i64::from(b.defender) + 1,
                cap: i64::from(b.cap),
                taken: b.taken,
                passed: seat_list(b.passed, self.seats),
                chose_done: b.chose_done,
                attacks: b.attacks[..k]
                    .iter()
                    .map(|c| i64::from(c.ace_high_id()))
                    .collect(),
                beats: b.beats[..k]
                    .iter()
                    .map(|c| c.map(|c| i64::from(c.ace_high_id())))
                    .collect(),
            }
        });
        Parts {
            seats: i64::from(self.seats),
            variant: self.variant.as_str().to_string(),
            trump: i64::from(self.trump.index()),
            trump_card: i64::from(self.trump_card.ace_high_id()),
            owner: self.six_owner.map(|s| i64::from(s) + 1),
            discard: i64::from(self.discard),
            heap: id_list(self.heap),
            talon: self
                .talon()
                .into_iter()
                .map(|c| i64::from(c.ace_high_id()))
                .collect(),
            hands: self.hands[..n].iter().map(|&h| id_list(h)).collect(),
            bout,
            known: self.known[..n].iter().map(|&h| id_list(h)).collect(),
            out: seat_list(self.out, self.seats),
            outcome: self.result.map(|o| o.as_str().to_string()),
            fool: self
                .result
                .and_then(Outcome::fool)
                .map(|s| i64::from(s) + 1),
            ply: i64::from(self.ply),
            stall: i64::from(self.stall),
        }
    }

    /// The position of `p`, checked: every card in at most one place, the bout and the result
    /// possible, the seats out holding nothing (no forced-position resolution is run: the
    /// position is as given).
    ///
    /// # Errors
    /// `IMPOSSIBLE_POSITION` (an `InvalidStateError`) for parts no game reaches.
    pub fn from_parts(p: &Parts) -> Result<Durak> {
        let seats: u8 = number(p.seats, "seats")?;
        if !(2..=6).contains(&seats) {
            return Err(impossible("durak is for two to six seats"));
        }
        let n = usize::from(seats);
        let variant = Variant::parse(&p.variant)
            .map_err(|_| impossible("variant: podkidnoy or perevodnoy"))?;
        let trump: u8 = number(p.trump, "trump")?;
        let Some(trump) = Suit::from_index(trump) else {
            return Err(impossible(format!("trump: {trump} is not a suit")));
        };
        let trump_card = card_id(p.trump_card, "card")?;
        if trump_card.suit() != trump {
            return Err(impossible("the turn-up is not of the trump suit"));
        }
        let owner = p.owner.map(|s| seat_in(s, seats, "owner")).transpose()?;
        let discard: u8 = number(p.discard, "discard")?;
        let heap = set_of(&p.heap, "heap")?;
        let talon_list: Vec<Card> = p
            .talon
            .iter()
            .map(|&c| card_id(c, "talon"))
            .collect::<Result<_>>()?;
        if p.hands.len() != n || p.known.len() != n {
            return Err(impossible(format!("hands and known need {n} seats")));
        }
        let mut hands = [CardSet::EMPTY; 6];
        let mut known = [CardSet::EMPTY; 6];
        for s in 0..n {
            hands[s] = set_of(&p.hands[s], "hands")?;
            known[s] = set_of(&p.known[s], "known")?;
            if !known[s].difference(hands[s]).is_empty() {
                return Err(impossible("a known card is not in that hand"));
            }
        }
        let bout = p.bout.as_ref().map(|b| bout_of(b, seats)).transpose()?;
        let out = seat_mask(&p.out, seats, "out")?;
        let fool = p.fool.map(|s| seat_in(s, seats, "result")).transpose()?;
        let result = match (p.outcome.as_deref(), fool) {
            (None, None) => None,
            (Some("draw"), None) => Some(Outcome::Draw),
            (Some("fool"), Some(s)) => Some(Outcome::Fool(s)),
            (Some("resign"), Some(s)) => Some(Outcome::Resign(s)),
            _ => return Err(impossible("result: fool:S, resign:S or draw")),
        };
        let ply: u32 = number(p.ply, "ply")?;
        let stall: u8 = number(p.stall, "stall")?;
        // Every card in at most one place.
        let mut seen = heap;
        let mut place = |m: CardSet| -> Result<()> {
            let twice = seen.intersection(m);
            if !twice.is_empty() {
                return Err(impossible(format!(
                    "{} is in two places",
                    cards_text(twice)
                )));
            }
            seen = seen.union(m);
            Ok(())
        };
        for h in &hands[..n] {
            place(*h)?;
        }
        for &c in &talon_list {
            place(CardSet::from_cards(&[c]))?;
        }
        if let Some(b) = &bout {
            for c in b.cards() {
                place(CardSet::from_cards(&[c]))?;
            }
        }
        if usize::from(discard) < heap.len() as usize || discard > 36 {
            return Err(impossible("discard is smaller than the discarded cards"));
        }
        for s in 0..seats {
            if out & (1 << s) != 0 && !hands[usize::from(s)].is_empty() {
                return Err(impossible("a seat that is out holds cards"));
            }
        }
        if result.is_none() && bout.is_none() {
            return Err(impossible("a live game needs an open bout"));
        }
        if let Some(b) = &bout {
            if out & (1 << b.attacker) != 0 || out & (1 << b.defender) != 0 {
                return Err(impossible("a seat that is out is in the bout"));
            }
        }
        let mut talon = [Card::PLACEHOLDER; 36];
        for (slot, &c) in talon.iter_mut().zip(talon_list.iter().rev()) {
            *slot = c;
        }
        let mut g = Durak {
            seats,
            variant,
            trump,
            trump_card,
            hands,
            talon,
            tlen: u8::try_from(talon_list.len()).unwrap_or(0),
            discard,
            heap,
            bout,
            six_owner: owner,
            result,
            out,
            known,
            lacks: [CardSet::EMPTY; 6],
            ply,
            stall,
            hash: 0,
        };
        g.hash = g.card_hash();
        Ok(g)
    }
}

/// A card's name: rank then suit (`AS`, `TD`, `6C`).
pub(crate) fn name(c: Card) -> String {
    c.format(Spelling::RankSuit)
}

fn cards_text(cards: CardSet) -> String {
    if cards.is_empty() {
        "-".to_string()
    } else {
        cards.iter_ace_high().map(name).collect()
    }
}

/// The 32-byte seed used for game `seed` of a batch: the SHA-256 of `parlour-durak-sim:<seed>`.
#[must_use]
pub fn batch_seed(seed: u64) -> [u8; 32] {
    crate::rng::sha256(format!("parlour-durak-sim:{seed}").as_bytes())
}

impl Durak {
    /// Apply `mv`, one of the legal moves of the seat to move, without the refusal checks and
    /// without keeping its events; returns the seat (0-based) that moved.
    pub fn play_listed(&mut self, mv: Move) -> u8 {
        let seat = self.turn().unwrap_or(0);
        self.apply_listed(seat, mv, &mut EventCount::default());
        seat
    }
}

impl GameState for Durak {
    type Move = Move;
    type Config = DurakConfig;

    fn new(config: &DurakConfig, seed: u64) -> Result<Self> {
        let order = rules::order_for(&batch_seed(seed), "1")?;
        let d = rules::deal_order(&order, config.seats.clamp(2, 6));
        Ok(Durak::from_deal(&d, config.variant))
    }

    fn num_seats(&self) -> usize {
        usize::from(self.seats)
    }

    fn to_move(&self) -> Option<Seat> {
        self.turn()
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.legal_to_move_into(out);
    }

    fn apply(&self, mv: Move) -> Result<Self> {
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }

    /// Without the refusal checks: `mv` is listed for the seat to move.
    fn play_unchecked(&mut self, mv: Move) {
        self.play_listed(mv);
    }

    fn is_terminal(&self) -> bool {
        self.over()
    }

    /// 1 for every seat that is not the fool, 0 for the fool; 0.5 each in a draw.
    fn returns_into(&self, out: &mut [f32]) {
        for (s, o) in out.iter_mut().enumerate() {
            *o = match self.result {
                None => 0.0,
                Some(Outcome::Draw) => 0.5,
                Some(r) => {
                    if r.fool().map(usize::from) == Some(s) {
                        0.0
                    } else {
                        1.0
                    }
                }
            };
        }
    }

    fn zobrist(&self) -> u64 {
        self.hash()
    }

    /// The greedy player (cheapest card; fast enough for batch runs).
    fn computer_move(&self) -> Option<Move> {
        self.turn().and_then(|s| bot::greedy_move(self, s))
    }
}
impl Durak {
    /// Apply `mv` in place, checked against the rules; on a refusal `self` is unchanged.
    ///
    /// # Errors
    /// An illegal-move error when `mv` is not legal here.
    pub fn apply_mut(&mut self, mv: Move) -> Result<()> {
        let seat = self.turn().unwrap_or(0);
        self.apply_seat(seat, mv, &mut EventCount::default())
    }
}

#[cfg(test)]
mod tests;
