//! The rules of Game-Durak: the pure functions over a hand, a bout and a trump suit
//! (`Game::Durak::Rules` and `Game::Durak::Bout`), the seeded deal, and the referee's
//! transitions of a [`Durak`] position (legal moves, the refusal checks in the reference's
//! order, the forced-position procedure, bout closing, refill, the trump-six exchange and the
//! results).

use super::{
    key, Code, Durak, Event, EventSink, Kind, Move, Phase, Variant, F_ATTACK, F_BEAT, F_TALON,
    STALL_LIMIT,
};
use crate::cards::{Card, CardSet, Suit, LANE, SIX};
use crate::error::{Error, Result};
use crate::rng::{sha256_shuffle, Sha256Words};
use crate::zobrist::feature;

/// The 36 cards of the deck, six to ace.
pub const DECK: CardSet = CardSet::FULL36;

/// The card of Game-Durak id `id` (1..=36; [`Card::ace_high_id`]).
#[must_use]
pub fn card_of(id: i64) -> Option<Card> {
    u8::try_from(id).ok().and_then(Card::from_ace_high_id)
}

/// The deck's cards of `suit`.
#[must_use]
pub fn suit_cards(suit: Suit) -> CardSet {
    CardSet::suit_mask(suit).intersection(DECK)
}

/// The six of `suit` (the trump six's right to the exchange).
#[must_use]
pub fn six_of(suit: Suit) -> Card {
    Card::new(suit, SIX).unwrap_or(Card::PLACEHOLDER)
}

/// Every card (all suits) of a rank among `cards`.
#[must_use]
pub fn ranks_of(cards: CardSet) -> CardSet {
    cards
        .iter()
        .fold(CardSet::EMPTY, |m, c| m.union(CardSet::rank_mask(c.rank())))
        .intersection(DECK)
}

/// Does `def` beat `att` with trump suit `trump`? (Trump attack: only a higher trump; else any
/// trump; else a higher card of the same suit.)
#[must_use]
pub fn beats(def: Card, att: Card, trump: Suit) -> bool {
    if att.suit() == trump {
        def.suit() == trump && def.rank() > att.rank()
    } else if def.suit() == trump {
        true
    } else {
        def.suit() == att.suit() && def.rank() > att.rank()
    }
}

/// Every card that beats `att`.
#[must_use]
pub fn beaters(att: Card, trump: Suit) -> CardSet {
    let above = LANE & !((2u64 << att.rank()) - 1);
    let higher_in_suit = CardSet(above << (16 * u32::from(att.suit().index())));
    if att.suit() == trump {
        higher_in_suit
    } else {
        higher_in_suit.union(suit_cards(trump))
    }
}

/// The most attack cards a bout may hold: `min(6, defender's hand when the bout opens)`.
#[must_use]
pub fn cap_for(size: usize) -> u8 {
    u8::try_from(size.min(6)).unwrap_or(6)
}

/// One bout: a fixed attacker and defender (0-based seats), a cap fixed when it opens, parallel
/// attack and beat slots (`None` = not yet answered) and the `taken` flag. `passed` and `chose_done`
/// track the throwers who have passed since the last card (only ever non-zero with three or more
/// seats, where several players may throw in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bout {
    /// The attacking seat (0-based).
    pub attacker: u8,
    /// The defending seat (0-based).
    pub defender: u8,
    /// The cap, fixed when the bout opened (changed only by a transfer).
    pub cap: u8,
    /// Number of attack cards.
    pub len: u8,
    /// Attack cards (the first `len`; the rest [`Card::PLACEHOLDER`]).
    pub attacks: [Card; 6],
    /// The answer to each attack card, `None` while unanswered.
    pub beats: [Option<Card>; 6],
    /// The defender has taken.
    pub taken: bool,
    /// Seats (bit per seat) that passed since the last card was thrown.
    pub passed: u8,
    /// Whether one of those passes was a chosen `done` (not a forced pass).
    pub chose_done: bool,
}

