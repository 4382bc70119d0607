"""Gyla speed: four-AI games per second in Rust, and microseconds per card through Python.

Prints one JSON document. The Go reference engine (vetalpaprotsky/gyla v0.5.0) was measured
at 160-188 complete four-AI games per second and 14.8-17.2 us per card on a 2-core machine
(shared/specs/gyla/ENGINE.md); those figures are stated, not measured here. The in-run
baseline is the generic whist game on the same machinery (Rust batch and Python loop).
Build with ``maturin develop --release`` before running: a debug build is several times slower.
"""

from __future__ import annotations

import json
import os
import platform
import time
from typing import Any

import parlour
from parlour import _core, gyla

GO_GAMES_PER_SECOND = (160.0, 188.0)
GO_US_PER_CARD = (14.8, 17.2)
NAMES = (["a", "b", "c", "d"], ["x", "y"])


def rust_batch(game: str, n: int, policy: str, threads: int | None) -> dict[str, float]:
    """One batch; wall-clock and process CPU time (the machine may be shared)."""
    cpu0 = time.process_time()
    r = parlour.simulate(game, n, seed=1, policy=policy, threads=threads)
    cpu = time.process_time() - cpu0
    return {
        "games": float(r.games),
        "games_per_second": r.games_per_second,
        "games_per_cpu_second": r.games / cpu if cpu > 0 else float("nan"),
        "ns_per_move": r.elapsed / max(r.moves, 1) * 1e9,
    }


def recorded_actions(seed: int) -> list[dict[str, Any]]:
    """The actions of one complete game chosen by the engine's AI (for timing replays)."""
    state, _ = gyla.start(gyla.new_game(*NAMES, [False] * 4, seed=seed))
    actions: list[dict[str, Any]] = []
    while not state.is_terminal:
        n = state.next_action
        assert n is not None
        if n.name == "assign_trump":
            action: dict[str, Any] = {
                "name": n.name,
                "player": n.player,
                "suit": gyla.ai_trump(state),
            }
        else:
            action = {"name": n.name, "player": n.player, "card": gyla.ai_card(state)}
        actions.append(action)
        state, _ = gyla.apply(state, action)
    return actions


def python_api(games: int) -> dict[str, float]:
    scripts = [recorded_actions(seed) for seed in range(games)]
    cards = sum(1 for s in scripts for a in s if a["name"] == "play_card")
    t0 = time.perf_counter()
    c0 = time.process_time()
    for seed, script in enumerate(scripts):
        state, _ = gyla.start(gyla.new_game(*NAMES, [False] * 4, seed=seed))
        for action in script:
            state, _ = gyla.apply(state, action)
    apply_s = time.perf_counter() - t0
    apply_cpu = time.process_time() - c0
    t0 = time.perf_counter()
    moves = 0
    for seed in range(games):
        st, _ = gyla.start(gyla.new_game(*NAMES, [False] * 4, seed=seed))
        while not st.is_terminal:
            st.legal_moves()
            st = st.apply_index(0)
            moves += 1
    proto_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    for seed in range(games):
        gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=seed))
    ai_s = time.perf_counter() - t0
    return {
        "cards": float(cards),
        "us_per_card_apply": apply_s / cards * 1e6,
        "cpu_us_per_card_apply": apply_cpu / cards * 1e6,
        "us_per_move_protocol": proto_s / moves * 1e6,
        "four_ai_games_per_second_via_start": games / ai_s,
    }


def whist_python_loop(games: int) -> float:
    moves = 0
    t0 = time.perf_counter()
    for seed in range(games):
        s = _core.whist.State.new(seed=seed)
        while not s.is_terminal:
            s = s.apply(s.legal_moves()[0])
            moves += 1
    return (time.perf_counter() - t0) / moves * 1e6


def main() -> None:
    one = rust_batch("gyla", 20_000, "computer", 1)
    all_threads = rust_batch("gyla", 20_000, "computer", None)
    random_one = rust_batch("gyla", 20_000, "random", 1)
    whist_one = rust_batch("whist", 100_000, "random", 1)
    py = python_api(30)
    whist_us = whist_python_loop(300)
    doc = {
        "benchmark": "gyla",
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
        },
        "rust_four_ai_games": {"one_thread": one, "all_threads": all_threads},
        "rust_random_games_one_thread": random_one,
        "go_reference_stated": {
            "games_per_second": GO_GAMES_PER_SECOND,
            "us_per_card": GO_US_PER_CARD,
            "source": "shared/specs/gyla/ENGINE.md (2-core machine, Go 1.25, single thread)",
        },
        "speedup_vs_go_one_thread": {
            "wall_vs_fastest_go": one["games_per_second"] / GO_GAMES_PER_SECOND[1],
            "wall_vs_slowest_go": one["games_per_second"] / GO_GAMES_PER_SECOND[0],
            "cpu_vs_fastest_go": one["games_per_cpu_second"] / GO_GAMES_PER_SECOND[1],
            "cpu_vs_slowest_go": one["games_per_cpu_second"] / GO_GAMES_PER_SECOND[0],
            "target": 50.0,
        },
        "load_average_1min": os.getloadavg()[0],
        "python_api": py,
        "python_us_per_card_vs_go_us_per_card": py["us_per_card_apply"] / GO_US_PER_CARD[0],
        "baseline_in_run": {
            "whist_rust_random_one_thread": whist_one,
            "whist_python_loop_us_per_move": whist_us,
            "gyla_rust_ns_per_move_over_whist": one["ns_per_move"] / whist_one["ns_per_move"],
            "gyla_python_us_per_card_over_whist_python_move": py["us_per_card_apply"] / whist_us,
        },
    }
    print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    main()
