//! `parlour._core`: the thin PyO3 binding of `parlour-core`. It extracts arguments, calls the
//! core (releasing the GIL for anything that loops), converts results and maps errors in one
//! place (`errors.rs`). No rules live here.

mod cards;
mod errors;
mod fast;
mod games;
mod sim;
mod view;

use pyo3::prelude::*;

/// The version of the Rust crates (the package version).
#[pyfunction]
fn version() -> &'static str {
    parlour_core::VERSION
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", parlour_core::VERSION)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(cards::parse_card, m)?)?;
    m.add_function(wrap_pyfunction!(cards::format_card, m)?)?;
    m.add_function(wrap_pyfunction!(cards::cardset_cards, m)?)?;
    m.add_function(wrap_pyfunction!(cards::deck, m)?)?;
    m.add_function(wrap_pyfunction!(cards::shuffled_indices, m)?)?;
    m.add_function(wrap_pyfunction!(cards::trick_legal, m)?)?;
    m.add_function(wrap_pyfunction!(cards::trick_winner, m)?)?;
    m.add_function(wrap_pyfunction!(sim::game_registry, m)?)?;
    m.add_function(wrap_pyfunction!(sim::simulate_batch, m)?)?;
    games::register(m)?;
    Ok(())
}