impl Bout {
    /// An empty bout.
    #[must_use]
    pub fn new(attacker: u8, defender: u8, cap: u8) -> Bout {
        Bout {
            attacker,
            defender,
            cap,
            len: 0,
            attacks: [Card::PLACEHOLDER; 6],
            beats: [None; 6],
            taken: false,
            passed: 0,
            chose_done: false,
        }
    }
    /// Number of attack cards.
    #[must_use]
    pub fn size(&self) -> usize {
        usize::from(self.len.min(6))
    }
    /// `cap - size` (may be negative only in a constructed position).
    #[must_use]
    pub fn room(&self) -> i32 {
        i32::from(self.cap) - i32::from(self.len)
    }
    /// Index of the first unanswered attack card.
    #[must_use]
    pub fn unbeaten_index(&self) -> Option<usize> {
        (0..self.size()).find(|&i| self.beats[i].is_none())
    }
    /// The first unanswered attack card.
    #[must_use]
    pub fn unbeaten(&self) -> Option<Card> {
        self.unbeaten_index().map(|i| self.attacks[i])
    }
    /// True when no attack card is unanswered (true for an empty bout).
    #[must_use]
    pub fn all_beaten(&self) -> bool {
        self.unbeaten_index().is_none()
    }
    /// True when the bout holds no card.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Attack cards then the answers, in order.
    #[must_use]
    pub fn cards(&self) -> Vec<Card> {
        let n = self.size();
        let mut v: Vec<Card> = self.attacks[..n].to_vec();
        v.extend(self.beats[..n].iter().flatten());
        v
    }
    /// Every table card as a mask.
    #[must_use]
    pub fn mask(&self) -> CardSet {
        let n = self.size();
        self.attacks[..n]
            .iter()
            .chain(self.beats[..n].iter().flatten())
            .copied()
            .collect()
    }
    /// The ranks on the table (attacks and answers) as a mask of all cards of those ranks.
    #[must_use]
    pub fn ranks(&self) -> CardSet {
        ranks_of(self.mask())
    }
    /// True when no attack card has been answered yet.
    #[must_use]
    pub fn none_beaten(&self) -> bool {
        self.beats[..self.size()].iter().all(Option::is_none)
    }
}

/// Cards of `hand` that may be thrown in: nothing when `room < 1`, the whole hand into an empty
/// bout, else the cards whose rank is on the table (answers included).
#[must_use]
pub fn legal_attacks(hand: CardSet, bout: &Bout) -> CardSet {
    if bout.room() < 1 {
        CardSet::EMPTY
    } else if bout.is_empty() {
        hand
    } else {
        hand.intersection(bout.ranks())
    }
}

/// Cards of `hand` that beat the first unanswered attack card (nothing when none waits).
#[must_use]
pub fn legal_beats(hand: CardSet, bout: &Bout, trump: Suit) -> CardSet {
    bout.unbeaten()
        .map_or(CardSet::EMPTY, |a| hand.intersection(beaters(a, trump)))
}

/// True when the seat on turn has no choice at all: no exchange, and no legal beat (`defend`)
/// or no legal throw (any other phase).
#[must_use]
pub fn forced(hand: CardSet, bout: &Bout, trump: Suit, defend: bool, can_swap: bool) -> bool {
    if can_swap {
        false
    } else if defend {
        legal_beats(hand, bout, trump).is_empty()
    } else {
        legal_attacks(hand, bout).is_empty()
    }
}

/// How a bout ends without anybody choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum How {
    /// The attacker (or every thrower) chose to stop.
    Done,
    /// Nobody had a legal throw.
    Exhausted,
    /// The cap was reached with everything beaten and the defender still holds cards.
    Capped,
    /// Everything beaten and the defender's hand is empty.
    Spent,
    /// The defender took.
    Taken,
}

impl How {
    /// The reference's spelling.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            How::Done => "done",
            How::Exhausted => "exhausted",
            How::Capped => "capped",
            How::Spent => "spent",
            How::Taken => "taken",
        }
    }
}

