"""Gyla's per-seat views: what stays hidden, Gyla's public parts, and what resample keeps.

The generic checks of ``tests/test_views.py`` are repeated here in Gyla's seat numbering: the
views number seats 0-3 (the shared seat check), while ``GylaState.to_move`` is the engine's
player 1-4.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

from _util import check_who_tells_apart, random_walk
from parlour import gyla
from parlour.errors import ConfigError

NAMES = (["a", "b", "c", "d"], ["x", "y"])


def _started(seed: int) -> gyla.GylaState:
    return gyla.new_game(*NAMES, [False] * 4, seed=seed).apply("start")


def _walk(seed: int, steps: int) -> list[gyla.GylaState]:
    return random_walk(_started(seed), random.Random(seed), steps)


def _seat_to_move(state: gyla.GylaState) -> int | None:
    return None if state.to_move is None else state.to_move - 1


def _check(state: gyla.GylaState, seat: int) -> dict[str, Any]:
    view: dict[str, Any] = dict(state.view(seat))
    assert json.loads(json.dumps(view)) == view
    assert view["seat"] == seat
    assert view["player"] == seat + 1
    assert view["to_move"] == _seat_to_move(state)
    assert view["is_terminal"] == state.is_terminal
    assert view["hand"] == list(state.hand(seat + 1))
    assert view["hand_sizes"] == [len(state.hand(p)) for p in (1, 2, 3, 4)]
    assert view["returns"] == pytest.approx(list(state.returns()))
    assert view["phase"] == state.phase
    assert view["round"] == state.round
    assert view["scores"] == list(state.scores)
    assert view["tricks_won"] == list(state.tricks_won)
    assert view["trump"] == state.trump
    assert view["trumped_with_six"] == state.trumped_with_six
    assert view["starter"] == (None if state.starter is None else state.starter - 1)
    tricks = [
        {
            "leader": t.leader - 1,
            "cards": [c for _, c in t.cards],
            "winner": None if t.winner is None else t.winner - 1,
        }
        for t in state.tricks()
    ]
    assert view["tricks"] == tricks
    if view["to_move"] == seat:
        assert view["legal_moves"] == list(state.legal_moves())
        mask = np.flatnonzero(state.legal_mask()).tolist()
        assert sorted(view["legal_actions"]) == mask
        assert view["legal_actions"] == [gyla.ACTION_SPACE.index(m) for m in view["legal_moves"]]
    else:
        assert view["legal_moves"] == []
        assert view["legal_actions"] == []
    obs = state.observation(seat)
    assert obs.dtype == np.float32
    assert obs.shape == gyla.OBSERVATION_SHAPE
    assert np.isfinite(obs).all()
    return view


def test_views_and_resamples_along_random_playouts() -> None:
    rng = random.Random(7)
    changed = 0
    for seed in range(3):
        for state in _walk(seed, 3000):
            for seat in range(4):
                view = _check(state, seat)
                obs = state.observation(seat)
                other = state.resample(seat, rng.randrange(2**64))
                assert type(other) is gyla.GylaState
                assert other.view(seat) == view
                assert np.array_equal(other.observation(seat), obs)
                assert other.to_move == state.to_move
                assert other.players == state.players
                assert other.teams == state.teams
                assert other.hand(seat + 1) == state.hand(seat + 1)
                assert other.tricks() == state.tricks()
                assert other.seed != state.seed
                changed += any(other.hand(p) != state.hand(p) for p in (1, 2, 3, 4))
        assert state.is_terminal
    assert changed > 100


def test_no_other_hand_is_named_in_a_view() -> None:
    for state in _walk(4, 200):
        for seat in range(4):
            text = json.dumps(state.view(seat))
            for p in (1, 2, 3, 4):
                if p != seat + 1:
                    for card in state.hand(p):
                        assert f'"{card}"' not in text, (card, seat)


def test_a_hidden_swap_changes_no_view_but_the_holders() -> None:
    state = _started(2)
    hands = [list(state.hand(p)) for p in (1, 2, 3, 4)]
    # swap a card between players 3 and 4 (seats 2 and 3), neither the 9 of diamonds
    x = next(c for c in hands[2] if c != "9D")
    y = next(c for c in hands[3] if c != "9D")
    hands[2][hands[2].index(x)], hands[3][hands[3].index(y)] = y, x
    fields = state.to_notation().split(" ")
    fields[4] = "/".join("".join(h) for h in hands)
    other = gyla.GylaState.from_notation(" ".join(fields))
    check_who_tells_apart(other, state, blind=(0, 1), seeing=(2, 3))


def test_voids_are_public_and_resample_keeps_them() -> None:
    found = 0
    for seed in range(30):
        for state in _walk(seed, 60):
            voids = state.view(0)["voids"]
            if not any(voids):
                continue
            found += 1
            trumps = {"7C", "7S", "7H", "7D", "JC", "JS", "JH", "JD"}
            letter = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
            trump = state.trump
            assert trump is not None
            trumps |= {r + letter[trump] for r in "689TQKA"}
            for seat in range(4):
                assert state.view(seat)["voids"] == voids
                other = state.resample(seat, found)
                for s, shown in enumerate(voids):
                    hand = set(other.hand(s + 1))
                    if "trumps" in shown:
                        assert not hand & trumps
                    for name in shown:
                        if name != "trumps":
                            assert not {c for c in hand if c[1] == letter[name]} - trumps
    assert found > 50


def test_resample_keeps_the_public_flags_and_round_one_starter() -> None:
    for seed in range(20):
        state = _started(seed)
        starter = state.starter
        assert starter is not None
        assert "9D" in state.hand(starter)
        for seat in range(4):
            # the 9 of diamonds chose the round-1 starter: every resample keeps it there
            assert "9D" in state.resample(seat, seed).hand(starter)
        state = state.apply("hearts")
        for seat in range(4):
            other = state.resample(seat, seed + 1)
            assert other.trumped_with_six == state.trumped_with_six
            assert ("6H" in other.hand(starter)) == state.trumped_with_six


def test_resample_draws_a_new_seed_and_the_names_stay() -> None:
    state = gyla.new_game(*NAMES, [False, True, False, True], seed=987654321)
    assert state.phase == "not_started"
    view = state.view(1)
    assert "987654321" not in json.dumps(view)
    assert view["to_move"] is None
    assert view["hand"] == []
    assert view["ai"] == [False, True] * 2
    other = state.resample(1, 5)
    assert other.seed != state.seed
    assert other.players == ("a", "b", "c", "d")
    assert other.view(1) == view
    assert other == state.resample(1, 5)
    assert other != state.resample(1, 6)


@pytest.mark.parametrize("seat", [-1, 4, 2**70, True, 1.0, "0", None])
def test_bad_seats(seat: Any) -> None:
    state = _started(1)
    for call in (state.view, state.observation, lambda s: state.resample(s, 1)):
        with pytest.raises(ConfigError) as err:
            call(seat)
        assert err.value.code == "INVALID_SEAT"


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.5, "1", None])
def test_bad_seeds(seed: Any) -> None:
    with pytest.raises(ConfigError) as err:
        _started(1).resample(0, seed)
    assert err.value.code == "INVALID_SEED"
