"""Shared helpers of the Mexican Train tests: the vectors folder and state snapshots."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from parlour.mexican_train import TrainGame

SHARED = Path(
    os.environ.get("PARLOUR_SHARED") or Path(__file__).resolve().parents[2].parent / "shared"
)
VECTORS = SHARED / "vectors/mexican_train"


def records(name: str) -> Iterator[dict[str, Any]]:
    """Every JSON line of a vectors file."""
    with (VECTORS / name).open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def token(move: Mapping[str, Any]) -> str:
    """A move dict as its saved-game token."""
    kind = move["kind"]
    if kind == "play":
        return f"p{move['tile']}.{move['train']}"
    return {"draw": "d", "pass": "x", "next": "n"}[kind]


def snapshot(game: TrainGame) -> dict[str, Any]:
    """The derived state in the vectors' layout (without ``at``)."""
    last = game.last
    return {
        "round": game.round,
        "engine": game.engine,
        "phase": game.phase,
        "toPlay": game.to_play,
        "turn": game.turn,
        "hands": [list(h) for h in game.hands],
        "trains": [{"laid": list(t.laid), "open": t.open} for t in game.trains],
        "boneyard": len(game.boneyard),
        "uncovered": list(game.uncovered),
        "chaining": game.chaining,
        "drew": game.drew,
        "passes": game.passes,
        "results": len(game.results),
        "last": None if last is None else [last["seat"], token(last["move"])],
    }


def encoded_moves(text: str) -> list[str]:
    """The move tokens of a saved-game text."""
    moves = json.loads(text)["moves"]
    assert isinstance(moves, str)
    return moves.split(",") if moves else []


def move_of_token(tok: str) -> dict[str, Any]:
    """A token as a move dict."""
    if tok[0] == "p":
        tile, train = tok[1:].split(".")
        return {"kind": "play", "tile": int(tile), "train": int(train)}
    return {"kind": {"d": "draw", "x": "pass", "n": "next"}[tok]}


__all__ = [
    "SHARED",
    "VECTORS",
    "encoded_moves",
    "move_of_token",
    "records",
    "snapshot",
    "token",
]
