//! The hot path of Python-side loops, shared by every game binding.
//!
//! A Python loop calls `legal_moves()` and `apply_index(i)` once per move, so both must cost
//! little more than the call itself. Every game keeps one tuple of interned, immutable Python move
//! objects indexed by a dense move id (built once in Python); [`pick`] returns the legal moves as
//! a tuple of those objects (no object is created per call), and [`exact_index`] checks the
//! index argument of `apply_index` without a Python-side round trip. A game's state class is a
//! Rust class that holds the position (its Python members folded onto it by
//! `parlour._native.fold_into_base`, or a Python subclass of it); new states of that class or
//! of any subclass are made with a [`Spawner`].

use parlour_core::game::GameState;
use parlour_core::lazy::{LazyMoves, Moves, Packed};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyInt, PyTuple, PyType};
use std::cell::Cell;
use std::thread::LocalKey;

/// `table[id]` for every id, as a new tuple made straight from the table's entries (no list of
/// them first: a Python loop calls this once a move). A missing entry is a `ConfigError`
/// (`INTERNAL_ERROR`): the table and the move ids are out of step, a bug in parlour.
///
/// # Errors
/// When an id is not an index of `table`.
pub fn pick<'py, I>(table: &Bound<'py, PyTuple>, ids: I) -> PyResult<Bound<'py, PyTuple>>
where
    I: IntoIterator<Item = usize>,
    I::IntoIter: ExactSizeIterator + Clone,
{
    let ids = ids.into_iter();
    let len = table.len();
    if let Some(i) = ids.clone().find(|&i| i >= len) {
        return Err(crate::errors::config_err(
            "INTERNAL_ERROR",
            format!("move id {i} is not in the move table of {len} entries"),
        ));
    }
    PyTuple::new(table.py(), ids.map(|i| table.get_borrowed_item(i).ok()))
}

/// The listed move whose entry in `table` (the move objects of `legal_moves()`, indexed by
/// packed move) is `obj` itself, if any: `apply` of an object that `legal_moves()` returned
/// then skips reading and checking it. An equal object made elsewhere is not found here; the
/// caller's checked path takes it.
pub fn listed_object<T: Packed>(
    moves: &Moves<'_, T>,
    table: &Bound<'_, PyTuple>,
    obj: &Bound<'_, PyAny>,
) -> Option<T> {
    let at = moves.bits().position(|id| {
        table
            .get_borrowed_item(usize::from(id))
            .is_ok_and(|entry| entry.is(obj))
    })?;
    moves.get(at)
}

/// The index `obj` when it is a plain `int` (not a `bool`) in `0..len`, else `None`; the caller
/// raises its game's error.
#[must_use]
pub fn exact_index(obj: &Bound<'_, PyAny>, len: usize) -> Option<usize> {
    if !obj.is_exact_instance_of::<PyInt>() {
        return None;
    }
    obj.extract::<usize>().ok().filter(|&i| i < len)
}

/// Makes instances of a Rust state class, or of a Python subclass of it, from Rust, without
/// unsafe code.
///
/// A game's state class is a `#[pyclass(subclass)]` that holds the position, so that the hot
/// path (`is_terminal`, `legal_moves`, `apply_index` …) runs in Rust with no Python frame. An
/// instance of the class itself is made directly ([`Bound::new`]). A user may subclass it in
/// Python; `apply_index` must then return an instance of the *subclass*, but pyo3
/// (without unsafe code, which the workspace forbids) can only make one through the base type's
/// `__new__` called with the subclass type. A `Spawner` does that and hands the new Rust value
/// over in a thread-local cell instead of as a Python object:
///
/// - [`spawn`](Spawner::spawn) puts the value into the cell and calls `Base.__new__(cls)`,
/// - the base's `#[new]`, called without arguments, returns [`take`](Spawner::take)`()`.
///
/// Usage (one cell and one spawner per base class):
///
/// ```ignore
/// thread_local! {
///     static PENDING: Cell<Option<PyBase>> = const { Cell::new(None) };
/// }
/// static SPAWN: Spawner<PyBase> = Spawner::new(&PENDING);
/// ```
///
/// # Why the hand-over is sound
/// Nothing between the cell's `set` in `spawn` and its `take` in `#[new]` may run Python code:
/// the argument tuple is built before the value is put in the cell, and calling the cached
/// `__new__` with a prebuilt tuple (`tp_new_wrapper` slices off the type into the shared empty
/// tuple, then the base's `tp_new`) allocates nothing, so no garbage collection (with its
/// finalizers and weakref callbacks) can run in between. Even so, `spawn` saves the cell's
/// previous content and restores it afterwards, so a nested spawn can never lose or steal a
/// value, and a value `__new__` did not take (an error before `#[new]`) is dropped, not left
/// for a later call. A Python-side `Base.__new__(cls)` without arguments finds the cell empty
/// and the base raises its `TypeError`. No unsafe code is involved: the worst outcome of a
/// misuse is that error, never a wrong object.
pub struct Spawner<T: 'static> {
    pending: &'static LocalKey<Cell<Option<T>>>,
    new: PyOnceLock<Py<PyAny>>,
    /// `(cls,)` for the first class spawned (usually the only one): no tuple per spawn.
    args: PyOnceLock<Py<PyTuple>>,
}

