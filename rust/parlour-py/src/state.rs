//! The state protocol, written once for every game's class.
//!
//! Each game's state is one frozen, final Python class holding the core position (plus what
//! the class carries besides it: a roster, a table, a record of moves). The class implements
//! [`StateClass`]: how to reach its core position, how to wrap a new core position, its move
//! table, how to read a move object that `legal_moves()` did not return, and its notation
//! record. [`protocol!`] then writes the uniform protocol as one `#[pymethods]` block:
//!
//! - `to_move`, `is_terminal`, `zobrist` (properties), `returns()`;
//! - `legal_moves()`, `legal_mask()`, `apply_index(i)`, `apply(move)`;
//! - `view(seat)`, `observation(seat)`, `resample(seat, seed)`;
//! - `__eq__`, `__hash__`, `__repr__`, `__reduce__`, `__copy__`, `__deepcopy__`;
//!
//! and [`notation!`] writes `parts()`, `to_notation()`, `from_parts(parts)` and
//! `from_notation(text)` over the game's `notation` module ([`Notation`]). [`fields!`] writes a
//! block of read-only properties, one line each. A game's own methods (its constructors, the
//! engine operations `api.py` calls) stay in the game's file, in a `#[pymethods]` block of
//! their own (pyo3's `multiple-pymethods`).
//!
//! The hot path of a Python loop (`legal_moves()` then `apply_index(i)`) is here too: the legal
//! moves are listed once into the state's [`LazyMoves`] and returned as a tuple of interned
//! move objects from the game's move table, so neither call allocates a Python object per
//! move.

use crate::errors::{guarded, IllegalMoveError};
use crate::fast::{exact_index, kept_moves, listed_object, mask_array, pick};
use crate::notation::Notation;
use parlour_core::game::GameState;
use parlour_core::lazy::{LazyMoves, Moves, Packed};
use parlour_core::view::Observe;
use parlour_core::Common;
use pyo3::prelude::*;
use pyo3::pyclass::boolean_struct::True;
use pyo3::types::{PyString, PyTuple};
use pyo3::{PyClass, PyClassInitializer};
use std::cell::Cell;
use std::thread::LocalKey;

/// Room for the legal moves a state keeps; a longer list is listed again on each use.
pub const KEPT: usize = 64;

/// The move type of a class's core game.
pub type MoveOf<S> = <<S as StateClass>::Core as GameState>::Move;

