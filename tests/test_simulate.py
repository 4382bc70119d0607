"""Batch simulation: determinism across threads, chunking and executors; options; errors."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import GAMES, simulate
from parlour.errors import ConfigError


def filled(parts: list[dict[str, object]], games: int) -> tuple[Any, Any, Any, Any]:
    """The result arrays of four-seat ``parts``, filled in order as ``simulate`` fills them."""
    from parlour import batch

    out = batch._Results(games, 4)
    for part in parts:
        out.add(part)
    return out.result()


def same(a: parlour.SimulationResult, b: parlour.SimulationResult) -> None:
    assert np.array_equal(a.hashes, b.hashes)
    assert np.array_equal(a.returns, b.returns)
    assert np.array_equal(a.move_counts, b.move_counts)
    assert np.array_equal(a.winners, b.winners)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_runs_and_is_thread_independent(game: str) -> None:
    a = simulate(game, 40, seed=5, threads=1)
    b = simulate(game, 40, seed=5, threads=2)
    same(a, b)
    assert a.games == 40
    assert a.returns.shape == (40, a.seats)
    assert a.moves == int(a.move_counts.sum())
    assert (a.move_counts > 0).all()
    c = simulate(game, 40, seed=6, threads=2)
    assert not np.array_equal(a.hashes, c.hashes)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_policies(game: str) -> None:
    first = simulate(game, 5, seed=1, policy="first")
    assert first.games == 5
    if GAMES[game].computer:
        assert simulate(game, 5, seed=1, policy="computer").games == 5
    else:
        with pytest.raises(ConfigError) as info:
            simulate(game, 5, policy="computer")
        assert info.value.code == "NO_COMPUTER_PLAYER"


def test_prefix_and_chunking_are_consistent() -> None:
    full = simulate("whist", 5000, seed=11)
    part = simulate("whist", 3000, seed=11)
    assert np.array_equal(full.hashes[:3000], part.hashes)


def test_executor_matches_local_run() -> None:
    local = simulate("whist", 6000, seed=3)
    with ThreadPoolExecutor(2) as ex:
        same(local, simulate("whist", 6000, seed=3, executor=ex))
    with ProcessPoolExecutor(2) as pex:
        same(local, simulate("whist", 6000, seed=3, executor=pex))


def test_dask_local_cluster_matches_local_run() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="the 'distributed' extra is not installed"
    )
    local = simulate("whist", 3000, seed=8)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        same(local, simulate("whist", 3000, seed=8, executor=client.get_executor()))


def test_result_summary_and_json() -> None:
    r = simulate("whist", 2000, seed=2)
    d = json.loads(r.to_json())
    assert d["games"] == 2000
    assert d["moves"] == 2000 * 52
    assert len(d["win_rates"]) == 4
    for w in d["win_rates"]:
        assert w["ci95"][0] <= w["rate"] <= w["ci95"][1]
    total = sum(w["rate"] for w in d["win_rates"]) + d["draw_rate"]
    assert total == pytest.approx(1.0)
    assert abs(sum(d["mean_returns"]) - 13.0) < 1e-3


def test_progress_callback() -> None:
    seen: list[tuple[int, int]] = []
    simulate("whist", 5000, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5000, 5000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"game": "nope", "games": 1}, "UNKNOWN_GAME"),
        ({"game": "whist", "games": -1}, "INVALID_ARGUMENT"),
        ({"game": "whist", "games": 1.5}, "INVALID_ARGUMENT"),
        ({"game": "whist", "games": 1, "seed": -3}, "INVALID_ARGUMENT"),
        ({"game": "whist", "games": 1, "threads": 0}, "INVALID_ARGUMENT"),
        ({"game": "whist", "games": 1, "policy": "smart"}, "INVALID_POLICY"),
        ({"game": "whist", "games": 1, "options": {"colour": "red"}}, "UNKNOWN_OPTION"),
        ({"game": "whist", "games": 1, "options": {"no_trump": "maybe"}}, "INVALID_OPTION"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], code: str) -> None:
    with pytest.raises(ConfigError) as info:
        simulate(**kwargs)  # type: ignore[arg-type]
    assert info.value.code == code


def test_zero_games() -> None:
    r = simulate("whist", 0)
    assert r.games == 0
    assert r.to_dict()["games"] == 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_winners_are_seats_or_teams_as_registered(game: str) -> None:
    r = simulate(game, 60, seed=4)
    assert r.teams == GAMES[game].teams
    sides = 2 if r.teams else r.seats
    assert set(np.unique(r.winners)) <= set(range(-1, sides))
    assert len(r.win_rates()) == sides
    rates = sum(rate for rate, _, _ in r.win_rates()) + r.draw_rate()
    assert rates == pytest.approx(1.0)
    if r.teams:
        # Partners share their side's return, and the winning team has the larger one.
        assert np.array_equal(r.returns[:, 0], r.returns[:, 2])
        assert np.array_equal(r.returns[:, 1], r.returns[:, 3])
        decided = r.winners >= 0
        won = r.returns[decided, r.winners[decided]]
        lost = r.returns[decided, 1 - r.winners[decided]]
        assert (won > lost).all()


def test_local_calls_grow_to_a_quarter_second_and_give_the_same_result() -> None:
    from parlour import batch

    assert batch._next_call(2048, 0.001) == 4 * 2048  # grows at most fourfold a call
    assert batch._next_call(100_000, 1.0) == 25_000  # a slow call shrinks the next
    assert batch._next_call(3000, 10.0) == batch._FIRST_CALL  # never below the first size
    assert batch._next_call(10**6, 0.0) == batch._MAX_CALL
    seen: list[int] = []
    run = simulate("whist", 60_000, seed=5, progress=lambda done, total: seen.append(done))
    sizes = [b - a for a, b in zip([0, *seen], seen, strict=False)]
    assert sizes[0] == batch._FIRST_CALL
    assert len(set(sizes)) > 1
    assert seen[-1] == 60_000
    whole = filled([batch._chunk("whist", [], 5, 0, 60_000, "random", 1)], 60_000)
    assert np.array_equal(run.hashes, whole[2])
    assert np.array_equal(run.returns, whole[0])


def test_a_run_holds_its_result_arrays_and_one_part(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each part is copied into the result arrays as it arrives and then dropped: the peak is the
    # arrays plus one part, not every part and the arrays together.
    import tracemalloc

    from parlour import batch

    monkeypatch.setattr(batch, "_MAX_CALL", 4096)
    simulate("whist", 100, seed=2)
    games = 200_000
    tracemalloc.start()
    try:
        run = simulate("whist", games, seed=2)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    arrays = run.returns.nbytes + run.move_counts.nbytes + run.hashes.nbytes + run.winners.nbytes
    part = 4096 * arrays // games
    assert arrays <= peak < arrays + 3 * part + 256 * 1024


def test_result_arrays_are_filled_in_order_and_refuse_a_part_that_does_not_fit() -> None:
    from parlour import batch

    parts = [batch._chunk("whist", [], 9, lo, 700, "random", 1) for lo in (0, 700, 1400)]
    whole = batch._chunk("whist", [], 9, 0, 2100, "random", 1)
    in_parts = filled(parts, 2100)
    for got, want in zip(in_parts, filled([whole], 2100), strict=True):
        assert np.array_equal(got, want)
    assert in_parts[0].shape == (2100, 4)
    full = batch._Results(1000, 4)
    full.add(parts[0])
    with pytest.raises(ConfigError) as e:
        full.add(parts[1])
    assert e.value.code == "INTERNAL_ERROR"


def test_a_run_too_large_for_memory_fails_before_playing() -> None:
    with pytest.raises(ConfigError) as e:
        simulate("whist", 10**12, seed=1)
    assert e.value.code == "THREADS"
    assert "do not fit in memory" in str(e.value)


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_durak_reports_its_fool(seats: int) -> None:
    # Durak's result is one loser: with three or more seats nobody wins alone, so a run reports
    # each seat's losing rate, and a draw is a game with no single loser.
    assert GAMES["durak"].loser
    assert not any(spec.loser for gid, spec in GAMES.items() if gid != "durak")
    run = simulate("durak", 600, seed=4, options={"seats": seats})
    assert run.loser
    losers = run.losers
    fool = run.returns == 0.0
    one_fool = np.count_nonzero(fool, axis=1) == 1
    assert np.array_equal(losers >= 0, one_fool)
    assert np.array_equal(losers[one_fool], np.argmax(fool[one_fool], axis=1))
    rates = run.loss_rates()
    assert len(rates) == seats
    assert all(lo <= r <= hi and r > 0 for r, lo, hi in rates)
    assert sum(r for r, _, _ in rates) + run.draw_rate() == pytest.approx(1.0)
    if seats == 2:
        decided = run.winners >= 0
        assert np.array_equal(run.winners[decided], 1 - losers[decided])
    else:
        assert run.draw_rate() < 0.05
    assert [d["rate"] for d in run.to_dict()["loss_rates"]] == [r for r, _, _ in rates]
    assert "loss_rates" not in simulate("whist", 10, seed=1).to_dict()


def test_the_run_clock_starts_after_numpy_is_loaded() -> None:
    # numpy is imported lazily; a process's first run must not time the import (about 0.1 s)
    # as part of the run, or a rate calibrated from a first small run is far off.
    script = """
import sys, time
import parlour
from parlour import batch
seen = []
real = time.perf_counter
def clock():
    seen.append("numpy" in sys.modules)
    return real()
batch.time.perf_counter = clock
assert "numpy" not in sys.modules
parlour.simulate("whist", 20, seed=1, threads=1)
print(seen[0])
"""
    out = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True, timeout=120
    )
    assert out.stdout.strip() == "True"
