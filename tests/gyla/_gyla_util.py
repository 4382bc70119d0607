"""Shared helpers of the Gyla tests: the vector files and a position builder."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from parlour import gyla

SHARED = Path(
    os.environ.get("PARLOUR_SHARED") or Path(__file__).resolve().parents[2].parent / "shared"
)
VECTORS = SHARED / "vectors/gyla"

KIND_TO_CODE = {
    "before_start": "NO_ACTION_EXPECTED",
    "after_game_over": "NO_ACTION_EXPECTED",
    "start_twice": "ALREADY_STARTED",
    "play_before_trump": "UNEXPECTED_ACTION",
    "assign_trump_during_play": "UNEXPECTED_ACTION",
    "unknown_action": "UNEXPECTED_ACTION",
    "wrong_action_and_player": "UNEXPECTED_ACTION",
    "trump_wrong_player": "NOT_YOUR_TURN",
    "wrong_player": "NOT_YOUR_TURN",
    "player_out_of_range": "INVALID_PLAYER",
    "trump_invalid_suit": "INVALID_TRUMP",
    "card_not_held": "CARD_NOT_HELD",
    "not_following_suit": "MUST_FOLLOW_SUIT",
    "invalid_rank_or_suit": "INVALID_CARD",
    "newcard_invalid": "INVALID_CARD",
}

SUIT_NAME = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}


def records(name: str) -> Iterator[dict[str, Any]]:
    with (VECTORS / name).open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rec: dict[str, Any] = json.loads(line)
                yield rec


def games() -> list[list[dict[str, Any]]]:
    """The recorded games, each a list of its rounds in order."""
    out: list[list[dict[str, Any]]] = []
    for rec in records("gyla_games.jsonl"):
        if out and out[-1][0]["game_id"] == rec["game_id"]:
            out[-1].append(rec)
        else:
            out.append([rec])
    return out


def position(ctx: dict[str, Any]) -> gyla.GylaState:
    """The position an error record's context describes, built from its notation."""
    s1, s2 = ctx["score"]
    plays = [card for _, card in ctx.get("plays_so_far", [])]
    tricks = ".".join("".join(plays[i : i + 4]) for i in range(0, len(plays), 4)) or "-"
    hands = "/".join("".join(h) or "-" for h in ctx["hands_now"])
    nxt = ctx["next_action"]
    letter = "T" if nxt["name"] == "assign_trump" else "P"
    trump = ctx["trump"] or "-"
    head = f"{s1}-{s2} {ctx['round']} {ctx['starter']} {trump}"
    text = f"{head} {hands} {tricks} {letter}{nxt['player']} HHHH 7"
    return gyla.from_notation(text)


def triples(events: list[gyla.GylaEvent]) -> list[list[Any]]:
    return [
        [
            e.name,
            e.next_action.name if e.next_action else "",
            e.next_action.player if e.next_action else 0,
        ]
        for e in events
    ]
