//! What each seat of a Durak game sees: [`Observe`] for [`Durak`].
//!
//! Public: the table, the discarded cards (`heap`), the turn-up (the trump card, face up at
//! the bottom of the talon until it is drawn), how many cards each seat holds and the talon
//! holds, the cards each seat is known to hold (picked up from the table, the exchanged
//! turn-up, the turn-up drawn as the talon's last card), the cards each seat was shown not to
//! hold since it last drew ([`Durak::lacks`]), the bout's state and the result. Hidden: the
//! other seats' remaining cards and the talon's order (all but the turn-up).
//!
//! Seats are 0-based here, as the `seat` argument of every view (the Python API of Durak
//! numbers seats from 1 elsewhere).

use super::rules::first_attacker;
use super::{name, Durak, EventCount, Kind, Move, Phase, Variant, STALL_LIMIT};
use crate::cards::{Card, CardSet};
use crate::error::Result;
use crate::game::{GameState, Seat};
use crate::rng::{shuffle, Rng};
use crate::view::{deal_uniform, resample_failed, Holder, Observe, Value, ViewBuilder};

/// Length of a Durak observation (the same for every number of seats and both variants).
pub const OBSERVATION_LEN: usize = 680;

/// Offsets of the observation's parts (rows of 36 are indexed by card id − 1, rows of 6 by
/// seat).
pub mod offsets {
    /// The seat's own hand (36).
    pub const HAND: usize = 0;
    /// The attack cards on the table (36).
    pub const ATTACKS: usize = 36;
    /// The answers on the table (36).
    pub const BEATS: usize = 72;
    /// The discarded cards (36).
    pub const HEAP: usize = 108;
    /// Seat × card: the cards each seat is known to hold (6 × 36).
    pub const KNOWN: usize = 144;
    /// Seat × card: the cards each seat was shown not to hold since it last drew (6 × 36).
    pub const LACKS: usize = 360;
    /// The turn-up (trump card), one-hot (36).
    pub const TURN_UP: usize = 576;
    /// The trump suit, one-hot S H D C (4).
    pub const TRUMP: usize = 612;
    /// Cards each seat holds, divided by 36 (6).
    pub const SIZES: usize = 616;
    /// Cards left in the talon, divided by 36 (1).
    pub const TALON: usize = 622;
    /// 1 while the turn-up is in the talon (1).
    pub const TURN_UP_LEFT: usize = 623;
    /// The seat the observation is for, one-hot (6).
    pub const SEAT: usize = 624;
    /// The seat to move, one-hot; zeros when over (6).
    pub const TO_MOVE: usize = 630;
    /// The bout's attacker, one-hot (6).
    pub const ATTACKER: usize = 636;
    /// The bout's defender, one-hot (6).
    pub const DEFENDER: usize = 642;
    /// The phase, one-hot: attack, defend, pile_on, over (4).
    pub const PHASE: usize = 648;
    /// The bout's cap, divided by 6 (1).
    pub const CAP: usize = 652;
    /// Seats that passed since the last card (6).
    pub const PASSED: usize = 653;
    /// Seats that are out (6).
    pub const OUT: usize = 659;
    /// Seats in the game (1 for seats `0..seats`) (6).
    pub const IN_GAME: usize = 665;
    /// 1 in the perevodnoy variant (1).
    pub const PEREVODNOY: usize = 671;
    /// `returns()` per seat (6).
    pub const RETURNS: usize = 672;
    /// The stall count, divided by its limit (1).
    pub const STALL: usize = 678;
    /// 1 when the seat may exchange the trump six now or later (its own right) (1).
    pub const CAN_SWAP: usize = 679;
}

/// A move as text: the kind, then the card's name for the kinds that carry one (`attack 6S`,
/// `take`), as Python's `str(Move)` writes it.
#[must_use]
pub fn move_text(mv: Move) -> String {
    if mv.kind.has_card() {
        let card = mv.card.unwrap_or(Card::PLACEHOLDER);
        format!("{} {}", mv.kind.as_str(), name(card))
    } else {
        mv.kind.as_str().to_string()
    }
}

