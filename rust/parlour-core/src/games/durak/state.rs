//! The game: a position, its moves, the refereeing of Game-Durak (the forced-position
//! procedure, bout closing, refill, the trump-six exchange, results) and its events.

use super::card;
use super::deal::{self, Deal};
use super::rules::{self, cap_for, closes, legal_attacks, legal_beats, Bout, How, Outcome};
use super::Code;
use crate::error::{Error, Result};
use crate::zobrist::feature;

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

/// A move: a kind and, for attack/beat/transfer, a card id (0 otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The kind.
    pub kind: Kind,
    /// The card id, 0 for kinds without a card.
    pub card: u8,
}

impl Move {
    /// A move without a card.
    #[must_use]
    pub fn plain(kind: Kind) -> Move {
        Move { kind, card: 0 }
    }
    /// A move with a card.
    #[must_use]
    pub fn with(kind: Kind, card: u8) -> Move {
        Move { kind, card }
    }
    /// The move's index in the fixed action space of [`ACTION_SPACE`] actions: attack
    /// 0..=35, beat 36..=71, transfer 72..=107 (card id − 1), take 108, done 109, swap 110;
    /// resign is 111, outside the space.
    #[must_use]
    pub fn action(self) -> u16 {
        let c = u16::from(self.card).saturating_sub(1);
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
        let card = u8::try_from(action % 36 + 1).unwrap_or(0);
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
        /// The card (0 for none).
        card: u8,
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
    pub(crate) trump: u8,
    pub(crate) trump_card: u8,
    pub(crate) hands: [u64; 6],
    /// The talon, stored back to front: index 0 is the last card to be drawn (the turn-up).
    pub(crate) talon: [u8; 36],
    pub(crate) tlen: u8,
    pub(crate) discard: u8,
    /// The discarded cards (public: they were played face up).
    pub(crate) heap: u64,
    pub(crate) bout: Option<Bout>,
    pub(crate) six_owner: Option<u8>,
    pub(crate) result: Option<Outcome>,
    /// Seats that are out (bit per seat).
    pub(crate) out: u8,
    /// Cards each seat is publicly known to hold (picked up, or the exchanged turn-up).
    pub(crate) known: [u64; 6],
    /// Cards each seat has been shown not to hold since it last drew: a forced pass (no card
    /// of the table's ranks, no exchange) or a forced take (no card that beats, transfers or
    /// exchanges) adds them; drawing a card forgets them. Not part of equality, the hash or
    /// the notation (a position read from notation starts with none).
    pub(crate) lacks: [u64; 6],
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

fn err(code: Code, message: &str) -> Error {
    Error::illegal(code, message)
}

const F_TALON: usize = 8;
const F_ATTACK: usize = 44;
const F_BEAT: usize = 50;
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
        let d = deal::deal_for(seed, number, config.seats)?;
        Ok(Self::from_deal(&d, config.variant))
    }

