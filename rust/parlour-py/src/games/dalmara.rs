//! `parlour._core.dalmara` binding.

use pyo3::prelude::*;

/// Register `parlour._core.dalmara`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "dalmara")?;
    super::add_submodule(parent, &m, "dalmara")
}