fn names(cards: CardSet) -> Value {
    Value::strs(cards.iter_ace_high().map(name))
}

fn seats_of(mask: u8, n: u8) -> Value {
    Value::ints((0..n).filter(|s| mask & (1 << s) != 0))
}

impl Durak {
    /// The cards nobody but their holder can see: every seat's cards but `seat`'s and the
    /// known ones, and the talon but the turn-up.
    fn hidden_from(&self, seat: Seat) -> CardSet {
        let mut m = CardSet::EMPTY;
        for s in 0..self.seats {
            if s != seat {
                m = m.union(self.hand(s).difference(self.known(s)));
            }
        }
        for &c in &self.talon[..self.talon_left()] {
            if c != self.trump_card() {
                m.insert(c);
            }
        }
        m
    }

    /// Whether `seat` keeps the right to exchange the trump six (it holds the six it was dealt
    /// or drew, and the turn-up is in the talon).
    fn swap_right(&self, seat: Seat) -> bool {
        self.six_owner() == Some(seat)
            && self.hand(seat).contains(self.six_of_trumps())
            && self.turn_up_left()
    }
}

impl Observe for Durak {
    /// The common keys (0-based seats; cards named `AS`…`6C` in id order; moves as
    /// [`move_text`]) and the game's public parts: `seats`, `variant`, `trump`, `trump_card`,
    /// `turn_up_left`, `talon_left`, `discard`, `heap`, `phase`, `attacker`, `defender`, `cap`,
    /// `table` (attack/answer pairs, the answer null while unanswered), `taken`, `passed`,
    /// `chose_done`, `known`, `lacks`, `can_swap` (the seat's own exchange right), `out`,
    /// `fool`, `outcome`, `stall`, `ply`.
    fn view(&self, seat: Seat) -> Value {
        let n = self.seats();
        let mut r = [0f32; 6];
        self.returns_into(&mut r[..usize::from(n)]);
        let legal = self.legal(seat);
        let bout = self.bout();
        let table = bout.map_or_else(Vec::new, |b| {
            (0..b.size())
                .map(|i| {
                    let beat = b.beats[i];
                    Value::List(vec![
                        Value::Str(name(b.attacks[i])),
                        beat.map_or(Value::Null, |c| Value::Str(name(c))),
                    ])
                })
                .collect()
        });
        let result = self.result();
        ViewBuilder::new(
            "durak",
            seat,
            self.turn(),
            self.over(),
            self.hand(seat).iter_ace_high().map(name).collect(),
            (0..n).map(|s| self.count(s)).collect(),
            legal.iter().map(|&m| move_text(m)).collect(),
            legal.iter().map(|&m| usize::from(m.action())).collect(),
            &r[..usize::from(n)],
        )
        .with("seats", Value::Int(i64::from(n)))
        .with("variant", Value::Str(self.variant().as_str().into()))
        .with("trump", Value::Str(self.trump().letter().to_string()))
        .with("trump_card", Value::Str(name(self.trump_card())))
        .with("turn_up_left", Value::Bool(self.turn_up_left()))
        .with("talon_left", Value::Int(self.talon_left() as i64))
        .with("discard", Value::Int(i64::from(self.discard())))
        .with("heap", names(self.heap()))
        .with("phase", Value::Str(self.phase().as_str().into()))
        .with("attacker", Value::seat(bout.map(|b| b.attacker)))
        .with("defender", Value::seat(bout.map(|b| b.defender)))
        .with(
            "cap",
            bout.map_or(Value::Null, |b| Value::Int(i64::from(b.cap))),
        )
        .with("table", Value::List(table))
        .with("taken", Value::Bool(bout.is_some_and(|b| b.taken)))
        .with("passed", seats_of(bout.map_or(0, |b| b.passed), n))
        .with(
            "chose_done",
            Value::Bool(bout.is_some_and(|b| b.chose_done)),
        )
        .with(
            "known",
            Value::List((0..n).map(|s| names(self.known(s))).collect()),
        )
        .with(
            "lacks",
            Value::List((0..n).map(|s| names(self.lacks(s))).collect()),
        )
        .with("can_swap", Value::Bool(self.swap_right(seat)))
        .with("out", seats_of(self.out_mask(), n))
        .with("fool", Value::seat(result.and_then(|o| o.fool())))
        .with(
            "outcome",
            result.map_or(Value::Null, |o| Value::Str(o.as_str().into())),
        )
        .with("stall", Value::Int(i64::from(self.stall())))
        .with("ply", Value::Int(i64::from(self.ply())))
        .build()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![OBSERVATION_LEN]
    }

