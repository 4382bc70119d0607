//! `parlour._core.whist`: the generic trick-taking game's state, `parlour.whist.State`, one
//! frozen, final class holding the core position, with the whole protocol here. Its notation is
//! read and written in `parlour.whist.notation`, over the `Parts` record.

use super::trickplay::{legal_mask, legal_moves, move_table, nth_legal};
use crate::cards::card;
use crate::errors::{config_err, guarded, IllegalMoveError};
use crate::notation::{reduce, Notation};
use parlour_core::cards::{Card, CardSet, Suit};
use parlour_core::game::GameState;
use parlour_core::games::whist::{Whist, WhistConfig};
use parlour_core::Common;
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple, PyType};

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
        let items = move_table(py, |i| cls.call1((i,)))?;
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
}

impl PyState {
    fn spawn(py: Python<'_>, inner: Whist) -> PyResult<Bound<'_, PyState>> {
        Bound::new(py, PyState { inner })
    }
}

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
        Self::spawn(py, guarded(|| Whist::new(&WhistConfig { no_trump }, seed))?)
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
        Self::spawn(py, inner)
    }

    /// The position of ``parts`` (a :class:`parlour.whist.notation.Parts`).
    ///
    /// Raises:
    ///     InvalidStateError: ``INVALID_POSITION`` when the parts cannot come from a game.
    #[staticmethod]
    fn from_parts<'py>(parts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyState>> {
        let py = parts.py();
        let parts: Parts = NOTATION.check(parts)?.extract()?;
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
        Self::spawn(py, inner)
    }

    /// The position read from its notation (see :mod:`parlour.whist`).
    ///
    /// Raises:
    ///     NotationError: If the text is malformed.
    ///     InvalidStateError: If it is well-formed but cannot arise in a game.
    ///     TypeError: If ``text`` is not a string.
    #[staticmethod]
    fn from_notation<'py>(text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyState>> {
        let py = text.py();
        Self::from_parts(&NOTATION.read(py, text)?)
    }

    /// The position's parts, a :class:`parlour.whist.notation.Parts`.
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

    /// The position's notation (see :mod:`parlour.whist`).
    fn to_notation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        NOTATION.write(py, self.parts(py)?)
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

    /// The 64-bit Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Tricks taken by each seat.
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut r = [0f32; 4];
        self.inner.returns_into(&mut r);
        PyTuple::new(py, r.map(f64::from))
    }

    /// The legal cards as a bool mask over the 52 actions ``suit * 13 + rank``.
    ///
    /// Returns:
    ///     A numpy bool array of length 52.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        legal_mask(py, self.inner.trick_play())
    }

    /// The legal cards, in index order.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        legal_moves(self.inner.trick_play(), card_table(py)?.1.bind(py))
    }

    /// The state after the ``index``-th legal move.
    ///
    /// Raises:
    ///     IllegalMoveError: ``INVALID_MOVE_INDEX`` if ``index`` is not an int in range.
    fn apply_index<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyState>> {
        let Some(mv) = nth_legal(self.inner.trick_play(), index) else {
            return Err(IllegalMoveError::new_err((
                Common::InvalidMoveIndex.as_str(),
                format!("no legal move number {index:?}"),
            )));
        };
        Self::spawn(index.py(), guarded(|| self.inner.apply(mv))?)
    }

    /// The state after playing ``move``.
    ///
    /// Raises:
    ///     IllegalMoveError: If the card is not held or does not follow suit.
    ///     TypeError: If ``move`` is not a :class:`~parlour.cards.Card`.
    #[pyo3(signature = (r#move))]
    fn apply<'py>(&self, r#move: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyState>> {
        let py = r#move.py();
        if !r#move.is_instance(card_table(py)?.0.bind(py))? {
            let name = r#move
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string());
            return Err(PyTypeError::new_err(format!(
                "a move is a Card, not {name}"
            )));
        }
        let c = card(r#move.getattr(intern!(py, "index"))?.extract::<i64>()?)?;
        Self::spawn(py, guarded(|| self.inner.apply(c))?)
    }

    /// What ``seat`` may see, as a JSON-ready dict (see ``parlour.whist.View``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not 0-3.
    fn view<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::view(seat.py(), &self.inner, seat)
    }

    /// The view of ``seat`` as a float32 array of shape ``(397,)`` (``docs/views.md``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not 0-3.
    fn observation<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::observation(seat.py(), &self.inner, seat)
    }

    /// A state consistent with everything ``seat`` has seen: the other hands dealt anew
    /// (keeping their sizes and the voids shown), uniformly, from ``seed``.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` or ``INVALID_SEED``.
    fn resample<'py>(
        &self,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyState>> {
        let py = seat.py();
        Self::spawn(py, crate::view::resample(py, &self.inner, seat, seed)?)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyState>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "State.from_notation({})",
            self.to_notation(py)?.repr()?
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        reduce(slf.as_any(), slf.get().to_notation(slf.py())?)
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// Register `parlour._core.whist`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "whist")?;
    m.add_class::<PyState>()?;
    super::add_submodule(parent, &m, "whist")
}