/// A game's state class: the parts of the protocol that differ from game to game. Every
/// method with a body is a default that a game overrides only where its source engine
/// differs.
pub trait StateClass:
    PyClass<Frozen = True> + Into<PyClassInitializer<Self>> + Sync + Sized
{
    /// The core position.
    type Core: Observe;
    /// The number of actions in the game's fixed action space (`legal_mask()`'s length).
    const ACTIONS: usize;

    /// The core position of this state.
    fn core(&self) -> &Self::Core;
    /// Where this state keeps its legal moves once listed.
    fn kept(&self) -> &LazyMoves<KEPT>;
    /// This thread's buffer for listing moves (a `thread_local!` of the game's file).
    fn buffer() -> &'static LocalKey<Cell<Vec<MoveOf<Self>>>>;
    /// The Python object of every move, indexed by [`Packed::pack`] (built once).
    ///
    /// # Errors
    /// When the table cannot be built.
    fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>>;
    /// A move's index in the fixed action space.
    fn action(mv: MoveOf<Self>) -> usize;
    /// A state of this class holding `core`, with what `self` carries besides (a roster, a
    /// table, the record of moves, to which `played` is added; None for a resample).
    ///
    /// # Errors
    /// When the new object cannot be made.
    fn with_core(
        &self,
        py: Python<'_>,
        core: Self::Core,
        played: Option<MoveOf<Self>>,
    ) -> PyResult<Self>;
    /// `apply(obj)` of an object that is not one of the objects `legal_moves()` returned:
    /// read it as the game reads moves and play it (or refuse it with the game's error).
    ///
    /// # Errors
    /// The game's refusal, or a `TypeError`/`ConfigError` for a value that is no move.
    fn apply_other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Self>;
    /// Whether `other` is the same state (position and what the class carries).
    ///
    /// # Errors
    /// When a carried Python value's comparison raises.
    fn same(&self, py: Python<'_>, other: &Self) -> PyResult<bool>;

    /// The seat to move as the protocol reports it.
    fn to_move(&self) -> Option<u8> {
        self.core().to_move()
    }

    /// The legal moves, listed once and kept.
    fn moves(&self) -> Moves<'_, MoveOf<Self>>
    where
        MoveOf<Self>: Packed,
    {
        kept_moves(self.kept(), self.core(), Self::buffer())
    }

    /// The state after `mv`; `listed` when `mv` is one of [`StateClass::moves`] (made without
    /// the refusal check).
    ///
    /// # Errors
    /// The core's refusal of a move that was not listed.
    fn play(&self, py: Python<'_>, mv: MoveOf<Self>, listed: bool) -> PyResult<Self> {
        let core = guarded(|| {
            if listed {
                let mut next = self.core().clone();
                next.play_unchecked(mv);
                Ok(next)
            } else {
                self.core().apply(mv)
            }
        })?;
        self.with_core(py, core, Some(mv))
    }

    /// `resample(seat, seed)`: by default the core position resampled ([`Observe::resample`])
    /// and wrapped by [`StateClass::with_core`]; a game that also redraws what the class
    /// carries (Durak's record of moves, replayed from a new deal) overrides it.
    ///
    /// # Errors
    /// As [`crate::view::resample`].
    fn resampled(
        &self,
        py: Python<'_>,
        seat: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let core = crate::view::resample(py, self.core(), seat, seed)?;
        self.with_core(py, core, None)
    }

    /// The error of `apply_index(index)` when `index` is no index of the `len` legal moves.
    fn index_error(&self, index: &Bound<'_, PyAny>, len: usize) -> PyErr {
        IllegalMoveError::new_err((
            Common::InvalidMoveIndex.as_str(),
            format!("no legal move number {index} (there are {len})"),
        ))
    }

    /// `repr(self)`: `Name.from_notation('...')`.
    ///
    /// # Errors
    /// When the notation cannot be written.
    fn repr(slf: &Bound<'_, Self>) -> PyResult<String> {
        let text = slf
            .as_any()
            .call_method0(pyo3::intern!(slf.py(), "to_notation"))?;
        Ok(format!(
            "{}.from_notation({})",
            <Self as PyClass>::NAME,
            text.repr()?
        ))
    }

    /// `__reduce__`: `(cls.from_notation, (text,))`.
    ///
    /// # Errors
    /// When the notation cannot be written.
    fn reduce<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let text = slf
            .as_any()
            .call_method0(pyo3::intern!(py, "to_notation"))?
            .cast_into::<PyString>()?;
        crate::notation::reduce(slf.as_any(), text)
    }
}

/// A game's notation record: the class's side of `parts()` and `from_parts()`; [`notation!`]
/// writes the Python methods over them.
pub trait PartsClass: StateClass {
    /// The game's notation module.
    fn notation() -> &'static Notation;
    /// The position's parts, a `Parts` record of the game's notation module.
    ///
    /// # Errors
    /// When the record cannot be made.
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
    /// The state of `parts`, a `Parts` record (checked by the caller).
    ///
    /// # Errors
    /// The core's refusal of parts no position has.
    fn from_parts(parts: &Bound<'_, PyAny>) -> PyResult<Self>;
    /// `from_notation`'s error when the text reads but its parts are refused: by default the
    /// refusal itself; a game whose engine calls such text malformed returns its
    /// `NotationError`.
    fn unreachable_text(refusal: PyErr) -> PyErr {
        refusal
    }
}

/// `state.legal_moves()`.
///
/// # Errors
/// When the move table cannot be built.
pub fn legal_moves<'py, S: StateClass>(s: &S, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>>
where
    MoveOf<S>: Packed,
{
    pick(S::move_table(py)?, s.moves().bits().map(usize::from))
}

/// `state.legal_mask()`.
///
/// # Errors
/// When numpy cannot be imported.
pub fn legal_mask<'py, S: StateClass>(s: &S, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>
where
    MoveOf<S>: Packed,
{
    mask_array(py, S::ACTIONS, s.moves().iter().map(S::action))
}

/// `state.apply_index(index)`.
///
/// # Errors
/// The game's [`StateClass::index_error`].
pub fn apply_index<'py, S: StateClass>(s: &S, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, S>>
where
    MoveOf<S>: Packed,
{
    let moves = s.moves();
    let Some(mv) = exact_index(index, moves.len()).and_then(|i| moves.get(i)) else {
        return Err(s.index_error(index, moves.len()));
    };
    let py = index.py();
    Bound::new(py, s.play(py, mv, true)?)
}

/// `state.apply(move)`: an object `legal_moves()` returned is played without reading it again.
///
/// # Errors
/// The game's refusal.
pub fn apply<'py, S: StateClass>(s: &S, obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, S>>
where
    MoveOf<S>: Packed,
{
    let py = obj.py();
    let next = match listed_object(&s.moves(), S::move_table(py)?, obj) {
        Some(mv) => s.play(py, mv, true)?,
        None => s.apply_other(obj)?,
    };
    Bound::new(py, next)
}

/// `state.returns()`: one float per seat.
///
/// # Errors
/// Only when Python cannot allocate.
pub fn returns<'py, S: StateClass>(s: &S, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
    let mut r = vec![0f32; s.core().num_seats()];
    s.core().returns_into(&mut r);
    PyTuple::new(py, r.into_iter().map(f64::from))
}

