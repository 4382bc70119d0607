"""The uniform state protocol on Durak states, and replay properties from the reference's tests."""

from __future__ import annotations

import copy
import pickle
import random

import _durak_util as u
import pytest

from _util import check_notation_round_trip
from parlour.durak import (
    CODES,
    DurakError,
    DurakGame,
    DurakMoveError,
    Move,
    cap_for,
    moves_of,
    new_game,
    replay,
)


@pytest.mark.parametrize(
    ("seats", "variant"), [(2, "podkidnoy"), (2, "perevodnoy"), (4, "podkidnoy")]
)
def test_random_playouts_keep_the_protocol(seats: int, variant: str) -> None:
    rng = random.Random(99)
    for i in range(4):
        state = new_game(u.seed32(f"proto-{i}"), 1, seats, variant)
        for _ in range(3000):
            moves, text = check_notation_round_trip(state)
            if state.is_terminal:
                break
            assert int(state.legal_mask().sum()) == len(moves)
            k = rng.randrange(len(moves))
            nxt = state.apply(moves[k])
            assert state.to_notation() == text, "apply mutated its input"
            assert state.apply_index(k) == nxt
            state = nxt
        else:
            pytest.fail("game did not end")
        assert len(state.returns()) == seats
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state


def test_apply_of_a_listed_move_object_matches_the_checked_path() -> None:
    # apply() makes a Move that legal_moves() returned without reading or checking it (found by
    # identity); the result and its history must be those of the checked path (an equal Move
    # made here), and a table Move that is not legal here must still be refused.
    rng = random.Random(8)
    refused = 0
    for seats, variant in [(2, "podkidnoy"), (3, "perevodnoy")]:
        g = new_game(u.seed32(f"listed-{seats}"), 1, seats, variant)
        seen: dict[tuple[str, int | None], Move] = {}
        while not g.is_terminal:
            moves = g.legal_moves()
            k = rng.randrange(len(moves))
            made = Move(moves[k].kind, moves[k].card)
            assert made is not moves[k]
            fast, checked = g.apply(moves[k]), g.apply(made)
            assert fast == checked == g.apply_index(k)
            assert fast.history == checked.history
            for m in seen.values():
                if m not in moves:
                    text = g.to_notation()
                    with pytest.raises(DurakMoveError) as e:
                        g.apply(m)
                    # the reference's codes, and perevodnoy's own refusal (docs/durak.md)
                    assert e.value.code in (*CODES, "CANNOT_TRANSFER")
                    assert g.to_notation() == text
                    refused += 1
            seen.update(((m.kind, m.card), m) for m in moves[:2])
            g = fast
    assert refused > 100


def test_replay_properties() -> None:
    seed = u.seed32("durak-replay")
    g = u.greedy_playout(new_game(seed))
    moves = moves_of(g.history)
    _, full = replay(seed, moves)
    _, short = replay(seed, moves[:-1])
    assert short != full
    try:
        _, other = replay(u.seed32("durak-replay-other"), moves)
    except DurakError:
        pass
    else:
        assert other != full


def test_error_codes_match_the_vectors() -> None:
    seen: set[str] = set()
    for rec in u.games():
        for step in rec["steps"]:
            seen |= {p["error"].upper() for p in step["probes"]}
    seen |= {st["error"].upper() for sc in u.scenarios() for st in sc["steps"] if "error" in st}
    assert seen <= set(CODES)
    # BOUT_FULL is reachable only from a constructed position (covered in the Rust tests).
    assert set(CODES) - seen <= {"NO_SEED", "BAD_DEAL", "BAD_SEATS", "BOUT_FULL"}


def test_cap_for_accepts_digit_strings() -> None:
    assert cap_for("7") == 6
    assert cap_for("0") == 0


def test_game_class_is_the_rust_class() -> None:
    from parlour._core import durak as core

    game = new_game(b"s" * 32)
    assert DurakGame is core.DurakGame
    assert type(game) is DurakGame
    assert type(game.apply_index(0)) is DurakGame
    # one final class: no constructor, no subclass
    with pytest.raises(TypeError):
        DurakGame("not a state")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        type("Sub", (DurakGame,), {})
