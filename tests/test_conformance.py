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

import numpy as np
import pytest

import parlour.dalmara as dm
from _util import check_notation_round_trip
from parlour import durak, gyla, whist
from parlour.bridge import BridgePlayState
from parlour.cards import deck, parse_card, shuffle
from parlour.mexican_train import action_index, start_train


def dalmara_4p(seed: int) -> Any:
    game = dm.create_game("4p", seed % 4, [{"seat": i} for i in range(4)]).unwrap()
    return dm.deal_four_player(game, dm.shuffle_deck(dm.create_deck(), seed), seed % 4).unwrap()


def bridge_play(seed: int) -> Any:
    cards = shuffle(deck(52), seed)
    hands = [" ".join(c.format("bridge") for c in cards[k::4]) for k in range(4)]
    pbn = "N:" + " ".join(
        ".".join("".join(c[1] for c in h.split() if c[0] == suit) for suit in "SHDC") for h in hands
    )
    return BridgePlayState(pbn, ["1S", "3NT", "4H", "6C"][seed % 4], "NESW"[seed % 4])


def mexican_train(seed: int) -> Any:
    # Alternate two- and three-seat tables and the rule options, so both doubles rules and both
    # Mexican-train rules are driven through the protocol.
    options = [{"length": "short"}, {"length": "short", "doubles": "chain", "mexican": "ownFirst"}]
    return start_train(9, ["Ann", "Ben", "Cy"][: 2 + seed % 2], seed, options[seed % 2])


def gyla_state(seed: int) -> Any:
    # Player and team names are not part of Gyla's notation (it parses to default names), so
    # start from the notation's own form of the dealt position.
    state = gyla.new_game(["a", "b", "c", "d"], ["x", "y"], [False] * 4, seed=seed).apply("start")
    return gyla.GylaState.from_notation(state.to_notation())


FACTORIES: dict[str, Callable[[int], Any]] = {
    "whist": lambda seed: whist.State.new(seed=seed),
    "dalmara-4p": dalmara_4p,
    "dalmara-2p": lambda seed: dm.GameState.random(seed, "2p"),
    "gyla": gyla_state,
    "durak": lambda seed: durak.new_game(bytes([seed]) * 32),
    "mexican-train": mexican_train,
    "bridge-play": bridge_play,
}


def _card_action(card: Any) -> int:
    """Action ``suit * 13 + rank`` of a card (bit index ``suit * 16 + rank``)."""
    return int((card.index >> 4) * 13 + (card.index & 15))


# Each game's fixed-action index of a legal move, as its own public API gives it.
ACTIONS: dict[str, Callable[[Any], int]] = {
    "whist": _card_action,
    "dalmara-4p": lambda m: int(m.index),
    "dalmara-2p": lambda m: int(m.index),
    "gyla": lambda m: gyla.ACTION_SPACE.index(m),
    "durak": lambda m: int(m.action),
    "mexican-train": action_index,
    "bridge-play": lambda m: _card_action(parse_card(m, "bridge")),
}

MAX_STEPS = 3000


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_random_playouts_keep_the_protocol(name: str) -> None:
    rng = random.Random(1234)
    for seed in range(6):
        state = FACTORIES[name](seed)
        for _ in range(MAX_STEPS):
            moves, text = check_notation_round_trip(state)
            if state.is_terminal:
                break
            mask = state.legal_mask()
            assert mask.dtype == np.bool_
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(ACTIONS[name](m) for m in moves)
            mask[:] = True  # a new, writable array each time
            assert int(state.legal_mask().sum()) == len(moves)
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
