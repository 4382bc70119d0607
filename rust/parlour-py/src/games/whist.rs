//! `parlour._core.whist`: the generic trick-taking game as a frozen state class.

use super::trickplay::{legal_mask, legal_moves, move_table, nth_legal};
use crate::cards::card;
use crate::errors::{config_err, guarded, IllegalMoveError};
use crate::fast::Spawner;
use parlour_core::cards::{Card, CardSet, Suit};
use parlour_core::game::GameState;

use parlour_core::games::whist::{Whist, WhistConfig};
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyTuple, PyType};
use std::cell::Cell;

/// The position after the `index`-th legal move of `game` (`IllegalMoveError`
/// `INVALID_MOVE_INDEX` for anything but an int in range).
fn apply_index(game: &Whist, index: &Bound<'_, PyAny>) -> PyResult<Whist> {
    let Some(mv) = nth_legal(game.trick_play(), index) else {
        return Err(IllegalMoveError::new_err((
            "INVALID_MOVE_INDEX",
            format!("no legal move number {index:?}"),
        )));
    };
    guarded(|| game.apply(mv))
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

/// `parlour.whist.State`: it holds the position and runs the hot path of Python loops
/// (`is_terminal`, `to_move`, `zobrist`, `legal_moves`, `apply_index`, `apply`) without a Python
/// frame; its other members are written in Python (`parlour/whist.py`) and installed on this
/// class at import (`parlour._native.fold_into_base`).
#[pyclass(subclass, frozen, module = "parlour.whist", name = "State")]
pub struct PyState {
    inner: Whist,
}

thread_local! {
    /// The value of the next instance made by `State.__new__` without arguments (see
    /// [`Spawner`]).
    static PENDING: Cell<Option<PyState>> = const { Cell::new(None) };
}

/// Makes the instances of `parlour.whist.State` (and of any subclass) from Rust.
static SPAWN: Spawner<PyState> = Spawner::new(&PENDING);

impl PyState {
    /// A new instance of `slf`'s own class at `inner`.
    fn spawn<'py>(slf: &Bound<'py, Self>, inner: Whist) -> PyResult<Bound<'py, PyAny>> {
        SPAWN.spawn(&slf.get_type(), PyState { inner })
    }
}

#[pymethods]
impl PyState {
    /// `State(core)`: a state at the position `core`.
    #[new]
    #[pyo3(signature = (core = None))]
    fn new(core: Option<PyRef<'_, PyWhist>>) -> PyResult<Self> {
        match core {
            Some(core) => Ok(PyState {
                inner: core.inner.clone(),
            }),
            None => SPAWN.take().ok_or_else(|| {
                PyTypeError::new_err(
                    "create a whist state with State.new(seed=...) or State.from_notation(text)",
                )
            }),
        }
    }

    /// The position (a new `WhistState` on each access).
    #[getter(_core)]
    fn get_core(&self) -> PyWhist {
        PyWhist {
            inner: self.inner.clone(),
        }
    }

    /// The seat to move, or None when the game is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.to_move()
    }

    /// True when all tricks are played.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// The 64-bit Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
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
    ///     IllegalMoveError: If ``index`` is out of range.
    fn apply_index<'py>(
        slf: &Bound<'py, Self>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let next = apply_index(&slf.get().inner, index)?;
        Self::spawn(slf, next)
    }

    /// The state after playing ``move``.
    ///
    /// Raises:
    ///     IllegalMoveError: If the card is not held or does not follow suit.
    ///     TypeError: If ``move`` is not a :class:`~parlour.cards.Card`.
    #[pyo3(signature = (r#move))]
    fn apply<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
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
        let next = guarded(|| slf.get().inner.apply(c))?;
        Self::spawn(slf, next)
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
        slf: &Bound<'py, Self>,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let next = crate::view::resample(slf.py(), &slf.get().inner, seat, seed)?;
        Self::spawn(slf, next)
    }
}

/// Register `parlour._core.whist`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "whist")?;
    m.add_class::<PyWhist>()?;
    m.add_class::<PyState>()?;
    super::add_submodule(parent, &m, "whist")
}
