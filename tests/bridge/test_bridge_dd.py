from __future__ import annotations

import json

import pytest
from _bridge_util import VECTORS

from parlour.bridge import BridgePlayState, dd
from parlour.errors import ConfigError, InvalidStateError, ParlourError


def test_every_recorded_position_matches_dds() -> None:
    lines = (VECTORS / "bridge_dd_positions.jsonl").read_text().splitlines()
    assert len(lines) >= 120
    for line in lines:
        r = json.loads(line)
        trump = None if r["trump"] == "N" else r["trump"]
        res = dd.solve(r["remaining_hands"], trump, r["trick_leader"], r["current_trick"])
        assert res.tricks == r["dd_tricks_side_to_move"], r["id"]
        assert dict(res.by_card) == r["dd_tricks_by_card"], r["id"]
        if "brute_force_check" in r:
            assert res.tricks == r["brute_force_check"]


def test_play_state_endgame_and_budget() -> None:
    s = BridgePlayState.random(5, strain="N")
    while len(s.hands["N"]) > 4 or s.trick:
        s = s.apply(s.legal_moves()[0])
    r = s.double_dummy()
    assert set(r.by_card) == set(s.legal_moves())
    assert r.tricks == max(r.by_card.values())
    with pytest.raises(ConfigError) as e:
        BridgePlayState.random(5).double_dummy(budget=1000)
    assert e.value.code == "DD_BUDGET_EXCEEDED"


def test_bad_positions() -> None:
    with pytest.raises(InvalidStateError):
        dd.solve({"N": ["SA"], "E": ["SA"], "S": ["S2"], "W": ["S3"]}, None, "N")
    with pytest.raises(InvalidStateError):
        dd.solve({"N": ["SA", "SK"], "E": ["S2"], "S": ["S4"], "W": ["S3"]}, None, "N")
    with pytest.raises(ConfigError):
        dd.solve({"N": ["SA"], "E": ["S2"], "S": ["S4"], "W": ["S3"]}, None, "N", budget=-1)
    with pytest.raises(ParlourError):
        dd.solve({"N": ["SA"], "E": ["S2"], "S": ["S4"], "W": ["S3"]}, "X", "N")  # type: ignore[arg-type]


def test_dd_table_agrees_with_recorded_positions() -> None:
    """table[trump][declarer] = k - (tricks of the leader's side) when declarer is RHO."""
    checked = 0
    for line in (VECTORS / "bridge_dd_positions.jsonl").read_text().splitlines():
        r = json.loads(line)
        if r["current_trick"] or r["cards_per_hand_at_trick_start"] > 5:
            continue
        table = dd.dd_table(r["remaining_hands"])
        seats = "NESW"
        declarer = seats[(seats.index(r["trick_leader"]) + 3) % 4]
        k = r["cards_per_hand_at_trick_start"]
        assert table[r["trump"]][declarer] == k - r["dd_tricks_side_to_move"], r["id"]
        assert all(0 <= v <= k for row in table.values() for v in row.values())
        checked += 1
    assert checked >= 10
