"""One suite for every game's per-seat views: ``view``, ``observation`` and ``resample``.

Random seeded playouts check, at every step and for every seat, that the view is JSON data with
the common keys, that it agrees with the state's public protocol (turn, legal moves, mask,
returns), that the observation has the game's fixed shape, and that resampled states (which
differ from the original only in what the seat cannot see) give the seat an equal view and an
equal observation while keeping its own cards. Each game's core tests check, in addition, that
the moves seen replay from the deal a resampled state implies.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parlour.errors import ConfigError
from test_conformance import ACTIONS, FACTORIES

# The games whose states have views: every game of the conformance suite.
VIEW_GAMES = [
    "whist",
    "bridge-play",
    "gyla",
    "dalmara-4p",
    "dalmara-2p",
    "durak",
    "mexican-train",
]

# A view numbers seats from 0. Gyla's and Durak's states number their players from 1, as the
# engines' APIs do (``GylaState.to_move``, ``DurakGame.to_move``); every other game's
# ``to_move`` is already the seat.
SEAT_TO_MOVE: dict[str, Callable[[Any], int | None]] = {
    "gyla": lambda s: None if s.to_move is None else s.to_move - 1,
    "durak": lambda s: None if s.to_move is None else s.to_move - 1,
}


def seat_to_move(name: str, state: Any) -> int | None:
    """The seat to move, numbered as views number seats."""
    if name in SEAT_TO_MOVE:
        return SEAT_TO_MOVE[name](state)
    seat: int | None = state.to_move
    return seat


COMMON: dict[str, type | tuple[type, ...]] = {
    "game": str,
    "seat": int,
    "to_move": (int, type(None)),
    "is_terminal": bool,
    "hand": list,
    "hand_sizes": list,
    "legal_moves": list,
    "legal_actions": list,
    "returns": list,
}


def _check_view(name: str, state: Any, seat: int, shape: tuple[int, ...]) -> dict[str, Any]:
    view: dict[str, Any] = state.view(seat)
    assert json.loads(json.dumps(view)) == view
    assert list(view)[: len(COMMON)] == list(COMMON)
    for key, kind in COMMON.items():
        assert isinstance(view[key], kind), (key, view[key])
    assert view["seat"] == seat
    assert view["to_move"] == seat_to_move(name, state)
    assert view["is_terminal"] == state.is_terminal
    assert view["hand_sizes"][seat] == len(view["hand"])
    assert all(isinstance(c, str) for c in view["hand"])
    assert view["returns"] == pytest.approx(list(state.returns()))
    if seat_to_move(name, state) == seat and not state.is_terminal:
        moves = state.legal_moves()
        assert len(view["legal_moves"]) == len(moves)
        assert sorted(view["legal_actions"]) == sorted(ACTIONS[name](m) for m in moves)
        assert sorted(view["legal_actions"]) == np.flatnonzero(state.legal_mask()).tolist()
    else:
        assert view["legal_moves"] == []
        assert view["legal_actions"] == []
    obs = state.observation(seat)
    assert obs.dtype == np.float32
    assert obs.shape == shape
    assert np.isfinite(obs).all()
    return view


@pytest.mark.parametrize("name", VIEW_GAMES)
def test_views_and_resamples_along_random_playouts(name: str) -> None:
    rng = random.Random(99)
    for seed in range(4):
        state = FACTORIES[name](seed)
        seats = len(state.view(0)["hand_sizes"])
        shape = state.observation(0).shape
        changed = 0
        for step in range(3000):
            for seat in range(seats):
                view = _check_view(name, state, seat, shape)
                obs = state.observation(seat)
                for k in range(2):
                    other = state.resample(seat, rng.randrange(2**64))
                    assert type(other) is type(state)
                    assert other.view(seat) == view
                    assert np.array_equal(other.observation(seat), obs)
                    assert seat_to_move(name, other) == seat_to_move(name, state)
                    if k == 0 and step < 3:
                        changed += any(
                            other.view(s)["hand"] != state.view(s)["hand"]
                            for s in range(seats)
                            if s != seat
                        )
            if state.is_terminal:
                break
            state = state.apply_index(rng.randrange(len(state.legal_moves())))
        assert changed > 0, "resample never changed a hidden hand"


def test_every_game_has_views() -> None:
    assert sorted(VIEW_GAMES) == sorted(FACTORIES)


@pytest.mark.parametrize("name", VIEW_GAMES)
def test_resample_is_seeded(name: str) -> None:
    state = FACTORIES[name](3)
    for _ in range(5):
        state = state.apply_index(0)
    seat = (seat_to_move(name, state) or 0) % len(state.view(0)["hand_sizes"])
    a = state.resample(seat, 11)
    assert a == state.resample(seat, 11)
    assert a.to_notation() == state.resample(seat, 11).to_notation()


@pytest.mark.parametrize("name", VIEW_GAMES)
@pytest.mark.parametrize("seat", [-1, 99, 2**70, True, 1.0, "0", None])
def test_bad_seats_are_config_errors(name: str, seat: Any) -> None:
    state = FACTORIES[name](1)
    for call in (state.view, state.observation, lambda s: state.resample(s, 1)):
        with pytest.raises(ConfigError) as err:
            call(seat)
        assert err.value.code == "INVALID_SEAT"


@pytest.mark.parametrize("name", VIEW_GAMES)
@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.5, "1", None])
def test_bad_seeds_are_config_errors(name: str, seed: Any) -> None:
    state = FACTORIES[name](1)
    with pytest.raises(ConfigError) as err:
        state.resample(0, seed)
    assert err.value.code == "INVALID_SEED"
