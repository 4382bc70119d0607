//! The referee's record of a game: where it started (the deal, or a position read from its
//! parts) and the moves made since, by seat. The reference writes events for every move; the
//! record keeps only the moves (adding one allocates nothing, see [`Trail`]) and writes the
//! events again by replaying them, when they are asked for. Also the reference's records as
//! plain data ([`Value`]): its events, action objects, results and position snapshots.

use super::{Durak, Event, Move, Outcome};
use crate::cards::{Card, CardSet};
use crate::error::Result;
use crate::game::Seat;
use crate::rng::Rng;
use crate::trail::Trail;
use crate::view::Value;
use std::sync::Arc;

/// The start of a game and the moves made from it (cheap to clone; shared by every position
/// that descends from the same moves).
#[derive(Clone)]
pub struct Record {
    /// The position before the first move.
    start: Arc<Durak>,
    /// The moves by seat (0-based), oldest first; None before the first.
    moves: Option<Trail<(u8, Move)>>,
}

impl std::fmt::Debug for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Record")
            .field("moves", &self.moves.as_ref().map_or(0, Trail::count))
            .finish_non_exhaustive()
    }
}

impl Record {
    /// A record starting at `start`, with no moves yet.
    #[must_use]
    pub fn new(start: Durak) -> Record {
        Record {
            start: Arc::new(start),
            moves: None,
        }
    }

    /// The record with `mv` of `seat` (0-based) added.
    #[must_use]
    pub fn after(&self, seat: u8, mv: Move) -> Record {
        Record {
            start: Arc::clone(&self.start),
            moves: Some(Trail::push(self.moves.as_ref(), (seat, mv))),
        }
    }

    /// The position the record starts from.
    #[must_use]
    pub fn start(&self) -> &Durak {
        &self.start
    }

    /// The moves by seat (0-based), oldest first.
    #[must_use]
    pub fn moves(&self) -> Vec<(u8, Move)> {
        self.moves.as_ref().map_or_else(Vec::new, Trail::to_vec)
    }

    /// True when no move has been made since the start.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        !matches!(&self.moves, Some(t) if t.count() > 0)
    }

    /// Every event the referee wrote since the start, oldest first (the moves replayed through
    /// the checked path).
    ///
    /// # Errors
    /// The refusal of a move that does not replay (a bug: every recorded move was accepted).
    pub fn events(&self) -> Result<Vec<Event>> {
        let mut g = Durak::clone(&self.start);
        let mut events = Vec::new();
        for (seat, mv) in self.moves() {
            g.apply_seat(seat, mv, &mut events)?;
        }
        Ok(events)
    }

    /// A game consistent with what `seat` sees of `now` (the position this record leads to):
    /// with moves, a new start from which the same moves replay to the returned position
    /// ([`super::view::resample_replaying`]), and the record of those moves from it; without,
    /// a position-only resample and an empty record.
    ///
    /// # Errors
    /// `RESAMPLE_FAILED` for parts that contradict each other.
    pub fn resample(&self, now: &Durak, seat: Seat, rng: &mut Rng) -> Result<(Durak, Record)> {
        if self.is_empty() {
            let next = crate::view::Observe::resample(now, seat, rng)?;
            return Ok((next.clone(), Record::new(next)));
        }
        let (s0, next) = super::view::resample_replaying(&self.start, &self.moves(), seat, rng)?;
        let record = Record {
            start: Arc::new(s0),
            moves: self.moves.clone(),
        };
        Ok((next, record))
    }
}

// ----- the reference's records as plain data -------------------------------------------------

/// A 1-based seat number.
fn seat1(s: u8) -> Value {
    Value::Int(i64::from(s) + 1)
}

/// A card's id, `null` for none.
fn id_value(c: Option<Card>) -> Value {
    c.map_or(Value::Null, |c| Value::Int(i64::from(c.ace_high_id())))
}

/// The ids of a set of cards, in id order.
fn ids_value(cards: CardSet) -> Value {
    Value::ints(cards.iter_ace_high().map(Card::ace_high_id))
}

/// `{seat: f(seat)}` over `seats` seats (keys are 1-based seat numbers, written as digits:
/// the binding makes them ints).
fn per_seat(seats: u8, f: impl Fn(u8) -> Value) -> Value {
    Value::Map((0..seats).map(|s| ((s + 1).to_string(), f(s))).collect())
}

/// The 1-based seats of a seat mask, in seat order.
fn seats_value(mask: u8, seats: u8) -> Value {
    Value::ints((0..seats).filter(|s| mask & (1 << s) != 0).map(|s| s + 1))
}

/// A move as the reference's action object `{kind, card?}`.
#[must_use]
pub fn move_value(m: Move) -> Value {
    let mut items = vec![("kind".to_string(), Value::Str(m.kind.as_str().into()))];
    if m.kind.has_card() {
        items.push(("card".to_string(), Value::Int(i64::from(m.card_id()))));
    }
    Value::Map(items)
}

