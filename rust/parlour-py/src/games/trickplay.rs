//! The hot path shared by the Rust base classes of the trick-play games (`whist.State`,
//! `bridge.PlayBase`), written over the core's [`TrickPlay`].
//!
//! Each game keeps a move table of 64 entries indexed by card bit index (its own Python card
//! objects, `None` in the 12 gaps), its own argument checks and its own errors; these helpers
//! do the rest.

use crate::fast::{exact_index, mask_array, pick};
use parlour_core::cards::Card;
use parlour_core::trickplay::TrickPlay;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The move table: `make(i)` for every card bit index `i` in `0..64`, `None` for the gaps.
///
/// # Errors
/// Whatever `make` raises.
pub fn move_table<'py>(
    py: Python<'py>,
    mut make: impl FnMut(u8) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let items = (0u8..64)
        .map(|i| {
            if i % 16 < 13 {
                make(i)
            } else {
                Ok(py.None().into_bound(py))
            }
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, items)
}

/// The legal moves of `play` as `table[card index]`, in ascending card order.
///
/// # Errors
/// When a legal card has no entry in `table`.
pub fn legal_moves<'py, const T: usize>(
    play: &TrickPlay<T>,
    table: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyTuple>> {
    pick(table, play.legal().iter().map(|c| usize::from(c.index())))
}

/// The `index`-th legal card of `play` when `index` is a plain `int` in range, else `None`
/// (the caller raises its game's error).
#[must_use]
pub fn nth_legal<const T: usize>(play: &TrickPlay<T>, index: &Bound<'_, PyAny>) -> Option<Card> {
    let legal = play.legal();
    exact_index(index, legal.len() as usize).and_then(|i| legal.nth(i))
}

/// The legal cards of `play` as a numpy bool mask over the 52 actions `suit * 13 + rank`.
///
/// # Errors
/// When numpy cannot be imported.
pub fn legal_mask<'py, const T: usize>(
    py: Python<'py>,
    play: &TrickPlay<T>,
) -> PyResult<Bound<'py, PyAny>> {
    let action = |c: Card| usize::from(c.index() >> 4) * 13 + usize::from(c.index() & 15);
    mask_array(py, 52, play.legal().iter().map(action))
}