/// `state.resample(seat, seed)`.
///
/// # Errors
/// As [`crate::view::resample`].
pub fn resample<'py, S: StateClass>(
    s: &S,
    seat: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, S>> {
    let py = seat.py();
    Bound::new(py, s.resampled(py, seat, seed)?)
}

/// `hash(state)`: Python's hash of the Zobrist hash as an int (modulo 2**61 - 1).
pub fn hash<S: StateClass>(s: &S) -> isize {
    const MODULUS: u64 = (1 << 61) - 1;
    isize::try_from(s.core().zobrist() % MODULUS).unwrap_or(0)
}

/// `Cls.from_parts(parts)`.
///
/// # Errors
/// A `TypeError` when `parts` is no `Parts` record, else the core's refusal.
pub fn from_parts<'py, S: PartsClass>(parts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, S>> {
    Bound::new(parts.py(), S::from_parts(S::notation().check(parts)?)?)
}

/// `Cls.from_notation(text)`.
///
/// # Errors
/// The reader's `NotationError`, else as [`from_parts`].
pub fn from_notation<'py, S: PartsClass>(text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, S>> {
    let parts = S::notation().read(text.py(), text)?;
    from_parts(&parts).map_err(S::unreachable_text)
}

/// `state.to_notation()`.
///
/// # Errors
/// The writer's error.
pub fn to_notation<'py, S: PartsClass>(s: &S, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
    S::notation().write(py, s.parts(py)?)
}

/// The accessors every [`StateClass`] impl starts with, written once: `holds!(Core, field);`
/// inside the impl gives `type Core`, `core()` (the position in `self.field`), `kept()` (the
/// legal moves in `self.kept`) and `buffer()` (a move buffer of this thread).
#[macro_export]
macro_rules! holds {
    ($core:ty, $field:ident) => {
        type Core = $core;

        fn core(&self) -> &$core {
            &self.$field
        }

        fn kept(&self) -> &parlour_core::lazy::LazyMoves<{ $crate::state::KEPT }> {
            &self.kept
        }

        fn buffer() -> &'static std::thread::LocalKey<
            std::cell::Cell<Vec<<$core as parlour_core::game::GameState>::Move>>,
        > {
            std::thread_local! {
                static MOVES: std::cell::Cell<Vec<<$core as parlour_core::game::GameState>::Move>> =
                    const { std::cell::Cell::new(Vec::new()) };
            }
            &MOVES
        }
    };
}

