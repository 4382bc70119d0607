"""Replay every shared Mexican Train vector file through the public API."""

from __future__ import annotations

import math
from typing import Any

import pytest
from _mexican_train_util import encoded_moves, move_of_token, records, snapshot, token

from parlour._core import mexican_train as core
from parlour.mexican_train import (
    TrainGame,
    computer_move,
    decode_train,
    encode_train,
    every_tile,
    legal_plays,
    longest_run,
    may_lay,
    play_train,
    seeded_random,
    shuffled,
    start_train,
    tile_of,
    train_moves,
    train_totals,
)

GAMES = list(records("train_games.jsonl"))


def _start(start: dict[str, Any]) -> TrainGame:
    g = start_train(
        start["set"], start["players"], start["seed"], start["options"], start["computers"]
    )
    assert g is not None
    return g


@pytest.mark.parametrize("rec", GAMES, ids=[r["id"] for r in GAMES])
def test_game_replays_exactly(rec: dict[str, Any]) -> None:
    g = _start(rec["start"])
    assert list(g.players) == rec["cleaned_players"]
    assert g.rounds == rec["rounds"]
    moves = encoded_moves(rec["final_encode"])
    assert len(moves) == rec["move_count"]
    states = {s["at"]: s for s in rec["states"]}
    encodes = {e["at"]: e["text"] for e in rec["encodes"]}
    deals = rec["deals"]
    movers = rec["movers"]
    ai_choice = rec["ai_choice"]
    dealt = 0
    for k, tok in enumerate(moves):
        if g.phase == "playing" and g.round == dealt:
            d = deals[dealt]
            assert (g.round, g.engine, g.to_play) == (d["round"], d["engine"], d["toPlay"])
            assert [list(h) for h in g.hands] == d["hands"]
            assert list(g.boneyard) == d["boneyard"]
            dealt += 1
        offered = rec["offered"][k]
        assert g._tokens() == offered, f"move {k}"
        if k % 25 == 0:
            listed = train_moves(g)
            assert ",".join(token(m) for m in listed) == offered
            plays = [f"p{p['tile']}.{p['train']}" for p in legal_plays(g)]
            assert plays == [t for t in offered.split(",") if t.startswith("p")]
        if k in states:
            want = dict(states[k])
            del want["at"]
            assert snapshot(g) == want, f"state before move {k}"
        if k in encodes:
            assert encode_train(g) == encodes[k]
        if movers[g.to_play] == "ai" or str(k) in ai_choice:
            want_ai = ai_choice.get(str(k), tok)
            assert token(computer_move(g)) == want_ai, f"computer move at {k}"
        nxt = play_train(g, move_of_token(tok))
        assert nxt is not None, f"move {k} {tok} refused"
        g = nxt
    assert dealt == len(deals)
    want = dict(rec["final_state"])
    assert snapshot(g) == want
    assert encode_train(g) == rec["final_encode"]
    assert len(encodes) == 0 or max(encodes) <= len(moves)
    assert [[r.engine, list(r.pips), r.ending, r.out] for r in g.results] == [
        [r["engine"], r["pips"], r["ending"], r["out"]] for r in rec["results"]
    ]
    assert train_totals(g) == rec["totals"]
    assert list(g.winners) == rec["winners"]
    assert train_moves(g) == []
    back = decode_train(rec["final_encode"])
    assert back == g


def test_decoded_games_equal_replayed_games() -> None:
    for rec in GAMES[:20]:
        for e in rec["encodes"]:
            g = decode_train(e["text"])
            assert g is not None
            assert encode_train(g) == e["text"]
            assert decode_train(encode_train(g)) == g


LONGEST = list(records("train_longest_run.jsonl"))


def test_longest_run_vectors() -> None:
    bounded = 0
    for rec in LONGEST:
        assert longest_run(rec["hand"], rec["end"]) == rec["run"], rec
        run, steps = core.longest_run_steps(rec["hand"], rec["end"])
        assert run == rec["run"]
        assert steps == rec["steps"]
        assert sum(t // 16 + t % 16 for t in run) == rec["run_pips"]
        bounded += rec["bounded"]
        exact = longest_run(rec["hand"], rec["end"], exact=True)
        assert len(exact) >= len(run)
    assert bounded > 0


INVALID = list(records("train_invalid.jsonl"))


@pytest.mark.parametrize(
    "rec", INVALID, ids=[f"{r['category']}-{i}" for i, r in enumerate(INVALID)]
)
def test_invalid_moves_are_refused(rec: dict[str, Any]) -> None:
    g = decode_train(rec["position"])
    assert g is not None
    assert g.phase == rec["phase"]
    assert g.to_play == rec["toPlay"]
    assert list(g.uncovered) == rec["uncovered"]
    assert (g.chaining, g.drew, len(g.boneyard)) == (rec["chaining"], rec["drew"], rec["boneyard"])
    assert [token(m) for m in train_moves(g)] == rec["offered"]
    before = encode_train(g)
    assert play_train(g, rec["move"]) is None
    assert encode_train(g) == before
    move = rec["move"]
    if move["kind"] == "play":
        assert may_lay(g, move["tile"], move["train"]) is False


CODEC = list(records("train_codec.jsonl"))


def _number(x: Any) -> Any:
    return {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf, "1e21": 1e21}.get(x, x)


@pytest.mark.parametrize("rec", CODEC, ids=[f"{r['kind']}-{i}" for i, r in enumerate(CODEC)])
def test_codec(rec: dict[str, Any]) -> None:
    kind = rec["kind"]
    if kind == "decode_null":
        assert decode_train(rec["input"]) is None
    elif kind == "decode_ok":
        g = decode_train(rec["input"])
        assert g is not None
        assert encode_train(g) == rec["reencode"]
        assert list(g.players) == rec["players"]
        want = dict(rec["state"])
        want.pop("at", None)
        assert snapshot(g) == want
        assert decode_train(encode_train(g)) == g
    elif kind == "encode":
        a = rec["args"]
        g = start_train(a["set"], a["players"], a["seed"], a["options"], a["computers"])
        assert g is not None
        for tok in rec["moves"]:
            nxt = play_train(g, move_of_token(tok))
            assert nxt is not None
            g = nxt
        assert encode_train(g) == rec["encode"]
        if a["seed"] == 0:
            neg = start_train(a["set"], a["players"], -0.0, a["options"], a["computers"])
            assert neg is not None
            assert encode_train(neg) == rec["encode"]
    elif kind == "start_null":
        a = rec["args"]
        assert (
            start_train(a["set"], a["players"], _number(a["seed"]), a["options"], a["computers"])
            is None
        )
    else:
        assert kind == "seed_round"
        seed = _number(rec["seed"])
        engine = rec["engine"]
        hands, bone = core.deal(12, 4, int(seed) % 2**32, rec["round"])
        assert hands == rec["hands"]
        assert bone == rec["boneyard"]
        deck = [t for t in every_tile(12) if t != tile_of(engine, engine)]
        mixed = shuffled(deck, seeded_random(rec["round_seed_u32"]))
        assert mixed[:15] == rec["hands"][0]
        assert mixed[60:] == rec["boneyard"]
        # The same seed at the table deals round 0 with the round-0 seed.
        g = start_train(12, ["a", "b", "c", "d"], seed)
        assert g is not None
        want0, _ = core.deal(12, 4, int(seed) % 2**32, 0)
        assert [list(h) for h in g.hands] == want0
