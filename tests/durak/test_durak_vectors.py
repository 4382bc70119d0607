"""Replay every shared Durak vector: the pure-function cases, the scenarios and the games."""

from __future__ import annotations

from typing import Any

import _durak_util as u
import pytest

from parlour.durak import (
    Bout,
    DurakError,
    DurakMoveError,
    apply,
    beats,
    cap_for,
    closes,
    first_attacker,
    forced,
    id_of,
    legal,
    legal_attacks,
    legal_beats,
    moves_of,
    name_of,
    new_game,
    order_for,
    out_seats,
    replay,
    resign_for,
    result_for,
)


def _ids(names: list[str]) -> list[int]:
    out = []
    for n in names:
        i = id_of(n)
        assert i is not None
        out.append(i)
    return out


def _bout(b: dict[str, Any]) -> Bout:
    return Bout(
        1,
        2,
        b["cap"],
        tuple(_ids(b["attacks"])),
        tuple(None if x is None else id_of(x) for x in b["beats"]),
        bool(b["taken"]),
    )


def _run_case(case: dict[str, Any]) -> Any:
    fn, inp = case["fn"], case["input"]
    if fn == "cap_for":
        return cap_for(inp["size"])
    if fn == "beats":
        d, a = id_of(inp["defender_card"]), id_of(inp["attack_card"])
        assert d is not None
        assert a is not None
        return int(beats(d, a, inp["trump"]))
    if fn == "legal_attacks":
        return [name_of(c) for c in legal_attacks(_ids(inp["hand"]), _bout(inp["bout"]))]
    if fn == "legal_beats":
        return [
            name_of(c) for c in legal_beats(_ids(inp["hand"]), _bout(inp["bout"]), inp["trump"])
        ]
    if fn == "forced":
        return int(
            forced(
                _ids(inp["hand"]),
                _bout(inp["bout"]),
                inp["trump"],
                inp["phase"],
                bool(inp["can_swap"]),
            )
        )
    if fn == "closes":
        return closes(_bout(inp["bout"]), inp["defender_size"])
    if fn == "first_attacker":
        return first_attacker({k: _ids(v) for k, v in inp["hands"].items()}, inp["trump"])
    if fn == "out_seats":
        return out_seats(inp["counts"], inp["talon_left"])
    if fn == "result_for":
        return u.jsonish(result_for(inp["counts"], inp["talon_left"]))
    if fn == "resign_for":
        return u.jsonish(resign_for(inp["seat"], inp["seats"]))
    raise AssertionError(f"unknown fn {fn}")


def test_rules_cases_cover_every_function() -> None:
    fns = {c["fn"] for c in u.rules_cases()}
    assert len(u.rules_cases()) >= 102
    assert fns == {
        "cap_for",
        "beats",
        "legal_attacks",
        "legal_beats",
        "forced",
        "closes",
        "first_attacker",
        "result_for",
        "out_seats",
        "resign_for",
    }


@pytest.mark.parametrize("case", u.rules_cases(), ids=lambda c: str(c["id"]))
def test_rules_case(case: dict[str, Any]) -> None:
    assert _run_case(case) == case["output"]


@pytest.mark.parametrize("sc", u.scenarios(), ids=lambda s: str(s["name"]))
def test_scenario(sc: dict[str, Any]) -> None:
    game = u.fixture(sc["setup"])
    u.assert_sub(sc["initial"], u.snap(game), "initial")
    for i, step in enumerate(sc["steps"]):
        seat = step["seat"]
        assert u.jsonish(legal(game, seat)) == step["legal_before"], f"step {i} legal"
        before = game.to_notation()
        if "error" in step:
            with pytest.raises(DurakError) as exc:
                apply(game, seat, step["move"])
            assert exc.value.code == step["error"].upper(), f"step {i}"
            assert game.to_notation() == before
        else:
            game, events = apply(game, seat, step["move"])
            assert u.jsonish(events) == step["events"], f"step {i} events"
            kinds = " ".join(e["kind"] for e in events)
            assert kinds == step["kinds"]
            if step.get("expected_by_test"):
                assert kinds == step["expected_by_test"]
        u.assert_sub(step["after"], u.snap(game), f"step {i} after")


def test_all_games_replay_exactly() -> None:
    n_games = n_steps = n_probes = 0
    for rec in u.games():
        n_games += 1
        seed = rec["seed"].encode()
        assert order_for(seed, rec["number"]) == rec["order"]
        game = new_game(seed, rec["number"])
        deal = rec["deal"]
        s = u.snap(game)
        assert s["hands"] == deal["hands"]
        assert s["talon"] == deal["talon"]
        assert s["trump_card"] == deal["trump_card"]
        assert s["trump"] == deal["trump"]
        assert s["six_owner"] == deal["six_owner"]
        assert s["bout"]["attacker"] == deal["first_attacker"]
        assert s["bout"]["cap"] == deal["first_cap"]
        for step in rec["steps"]:
            n_steps += 1
            assert game.turn == step["turn"], (rec["game"], step["ply"])
            assert game.phase == step["phase"]
            assert u.jsonish(legal(game, step["turn"])) == step["legal"], (rec["game"], step["ply"])
            before = game.to_notation()
            for probe in step["probes"]:
                n_probes += 1
                with pytest.raises(DurakMoveError) as exc:
                    apply(game, probe["seat"], probe["move"])
                assert exc.value.code == probe["error"].upper(), (rec["game"], step["ply"], probe)
                assert game.to_notation() == before
            game, events = apply(game, step["seat"], step["move"])
            assert u.jsonish(events) == step["events"], (rec["game"], step["ply"])
            u.assert_sub(step["after"], u.snap(game), f"game {rec['game']} ply {step['ply']}")
        assert u.jsonish(game.result) == rec["result"]
        assert len(game.history) == rec["history_len"]
        assert u.jsonish(moves_of(game.history)) == rec["moves"]
        # replay(seed, moves) rebuilds the identical event stream.
        again, events = replay(seed, rec["moves"], rec["number"])
        assert u.jsonish(events) == u.jsonish(list(game.history))
        assert again == game
    assert n_games >= 134
    assert n_steps >= 10_327
    assert n_probes >= 30_928
