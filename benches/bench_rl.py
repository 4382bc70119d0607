"""Research adapters' speed: environment steps per second through the frameworks' own loops.

- PettingZoo: the AEC loop (``agent_iter``, ``last``, a random legal action from the mask,
  ``step``) over parlour's ``bridge-play`` and ``gyla`` environments and, in the same run, over
  PettingZoo's own card environments ``leduc_holdem_v4`` and ``texas_holdem_v4`` (RLCard-backed;
  they need ``rlcard`` and ``pygame``, and are reported missing without them). Target: parlour
  at least 2x their steps per second.
- OpenSpiel: ``rl_environment.Environment`` (information-state tensors for every player at each
  step, as the library's agents use it) over ``python_parlour_bridge_play`` and over OpenSpiel's
  own C++ ``bridge(use_double_dummy_result=false)`` (auction and play). Target: parlour at
  least as many steps per second as the C++ game through the same Python loop.

Every figure is the best of ``--repeat`` runs of ``--seconds``, the sides of each ratio measured
in turn in the same run. Prints one JSON document; ``--write BENCHMARKS.md`` replaces the page's
research-adapter section (between the ``bench_rl`` markers, appended when missing).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import parlour

START = "<!-- bench_rl: start -->"
END = "<!-- bench_rl: end -->"


def pettingzoo_rate(make: Callable[[], Any], seconds: float, seed: int = 0) -> float:
    """Agent steps per second of the standard AEC loop with random legal actions."""
    env = make()
    rng = np.random.default_rng(seed)
    steps = 0
    games = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        env.reset(seed=seed + games)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    return steps / (time.perf_counter() - t0)


def openspiel_rate(name: str, seconds: float, seed: int = 0) -> float:
    """Agent steps per second of OpenSpiel's ``rl_environment`` loop with random legal actions."""
    import pyspiel
    from open_spiel.python import rl_environment

    import parlour.openspiel  # noqa: F401 - registers the parlour games

    env = rl_environment.Environment(pyspiel.load_game(name), seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            legal = step.observations["legal_actions"][player]
            step = env.step([legal[rng.integers(len(legal))]])
            steps += 1
        if time.perf_counter() >= deadline:
            break
    return steps / (time.perf_counter() - t0)


def _zoo_baselines() -> dict[str, Callable[[], Any] | None]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
            from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except ImportError:
        return {"leduc_holdem_v4": None, "texas_holdem_v4": None}
    return {"leduc_holdem_v4": leduc_holdem_v4.env, "texas_holdem_v4": texas_holdem_v4.env}


def best(fn: Callable[[], float], repeat: int) -> float:
    """The best of ``repeat`` runs."""
    return max(fn() for _ in range(repeat))


def run(seconds: float, repeat: int) -> dict[str, Any]:
    """The whole run as a JSON-ready dict."""
    from parlour.pettingzoo import env

    zoo: dict[str, float | None] = {}
    makers: dict[str, Callable[[], Any] | None] = {
        "parlour bridge-play": lambda: env("bridge-play"),
        "parlour gyla": lambda: env("gyla"),
        **_zoo_baselines(),
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # RLCard's environments warn on import and on use
        for _ in range(repeat):
            for name, make in makers.items():
                rate = None if make is None else pettingzoo_rate(make, seconds)
                old = zoo.get(name)
                zoo[name] = rate if old is None or rate is None else max(old, rate)
    spiel_names = ["python_parlour_bridge_play", "bridge(use_double_dummy_result=false)"]
    spiel: dict[str, float] = {}
    for _ in range(repeat):
        for name in spiel_names:
            spiel[name] = max(spiel.get(name, 0.0), openspiel_rate(name, seconds))
    baselines = [v for k, v in zoo.items() if not k.startswith("parlour") and v is not None]
    ratios: dict[str, float | None] = {}
    for ours in ("parlour bridge-play", "parlour gyla"):
        for theirs in ("leduc_holdem_v4", "texas_holdem_v4"):
            mine, base = zoo[ours], zoo[theirs]
            ratios[f"{ours} vs {theirs}"] = None if mine is None or base is None else mine / base
    spiel_ratio = spiel[spiel_names[0]] / spiel[spiel_names[1]]
    ratios["python_parlour_bridge_play vs bridge"] = spiel_ratio
    mine_zoo = [v for k, v in zoo.items() if k.startswith("parlour") and v is not None]
    return {
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "parlour": parlour.__version__,
            "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        },
        "settings": {"seconds": seconds, "repeat": repeat},
        "pettingzoo": zoo,
        "openspiel": spiel,
        "ratios": ratios,
        "targets": {
            "pettingzoo_at_least_2x": (
                None if not baselines else min(mine_zoo) >= 2 * max(baselines)
            ),
            "openspiel_at_least_1x": spiel_ratio >= 1.0,
        },
    }


def _fmt(x: float | None) -> str:
    return "missing" if x is None else f"{x:,.0f}"


def markdown(result: dict[str, Any]) -> str:
    """The BENCHMARKS.md section of a run."""
    m = result["machine"]
    lines = [
        START,
        "## Research adapters (`benches/bench_rl.py`)",
        "",
        f"`{m['platform']}`, {m['cpus']} CPUs, Python {m['python']}, parlour {m['parlour']}; "
        f"best of {result['settings']['repeat']} runs of {result['settings']['seconds']} s"
        + (
            f" (load average {m['load_average'][0]:.1f} when it ended: compare the ratios, "
            "not the absolute figures)."
            if m.get("load_average")
            else "."
        ),
        "",
        "| PettingZoo AEC loop | steps/s |",
        "|---|---:|",
        *(f"| {k} | {_fmt(v)} |" for k, v in result["pettingzoo"].items()),
        "",
        "| OpenSpiel `rl_environment` loop | steps/s |",
        "|---|---:|",
        *(f"| {k} | {_fmt(v)} |" for k, v in result["openspiel"].items()),
        "",
        "| ratio | value |",
        "|---|---:|",
        *(
            f"| {k} | {'missing' if v is None else f'{v:.2f}'} |"
            for k, v in result["ratios"].items()
        ),
        "",
        f"Targets: PettingZoo at least 2x its card environments: "
        f"{result['targets']['pettingzoo_at_least_2x']}; OpenSpiel at least its C++ bridge: "
        f"{result['targets']['openspiel_at_least_1x']}.",
        "",
        "Both loops are the frameworks' own, with a random legal action each step. "
        "Through OpenSpiel's `rl_environment` every step asks for every player's "
        "information-state tensor; for a Python game pyspiel makes a new Python state on each "
        "of those calls to learn the tensor's shape and calls back into Python for the state's "
        "current player, legal actions and tensor, which OpenSpiel's C++ bridge does not pay. "
        "parlour's side of a step is `observation(seat)` for each seat and one move.",
        "",
        "Rerun: `python benches/bench_rl.py --seconds 2 --repeat 3 --write BENCHMARKS.md` "
        "(with `rlcard` and `pygame` for PettingZoo's card environments).",
        END,
    ]
    return "\n".join(lines) + "\n"


def write(path: Path, section: str) -> None:
    """Replace the page's bench_rl section (or append it)."""
    text = path.read_text() if path.exists() else ""
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END) + "\n?", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.write_text(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write", type=Path, default=None, help="update this BENCHMARKS.md")
    args = parser.parse_args()
    result = run(args.seconds, args.repeat)
    if args.write is not None:
        write(args.write, markdown(result))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