    /// The layout is [`offsets`]: card rows, then the counts, seats and bout flags.
    fn observation_into(&self, seat: Seat, out: &mut [f32]) {
        use offsets as o;
        out.fill(0.0);
        let row = |out: &mut [f32], at: usize, cards: CardSet| {
            for c in cards {
                out[at + usize::from(c.ace_high_id()) - 1] = 1.0;
            }
        };
        let one = |c: Card| CardSet::from_cards(&[c]);
        let n = self.seats();
        row(out, o::HAND, self.hand(seat));
        if let Some(b) = self.bout() {
            for i in 0..b.size() {
                row(out, o::ATTACKS, one(b.attacks[i]));
                row(out, o::BEATS, b.beats[i].map_or(CardSet::EMPTY, one));
            }
            out[o::ATTACKER + usize::from(b.attacker)] = 1.0;
            out[o::DEFENDER + usize::from(b.defender)] = 1.0;
            out[o::CAP] = f32::from(b.cap) / 6.0;
            for s in 0..n {
                if b.passed & (1 << s) != 0 {
                    out[o::PASSED + usize::from(s)] = 1.0;
                }
            }
        }
        row(out, o::HEAP, self.heap());
        for s in 0..n {
            let si = usize::from(s);
            row(out, o::KNOWN + 36 * si, self.known(s));
            row(out, o::LACKS + 36 * si, self.lacks(s));
            #[allow(clippy::cast_precision_loss)]
            {
                out[o::SIZES + si] = self.count(s) as f32 / 36.0;
            }
            if self.out_mask() & (1 << s) != 0 {
                out[o::OUT + si] = 1.0;
            }
            out[o::IN_GAME + si] = 1.0;
        }
        row(out, o::TURN_UP, one(self.trump_card()));
        out[o::TRUMP + usize::from(self.trump().index())] = 1.0;
        #[allow(clippy::cast_precision_loss)]
        {
            out[o::TALON] = self.talon_left() as f32 / 36.0;
        }
        out[o::TURN_UP_LEFT] = f32::from(u8::from(self.turn_up_left()));
        out[o::SEAT + usize::from(seat)] = 1.0;
        if let Some(t) = self.turn() {
            out[o::TO_MOVE + usize::from(t)] = 1.0;
        }
        let phase = match self.phase() {
            Phase::Attack => 0,
            Phase::Defend => 1,
            Phase::PileOn => 2,
            Phase::Over => 3,
        };
        out[o::PHASE + phase] = 1.0;
        out[o::PEREVODNOY] = f32::from(u8::from(self.variant() == Variant::Perevodnoy));
        self.returns_into(&mut out[o::RETURNS..o::RETURNS + usize::from(n)]);
        out[o::STALL] = f32::from(self.stall()) / f32::from(STALL_LIMIT);
        out[o::CAN_SWAP] = f32::from(u8::from(self.swap_right(seat)));
    }

    /// A fresh deal (no move made yet) is resampled as [`resample_replaying`] with no moves
    /// (the first attacker keeps the lowest trump dealt); any other position as
    /// [`Durak::resample_position`].
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Result<Self> {
        if self.fresh_deal() {
            return resample_replaying(self, &[], seat, rng).map(|(_, now)| now);
        }
        self.resample_position(seat, rng)
    }
}

