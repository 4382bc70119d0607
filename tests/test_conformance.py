"""One conformance suite for every game's state class (OpenSpiel's RandomSimTest idea).

Random seeded playouts check, after every move, that the uniform state protocol holds: legal
moves exist exactly while the game runs, each applies, the input is unchanged, the notation
round-trips to an equal state with an equal hash, ``apply_index`` and ``legal_mask`` agree with
``legal_moves``, states pickle and deep-copy, and games end.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from parlour import whist

FACTORIES: dict[str, Callable[[int], Any]] = {
    "whist": lambda seed: whist.State.new(seed=seed),
}

MAX_STEPS = 3000


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_random_playouts_keep_the_protocol(name: str) -> None:
    rng = random.Random(1234)
    for seed in range(6):
        state = FACTORIES[name](seed)
        for _ in range(MAX_STEPS):
            moves = list(state.legal_moves())
            assert state.is_terminal == (not moves)
            assert (state.to_move is None) == state.is_terminal
            text = state.to_notation()
            again = type(state).from_notation(text)
            assert again == state
            assert hash(again) == hash(state)
            assert again.zobrist == state.zobrist
            assert again.to_notation() == text
            if state.is_terminal:
                break
            mask = state.legal_mask()
            assert int(mask.sum()) == len(moves)
            before = (text, state.zobrist)
            i = rng.randrange(len(moves))
            nxt = state.apply(moves[i])
            assert (state.to_notation(), state.zobrist) == before, "apply mutated its input"
            assert state.apply_index(i) == nxt
            state = nxt
        else:
            pytest.fail(f"{name} seed {seed} did not end in {MAX_STEPS} moves")
        assert len(state.returns()) >= 2
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_states_are_immutable(name: str) -> None:
    state = FACTORIES[name](0)
    with pytest.raises((AttributeError, TypeError)):
        state.to_move = 3
