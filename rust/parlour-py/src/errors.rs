//! The one place where core errors become Python exceptions, and the helper that runs core
//! code with the GIL released and panics caught.

use parlour_core::{Code, Error, ErrorKind};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

pyo3::import_exception!(parlour.errors, NotationError);
pyo3::import_exception!(parlour.errors, IllegalMoveError);
pyo3::import_exception!(parlour.errors, InvalidStateError);
pyo3::import_exception!(parlour.errors, ConfigError);

/// Convert a core error into the matching `parlour.errors` exception, `(code, message)` args.
pub fn to_py(e: Error) -> PyErr {
    let args = (e.code, e.message);
    match e.kind {
        ErrorKind::Notation => NotationError::new_err(args),
        ErrorKind::IllegalMove => IllegalMoveError::new_err(args),
        ErrorKind::InvalidState => InvalidStateError::new_err(args),
        ErrorKind::Config => ConfigError::new_err(args),
    }
}

/// Shorthand: a `ConfigError` with a code and message.
pub fn config_err(code: impl Code, message: impl Into<String>) -> PyErr {
    ConfigError::new_err((code.as_str(), message.into()))
}

fn panic_error(payload: &(dyn std::any::Any + Send)) -> Error {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    Error::invalid_state(
        parlour_core::Common::InternalError,
        format!("internal error in parlour-core: {what}"),
    )
}

/// Run `f` with the GIL released; a panic inside becomes an `InvalidStateError` with code
/// `INTERNAL_ERROR` instead of reaching Python.
pub fn detached<T: Send>(
    py: Python<'_>,
    f: impl FnOnce() -> Result<T, Error> + Send,
) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| Err(panic_error(&*p))))
        .map_err(to_py)
}

/// Run short core code with the GIL held, panics caught as in [`detached`].
pub fn guarded<T>(f: impl FnOnce() -> Result<T, Error>) -> PyResult<T> {
    caught(f).map_err(to_py)
}

/// Run short core code, a panic caught as an `INTERNAL_ERROR` core error (for callers that map
/// core errors themselves).
pub fn caught<T>(f: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| Err(panic_error(&*p)))
}
