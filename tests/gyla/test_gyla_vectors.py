"""Replay every shared Gyla vector: recorded games, refused actions and re-deal deals."""

from __future__ import annotations

from typing import Any

import _gyla_util as u
import pytest

from parlour import gyla
from parlour.errors import ConfigError

NAMES = (["P1", "P2", "P3", "P4"], ["T1", "T2"])
GAMES = u.games()
COMPLETED = {
    "card_played_and_trick_completed",
    "card_played_and_round_completed",
    "card_played_and_game_completed",
}


def test_sample_is_complete() -> None:
    assert len(GAMES) >= 40
    for game in GAMES:
        assert [r["round"] for r in game] == list(range(1, len(game) + 1))
        assert game[-1]["game_over"]


def _replay_round(state: gyla.GylaState, rec: dict[str, Any]) -> gyla.GylaState:
    """Play one recorded round from its dealt hands with human seats, checking everything."""
    state, events = gyla.deal_round(state, rec["hands"])
    assert state.round == rec["round"]
    assert state.starter == rec["starter"]
    assert list(state.scores) == rec["score_before"]
    assert state.next_action == ("assign_trump", rec["starter"])
    if rec["round"] == 1:
        assert "9D" in rec["hands"][rec["starter"] - 1]
    if rec["trump_by"] == "ai":
        assert gyla.ai_trump(state) == u.SUIT_NAME[rec["trump"]]
    action = {"name": "assign_trump", "player": rec["starter"], "suit": u.SUIT_NAME[rec["trump"]]}
    state, ev = gyla.apply(state, action)
    events += ev
    assert state.trump == u.SUIT_NAME[rec["trump"]]
    assert state.trumped_with_six == rec["trumped_with_six"]
    for trick in rec["tricks"]:
        for k, play in enumerate(trick["plays"]):
            seat = play["seat"]
            assert list(gyla.legal_cards(state, seat)) == play["legal"]
            for other in range(1, 5):
                if other != seat:
                    assert gyla.legal_cards(state, other) == ()
            if play["by"] == "ai":
                assert gyla.ai_card(state) == play["card"], (
                    rec["game_id"],
                    rec["round"],
                    trick["number"],
                )
            state, ev = gyla.apply(
                state, {"name": "play_card", "player": seat, "card": play["card"]}
            )
            events += ev
            if k == 3:
                done = [e for e in ev if e.name in COMPLETED]
                assert len(done) == 1
                assert done[0].winner == trick["winner"]
                assert done[0].trick == trick["number"]
    if not rec["game_over"]:
        assert events[-1].name == "round_started"
        events.pop()
    assert u.triples(events) == rec["events"]
    assert list(state.scores) == rec["score_after"]
    before = rec["score_before"]
    assert [a - b for a, b in zip(rec["score_after"], before, strict=True)] == rec["points"]
    assert state.is_terminal == rec["game_over"]
    if rec["game_over"]:
        assert state.winner == rec["game_winner"]
        assert state.next_action is None
    else:
        assert state.starter == rec["next_starter"]
    return state


@pytest.mark.parametrize("game", GAMES, ids=[g[0]["game_id"] for g in GAMES])
def test_recorded_game_replays(game: list[dict[str, Any]]) -> None:
    state = gyla.new_game(*NAMES, [False] * 4, seed=11)
    for rec in game:
        state = _replay_round(state, rec)
    assert state.is_terminal


def _flow_round(state: gyla.GylaState, rec: dict[str, Any], ai: list[bool]) -> gyla.GylaState:
    """Play one recorded round with the recorded computer seats moving inside the calls.

    The round's deal is injected with ``deal_round`` (also when a computer starter has already
    assigned trump and computer seats have played on a random deal); the other seats' actions
    are the recorded ones. Checks the plays, the events and the score of the round.
    """
    state, events = gyla.deal_round(state, rec["hands"])
    began = events[1 if rec["round"] == 1 else 0]
    assert (began.name, began.round) == ("round_started", rec["round"])
    assert (list(began.scores), began.next_action) == (
        rec["score_before"],
        ("assign_trump", rec["starter"]),
    )
    plays = [(p["seat"], p["card"]) for t in rec["tricks"] for p in t["plays"]]
    if not ai[rec["starter"] - 1]:
        action = {"name": "assign_trump", "player": rec["starter"], "suit": rec["trump"]}
        state, ev = gyla.apply(state, action)
        events += ev
    while True:
        played = [(e.player, e.card) for e in events if e.card is not None]
        if len(played) >= 36:
            break
        seat, card = plays[len(played)]
        assert state.next_action == ("play_card", seat)
        assert not ai[seat - 1]
        state, ev = gyla.apply(state, {"name": "play_card", "player": seat, "card": card})
        events += ev
    assert played[:36] == plays
    trumped = [e for e in events if e.name == "trump_assigned"]
    assert trumped[0].trump == u.SUIT_NAME[rec["trump"]]
    assert trumped[0].player == rec["starter"]
    end = next(
        i
        for i, e in enumerate(events)
        if e.name.startswith("card_played_and_") and e.name != "card_played_and_trick_completed"
    )
    assert u.triples(events[: end + 1]) == rec["events"]
    assert events[end].scores == tuple(rec["score_after"])
    return state


