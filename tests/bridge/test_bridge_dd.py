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


def test_full_deal_tables_match_dds() -> None:
    """Whole 13-card deals: the first three recorded deals' tables, entry for entry (each takes
    a few seconds; ``benches/bench_bridge.py --dd-tables`` checks every recorded deal)."""
    records = [json.loads(x) for x in (VECTORS / "bridge_dd_tables.jsonl").read_text().splitlines()]
    assert len(records) >= 60
    for r in records[:3]:
        assert dd.dd_table(r["hands"]) == r["dd_tricks"], r["id"]


def test_dd_table_agrees_with_solve_and_checks_its_input() -> None:
    s = BridgePlayState.random(11, strain="N")
    while len(s.hands["N"]) > 6:
        s = s.apply(s.legal_moves()[0])
    while s.trick:
        s = s.apply(s.legal_moves()[0])
    hands: dict[str, list[str]] = {seat: list(cards) for seat, cards in s.hands.items()}
    table = dd.dd_table(hands)
    seats = "NESW"
    for strain in "NSHDC":
        trump = None if strain == "N" else strain
        for d, declarer in enumerate(seats):
            leader = seats[(d + 1) % 4]
            r = dd.solve(hands, trump, leader, with_cards=False)  # type: ignore[arg-type]
            assert table[strain][declarer] == len(hands[leader]) - r.tricks
    with pytest.raises(InvalidStateError) as bad:
        dd.dd_table({"N": ["SA", "SK"], "E": ["S2"], "S": ["S4"], "W": ["S3"]})
    assert bad.value.code == "INVALID_POSITION"
    with pytest.raises(ConfigError) as over:
        dd.dd_table(BridgePlayState.random(5).hands, budget=1000)
    assert over.value.code == "DD_BUDGET_EXCEEDED"
    for budget in (0, -1, True, 1.5):
        with pytest.raises(ConfigError) as e:
            dd.dd_table(hands, budget=budget)  # type: ignore[arg-type]
        assert e.value.code == "INVALID_BUDGET"
