"""Shared helpers of the Dal Mara tests: where the vectors are, and the replay of one game."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import parlour.dalmara as dm

SHARED = Path(
    os.environ.get("PARLOUR_SHARED") or Path(__file__).resolve().parents[2].parent / "shared"
)
VECTORS = SHARED / "vectors/dalmara"


def records(name: str) -> Iterator[dict[str, Any]]:
    with open(VECTORS / name, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def code(r: dm.ActionResult) -> str | None:
    """The error code of a result, None on success."""
    return None if r.error is None else r.error.code


def legal_strings(x: dm.GameState | str, seat: int, rules: dm.Rules) -> list[str]:
    return [str(m) for m in dm.get_legal_moves(x, seat, rules=rules)]


def resolve_action(
    game: dict[str, Any], action: dict[str, Any], prev: str, rules: dm.Rules
) -> dict[str, Any]:
    payload = dict(action.get("payload") or {})
    if payload.get("deck") == "<deck>":
        payload["deck"] = game["deck"]
    elif payload.get("deck") == "<remaining40>":
        payload["deck"] = dm.get_remaining_cards_2p(prev, game["deck"], rules=rules)
    return {"type": action["type"], "payload": payload}


def replay_game(game: dict[str, Any], rules: dm.Rules) -> None:
    """Replay one recorded game DMN-driven and check every recorded fact."""
    seed = game["seed"]
    created = dm.create_game(
        game["mode"],
        game["dealer"],
        [{"seat": i} for i in range(4 if game["mode"] == "4p" else 2)],
        rules=rules,
    )
    assert created.dmn == game["init_dmn"], seed
    prev = game["init_dmn"]
    n = 4 if game["mode"] == "4p" else 2
    scores: dict[int, dm.ScoreState] = {i: dm.create_initial_score_state() for i in range(n)}
    for i, step in enumerate(game["steps"]):
        action = resolve_action(game, step["action"], prev, rules)
        r = dm.dispatch(prev, action, rules=rules)
        assert r.success, (seed, i, r.error)
        assert r.dmn == step["dmn"], (seed, i, r.dmn, step["dmn"])
        assert r.state is not None
        assert r.state.next_move_seat == step["next"]
        assert legal_strings(r.state, step["next"], rules) == step["legal"], (seed, i)
        assert dm.is_finished(step["dmn"], rules=rules) is step["finished"], (seed, i)
        assert dm.serialize_dmn(dm.parse_dmn(step["dmn"], rules=rules)) == step["dmn"]
        assert dm.serialize_dmn(r.state) == step["dmn"]  # the Python writer agrees with the core's
        won = step.get("trick_won")
        taken = r.state.tricks_taken
        if won is None:
            assert sum(taken) == 0, (seed, i)
        else:
            assert sum(taken) == 1, (seed, i)
            winner = taken.index(1)
            assert winner == won["winner"], (seed, i, winner, won)
            scores[winner] = dm.update_score_on_trick_won(scores[winner], won)
        prev = step["dmn"]
    assert {str(k): {"tens": v.tens, "tricks": v.tricks} for k, v in scores.items()} == game[
        "scores"
    ]
    players = dm.parse_dmn(prev, rules=rules).players
    if n == 4:
        assert dm.evaluate_game_winner_4p(scores, players).to_dict() == game["winner"], seed
        assert dm.parse_dmn(prev, rules=rules).turup == game["final_turup"]
    else:
        assert dm.evaluate_game_winner_2p(scores, players).to_dict() == game["winner"], seed
