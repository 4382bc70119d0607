"""Shared helpers for the foundation tests and the per-game folders (see ``conftest.py``)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("PARLOUR_SHARED") or ROOT.parent / "shared")

S = TypeVar("S", bound=Any)


def check_notation_round_trip(state: Any) -> tuple[list[Any], str]:
    """Check that ``state``'s notation reads back as the same state and that its legal moves
    agree with ``is_terminal`` and ``to_move``; returns the legal moves and the notation."""
    moves = list(state.legal_moves())
    assert state.is_terminal == (not moves)
    assert (state.to_move is None) == state.is_terminal
    text = state.to_notation()
    again = type(state).from_notation(text)
    assert again == state
    assert hash(again) == hash(state)
    assert again.zobrist == state.zobrist
    assert again.to_notation() == text
    return moves, text


def random_walk(state: S, rng: random.Random, steps: int | None = None) -> list[S]:
    """``state`` and the states after each random legal move from it, to the end or for at most
    ``steps`` moves."""
    out = [state]
    while not state.is_terminal and (steps is None or len(out) <= steps):
        state = state.apply_index(rng.randrange(len(state.legal_moves())))
        out.append(state)
    return out


def check_who_tells_apart(a: Any, b: Any, blind: Iterable[int], seeing: Iterable[int]) -> None:
    """Check that two states which differ in hidden cards have the same views and observations
    for the ``blind`` seats and different ones for the ``seeing`` seats."""
    for seat in blind:
        assert a.view(seat) == b.view(seat)
        assert np.array_equal(a.observation(seat), b.observation(seat))
    for seat in seeing:
        assert a.view(seat) != b.view(seat)
        assert not np.array_equal(a.observation(seat), b.observation(seat))