@pytest.mark.parametrize("game", GAMES, ids=[g[0]["game_id"] for g in GAMES])
def test_round_one_with_engine_ai_seats(game: list[dict[str, Any]]) -> None:
    """Round 1 with the recorded computer seats: the AI moves inside the same calls."""
    ai = [s == "ai" for s in game[0]["seats"]]
    _flow_round(gyla.new_game(*NAMES, ai, seed=5), game[0], ai)


MIXED = [g for g in GAMES if g[0]["mode"] == "mixed"]


@pytest.mark.parametrize("game", MIXED, ids=[g[0]["game_id"] for g in MIXED])
def test_mixed_game_with_engine_ai_seats(game: list[dict[str, Any]]) -> None:
    """Every round of a game with computer and other seats, the computer moving in the calls.

    A round that a computer seat starts has begun on a random deal by the time the previous
    round's last card is played: ``deal_round`` undoes the computer seats' moves and deals the
    recorded hands.
    """
    assert len(MIXED) >= 5
    ai = [s == "ai" for s in game[0]["seats"]]
    state = gyla.new_game(*NAMES, ai, seed=5)
    for rec in game:
        state = _flow_round(state, rec, ai)
    assert state.is_terminal
    assert state.winner == game[-1]["game_winner"]


ERRORS = list(u.records("gyla_errors.jsonl"))


def _over_state() -> gyla.GylaState:
    state, _ = gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=3))
    assert state.is_terminal
    return state


@pytest.mark.parametrize("rec", ERRORS, ids=[f"{r['id']}-{r['kind']}" for r in ERRORS])
def test_refused_action(rec: dict[str, Any]) -> None:
    code = u.KIND_TO_CODE[rec["kind"]]
    attempt = rec["attempt"]
    if rec["api"] == "NewCard":
        state = gyla.new_game(*NAMES, [False] * 4, seed=1)
        state, _ = gyla.start(state)
        state, _ = gyla.apply(
            state, {"name": "assign_trump", "player": state.starter, "suit": "clubs"}
        )
        assert state.next_action is not None
        action: dict[str, Any] = {
            "name": "play_card",
            "player": state.next_action.player,
            **attempt,
        }
    else:
        ctx = rec["context"]
        if rec["kind"] == "before_start":
            state = gyla.new_game(*NAMES, [False] * 4, seed=1)
        elif rec["kind"] == "after_game_over":
            state = _over_state()
        else:
            state = u.position(ctx)
            assert state.next_action == (ctx["next_action"]["name"], ctx["next_action"]["player"])
            if "legal_now" in ctx:
                assert (
                    list(gyla.legal_cards(state, ctx["next_action"]["player"])) == ctx["legal_now"]
                )
        action = {"name": attempt.get("name"), "player": attempt.get("player")}
        if "card" in attempt:
            action["card"] = attempt["card"]
        elif attempt.get("name") == "play_card":
            action["rank"], action["suit"] = attempt["rank"], attempt["suit"]
        elif "suit_letter" in attempt:
            action["suit"] = u.SUIT_NAME[attempt["suit_letter"]]
        else:
            action["suit"] = attempt.get("suit")
    before = state.to_notation()

    def call() -> object:
        return gyla.start(state) if rec["api"] == "Start" else gyla.apply(state, action)

    with pytest.raises(gyla.GylaError) as info:
        call()
    assert info.value.code == code, (info.value, rec["error"])
    assert info.value.message
    assert state.to_notation() == before


def test_error_kinds_cover_every_code() -> None:
    assert {u.KIND_TO_CODE[r["kind"]] for r in ERRORS} == set(gyla.ERROR_CODES)


REDEAL = list(u.records("gyla_redeal.jsonl"))


@pytest.mark.parametrize("rec", REDEAL)
def test_redeal_rule(rec: dict[str, Any]) -> None:
    assert gyla.triggers_redeal([rec["hand"]]) is rec["triggers"]
    if rec["triggers"]:
        assert gyla.triggers_redeal(rec["deal"])
        assert rec["deal"][rec["seat"] - 1] == rec["hand"]
        state = gyla.new_game(*NAMES, [False] * 4, seed=1)
        with pytest.raises(ConfigError) as info:
            gyla.deal_round(state, rec["deal"])
        assert info.value.code == "REDEAL_REQUIRED"


def test_near_miss_deals_are_accepted() -> None:
    misses = [r for r in REDEAL if not r["triggers"]]
    assert misses
    for rec in misses:
        assert not gyla.triggers_redeal([rec["hand"]])
