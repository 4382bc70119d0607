"""Simulation benchmark (issue 8): one run measures side by side

1. parlour batch random playouts of every registered game, one thread and all threads;
2. parlour Python-loop playouts (``legal_moves`` + ``apply_index`` per move from Python);
3. OpenSpiel (``pyspiel``, from the ``bench`` extra) random playouts of bridge, hearts and
   spades, its per-move cost and its ``clone()`` cost, when it is installed;
4. a plain pure-Python 4-player follow-suit loop with bitmask hands, as the floor.

Prints one JSON document; ``--write BENCHMARKS.md`` also writes the figures as ratios with the
machine description, keeping the hand-written block between ``<!-- notes -->`` and
``<!-- /notes -->`` of the file it replaces. Not a timed test: the ratios are the result.

The per-move loops (parlour's Python loops and OpenSpiel's) each run ``--repeat`` times for
``--seconds`` and report their best run, the same way for both sides: on a shared machine the
best run is the one least disturbed by other work.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
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


def batch_rates(game: str, target_seconds: float) -> dict[str, float]:
    probe = parlour.simulate(game, 200, seed=1, threads=1)
    per_game = max(probe.elapsed / 200, 1e-7)
    n = int(min(max(target_seconds / per_game, 500), 2_000_000))
    one = parlour.simulate(game, n, seed=1, threads=1)
    many = parlour.simulate(game, n, seed=1)
    return {
        "games": n,
        "games_per_s_1_thread": one.games_per_second,
        "games_per_s_all_threads": many.games_per_second,
        "ns_per_move_1_thread": one.elapsed / max(one.moves, 1) * 1e9,
        "threads_speedup": many.games_per_second / one.games_per_second,
    }


def best_of(repeat: int, run: Callable[[], dict[str, float]]) -> dict[str, float]:
    """The run with the lowest ``us_per_move`` of ``repeat`` runs."""
    return min((run() for _ in range(max(repeat, 1))), key=lambda r: r["us_per_move"])


def python_loop(factory: Callable[[int], Any], seconds: float) -> dict[str, float]:
    rng = random.Random(5)
    moves = 0
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = factory(games)
        while not s.is_terminal:
            s = s.apply_index(rng.randrange(len(s.legal_moves())))
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


def openspiel(seconds: float, repeat: int = 1) -> dict[str, Any] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    out: dict[str, Any] = {"version": getattr(pyspiel, "__version__", "?")}
    for name in ("bridge(use_double_dummy_result=false)", "hearts", "spades"):
        game = pyspiel.load_game(name)

        def run(game: Any = game) -> dict[str, float]:
            rng = random.Random(3)
            games = moves = 0
            clone_t = 0.0
            clones = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                state = game.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        outcomes = state.chance_outcomes()
                        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    else:
                        legal = state.legal_actions()
                        state.apply_action(legal[rng.randrange(len(legal))])
                    moves += 1
                    if moves % 50 == 0:
                        t = time.perf_counter()
                        state.clone()
                        clone_t += time.perf_counter() - t
                        clones += 1
                games += 1
            elapsed = time.perf_counter() - start
            return {
                "games_per_s": games / elapsed,
                "us_per_move": elapsed / max(moves, 1) * 1e6,
                "us_per_clone": clone_t / max(clones, 1) * 1e6,
            }

        out[name] = best_of(repeat, run)
    return out


def memory_check(game: str) -> dict[str, float]:
    """Peak traced Python memory of a run, per game, at two sizes: steady means the growth is
    the result arrays only."""
    out = {}
    for n in (20_000, 200_000):
        tracemalloc.start()
        r = parlour.simulate(game, n, seed=1)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        row_bytes = r.returns.itemsize * r.seats + 4 + 8 + 1
        out[f"peak_bytes_per_game_at_{n}"] = peak / n
        out["result_bytes_per_game"] = row_bytes
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0, help="time budget per measurement")
    parser.add_argument("--write", type=Path, default=None, help="write BENCHMARKS.md here")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of each per-move loop; the best is reported"
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
        "batch": {g: batch_rates(g, args.seconds) for g in parlour.GAMES},
        "python_loop": {
            g: best_of(args.repeat, lambda f=f: python_loop(f, args.seconds))
            for g, f in LOOP_STATES.items()
        },
        "pure_python_floor": pure_python_floor(args.seconds),
        "openspiel": openspiel(args.seconds, args.repeat),
        "memory": memory_check(next(iter(parlour.GAMES))),
    }
    floor = report["pure_python_floor"]
    ratios: dict[str, float] = {}
    for g, b in report["batch"].items():
        ratios[f"{g}: batch 1 thread vs pure-Python floor (games/s)"] = (
            b["games_per_s_1_thread"] / floor["games_per_s"]
        )
        ratios[f"{g}: all threads vs 1 thread"] = b["threads_speedup"]
    osp = report["openspiel"]
    if osp and "bridge-play" in report["batch"]:
        bridge = osp["bridge(use_double_dummy_result=false)"]
        ratios["bridge-play batch (all threads) vs OpenSpiel bridge (hands/s)"] = (
            report["batch"]["bridge-play"]["games_per_s_all_threads"] / bridge["games_per_s"]
        )
        for g, loop in report["python_loop"].items():
            ratios[f"{g}: Python loop us/move vs OpenSpiel bridge us/move"] = (
                loop["us_per_move"] / bridge["us_per_move"]
            )
    report["ratios"] = ratios
    text = json.dumps(report, indent=2)
    print(text)
    if args.write:
        lines = [
            "# Benchmarks",
            "",
            "Measured by `python benches/bench_simulate.py --write BENCHMARKS.md` in one run on:",
            f"`{report['machine']['platform']}`, {report['machine']['cpus']} CPUs, "
            f"Python {report['machine']['python']}, parlour {report['parlour_version']}.",
            "Shared, noisy machines: read the ratios, not the absolute figures.",
            "",
            *_notes(args.write),
            "| ratio | value |",
            "|---|---:|",
            *[f"| {k} | {v:,.2f} |" for k, v in ratios.items()],
            "",
            "| game | batch games/s (1 thread) | batch games/s (all threads) | ns/move (1 thread) |",
            "|---|---:|---:|---:|",
            *[
                f"| {g} | {b['games_per_s_1_thread']:,.0f} | {b['games_per_s_all_threads']:,.0f} | "
                f"{b['ns_per_move_1_thread']:,.0f} |"
                for g, b in report["batch"].items()
            ],
            "",
            "| game | Python loop µs/move |",
            "|---|---:|",
            *[f"| {g} | {v['us_per_move']:.2f} |" for g, v in report["python_loop"].items()],
            "",
            f"Pure-Python floor (4-player follow-suit, bitmask hands): {floor['games_per_s']:,.0f} games/s, "
            f"{floor['us_per_move']:.2f} µs/move.",
            "",
            "OpenSpiel: "
            + ("not installed in this run (install the `bench` extra)." if not osp else ""),
        ]
        if osp:
            lines += [
                "",
                "| OpenSpiel game | games/s | µs/move | µs/clone |",
                "|---|---:|---:|---:|",
            ]
            for name, v in osp.items():
                if isinstance(v, dict):
                    lines.append(
                        f"| {name} | {v['games_per_s']:,.0f} | {v['us_per_move']:.2f} | {v['us_per_clone']:.2f} |"
                    )
        lines += ["", "Raw JSON of the run:", "", "```json", text, "```", ""]
        args.write.write_text("\n".join(lines))


def _notes(path: Path) -> list[str]:
    """The hand-written notes block of the file at ``path`` (kept across rewrites), if any."""
    if not path.exists():
        return []
    text = path.read_text()
    start, end = text.find("<!-- notes -->"), text.find("<!-- /notes -->")
    if start < 0 or end < start:
        return []
    return [*text[start : end + len("<!-- /notes -->")].splitlines(), ""]


if __name__ == "__main__":
    main()
