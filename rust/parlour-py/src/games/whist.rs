//! `parlour._core.whist`: the generic trick-taking game's state, `parlour.whist.State`, one
//! frozen, final class holding the core position. The protocol comes from
//! [`crate::state`]; its notation is read and written in `parlour.whist.notation`, over the
//! `Parts` record. This is the model binding: a game adds only what differs.

use crate::cards::card;
use crate::errors::{config_err, guarded};
use crate::notation::Notation;
use crate::state::{PartsClass, StateClass, KEPT};
use parlour_core::cards::{Card, CardSet, Suit};
use parlour_core::games::whist::{Whist, WhistConfig};
use parlour_core::lazy::LazyMoves;
use parlour_core::Common;
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyTuple, PyType};

/// `parlour.whist.notation`: `Parts`, `read`, `write`.
static NOTATION: Notation = Notation::new("parlour.whist.notation");

/// The position's parts as `parlour.whist.notation.Parts` gives them (its fields by name).
#[derive(FromPyObject)]
struct Parts {
    trump: Option<u8>,
    leader: u8,
    hands: [u64; 4],
    trick: Vec<i64>,
    won: [u8; 4],
}

/// `parlour.cards.Card` and the interned `Card` of each bit index (None for the 12 gaps): the
/// move table of `State.legal_moves`.
fn card_table(py: Python<'_>) -> PyResult<&(Py<PyType>, Py<PyTuple>)> {
    static TABLE: PyOnceLock<(Py<PyType>, Py<PyTuple>)> = PyOnceLock::new();
    TABLE.get_or_try_init(py, || {
        let cls = py
            .import("parlour.cards")?
            .getattr("Card")?
            .cast_into::<PyType>()?;
        let card = |i| {
            Card::from_index(i)
                .map(|c| cls.call1((c.index(),)))
                .transpose()
        };
        let items = PyTuple::new(py, (0..64).map(card).collect::<PyResult<Vec<_>>>()?)?;
        Ok((cls.unbind(), items.unbind()))
    })
}

/// A position of the generic four-player trick-taking game (immutable).
///
/// Made by ``State.new(seed=...)``, ``State.from_deck(deck)``, ``State.from_parts(parts)`` or
/// ``State.from_notation(text)``; every move gives a new state.
#[pyclass(frozen, module = "parlour.whist", name = "State")]
pub struct PyState {
    inner: Whist,
    kept: LazyMoves<KEPT>,
}

impl PyState {
    fn of(inner: Whist) -> Self {
        PyState {
            inner,
            kept: LazyMoves::new(),
        }
    }
}

impl StateClass for PyState {
    crate::holds!(Whist, inner);
    const ACTIONS: usize = 52;

    fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
        Ok(card_table(py)?.1.bind(py))
    }
    fn action(c: Card) -> usize {
        crate::cards::card_action(c)
    }
    fn with_core(&self, _py: Python<'_>, core: Whist, _played: Option<Card>) -> PyResult<Self> {
        Ok(Self::of(core))
    }
    fn apply_other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        if !obj.is_instance(card_table(py)?.0.bind(py))? {
            let name = obj
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string());
            return Err(PyTypeError::new_err(format!(
                "a move is a Card, not {name}"
            )));
        }
        let c = card(obj.getattr(intern!(py, "index"))?.extract::<i64>()?)?;
        self.play(py, c, false)
    }
    fn same(&self, _py: Python<'_>, other: &Self) -> PyResult<bool> {
        Ok(self.inner == other.inner)
    }
}

impl PartsClass for PyState {
    fn notation() -> &'static Notation {
        &NOTATION
    }
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let play = self.inner.trick_play();
        let trick = play.trick().iter().map(|c| c.index());
        let fields = (
            play.trump().map(Suit::index),
            play.leader(),
            PyTuple::new(py, play.hands().map(|h| h.0))?,
            PyTuple::new(py, trick)?,
            PyTuple::new(py, play.won())?,
        );
        NOTATION.parts(py, fields.into_pyobject(py)?)
    }
    fn from_parts(parts: &Bound<'_, PyAny>) -> PyResult<Self> {
        let parts: Parts = parts.extract()?;
        let trick: Vec<Card> = parts.trick.into_iter().map(card).collect::<PyResult<_>>()?;
        let trump = match parts.trump {
            None => None,
            Some(t) => Some(
                Suit::from_index(t)
                    .ok_or_else(|| config_err(Common::InvalidSuit, format!("{t} is not a suit")))?,
            ),
        };
        let hands = parts.hands.map(CardSet);
        let inner = guarded(|| Whist::from_parts(hands, &trick, parts.leader, trump, parts.won))?;
        Ok(Self::of(inner))
    }
}

crate::protocol!(PyState);
crate::notation!(PyState);

#[pymethods]
impl PyState {
    /// A new game dealt from ``seed``.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEED`` if ``seed`` is not an integer from 0 to 2**64-1.
    #[staticmethod]
    #[pyo3(signature = (*, seed, no_trump = false))]
    fn new<'py>(seed: &Bound<'py, PyAny>, no_trump: bool) -> PyResult<Bound<'py, PyState>> {
        let py = seed.py();
        let seed = crate::view::seed_arg(seed)?;
        let inner =
            guarded(|| parlour_core::game::GameState::new(&WhistConfig { no_trump }, seed))?;
        Bound::new(py, Self::of(inner))
    }

    /// Deal from an explicit 52-card order (bit indices); card ``k`` goes to seat ``k % 4``.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_DECK`` unless ``deck`` is the 52 distinct cards.
    #[staticmethod]
    #[pyo3(signature = (deck, no_trump = false))]
    fn from_deck(py: Python<'_>, deck: Vec<i64>, no_trump: bool) -> PyResult<Bound<'_, PyState>> {
        let cards: Vec<Card> = deck.into_iter().map(card).collect::<PyResult<_>>()?;
        let inner = guarded(|| Whist::from_deck(&cards, &WhistConfig { no_trump }))?;
        Bound::new(py, Self::of(inner))
    }
}

/// Register `parlour._core.whist`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "whist")?;
    m.add_class::<PyState>()?;
    super::add_submodule(parent, &m, "whist")
}
