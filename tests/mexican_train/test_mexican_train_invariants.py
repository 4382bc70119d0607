"""Hypothesis: random games with random options keep every tile in exactly one place, and
``train_moves`` is exactly the set of moves ``play_train`` accepts."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.mexican_train import (
    TrainGame,
    every_tile,
    play_train,
    start_train,
    tile_of,
    tile_of_laid,
    train_moves,
)

OPTIONS = st.fixed_dictionaries(
    {
        "length": st.sampled_from(["full", "short"]),
        "doubles": st.sampled_from(["one", "chain"]),
        "mexican": st.sampled_from(["any", "ownFirst"]),
    }
)


def _check_tiles(g: TrainGame) -> None:
    places: list[int] = []
    for h in g.hands:
        places.extend(h)
    for t in g.trains:
        places.extend(tile_of_laid(x) for x in t.laid)
    places.extend(g.boneyard)
    places.append(tile_of(g.engine, g.engine))  # the hub
    assert sorted(places) == every_tile(g.set)


def _candidates(g: TrainGame) -> list[tuple[int, int, int]]:
    n = len(g.players)
    out = [(0, t, r) for t in every_tile(g.set) for r in range(n + 1)]
    return [*out, (1, 0, 0), (2, 0, 0), (3, 0, 0)]


def _as_dict(m: tuple[int, int, int]) -> dict[str, Any]:
    if m[0] == 0:
        return {"kind": "play", "tile": m[1], "train": m[2]}
    return {"kind": ("draw", "pass", "next")[m[0] - 1]}


def _as_tuple(m: Any) -> tuple[int, int, int]:
    if m["kind"] == "play":
        return (0, m["tile"], m["train"])
    return (("draw", "pass", "next").index(m["kind"]) + 1, 0, 0)


@settings(max_examples=12, deadline=None)
@given(
    set_=st.sampled_from([9, 12, 15]),
    players=st.integers(2, 8),
    seed=st.integers(-(2**40), 2**40),
    options=OPTIONS,
    picks=st.lists(st.integers(0, 10**6), min_size=40, max_size=160),
    probes=st.lists(st.integers(0, 10**6), min_size=5, max_size=10),
)
def test_random_games_keep_invariants(
    set_: int, players: int, seed: int, options: dict[str, str], picks: list[int], probes: list[int]
) -> None:
    g = start_train(set_, [f"P{i}" for i in range(players)], seed, options)
    assert g is not None
    cands = _candidates(g)
    for step, pick in enumerate(picks * 4):
        _check_tiles(g)
        listed = train_moves(g)
        want = {_as_tuple(m) for m in listed}
        accepted = {c for c in cands if g._allowed(*c)}
        assert accepted == want
        # The public play_train agrees: on every candidate every 8th move, else on a sample.
        probe = cands if step % 8 == 0 else [cands[(p + step) % len(cands)] for p in probes]
        for c in probe:
            assert (play_train(g, _as_dict(c)) is not None) == (c in want)
        if not listed:
            assert g.is_terminal
            break
        before = g.to_notation()
        nxt = play_train(g, listed[pick % len(listed)])
        assert nxt is not None
        assert g.to_notation() == before
        assert nxt.zobrist == nxt._full_hash()
        g = nxt
