"""Bridge benchmark: PBN boards/s, µs to validate a 52-card play, random play-phase hands/s.

Prints one JSON document. Ratios are against baselines measured in the same run: the PBN reader
against a plain line scan of the same text, the Rust validator against a pure-Python replay,
and the Rust batch playouts against a Python loop over ``BridgePlayState`` and, when
``open-spiel`` is installed (the ``bench`` extra), against OpenSpiel's bridge play phase.

``--dd-tables N`` instead solves the first N recorded deals of ``bridge_dd_tables.jsonl``
(0: all) with :func:`parlour.bridge.dd.dd_table`, checks every table against DDS's and reports
the seconds per deal next to DDS's own figure from the spec (a median of 416 ms on random deals).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import parlour
from parlour._core import bridge as _native
from parlour.bridge import BridgeEngine, BridgePlayState, dd, pbn
from parlour.bridge._cards import card_code, hands_masks

SHARED = Path(
    os.environ.get("PARLOUR_SHARED") or Path(__file__).resolve().parents[1].parent / "shared"
)
DATA = SHARED / "data" / "bridge"


def timed(fn: Any, min_time: float = 1.0) -> tuple[float, int]:
    n = 0
    t0 = time.perf_counter()
    while True:
        fn()
        n += 1
        el = time.perf_counter() - t0
        if el >= min_time:
            return el, n


def pbn_speed() -> dict[str, float]:
    texts = [f.read_text(encoding="utf-8", errors="replace") for f in sorted(DATA.rglob("*.pbn"))]
    t0 = time.perf_counter()
    boards = sum(len(pbn.read(t)) for t in texts)
    el = time.perf_counter() - t0
    t1 = time.perf_counter()
    lines = sum(len(t.splitlines()) for t in texts)
    scan = time.perf_counter() - t1
    return {
        "boards": boards,
        "boards_per_second": boards / el,
        "lines_scanned_per_second_baseline": lines / max(scan, 1e-9),
    }


def _python_replay(hands: Mapping[Any, list[str]], first: str, cards: list[str]) -> int:
    seats = "NESW"
    held = {s: set(h) for s, h in hands.items()}
    leader = seats.index(first)
    errors = 0
    for t in range(0, len(cards), 4):
        trick = cards[t : t + 4]
        for k, c in enumerate(trick):
            s = seats[(leader + k) % 4]
            if c not in held[s]:
                errors += 1
            held[s].discard(c)
        if len(trick) == 4:
            best = 0
            for k in range(1, 4):
                if trick[k][0] == trick[best][0] and "23456789TJQKA".index(
                    trick[k][1]
                ) > "23456789TJQKA".index(trick[best][1]):
                    best = k
            leader = (leader + best) % 4
    return errors


def validate_speed() -> dict[str, float]:
    s = BridgePlayState.random(11, strain="N")
    hands = s.hands
    first = s.seat_to_move or "N"
    rng = random.Random(1)
    cards: list[str] = []
    while not s.is_terminal:
        mv = rng.choice(s.legal_moves())
        cards.append(mv)
        s = s.apply(mv)
    engine = BridgeEngine()
    assert engine.play.validate_tricks(cards, first, hands, None).is_valid
    el, n = timed(lambda: engine.play.validate_tricks(cards, first, hands, None))
    el_py, n_py = timed(lambda: _python_replay(hands, first, cards))
    masks = hands_masks(hands)
    codes = [card_code(c) for c in cards]
    lead = "NESW".index(first)
    el_c, n_c = timed(lambda: _native.validate((masks, lead, codes, None)))
    batch: list[tuple[list[int], int, list[int], int | None]] = [(masks, lead, codes, None)] * 1000
    el_b, n_b = timed(lambda: _native.validate_many(batch))
    return {
        "us_per_52_card_validation": el / n * 1e6,
        "us_per_52_card_validation_core_call": el_c / n_c * 1e6,
        "us_per_52_card_validation_batched": el_b / (n_b * 1000) * 1e6,
        "us_per_52_card_pure_python_replay_baseline": el_py / n_py * 1e6,
    }


def playout_speed() -> dict[str, Any]:
    n = 20000
    one = parlour.simulate("bridge-play", n, seed=1, threads=1)
    allt = parlour.simulate("bridge-play", n * 2, seed=1)
    t0 = time.perf_counter()
    k = 0
    rng = random.Random(2)
    while time.perf_counter() - t0 < 1.0:
        s = BridgePlayState.random(k)
        while not s.is_terminal:
            s = s.apply_index(rng.randrange(len(s.legal_moves())))
        k += 1
    py_rate = k / (time.perf_counter() - t0)
    out: dict[str, Any] = {
        "rust_hands_per_second_1_thread": one.games_per_second,
        "rust_hands_per_second_all_threads": allt.games_per_second,
        "python_loop_hands_per_second": py_rate,
        "rust_1_thread_vs_python_loop": one.games_per_second / py_rate,
        "openspiel_hands_per_second": None,
        "rust_1_thread_vs_openspiel": None,
        "openspiel_note": "open-spiel not installed (the bench extra); spec figure ~7,500/s",
    }
    try:
        import pyspiel
    except ImportError:
        return out
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    rng = random.Random(3)
    t0 = time.perf_counter()
    k = 0
    while time.perf_counter() - t0 < 3.0:
        st = game.new_initial_state()
        while st.is_chance_node():
            st.apply_action(rng.choice([a for a, _ in st.chance_outcomes()]))
        for a in (59, 52, 52, 52):  # 1NT pass pass pass
            st.apply_action(a)
        while not st.is_terminal():
            st.apply_action(rng.choice(st.legal_actions()))
        k += 1
    os_rate = k / (time.perf_counter() - t0)
    out.update(
        openspiel_hands_per_second=os_rate,
        rust_1_thread_vs_openspiel=one.games_per_second / os_rate,
        openspiel_note="random deals, 1NT-P-P-P, random legal play",
    )
    return out


def dd_tables(count: int) -> dict[str, Any]:
    """Solve the first ``count`` recorded deals (all for 0) and compare with DDS's tables."""
    lines = (SHARED / "vectors" / "bridge" / "bridge_dd_tables.jsonl").read_text().splitlines()
    records = [json.loads(x) for x in lines][: count or None]
    seconds: list[float] = []
    wrong: list[str] = []
    for r in records:
        t0 = time.perf_counter()
        table = dd.dd_table(r["hands"])
        seconds.append(time.perf_counter() - t0)
        if table != r["dd_tricks"]:
            wrong.append(r["id"])
    seconds.sort()
    return {
        "deals": len(records),
        "tables_differing_from_dds": wrong,
        "seconds_per_deal_median": seconds[len(seconds) // 2] if seconds else None,
        "seconds_per_deal_max": seconds[-1] if seconds else None,
        "seconds_total": sum(seconds),
        "dds_spec_seconds_per_deal_median_random": 0.416,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--dd-tables",
        type=int,
        default=None,
        metavar="N",
        help="solve the first N recorded DD-table deals (0: all) instead of the speed runs",
    )
    args = parser.parse_args()
    if args.dd_tables is not None:
        print(json.dumps({"dd_tables": dd_tables(args.dd_tables)}, indent=2))
        return
    doc = {
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
        },
        "pbn": pbn_speed(),
        "validate": validate_speed(),
        "playouts": playout_speed(),
    }
    print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    main()
