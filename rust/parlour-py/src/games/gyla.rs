//! `parlour._core.gyla` binding.

use pyo3::prelude::*;

/// Register `parlour._core.gyla`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "gyla")?;
    super::add_submodule(parent, &m, "gyla")
}
