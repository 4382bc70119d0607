"""Shared helpers of the Durak tests: the vectors, the reference's test fixture, comparisons."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from parlour.durak import DurakGame, apply, cap_for, greedy_move, id_of, order_for, six_of

SHARED = Path(
    os.environ.get("PARLOUR_SHARED") or Path(__file__).resolve().parents[2].parent / "shared"
)
VECTORS = SHARED / "vectors/durak"


def seed32(text: str) -> bytes:
    """The fixture's seed: ``text`` left-justified in 32 bytes (padded with spaces or cut)."""
    return text.encode()[:32].ljust(32, b" ")


@cache
def rules_cases() -> list[dict[str, Any]]:
    data = json.loads((VECTORS / "durak_rules_cases.json").read_text())
    return list(data["cases"])


@cache
def scenarios() -> list[dict[str, Any]]:
    data = json.loads((VECTORS / "durak_scenarios.json").read_text())
    return list(data["scenarios"])


def games() -> Iterator[dict[str, Any]]:
    with (VECTORS / "durak_games.jsonl").open() as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


@cache
def fixture_turn_up(trump: str) -> int:
    """The turn-up of the first ``seed32("fixture-<trump>-<i>")`` whose turn-up has that suit."""
    i = 1
    while True:
        order = order_for(seed32(f"fixture-{trump}-{i}"), 1)
        if "SHDC"[(order[12] - 1) // 9] == trump:
            return order[12]
        i += 1


def fixture_notation(setup: dict[str, Any]) -> str:
    """The notation of the reference fixture ``game_with(...)`` for a scenario's ``setup``."""
    trump = setup["trump"]
    attacker = int(setup.get("attacker", 1))
    defender = 3 - attacker
    hands = {1: list(setup["hand1"]), 2: list(setup["hand2"])}
    talon = list(setup.get("talon", []))
    if setup.get("trump_card") is not None:
        trump_card = str(setup["trump_card"])
    elif talon:
        trump_card = talon[-1]
    else:
        from parlour.durak import name_of

        trump_card = name_of(fixture_turn_up(trump))
    if "six_owner" in setup:
        owner = setup["six_owner"]
    else:
        six = six_of(trump)
        owner = next((s for s in (1, 2) if six in [id_of(c) for c in hands[s]]), None)
    cap = setup.get("cap") or cap_for(len(hands[defender]))
    joined = "/".join("".join(hands[s]) or "-" for s in (1, 2))
    return (
        f"durak seats=2 variant=podkidnoy trump={trump} card={trump_card} "
        f"owner={owner if owner is not None else '-'} discard={setup.get('discard', 0)} heap=- "
        f"talon={''.join(talon) or '-'} hands={joined} bout={attacker}>{defender}/{cap}/0/-/0:- "
        "known=-/- out=- result=- ply=0 stall=0"
    )


def fixture(setup: dict[str, Any]) -> DurakGame:
    return DurakGame.from_notation(fixture_notation(setup))


def jsonish(obj: Any) -> Any:
    """``obj`` as the vectors store it (int keys become strings)."""
    return json.loads(json.dumps(obj))


def assert_sub(expected: Any, actual: Any, where: str = "") -> None:
    """Every key of ``expected`` (recursively in dicts) is in ``actual`` with an equal value."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: {actual!r} is not a dict"
        for k, v in expected.items():
            assert k in actual, f"{where}.{k} missing"
            assert_sub(v, actual[k], f"{where}.{k}")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def snap(game: DurakGame) -> Any:
    """The core's snapshot as the vectors store it (seat keys are strings)."""
    return jsonish(game.snapshot())


def move_of(step_move: dict[str, Any]) -> dict[str, Any]:
    return dict(step_move)


def greedy_playout(game: DurakGame) -> DurakGame:
    """``game`` played to its end by the greedy player in every seat, through ``apply``."""
    while not game.over:
        seat = game.turn
        assert seat is not None
        move = greedy_move(game, seat)
        assert move is not None
        game, _ = apply(game, seat, move)
    return game
