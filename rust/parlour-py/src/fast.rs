//! The hot path of Python-side loops, shared by every game binding.
//!
//! A Python loop calls `legal_moves()` and `apply_index(i)` once per move, so both must cost
//! little more than the call itself. Every game keeps one tuple of interned, immutable Python move
//! objects indexed by a dense move id (built once in Python); [`pick`] returns the legal moves as
//! a tuple of those objects (no object is created per call), and [`exact_index`] checks the
//! index argument of `apply_index` without a Python-side round trip.

use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};

/// `table[id]` for every id, as a new tuple. A missing entry is a `ConfigError`
/// (`INTERNAL_ERROR`): the table and the move ids are out of step, a bug in parlour.
///
/// # Errors
/// When an id is not an index of `table`.
pub fn pick<'py>(
    table: &Bound<'py, PyTuple>,
    ids: impl IntoIterator<Item = usize>,
) -> PyResult<Bound<'py, PyTuple>> {
    let ids = ids.into_iter();
    let mut items = Vec::with_capacity(ids.size_hint().0);
    for i in ids {
        items.push(table.get_item(i).map_err(|_| {
            crate::errors::config_err(
                "INTERNAL_ERROR",
                format!(
                    "move id {i} is not in the move table of {} entries",
                    table.len()
                ),
            )
        })?);
    }
    PyTuple::new(table.py(), items)
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
