"""Dal Mara: the Nepali trick-taking game about capturing the four tens (4 and 2 players).

A drop-in for dal-mara-engine 0.2.0's pure-function API, in snake_case, on parlour's Rust core.
Rules: ``shared/specs/dalmara/RULES.md`` (``rules="dal-mara-engine"``) and ``RULEBOOK.md``
(``rules="rulebook"``, the default). Notation: Dal Mara Notation (DMN), eight sections joined by
``" | "`` (``game | ghoptes | hands | stacks | move_number | trick | move_detail | next``); see
:mod:`parlour.dalmara.notation`. :class:`GameState` is the Rust class
``parlour._core.dalmara.GameState``, one frozen class with the whole protocol; the engine's
functions (:mod:`parlour.dalmara.api`) take a DMN string or a ``GameState`` and return an
``ActionResult``; nothing is mutated.

>>> from parlour.dalmara import create_game, deal_four_player, create_deck, get_legal_moves
>>> g = create_game("4p", 0, [{"seat": i} for i in range(4)]).unwrap()
>>> s = deal_four_player(g, create_deck(), 0).unwrap()
>>> s.next_move_seat, [m.card for m in get_legal_moves(s, 1)][:3]
(1, ['2s', '3s', '4s'])
"""

from __future__ import annotations

from parlour._core.dalmara import GameState
from parlour.dalmara import api
from parlour.dalmara.api import *  # noqa: F403 (the engine's API, listed in api.__all__)
from parlour.dalmara.notation import (
    RULE_SETS,
    Ghopte,
    MoveDetail,
    Parts,
    PlayedCard,
    Player,
    PlayerStack,
    Rules,
    Trick,
)
from parlour.dalmara.views import (
    OBSERVATION_SHAPE,
    GhopteView,
    LastMove,
    StackView,
    TrickCard,
    View,
)

__all__ = [
    "OBSERVATION_SHAPE",
    "RULE_SETS",
    "GameState",
    "Ghopte",
    "GhopteView",
    "LastMove",
    "MoveDetail",
    "Parts",
    "PlayedCard",
    "Player",
    "PlayerStack",
    "Rules",
    "StackView",
    "Trick",
    "TrickCard",
    "View",
    *api.__all__,
]
