"""Mexican Train speed, printed as one JSON document (ratios, never timed assertions).

Measures, in one run:
* all-computer full double-twelve four-player games per second simulated in Rust (one thread
  and all threads), against the reference engine's 7.6 games/s (node 20) and against
  parlour's own Python-loop playout measured here; also per CPU-second of this process, which
  stays meaningful when other work shares the machine;
* ``legal_plays``, ``train_moves`` and ``computer_move`` latency through Python on real
  positions, against the reference's 2.7 us / 2.5 us / 106 us;
* ``longest_run`` bounded and exact on 15-tile hands (random hands from sets 12 and 15, and
  dense hands on 6 pip values), against the reference's 0.23 ms and 4.6 ms.

Build the extension with ``maturin develop --release`` before measuring.
"""

from __future__ import annotations

import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import parlour
from parlour.mexican_train import (
    TrainGame,
    computer_move,
    every_tile,
    legal_plays,
    longest_run,
    play_train,
    start_train,
    train_moves,
)

REFERENCE = {
    "games_per_second": 7.6,
    "legal_plays_us": 2.7,
    "train_moves_us": 2.5,
    "computer_move_us": 106.0,
    "longest_run_random15_ms": 0.23,
    "longest_run_dense15_ms": 4.6,
}
OPTIONS = {"set": "12", "players": "4", "length": "full", "doubles": "one", "mexican": "any"}


def _per_call(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - t) / repeat)
    return best


def _python_game(seed: int) -> tuple[int, list[TrainGame]]:
    g = start_train(12, ["a", "b", "c", "d"], seed, None, [True] * 4)
    assert g is not None
    positions: list[TrainGame] = []
    moves = 0
    while not g.is_terminal:
        if g.phase == "playing":
            positions.append(g)
        nxt = play_train(g, computer_move(g))
        assert nxt is not None
        g = nxt
        moves += 1
    return moves, positions


def _over(positions: list[TrainGame], fn: Callable[[TrainGame], object]) -> float:
    def run() -> None:
        for p in positions:
            fn(p)

    return _per_call(run, 1) / len(positions)


def main() -> int:
    """Run the benchmark and print the JSON document."""
    out: dict[str, Any] = {
        "machine": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        },
        "reference_node20": REFERENCE,
    }
    # 1. Rust batch playouts, all seats computerMove, full double-twelve, four players.
    n = 300
    sim: dict[str, Any] = {}
    for threads in (1, os.cpu_count() or 1):
        cpu = time.process_time()
        r = parlour.simulate(
            "mexican-train", n, seed=1, policy="computer", options=OPTIONS, threads=threads
        )
        cpu = time.process_time() - cpu
        sim[f"threads_{threads}"] = {
            "games_per_second": r.games_per_second,
            "games_per_cpu_second": r.games / cpu if cpu > 0 else None,
            "moves_per_game": r.moves / r.games,
            "ns_per_move": 1e9 * r.elapsed / r.moves,
            "x_reference": r.games_per_second / REFERENCE["games_per_second"],
            "x_reference_per_cpu_second": (r.games / cpu) / REFERENCE["games_per_second"]
            if cpu > 0
            else None,
        }
    # The Python loop (play_train + computer_move per move) as the in-process baseline.
    t = time.perf_counter()
    games = 3
    total_moves = 0
    positions: list[TrainGame] = []
    for seed in range(games):
        moves, pos = _python_game(seed)
        total_moves += moves
        positions.extend(pos[::7])
    py_elapsed = time.perf_counter() - t
    py_gps = games / py_elapsed
    sim["python_loop"] = {
        "games_per_second": py_gps,
        "us_per_move": 1e6 * py_elapsed / total_moves,
        "x_reference": py_gps / REFERENCE["games_per_second"],
    }
    sim["rust_x_python_loop"] = sim["threads_1"]["games_per_second"] / py_gps
    out["simulate_double_twelve_4p"] = sim
    # 2. Latency through Python on real positions.
    out["latency_us"] = {
        "positions": len(positions),
        "legal_plays": 1e6 * _over(positions, legal_plays),
        "train_moves": 1e6 * _over(positions, train_moves),
        "computer_move": 1e6 * _over(positions, computer_move),
    }
    lat = out["latency_us"]
    out["latency_x_reference"] = {
        "legal_plays": REFERENCE["legal_plays_us"] / lat["legal_plays"],
        "train_moves": REFERENCE["train_moves_us"] / lat["train_moves"],
        "computer_move": REFERENCE["computer_move_us"] / lat["computer_move"],
    }
    # 3. longest_run on 15-tile hands.
    rng = random.Random(7)
    random15 = [
        (rng.sample(every_tile(rng.choice((12, 15))), 15), rng.randint(0, 12)) for _ in range(200)
    ]
    dense_tiles = [t for t in every_tile(15) if t % 16 < 6]
    dense15 = [(rng.sample(dense_tiles, 15), rng.randint(0, 5)) for _ in range(100)]
    runs: dict[str, float] = {}
    for name, hands in (("random15", random15), ("dense15", dense15)):
        for exact in (False, True):

            def run(hands: list[tuple[list[int], int]] = hands, exact: bool = exact) -> None:
                for hand, end in hands:
                    longest_run(hand, end, exact=exact)

            runs[f"{name}_{'exact' if exact else 'bounded'}_ms"] = (
                1e3 * _per_call(run, 1) / len(hands)
            )
    out["longest_run"] = runs
    out["longest_run_x_reference"] = {
        "random15_bounded": REFERENCE["longest_run_random15_ms"] / runs["random15_bounded_ms"],
        "dense15_bounded": REFERENCE["longest_run_dense15_ms"] / runs["dense15_bounded_ms"],
    }
    print(json.dumps(out, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