impl Durak {
    /// A position-only resample: the other seats' hidden cards and the talon (all but the turn-up) dealt anew from the
    /// cards they hold together: each seat keeps its size and its known cards and gets none of
    /// the cards it was shown to lack; the talon's order is shuffled, the turn-up staying at its
    /// bottom; and the seat to move (when it is another seat) gets a hand that leaves it a move,
    /// as the referee's forced-move procedure shows it has. Uniform among the states that meet
    /// all of that (a uniform constrained deal, redrawn until the seat to move has a move).
    ///
    /// # Errors
    /// `RESAMPLE_FAILED` when no deal fits the cards shown lacking or leaves the mover a move.
    pub fn resample_position(&self, seat: Seat, rng: &mut Rng) -> Result<Durak> {
        let n = self.seats();
        // Cards go to the shared dealer by id.
        let pool: Vec<u16> = self
            .hidden_from(seat)
            .iter_ace_high()
            .map(|c| u16::from(c.ace_high_id()))
            .collect();
        let card = |c: u16| {
            u8::try_from(c)
                .ok()
                .and_then(Card::from_ace_high_id)
                .unwrap_or(Card::PLACEHOLDER)
        };
        let others: Vec<u8> = (0..n).filter(|&s| s != seat).collect();
        let lacks: Vec<CardSet> = others.iter().map(|&s| self.lacks(s)).collect();
        let allows: Vec<Box<dyn Fn(u16) -> bool>> = lacks
            .iter()
            .map(|&l| Box::new(move |c: u16| !l.contains(card(c))) as Box<dyn Fn(u16) -> bool>)
            .collect();
        let any = |_: u16| true;
        let turn_up_slots: Vec<usize> = (0..self.talon_left())
            .filter(|&p| self.talon[p] == self.trump_card())
            .collect();
        let mut holders: Vec<Holder<'_>> = others
            .iter()
            .zip(&allows)
            .map(|(&s, f)| Holder {
                size: self.hand(s).difference(self.known(s)).len() as usize,
                allows: f.as_ref(),
            })
            .collect();
        holders.push(Holder {
            size: self.talon_left() - turn_up_slots.len(),
            allows: &any,
        });
        let six = self.six_of_trumps();
        let six_hidden = pool.contains(&u16::from(six.ace_high_id()));
        let mover = self.turn().filter(|&t| t != seat);
        let mut buf = Vec::new();
        for _ in 0..4096 {
            let deal = deal_uniform(&pool, &holders, rng)
                .ok_or_else(|| resample_failed("the cards shown lacking leave no deal"))?;
            let mut next = self.clone();
            for (i, &s) in others.iter().enumerate() {
                let dealt: CardSet = deal[i].iter().map(|&c| card(c)).collect();
                next.hands[usize::from(s)] = self.known(s).union(dealt);
                if six_hidden && dealt.contains(six) {
                    next.six_owner = Some(s);
                }
            }
            if six_hidden && deal[others.len()].contains(&u16::from(six.ace_high_id())) {
                next.six_owner = None;
            }
            let mut stock = deal[others.len()].iter();
            for p in 0..self.talon_left() {
                if !turn_up_slots.contains(&p) {
                    next.talon[p] = stock.next().map_or(Card::PLACEHOLDER, |&c| card(c));
                }
            }
            next.hash = next.card_hash();
            if let Some(t) = mover {
                next.legal_into(t, &mut buf);
                if buf.is_empty() {
                    continue;
                }
            }
            return Ok(next);
        }
        Err(resample_failed(
            "no deal leaves the seat to move a move, as the play shows it has",
        ))
    }
}

/// How many exact proposals [`resample_replaying`] tries before it falls back to its chain.
pub const REPLAY_TRIES: usize = 4096;

/// Steps of the fallback chain per hidden cell (see [`resample_replaying`]).
pub const CHAIN_STEPS_PER_CELL: usize = 32;

/// One place a hidden card of a seat came from: the start hand (`at` `None`) or position `at`
/// of the start's talon, held from move `from` on (0 for the start hand, `k + 1` for a card
/// drawn in the refill after move `k`).
#[derive(Clone, Copy, Debug)]
struct Slot {
    from: usize,
    at: Option<usize>,
}

