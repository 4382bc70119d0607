"""Every public function, given garbage, raises a ParlourError or TypeError (or returns), never
anything else, and never takes the interpreter down (a Rust panic would surface here as
``pyo3_runtime.PanicException``, a ``BaseException``)."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour import whist
from parlour.errors import ParlourError

MODULES = ["parlour.cards", "parlour.whist", "parlour.batch"]
for _game in ("dalmara", "mexican_train", "gyla", "durak", "bridge"):
    try:
        importlib.import_module(f"parlour.{_game}")
        MODULES.append(f"parlour.{_game}")
    except ImportError:
        pass

GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([-1, 0, 7, 2**31, 2**64, 2**70, -(2**70)]),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(
        ["", " ", "\x00", "10s", "SA", "{", "[]", "null", '{"type": 1}', "é" * 50, "x" * 10_000]
    ),
    st.binary(max_size=10),
    st.lists(st.integers(-5, 70), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.just(object()),
)


def public_callables() -> list[tuple[str, Callable[..., Any]]]:
    out = []
    for name in MODULES:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", []):
            obj = getattr(module, attr)
            # Exception classes and TypedDicts (plain dict constructors) are not entry points.
            if callable(obj) and not (
                isinstance(obj, type) and issubclass(obj, (BaseException, dict))
            ):
                out.append((f"{name}.{attr}", obj))
    return out


def arity(fn: Callable[..., Any], unknown: int = 2) -> int:
    """How many positional arguments ``fn`` requires (``unknown`` without a signature)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return unknown
    return sum(
        1
        for p in sig.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    )


def call_safely(
    fn: Callable[..., Any],
    args: list[object],
    allowed: tuple[type[BaseException], ...] = (ParlourError, TypeError),
) -> None:
    """Call ``fn(*args)``: it may raise one of ``allowed``; anything else fails the test."""
    try:
        fn(*args)
    except allowed:
        pass
    except BaseException as exc:  # PanicException is a BaseException
        pytest.fail(f"{fn!r}{tuple(args)!r} raised {type(exc).__name__}: {exc}")


@pytest.mark.parametrize(
    ("name", "fn"), public_callables(), ids=lambda x: x if isinstance(x, str) else ""
)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_public_functions_reject_garbage(
    name: str, fn: Callable[..., Any], data: st.DataObject
) -> None:
    n = arity(fn)
    for k in sorted({n, max(n - 1, 0), n + 1}):
        args = [data.draw(GARBAGE) for _ in range(k)]
        call_safely(fn, args)


@settings(max_examples=200, deadline=None)
@given(GARBAGE)
def test_state_methods_reject_garbage(value: object) -> None:
    state = whist.State.new(seed=1)
    for method in (state.apply, state.apply_index, whist.State.from_notation):
        call_safely(method, [value])
    assert state == whist.State.new(seed=1)
