//! The hot path of Python-side loops, shared by every game binding.
//!
//! A Python loop calls `legal_moves()` and `apply_index(i)` once per move, so both must cost
//! little more than the call itself. Every game keeps one tuple of interned, immutable Python move
//! objects indexed by a dense move id (built once in Python); [`pick`] returns the legal moves as
//! a tuple of those objects (no object is created per call), and [`exact_index`] checks the
//! index argument of `apply_index` without a Python-side round trip. A game's state class is
//! one frozen Rust class that holds the position.

use parlour_core::game::GameState;
use parlour_core::lazy::{LazyMoves, Moves, Packed};
use parlour_core::Common;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyByteArray, PyInt, PyTuple};
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
            Common::InternalError,
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

/// The index `obj` when it is an `int` (an `int` subclass such as an `IntEnum` too, but not a
/// `bool`) in `0..len`, else `None`; the caller raises its game's error.
#[must_use]
pub fn exact_index(obj: &Bound<'_, PyAny>, len: usize) -> Option<usize> {
    if !obj.is_exact_instance_of::<PyInt>()
        && (!obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>())
    {
        return None;
    }
    obj.extract::<usize>().ok().filter(|&i| i < len)
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
            Common::InternalError,
            format!("action {a} is outside the action space of {size}"),
        ));
    }
    frombuffer.bind(py).call1((bytes, dtype.bind(py)))
}