    /// The game dealt by `d`, first bout open.
    #[must_use]
    pub fn from_deal(d: &Deal, variant: Variant) -> Durak {
        let seats = u8::try_from(d.hands.len().clamp(2, 6)).unwrap_or(2);
        let mut hands = [0u64; 6];
        for (h, &x) in hands.iter_mut().zip(&d.hands) {
            *h = x;
        }
        let mut talon = [0u8; 36];
        for (slot, &c) in talon.iter_mut().zip(d.talon.iter().rev()) {
            *slot = c;
        }
        let six = card::six_of(d.trump);
        let six_owner = (0..seats).find(|&s| hands[usize::from(s)] & card::bit(six) != 0);
        let mut known = [0u64; 6];
        if d.talon.is_empty() {
            // Six seats: the turn-up is the last card dealt, shown face up in its holder's hand.
            for (k, &h) in known.iter_mut().zip(&hands) {
                *k = h & card::bit(d.trump_card);
            }
        }
        let first = d.first.min(seats - 1);
        let defender = (first + 1) % seats;
        let cap = cap_for(hands[usize::from(defender)].count_ones() as usize);
        let mut g = Durak {
            seats,
            variant,
            trump: d.trump,
            trump_card: d.trump_card,
            hands,
            talon,
            tlen: u8::try_from(d.talon.len().min(36)).unwrap_or(0),
            discard: 0,
            heap: 0,
            bout: Some(Bout::new(first, defender, cap)),
            six_owner,
            result: None,
            out: 0,
            known,
            lacks: [0; 6],
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
    pub fn trump(&self) -> u8 {
        self.trump
    }
    /// The current turn-up id (the six after an exchange); kept after it has been drawn.
    #[must_use]
    pub fn trump_card(&self) -> u8 {
        self.trump_card
    }
    /// The hand of `seat` as a mask.
    #[must_use]
    pub fn hand(&self, seat: u8) -> u64 {
        self.hands.get(usize::from(seat)).copied().unwrap_or(0)
    }
    /// Number of cards `seat` holds.
    #[must_use]
    pub fn count(&self, seat: u8) -> usize {
        self.hand(seat).count_ones() as usize
    }
    /// The talon in draw order (front first, turn-up last).
    #[must_use]
    pub fn talon(&self) -> Vec<u8> {
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
    pub fn heap(&self) -> u64 {
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
    pub fn known(&self, seat: u8) -> u64 {
        self.known.get(usize::from(seat)).copied().unwrap_or(0)
    }
    /// Cards `seat` has been shown not to hold since it last drew (see the field's doc).
    #[must_use]
    pub fn lacks(&self, seat: u8) -> u64 {
        self.lacks.get(usize::from(seat)).copied().unwrap_or(0)
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
    /// The trump six's id.
    #[must_use]
    pub fn six_of_trumps(&self) -> u8 {
        card::six_of(self.trump)
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
            && self.hand(seat) & card::bit(self.six_of_trumps()) != 0
            && self.turn_up_left()
    }
    fn is_out(&self, seat: u8) -> bool {
        self.out & (1 << seat) != 0
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        match (&self.bout, self.over()) {
            (None, _) | (_, true) => Phase::Over,
            (Some(b), false) => {
                if b.taken {
                    Phase::PileOn
                } else if b.all_beaten() {
                    Phase::Attack
                } else {
                    Phase::Defend
                }
            }
        }
    }

    /// The next seat after `s` clockwise that is not out (and is not `s`).
    fn next_active(&self, s: u8) -> u8 {
        (1..self.seats)
            .map(|k| (s + k) % self.seats)
            .find(|&t| !self.is_out(t))
            .unwrap_or((s + 1) % self.seats)
    }

    /// Throwers in priority order: the attacker, then clockwise from the defender's left,
    /// skipping the defender and seats that are out.
    fn throwers(&self, b: &Bout) -> ([u8; 6], usize) {
        let mut out = [0u8; 6];
        out[0] = b.attacker;
        let mut n = 1;
        for k in 1..self.seats {
            let s = (b.defender + k) % self.seats;
            if s == b.attacker || s == b.defender || self.is_out(s) {
                continue;
            }
            if n < 6 {
                out[n] = s;
                n += 1;
            }
        }
        (out, n)
    }

    /// The first thrower (in [`Durak::throwers`] order) who has not passed.
    fn current_thrower(&self, b: &Bout) -> Option<u8> {
        if b.passed & (1 << b.attacker) == 0 {
            return Some(b.attacker);
        }
        (1..self.seats)
            .map(|k| (b.defender + k) % self.seats)
            .find(|&s| {
                s != b.attacker && s != b.defender && !self.is_out(s) && b.passed & (1 << s) == 0
            })
    }

    /// The seat on turn (`None` when over).
    #[must_use]
    pub fn turn(&self) -> Option<u8> {
        let b = self.bout.as_ref()?;
        match self.phase() {
            Phase::Over => None,
            Phase::Defend => Some(b.defender),
            Phase::Attack | Phase::PileOn => self.current_thrower(b),
        }
    }

    /// Whether `card` may transfer the attack now (perevodnoy, defend phase, by the defender).
    fn transfer_ok(&self, b: &Bout, id: u8) -> bool {
        if self.variant != Variant::Perevodnoy || b.taken || b.is_empty() || !b.none_beaten() {
            return false;
        }
        let r = card::rank(id);
        if b.attacks[..b.size()].iter().any(|&a| card::rank(a) != r) {
            return false;
        }
        let nd = self.next_active(b.defender);
        let need = b.size() + 1;
        need <= usize::from(cap_for(self.count(nd))) && need <= 6
    }

    fn transfers(&self, b: &Bout, hand: u64) -> u64 {
        if self.variant != Variant::Perevodnoy {
            return 0;
        }
        card::ids(hand)
            .filter(|&c| self.transfer_ok(b, c))
            .fold(0, |m, c| m | card::bit(c))
    }

    /// True when the seat on turn has no decision (no card move and no exchange).
    fn forced_seat(&self, seat: u8, b: &Bout) -> bool {
        if self.can_swap(seat) {
            return false;
        }
        let hand = self.hand(seat);
        if self.phase() == Phase::Defend {
            legal_beats(hand, b, self.trump) == 0 && self.transfers(b, hand) == 0
        } else {
            legal_attacks(hand, b) == 0
        }
    }

    /// The legal moves of `seat` in the reference's order (empty unless `seat` is on turn).
    /// `resign` is never listed.
    #[must_use]
    pub fn legal(&self, seat: u8) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_into(seat, &mut v);
        v
    }

    /// [`Durak::legal`] into a buffer.
    pub fn legal_into(&self, seat: u8, out: &mut Vec<Move>) {
        out.clear();
        if self.turn() == Some(seat) {
            self.list_into(seat, out);
        }
    }

    /// The legal moves of the seat to move (none when over) into a buffer.
    pub fn legal_to_move_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if let Some(seat) = self.turn() {
            self.list_into(seat, out);
        }
    }

    /// The legal moves of `seat`, which is on turn, appended to `out`.
    fn list_into(&self, seat: u8, out: &mut Vec<Move>) {
        let Some(b) = self.bout.as_ref() else { return };
        let hand = self.hand(seat);
        let swap = self.can_swap(seat);
        match self.phase() {
            Phase::Attack | Phase::PileOn => {
                let atts = legal_attacks(hand, b);
                out.extend(card::ids(atts).map(|c| Move::with(Kind::Attack, c)));
                if !b.is_empty() && (atts != 0 || swap) {
                    out.push(Move::plain(Kind::Done));
                }
            }
            Phase::Defend => {
                let beats = legal_beats(hand, b, self.trump);
                out.extend(card::ids(beats).map(|c| Move::with(Kind::Beat, c)));
                let tr = self.transfers(b, hand);
                out.extend(card::ids(tr).map(|c| Move::with(Kind::Transfer, c)));
                if beats != 0 || tr != 0 || swap {
                    out.push(Move::plain(Kind::Take));
                }
            }
            Phase::Over => return,
        }
        if swap {
            out.push(Move::plain(Kind::Swap));
        }
    }

    // ----- applying moves ----------------------------------------------------------------

    /// `apply(seat, {kind, card})` with raw inputs, checked in the reference's order:
    /// `GAME_OVER`, `NOT_YOUR_TURN` (seat), `NOT_LEGAL` (kind), resign, `NOT_YOUR_TURN`,
    /// `WRONG_PHASE`, then the handler's codes. `seat` is 1-based; `card` is an id or `None`.
    ///
    /// # Errors
    /// The refusal; `self` is unchanged.
    pub fn play(
        &self,
        seat: i64,
        kind: Option<&str>,
        card_id: Option<i64>,
    ) -> Result<(Durak, Vec<Event>)> {
        if self.over() {
            return Err(err(Code::GameOver, "the deal is over"));
        }
        let seat0 = match u8::try_from(seat) {
            Ok(s) if s >= 1 && s <= self.seats => s - 1,
            _ => return Err(err(Code::NotYourTurn, "it is not your turn")),
        };
        let kind = kind
            .and_then(Kind::parse)
            .filter(|k| *k != Kind::Transfer || self.variant == Variant::Perevodnoy);
        let Some(kind) = kind else {
            return Err(err(Code::NotLegal, "the rules do not offer that"));
        };
        let card_id = card_id
            .and_then(|c| u8::try_from(c).ok())
            .filter(|&c| card::valid(c))
            .unwrap_or(0);
        let mut next = self.clone();
        let mut events = Vec::new();
        next.apply_seat(seat0, Move::with(kind, card_id), &mut events)?;
        Ok((next, events))
    }

    /// [`Durak::play`], also giving the seat (0-based) and the move it applied, for a record
    /// of the game ([`super::Record`]).
    ///
    /// # Errors
    /// The refusal; `self` is unchanged.
    pub fn play_recorded(
        &self,
        seat: i64,
        kind: Option<&str>,
        card_id: Option<i64>,
    ) -> Result<(Durak, Vec<Event>, u8, Move)> {
        let (next, events) = self.play(seat, kind, card_id)?;
        // `play` took the move, so the seat and the kind parsed; read them as it did.
        let seat0 = u8::try_from(seat).map_or(0, |s| s.saturating_sub(1));
        let kind = kind.and_then(Kind::parse).unwrap_or(Kind::Resign);
        let card_id = card_id
            .and_then(|c| u8::try_from(c).ok())
            .filter(|&c| card::valid(c))
            .unwrap_or(0);
        Ok((next, events, seat0, Move::with(kind, card_id)))
    }

    /// Check `mv` by `seat` (0-based) against the position, in the reference's order.
    ///
    /// # Errors
    /// The refusal code.
    pub fn check(&self, seat: u8, mv: Move) -> Result<()> {
        if self.over() {
            return Err(err(Code::GameOver, "the deal is over"));
        }
        if seat >= self.seats {
            return Err(err(Code::NotYourTurn, "it is not your turn"));
        }
        if mv.kind == Kind::Transfer && self.variant != Variant::Perevodnoy {
            return Err(err(Code::NotLegal, "the rules do not offer that"));
        }
        if mv.kind == Kind::Resign {
            if self.is_out(seat) {
                return Err(err(Code::NotYourTurn, "a seat that is out cannot resign"));
            }
            return Ok(());
        }
        let Some(b) = self.bout.as_ref() else {
            return Err(err(Code::GameOver, "the deal is over"));
        };
        if self.turn() != Some(seat) {
            return Err(err(Code::NotYourTurn, "it is not your turn"));
        }
        let phase = self.phase();
        let fits = match mv.kind {
            Kind::Attack | Kind::Done => matches!(phase, Phase::Attack | Phase::PileOn),
            Kind::Beat | Kind::Take | Kind::Transfer => phase == Phase::Defend,
            Kind::Swap => phase != Phase::Over,
            Kind::Resign => true,
        };
        if !fits {
            return Err(err(
                Code::WrongPhase,
                "that move does not fit this stage of the bout",
            ));
        }
        let hand = self.hand(seat);
        let held = card::bit(mv.card) & hand != 0;
        match mv.kind {
            Kind::Attack => {
                if !held {
                    return Err(err(Code::CardNotHeld, "you do not hold that card"));
                }
                if b.room() < 1 {
                    return Err(err(
                        Code::BoutFull,
                        "the attack is already as large as it may be",
                    ));
                }
                if !b.is_empty() && b.ranks() & card::bit(mv.card) == 0 {
                    return Err(err(
                        Code::RankNotInBout,
                        "nothing on the table has that rank",
                    ));
                }
            }
            Kind::Beat => {
                if !held {
                    return Err(err(Code::CardNotHeld, "you do not hold that card"));
                }
                if beats_nothing(b.unbeaten(), mv.card, self.trump) {
                    return Err(err(
                        Code::BeatsNothing,
                        "that card does not beat the one in front of you",
                    ));
                }
            }
            Kind::Transfer => {
                if !held {
                    return Err(err(Code::CardNotHeld, "you do not hold that card"));
                }
                if !self.transfer_ok(b, mv.card) {
                    return Err(err(
                        Code::CannotTransfer,
                        "a transfer needs an unanswered attack of one rank, a card of that rank, and a next defender holding enough cards",
                    ));
                }
            }
            Kind::Done => {
                if b.is_empty() {
                    return Err(err(
                        Code::MustAttack,
                        "a bout has to be opened before it can be beaten off",
                    ));
                }
            }
            Kind::Swap => {
                if self.six_owner != Some(seat) || hand & card::bit(self.six_of_trumps()) == 0 {
                    return Err(err(Code::NotTheSix, "that exchange is not yours to make"));
                }
                if !self.turn_up_left() {
                    return Err(err(Code::TalonShut, "the turned up trump has been drawn"));
                }
            }
            Kind::Take | Kind::Resign => {}
        }
        Ok(())
    }

    /// Apply `mv` by `seat` (0-based) in place, appending the events.
    ///
    /// # Errors
    /// The refusal; on error `self` and `events` are unchanged.
    pub fn apply_seat(&mut self, seat: u8, mv: Move, events: &mut impl EventSink) -> Result<()> {
        self.check(seat, mv)?;
        self.apply_listed(seat, mv, events);
        Ok(())
    }

    /// Apply `mv` by `seat` (0-based) in place without the refusal checks: `mv` must be one of
    /// [`Durak::legal`]`(seat)` (a listed move passes every check; the tests hold the two to
    /// that).
    pub fn apply_listed(&mut self, seat: u8, mv: Move, events: &mut impl EventSink) {
        let start = events.count();
        self.exec(seat, mv, events);
        self.ply = self
            .ply
            .saturating_add(u32::try_from(events.count() - start).unwrap_or(0));
    }

    fn exec(&mut self, seat: u8, mv: Move, ev: &mut impl EventSink) {
        ev.push(Event::Move {
            kind: mv.kind,
            seat,
            card: if mv.kind.has_card() { mv.card } else { 0 },
        });
        match mv.kind {
            Kind::Resign => {
                let outcome = Outcome::Resign(seat);
                self.result = Some(outcome);
                ev.push(Event::GameEnd {
                    outcome,
                    seats: self.seats,
                });
                return;
            }
            Kind::Attack => {
                self.hand_remove(seat, mv.card);
                self.table_attack(mv.card);
                if let Some(b) = self.bout.as_mut() {
                    b.passed = 0;
                    b.chose_done = false;
                }
            }
            Kind::Beat => {
                self.hand_remove(seat, mv.card);
                self.table_beat(mv.card);
            }
            Kind::Transfer => {
                self.hand_remove(seat, mv.card);
                self.table_attack(mv.card);
                if let Some(b) = self.bout {
                    let nd = self.next_active(b.defender);
                    let cap = cap_for(self.count(nd));
                    if let Some(bm) = self.bout.as_mut() {
                        bm.attacker = b.defender;
                        bm.defender = nd;
                        bm.cap = cap;
                        bm.passed = 0;
                        bm.chose_done = false;
                    }
                }
            }
            Kind::Take => {
                if let Some(b) = self.bout.as_mut() {
                    b.taken = true;
                    b.passed = 0;
                    b.chose_done = false;
                }
            }
            Kind::Done => {
                if let Some(b) = self.bout.as_mut() {
                    b.passed |= 1 << seat;
                    b.chose_done = true;
                }
                if let Some(b) = self.bout {
                    if self.current_thrower(&b).is_none() {
                        self.close(if b.taken { How::Taken } else { How::Done }, ev);
                    }
                }
            }
            Kind::Swap => self.swap(seat),
        }
        self.resolve(ev);
    }

    fn swap(&mut self, seat: u8) {
        let six = self.six_of_trumps();
        let turn_up = self.trump_card;
        let Some(pos) = self.talon[..usize::from(self.tlen)]
            .iter()
            .position(|&c| c == turn_up)
        else {
            return;
        };
        self.hand_remove(seat, six);
        self.hand_add(seat, turn_up);
        self.known[usize::from(seat)] |= card::bit(turn_up);
        self.lacks[usize::from(seat)] &= !card::bit(turn_up);
        self.talon_set(pos, six);
        self.trump_card = six;
        self.six_owner = None;
    }

    /// The forced-position procedure (RULES.md §9), generalised to several throwers.
    fn resolve(&mut self, ev: &mut impl EventSink) {
        for _ in 0..200 {
            if self.over() {
                return;
            }
            let Some(b) = self.bout else { return };
            if b.taken {
                if b.room() < 1 {
                    self.close(How::Taken, ev);
                    continue;
                }
                match self.current_thrower(&b) {
                    None => {
                        self.close(How::Taken, ev);
                    }
                    Some(t) if self.forced_seat(t, &b) => {
                        self.note_forced(t, &b, false);
                        self.pass(t);
                    }
                    Some(_) => return,
                }
                continue;
            }
            if let Some(how) = closes(&b, self.count(b.defender)) {
                self.close(how, ev);
                continue;
            }
            let phase = self.phase();
            if phase == Phase::Attack && !b.is_empty() && self.current_thrower(&b).is_none() {
                self.close(
                    if b.chose_done {
                        How::Done
                    } else {
                        How::Exhausted
                    },
                    ev,
                );
                continue;
            }
            let Some(t) = self.turn() else { return };
            if !self.forced_seat(t, &b) {
                return;
            }
            if phase == Phase::Defend {
                self.note_forced(t, &b, true);
                if let Some(bm) = self.bout.as_mut() {
                    bm.taken = true;
                    bm.passed = 0;
                    bm.chose_done = false;
                }
                continue;
            }
            if b.is_empty() {
                return;
            }
            self.note_forced(t, &b, false);
            self.pass(t);
        }
    }

    /// `seat` was forced (no choice): it holds none of the cards that would have given it one.
    /// Throwing: the cards of the table's ranks (when there is room); defending: the cards that
    /// beat the waiting card and those that would transfer; either way the trump six while the
    /// turn-up is in the talon (its holder could exchange).
    fn note_forced(&mut self, seat: u8, b: &Bout, defend: bool) {
        let mut m = if defend {
            let beats = b.unbeaten().map_or(0, |a| card::beaters(a, self.trump));
            beats | self.transfers(b, card::ALL)
        } else if b.room() >= 1 && !b.is_empty() {
            b.ranks()
        } else {
            0
        };
        if self.turn_up_left() {
            m |= card::bit(self.six_of_trumps());
        }
        let s = usize::from(seat);
        self.lacks[s] |= m & !self.known[s];
    }

    fn pass(&mut self, seat: u8) {
        if let Some(b) = self.bout.as_mut() {
            b.passed |= 1 << seat;
        }
    }

    /// Close the open bout `how`, refill, check for the end and open the next bout.
    fn close(&mut self, how: How, ev: &mut impl EventSink) {
        let Some(b) = self.bout else { return };
        let mask = b.mask();
        let ncards = u8::try_from(mask.count_ones()).unwrap_or(0);
        self.table_clear(&b);
        self.bout = None;
        if b.taken {
            for c in card::ids(mask) {
                self.hand_add(b.defender, c);
            }
            self.known[usize::from(b.defender)] |= mask;
            self.lacks[usize::from(b.defender)] &= !mask;
            if mask & card::bit(self.six_of_trumps()) != 0 && self.six_owner != Some(b.defender) {
                self.six_owner = None;
            }
        } else {
            self.discard = self.discard.saturating_add(ncards);
            self.heap |= mask;
        }
        let candidate = if b.taken {
            self.next_active(b.defender)
        } else {
            b.defender
        };
        // Refill: the attacker, the other throwers in order, the defender last.
        let (order, n) = self.throwers(&b);
        let mut drawn = [0u8; 6];
        for &s in order[..n].iter().chain(std::iter::once(&b.defender)) {
            while self.count(s) < 6 && self.tlen > 0 {
                let c = self.talon_pop();
                self.hand_add(s, c);
                drawn[usize::from(s)] += 1;
                if c == self.six_of_trumps() {
                    self.six_owner = Some(s);
                }
                if self.tlen == 0 && c == self.trump_card {
                    self.known[usize::from(s)] |= card::bit(c);
                }
            }
            if drawn[usize::from(s)] > 0 {
                self.lacks[usize::from(s)] = 0;
            }
        }
        // The end check.
        let mut outs = 0u8; // seats that go out now, a bit each
        if self.tlen == 0 {
            for s in 0..self.seats {
                if !self.is_out(s) && self.hand(s) == 0 {
                    self.out |= 1 << s;
                    outs |= 1 << s;
                }
            }
        }
        let nobody_drew = drawn.iter().all(|&d| d == 0);
        self.stall = if b.taken && nobody_drew {
            self.stall.saturating_add(1)
        } else {
            0
        };
        // The first seat still holding cards, and whether any other does.
        let mut holding = (0..self.seats).filter(|&s| self.hand(s) != 0);
        let (holder, others) = (holding.next(), holding.next().is_some());
        let stalled = self.seats >= 3 && self.stall >= STALL_LIMIT;
        let ended = (self.tlen == 0 && !others) || stalled;
        let next = if ended || !self.is_out(candidate) {
            candidate
        } else {
            self.next_active(candidate)
        };
        ev.push(Event::BoutEnd {
            taken: b.taken,
            how,
            cards: ncards,
            discard: self.discard,
            next_attacker: next,
        });
        ev.push(Event::Refill {
            drawn,
            seats: self.seats,
            talon: self.tlen,
        });
        for s in (0..self.seats).filter(|s| outs & 1 << s != 0) {
            ev.push(Event::Out { seat: s });
        }
        if ended {
            let outcome = match (holder, others) {
                (Some(one), false) if !stalled => Outcome::Fool(one),
                _ => Outcome::Draw,
            };
            self.result = Some(outcome);
            ev.push(Event::GameEnd {
                outcome,
                seats: self.seats,
            });
            return;
        }
        let defender = self.next_active(next);
        self.bout = Some(Bout::new(next, defender, cap_for(self.count(defender))));
    }

    // ----- hashing and card-level mutation -----------------------------------------------

    fn hand_add(&mut self, seat: u8, c: u8) {
        let s = usize::from(seat);
        if self.hands[s] & card::bit(c) == 0 {
            self.hands[s] |= card::bit(c);
            self.hash ^= feature(s, usize::from(c));
        }
    }

    fn hand_remove(&mut self, seat: u8, c: u8) {
        let s = usize::from(seat);
        if self.hands[s] & card::bit(c) != 0 {
            self.hands[s] &= !card::bit(c);
            self.hash ^= feature(s, usize::from(c));
        }
        self.known[s] &= !card::bit(c);
    }

    fn talon_pop(&mut self) -> u8 {
        if self.tlen == 0 {
            return 0;
        }
        self.tlen -= 1;
        let p = usize::from(self.tlen);
        let c = self.talon[p];
        self.hash ^= feature(F_TALON + p, usize::from(c));
        self.talon[p] = 0;
        c
    }

    fn talon_set(&mut self, pos: usize, c: u8) {
        if pos < usize::from(self.tlen) {
            self.hash ^= feature(F_TALON + pos, usize::from(self.talon[pos]))
                ^ feature(F_TALON + pos, usize::from(c));
            self.talon[pos] = c;
        }
    }

    fn table_attack(&mut self, c: u8) {
        if let Some(b) = self.bout.as_mut() {
            let i = b.size();
            if i < 6 {
                b.attacks[i] = c;
                b.beats[i] = 0;
                b.len += 1;
                self.hash ^= feature(F_ATTACK + i, usize::from(c));
            }
        }
    }

    fn table_beat(&mut self, c: u8) {
        if let Some(b) = self.bout.as_mut() {
            if let Some(i) = b.unbeaten_index() {
                b.beats[i] = c;
                self.hash ^= feature(F_BEAT + i, usize::from(c));
            }
        }
    }

    fn table_clear(&mut self, b: &Bout) {
        for i in 0..b.size() {
            self.hash ^= feature(F_ATTACK + i, usize::from(b.attacks[i]));
            if b.beats[i] != 0 {
                self.hash ^= feature(F_BEAT + i, usize::from(b.beats[i]));
            }
        }
    }

    /// The hash of everything that is not a card-in-place feature.
    fn meta_hash(&self) -> u64 {
        let m = F_META;
        let mut h = feature(m, usize::from(self.trump))
            ^ feature(m + 1, usize::from(self.trump_card))
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
            for c in card::ids(self.hands[s]) {
                h ^= feature(s, usize::from(c));
            }
        }
        for p in 0..usize::from(self.tlen) {
            h ^= feature(F_TALON + p, usize::from(self.talon[p]));
        }
        if let Some(b) = &self.bout {
            for i in 0..b.size() {
                h ^= feature(F_ATTACK + i, usize::from(b.attacks[i]));
                if b.beats[i] != 0 {
                    h ^= feature(F_BEAT + i, usize::from(b.beats[i]));
                }
            }
        }
        h
    }
}

/// True when there is no attack card waiting or `def` does not beat it.
fn beats_nothing(waiting: Option<u8>, def: u8, trump: u8) -> bool {
    waiting.map_or(true, |att| !card::beats(def, att, trump))
}

/// `resign_for(seat)`: the result of a resignation.
#[must_use]
pub fn resign_for(seat: u8) -> Outcome {
    Outcome::Resign(seat)
}

/// Re-export for callers that only need the result arithmetic.
pub use rules::result_for;