/// What the recorded play shows about where each other seat's hidden cards came from: its
/// slots, the cards it played (or exchanged) that nobody knew it held, with the move's index,
/// and the talon positions `seat` drew. All of it is public to `seat` (who drew how many and
/// when, which cards were played).
struct Plan {
    slots: Vec<Vec<Slot>>,
    played: Vec<Vec<(usize, Card)>>,
    drawn_by_seat: u64,
}

impl Durak {
    /// True for a position as dealt: no event yet, an empty first bout whose attacker holds
    /// the lowest trump (the deal's rule for the first attacker).
    fn fresh_deal(&self) -> bool {
        self.ply == 0
            && self.bout.is_some_and(|b| {
                b.is_empty()
                    && b.attacker
                        == first_attacker(&self.hands[..usize::from(self.seats)], self.trump)
            })
    }

    /// Whether position `p` of this position's talon holds a card hidden from every seat
    /// (every position but the turn-up's).
    fn hidden_at(&self, p: usize) -> bool {
        p < self.talon_left() && self.talon[p] != self.trump_card
    }
}

/// Replay `moves` from `start`, recording the [`Plan`] of what they show `seat`; the position
/// they reach.
fn plan(start: &Durak, moves: &[(u8, Move)], seat: Seat) -> Result<(Plan, Durak)> {
    let n = usize::from(start.seats());
    let mut slots = vec![Vec::new(); n];
    let mut played = vec![Vec::new(); n];
    let mut drawn_by_seat = 0u64;
    for (s, sl) in slots.iter_mut().enumerate() {
        let s8 = u8::try_from(s).unwrap_or(0);
        if s8 != seat {
            let hidden = start.hand(s8).difference(start.known(s8)).len() as usize;
            sl.resize(hidden, Slot { from: 0, at: None });
        }
    }
    let mut g = start.clone();
    for (k, &(s, mv)) in moves.iter().enumerate() {
        let talon_before = g.talon;
        let left_before = g.talon_left();
        let known_before = g.known(s);
        g.apply_seat(s, mv, &mut EventCount::default())?;
        let c = match mv.kind {
            Kind::Attack | Kind::Beat | Kind::Transfer => mv.card,
            Kind::Swap => Some(g.six_of_trumps()),
            Kind::Take | Kind::Done | Kind::Resign => None,
        };
        if let Some(c) = c.filter(|&c| s != seat && !known_before.contains(c)) {
            played[usize::from(s)].push((k, c));
        }
        for (p, &c) in talon_before
            .iter()
            .enumerate()
            .take(left_before)
            .skip(g.talon_left())
        {
            if !start.hidden_at(p) {
                continue;
            }
            let holder = (0..start.seats())
                .find(|&t| g.hand(t).contains(c))
                .ok_or_else(|| resample_failed("a drawn card is in no hand"))?;
            if holder == seat {
                drawn_by_seat |= 1 << p;
            } else {
                slots[usize::from(holder)].push(Slot {
                    from: k + 1,
                    at: Some(p),
                });
            }
        }
    }
    Ok((
        Plan {
            slots,
            played,
            drawn_by_seat,
        },
        g,
    ))
}

/// What a candidate start must meet: its cards shown lacking, the first attacker of a fresh
/// deal, and the moves replaying (checked) to a position `seat` sees as `view`. The position
/// reached, when it does.
struct Check<'a> {
    moves: &'a [(u8, Move)],
    seat: Seat,
    view: &'a Value,
    first: Option<u8>,
}

impl Check<'_> {
    fn replay(&self, s0: &Durak) -> Option<Durak> {
        let n = usize::from(s0.seats);
        if (0..n).any(|s| !s0.hands[s].intersection(s0.lacks[s]).is_empty()) {
            return None;
        }
        if self
            .first
            .is_some_and(|f| first_attacker(&s0.hands[..n], s0.trump) != f)
        {
            return None;
        }
        let mut g = s0.clone();
        for &(s, mv) in self.moves {
            g.apply_seat(s, mv, &mut EventCount::default()).ok()?;
        }
        (g.view(self.seat) == *self.view).then_some(g)
    }
}

