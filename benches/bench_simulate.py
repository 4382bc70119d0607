"""Simulation benchmark (issue 8): one run measures side by side

1. parlour batch random playouts of every registered game, one thread and all threads;
2. parlour Python-loop playouts (``legal_moves`` + ``apply_index`` per move from Python);
3. OpenSpiel (``pyspiel``, from the ``bench`` extra) random playouts of bridge, hearts and
   spades, its per-move cost and its ``clone()`` cost, and its bridge card play alone from a
   prepared deal and contract (like for like with ``bridge-play``), when it is installed;
4. a plain pure-Python 4-player follow-suit loop with bitmask hands, as the floor;

and the memory of runs of the first registered game: the traced Python peak at 20,000 to
2,000,000 games, and the whole process's peak resident size at ``--rss-games`` (1 and 10
million by default), each size in a fresh interpreter.

Prints one JSON document; ``--write BENCHMARKS.md`` also writes the page: what is measured,
the latest figures as ratios with the machine description, and how to rerun. Not a timed test:
the ratios are the result.

Every timed figure is the best of ``--repeat`` runs of ``--seconds``, the same way for both sides
of a ratio, and the runs that a ratio compares are taken in turn in each round (one thread and
all threads; parlour's Python loops and OpenSpiel's): on a shared machine a burst of other work
then spreads over both sides, and the best run is the one least disturbed. The thread speedups
and the Python loops' ratios to OpenSpiel's bridge loop are also given as the median over the
rounds of a pair run back to back, with the CPU time the two thread counts used.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from math import floor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _pyfloor

import parlour

# Python-loop factories: game id -> (module, expression building a state from a seed).
LOOP_STATES: dict[str, Callable[[int], Any]] = {}


def _register_loops() -> None:
    import parlour.dalmara as dm
    from parlour import durak, gyla, whist
    from parlour.bridge import BridgePlayState
    from parlour.mexican_train import start_train

    def dalmara_4p(seed: int) -> Any:
        return dm.GameState.random(seed)

    def bridge_play(seed: int) -> Any:
        return BridgePlayState.random(seed, strain="N", declarer="S")

    LOOP_STATES["whist"] = lambda seed: whist.State.new(seed=seed)
    LOOP_STATES["dalmara-4p"] = dalmara_4p
    LOOP_STATES["gyla"] = lambda seed: gyla.new_game(
        ["a", "b", "c", "d"], ["x", "y"], [False] * 4, seed=seed
    )
    LOOP_STATES["durak"] = lambda seed: durak.new_game(bytes([seed % 256]) * 32)
    LOOP_STATES["mexican-train"] = lambda seed: start_train(12, ["A", "B", "C", "D"], seed + 1)
    LOOP_STATES["bridge-play"] = bridge_play


def batch_rates(game: str, target_seconds: float, repeat: int) -> dict[str, float]:
    """Games per second of ``game`` on one thread and on all threads, each the best of
    ``repeat`` runs of about ``target_seconds``, the two taken in turn.

    The speedup is given two ways: the best all-threads run over the best one-thread run, and
    the median over the rounds of each round's pair. On a shared machine the first is biased
    low: a one-thread run is at its best when one CPU is undisturbed, an all-threads run only
    when every CPU is at once, which happens less often in the same number of tries. The pairs
    of a round run back to back, under about the same load.
    """
    # a first call makes the one-thread pool (and, in a process's first run, loads numpy):
    # keep that out of the probe that sizes the runs
    parlour.simulate(game, 20, seed=1, threads=1)
    n = 200
    probe = parlour.simulate(game, n, seed=1, threads=1)
    if probe.elapsed < target_seconds / 10:
        # 200 games of a fast game time mostly the call's fixed cost: probe again with about a
        # tenth of the target, so that a run takes about ``target_seconds``
        n = max(int(target_seconds / 10 / max(probe.elapsed / n, 1e-7)), 200)
        probe = parlour.simulate(game, n, seed=1, threads=1)
    per_game = max(probe.elapsed / n, 1e-7)
    n = int(min(max(target_seconds / per_game, 500), 2_000_000))
    one = many = None
    paired: list[float] = []
    cpu: list[float] = []
    for _ in range(max(repeat, 1)):
        # process_time: the CPU time of every thread of this process, user and system
        c0 = time.process_time()
        r1 = parlour.simulate(game, n, seed=1, threads=1)
        c1 = time.process_time()
        rn = parlour.simulate(game, n, seed=1)
        c2 = time.process_time()
        paired.append(r1.elapsed / rn.elapsed)
        cpu.append((c2 - c1) / max(c1 - c0, 1e-9))
        one = r1 if one is None or r1.elapsed < one.elapsed else one
        many = rn if many is None or rn.elapsed < many.elapsed else many
    assert one is not None
    assert many is not None
    return {
        "games": n,
        "games_per_s_1_thread": one.games_per_second,
        "games_per_s_all_threads": many.games_per_second,
        "ns_per_move_1_thread": one.elapsed / max(one.moves, 1) * 1e9,
        "threads_speedup": many.games_per_second / one.games_per_second,
        "threads_speedup_paired_median": statistics.median(paired),
        "threads_cpu_ratio_paired_median": statistics.median(cpu),
    }


def python_loop(factory: Callable[[int], Any], seconds: float) -> dict[str, float]:
    rf = random.Random(5).random
    moves = 0
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = factory(games)
        while not s.is_terminal:
            s = s.apply_index(floor(rf() * len(s.legal_moves())))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"games": games, "us_per_move": elapsed / max(moves, 1) * 1e6}


def pure_python_floor(seconds: float) -> dict[str, float]:
    rng = random.Random(2)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += _pyfloor.playout(rng)[1]
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "us_per_move": elapsed / moves * 1e6}


OPENSPIEL_GAMES = ("bridge(use_double_dummy_result=false)", "hearts", "spades")


def openspiel_loop(name: str) -> Callable[[float], dict[str, float]] | None:
    """A timed random-playout loop of OpenSpiel game ``name`` through pyspiel (None when
    ``open-spiel`` is not installed)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def run(seconds: float) -> dict[str, float]:
        rf = random.Random(3).random
        games = moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[floor(rf() * len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[floor(rf() * len(legal))])
                moves += 1
            games += 1
        elapsed = time.perf_counter() - start
        # clone() cost, timed apart from the loop: every 10th state of one more game
        states = []
        state = game.new_initial_state()
        k = 0
        while not state.is_terminal():
            if k % 10 == 0:
                states.append(state.clone())
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
            else:
                state.apply_action(state.legal_actions()[0])
            k += 1
        t = time.perf_counter()
        for st in states:
            st.clone()
        clone_us = (time.perf_counter() - t) / max(len(states), 1) * 1e6
        return {
            "games_per_s": games / elapsed,
            "us_per_move": elapsed / max(moves, 1) * 1e6,
            "us_per_clone": clone_us,
        }

    return run


def openspiel_bridge_play_loop(deals: int = 16) -> Callable[[float], dict[str, float]] | None:
    """OpenSpiel's bridge card play alone, like for like with parlour's ``bridge-play``: each
    hand is a ``clone()`` of a prepared state (52 cards dealt, then 1NT-P-P-P; ``deals``
    different deals in turn) played out with random cards. None without ``open-spiel``."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    rng = random.Random(11)
    prepared = []
    for _ in range(deals):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        for bid in ("1NT", "Pass", "Pass", "Pass"):
            player = state.current_player()
            action = next(
                a for a in state.legal_actions() if state.action_to_string(player, a) == bid
            )
            state.apply_action(action)
        prepared.append(state)

    def run(seconds: float) -> dict[str, float]:
        rf = random.Random(3).random
        games = moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = prepared[games % deals].clone()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[floor(rf() * len(legal))])
                moves += 1
            games += 1
        elapsed = time.perf_counter() - start
        return {"games_per_s": games / elapsed, "us_per_move": elapsed / max(moves, 1) * 1e6}

    return run


def per_move_loops(seconds: float, repeat: int) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """parlour's Python loops and OpenSpiel's pyspiel loops, each the best of ``repeat`` runs.

    The loops are taken in turn in every round, so that a burst of load from elsewhere on a
    shared machine spreads over parlour's loops and OpenSpiel's alike instead of falling on
    one side of a ratio. With OpenSpiel installed, each parlour loop of a round is followed by
    a run of OpenSpiel's bridge loop (the pair runs back to back, under about the same load):
    ``vs_openspiel_bridge_paired_median`` is the median over the rounds of the two's ratio, and
    ``openspiel_bridge_paired_us_per_move`` the best of the bridge runs paired with this loop,
    so that a loop's best is set against a best of as many bridge runs, made in the same
    windows (the best of every bridge run of the benchmark, seven times as many, is lower by
    chance alone on a noisy machine). Those bridge runs count towards OpenSpiel's own best too.
    """
    loops: dict[str, Callable[[float], dict[str, float]]] = {
        g: partial(python_loop, f) for g, f in LOOP_STATES.items()
    }
    spiel: dict[str, Callable[[float], dict[str, float]]] = {}
    for name in OPENSPIEL_GAMES:
        spiel_run = openspiel_loop(name)
        if spiel_run is not None:
            spiel[name] = spiel_run
    bridge = spiel.get(OPENSPIEL_GAMES[0])
    best: dict[str, dict[str, float]] = {}
    paired: dict[str, list[float]] = {g: [] for g in loops}
    paired_bridge: dict[str, float] = {}

    def keep(key: str, r: dict[str, float]) -> None:
        if key not in best or r["us_per_move"] < best[key]["us_per_move"]:
            best[key] = r

    play_phase = openspiel_bridge_play_loop()
    for _ in range(max(repeat, 1)):
        if play_phase is not None:
            keep("openspiel:bridge play phase", play_phase(seconds))
        for g, run in loops.items():
            r = run(seconds)
            keep(g, r)
            if bridge is not None:
                b = bridge(seconds)
                keep("openspiel:" + OPENSPIEL_GAMES[0], b)
                paired[g].append(r["us_per_move"] / b["us_per_move"])
                paired_bridge[g] = min(paired_bridge.get(g, b["us_per_move"]), b["us_per_move"])
        for name, spiel_run in spiel.items():
            if spiel_run is not bridge:
                keep("openspiel:" + name, spiel_run(seconds))
    for g, ratios in paired.items():
        if ratios:
            best[g] = {
                **best[g],
                "vs_openspiel_bridge_paired_median": statistics.median(ratios),
                "openspiel_bridge_paired_us_per_move": paired_bridge[g],
            }
    python = {g: best[g] for g in loops}
    if not spiel:
        return python, None
    import pyspiel

    osp: dict[str, Any] = {"version": getattr(pyspiel, "__version__", "?")}
    osp.update({name: best["openspiel:" + name] for name in spiel})
    if play_phase is not None:
        osp["bridge play phase"] = best["openspiel:bridge play phase"]
    return python, osp


# Run by ``against_baseline`` in a fresh interpreter (this one's or the baseline's): one batch
# or Python-loop figure of one game, measured by this script's own functions against whatever
# parlour that interpreter imports.
_BASELINE_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
import bench_simulate as b
b._register_loops()
mode, game, seconds = sys.argv[2], sys.argv[3], float(sys.argv[4])
if mode == "batch":
    print(json.dumps(b.batch_rates(game, seconds, 1)))
else:
    print(json.dumps(b.python_loop(b.LOOP_STATES[game], seconds)))
"""


def against_baseline(baseline: str, seconds: float, repeat: int) -> dict[str, dict[str, float]]:
    """Each game's batch rates and Python loop here against the same figures of the parlour
    that the interpreter ``baseline`` imports (a wheel of an earlier commit in another venv):
    both measured by this script in fresh processes, the two sides in turn in every round, the
    best of ``repeat`` rounds each. Ratios above 1 are faster here (for the loop: the baseline's
    µs per move over this one's)."""

    def child(python: str, mode: str, game: str) -> dict[str, float]:
        done = subprocess.run(
            [python, "-c", _BASELINE_CHILD, str(Path(__file__).parent), mode, game, str(seconds)],
            check=True,
            capture_output=True,
            text=True,
        )
        out: dict[str, float] = json.loads(done.stdout)
        return out

    best: dict[tuple[str, str, str], float] = {}
    for _ in range(max(repeat, 1)):
        for game in parlour.GAMES:
            for side, python in (("new", sys.executable), ("base", baseline)):
                r = child(python, "batch", game)
                for key in ("games_per_s_1_thread", "games_per_s_all_threads"):
                    k = (game, side, key)
                    best[k] = max(best.get(k, 0.0), r[key])
                if game in LOOP_STATES:
                    us = child(python, "loop", game)["us_per_move"]
                    k = (game, side, "us_per_move")
                    best[k] = min(best.get(k, us), us)
    out: dict[str, dict[str, float]] = {}
    for game in parlour.GAMES:
        row = {
            "batch_1_thread": best[(game, "new", "games_per_s_1_thread")]
            / best[(game, "base", "games_per_s_1_thread")],
            "batch_all_threads": best[(game, "new", "games_per_s_all_threads")]
            / best[(game, "base", "games_per_s_all_threads")],
        }
        if game in LOOP_STATES:
            row["python_loop"] = (
                best[(game, "base", "us_per_move")] / best[(game, "new", "us_per_move")]
            )
        out[game] = row
    return out


def memory_check(
    game: str, sizes: tuple[int, ...] = (20_000, 200_000, 2_000_000)
) -> dict[str, float]:
    """Peak traced Python memory of a run at several sizes, per game and beyond the result
    arrays: steady means the peak is the result arrays plus a part of bounded size (the run's
    calls are sized by time, about a quarter second of games each), whatever the number of games.
    """
    out: dict[str, float] = {}
    parlour.simulate(game, 100, seed=1)  # imports and first-call set-up are not the run's
    for n in sizes:
        tracemalloc.start()
        r = parlour.simulate(game, n, seed=1)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        row_bytes = r.returns.itemsize * r.seats + 4 + 8 + 1
        out[f"peak_bytes_per_game_at_{n}"] = peak / n
        out[f"peak_bytes_beyond_results_at_{n}"] = peak - row_bytes * n
        out["result_bytes_per_game"] = row_bytes
    return out


# Run in a fresh interpreter by ``rss_check``: the peak resident bytes before and after one run.
# Linux's VmHWM belongs to this process's own memory; its ru_maxrss would start at the parent's
# size at the fork. Elsewhere ru_maxrss (bytes on macOS, KiB on the other systems).
_RSS_CHILD = """
import resource, sys, parlour
def peak():
    try:
        with open("/proc/self/status") as f:
            return next(int(l.split()[1]) * 1024 for l in f if l.startswith("VmHWM:"))
    except (OSError, StopIteration):
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return rss if sys.platform == "darwin" else rss * 1024
game, n = sys.argv[1], int(sys.argv[2])
parlour.simulate(game, 100, seed=1)
before = peak()
r = parlour.simulate(game, n, seed=1)
after = peak()
arrays = r.returns.nbytes + r.move_counts.nbytes + r.hashes.nbytes + r.winners.nbytes
print(before, after, arrays)
"""


def rss_check(game: str, sizes: tuple[int, ...]) -> dict[str, float]:
    """Peak resident memory of the whole process (Rust's allocations included, which
    :func:`memory_check`'s tracing does not see) for one run of each size, each in a fresh
    interpreter: the growth of the peak over the run, per game and beyond the result arrays.
    """
    out: dict[str, float] = {}
    for n in sizes:
        done = subprocess.run(
            [sys.executable, "-c", _RSS_CHILD, game, str(n)],
            check=True,
            capture_output=True,
            text=True,
        )
        before, after, arrays = (int(x) for x in done.stdout.split())
        growth = after - before
        out[f"rss_growth_bytes_per_game_at_{n}"] = growth / n
        out[f"rss_growth_beyond_results_mb_at_{n}"] = (growth - arrays) / 1e6
        out["result_bytes_per_game"] = arrays / n
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0, help="time budget per measurement")
    parser.add_argument("--write", type=Path, default=None, help="write BENCHMARKS.md here")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of each timed figure; the best is reported"
    )
    parser.add_argument(
        "--rss-games",
        default="1000000,10000000",
        help="comma-separated run sizes of the whole-process memory check",
    )
    parser.add_argument(
        "--baseline",
        default=None,
        help="a Python whose parlour (e.g. a wheel of an earlier commit) to compare with",
    )
    parser.add_argument(
        "--baseline-label",
        default=None,
        help="what the baseline is, for the page (default: its parlour version)",
    )
    args = parser.parse_args()
    _register_loops()
    report: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(),
            "cpus": os.cpu_count(),
        },
        "parlour_version": parlour.__version__,
        "batch": {g: batch_rates(g, args.seconds, args.repeat) for g in parlour.GAMES},
    }
    report["python_loop"], report["openspiel"] = per_move_loops(args.seconds, args.repeat)
    if args.baseline:
        done = subprocess.run(
            [args.baseline, "-c", "import parlour; print(parlour.__version__)"],
            check=True,
            capture_output=True,
            text=True,
        )
        report["baseline"] = {
            "parlour": args.baseline_label or f"parlour {done.stdout.strip()}",
            "games": against_baseline(args.baseline, args.seconds, args.repeat),
        }
    report["pure_python_floor"] = pure_python_floor(args.seconds)
    report["memory"] = memory_check(next(iter(parlour.GAMES)))
    sizes = tuple(int(x) for x in args.rss_games.split(",") if x.strip())
    report["memory"].update(rss_check(next(iter(parlour.GAMES)), sizes))
    floor = report["pure_python_floor"]
    ratios: dict[str, float] = {}
    for g, b in report["batch"].items():
        ratios[f"{g}: batch 1 thread vs pure-Python floor (games/s)"] = (
            b["games_per_s_1_thread"] / floor["games_per_s"]
        )
        ratios[f"{g}: all threads vs 1 thread"] = b["threads_speedup"]
        ratios[f"{g}: all threads vs 1 thread, median of paired rounds"] = b[
            "threads_speedup_paired_median"
        ]
        ratios[f"{g}: CPU time of all threads vs 1 thread, median of paired rounds"] = b[
            "threads_cpu_ratio_paired_median"
        ]
    osp = report["openspiel"]
    if osp and "bridge-play" in report["batch"]:
        play = osp["bridge play phase"]
        batch = report["batch"]["bridge-play"]
        ratios["bridge-play batch (1 thread) vs OpenSpiel bridge play phase (hands/s)"] = (
            batch["games_per_s_1_thread"] / play["games_per_s"]
        )
        ratios["bridge-play batch (all threads) vs OpenSpiel bridge play phase (hands/s)"] = (
            batch["games_per_s_all_threads"] / play["games_per_s"]
        )
        for g, loop in report["python_loop"].items():
            ratios[f"{g}: Python loop us/move vs OpenSpiel bridge us/move"] = (
                loop["us_per_move"] / loop["openspiel_bridge_paired_us_per_move"]
            )
            ratios[
                f"{g}: Python loop us/move vs OpenSpiel bridge us/move, median of paired rounds"
            ] = loop["vs_openspiel_bridge_paired_median"]
    report["ratios"] = ratios
    text = json.dumps(report, indent=2)
    print(text)
    if args.write:
        # keep the sections other scripts write (from the first of their markers on:
        # bench_rl.py's and bench_serve.py's)
        old = args.write.read_text() if args.write.exists() else ""
        found = [i for i in (old.find("\n<!-- bench_rl"), old.find("\n<!-- bench_serve")) if i >= 0]
        marker = min(found) if found else -1
        args.write.write_text(_page(report, ratios) + (old[marker:] if marker >= 0 else ""))


