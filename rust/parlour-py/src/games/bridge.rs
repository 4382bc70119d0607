//! `parlour._core.bridge` binding.

use pyo3::prelude::*;

/// Register `parlour._core.bridge`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "bridge")?;
    super::add_submodule(parent, &m, "bridge")
}
