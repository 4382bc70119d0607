"""Mexican Train's per-seat views: hidden tiles stay hidden, the public table is all there,
resample keeps it and what the draws and passes showed, and the move record stays with it."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any, get_type_hints

import numpy as np
import pytest

from _util import random_walk
from parlour.mexican_train import (
    OBSERVATION_SHAPE,
    TrainGame,
    View,
    action_index,
    fits,
    open_end,
    start_train,
)


def _start(
    set_: int, names: list[str], seed: int, options: dict[str, str] | None = None
) -> TrainGame:
    game = start_train(set_, names, seed=seed, options=options)
    assert game is not None
    return game


def _hidden_text(game: TrainGame, seat: int) -> list[str]:
    """The quoted text of every tile `seat` cannot see (other hands and the boneyard)."""
    tiles = [t for s, h in enumerate(game.hands) if s != seat for t in h]
    return [json.dumps(str(t)) for t in [*tiles, *game.boneyard]]


@pytest.mark.parametrize(
    ("set_", "players", "options"),
    [
        (9, 2, {"length": "short"}),
        (12, 4, {"length": "short", "doubles": "chain"}),
        (15, 8, {"length": "short", "mexican": "ownFirst"}),
    ],
)
def test_views_hide_hands_and_boneyard_and_show_the_table(
    set_: int, players: int, options: dict[str, str]
) -> None:
    rng = random.Random(set_ * players)
    names = [f"P{i}" for i in range(players)]
    for game in random_walk(_start(set_, names, 11, options), rng, 300):
        for seat in range(players):
            view = game.view(seat)
            text = json.dumps(view)
            if game.phase == "playing":
                for hidden in _hidden_text(game, seat):
                    assert hidden not in text
                assert view["shown"] is None
            else:
                assert view["shown"] == [[str(t) for t in h] for h in game.hands]
            assert "seed" not in view
            assert view["hand"] == [str(t) for t in game.hands[seat]]
            assert view["hand_sizes"] == [len(h) for h in game.hands]
            assert view["boneyard_size"] == len(game.boneyard)
            assert [t["laid"] for t in view["trains"]] == [list(t.laid) for t in game.trains]
            assert [t["open"] for t in view["trains"]] == [t.open for t in game.trains]
            assert view["uncovered"] == list(game.uncovered)
            assert view["totals"] == [sum(r.pips[s] for r in game.results) for s in range(players)]
            assert view["phase"] == game.phase
            assert view["engine"] == game.engine
            if game.to_move == seat:
                moves = game.legal_moves()
                assert view["legal_actions"] == [action_index(m) for m in moves]
            obs = game.observation(seat)
            assert obs.shape == OBSERVATION_SHAPE
            assert obs.dtype == np.float32


def test_view_keys_are_the_typed_dict() -> None:
    game = _start(9, ["A", "B", "C"], 2)
    assert list(game.view(0)) == list(get_type_hints(View))


def test_two_games_that_differ_only_in_hidden_tiles_look_the_same() -> None:
    game = _start(12, ["A", "B", "C"], 5)
    other = game.resample(0, 1)
    assert other.hands[1:] != game.hands[1:] or other.boneyard != game.boneyard
    assert other.view(0) == game.view(0)
    assert np.array_equal(other.observation(0), game.observation(0))
    # Seat 1 holds different tiles in the two: it tells them apart.
    while other.hands[1] == game.hands[1]:
        other = other.resample(0, random.randrange(2**64))
    assert other.view(1) != game.view(1)
    assert not np.array_equal(other.observation(1), game.observation(1))


def test_resample_keeps_the_table_the_record_and_what_passes_showed() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        games = random_walk(_start(9, ["A", "B", "C"], seed), rng, 200)
        for before, after in itertools.pairwise(games):
            last = after.last
            if last is None or last["move"]["kind"] != "pass" or after.phase != "playing":
                continue
            mover = last["seat"]
            # The trains the mover could lay on (no double was waiting): it fitted none.
            if before.uncovered:
                continue
            allowed = [t for t, train in enumerate(before.trains) if t == mover or train.open]
            viewer = (mover + 1) % 3
            for k in range(10):
                r = after.resample(viewer, k)
                assert r.view(viewer) == after.view(viewer)
                assert r.history == after.history
                assert r.last == after.last
                assert [t.laid for t in r.trains] == [t.laid for t in after.trains]
                assert r.hands[viewer] == after.hands[viewer]
                for tile in r.hands[mover]:
                    assert not any(fits(tile, open_end(before, t)) for t in allowed)
            checked += 1
    assert checked > 5


def test_resample_at_round_end_keeps_every_hand() -> None:
    rng = random.Random(1)
    game = _start(9, ["A", "B"], 4, {"length": "short"})
    while game.phase == "playing":
        game = game.apply_index(rng.randrange(len(game.legal_moves())))
    for seat in (0, 1):
        r = game.resample(seat, 9)
        assert r.hands == game.hands
        assert sorted(r.boneyard) == sorted(game.boneyard)
        assert r.view(seat) == game.view(seat)


def test_resample_is_a_train_game_of_the_same_table() -> None:
    game = _start(9, ["Ann", "Ben"], 8)
    for _ in range(6):
        game = game.apply_index(0)
    r: Any = game.resample(1, 2)
    assert isinstance(r, TrainGame)
    assert (r.players, r.options, r.set) == (game.players, game.options, game.set)
    assert r.history == game.history
    # It plays on like any game.
    assert r.apply_index(0).view(1)["turn"] >= r.view(1)["turn"]
