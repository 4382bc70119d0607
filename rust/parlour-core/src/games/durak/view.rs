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

use super::card;
use super::state::{Durak, Move, Phase, Variant, STALL_LIMIT};
use crate::error::Result;
use crate::game::{GameState, Seat};
use crate::rng::Rng;
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
        format!("{} {}", mv.kind.as_str(), card::name(mv.card))
    } else {
        mv.kind.as_str().to_string()
    }
}

fn names(mask: u64) -> Value {
    Value::strs(card::ids(mask).map(card::name))
}

fn seats_of(mask: u8, n: u8) -> Value {
    Value::ints((0..n).filter(|s| mask & (1 << s) != 0))
}

impl Durak {
    /// The cards nobody but their holder can see: every seat's cards but `seat`'s and the
    /// known ones, and the talon but the turn-up.
    fn hidden_from(&self, seat: Seat) -> u64 {
        let mut m = 0;
        for s in 0..self.seats {
            if s != seat {
                m |= self.hand(s) & !self.known(s);
            }
        }
        for &c in &self.talon[..self.talon_left()] {
            if c != self.trump_card() {
                m |= card::bit(c);
            }
        }
        m
    }

    /// Whether `seat` keeps the right to exchange the trump six (it holds the six it was dealt
    /// or drew, and the turn-up is in the talon).
    fn swap_right(&self, seat: Seat) -> bool {
        self.six_owner() == Some(seat)
            && self.hand(seat) & card::bit(self.six_of_trumps()) != 0
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
                        Value::Str(card::name(b.attacks[i])),
                        if beat == 0 {
                            Value::Null
                        } else {
                            Value::Str(card::name(beat))
                        },
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
            card::ids(self.hand(seat)).map(card::name).collect(),
            (0..n).map(|s| self.count(s)).collect(),
            legal.iter().map(|&m| move_text(m)).collect(),
            legal.iter().map(|&m| usize::from(m.action())).collect(),
            &r[..usize::from(n)],
        )
        .with("seats", Value::Int(i64::from(n)))
        .with("variant", Value::Str(self.variant().as_str().into()))
        .with(
            "trump",
            Value::Str(card::suit_letter(self.trump()).to_string()),
        )
        .with("trump_card", Value::Str(card::name(self.trump_card())))
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
        let row = |out: &mut [f32], at: usize, mask: u64| {
            for c in card::ids(mask) {
                out[at + usize::from(c) - 1] = 1.0;
            }
        };
        let n = self.seats();
        row(out, o::HAND, self.hand(seat));
        if let Some(b) = self.bout() {
            for i in 0..b.size() {
                row(out, o::ATTACKS, card::bit(b.attacks[i]));
                row(out, o::BEATS, card::bit(b.beats[i]));
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
        row(out, o::TURN_UP, card::bit(self.trump_card()));
        out[o::TRUMP + usize::from(self.trump() % 4)] = 1.0;
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

    /// The other seats' hidden cards and the talon (all but the turn-up) dealt anew from the
    /// cards they hold together: each seat keeps its size and its known cards and gets none of
    /// the cards it was shown to lack; the talon's order is shuffled, the turn-up staying at its
    /// bottom; and the seat to move (when it is another seat) gets a hand that leaves it a move,
    /// as the referee's forced-move procedure shows it has. Uniform among the states that meet
    /// all of that (a uniform constrained deal, redrawn until the seat to move has a move).
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Result<Self> {
        let n = self.seats();
        let pool: Vec<u16> = card::ids(self.hidden_from(seat)).map(u16::from).collect();
        let others: Vec<u8> = (0..n).filter(|&s| s != seat).collect();
        let lacks: Vec<u64> = others.iter().map(|&s| self.lacks(s)).collect();
        let allows: Vec<Box<dyn Fn(u16) -> bool>> = lacks
            .iter()
            .map(|&l| {
                Box::new(move |c: u16| u8::try_from(c).is_ok_and(|c| l & card::bit(c) == 0))
                    as Box<dyn Fn(u16) -> bool>
            })
            .collect();
        let any = |_: u16| true;
        let turn_up_slots: Vec<usize> = (0..self.talon_left())
            .filter(|&p| self.talon[p] == self.trump_card())
            .collect();
        let mut holders: Vec<Holder<'_>> = others
            .iter()
            .zip(&allows)
            .map(|(&s, f)| Holder {
                size: (self.hand(s) & !self.known(s)).count_ones() as usize,
                allows: f.as_ref(),
            })
            .collect();
        holders.push(Holder {
            size: self.talon_left() - turn_up_slots.len(),
            allows: &any,
        });
        let six = self.six_of_trumps();
        let six_hidden = pool.contains(&u16::from(six));
        let mover = self.turn().filter(|&t| t != seat);
        let mut buf = Vec::new();
        for _ in 0..4096 {
            let deal = deal_uniform(&pool, &holders, rng)
                .ok_or_else(|| resample_failed("the cards shown lacking leave no deal"))?;
            let mut next = self.clone();
            for (i, &s) in others.iter().enumerate() {
                let dealt = deal[i]
                    .iter()
                    .fold(0u64, |m, &c| m | u8::try_from(c).map_or(0, card::bit));
                next.hands[usize::from(s)] = self.known(s) | dealt;
                if six_hidden && dealt & card::bit(six) != 0 {
                    next.six_owner = Some(s);
                }
            }
            if six_hidden && deal[others.len()].contains(&u16::from(six)) {
                next.six_owner = None;
            }
            let mut stock = deal[others.len()].iter();
            for p in 0..self.talon_left() {
                if !turn_up_slots.contains(&p) {
                    next.talon[p] = stock
                        .next()
                        .and_then(|&c| u8::try_from(c).ok())
                        .unwrap_or(0);
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
