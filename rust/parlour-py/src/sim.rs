//! Batch simulation for Python: the registry and `simulate_batch`, with the GIL released.

use crate::errors::{detached, guarded};
use parlour_core::games;
use parlour_core::sim::Policy;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// The registry: a list of dicts `{id, title, seats, computer, teams, loser, options: [(name, default, doc)]}`.
#[pyfunction]
pub fn game_registry(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    games::GAMES
        .iter()
        .map(|g| {
            let d = PyDict::new(py);
            d.set_item("id", g.id)?;
            d.set_item("title", g.title)?;
            d.set_item("seats", g.seats)?;
            d.set_item("computer", g.computer)?;
            d.set_item("teams", g.teams)?;
            d.set_item("loser", g.loser)?;
            d.set_item("options", g.options.to_vec())?;
            Ok(d)
        })
        .collect()
}

/// Play games `start .. start+count` of `game`; returns a dict of raw little-endian arrays
/// (`returns` f32 row-major, `moves` u32, `hashes` u64, `winners` i8) and `seats`.
#[pyfunction]
#[pyo3(signature = (game, options, seed, start, count, policy, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate_batch<'py>(
    py: Python<'py>,
    game: &str,
    options: Vec<(String, String)>,
    seed: u64,
    start: u64,
    count: u64,
    policy: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let policy = guarded(|| Policy::parse(policy))?;
    let game = game.to_string();
    let batch = detached(py, move || {
        games::simulate(&game, &options, seed, start, count, policy, threads)
    })?;
    let d = PyDict::new(py);
    d.set_item("seats", batch.seats)?;
    d.set_item("returns", le_bytes(py, &batch.returns, f32::to_le_bytes)?)?;
    d.set_item("moves", le_bytes(py, &batch.moves, u32::to_le_bytes)?)?;
    d.set_item("hashes", le_bytes(py, &batch.hashes, u64::to_le_bytes)?)?;
    d.set_item("winners", le_bytes(py, &batch.winners, i8::to_le_bytes)?)?;
    Ok(d)
}

/// `values` as one `bytes` object of their little-endian encodings, written in place.
fn le_bytes<'py, T: Copy, const N: usize>(
    py: Python<'py>,
    values: &[T],
    encode: fn(T) -> [u8; N],
) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * N, |buf| {
        for (out, &v) in buf.chunks_exact_mut(N).zip(values) {
            out.copy_from_slice(&encode(v));
        }
        Ok(())
    })
}