impl<T: pyo3::PyClass> Spawner<T> {
    /// A spawner handing values over through `pending`.
    #[must_use]
    pub const fn new(pending: &'static LocalKey<Cell<Option<T>>>) -> Self {
        Spawner {
            pending,
            new: PyOnceLock::new(),
            args: PyOnceLock::new(),
        }
    }

    /// A new instance of `cls` (the base class `T` or a Python subclass of it) holding `value`:
    /// for `T` itself made directly, for a subclass by `T.__new__(cls)`, whose `#[new]` must
    /// return [`Spawner::take`]`()` when called without arguments.
    ///
    /// # Errors
    /// Whatever `T.__new__` raises (a `TypeError` when `cls` is no subclass of `T`).
    pub fn spawn<'py>(&self, cls: &Bound<'py, PyType>, value: T) -> PyResult<Bound<'py, PyAny>>
    where
        T: Into<pyo3::PyClassInitializer<T>>,
    {
        let py = cls.py();
        if cls.is(py.get_type::<T>()) {
            // the class itself (a state class folded onto its Rust base, see
            // `parlour._native.fold_into_base`): about twice as fast as through `__new__`
            return Ok(Bound::new(py, value)?.into_any());
        }
        let new = self.new.get_or_try_init(py, || {
            py.get_type::<T>().getattr("__new__").map(Bound::unbind)
        })?;
        // allocate before handing the value over: see the type's doc
        let cached = self
            .args
            .get_or_try_init(py, || PyTuple::new(py, [cls]).map(Bound::unbind))?
            .bind(py);
        let args = if cached.get_borrowed_item(0)?.is(cls) {
            cached.clone()
        } else {
            PyTuple::new(py, [cls])?
        };
        let before = self.pending.replace(Some(value));
        let out = new.bind(py).call1(args);
        // drop an untaken value (after the cell is restored: its drop may run Python code)
        let _untaken = self.pending.replace(before);
        out
    }

    /// The value handed over by [`Spawner::spawn`], or None outside a spawn: for the base's
    /// `#[new]` called without arguments.
    #[must_use]
    pub fn take(&self) -> Option<T> {
        self.pending.take()
    }
}

/// The legal moves of `g` as `kept` keeps them: listed into this thread's buffer in `key` and
/// kept on first use, read back after (a Python loop lists a position's moves, then applies
/// one of them).
pub fn kept_moves<'a, G, const N: usize>(
    kept: &'a LazyMoves<N>,
    g: &G,
    key: &'static LocalKey<Cell<Vec<G::Move>>>,
) -> Moves<'a, G::Move>
where
    G: GameState,
    G::Move: Packed,
{
    kept.kept().unwrap_or_else(|| {
        with_buffer(key, |v| {
            g.legal_moves_into(v);
            kept.keep(v)
        })
    })
}

/// Run `f` with this thread's reusable buffer in `key`, cleared, so that no call allocates once
/// the buffer has grown (a nested call finds the cell empty and uses a fresh buffer).
pub fn with_buffer<T, R>(
    key: &'static LocalKey<Cell<Vec<T>>>,
    f: impl FnOnce(&mut Vec<T>) -> R,
) -> R {
    let mut buf = key.take();
    buf.clear();
    let out = f(&mut buf);
    key.set(buf);
    out
}

/// A numpy bool array of `size` entries, true at each of `actions` (a game's `legal_mask()`).
///
/// The entries are written in Rust into a `bytearray`, which `numpy.frombuffer` wraps without
/// a copy (the array is writable and keeps the bytearray alive): one numpy call per mask,
/// instead of a Python-side `zeros` and one assignment per legal move. numpy is imported on
/// the first call, not when parlour is. An action outside `0..size` is a `ConfigError`
/// (`INTERNAL_ERROR`): the game's action ids and its action space are out of step.
///
/// # Errors
/// When numpy cannot be imported, or an action is out of range.
pub fn mask_array<I>(py: Python<'_>, size: usize, actions: I) -> PyResult<Bound<'_, PyAny>>
where
    I: IntoIterator<Item = usize>,
{
    static FROMBUFFER: PyOnceLock<(Py<PyAny>, Py<PyAny>)> = PyOnceLock::new();
    let (frombuffer, dtype) = FROMBUFFER.get_or_try_init(py, || -> PyResult<_> {
        let np = py.import("numpy")?;
        Ok((
            np.getattr("frombuffer")?.unbind(),
            np.getattr("bool_")?.unbind(),
        ))
    })?;
    let mut outside = None;
    let bytes = PyByteArray::new_with(py, size, |buf| {
        for a in actions {
            match buf.get_mut(a) {
                Some(x) => *x = 1,
                None => outside = Some(a),
            }
        }
        Ok(())
    })?;
    if let Some(a) = outside {
        return Err(crate::errors::config_err(
            "INTERNAL_ERROR",
            format!("action {a} is outside the action space of {size}"),
        ));
    }
    frombuffer.bind(py).call1((bytes, dtype.bind(py)))
}
