"""parlour's additions: 3 to 6 seats and the perevodnoy (transfer) variant."""

from __future__ import annotations

import _durak_util as u
import pytest

from parlour.durak import (
    DurakGame,
    DurakMoveError,
    apply,
    id_of,
    legal,
    new_game,
    resign_for,
    result_for,
)


def _pos(
    hands: str, bout: str, *, seats: int = 3, variant: str = "podkidnoy", talon: str = "-"
) -> DurakGame:
    known = "/".join("-" for _ in range(seats))
    return DurakGame.from_notation(
        f"durak seats={seats} variant={variant} trump=H card=8H owner=- discard=0 heap=- "
        f"talon={talon} hands={hands} bout={bout} known={known} out=- result=- ply=0 stall=0"
    )


def c(name: str) -> int:
    i = id_of(name)
    assert i is not None
    return i


def test_default_options_are_the_reference() -> None:
    a = new_game(u.seed32("same"))
    b = new_game(u.seed32("same"), 1, 2, "podkidnoy")
    assert a == b
    assert "transfer" not in str(legal(a, a.turn or 1))
    with pytest.raises(DurakMoveError) as e:
        apply(a, a.turn or 1, {"kind": "transfer", "card": a.hand_of(a.turn or 1)[0]})
    assert e.value.code == "NOT_LEGAL"


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_multi_seat_deals(seats: int) -> None:
    g = new_game(u.seed32("multi"), 1, seats)
    assert g.seats == seats
    assert all(g.count_of(s) == 6 for s in range(1, seats + 1))
    assert g.talon_left == 36 - 6 * seats
    if seats == 6:
        # Every card is dealt; the last one (seat 6's) shows the trump and stays in that hand.
        assert not g.turn_up_left
        assert g.trump_card in g.hand_of(6)
        assert g.snapshot()["known"][6] == [g.trump_card]
    else:
        assert g.talon[-1] == g.trump_card
    b = g.bout
    assert b is not None
    assert b.defender == b.attacker % seats + 1


def test_a_second_thrower_is_asked_after_the_attacker_passes() -> None:
    g = _pos("6S9CKH/7SAC7D/6DKD6C", "1>2/3/0/-/0:-")
    g, _ = apply(g, 1, {"kind": "attack", "card": c("6S")})
    g, _ = apply(g, 2, {"kind": "beat", "card": c("7S")})
    # Seat 1 holds no 6 or 7: passed silently, so seat 3 may throw in.
    assert g.turn == 3
    assert legal(g, 3) == [
        {"kind": "attack", "card": c("6D")},
        {"kind": "attack", "card": c("6C")},
        {"kind": "done"},
    ]
    g, _ = apply(g, 3, {"kind": "attack", "card": c("6D")})
    g, _ = apply(g, 2, {"kind": "beat", "card": c("7D")})
    g, ev = apply(g, 3, {"kind": "done"})
    assert [e["kind"] for e in ev] == ["done", "bout_end", "refill"]
    assert ev[1]["how"] == "done"
    assert ev[1]["next_attacker"] == 2
    assert ev[2]["drawn"] == {1: 0, 2: 0, 3: 0}
    b = g.bout
    assert b is not None
    assert (b.attacker, b.defender) == (2, 3)


def test_after_a_take_the_seat_after_the_taker_attacks_and_the_last_holder_is_fool() -> None:
    g = _pos("AS/6C/KS", "1>2/1/0/-/0:-")
    g, ev = apply(g, 1, {"kind": "attack", "card": c("AS")})
    assert [e["kind"] for e in ev] == ["attack", "bout_end", "refill", "out"]
    assert ev[1]["taken"] == 1
    assert ev[1]["next_attacker"] == 3
    g, _ = apply(g, 3, {"kind": "attack", "card": c("KS")})
    g, ev = apply(g, 2, {"kind": "beat", "card": c("AS")})
    assert [e["kind"] for e in ev][-2:] == ["out", "game_end"]
    assert g.result == {"outcome": "fool", "fool": 2, "places": {1: 1, 2: 2, 3: 1}}
    assert result_for({1: 0, 2: 3, 3: 0}, 0) == g.result
    assert result_for({1: 0, 2: 3, 3: 1}, 0) is None
    assert resign_for(2, [1, 2, 3])["places"] == {1: 1, 2: 2, 3: 1}


def test_a_seat_that_is_out_cannot_resign() -> None:
    g = _pos("AS/6C/KS9D", "1>2/1/0/-/0:-")
    g, _ = apply(g, 1, {"kind": "attack", "card": c("AS")})
    with pytest.raises(DurakMoveError) as e:
        apply(g, 1, {"kind": "resign"})
    assert e.value.code == "NOT_YOUR_TURN"


def test_perevodnoy_transfer() -> None:
    g = _pos("6S8S7D/6DJSAC", "1>2/3/0/-/0:-", seats=2, variant="perevodnoy")
    g, _ = apply(g, 1, {"kind": "attack", "card": c("6S")})
    assert legal(g, 2) == [
        {"kind": "beat", "card": c("JS")},
        {"kind": "transfer", "card": c("6D")},
        {"kind": "take"},
    ]
    g, ev = apply(g, 2, {"kind": "transfer", "card": c("6D")})
    assert ev == [{"kind": "transfer", "seat": 2, "card": c("6D")}]
    b = g.bout
    assert b is not None
    assert (b.attacker, b.defender, b.cap, b.size) == (2, 1, 2, 2)
    assert g.turn == 1
    assert g.phase == "defend"
    g, _ = apply(g, 1, {"kind": "beat", "card": c("8S")})
    g, ev = apply(g, 1, {"kind": "beat", "card": c("7D")})
    assert [e["kind"] for e in ev] == ["beat", "bout_end", "refill", "out", "game_end"]
    assert g.result is not None
    assert g.result["fool"] == 2


def test_perevodnoy_transfer_refusals() -> None:
    after_beat = _pos("9C8C/6DJSAC", "1>2/3/0/-/0:6S7S,6H--", seats=2, variant="perevodnoy")
    too_small = _pos("9C/6DJSAC", "1>2/3/0/-/0:6S--", seats=2, variant="perevodnoy")
    for g in (after_beat, too_small):
        assert all(m["kind"] != "transfer" for m in legal(g, 2))
        with pytest.raises(DurakMoveError) as e:
            apply(g, 2, {"kind": "transfer", "card": c("6D")})
        assert e.value.code == "CANNOT_TRANSFER"


def test_three_seat_transfer_passes_to_the_next_seat() -> None:
    g = _pos("6S9C/6D7S/KSQSJS", "1>2/3/0/-/0:-", variant="perevodnoy")
    g, _ = apply(g, 1, {"kind": "attack", "card": c("6S")})
    g, _ = apply(g, 2, {"kind": "transfer", "card": c("6D")})
    b = g.bout
    assert b is not None
    assert (b.attacker, b.defender) == (2, 3)


def test_random_multi_seat_games_finish() -> None:
    import random

    rng = random.Random(4)
    for seats in (3, 4, 5, 6):
        for variant in ("podkidnoy", "perevodnoy"):
            g = new_game(u.seed32(f"v-{seats}-{variant}"), 1, seats, variant)
            for _ in range(3000):
                if g.over:
                    break
                seat = g.turn
                assert seat is not None
                moves = legal(g, seat)
                g, _ = apply(g, seat, rng.choice(moves))
            assert g.over
            assert g.result is not None
            assert len(g.result["places"]) == seats