/// `closes(bout, defender_size)`: `Spent` (checked first) or `Capped`, only for a bout that is
/// not taken, not empty and fully beaten.
#[must_use]
pub fn closes(bout: &Bout, defender_size: usize) -> Option<How> {
    if bout.taken || bout.is_empty() || !bout.all_beaten() {
        None
    } else if defender_size == 0 {
        Some(How::Spent)
    } else if bout.room() < 1 {
        Some(How::Capped)
    } else {
        None
    }
}

/// Seats (0-based) with no cards, in seat order; nobody while the talon has cards.
#[must_use]
pub fn out_seats(counts: &[usize], talon_left: usize) -> Vec<u8> {
    if talon_left > 0 {
        return Vec::new();
    }
    counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n == 0)
        .filter_map(|(i, _)| u8::try_from(i).ok())
        .collect()
}

/// The result of a finished deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One seat (0-based) still holds cards: the fool.
    Fool(u8),
    /// Every hand emptied on the same bout.
    Draw,
    /// A seat (0-based) resigned and is the fool.
    Resign(u8),
}

impl Outcome {
    /// The fool, if any.
    #[must_use]
    pub fn fool(self) -> Option<u8> {
        match self {
            Outcome::Fool(s) | Outcome::Resign(s) => Some(s),
            Outcome::Draw => None,
        }
    }
    /// `fool`, `draw` or `resign`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Fool(_) => "fool",
            Outcome::Draw => "draw",
            Outcome::Resign(_) => "resign",
        }
    }
}

/// `result_for(counts, talon_left)`: `None` while nobody is out (or, with three or more seats,
/// while two or more seats still hold cards); else the draw or the fool.
#[must_use]
pub fn result_for(counts: &[usize], talon_left: usize) -> Option<Outcome> {
    if out_seats(counts, talon_left).is_empty() {
        return None;
    }
    let holding: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
    match holding.as_slice() {
        [] => Some(Outcome::Draw),
        [one] => u8::try_from(*one).ok().map(Outcome::Fool),
        _ => None,
    }
}

// ----- the deal ------------------------------------------------------------------------

/// The error for a seed that is not exactly 32 bytes.
#[must_use]
pub fn no_seed() -> Error {
    Error::config(Code::NoSeed, "a deal needs a seed (exactly 32 bytes)")
}

/// The error for a deal number that is not a positive integer string.
#[must_use]
pub fn bad_deal() -> Error {
    Error::config(Code::BadDeal, "a deal number counts from one")
}

/// True for ASCII digits whose first digit is not 0.
#[must_use]
pub fn is_deal_number(number: &str) -> bool {
    !number.is_empty() && !number.starts_with('0') && number.bytes().all(|b| b.is_ascii_digit())
}

/// `order_for(seed, number)`: the shuffled permutation of 1..=36, the reference's
/// [`sha256_shuffle`] over the stream of `seed || "deal:" || number || ":"`.
///
/// # Errors
/// `NO_SEED` unless the seed is 32 bytes, `BAD_DEAL` unless `number` is a positive integer string.
pub fn order_for(seed: &[u8], number: &str) -> Result<[u8; 36]> {
    if seed.len() != 32 {
        return Err(no_seed());
    }
    if !is_deal_number(number) {
        return Err(bad_deal());
    }
    let mut order = [0u8; 36];
    for (i, o) in order.iter_mut().enumerate() {
        *o = u8::try_from(i + 1).unwrap_or(0);
    }
    let mut prefix = Vec::with_capacity(seed.len() + number.len() + 6);
    prefix.extend_from_slice(seed);
    prefix.extend_from_slice(b"deal:");
    prefix.extend_from_slice(number.as_bytes());
    prefix.push(b':');
    sha256_shuffle(&mut order, &mut Sha256Words::new(&prefix));
    Ok(order)
}

/// A dealt position: hands (seat order), talon in draw order (turn-up last), turn-up, trump
/// suit and the first attacker (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// Hands of seats 1..=n.
    pub hands: Vec<CardSet>,
    /// The talon in draw order; the turn-up is the last card.
    pub talon: Vec<Card>,
    /// The turned-up card.
    pub trump_card: Card,
    /// The trump suit.
    pub trump: Suit,
    /// The first attacker, 0-based.
    pub first: u8,
}

