//! `parlour._core.whist`: the generic trick-taking game as a frozen state class.

use crate::errors::{config_err, guarded, IllegalMoveError};
use crate::fast::{exact_index, pick};
use parlour_core::cards::{Card, CardSet, Suit};
use parlour_core::game::GameState;
use parlour_core::games::whist::{Whist, WhistConfig};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

fn card(index: i64) -> PyResult<Card> {
    u8::try_from(index)
        .ok()
        .and_then(Card::from_index)
        .ok_or_else(|| config_err("INVALID_CARD", format!("{index} is not a card index")))
}

/// A position of the generic four-player trick-taking game (immutable).
#[pyclass(frozen, module = "parlour._core.whist", name = "WhistState")]
#[derive(Clone)]
pub struct PyWhist {
    inner: Whist,
}

#[pymethods]
impl PyWhist {
    /// A new game dealt from `seed`.
    #[new]
    #[pyo3(signature = (seed, no_trump = false))]
    fn new(seed: u64, no_trump: bool) -> Self {
        PyWhist {
            inner: Whist::new_game(&WhistConfig { no_trump }, seed),
        }
    }

    /// Deal from an explicit 52-card order (bit indices); card `k` goes to seat `k % 4`.
    #[staticmethod]
    #[pyo3(signature = (deck, no_trump = false))]
    fn from_deck(deck: Vec<i64>, no_trump: bool) -> PyResult<Self> {
        let cards: Vec<Card> = deck.into_iter().map(card).collect::<PyResult<_>>()?;
        guarded(|| Whist::from_deck(&cards, &WhistConfig { no_trump }))
            .map(|inner| PyWhist { inner })
    }

    /// Rebuild a position from its parts: four hand masks, the current trick (bit indices, in
    /// play order), the leader of that trick, the trump suit lane (None: no trump) and tricks won.
    #[staticmethod]
    fn from_parts(
        hands: [u64; 4],
        trick: Vec<i64>,
        leader: u8,
        trump: Option<u8>,
        won: [u8; 4],
    ) -> PyResult<Self> {
        let trick: Vec<Card> = trick.into_iter().map(card).collect::<PyResult<_>>()?;
        let trump = match trump {
            None => None,
            Some(t) => Some(
                Suit::from_index(t)
                    .ok_or_else(|| config_err("INVALID_SUIT", format!("{t} is not a suit")))?,
            ),
        };
        let hands = hands.map(CardSet);
        guarded(|| Whist::from_parts(hands, &trick, leader, trump, won))
            .map(|inner| PyWhist { inner })
    }

    /// The seat to move, or None when the game is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.to_move()
    }

    /// True when all 13 tricks have been played.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// The Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Legal cards (bit indices) in ascending order.
    fn legal_moves(&self) -> Vec<u8> {
        let mut v = Vec::new();
        self.inner.legal_moves_into(&mut v);
        v.into_iter().map(Card::index).collect()
    }

    /// The legal moves as `table[card index]` (the caller's interned move objects), in
    /// ascending order.
    fn legal_from<'py>(&self, table: &Bound<'py, PyTuple>) -> PyResult<Bound<'py, PyTuple>> {
        let mut v = Vec::new();
        self.inner.legal_moves_into(&mut v);
        pick(table, v.into_iter().map(|c| usize::from(c.index())))
    }

    /// The state after the `index`-th legal move (`IllegalMoveError` `INVALID_MOVE_INDEX` for
    /// anything but an int in range).
    fn apply_index(&self, index: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mut v = Vec::new();
        self.inner.legal_moves_into(&mut v);
        let Some(&mv) = exact_index(index, v.len()).and_then(|i| v.get(i)) else {
            return Err(IllegalMoveError::new_err((
                "INVALID_MOVE_INDEX",
                format!("no legal move number {index:?}"),
            )));
        };
        guarded(|| self.inner.apply(mv)).map(|inner| PyWhist { inner })
    }

    /// The state after playing card `card` (a bit index).
    fn apply(&self, card: i64) -> PyResult<Self> {
        let c = self::card(card)?;
        guarded(|| self.inner.apply(c)).map(|inner| PyWhist { inner })
    }

    /// Tricks taken by each seat.
    fn returns(&self) -> Vec<f32> {
        let mut r = vec![0.0; 4];
        self.inner.returns_into(&mut r);
        r
    }

    /// The notation of the position.
    fn to_notation(&self) -> String {
        self.inner.to_notation()
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

/// Register `parlour._core.whist`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "whist")?;
    m.add_class::<PyWhist>()?;
    super::add_submodule(parent, &m, "whist")
}
