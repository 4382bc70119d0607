"""Every game's API from 8 threads at once, on shared immutable states, gives exactly the results
of the same calls made one after another on one thread.

Each task plays a seeded random game from a start state that all tasks share, and records at
every step what the protocol and the per-seat views give (notation, hash, legal moves and mask,
a view, an observation, a resample's notation). Batch simulation runs from the threads too.
"""

from __future__ import annotations

import hashlib
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import parlour
from test_conformance import FACTORIES
from test_views import seat_to_move

TASKS = 16
STEPS = 40


def _digest(name: str, start: Any, seed: int) -> str:
    rng = random.Random(seed)
    h = hashlib.sha256()
    state = start
    seats = len(start.view(0)["hand_sizes"])
    for _ in range(STEPS):
        seat = rng.randrange(seats)
        h.update(state.to_notation().encode())
        h.update(str(state.zobrist).encode())
        h.update(repr(state.view(seat)).encode())
        h.update(state.observation(seat).tobytes())
        h.update(state.resample(seat, seed).to_notation().encode())
        if state.is_terminal:
            break
        h.update(state.legal_mask().tobytes())
        h.update(str(seat_to_move(name, state)).encode())
        state = state.apply_index(rng.randrange(len(state.legal_moves())))
    return h.hexdigest()


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_eight_threads_on_shared_states_agree_with_one(name: str) -> None:
    starts = [FACTORIES[name](k) for k in range(4)]
    jobs = [(starts[k % 4], k) for k in range(TASKS)]
    alone = [_digest(name, start, seed) for start, seed in jobs]
    with ThreadPoolExecutor(max_workers=8) as pool:
        together = list(pool.map(lambda job: _digest(name, *job), jobs))
    assert together == alone
    # the shared start states are untouched
    assert [s.to_notation() for s in starts] == [FACTORIES[name](k).to_notation() for k in range(4)]


def test_simulation_from_eight_threads() -> None:
    games = sorted(parlour.GAMES)

    def run(k: int) -> bytes:
        r = parlour.simulate(games[k % len(games)], 200, seed=k, threads=1)
        return bytes(r.hashes.tobytes())

    alone = [run(k) for k in range(TASKS)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(run, range(TASKS))) == alone
