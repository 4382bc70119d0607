"""Hypothesis: the parsers and the move functions never raise on any input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.mexican_train import (
    TrainGame,
    decode_train,
    encode_train,
    may_lay,
    play_train,
    replay_train,
    start_train,
)
from parlour.mexican_train.codec import parse_json_iteratively


def _game() -> TrainGame:
    g = start_train(12, ["Ann", "Ben", "Cy"], 5, {"doubles": "chain"})
    assert g is not None
    return g


GAME = _game()

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
)
JSONISH = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
MOVES = st.one_of(
    JSONISH,
    st.fixed_dictionaries(
        {"kind": st.sampled_from(["play", "draw", "pass", "next", "Play", ""])},
        optional={"tile": JSONISH, "train": JSONISH},
    ),
)


def _texts() -> st.SearchStrategy[str]:
    valid = json.loads(encode_train(GAME))

    def mutate(changes: dict[str, Any]) -> str:
        return json.dumps({**valid, **changes})

    keys = st.sampled_from(["v", "set", "options", "seed", "players", "computers", "moves", "x"])
    return st.one_of(
        st.text(max_size=40),
        st.dictionaries(keys, JSONISH, max_size=3).map(mutate),
        st.text(alphabet="pdxn0123456789.,- ", max_size=20).map(lambda m: mutate({"moves": m})),
    )


@settings(max_examples=100, deadline=None)
@given(text=_texts())
def test_decode_never_raises(text: str) -> None:
    g = decode_train(text)
    assert g is None or isinstance(g, TrainGame)
    if g is not None:
        assert decode_train(encode_train(g)) == g


@settings(max_examples=100, deadline=None)
@given(move=MOVES, tile=JSONISH, train=JSONISH)
def test_moves_never_raise(move: Any, tile: Any, train: Any) -> None:
    before = encode_train(GAME)
    out = play_train(GAME, move)
    assert out is None or isinstance(out, TrainGame)
    assert isinstance(may_lay(GAME, tile, train), bool)
    assert encode_train(GAME) == before


@settings(max_examples=80, deadline=None)
@given(
    set_=JSONISH | st.sampled_from([9, 12, 15]),
    players=JSONISH | st.lists(st.text(max_size=25), min_size=2, max_size=8),
    seed=JSONISH,
    options=JSONISH,
    computers=JSONISH,
    moves=st.lists(MOVES, max_size=3),
)
def test_start_and_replay_never_raise(
    set_: Any, players: Any, seed: Any, options: Any, computers: Any, moves: list[Any]
) -> None:
    g = start_train(set_, players, seed, options, computers)
    assert g is None or isinstance(g, TrainGame)
    r = replay_train(set_, players, seed, options, computers, moves)
    assert r is None or isinstance(r, TrainGame)
    if g is not None:
        assert decode_train(encode_train(g)) is not None


FINITE_JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**80), 2**80),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=6),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=15,
)


@settings(max_examples=150, deadline=None)
@given(value=FINITE_JSON, indent=st.sampled_from([None, 0, 2]), cut=st.integers(0, 200))
def test_iterative_parser_agrees_with_json(value: Any, indent: int | None, cut: int) -> None:
    text = json.dumps(value, indent=indent)
    want = json.loads(text, parse_int=float)
    assert parse_json_iteratively(text) == want
    broken = text[:cut]
    try:
        expected: Any = json.loads(broken, parse_int=float)
    except ValueError:
        with pytest.raises(ValueError, match=r"."):
            parse_json_iteratively(broken)
    else:
        assert parse_json_iteratively(broken) == expected


def test_deep_nesting_is_read_like_javascript() -> None:
    text = encode_train(GAME)[:-1]
    assert decode_train(text + ',"x":' + "[" * 50000 + "]" * 50000 + "}") == GAME
    assert decode_train(text + ',"x":' + '{"a":' * 30000 + "1" + "}" * 30000 + "}") == GAME
    assert decode_train(text + ',"x":' + "[" * 50000 + "]" * 49999 + "}") is None
    assert decode_train(text + ',"x":' + "[" * 50000 + "NaN" + "]" * 50000 + "}") is None
