//! `parlour._core.whist`: the generic trick-taking game as a frozen state class.

use crate::errors::{config_err, guarded};
use parlour_core::cards::Card;
use parlour_core::game::GameState;
use parlour_core::games::whist::{Whist, WhistConfig};
use pyo3::prelude::*;

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
        PyWhist { inner: Whist::new_game(&WhistConfig { no_trump }, seed) }
    }

    /// Deal from an explicit 52-card order (bit indices); card `k` goes to seat `k % 4`.
    #[staticmethod]
    #[pyo3(signature = (deck, no_trump = false))]
    fn from_deck(deck: Vec<i64>, no_trump: bool) -> PyResult<Self> {
        let cards: Vec<Card> = deck
            .into_iter()
            .map(|i| {
                u8::try_from(i)
                    .ok()
                    .and_then(Card::from_index)
                    .ok_or_else(|| config_err("INVALID_DECK", format!("{i} is not a card index")))
            })
            .collect::<PyResult<_>>()?;
        guarded(|| Whist::from_deck(&cards, &WhistConfig { no_trump })).map(|inner| PyWhist { inner })
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

    /// The state after playing card `card` (a bit index).
    fn apply(&self, card: i64) -> PyResult<Self> {
        let c = u8::try_from(card)
            .ok()
            .and_then(Card::from_index)
            .ok_or_else(|| config_err("INVALID_CARD", format!("{card} is not a card index")))?;
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