/// A state consistent with everything `seat` has seen since `start`: the hidden cards of the
/// position the moves reach and of the start they imply drawn anew, such that the recorded
/// `moves` (by seat, 0-based, oldest first) replay from the new start through the checked
/// path, every move accepted, to the new position, which `seat` sees as it sees the real one.
/// Returns `(new start, new position)`.
///
/// Each try draws the position reached as [`Durak::resample_position`] does (uniform under
/// the cards shown lacking, the mover left a move), then the implied start: every other seat's
/// slots (its hidden start cards and the hidden talon cards it drew) take the cards it played
/// from its hidden hand, each in a slot drawn uniformly among the free ones it held before
/// playing it, and its hidden cards at the end in the remaining slots in uniform order; the
/// undrawn talon is the drawn one; `seat`'s own cards and draws stay. A fresh-deal `start`
/// must keep its first attacker (the lowest trump). The try is accepted when the moves replay
/// and reach the drawn position with `seat`'s view unchanged. Every complete start that
/// replays is proposed with the same probability (the end is uniform on a support that holds
/// every consistent end, and the number of slot assignments depends only on public facts), so
/// an accepted try is exactly uniform over the starts that replay.
///
/// When none of [`REPLAY_TRIES`] tries is accepted (long plays with many forced passes), a
/// Metropolis chain over the starts that replay takes over: from `start` itself, each step
/// swaps the cards of two hidden cells (another seat's hidden start card, a hidden talon
/// position `seat` did not draw) and keeps the swap when the moves still replay to the view.
/// Its stationary law is the same uniform one, but after [`CHAIN_STEPS_PER_CELL`] steps per
/// cell it is only close to it and leans towards `start`'s actual cards.
///
/// Both treat the players' choices as telling nothing beyond what the referee shows.
///
/// # Errors
/// The refusal when `moves` do not replay from `start` itself; `RESAMPLE_FAILED` when the
/// parts contradict each other.
pub fn resample_replaying(
    start: &Durak,
    moves: &[(u8, Move)],
    seat: Seat,
    rng: &mut Rng,
) -> Result<(Durak, Durak)> {
    replaying(start, moves, seat, rng).map(|(s0, now, _)| (s0, now))
}

/// [`resample_replaying`] and the number of exact tries it took (0 when its chain answered).
pub(crate) fn replaying(
    start: &Durak,
    moves: &[(u8, Move)],
    seat: Seat,
    rng: &mut Rng,
) -> Result<(Durak, Durak, usize)> {
    let (plan, now) = plan(start, moves, seat)?;
    let n = start.seats();
    let six = start.six_of_trumps();
    let six_hidden = start.hidden_from(seat).contains(six);
    let view = now.view(seat);
    let check = Check {
        moves,
        seat,
        view: &view,
        first: start
            .fresh_deal()
            .then(|| start.bout.map(|b| b.attacker))
            .flatten(),
    };
    let set_six = |s0: &mut Durak| {
        if six_hidden {
            s0.six_owner = (0..n).find(|&s| s != seat && s0.hand(s).contains(six));
        }
        s0.hash = s0.card_hash();
    };
    let mut fill: Vec<Option<Card>> = Vec::new();
    let mut avail: Vec<usize> = Vec::new();
    for tries in 1..=REPLAY_TRIES {
        let end = now.resample_position(seat, rng)?;
        let mut s0 = start.clone();
        for p in 0..now.talon_left() {
            if start.hidden_at(p) {
                s0.talon[p] = end.talon[p];
            }
        }
        for s in (0..n).filter(|&s| s != seat) {
            let si = usize::from(s);
            let slots = &plan.slots[si];
            fill.clear();
            fill.resize(slots.len(), None);
            for &(k, c) in &plan.played[si] {
                avail.clear();
                avail.extend((0..slots.len()).filter(|&i| fill[i].is_none() && slots[i].from <= k));
                if avail.is_empty() {
                    return Err(resample_failed("a card was played before it was held"));
                }
                fill[avail[rng.index(avail.len())]] = Some(c);
            }
            let mut rest: Vec<Card> = end
                .hand(s)
                .difference(now.known(s))
                .iter_ace_high()
                .collect();
            shuffle(&mut rest, rng);
            let mut rest = rest.into_iter();
            for f in fill.iter_mut().filter(|f| f.is_none()) {
                *f = Some(
                    rest.next()
                        .ok_or_else(|| resample_failed("more slots than cards"))?,
                );
            }
            if rest.next().is_some() {
                return Err(resample_failed("more cards than slots"));
            }
            let mut hand = start.known(s);
            for (slot, c) in slots.iter().zip(fill.iter().flatten()) {
                match slot.at {
                    None => hand.insert(*c),
                    Some(p) => s0.talon[p] = *c,
                }
            }
            s0.hands[si] = hand;
        }
        set_six(&mut s0);
        if let Some(g) = check.replay(&s0) {
            if g == end {
                return Ok((s0, g, tries));
            }
        }
    }
    chain(start, &plan, &check, set_six, rng).map(|(s0, g)| (s0, g, 0))
}

