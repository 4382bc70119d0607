"""Every game's state is one frozen, final Rust class, the public class itself (issue 19)."""

from __future__ import annotations

import importlib

import pytest

from test_conformance import FACTORIES


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_state_is_one_final_frozen_rust_class(game: str) -> None:
    state = FACTORIES[game](3)
    cls = type(state)
    # the public class is the Rust class: its module is the game's package, and the binding's
    # submodule holds the very same object
    package = importlib.import_module(cls.__module__)
    assert getattr(package, cls.__name__) is cls
    assert cls.__module__.startswith("parlour.")
    native = importlib.import_module("parlour._core." + cls.__module__.split(".")[1])
    assert getattr(native, cls.__name__) is cls
    # every move gives the same class, never a twin or a subclass
    assert type(state.apply_index(0)) is cls
    # final: no Python subclass
    with pytest.raises(TypeError):
        type("Sub", (cls,), {})
    # frozen: no attribute can be set
    with pytest.raises((AttributeError, TypeError)):
        state.zobrist = 0


def test_no_fold_into_base_remains() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("parlour._native")
