//! `parlour._core.mexican_train` binding.

use pyo3::prelude::*;

/// Register `parlour._core.mexican_train`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "mexican_train")?;
    super::add_submodule(parent, &m, "mexican_train")
}
