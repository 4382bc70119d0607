"""The engine-mirror API: refusals, seeds, names, codec edge cases, helpers and the protocol."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import math
import pickle
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.errors import (
    ConfigError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    ParlourError,
)
from parlour.mexican_train import (
    TRAIN_ACTIONS,
    TRAIN_DEFAULT_OPTIONS,
    TRAIN_SET_NAMES,
    TRAIN_SETS,
    FrozenMove,
    TrainGame,
    action_index,
    clean_train_name,
    computer_move,
    decode_train,
    encode_train,
    ends_of,
    every_tile,
    fits,
    hand_pips,
    hand_size_for,
    is_double,
    laid_against,
    laid_ends,
    legal_plays,
    longest_run,
    may_lay,
    mexican_of,
    move_count,
    move_of_action,
    moves_of,
    open_end,
    people_at,
    pips_of,
    play_train,
    replay_train,
    rounds_for,
    seeded_random,
    shuffled,
    start_train,
    tile_of,
    tile_of_laid,
    tile_words,
    train_again,
    train_moves,
    train_player_name,
    train_set_name,
    train_totals,
)
from parlour.mexican_train.notation import Parts, read, write
from parlour.protocol import GameStateProtocol

NAMES = ["Ann", "Ben"]


def _game(**kw: object) -> TrainGame:
    g = start_train(12, NAMES, 7, **kw)  # type: ignore[arg-type]
    assert g is not None
    return g


def _finished(seed: int = 3) -> TrainGame:
    g = start_train(9, NAMES, seed, {"length": "short"})
    assert g is not None
    while not g.is_terminal:
        g = g.apply(computer_move(g))
    return g


@pytest.mark.parametrize(
    "args",
    [
        (6, NAMES, 1, None, None),
        (True, NAMES, 1, None, None),
        ("12", NAMES, 1, None, None),
        (12.5, NAMES, 1, None, None),
        (12, ["A"], 1, None, None),
        (12, ["A"] * 9, 1, None, None),
        (12, "AB", 1, None, None),
        (12, ["A", 3], 1, None, None),
        (12, NAMES, 1.5, None, None),
        (12, NAMES, math.nan, None, None),
        (12, NAMES, math.inf, None, None),
        (12, NAMES, -math.inf, None, None),
        (12, NAMES, "7", None, None),
        (12, NAMES, True, None, None),
        (12, NAMES, None, None, None),
        (12, NAMES, 10**400, None, None),
        (12, NAMES, 1, {"length": "FULL"}, None),
        (12, NAMES, 1, {"doubles": "two"}, None),
        (12, NAMES, 1, {"mexican": None}, None),
        (12, NAMES, 1, ["full"], None),
        (12, NAMES, 1, None, [True]),
        (12, NAMES, 1, None, [1, 0]),
        (12, NAMES, 1, None, "tf"),
    ],
)
def test_start_train_refuses_without_raising(args: tuple[object, ...]) -> None:
    assert start_train(*args) is None  # type: ignore[arg-type]


def test_options_order_defaults_and_extras() -> None:
    g = _game(options={"mexican": "ownFirst", "doubles": "chain", "extra": 1})
    assert list(g.options.items()) == [
        ("mexican", "ownFirst"),
        ("doubles", "chain"),
        ("length", "full"),
    ]
    assert '"options":{"mexican":"ownFirst","doubles":"chain","length":"full"}' in encode_train(g)
    back = decode_train(encode_train(g))
    assert back is not None
    assert list(back.options) == ["length", "doubles", "mexican"]
    assert back.options == g.options
    assert _game().options == dict(TRAIN_DEFAULT_OPTIONS)
    o = g.options
    o["length"] = "short"
    assert g.options["length"] == "full"


def test_seeds_use_the_low_32_bits_of_a_double() -> None:
    a, b = start_train(12, NAMES, 7), start_train(12, NAMES, 4294967303)
    assert a is not None
    assert b is not None
    assert a.hands == b.hands
    assert a.boneyard == b.boneyard
    c, d = start_train(12, NAMES, -1), start_train(12, NAMES, 4294967295)
    assert c is not None
    assert d is not None
    assert c.hands == d.hands
    e, f = start_train(12, NAMES, 9007199254740993), start_train(12, NAMES, 9007199254740992)
    assert e is not None
    assert f is not None
    assert e.hands == f.hands
    assert e.seed == f.seed
    big = start_train(12, NAMES, 10**21)
    assert big is not None
    assert '"seed":1e+21' in encode_train(big)
    huge = start_train(12, NAMES, 2**66)
    assert huge is not None
    assert '"seed":73786976294838210000' in encode_train(huge)
    seven = start_train(12, NAMES, 7.0)
    assert seven is not None
    assert '"seed":7,' in encode_train(seven)
    neg = start_train(12, NAMES, -123)
    assert neg is not None
    assert '"seed":-123,' in encode_train(neg)


def test_play_train_refuses_bad_moves_and_records_nothing() -> None:
    g = _game()
    ok = train_moves(g)[0]
    bad: list[object] = [
        None,
        "p28.0",
        42,
        {},
        {"kind": "jump"},
        {"kind": ["play"]},
        {"kind": "next"},
        {"kind": "draw"},
        {"kind": "pass"},
        {**ok, "tile": True},
        {**ok, "tile": float(ok["tile"])},  # type: ignore[typeddict-item]
        {**ok, "train": 0.0},
        {**ok, "train": 1.5},
        {**ok, "train": True},
        {**ok, "train": -1},
        {**ok, "train": 3},
        {**ok, "train": 2**70},
        {**ok, "tile": 999},
        {**ok, "tile": -1},
        {**ok, "tile": tile_of(13, 13)},
        {"kind": "play"},
    ]
    for mv in bad:
        assert play_train(g, mv) is None, mv
    assert play_train("not a game", ok) is None  # type: ignore[arg-type]
    assert move_count(g) == 0
    assert g.history is None
    nxt = play_train(g, ok)
    assert nxt is not None
    assert move_count(nxt) == 1
    assert move_count(g) == 0
    assert nxt.last == {"seat": 0, "move": ok}
    assert g.last is None
    tile = ok["tile"]  # type: ignore[typeddict-item]
    assert may_lay(g, tile, 0) is True
    for t, r in [
        (tile, 1.5),
        (tile, True),
        (True, 0),
        (float(tile), 0),
        (tile, -1),
        (tile, 3),
        (999, 0),
    ]:
        assert may_lay(g, t, r) is False


def test_computer_move_on_a_finished_game_raises() -> None:
    g = _finished()
    assert g.phase == "finished"
    assert train_moves(g) == []
    assert legal_plays(g) == []
    with pytest.raises(IllegalMoveError, match="no move to make: the game is over") as e:
        computer_move(g)
    assert e.value.code == "GAME_OVER"
    for mv in ({"kind": "next"}, {"kind": "draw"}, {"kind": "pass"}):
        assert play_train(g, mv) is None
    assert g.winners
    assert len(g.results) == g.rounds == 5
    totals = train_totals(g)
    assert list(g.winners) == [s for s, t in enumerate(totals) if t == min(totals)]
    assert g.returns() == tuple(-float(t) for t in totals)
    assert g.to_move is None


def test_names_are_cleaned_like_javascript() -> None:
    assert clean_train_name("  Ann \u00a0\u2003 Lee\ufeff") == "Ann Lee"
    assert clean_train_name("a\x1cb\x85c\u180e") == "a\x1cb\x85c\u180e"
    assert clean_train_name("x" * 25) == "x" * 20
    emoji = "\U0001f600" * 11  # 22 UTF-16 units: the cut splits the 11th pair
    cut = clean_train_name(emoji)
    assert cut == "\U0001f600" * 10
    odd = clean_train_name("a" + "\U0001f600" * 10)
    assert odd.endswith("\ud83d")
    g = start_train(12, [odd, "b"], 1)
    assert g is not None
    text = encode_train(g)
    assert '\\ud83d"' in text
    text.encode("utf-8")  # no lone surrogate reaches the text
    back = decode_train(text)
    assert back is not None
    assert back.players == g.players
    g2 = start_train(12, ['q"\\\n\t\x01\x7f\x85z\u2028', ""], 1, None, [False, True])
    assert g2 is not None
    assert '"players":["q\\"\\\\ \\u0001\x7f\x85z",""]' in encode_train(g2)
    assert train_player_name(g2, 1) == "Computer 2"
    assert train_player_name(g2, 0) == 'q"\\ \x01\x7f\x85z'
    g3 = start_train(12, ["", "x"], 1)
    assert g3 is not None
    assert train_player_name(g3, 0) == "Player 1"
    assert people_at(g2) == [0]
    assert mexican_of(g2) == 2


@pytest.mark.parametrize(
    "text",
    [
        None,
        42,
        b"{}",
        "",
        "{",
        "[" * 100000,
        '{"v":1,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":NaN,'
        '"players":["a","b"],"computers":[false,false],"moves":""}',
        '{"v":1,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":1e400,'
        '"players":["a","b"],"computers":[false,false],"moves":""}',
        '{"v":1,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":1.5,'
        '"players":["a","b"],"computers":[false,false],"moves":""}',
        '{"v":1,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":1,'
        '"players":["a","b"],"computers":[false,false],"moves":"","x":Infinity}',
        '{"v":true,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":1,'
        '"players":["a","b"],"computers":[false,false],"moves":""}',
        '{"v":1,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":1,'
        '"players":["a","b"],"computers":[false,false],"moves":"p' + "9" * 5000 + '.0"}',
        '{"v":1,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":1,'
        '"players":["a","b"],"computers":[false,false],"moves":"d,"}',
        '{"v":1,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":1,'
        '"players":["a","b"],"computers":[false,false],"moves":"p-1.0"}',
        '{"v":1,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":1,'
        '"players":["a","b"],"computers":[false,false],"moves":"p\uff11.0"}',
        '{"v":1,"set":12,"options":{"length":"full","doubles":"one","mexican":"any"},"seed":1,'
        '"players":["a","b"],"computers":[false,false],"moves":"d\\n"}',
    ],
)
def test_decode_refuses_without_raising(text: object) -> None:
    assert decode_train(text) is None


def test_format_example_round_trips() -> None:
    text = (
        '{"v":1,"set":9,"options":{"length":"short","doubles":"chain","mexican":"ownFirst"},"seed":11,'
        '"players":["Ann","Ben","Cy"],"computers":[false,true,false],"moves":"p25.0,p9.1,p73.2,d,x,p4.1"}'
    )
    g = decode_train(text)
    assert g is not None
    assert encode_train(g) == text
    assert move_count(g) == 6
    assert [m["kind"] for m in moves_of(g)] == ["play", "play", "play", "draw", "pass", "play"]
    assert g.history is not None
    assert g.history.count == 6
    assert g.history.move == {"kind": "play", "tile": 4, "train": 1}
    again = replay_train(9, ["Ann", "Ben", "Cy"], 11, g.options, [False, True, False], moves_of(g))
    assert again == g
    assert (
        replay_train(9, ["Ann", "Ben", "Cy"], 11, g.options, None, [*moves_of(g), {"kind": "next"}])
        is None
    )
    dup = decode_train(text.replace('"seed":11', '"seed":5,"seed":11.0'))
    assert dup is not None
    assert encode_train(dup) == text


def test_seeded_random_and_shuffle_match_the_spec() -> None:
    r = seeded_random(42)
    assert [round(r() * 2**32) for _ in range(3)] == [2581720956, 1925393290, 3661312704]
    r = seeded_random(123456789)
    assert r() == 0.2577907438389957
    r1, r2 = seeded_random(7), seeded_random(4294967303)
    assert [r1() for _ in range(5)] == [r2() for _ in range(5)]
    items = list(range(10))
    out = shuffled(items, seeded_random(1))
    assert sorted(out) == items
    assert items == list(range(10))
    assert out != items
    g = start_train(9, NAMES, 1)
    assert g is not None
    assert g.hands[0] == (53, 85, 21, 71, 38, 7, 9, 73, 36, 136)


def test_tile_helpers() -> None:
    assert tile_of(12, 1) == tile_of(1, 12) == 28
    assert ends_of(28) == (1, 12)
    assert is_double(tile_of(6, 6))
    assert not is_double(28)
    assert pips_of(28) == 13
    assert hand_pips([28, 0]) == 13
    assert fits(28, 12)
    assert fits(28, 1)
    assert not fits(28, 2)
    assert laid_against(28, 12) == 12 * 16 + 1
    assert laid_against(28, 1) == 28
    assert laid_ends(12 * 16 + 1) == (12, 1)
    assert tile_of_laid(12 * 16 + 1) == 28
    assert tile_words(tile_of(4, 6)) == "6\u20134"
    assert [len(every_tile(s)) for s in TRAIN_SETS.values()] == [55, 91, 136]
    assert every_tile(9) == sorted(every_tile(9))
    table = {
        9: (10, 10, 10, 8, 8, 6, 6),
        12: (15, 15, 15, 12, 12, 10, 10),
        15: (15, 15, 15, 13, 13, 12, 12),
    }
    for s, sizes in table.items():
        assert tuple(hand_size_for(s, n) for n in range(2, 9)) == sizes
    assert hand_size_for(7, 3) == 15
    assert [rounds_for(s, "full") for s in (9, 12, 15)] == [10, 13, 16]
    assert [rounds_for(s, "short") for s in (9, 12, 15)] == [5, 7, 8]
    assert train_set_name(12) == TRAIN_SET_NAMES[12] == "Double-twelve"
    assert train_set_name(10) is None
    assert train_set_name("12") is None
    assert train_set_name(True) is None


def test_open_end_train_again_and_fields() -> None:
    g = _game(computers=[True, False])
    assert open_end(g, 0) == 12
    assert open_end(g, 2) == 12
    assert [t.open for t in g.trains] == [False, False, True]
    for bad in (-1, 3, 1.0, True):
        with pytest.raises(ConfigError):
            open_end(g, bad)  # type: ignore[arg-type]
    again = train_again(g, 8)
    assert again is not None
    assert again.players == g.players
    assert again.computers == g.computers
    assert again.hands != g.hands
    assert again.seed == 8
    assert train_again(g, 1.5) is None
    mv = computer_move(g)
    nxt = g.apply(mv)
    if mv["kind"] == "play":
        assert open_end(nxt, mv["train"]) != 12 or is_double(mv["tile"])
    assert (g.rounds, g.round, g.engine, g.turn, g.passes, g.phase) == (13, 0, 12, 0, 0, "playing")
    assert (g.uncovered, g.chaining, g.drew, g.results, g.winners) == ((), False, False, (), ())


def test_protocol_pickle_copy_hash_and_immutability() -> None:
    g = _game(options={"doubles": "chain", "mexican": "ownFirst"})
    for i in range(30):
        g = g.apply_index(i % len(g.legal_moves()))
    assert isinstance(g, GameStateProtocol)
    assert hash(g) == hash(g.zobrist)  # the protocol's hash: Python's hash of the Zobrist int
    assert g.zobrist == g._full_hash()
    assert pickle.loads(pickle.dumps(g)) == g
    assert encode_train(pickle.loads(pickle.dumps(g))) == encode_train(g)
    assert copy.deepcopy(g) == g
    assert copy.copy(g) is g
    assert TrainGame.from_notation(g.to_notation()) == g
    with pytest.raises(NotationError):
        TrainGame.from_notation("{}")
    with pytest.raises(AttributeError):
        g.turn = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        g._state = None  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        TrainGame()
    with pytest.raises(IllegalMoveError):
        g.apply({"kind": "next"})
    with pytest.raises(IllegalMoveError):
        g.apply_index(len(g.legal_moves()))
    with pytest.raises(ParlourError):
        g.apply_index(True)
    mask = g.legal_mask()
    assert mask.shape == (TRAIN_ACTIONS,)
    assert mask.dtype == np.bool_
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(action_index(m) for m in g.legal_moves())
    for i in (0, 5, TRAIN_ACTIONS - 1, TRAIN_ACTIONS - 3):
        assert action_index(move_of_action(i)) == i
    with pytest.raises(ConfigError):
        move_of_action(TRAIN_ACTIONS)
    with pytest.raises(ConfigError):
        action_index({"kind": "play", "tile": 5, "train": 9})


_MUTATIONS: tuple[Callable[[Any], object], ...] = (
    lambda m: m.__setitem__("train", 3),
    lambda m: m.__delitem__("kind"),
    lambda m: m.clear(),
    lambda m: m.pop("kind"),
    lambda m: m.popitem(),
    lambda m: m.setdefault("x", 1),
    lambda m: m.update(train=3),
    lambda m: m.__ior__({"train": 3}),
)


def test_returned_moves_are_shared_read_only_dicts() -> None:
    g = _game(options={"doubles": "chain"})
    for i in range(40):
        g = g.apply_index(i % len(g.legal_moves()))
    moves = g.legal_moves()
    again = train_moves(g)
    assert list(moves) == again  # legal_moves() is a tuple, train_moves a list
    assert train_moves(g) is not again  # a new list on each call
    assert all(a is b for a, b in zip(moves, again, strict=True))  # one object per move
    for m in [*moves, computer_move(g), *moves_of(g), move_of_action(7)]:
        assert type(m) is FrozenMove
        assert isinstance(m, dict)
        plain = dict(m)
        assert m == plain
        assert plain == m
        assert json.loads(json.dumps(m)) == plain
        assert repr(m) == repr(plain)
        for mutate in _MUTATIONS:
            with pytest.raises(TypeError, match="cannot be changed"):
                mutate(m)
        assert m == plain  # unchanged by every refused change
        m.__init__(kind="next")  # type: ignore[misc]
        assert m == plain
        assert hash(m) == hash(FrozenMove(plain))
        assert m in {FrozenMove(plain)}
        assert pickle.loads(pickle.dumps(m)) == m
        assert type(pickle.loads(pickle.dumps(m))) is FrozenMove
        assert copy.copy(m) is m
        assert copy.deepcopy(m) is m
        mutable = m.copy()
        mutable["kind"] = "changed"  # a copy is a plain dict
        assert type(mutable) is dict
        assert m == plain
    for i, m in enumerate(moves):
        assert g.apply(m) == g.apply_index(i) == play_train(g, m)
    made = FrozenMove.fromkeys(["kind"], "draw")
    assert type(made) is FrozenMove
    assert made == {"kind": "draw"}
    # a dict the caller builds is a move too
    first = dict(moves[0])
    assert g.apply(first) == g.apply_index(0)
    assert play_train(g, first) == g.apply_index(0)
    assert g.last is not None
    assert type(g.last["move"]) is FrozenMove
    assert type(g.history.move) is FrozenMove  # type: ignore[union-attr]


def _brute(hand: list[int], at: int, used: list[bool]) -> tuple[int, int]:
    best = (0, 0)
    for i, t in enumerate(hand):
        if used[i] or not fits(t, at):
            continue
        used[i] = True
        lo, hi = ends_of(t)
        sub = _brute(hand, hi if lo == at else lo, used)
        used[i] = False
        best = max(best, (sub[0] + 1, sub[1] + pips_of(t)))
    return best


def test_longest_run_exact_matches_brute_force() -> None:
    rng = random.Random(11)
    tiles = every_tile(6)
    for _ in range(150):
        hand = rng.sample(tiles, rng.randint(0, 9))
        end = rng.randint(0, 6)
        run = longest_run(hand, end, exact=True)
        assert (len(run), hand_pips(run)) == _brute(hand, end, [False] * len(hand))
        at = end
        for t in run:
            assert fits(t, at)
            lo, hi = ends_of(t)
            at = hi if lo == at else lo
        bounded = longest_run(hand, end)
        assert len(bounded) <= len(run)


def test_longest_run_exact_is_fast_on_fifteen_tile_hands() -> None:
    rng = random.Random(5)
    dense = [t for t in every_tile(15) if ends_of(t)[1] < 6]
    started = time.perf_counter()
    for _ in range(20):
        hand = rng.sample(dense, 15)
        exact = longest_run(hand, rng.randint(0, 5), exact=True)
        assert len(exact) <= 15
        longest_run(rng.sample(every_tile(15), 15), 15, exact=True)
    assert time.perf_counter() - started < 30  # generous: a smoke bound, not a benchmark


def test_longest_run_bad_input() -> None:
    with pytest.raises(ConfigError):
        longest_run([1, 2, 300], 1)
    with pytest.raises(ConfigError):
        longest_run([1, True], 1)
    with pytest.raises(ConfigError):
        longest_run("12", 1)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        longest_run([1], 1.0)  # type: ignore[arg-type]
    assert longest_run([1, 2], -1) == []
    assert longest_run([1, 2], 99) == []
    assert longest_run([], 0) == []


def test_registry_and_simulation() -> None:
    spec = parlour.GAMES["mexican-train"]
    assert spec.computer
    assert set(spec.options) == {"players", "set", "length", "doubles", "mexican"}
    opts = {
        "set": "9",
        "players": "3",
        "length": "short",
        "doubles": "chain",
        "mexican": "ownFirst",
    }
    a = parlour.simulate("mexican-train", 40, seed=2, policy="computer", options=opts, threads=1)
    b = parlour.simulate("mexican-train", 40, seed=2, policy="computer", options=opts, threads=2)
    assert a.returns.shape == (40, 3)
    assert np.array_equal(a.hashes, b.hashes)
    assert (a.returns <= 0).all()
    r = parlour.simulate(
        "mexican-train", 30, seed=2, policy="random", options={"players": "8", "set": "15"}
    )
    assert r.returns.shape == (30, 8)
    with pytest.raises(ConfigError):
        parlour.simulate("mexican-train", 1, options={"set": "10"})
    with pytest.raises(ConfigError):
        parlour.simulate("mexican-train", 1, options={"mexican": "ownfirst"})


def test_all_seats_and_sets_play_to_the_end_by_computer() -> None:
    for s, n in itertools.product((9, 12, 15), (2, 5, 8)):
        g = start_train(s, [f"P{i}" for i in range(n)], s * n, {"length": "short"}, [True] * n)
        assert g is not None
        moves = g._autoplay()
        for m in moves[:50]:
            nxt = g.apply_index(
                [(x["kind"], x.get("tile"), x.get("train")) for x in g.legal_moves()].index(
                    ("play", m[1], m[2])
                    if m[0] == 0
                    else (("draw", "pass", "next")[m[0] - 1], None, None)
                )
            )
            g = nxt
        assert len(moves) > 50


def test_the_issue_names_are_exported() -> None:
    import parlour.mexican_train as mt

    names = """start_train play_train replay_train train_again legal_plays train_moves may_lay
    computer_move longest_run encode_train decode_train seeded_random shuffled hand_size_for
    rounds_for every_tile tile_of ends_of is_double fits laid_against laid_ends tile_of_laid
    pips_of hand_pips open_end mexican_of move_count moves_of people_at train_player_name
    clean_train_name train_totals tile_words train_set_name TRAIN_SETS TRAIN_SET_NAMES
    TRAIN_DEFAULT_OPTIONS TRAIN_DOUBLES TRAIN_LENGTHS TRAIN_MEXICAN TRAIN_PHASES TRAIN_PIP_BASE
    TRAIN_NAME_MOST TrainGame""".split()
    for name in names:
        assert name in mt.__all__, name
        assert hasattr(mt, name), name
    assert mt.TRAIN_PIP_BASE == 16
    assert mt.TRAIN_NAME_MOST == 20
    assert dict(mt.TRAIN_PHASES) == {
        "playing": "playing",
        "roundOver": "roundOver",
        "finished": "finished",
    }
    assert dict(mt.TRAIN_MEXICAN) == {"any": "any", "ownFirst": "ownFirst"}
    assert dict(mt.TRAIN_SETS) == {"nine": 9, "twelve": 12, "fifteen": 15}


def test_game_class_is_the_rust_class() -> None:
    from parlour._core import mexican_train as core

    g = start_train(12, ["A", "B", "C", "D"], 3)
    assert TrainGame is core.TrainGame
    assert type(g) is TrainGame
    nxt = g.apply_index(0)
    assert type(nxt) is TrainGame
    # the record is built once and kept by the Rust class
    assert g.history is None
    assert nxt.history is not None
    assert nxt.history is nxt.history
    with pytest.raises(TypeError, match="start_train"):
        TrainGame(g)


def test_history_of_branching_play_matches_the_moves_made() -> None:
    # Positions share one record of moves; play that goes on from an older position (a branch)
    # must leave every other position's history as it was.
    rng = random.Random(4)
    start = start_train(9, ["A", "B", "C"], 21)
    assert start is not None
    made: list[tuple[TrainGame, list[dict[str, Any]]]] = [(start, [])]
    for step in range(500):
        # straight play first (over more than one chunk of the record), then branches
        game, moves = made[-1] if step < 100 else made[rng.randrange(len(made))]
        if game.is_terminal:
            continue
        legal = game.legal_moves()
        i = rng.randrange(len(legal))
        made.append((game.apply_index(i), [*moves, dict(legal[i])]))
    assert max(len(m) for _, m in made) > 64
    assert len(made) > 300
    for game, moves in made:
        assert moves_of(game) == moves
        assert move_count(game) == len(moves)
        history = game.history
        if not moves:
            assert history is None
        else:
            assert history is not None
            assert history.count == len(moves)
            assert history.move == moves[-1]


def test_apply_of_a_listed_move_object_matches_the_checked_path() -> None:
    # apply() makes a move object of legal_moves() without parsing or checking it (found by
    # identity); the result, its history and `last` must be those of the checked path, and a
    # table object that is not legal here must still be refused.
    rng = random.Random(4)
    g = _game(options={"doubles": "chain"})
    seen: dict[str, Any] = {}
    for _ in range(300):
        if g.is_terminal:
            break
        moves = g.legal_moves()
        i = rng.randrange(len(moves))
        fast = g.apply(moves[i])
        checked = g.apply(dict(moves[i]))  # a plain dict: parsed and checked
        assert fast == checked == g.apply_index(i)
        assert fast.last == checked.last
        assert moves_of(fast) == moves_of(checked)
        for m in seen.values():
            if all(m is not x for x in moves):
                with pytest.raises(IllegalMoveError) as e:
                    g.apply(m)
                assert e.value.code == "ILLEGAL_MOVE"
                assert play_train(g, m) is None
        seen.update((json.dumps(dict(m), sort_keys=True), m) for m in moves[:2])
        g = fast
    assert len(seen) > 10


def test_parts_are_the_one_record_of_a_saved_game() -> None:
    # TrainGame.parts() / from_parts are the boundary; notation.read/write the one reader and
    # writer of the text; the core checks the parts by replaying them.
    g = _game(options={"doubles": "chain", "mexican": "ownFirst"})
    for i in range(25):
        g = g.apply_index(i % len(g.legal_moves()))
    parts = g.parts()
    assert isinstance(parts, Parts)
    assert len(parts.moves) == move_count(g) == 25
    assert TrainGame.from_parts(parts) == g
    assert write(parts) == g.to_notation() == encode_train(g)
    assert TrainGame.from_parts(read(write(parts))) == g
    with pytest.raises(InvalidStateError) as e:
        TrainGame.from_parts(dataclasses.replace(parts, moves=(*parts.moves, (0, 255, 0))))
    assert e.value.code == "INVALID_GAME"
    with pytest.raises(InvalidStateError):
        TrainGame.from_parts(dataclasses.replace(parts, computers=(True,)))
    with pytest.raises(ConfigError):
        TrainGame.from_parts(dataclasses.replace(parts, set=10))
    with pytest.raises(ConfigError):
        TrainGame.from_parts(dataclasses.replace(parts, options=(("length", "long"),)))
    with pytest.raises(TypeError):
        TrainGame.from_parts("parts")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        write("parts")  # type: ignore[arg-type]
    with pytest.raises(NotationError) as n:
        read("{}")
    assert n.value.code == "INVALID_GAME_TEXT"
    with pytest.raises(NotationError):
        TrainGame.from_notation(write(dataclasses.replace(parts, moves=((0, 255, 0),))))
