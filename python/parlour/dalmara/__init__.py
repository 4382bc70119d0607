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
from parlour.dalmara.api import (
    ACTION_TYPES,
    ENGINE_ERROR_CODES,
    RANK_VALUE,
    RANKS,
    SUIT_ABBREVIATION,
    SUITS,
    ActionResult,
    EngineError,
    LegalMove,
    Move,
    ParsedCard,
    ScoreState,
    Winner2P,
    Winner4P,
    compare_card_ranks,
    count_tens_in_cards,
    create_card,
    create_deck,
    create_game,
    create_initial_score_state,
    deal_four_player,
    deal_two_player_hands,
    deal_two_player_stacks,
    declare_turup,
    deserialize_state,
    dispatch,
    evaluate_game_winner_2p,
    evaluate_game_winner_4p,
    get_card_rank,
    get_card_suit,
    get_current_player,
    get_legal_moves,
    get_remaining_cards_2p,
    is_finished,
    parse_card,
    parse_dmn,
    pickup_turup_card,
    play_card,
    serialize_dmn,
    serialize_state,
    shuffle_deck,
    update_score_on_trick_won,
)
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
    "ACTION_TYPES",
    "ENGINE_ERROR_CODES",
    "OBSERVATION_SHAPE",
    "RANKS",
    "RANK_VALUE",
    "RULE_SETS",
    "SUITS",
    "SUIT_ABBREVIATION",
    "ActionResult",
    "EngineError",
    "GameState",
    "Ghopte",
    "GhopteView",
    "LastMove",
    "LegalMove",
    "Move",
    "MoveDetail",
    "ParsedCard",
    "Parts",
    "PlayedCard",
    "Player",
    "PlayerStack",
    "Rules",
    "ScoreState",
    "StackView",
    "Trick",
    "TrickCard",
    "View",
    "Winner2P",
    "Winner4P",
    "compare_card_ranks",
    "count_tens_in_cards",
    "create_card",
    "create_deck",
    "create_game",
    "create_initial_score_state",
    "deal_four_player",
    "deal_two_player_hands",
    "deal_two_player_stacks",
    "declare_turup",
    "deserialize_state",
    "dispatch",
    "evaluate_game_winner_2p",
    "evaluate_game_winner_4p",
    "get_card_rank",
    "get_card_suit",
    "get_current_player",
    "get_legal_moves",
    "get_remaining_cards_2p",
    "is_finished",
    "parse_card",
    "parse_dmn",
    "pickup_turup_card",
    "play_card",
    "serialize_dmn",
    "serialize_state",
    "shuffle_deck",
    "update_score_on_trick_won",
]
