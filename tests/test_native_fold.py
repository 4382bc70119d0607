"""``parlour._native.fold_into_base``: Python members installed on a Rust base class."""

from __future__ import annotations

import pytest

import parlour.dalmara as dm
from parlour._core import dalmara as native
from parlour._native import fold_into_base


def test_folded_class_is_the_rust_class() -> None:
    assert dm.GameState is native.GameState
    s = dm.GameState.random(1)
    assert type(s) is native.GameState
    assert type(s.apply_index(0)) is native.GameState
    # members written in Python are there, with their docstrings
    assert s.mode == "4p"
    assert dm.GameState.hands.__doc__
    assert dm.GameState.__doc__ is not None
    assert dm.GameState.__doc__.startswith("A Dal Mara position")


def test_whist_and_bridge_states_are_their_rust_classes() -> None:
    from parlour import whist
    from parlour._core import bridge as native_bridge
    from parlour._core import whist as native_whist
    from parlour.bridge import BridgePlayState

    assert whist.State is native_whist.State
    w = whist.State.new(seed=3)
    assert type(w.apply_index(0)) is whist.State
    assert BridgePlayState is native_bridge.BridgePlayState
    b = BridgePlayState.random(3)
    assert type(b.apply_index(0)) is BridgePlayState
    with pytest.raises(TypeError):
        BridgePlayState()  # type: ignore[call-arg]


class _Base:
    """A stand-in for a Rust base class."""


def test_rules_are_enforced() -> None:
    with pytest.raises(TypeError, match="__slots__"):

        @fold_into_base
        class NoSlots(_Base):
            def f(self) -> int:
                return 1

    with pytest.raises(TypeError, match="constructs instances"):

        @fold_into_base
        class WithInit(_Base):
            __slots__ = ()

            def __init__(self) -> None:
                pass

    with pytest.raises(TypeError, match="super"):

        @fold_into_base
        class WithSuper(_Base):
            __slots__ = ()

            def __repr__(self) -> str:
                return super().__repr__()

    with pytest.raises(TypeError, match="exactly one"):

        @fold_into_base
        class TwoBases(_Base, Exception):
            __slots__ = ()


def test_members_land_on_the_base() -> None:
    class Base:
        pass

    @fold_into_base
    class Folded(Base):
        """Folded doc."""

        __slots__ = ()

        def twice(self, x: int) -> int:
            return 2 * x

        @property
        def name(self) -> str:
            return "base"

    assert Folded is Base
    b = Base()
    assert b.twice(3) == 6  # type: ignore[attr-defined]
    assert b.name == "base"  # type: ignore[attr-defined]
    assert Base.__doc__ == "Folded doc."
