"""Contract-bridge card play: trick helpers, builders, replay validation, PBN/LIN records.

Rules and formats: ``shared/specs/bridge/BRIDGE.md`` and ``PBN_LIN.md``. Cards are suit then
rank (``"SA"``, ``"HT"``, ``"D2"``), seats ``"N" "E" "S" "W"``, suits ``"S" "H" "D" "C"``; a
trump of None means no-trump.

* The source engine's helpers (:mod:`parlour.bridge.api`): ``determine_trick_winner``,
  ``validate_card_follows_rules``, ``get_legal_cards``, ``build_tricks``,
  ``build_tricks_from_deal``, ``extract_lead_from_tricks``, ``has_played_suit``.
* Builders with compact notation ``"W / D7 DA DK DT"``: ``TrickBuilder``, ``PlayBuilder``.
* ``BridgeEngine(...).play.validate_tricks(moves, first, cards, trump)``: replay validation in
  Rust collecting every ``CARD_NOT_OWNED``, ``REVOKE`` and ``INVALID_CARD_RANK``.
* :mod:`parlour.bridge.pbn` (``read``, ``read_file``, ``write``) and :mod:`parlour.bridge.lin`
  (``read``, ``read_file``) give :class:`Board` records; :func:`check_board` replays one.
* :class:`BridgePlayState`: the play phase as a parlour game (registry id ``bridge-play``), the
  Rust class ``parlour._core.bridge.BridgePlayState``; its position text is read and written in
  :mod:`parlour.bridge.notation` over :class:`Parts`.
* :mod:`parlour.bridge.dd`: a double-dummy solver for endgame positions.
* ``BridgePlayState.view(seat)``, ``observation(seat)``, ``resample(seat, seed)``: what each
  seat sees (:class:`View`, :data:`OBSERVATION_SHAPE`; dummy face up after the opening lead).
"""

from __future__ import annotations

from parlour._core.bridge import BridgePlayState
from parlour.bridge import dd, lin, notation, pbn
from parlour.bridge.api import (
    BridgeEngine,
    Play,
    PlayBuilder,
    PlayEngine,
    PlayEntry,
    PlayError,
    PlayMove,
    Trick,
    TrickBuilder,
    ValidationResult,
    build_tricks,
    build_tricks_from_deal,
    deep_copy_hands,
    determine_trick_winner,
    extract_lead_from_tricks,
    get_legal_cards,
    has_played_suit,
    remove_card_from_hand,
    validate_card_follows_rules,
)
from parlour.bridge.notation import Parts
from parlour.bridge.records import (
    PROBLEM_CODES,
    Board,
    BridgeFormatError,
    Contract,
    Problem,
    check_board,
    parse_contract,
)
from parlour.bridge.views import OBSERVATION_SHAPE, View

__all__ = [
    "OBSERVATION_SHAPE",
    "PROBLEM_CODES",
    "Board",
    "BridgeEngine",
    "BridgeFormatError",
    "BridgePlayState",
    "Contract",
    "Parts",
    "Play",
    "PlayBuilder",
    "PlayEngine",
    "PlayEntry",
    "PlayError",
    "PlayMove",
    "Problem",
    "Trick",
    "TrickBuilder",
    "ValidationResult",
    "View",
    "build_tricks",
    "build_tricks_from_deal",
    "check_board",
    "dd",
    "deep_copy_hands",
    "determine_trick_winner",
    "extract_lead_from_tricks",
    "get_legal_cards",
    "has_played_suit",
    "lin",
    "notation",
    "parse_contract",
    "pbn",
    "remove_card_from_hand",
    "validate_card_follows_rules",
]