/// Deal `order` (card ids) to `seats` seats: six cards each one at a time from seat 1; the next card is the
/// turn-up, the rest the talon with the turn-up last. With six seats every card is dealt and the
/// last card dealt (seat 6's sixth) is shown as the turn-up; the talon is then empty.
#[must_use]
pub fn deal_order(order: &[u8; 36], seats: u8) -> Deal {
    let n = usize::from(seats.clamp(2, 6));
    let cards = order.map(|id| Card::from_ace_high_id(id).unwrap_or(Card::PLACEHOLDER));
    let mut hands = vec![CardSet::EMPTY; n];
    for (k, &c) in cards.iter().take(6 * n).enumerate() {
        hands[k % n].insert(c);
    }
    let (trump_card, talon) = if 6 * n < 36 {
        let t = cards[6 * n];
        let mut talon: Vec<Card> = cards[6 * n + 1..].to_vec();
        talon.push(t);
        (t, talon)
    } else {
        (cards[35], Vec::new())
    };
    let trump = trump_card.suit();
    let first = first_attacker(&hands, trump);
    Deal {
        hands,
        talon,
        trump_card,
        trump,
        first,
    }
}

/// `deal_for(seed, number, seats)`.
///
/// # Errors
/// As [`order_for`], and `BAD_SEATS` for a seat count outside 2..=6.
pub fn deal_for(seed: &[u8], number: &str, seats: u8) -> Result<Deal> {
    let order = order_for(seed, number)?;
    if !(2..=6).contains(&seats) {
        return Err(Error::config(
            Code::BadSeats,
            "durak deals two to six seats",
        ));
    }
    Ok(deal_order(&order, seats))
}

/// The seat (0-based) holding the lowest trump; seat 0 when nobody holds a trump.
#[must_use]
pub fn first_attacker(hands: &[CardSet], trump: Suit) -> u8 {
    let mut best: Option<(u8, u8)> = None;
    for (seat, &h) in hands.iter().enumerate() {
        for c in h.of_suit(trump) {
            let p = c.rank();
            if best.map_or(true, |(bp, _)| p < bp) {
                best = Some((p, u8::try_from(seat).unwrap_or(0)));
            }
        }
    }
    best.map_or(0, |(_, s)| s)
}

/// `seed` padded with spaces (or truncated) to 32 bytes, as the reference's test fixture does.
#[must_use]
pub fn seed32(text: &str) -> [u8; 32] {
    let mut out = [b' '; 32];
    for (o, b) in out.iter_mut().zip(text.bytes()) {
        *o = b;
    }
    out
}

// ----- the referee ----------------------------------------------------------------------

impl Durak {
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
    fn transfer_ok(&self, b: &Bout, card: Card) -> bool {
        if self.variant != Variant::Perevodnoy || b.taken || b.is_empty() || !b.none_beaten() {
            return false;
        }
        let r = card.rank();
        if b.attacks[..b.size()].iter().any(|a| a.rank() != r) {
            return false;
        }
        let nd = self.next_active(b.defender);
        let need = b.size() + 1;
        need <= usize::from(cap_for(self.count(nd))) && need <= 6
    }

    fn transfers(&self, b: &Bout, hand: CardSet) -> CardSet {
        if self.variant != Variant::Perevodnoy {
            return CardSet::EMPTY;
        }
        hand.iter().filter(|&c| self.transfer_ok(b, c)).collect()
    }

