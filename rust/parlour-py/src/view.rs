//! `view`, `observation` and `resample` for every game's state class, written once: each
//! game's `#[pymethods]` calls these three with its core state; they check the arguments,
//! call the core's [`Observe`] (panics caught), and convert the result.

use crate::errors::{config_err, guarded};
use parlour_core::game::{GameState, Seat};
use parlour_core::rng::Rng;
use parlour_core::view::{check_seat, Observe, Value};
use parlour_core::Common;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyByteArray, PyDict, PyInt, PyList};

/// A view value as plain Python data: dict, list, str, int, float, bool, None.
///
/// # Errors
/// Only when Python cannot allocate.
pub fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Int(n) => n.into_pyobject(py)?.into_any(),
        Value::Float(x) => x.into_pyobject(py)?.into_any(),
        Value::Str(s) => s.into_pyobject(py)?.into_any(),
        Value::List(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Map(items) => {
            let dict = PyDict::new(py);
            for (k, item) in items {
                dict.set_item(k, to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// `seat` as a seat of `state`: an `int` (not a `bool`) in `0..num_seats()`, else a
/// `ConfigError` `INVALID_SEAT`.
///
/// # Errors
/// As above.
pub fn seat_arg<S: GameState>(state: &S, seat: &Bound<'_, PyAny>) -> PyResult<Seat> {
    if seat.is_instance_of::<PyInt>() && !seat.is_instance_of::<PyBool>() {
        if let Ok(n) = seat.extract::<i64>() {
            return guarded(|| check_seat(state, n));
        }
    }
    Err(config_err(
        Common::InvalidSeat,
        format!(
            "seat must be an integer from 0 to {}, not {}",
            state.num_seats().saturating_sub(1),
            shown(seat)
        ),
    ))
}

/// A short repr of an argument for an error message (at most 40 characters).
fn shown(obj: &Bound<'_, PyAny>) -> String {
    let text = obj
        .repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string());
    if text.chars().count() > 40 {
        let head: String = text.chars().take(37).collect();
        format!("{head}...")
    } else {
        text
    }
}

/// A seed argument: an `int` (not a `bool`) from 0 to 2**64-1, else `ConfigError`
/// `INVALID_SEED`.
///
/// # Errors
/// As above.
pub fn seed_arg(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    if seed.is_instance_of::<PyInt>() && !seed.is_instance_of::<PyBool>() {
        if let Ok(s) = seed.extract::<u64>() {
            return Ok(s);
        }
    }
    Err(config_err(
        Common::InvalidSeed,
        format!(
            "seed must be an integer from 0 to 2**64-1, not {}",
            shown(seed)
        ),
    ))
}

/// `state.view(seat)`: the seat's view as a JSON-ready dict.
///
/// # Errors
/// `INVALID_SEAT` for a bad seat.
pub fn view<'py, S: Observe>(
    py: Python<'py>,
    state: &S,
    seat: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let seat = seat_arg(state, seat)?;
    let v = guarded(|| Ok(state.view(seat)))?;
    to_py(py, &v)
}

/// `state.observation(seat)`: a numpy `float32` array of the game's observation shape.
///
/// # Errors
/// `INVALID_SEAT` for a bad seat.
pub fn observation<'py, S: Observe>(
    py: Python<'py>,
    state: &S,
    seat: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    static NP: PyOnceLock<(Py<PyAny>, Py<PyAny>)> = PyOnceLock::new();
    let seat = seat_arg(state, seat)?;
    let (shape, values) = guarded(|| Ok((state.observation_shape(), state.observation(seat))))?;
    let (frombuffer, dtype) = NP.get_or_try_init(py, || -> PyResult<_> {
        let np = py.import("numpy")?;
        Ok((
            np.getattr("frombuffer")?.unbind(),
            np.getattr("dtype")?.call1(("<f4",))?.unbind(),
        ))
    })?;
    let bytes = PyByteArray::new_with(py, values.len() * 4, |buf| {
        for (chunk, x) in buf.chunks_exact_mut(4).zip(&values) {
            chunk.copy_from_slice(&x.to_le_bytes());
        }
        Ok(())
    })?;
    let flat = frombuffer.bind(py).call1((bytes, dtype.bind(py)))?;
    flat.call_method1("reshape", (shape,))
}

/// `state.resample(seat, seed)`: the core state drawn by [`Observe::resample`] with the GIL
/// released; the caller wraps it in its class.
///
/// # Errors
/// `INVALID_SEAT`, `INVALID_SEED`, or `RESAMPLE_FAILED` for contradictory parts.
pub fn resample<S: Observe>(
    py: Python<'_>,
    state: &S,
    seat: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
) -> PyResult<S> {
    let seat = seat_arg(state, seat)?;
    let seed = seed_arg(seed)?;
    crate::errors::detached(py, || state.resample(seat, &mut Rng::new(seed)))
}
