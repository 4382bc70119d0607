//! `parlour._core`: the thin PyO3 binding of `parlour-core`. It extracts arguments, calls the
//! core (releasing the GIL for anything that loops), converts results and maps errors in one
//! place (`errors.rs`). No rules live here.

mod cards;
mod errors;
mod fast;
mod games;
mod notation;
mod sim;
mod state;
mod view;

use pyo3::prelude::*;

/// The version of the Rust crates (the package version).
#[pyfunction]
fn version() -> &'static str {
    parlour_core::VERSION
}

/// Every error code the game package `game` (`"whist"`, `"dalmara"`, `"mexican_train"`, …) can
/// raise, the codes shared by every game first (``"common"``: those alone).
///
/// Raises:
///     ConfigError: ``UNKNOWN_GAME`` for a name that is not a game package.
#[pyfunction]
fn error_codes(game: &str) -> PyResult<Vec<&'static str>> {
    parlour_core::games::error_codes(game).ok_or_else(|| {
        errors::config_err(
            parlour_core::Common::UnknownGame,
            format!(
                "{game:?} is not a game package; known: {}",
                parlour_core::games::PACKAGES.join(", ")
            ),
        )
    })
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", parlour_core::VERSION)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(error_codes, m)?)?;
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
