"""The Python surface: cards, deals, errors, the game object, views, replay and the protocol."""

from __future__ import annotations

import copy
import hashlib
import pickle
import random
from typing import Any

import _durak_util as u
import numpy as np
import pytest

import parlour
from parlour.durak import (
    ACTION_SPACE,
    CODES,
    Bout,
    DurakConfigError,
    DurakError,
    DurakGame,
    DurakMoveError,
    Move,
    apply,
    bot_move,
    cap_for,
    deal_for,
    face_of,
    first_attacker,
    greedy_move,
    id_of,
    ids_of_suit,
    is_move,
    legal,
    long_name_of,
    moves_of,
    name_of,
    new_game,
    order_for,
    power_of,
    rank_of,
    replay,
    six_of,
    suit_of,
    view,
)
from parlour.errors import (
    ConfigError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    ParlourError,
)
from parlour.protocol import GameStateProtocol

SEED = u.seed32("durak-one")


def test_cards() -> None:
    names = [name_of(i) for i in range(1, 37)]
    assert names[:10] == ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "AH"]
    assert names[-1] == "6C"
    assert [power_of(i) for i in range(1, 10)] == [8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert long_name_of(1) == "ace of spades"
    assert long_name_of(23) == "ten of diamonds"
    assert long_name_of(36) == "six of clubs"
    assert face_of(23) == "10"
    assert rank_of(23) == "T"
    assert suit_of(23) == "D"
    assert id_of("as") == 1
    assert id_of("ZZ") is None
    assert id_of(None) is None
    assert ids_of_suit("H") == list(range(10, 19))
    assert ids_of_suit("C") == list(range(28, 37))
    assert six_of("S") == 9
    assert six_of("D") == 27
    assert rank_of("12") == "Q"
    for bad in (0, 37, -1, None, "AS", "1.5", True, "01"):
        with pytest.raises(DurakConfigError) as e:
            rank_of(bad)
        assert e.value.code == "NO_CARD"
    with pytest.raises(DurakConfigError):
        six_of("X")
    with pytest.raises(DurakError):
        parlour.durak.beats(1, 2, "X")


def test_deal_and_first_attacker() -> None:
    order = order_for(SEED, 1)
    assert sorted(order) == list(range(1, 37))
    assert order == order_for(SEED, "1")
    assert order != order_for(SEED, 2)
    assert order != order_for(u.seed32("durak-two"), 1)
    d = deal_for(SEED, 1)
    assert d["hands"][1] == sorted(order[0:12:2])
    assert d["hands"][2] == sorted(order[1:12:2])
    assert d["trump_card"] == order[12]
    assert d["talon"] == [*order[13:], order[12]]
    assert len(d["talon"]) == 24
    for bad_seed in ("too short", None, b"x" * 31, 5):
        with pytest.raises(DurakConfigError) as e:
            order_for(bad_seed, 1)  # type: ignore[arg-type]
        assert e.value.code == "NO_SEED"
    for bad in (0, "x", "01", -3, True):
        with pytest.raises(DurakConfigError) as e:
            order_for(SEED, bad)
        assert e.value.code == "BAD_DEAL"
    with pytest.raises(DurakConfigError) as e:
        deal_for(SEED, 1, seats=7)
    assert e.value.code == "BAD_SEATS"
    h = {1: ["AS", "KS", "QD", "JC", "TC", "9D"], 2: ["6H", "AH", "KD", "QC", "JS", "8C"]}
    ids = {k: [id_of(c) or 0 for c in v] for k, v in h.items()}
    assert first_attacker(ids, "H") == 2
    assert first_attacker(ids, "S") == 2  # JS is seat 2's only spade; seat 1 holds AS KS
    with pytest.raises(DurakConfigError):
        first_attacker(ids, "X")


def test_a_trumpless_deal_opens_with_seat_one_and_the_lowest_trump_opens_otherwise() -> None:
    found = False
    for i in range(400):
        seed = f"durak{i:027d}".encode()
        d = deal_for(seed)
        trump = d["trump"]
        held = [(power_of(c), s) for s in (1, 2) for c in d["hands"][s] if suit_of(c) == trump]
        if held:
            assert d["first"] == min(held)[1]
        else:
            assert d["first"] == 1
            found = True
    assert found


def test_turn_up_six_is_nobodys_until_drawn() -> None:
    for i in range(1, 400):
        g = new_game(u.seed32(f"durak-sixup-{i}"))
        if g.trump_card == g.six_of_trumps:
            assert g.six_owner is None
            assert not g.can_swap(1)
            assert not g.can_swap(2)
            assert g.talon[-1] == g.trump_card
            return
    raise AssertionError("no deal turns up the six")


def test_build_errors_in_order() -> None:
    with pytest.raises(DurakConfigError) as e:
        new_game("short", 0, 3)
    assert e.value.code == "NO_SEED"
    with pytest.raises(DurakConfigError) as e:
        new_game(SEED, 0, 3)
    assert e.value.code == "BAD_DEAL"
    with pytest.raises(DurakConfigError) as e:
        new_game(SEED, 1, 7)
    assert e.value.code == "BAD_SEATS"
    with pytest.raises(DurakConfigError) as e:
        new_game(SEED, 1, 2, "preferans")
    assert e.value.code == "BAD_VARIANT"


def test_error_classes_and_codes() -> None:
    assert len(CODES) == 14
    assert list(CODES) == sorted(CODES)
    assert issubclass(DurakMoveError, DurakError)
    assert issubclass(DurakMoveError, IllegalMoveError)
    assert issubclass(DurakConfigError, ConfigError)
    assert issubclass(DurakError, ParlourError)
    g = new_game(SEED)
    with pytest.raises(DurakMoveError) as e:
        apply(g, 3 - (g.turn or 1), {"kind": "take"})
    assert e.value.code == "NOT_YOUR_TURN"
    assert isinstance(e.value, ValueError)
    seen = {
        c.upper()
        for sc in u.scenarios()
        for st in sc["steps"]
        if "error" in st
        for c in [st["error"]]
    }
    assert seen <= set(CODES)


def test_game_attributes_and_view_hide_the_other_hand() -> None:
    g = new_game(SEED)
    assert g.seed == SEED
    assert g.number == "1"
    assert g.seats == 2
    assert g.variant == "podkidnoy"
    assert g.phase == "attack"
    assert g.turn in (1, 2)
    assert not g.over
    assert g.result is None
    assert g.talon_left == 24
    assert g.turn_up_left
    assert g.discard == 0
    assert sum(g.count_of(s) for s in (1, 2)) == 12
    b = g.bout
    assert b is not None
    assert b.size == 0
    assert b.all_beaten
    assert b.room == b.cap
    other = 3 - (g.turn or 1)
    v = view(g, other)
    assert v["hand"] == g.hand_of(other)
    assert v["legal"] == []
    assert v["talon"] == 24
    assert v["counts"] == {1: 6, 2: 6}
    assert set(v) == {
        "seat", "ply", "phase", "turn", "trump", "trump_card", "talon", "discard", "hand",
        "counts", "swap", "legal", "over", "result", "bout",
    }  # fmt: skip
    text = repr(v)
    for c in g.hand_of(g.turn or 1):
        assert f"{c}," not in repr(v["hand"]) or c in g.hand_of(other)
    assert "talon" in text
    with pytest.raises(DurakConfigError):
        view(g, 3)


def test_protocol_pickle_copy_and_immutability() -> None:
    g = new_game(SEED)
    assert isinstance(g, GameStateProtocol)
    moves = g.legal_moves()
    assert moves
    assert all(isinstance(m, Move) for m in moves)
    mask = g.legal_mask()
    assert mask.dtype == np.bool_
    assert mask.shape == (ACTION_SPACE,)
    assert int(mask.sum()) == len(moves)
    g2 = g.apply_index(0)
    assert g2 == g.apply(moves[0])
    assert g2 != g
    assert g.to_notation() == new_game(SEED).to_notation()
    assert hash(g) == hash(g.zobrist)
    assert pickle.loads(pickle.dumps(g2)) == g2
    assert copy.deepcopy(g2) == g2
    assert copy.deepcopy(g2).history == g2.history
    assert DurakGame.from_notation(g2.to_notation()) == g2
    with pytest.raises(AttributeError):
        g.seats = 3  # type: ignore[misc]
    with pytest.raises(DurakConfigError) as bad:
        g.apply_index(99)
    assert bad.value.code == "BAD_INDEX"
    assert str(len(moves)) in str(bad.value)
    assert g.returns() == (0.0, 0.0)
    with pytest.raises(NotationError):
        DurakGame.from_notation("durak nonsense")
    with pytest.raises(InvalidStateError):
        DurakGame.from_notation(g.to_notation().replace("hands=", "hands=" + name_of(g.talon[0])))


def test_resign_and_replay() -> None:
    g = new_game(SEED)
    turn = g.turn or 1
    g2, ev = apply(g, 3 - turn, {"kind": "resign"})
    assert [e["kind"] for e in ev] == ["resign", "game_end"]
    assert g2.result == {"outcome": "resign", "fool": 3 - turn, "places": {3 - turn: 2, turn: 1}}
    assert g2.phase == "over"
    assert g2.turn is None
    assert legal(g2, 1) == []
    assert legal(g2, 2) == []
    with pytest.raises(DurakMoveError) as e:
        apply(g2, turn, {"kind": "resign"})
    assert e.value.code == "GAME_OVER"
    with pytest.raises(DurakMoveError) as e:
        apply(g, 1, {"kind": "surrender"})
    assert e.value.code == "NOT_LEGAL"
    with pytest.raises(DurakMoveError) as e:
        apply(g, 3, {"kind": "resign"})
    assert e.value.code == "NOT_YOUR_TURN"
    # Play a game with the greedy player, then replay it.
    game = u.greedy_playout(g)
    moves = moves_of(game.history)
    again, events = replay(SEED, moves)
    assert again == game
    assert events == list(game.history)
    assert replay(SEED)[1] == []
    assert replay(SEED)[0] == g
    forged = [
        dict(moves[0], card=next(c for c in range(1, 37) if c not in g.hand_of(moves[0]["seat"])))
    ]
    if forged[0]["kind"] == "attack":
        with pytest.raises(DurakMoveError) as e:
            replay(SEED, forged)
        assert e.value.code == "CARD_NOT_HELD"
    with pytest.raises(DurakMoveError) as e:
        replay(SEED, [dict(moves[0], seat=3 - moves[0]["seat"])])
    assert e.value.code == "NOT_YOUR_TURN"
    assert is_move("swap")
    assert not is_move("bout_end")
    assert not is_move(None)


def test_move_card_inputs_are_refused_not_crashed() -> None:
    g = new_game(SEED)
    seat = g.turn or 1
    for card in (None, "AS", "1.5", 0, 37, -5, 10**30, True, 3.0, [1]):
        with pytest.raises(DurakMoveError) as e:
            apply(g, seat, {"kind": "attack", "card": card})
        assert e.value.code == "CARD_NOT_HELD"
    held = g.hand_of(seat)[0]
    g2, _ = apply(g, seat, {"kind": "attack", "card": str(held)})
    assert g2.bout is not None
    assert g2.bout.attacks == (held,)
    for move in ({}, {"kind": 5}, "attack", None):
        with pytest.raises(DurakMoveError) as e:
            apply(g, seat, move)  # type: ignore[arg-type]
        assert e.value.code == "NOT_LEGAL"
    for bad_seat in ("1", None, 1.0, 10**30):
        with pytest.raises(DurakMoveError) as e:
            apply(g, bad_seat, {"kind": "take"})  # type: ignore[arg-type]
        assert e.value.code == "NOT_YOUR_TURN"


def test_bout_value() -> None:
    b = Bout.build(1, 2, 2).add_attack(id_of("AS") or 0)
    assert b.unbeaten == 1
    assert not b.all_beaten
    assert b.room == 1
    assert b.ranks == frozenset({"A"})
    b = b.add_beat(id_of("7C") or 0)
    assert b.cards == [1, id_of("7C")]
    assert b.all_beaten
    with pytest.raises(DurakConfigError):
        Bout.build(1, 1, 2)
    with pytest.raises(DurakConfigError):
        Bout.build(1, 2, 0)
    with pytest.raises(DurakConfigError):
        b.add_beat(5)
    with pytest.raises(DurakConfigError):
        Bout.build(1, 2, 1).add_attack(1).add_attack(2)
    assert [cap_for(n) for n in (0, 1, 5, 6, 7, 12)] == [0, 1, 5, 6, 6, 6]
    with pytest.raises(DurakConfigError):
        cap_for(-1)


def test_reference_invariant_sweep() -> None:
    """t/invariants.t: 200 deals played by the SHA-256 policy; every ending but capped occurs."""
    hows: dict[str, int] = {}
    for i in range(1, 201):
        g = new_game(u.seed32(f"durak-invariant-{i}"))
        swaps = 0
        for s in range(1, 401):
            if g.over:
                break
            seat = g.turn
            assert seat in (1, 2)
            moves = legal(g, seat)
            n = int.from_bytes(hashlib.sha256(f"{i}:{s}".encode()).digest()[:4], "big")
            cap = g.bout.cap if g.bout else None
            g, events = apply(g, seat, moves[n % len(moves)])
            for e in events:
                if e["kind"] == "bout_end":
                    hows[e["how"]] = hows.get(e["how"], 0) + 1
                    cap = None
                swaps += e["kind"] == "swap"
            b = g.bout
            if b is not None:
                assert 1 <= b.cap <= 6
                if cap is not None:
                    assert b.cap == cap
                if not b.taken:
                    assert sum(x is None for x in b.beats) <= 1
            table = len(b.cards) if b else 0
            assert g.count_of(1) + g.count_of(2) + g.talon_left + table + g.discard == 36
        assert g.over
        assert g.result is not None
        assert g.turn is None
        assert swaps <= 1
        r = g.result
        if r["outcome"] == "fool":
            assert g.count_of(r["fool"]) > 0
            assert g.count_of(3 - r["fool"]) == 0
        else:
            assert r["outcome"] == "draw"
            assert g.count_of(1) == g.count_of(2) == 0
    assert {"taken", "exhausted", "spent", "done"} <= set(hows)


def test_bot_and_greedy_moves_are_legal() -> None:
    g = new_game(SEED)
    seat = g.turn or 1
    m = bot_move(g, seat, level=1, seed=3)
    assert m is not None
    assert m in legal(g, seat)
    assert bot_move(g, seat, level=1, seed=3) == m
    assert bot_move(g, 3 - seat) is None
    assert greedy_move(g, 3 - seat) is None
    with pytest.raises(DurakConfigError):
        bot_move(g, seat, level=4)


def test_registry_and_simulate() -> None:
    spec = parlour.GAMES["durak"]
    assert spec.computer
    assert set(spec.options) == {"seats", "variant"}
    r = parlour.simulate("durak", 50, seed=1, policy="random")
    assert r.games == 50
    r3 = parlour.simulate("durak", 20, seed=1, policy="computer", options={"seats": "4"})
    assert r3.games == 20


def test_move_and_bout_helpers() -> None:
    m = Move.from_dict({"kind": "beat", "card": 5, "seat": 2})
    assert m == Move("beat", 5)
    assert m.to_dict() == {"kind": "beat", "card": 5}
    assert str(m) == "beat TS"
    assert str(Move("take")) == "take"
    assert m.action == 36 + 4
    assert Move("swap").action == 110
    assert Move("resign").action == -1
    b = Bout.from_dict({"cap": 3, "attacks": [1, 2], "beats": [10]})
    assert b.beats == (10, None)
    assert b.unbeaten == 2
    assert (b.attacker, b.defender) == (1, 2)
    with pytest.raises(DurakConfigError):
        Bout.from_dict({"attacks": [0]})


def test_history_of_branching_play_matches_the_moves_made() -> None:
    # Positions share one log of moves; play that goes on from an older position (a branch)
    # must leave every other position's history as it was.
    rng = random.Random(8)
    start = new_game(SEED)
    made: list[tuple[DurakGame, list[dict[str, Any]]]] = [(start, [])]
    for step in range(400):
        # straight play first (over more than one chunk of the record), then branches
        game, moves = made[-1] if step < 100 else made[rng.randrange(len(made))]
        if game.is_terminal:
            continue
        seat = game.turn
        legal = game.legal_moves()
        i = rng.randrange(len(legal))
        nxt = game.apply_index(i)
        made.append((nxt, [*moves, {"seat": seat, **legal[i].to_dict()}]))
    assert max(len(m) for _, m in made) > 64
    assert len(made) > 300
    for game, moves in made:
        got = moves_of(game.history)
        assert [{k: m.get(k) for k in ("seat", "kind", "card")} for m in got] == [
            {k: m.get(k) for k in ("seat", "kind", "card")} for m in moves
        ]


def test_history_read_midway_goes_on_in_the_children() -> None:
    # Reading a game's history takes its log; the games played on from it must still hold
    # the whole record (the read part and their own moves after it).
    rng = random.Random(3)
    game = new_game(SEED)
    made: list[dict[str, Any]] = []
    for step in range(60):
        if game.is_terminal:
            break
        if step % 7 == 3:
            assert [m.get("kind") for m in moves_of(game.history)] == [m["kind"] for m in made]
        legal = game.legal_moves()
        i = rng.randrange(len(legal))
        made.append({"seat": game.turn, **legal[i].to_dict()})
        game = game.apply_index(i)
    got = moves_of(game.history)
    assert len(got) == len(made) > 20
    assert [(m.get("seat"), m.get("kind"), m.get("card")) for m in got] == [
        (m.get("seat"), m.get("kind"), m.get("card")) for m in made
    ]
