//! `parlour._core.durak` binding.

use pyo3::prelude::*;

/// Register `parlour._core.durak`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "durak")?;
    super::add_submodule(parent, &m, "durak")
}
