//! A game's notation, which lives in its Python package: each state class's `to_notation`,
//! `from_notation` and `__reduce__` reach the package's `notation` module through one
//! [`Notation`], the only place where the binding calls Python code.
//!
//! The module has `Parts` (a frozen dataclass of the position's parts, the record that crosses
//! the boundary), `read(text) -> Parts` and `write(parts) -> str`. The state class converts
//! between `Parts` and the core's own struct of parts; the core checks them.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple, PyType};

/// The `notation` module of one game's package, its members looked up once.
pub struct Notation {
    module: &'static str,
    members: PyOnceLock<(Py<PyType>, Py<PyAny>, Py<PyAny>)>,
}

impl Notation {
    /// The notation module `module` (e.g. `"parlour.whist.notation"`).
    #[must_use]
    pub const fn new(module: &'static str) -> Self {
        Notation {
            module,
            members: PyOnceLock::new(),
        }
    }

    fn members<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let (parts, read, write) = self.members.get_or_try_init(py, || -> PyResult<_> {
            let m = py.import(self.module)?;
            Ok((
                m.getattr("Parts")?.cast_into::<PyType>()?.unbind(),
                m.getattr("read")?.unbind(),
                m.getattr("write")?.unbind(),
            ))
        })?;
        Ok((
            parts.bind(py).clone(),
            read.bind(py).clone(),
            write.bind(py).clone(),
        ))
    }

    /// A `Parts` record made from its fields, in the dataclass's field order.
    ///
    /// # Errors
    /// Whatever the dataclass raises.
    pub fn parts<'py>(
        &self,
        py: Python<'py>,
        fields: Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.members(py)?.0.call1(fields)
    }

    /// Another member of the notation module by name (a record class that `Parts` nests, a
    /// reader of a constructor's arguments); looked up on each call, for calls off the hot path.
    ///
    /// # Errors
    /// When the module or the member is missing.
    pub fn member<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        py.import(self.module)?.getattr(name)
    }

    /// `obj` itself when it is a `Parts` record (for the caller to extract its own struct of
    /// parts from), else a `TypeError`.
    ///
    /// # Errors
    /// When `obj` is no `Parts`.
    pub fn check<'a, 'py>(&self, obj: &'a Bound<'py, PyAny>) -> PyResult<&'a Bound<'py, PyAny>> {
        let class = self.members(obj.py())?.0;
        if !obj.is_instance(&class)? {
            let name = obj
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string());
            return Err(PyTypeError::new_err(format!(
                "parts must be a {}.Parts, not {name}",
                self.module
            )));
        }
        Ok(obj)
    }

    /// `read(text)`: the parts `text` writes (a `NotationError` when it does not parse).
    ///
    /// # Errors
    /// Whatever the reader raises.
    pub fn read<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.members(py)?.1.call1((text,))
    }

    /// `write(parts)`: the text of a position's parts.
    ///
    /// # Errors
    /// Whatever the writer raises.
    pub fn write<'py>(
        &self,
        py: Python<'py>,
        parts: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyString>> {
        Ok(self
            .members(py)?
            .2
            .call1((parts,))?
            .cast_into::<PyString>()?)
    }
}

/// `__reduce__` of a state whose class has `from_notation`: `(cls.from_notation, (text,))`.
///
/// # Errors
/// When the class has no `from_notation`.
pub fn reduce<'py>(
    state: &Bound<'py, PyAny>,
    text: Bound<'py, PyString>,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = state.py();
    let from = state
        .get_type()
        .getattr(pyo3::intern!(py, "from_notation"))?;
    PyTuple::new(py, [from, PyTuple::new(py, [text])?.into_any()])
}
