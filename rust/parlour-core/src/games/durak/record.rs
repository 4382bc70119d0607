//! The referee's record of a game: where it started (the deal, or a position read from its
//! parts) and the moves made since, by seat. The reference writes events for every move; the
//! record keeps only the moves (adding one allocates nothing, see [`Trail`]) and writes the
//! events again by replaying them, when they are asked for.

use super::{Durak, Event, Move};
use crate::error::Result;
use crate::game::Seat;
use crate::rng::Rng;
use crate::trail::Trail;
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
