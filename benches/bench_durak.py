"""Durak bot benchmark: the determinised Monte Carlo bot against a random and a greedy player.

Prints ONE JSON document. Every match runs in Rust over all cores with the GIL released
(``parlour._core.durak.bot_match``); game ``i`` is dealt from ``(seed, i)`` and the bot sits in
seat ``1 + i % 2``, so the bot plays each side equally often. The baseline measured in the same
run is the greedy player itself against the random player (level 0 in ``bot_match``); the
report gives the bot's score against each opponent (wins + half the draws, with a 95% Wilson
interval) and the ratio of its time per game to the baseline's. No timing is asserted.

Usage: ``python benches/bench_durak.py [--games 1000] [--level 1] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import time
from typing import Any

from parlour._core import durak as _d


def wilson(score: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denom
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def match(level: int, opponent: str, seed: int, games: int) -> dict[str, Any]:
    start = time.perf_counter()
    n, wins, losses, draws, moves = _d.bot_match(level, opponent, seed, games)
    elapsed = time.perf_counter() - start
    score = (wins + 0.5 * draws) / n
    lo, hi = wilson(score, n)
    return {
        "player": "greedy" if level == 0 else f"bot level {level}",
        "opponent": opponent,
        "games": n,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "score": round(score, 4),
        "score_95ci": [round(lo, 4), round(hi, 4)],
        "moves": moves,
        "elapsed_s": round(elapsed, 3),
        "ms_per_game": round(1000 * elapsed / n, 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    baseline = match(0, "random", args.seed, args.games)
    vs_random = match(args.level, "random", args.seed, args.games)
    vs_greedy = match(args.level, "greedy", args.seed, args.games)
    base_ms = max(baseline["ms_per_game"], 1e-6)
    report = {
        "benchmark": "durak bot",
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "seed": args.seed,
        "level": args.level,
        "baseline_greedy_vs_random": baseline,
        "bot_vs_random": vs_random,
        "bot_vs_greedy": vs_greedy,
        "ratios": {
            "bot_score_vs_random_over_greedy_score_vs_random": round(
                vs_random["score"] / max(baseline["score"], 1e-9), 4
            ),
            "bot_ms_per_game_over_greedy_ms_per_game": {
                "vs_random": round(vs_random["ms_per_game"] / base_ms, 1),
                "vs_greedy": round(vs_greedy["ms_per_game"] / base_ms, 1),
            },
        },
        "bot_wins_clearly": vs_random["score_95ci"][0] > 0.5 and vs_greedy["score_95ci"][0] > 0.5,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