    /// True when the seat on turn has no decision (no card move and no exchange).
    fn forced_seat(&self, seat: u8, b: &Bout) -> bool {
        if self.can_swap(seat) {
            return false;
        }
        let hand = self.hand(seat);
        if self.phase() == Phase::Defend {
            legal_beats(hand, b, self.trump).is_empty() && self.transfers(b, hand).is_empty()
        } else {
            legal_attacks(hand, b).is_empty()
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
                out.extend(atts.iter_ace_high().map(|c| Move::with(Kind::Attack, c)));
                if !b.is_empty() && (!atts.is_empty() || swap) {
                    out.push(Move::plain(Kind::Done));
                }
            }
            Phase::Defend => {
                let beats = legal_beats(hand, b, self.trump);
                out.extend(beats.iter_ace_high().map(|c| Move::with(Kind::Beat, c)));
                let tr = self.transfers(b, hand);
                out.extend(tr.iter_ace_high().map(|c| Move::with(Kind::Transfer, c)));
                if !beats.is_empty() || !tr.is_empty() || swap {
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
        let card = card_id.and_then(card_of);
        let mut next = self.clone();
        let mut events = Vec::new();
        next.apply_seat(seat0, Move { kind, card }, &mut events)?;
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
        let card = card_id.and_then(card_of);
        Ok((next, events, seat0, Move { kind, card }))
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
        // A move without a card holds none (the placeholder is no card of the deck).
        let card = mv.card.unwrap_or(Card::PLACEHOLDER);
        let held = hand.contains(card);
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
                if !b.is_empty() && !b.ranks().contains(card) {
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
                if beats_nothing(b.unbeaten(), card, self.trump) {
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
                if !self.transfer_ok(b, card) {
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
                if self.six_owner != Some(seat) || !hand.contains(self.six_of_trumps()) {
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
            card: if mv.kind.has_card() { mv.card } else { None },
        });
        let card = mv.card.unwrap_or(Card::PLACEHOLDER);
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
                self.hand_remove(seat, card);
                self.table_attack(card);
                if let Some(b) = self.bout.as_mut() {
                    b.passed = 0;
                    b.chose_done = false;
                }
            }
            Kind::Beat => {
                self.hand_remove(seat, card);
                self.table_beat(card);
            }
            Kind::Transfer => {
                self.hand_remove(seat, card);
                self.table_attack(card);
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
        self.known[usize::from(seat)].insert(turn_up);
        self.lacks[usize::from(seat)].remove(turn_up);
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
            let beats = b
                .unbeaten()
                .map_or(CardSet::EMPTY, |a| beaters(a, self.trump));
            beats.union(self.transfers(b, DECK))
        } else if b.room() >= 1 && !b.is_empty() {
            b.ranks()
        } else {
            CardSet::EMPTY
        };
        if self.turn_up_left() {
            m.insert(self.six_of_trumps());
        }
        let s = usize::from(seat);
        self.lacks[s] = self.lacks[s].union(m.difference(self.known[s]));
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
        let ncards = u8::try_from(mask.len()).unwrap_or(0);
        self.table_clear(&b);
        self.bout = None;
        if b.taken {
            for c in mask {
                self.hand_add(b.defender, c);
            }
            let d = usize::from(b.defender);
            self.known[d] = self.known[d].union(mask);
            self.lacks[d] = self.lacks[d].difference(mask);
            if mask.contains(self.six_of_trumps()) && self.six_owner != Some(b.defender) {
                self.six_owner = None;
            }
        } else {
            self.discard = self.discard.saturating_add(ncards);
            self.heap = self.heap.union(mask);
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
                    self.known[usize::from(s)].insert(c);
                }
            }
            if drawn[usize::from(s)] > 0 {
                self.lacks[usize::from(s)] = CardSet::EMPTY;
            }
        }
        // The end check.
        let mut outs = 0u8; // seats that go out now, a bit each
        if self.tlen == 0 {
            for s in 0..self.seats {
                if !self.is_out(s) && self.hand(s).is_empty() {
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
        let mut holding = (0..self.seats).filter(|&s| !self.hand(s).is_empty());
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

    fn hand_add(&mut self, seat: u8, c: Card) {
        let s = usize::from(seat);
        if !self.hands[s].contains(c) {
            self.hands[s].insert(c);
            self.hash ^= feature(s, key(c));
        }
    }

    fn hand_remove(&mut self, seat: u8, c: Card) {
        let s = usize::from(seat);
        if self.hands[s].remove(c) {
            self.hash ^= feature(s, key(c));
        }
        self.known[s].remove(c);
    }

    fn talon_pop(&mut self) -> Card {
        if self.tlen == 0 {
            return Card::PLACEHOLDER;
        }
        self.tlen -= 1;
        let p = usize::from(self.tlen);
        let c = self.talon[p];
        self.hash ^= feature(F_TALON + p, key(c));
        self.talon[p] = Card::PLACEHOLDER;
        c
    }

    fn talon_set(&mut self, pos: usize, c: Card) {
        if pos < usize::from(self.tlen) {
            self.hash ^=
                feature(F_TALON + pos, key(self.talon[pos])) ^ feature(F_TALON + pos, key(c));
            self.talon[pos] = c;
        }
    }

    fn table_attack(&mut self, c: Card) {
        if let Some(b) = self.bout.as_mut() {
            let i = b.size();
            if i < 6 {
                b.attacks[i] = c;
                b.beats[i] = None;
                b.len += 1;
                self.hash ^= feature(F_ATTACK + i, key(c));
            }
        }
    }

    fn table_beat(&mut self, c: Card) {
        if let Some(b) = self.bout.as_mut() {
            if let Some(i) = b.unbeaten_index() {
                b.beats[i] = Some(c);
                self.hash ^= feature(F_BEAT + i, key(c));
            }
        }
    }

    fn table_clear(&mut self, b: &Bout) {
        for i in 0..b.size() {
            self.hash ^= feature(F_ATTACK + i, key(b.attacks[i]));
            if let Some(c) = b.beats[i] {
                self.hash ^= feature(F_BEAT + i, key(c));
            }
        }
    }
}

fn err(code: Code, message: &str) -> Error {
    Error::illegal(code, message)
}

/// True when there is no attack card waiting or `def` does not beat it.
fn beats_nothing(waiting: Option<Card>, def: Card, trump: Suit) -> bool {
    waiting.map_or(true, |att| !beats(def, att, trump))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Spelling;

    fn c(name: &str) -> Card {
        Card::parse(name, Spelling::RankSuit).unwrap()
    }

    fn m(names: &[&str]) -> CardSet {
        names.iter().map(|n| c(n)).collect()
    }

    fn ids(set: CardSet) -> Vec<u8> {
        set.iter_ace_high().map(Card::ace_high_id).collect()
    }

    #[test]
    fn beats_rules_and_beaters_mask_agree() {
        let h = Suit::Hearts;
        assert!(beats(c("KS"), c("QS"), h));
        assert!(beats(c("QH"), c("QS"), h));
        assert!(!beats(c("6H"), c("AH"), h));
        assert!(beats(c("6H"), c("AS"), h));
        assert!(!beats(c("AS"), c("6H"), h));
        assert!(!beats(c("KD"), c("QS"), h));
        assert!(!beats(c("AS"), c("AS"), Suit::Spades));
        for trump in Suit::ALL {
            for a in DECK {
                let m: CardSet = DECK.iter().filter(|&d| beats(d, a, trump)).collect();
                assert_eq!(m, beaters(a, trump), "att {a} trump {trump:?}");
            }
        }
        assert_eq!(six_of(Suit::Clubs), c("6C"));
        assert_eq!(
            ranks_of(m(&["7D", "AS"])),
            m(&["7S", "7H", "7D", "7C", "AS", "AH", "AD", "AC"])
        );
        assert_eq!(card_of(1), Some(c("AS")));
        assert_eq!(card_of(36), Some(c("6C")));
        assert_eq!(card_of(0), None);
        assert_eq!(card_of(37), None);
    }

    #[test]
    fn cap_and_bout() {
        assert_eq!([0, 1, 5, 6, 7, 12].map(cap_for), [0, 1, 5, 6, 6, 6]);
        let h = Suit::Hearts;
        let mut b = Bout::new(0, 1, 2);
        assert!(b.all_beaten() && b.is_empty());
        b.attacks[0] = c("AS");
        b.len = 1;
        assert_eq!(legal_beats(m(&["6C", "7C"]), &b, h), CardSet::EMPTY);
        assert!(forced(m(&["6C", "7C"]), &b, h, true, false));
        assert!(!forced(m(&["6C", "7C"]), &b, h, true, true));
        b.beats[0] = Some(c("7C"));
        assert_eq!(legal_attacks(m(&["KH"]), &b), CardSet::EMPTY);
        assert!(forced(m(&["KH"]), &b, h, false, false));
        assert_eq!(legal_attacks(m(&["7D", "KH", "AC"]), &b), m(&["7D", "AC"]));
        assert_eq!(closes(&b, 0), Some(How::Spent));
        assert_eq!(closes(&b, 3), None);
        b.cap = 1;
        assert_eq!(closes(&b, 3), Some(How::Capped));
        assert_eq!(legal_attacks(m(&["7D"]), &b), CardSet::EMPTY);
    }

    #[test]
    fn results() {
        assert_eq!(out_seats(&[0, 0], 0), vec![0, 1]);
        assert_eq!(out_seats(&[0, 0], 4), Vec::<u8>::new());
        assert_eq!(result_for(&[2, 3], 0), None);
        assert_eq!(result_for(&[0, 3], 0), Some(Outcome::Fool(1)));
        assert_eq!(result_for(&[0, 0], 0), Some(Outcome::Draw));
        assert_eq!(result_for(&[0, 3, 2], 0), None);
    }

    #[test]
    fn recorded_order_of_game_one() {
        // durak_games.jsonl, game 1: seed "parlour-durak-1" padded to 32 bytes.
        let order = order_for(&seed32("parlour-durak-1"), "1").unwrap();
        assert_eq!(
            order.to_vec(),
            vec![
                9, 1, 27, 12, 36, 3, 29, 23, 13, 28, 34, 24, 31, 20, 5, 2, 26, 21, 15, 25, 35, 7,
                32, 16, 18, 22, 4, 19, 11, 17, 30, 8, 10, 6, 33, 14
            ]
        );
        let d = deal_order(&order, 2);
        assert_eq!(ids(d.hands[0]), vec![9, 13, 27, 29, 34, 36]);
        assert_eq!(ids(d.hands[1]), vec![1, 3, 12, 23, 24, 28]);
        assert_eq!(d.trump_card.ace_high_id(), 31);
        assert_eq!(d.talon.len(), 24);
        assert_eq!(d.talon.last(), Some(&d.trump_card));
        assert_eq!(d.first, 0);
    }

    #[test]
    fn errors_and_multi_seat_deals() {
        assert_eq!(order_for(b"short", "1").unwrap_err().code, "NO_SEED");
        for bad in ["0", "", "01", "-1", "+1", "1x", " 1"] {
            assert_eq!(
                order_for(&seed32("x"), bad).unwrap_err().code,
                "BAD_DEAL",
                "{bad:?}"
            );
        }
        assert_eq!(
            deal_for(&seed32("x"), "1", 7).unwrap_err().code,
            "BAD_SEATS"
        );
        assert_ne!(
            order_for(&seed32("x"), "1").unwrap(),
            order_for(&seed32("x"), "2").unwrap()
        );
        for seats in 2..=6u8 {
            let d = deal_for(&seed32("multi"), "1", seats).unwrap();
            let mut all: CardSet = d.talon.iter().copied().collect();
            for h in &d.hands {
                assert_eq!(h.len(), 6);
                all = all.union(*h);
            }
            assert_eq!(all, DECK);
            assert_eq!(d.talon.len(), 36 - 6 * usize::from(seats));
        }
    }

    #[test]
    fn first_attacker_cases() {
        let h1 = m(&["AS", "KS", "QD", "JC", "TC", "9D"]);
        let h2 = m(&["6H", "AH", "KD", "QC", "JS", "8C"]);
        assert_eq!(first_attacker(&[h1, h2], Suit::Hearts), 1);
        let h1 = m(&["AS", "KS", "QS", "JS", "TS", "9S"]);
        let h2 = m(&["AD", "KD", "QD", "JD", "TD", "9D"]);
        assert_eq!(first_attacker(&[h1, h2], Suit::Diamonds), 1);
        assert_eq!(first_attacker(&[h1, h2], Suit::Clubs), 0);
    }
}