/// The result object `{outcome, fool, places}` (places: 2 for the fool, 1 for every other
/// seat).
#[must_use]
pub fn outcome_value(o: Outcome, seats: u8) -> Value {
    let fool = o.fool();
    Value::Map(vec![
        ("outcome".into(), Value::Str(o.as_str().into())),
        ("fool".into(), fool.map_or(Value::Null, seat1)),
        (
            "places".into(),
            per_seat(seats, |s| Value::Int(if fool == Some(s) { 2 } else { 1 })),
        ),
    ])
}

/// An event in the reference's shape (seats 1-based).
#[must_use]
pub fn event_value(e: &Event) -> Value {
    let kind = |k: &str| ("kind".to_string(), Value::Str(k.into()));
    let int = |k: &str, n: u8| (k.to_string(), Value::Int(i64::from(n)));
    Value::Map(match *e {
        Event::Move {
            kind: k,
            seat,
            card,
        } => {
            let mut items = vec![kind(k.as_str()), ("seat".into(), seat1(seat))];
            if k.has_card() {
                items.push(int("card", card.map_or(0, Card::ace_high_id)));
            }
            items
        }
        Event::BoutEnd {
            taken,
            how,
            cards,
            discard,
            next_attacker,
        } => vec![
            kind("bout_end"),
            int("taken", u8::from(taken)),
            ("how".into(), Value::Str(how.as_str().into())),
            int("cards", cards),
            int("discard", discard),
            ("next_attacker".into(), seat1(next_attacker)),
        ],
        Event::Refill {
            drawn,
            seats,
            talon,
        } => vec![
            kind("refill"),
            (
                "drawn".into(),
                per_seat(seats.min(6), |s| {
                    Value::Int(i64::from(drawn[usize::from(s)]))
                }),
            ),
            int("talon", talon),
        ],
        Event::Out { seat } => vec![kind("out"), ("seat".into(), seat1(seat))],
        Event::GameEnd { outcome, seats } => {
            let Value::Map(result) = outcome_value(outcome, seats) else {
                unreachable!("an outcome is a map")
            };
            std::iter::once(kind("game_end")).chain(result).collect()
        }
    })
}

impl Durak {
    /// The whole position as plain data (the vectors' snapshot keys, seats 1-based): `seats
    /// variant trump phase turn over hands talon talon_left discard trump_card turn_up_left
    /// six_owner can_swap bout result ply heap known out`.
    #[must_use]
    pub fn snapshot(&self) -> Value {
        let n = self.seats;
        let flag = |b: bool| Value::Int(i64::from(b));
        let bout = self.bout.as_ref().map_or(Value::Null, |b| {
            let k = b.size();
            Value::Map(vec![
                ("attacker".into(), seat1(b.attacker)),
                ("defender".into(), seat1(b.defender)),
                ("cap".into(), Value::Int(i64::from(b.cap))),
                (
                    "attacks".into(),
                    Value::ints(b.attacks[..k].iter().map(|c| c.ace_high_id())),
                ),
                (
                    "beats".into(),
                    Value::List(b.beats[..k].iter().map(|&c| id_value(c)).collect()),
                ),
                ("taken".into(), flag(b.taken)),
                ("passed".into(), seats_value(b.passed, n)),
            ])
        });
        Value::Map(vec![
            ("seats".into(), Value::Int(i64::from(n))),
            ("variant".into(), Value::Str(self.variant.as_str().into())),
            ("trump".into(), Value::Str(self.trump.letter().to_string())),
            ("phase".into(), Value::Str(self.phase().as_str().into())),
            ("turn".into(), self.turn().map_or(Value::Null, seat1)),
            ("over".into(), flag(self.over())),
            ("hands".into(), per_seat(n, |s| ids_value(self.hand(s)))),
            (
                "talon".into(),
                Value::ints(self.talon().into_iter().map(Card::ace_high_id)),
            ),
            ("talon_left".into(), Value::Int(i64::from(self.tlen))),
            ("discard".into(), Value::Int(i64::from(self.discard))),
            ("trump_card".into(), id_value(Some(self.trump_card))),
            ("turn_up_left".into(), flag(self.turn_up_left())),
            (
                "six_owner".into(),
                self.six_owner.map_or(Value::Null, seat1),
            ),
            ("can_swap".into(), per_seat(n, |s| flag(self.can_swap(s)))),
            ("bout".into(), bout),
            (
                "result".into(),
                self.result.map_or(Value::Null, |o| outcome_value(o, n)),
            ),
            ("ply".into(), Value::Int(i64::from(self.ply))),
            ("heap".into(), ids_value(self.heap)),
            ("known".into(), per_seat(n, |s| ids_value(self.known(s)))),
            ("out".into(), seats_value(self.out, n)),
        ])
    }
}
