"""Core benchmark: the trick resolver and a random playout of the generic trick-taking game,
as ratios to a pure-Python version of the same loop measured in the same run.

Prints one JSON document. Not a timed test: the ratios are the result.
"""

from __future__ import annotations

import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _pyfloor

import parlour
from parlour import _core, whist


def best_of(fn: object, repeat: int = 3) -> float:
    assert callable(fn)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    rng = random.Random(1)
    hands = [rng.getrandbits(64) & sum(m for m in _pyfloor.SUIT_MASKS) for _ in range(2000)]
    leads = [rng.choice(_pyfloor.DECK) for _ in range(2000)]
    n_calls = len(hands)

    def core_legal() -> None:
        for h, ld in zip(hands, leads, strict=True):
            _core.trick_legal(h, ld, 0)

    def py_legal() -> None:
        for h, ld in zip(hands, leads, strict=True):
            _pyfloor.legal(h, ld)

    t_core_legal = best_of(core_legal) / n_calls
    t_py_legal = best_of(py_legal) / n_calls

    games_py = 300
    t = time.perf_counter()
    prng = random.Random(2)
    py_moves = sum(_pyfloor.playout(prng)[1] for _ in range(games_py))
    t_py = time.perf_counter() - t
    py_gps = games_py / t_py

    games_pyloop = 200
    t = time.perf_counter()
    loop_moves = 0
    lrng = random.Random(3)
    for seed in range(games_pyloop):
        s = whist.State.new(seed=seed)
        while not s.is_terminal:
            s = s.apply_index(lrng.randrange(len(s.legal_moves())))
            loop_moves += 1
    t_loop = time.perf_counter() - t

    one = parlour.simulate("whist", 200_000, seed=1, threads=1)
    many = parlour.simulate("whist", 400_000, seed=1)
    report = {
        "machine": {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": _cpus(),
        },
        "trick_legal": {
            "parlour_ns_per_call_via_python": t_core_legal * 1e9,
            "pure_python_ns_per_call": t_py_legal * 1e9,
        },
        "random_playout_whist": {
            "pure_python_games_per_s": py_gps,
            "pure_python_ns_per_move": t_py / py_moves * 1e9,
            "parlour_python_loop_us_per_move": t_loop / loop_moves * 1e6,
            "parlour_batch_1_thread_games_per_s": one.games_per_second,
            "parlour_batch_all_threads_games_per_s": many.games_per_second,
            "ratio_batch_1_thread_vs_pure_python": one.games_per_second / py_gps,
            "ratio_batch_all_threads_vs_pure_python": many.games_per_second / py_gps,
            "ratio_threads_all_vs_1": many.games_per_second / one.games_per_second,
        },
    }
    print(json.dumps(report, indent=2))


def _cpus() -> int:
    import os

    return os.cpu_count() or 1


if __name__ == "__main__":
    main()