def _game_row(g: str, b: dict[str, float], report: dict[str, Any], ratios: dict[str, float]) -> str:
    """One row of the per-game table of BENCHMARKS.md."""
    loop = report["python_loop"].get(g)
    vs = (
        f"{ratios[f'{g}: Python loop us/move vs OpenSpiel bridge us/move']:.2f} / "
        f"{ratios[f'{g}: Python loop us/move vs OpenSpiel bridge us/move, median of paired rounds']:.2f}"
        if f"{g}: Python loop us/move vs OpenSpiel bridge us/move" in ratios
        else "-"
    )
    return (
        f"| {g} | {b['games_per_s_1_thread']:,.0f} | {b['games_per_s_all_threads']:,.0f} | "
        f"{b['threads_speedup']:.2f} / {b['threads_speedup_paired_median']:.2f} | "
        f"{ratios[f'{g}: batch 1 thread vs pure-Python floor (games/s)']:.1f} | "
        + (f"{loop['us_per_move']:.2f}" if loop else "-")
        + f" | {vs} |"
    )


def _page(report: dict[str, Any], ratios: dict[str, float]) -> str:
    """BENCHMARKS.md: what is measured, against what, the latest figures, how to rerun."""
    machine = report["machine"]
    floor = report["pure_python_floor"]
    osp = report["openspiel"]
    lines = [
        "# Benchmarks",
        "",
        "## What is measured, against what",
        "",
        "- **Batch simulation**: seeded random playouts of every registered game in Rust "
        "(`parlour.simulate`), on one thread and on all threads, against a plain pure-Python "
        "follow-suit loop with bitmask hands (the floor).",
        "- **bridge-play against OpenSpiel, like for like**: parlour's `bridge-play` hands (a "
        "random deal and contract, then random cards) against OpenSpiel's bridge card play "
        "from a prepared deal: a `clone()` of a state after 52 dealt cards and 1NT-P-P-P, then "
        "random cards.",
        "- **Python loops**: `legal_moves()` + `apply_index()` per move from Python, for every "
        "game, against OpenSpiel's pyspiel loop over whole bridge games (deal, random auction, "
        "play), per move.",
        "- **Threads**: all threads against one, best-of and as the median of rounds run back "
        "to back.",
        "",
        "Each timed figure is the best of `--repeat` runs of `--seconds`; the sides of a ratio "
        "are measured in turn in the same run, so the ratios, not the absolute figures, are the "
        "result. Memory: the growth of the whole process's peak resident size over one run of "
        "1 and 10 million games, each in a fresh interpreter.",
        "",
        "## Latest run",
        "",
        f"`{machine['platform']}`, {machine['cpus']} CPUs, Python {machine['python']}, "
        f"parlour {report['parlour_version']}"
        + (f", open-spiel {osp.get('version', '?')}." if osp else " (OpenSpiel not installed)."),
        "",
        "| ratio | value |",
        "|---|---:|",
        *[f"| {k} | {v:,.2f} |" for k, v in ratios.items() if k.startswith("bridge-play batch")],
        "",
        "Per game: batch games/s on one and on all threads, the thread speedup (best-of / median "
        "of paired rounds), the batch against the pure-Python floor, and the Python loop's cost "
        "per move, also against OpenSpiel's bridge loop (best-of / median of paired rounds).",
        "",
        "| game | games/s, 1 thread | games/s, all | speedup | vs floor | loop µs/move "
        "| loop vs OpenSpiel |",
        "|---|---:|---:|---:|---:|---:|---:|",
        *[_game_row(g, b, report, ratios) for g, b in report["batch"].items()],
        "",
        f"Pure-Python floor: {floor['games_per_s']:,.0f} games/s, {floor['us_per_move']:.2f} "
        "µs/move.",
    ]
    if osp:
        lines += [
            "",
            "| OpenSpiel | games/s | µs/move |",
            "|---|---:|---:|",
            *[
                f"| {name} | {v['games_per_s']:,.0f} | {v['us_per_move']:.2f} |"
                for name, v in osp.items()
                if isinstance(v, dict)
            ],
        ]
    if "baseline" in report:
        lines += [
            "",
            f"Against the baseline, {report['baseline']['parlour']}, in the same run (above 1: "
            "faster here; the loop as the baseline's µs per move over this one's):",
            "",
            "| game | batch, 1 thread | batch, all threads | Python loop |",
            "|---|---:|---:|---:|",
            *[
                f"| {g} | {r['batch_1_thread']:.2f} | {r['batch_all_threads']:.2f} | "
                + (f"{r['python_loop']:.2f}" if "python_loop" in r else "-")
                + " |"
                for g, r in report["baseline"]["games"].items()
            ],
        ]
    memory = report["memory"]
    rss = [k for k in memory if k.startswith("rss_growth_bytes_per_game_at_")]
    if rss:
        lines += [
            "",
            "Peak resident growth per game: "
            + ", ".join(f"{memory[k]:.1f} bytes at {int(k.rsplit('_', 1)[1]):,} games" for k in rss)
            + f" (the result arrays hold {memory['result_bytes_per_game']:.0f} bytes a game).",
        ]
    lines += [
        "",
        "## How to rerun",
        "",
        "```sh",
        "pip install '.[bench]'    # a release build of parlour, with open-spiel",
        "python benches/bench_simulate.py --seconds 1 --repeat 5 --write BENCHMARKS.md",
        "```",
        "",
        "To set every game against an earlier build in the same run, install that build's "
        "wheel in another venv and add `--baseline OTHER_VENV/bin/python` (with "
        "`--baseline-label` to name it on this page). The script prints the whole run as "
        "JSON; `--write` replaces this page. The other scripts in `benches/` measure one game "
        "each (`bench_bridge.py` the double-dummy solver against endplay's DDS).",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