/// The fallback of [`resample_replaying`]: the Metropolis chain over the starts that replay.
fn chain(
    start: &Durak,
    plan: &Plan,
    check: &Check<'_>,
    set_six: impl Fn(&mut Durak),
    rng: &mut Rng,
) -> Result<(Durak, Durak)> {
    // Cells: (seat, card id) for a hidden start card of another seat, (6, position) for a
    // hidden talon position that `check.seat` did not draw.
    let mut cells: Vec<(u8, u8)> = Vec::new();
    for s in (0..start.seats()).filter(|&s| s != check.seat) {
        cells.extend(
            start
                .hand(s)
                .difference(start.known(s))
                .iter_ace_high()
                .map(|c| (s, c.ace_high_id())),
        );
    }
    for p in 0..start.talon_left() {
        if start.hidden_at(p) && plan.drawn_by_seat & (1 << p) == 0 {
            cells.push((6, u8::try_from(p).unwrap_or(0)));
        }
    }
    let mut s0 = start.clone();
    let mut g = check
        .replay(&s0)
        .ok_or_else(|| resample_failed("the moves do not replay from their own start"))?;
    if cells.len() < 2 {
        return Ok((s0, g));
    }
    for _ in 0..CHAIN_STEPS_PER_CELL * cells.len() {
        let i = rng.index(cells.len());
        let j = rng.index(cells.len() - 1);
        let j = if j >= i { j + 1 } else { j };
        let (a, b) = (cells[i], cells[j]);
        if a.0 == b.0 && a.0 != 6 {
            continue;
        }
        let card_of = |x: &Durak, (s, c): (u8, u8)| {
            if s == 6 {
                x.talon[usize::from(c)]
            } else {
                Card::from_ace_high_id(c).unwrap_or(Card::PLACEHOLDER)
            }
        };
        let (ca, cb) = (card_of(&s0, a), card_of(&s0, b));
        let mut t = s0.clone();
        let put = |t: &mut Durak, (s, c): (u8, u8), old: Card, new: Card| {
            if s == 6 {
                t.talon[usize::from(c)] = new;
            } else {
                let h = &mut t.hands[usize::from(s)];
                h.remove(old);
                h.insert(new);
            }
        };
        put(&mut t, a, ca, cb);
        put(&mut t, b, cb, ca);
        set_six(&mut t);
        if let Some(next) = check.replay(&t) {
            // The cells follow their cards: a hand cell now holds the other card.
            if a.0 != 6 {
                cells[i] = (a.0, cb.ace_high_id());
            }
            if b.0 != 6 {
                cells[j] = (b.0, ca.ace_high_id());
            }
            s0 = t;
            g = next;
        }
    }
    Ok((s0, g))
}
