"""Hypothesis: random games in every configuration keep the issue's invariants after every move.

36 cards are conserved, the cap never exceeds six, ``legal`` is exactly what ``apply`` accepts
(every listed move is accepted, every other move of the seat on turn and every move off turn is
refused, resign aside), the notation round-trips and the incremental hash equals the hash
recomputed from scratch.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour._core import durak as _d
from parlour.durak import DurakError, DurakGame, apply, legal, new_game


def _candidates(variant: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    kinds = ["attack", "beat"] + (["transfer"] if variant == "perevodnoy" else [])
    for kind in kinds:
        out += [{"kind": kind, "card": c} for c in range(1, 37)]
    return [*out, {"kind": "take"}, {"kind": "done"}, {"kind": "swap"}]


def _accepted(game: DurakGame, seat: int, move: dict[str, Any]) -> bool:
    try:
        apply(game, seat, move)
    except DurakError:
        return False
    return True


def _check(game: DurakGame, candidates: list[dict[str, Any]]) -> None:
    snap = game.snapshot()
    b = snap["bout"]
    table = 0 if b is None else len(b["attacks"]) + sum(x is not None for x in b["beats"])
    held = sum(len(h) for h in snap["hands"].values())
    assert held + snap["talon_left"] + table + snap["discard"] == 36
    seen = [c for h in snap["hands"].values() for c in h] + snap["talon"] + snap["heap"]
    if b is not None:
        seen += b["attacks"] + [x for x in b["beats"] if x is not None]
        assert 1 <= b["cap"] <= 6
    assert sorted(seen) == list(range(1, 37))
    text = game.to_notation()
    assert DurakGame.from_notation(text) == game
    assert DurakGame.from_notation(text).to_notation() == text
    assert DurakGame.from_notation(text)._full_hash() == game.zobrist
    turn = game.turn
    for seat in range(1, game.seats + 1):
        listed = legal(game, seat)
        if seat != turn:
            assert listed == []
        for m in candidates:
            assert _accepted(game, seat, m) == (m in listed), (text, seat, m)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    seed=st.binary(min_size=32, max_size=32),
    seats=st.integers(2, 4),
    variant=st.sampled_from(["podkidnoy", "perevodnoy"]),
    picks=st.lists(st.integers(0, 10**6), min_size=400, max_size=400),
)
def test_random_games_keep_the_invariants(
    seed: bytes, seats: int, variant: str, picks: list[int]
) -> None:
    game = new_game(seed, 1, seats, variant)
    candidates = _candidates(variant)
    for pick in picks:
        _check(game, candidates)
        if game.over:
            break
        seat = game.turn
        assert seat is not None
        moves = legal(game, seat)
        assert moves
        before = game.to_notation()
        game, events = apply(game, seat, moves[pick % len(moves)])
        assert events
        assert events[0]["seat"] == seat
        assert DurakGame.from_notation(before).to_notation() == before
    if game.over:
        assert game.result is not None
        assert game.turn is None
        _check(game, candidates)


_BASE = new_game(b"n" * 32).to_notation()


@settings(max_examples=300, deadline=None)
@given(
    edits=st.lists(
        st.tuples(
            st.integers(0, 400),
            st.sampled_from(list("0123456789-=/>:, durakASKQJTHDC")),
            st.integers(0, 2),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_mutated_notation_parses_or_raises_a_parlour_error(
    edits: list[tuple[int, str, int]],
) -> None:
    from parlour.errors import InvalidStateError, NotationError

    chars = list(_BASE)
    for pos, ch, op in edits:
        i = pos % (len(chars) + 1)
        if op == 0 and i < len(chars):
            chars[i] = ch
        elif op == 1 and i < len(chars):
            del chars[i]
        else:
            chars.insert(i, ch)
    text = "".join(chars)
    try:
        game = DurakGame.from_notation(text)
    except (NotationError, InvalidStateError):
        return
    assert DurakGame.from_notation(game.to_notation()) == game
    if game.turn is not None:
        for m in legal(game, game.turn):
            apply(game, game.turn, m)


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300))
def test_core_sha256_matches_hashlib(data: bytes) -> None:
    import hashlib

    assert _d.sha256_digest(data) == hashlib.sha256(data).digest()
