"""The benchmark scripts run and print one JSON document (short settings; no timing is checked)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from _util import ROOT

# (script, arguments for a short run, keys the document must have)
RUNS = [
    ("bench_dalmara.py", ["--rounds", "1"], ["python_api_state_path_us_per_move", "targets"]),
    (
        "bench_simulate.py",
        ["--seconds", "0.02", "--repeat", "1", "--rss-games", "2000"],
        ["batch", "python_loop", "pure_python_floor", "memory", "ratios"],
    ),
    (
        "bench_simulate.py",
        ["--seconds", "0.02", "--repeat", "1", "--rss-games", "2000", "--baseline", sys.executable],
        ["baseline"],
    ),
    ("bench_core.py", [], []),
    ("bench_mexican_train.py", [], ["latency_us"]),
    ("bench_durak.py", ["--games", "4"], ["baseline_greedy_vs_random"]),
    ("bench_rl.py", ["--seconds", "0.01", "--repeat", "1"], ["pettingzoo", "openspiel", "ratios"]),
]


@pytest.mark.parametrize(
    ("script", "args", "keys"),
    RUNS,
    ids=[f"{r[0]}{'-baseline' if r[2] == ['baseline'] else ''}" for r in RUNS],
)
def test_benchmark_script_runs(script: str, args: list[str], keys: list[str]) -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benches" / script), *args],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    doc = json.loads(out.stdout)
    assert isinstance(doc, dict)
    assert doc
    for key in keys:
        assert key in doc, key
    if "baseline" in keys:
        # against itself: every game has a ratio, each a positive number
        games = doc["baseline"]["games"]
        assert set(games) == set(doc["batch"])
        assert all(v > 0 for row in games.values() for v in row.values())