/// The uniform protocol of a [`StateClass`] as one `#[pymethods]` block (see the module docs).
#[macro_export]
macro_rules! protocol {
    ($cls:ty) => {
        const _: () = {
            use pyo3::prelude::*;
            use pyo3::types::PyTuple;
            use $crate::state::{self as protocol, StateClass};

            #[pymethods]
            impl $cls {
                /// The seat to move, or None when the game is over.
                #[getter]
                fn to_move(&self) -> Option<u8> {
                    StateClass::to_move(self)
                }

                /// True when the game is over.
                #[getter]
                fn is_terminal(&self) -> bool {
                    parlour_core::game::GameState::is_terminal(self.core())
                }

                /// The 64-bit Zobrist hash; equal positions have equal hashes.
                #[getter]
                fn zobrist(&self) -> u64 {
                    parlour_core::game::GameState::zobrist(self.core())
                }

                /// Each seat's return (the game's docs say what it counts).
                fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                    protocol::returns(self, py)
                }

                /// The legal moves, in the game's order (the same objects on every call).
                fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                    protocol::legal_moves(self, py)
                }

                /// The legal moves as a numpy bool mask over the game's fixed action space.
                fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    protocol::legal_mask(self, py)
                }

                /// The state after the ``index``-th legal move; ``self`` is unchanged.
                fn apply_index<'py>(
                    &self,
                    index: &Bound<'py, PyAny>,
                ) -> PyResult<Bound<'py, Self>> {
                    protocol::apply_index(self, index)
                }

                /// The state after ``move``; ``self`` is unchanged.
                #[pyo3(signature = (r#move))]
                fn apply<'py>(&self, r#move: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
                    protocol::apply(self, r#move)
                }

                /// What ``seat`` may see, as JSON-ready data (the game's ``View``).
                ///
                /// Raises:
                ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not a seat of the game.
                fn view<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
                    $crate::view::view(seat.py(), self.core(), seat)
                }

                /// The view of ``seat`` as a float32 array of the game's observation shape.
                ///
                /// Raises:
                ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not a seat of the game.
                fn observation<'py>(
                    &self,
                    seat: &Bound<'py, PyAny>,
                ) -> PyResult<Bound<'py, PyAny>> {
                    $crate::view::observation(seat.py(), self.core(), seat)
                }

                /// A state consistent with everything ``seat`` has seen, what it cannot see
                /// drawn anew from ``seed`` (the game's docs say what is kept).
                ///
                /// Raises:
                ///     ConfigError: ``INVALID_SEAT`` or ``INVALID_SEED``.
                ///     InvalidStateError: ``RESAMPLE_FAILED`` for a position no deal fits.
                fn resample<'py>(
                    &self,
                    seat: &Bound<'py, PyAny>,
                    seed: &Bound<'py, PyAny>,
                ) -> PyResult<Bound<'py, Self>> {
                    protocol::resample(self, seat, seed)
                }

                fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
                    match other.cast::<Self>() {
                        Ok(o) => self.same(other.py(), o.get()),
                        Err(_) => Ok(false),
                    }
                }

                fn __hash__(&self) -> isize {
                    protocol::hash(self)
                }

                fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
                    <Self as StateClass>::repr(slf)
                }

                fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
                    <Self as StateClass>::reduce(slf)
                }

                fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
                    slf
                }

                fn __deepcopy__<'py>(
                    slf: Bound<'py, Self>,
                    _memo: &Bound<'py, PyAny>,
                ) -> Bound<'py, Self> {
                    slf
                }
            }
        };
    };
}

/// `parts()`, `to_notation()`, `from_parts(parts)` and `from_notation(text)` of a
/// [`PartsClass`] as one `#[pymethods]` block.
#[macro_export]
macro_rules! notation {
    ($cls:ty) => {
        const _: () = {
            use pyo3::prelude::*;
            use pyo3::types::PyString;
            use $crate::state::{self as protocol, PartsClass};

            #[pymethods]
            impl $cls {
                /// The position's parts, the ``Parts`` record of the game's ``notation`` module.
                fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    PartsClass::parts(self, py)
                }

                /// The position's notation (the game's docs give the grammar).
                fn to_notation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
                    protocol::to_notation(self, py)
                }

                /// The position of ``parts`` (a ``Parts`` record of the game's ``notation``
                /// module).
                ///
                /// Raises:
                ///     TypeError: If ``parts`` is not a ``Parts``.
                ///     InvalidStateError: If the parts cannot arise in a game.
                #[staticmethod]
                fn from_parts<'py>(parts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
                    protocol::from_parts(parts)
                }

                /// The position read from its notation.
                ///
                /// Raises:
                ///     NotationError: If the text is malformed.
                ///     InvalidStateError: If it is well-formed but cannot arise in a game.
                #[staticmethod]
                fn from_notation<'py>(text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
                    protocol::from_notation(text)
                }
            }
        };
    };
}

/// Read-only properties, one row each, as a `#[pymethods]` block:
///
/// ```ignore
/// fields!(PyState {
///     /// The dealer.
///     dealer_seat: u8 = |s, _py| s.inner.dealer();
///     /// Hands by seat.
///     hands: Bound<'py, PyTuple> = |s, py| PyTuple::new(py, s.inner.hands())?;
/// });
/// ```
///
/// Each body is an expression of the property's type (`?` may be used in it); `s` is the
/// state and `py` the GIL token, named as the row names them.
#[macro_export]
macro_rules! fields {
    ($cls:ty { $( $(#[doc = $doc:literal])* $name:ident : $ty:ty = |$s:ident, $py:ident| $body:expr ; )* }) => {
        #[pyo3::pymethods]
        impl $cls {
            $(
                $(#[doc = $doc])*
                #[getter]
                #[allow(unused_variables)]
                fn $name<'py>(&self, py: pyo3::Python<'py>) -> pyo3::PyResult<$ty> {
                    let $s = self;
                    let $py = py;
                    Ok($body)
                }
            )*
        }
    };
}
