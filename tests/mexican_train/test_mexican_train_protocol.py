"""The uniform state protocol on random playouts (as the shared conformance suite checks it)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from parlour.mexican_train import TrainGame, start_train


def _new(seed: int) -> TrainGame:
    options = [{"length": "short"}, {"length": "short", "doubles": "chain", "mexican": "ownFirst"}]
    g = start_train(9, ["Ann", "Ben", "Cy"][: 2 + seed % 2], seed, options[seed % 2])
    assert g is not None
    return g


@pytest.mark.parametrize("seed", range(4))
def test_random_playouts_keep_the_protocol(seed: int) -> None:
    rng = random.Random(seed)
    state = _new(seed)
    for _ in range(3000):
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
        assert (state.to_notation(), state.zobrist) == before
        assert state.apply_index(i) == nxt
        state = nxt
    else:
        pytest.fail("the game did not end")
    assert len(state.returns()) >= 2
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state
    with pytest.raises((AttributeError, TypeError)):
        state.to_move = 3  # type: ignore[misc]
