//! One binding module per game, each registered as a submodule `parlour._core.<game>`.

pub mod bridge;
pub mod dalmara;
pub mod durak;
pub mod gyla;
pub mod mexican_train;
pub mod whist;

use pyo3::prelude::*;

/// Add `sub` to `parent` and to `sys.modules` as `parlour._core.<name>` so that
/// `import parlour._core.<name>` works.
pub fn add_submodule(
    parent: &Bound<'_, PyModule>,
    sub: &Bound<'_, PyModule>,
    name: &str,
) -> PyResult<()> {
    parent.add_submodule(sub)?;
    parent
        .py()
        .import("sys")?
        .getattr("modules")?
        .set_item(format!("parlour._core.{name}"), sub)?;
    Ok(())
}

/// Register every game submodule.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    whist::register(parent)?;
    dalmara::register(parent)?;
    mexican_train::register(parent)?;
    gyla::register(parent)?;
    durak::register(parent)?;
    bridge::register(parent)?;
    // GAME-MODULES (each game adds its register call above this line)
    Ok(())
}
