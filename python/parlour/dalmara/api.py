"""The engine-mirror API: dal-mara-engine 0.2.0's exported functions in snake_case.

Plain functions over :class:`~parlour.dalmara.GameState`. Every action takes a DMN string or a
``GameState`` and returns an :class:`ActionResult`; nothing is mutated. ``rules`` picks the rule
set (for a state, None keeps the state's own). The cards, scoring and winner functions and the
engine's constants are here too.
"""

from __future__ import annotations

import json
import operator
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, final

from parlour import _core
from parlour._core.dalmara import GameState
from parlour._js import js_display
from parlour.dalmara.notation import (
    CARD_INDEX,
    CARD_NAMES,
    RULE_SETS,
    Player,
    Rules,
    read_document,
    write_document,
)
from parlour.errors import ConfigError, IllegalMoveError, NotationError, ParlourError

__all__ = [
    "ACTION_TYPES",
    "ENGINE_ERROR_CODES",
    "RANKS",
    "RANK_VALUE",
    "SUITS",
    "SUIT_ABBREVIATION",
    "ActionResult",
    "EngineError",
    "LegalMove",
    "Move",
    "ParsedCard",
    "ScoreState",
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

ACTION_TYPES: Final[Mapping[str, str]] = {
    "DEAL_FOUR_PLAYER": "DEAL_FOUR_PLAYER",
    "DEAL_TWO_PLAYER_HANDS": "DEAL_TWO_PLAYER_HANDS",
    "DEAL_TWO_PLAYER_STACKS": "DEAL_TWO_PLAYER_STACKS",
    "DECLARE_TURUP": "DECLARE_TURUP",
    "PICKUP_TURUP_CARD": "PICKUP_TURUP_CARD",
    "PLAY_CARD": "PLAY_CARD",
    "PLAY_GHOPTE": "PLAY_GHOPTE",
}
"""The engine's action type names."""

_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
_CONFIG_CODES: Final = frozenset(
    {
        "INVALID_DECK",
        "INVALID_MODE",
        "INVALID_PLAYERS",
        "INVALID_PLAYER_COUNT",
        "INVALID_CONFIGURATION",
        "INVALID_DEALER",
        "INVALID_RULES",
    }
)
_NOTATION_CODES: Final = frozenset({"INVALID_DMN", "INVALID_SERIALIZATION"})
_I64: Final = 1 << 63


_KINDS: Final = ("play", "pickup", "declare")


@final
@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """A move of the uniform protocol: ``play``, ``pickup`` (2p) or ``declare`` (2p).

    ``play`` a card, ``pickup`` a face-up Turup card from one's own stack, or ``declare`` the
    Turup suit.

    Attributes:
        kind: ``"play"``, ``"pickup"`` or ``"declare"``.
        value: The card of a play or pickup (``"10s"``), or the suit name of a declaration.

    Raises:
        ConfigError: ``INVALID_MOVE`` for an unknown kind, ``INVALID_CARD`` or
            ``INVALID_SUIT`` for a value that is none.
        TypeError: For a kind or value that is not a string.
    """

    kind: str
    value: str

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not isinstance(self.value, str):
            raise TypeError("Move takes a kind and a value, both strings")
        if self.kind not in _KINDS:
            raise ConfigError(
                "INVALID_MOVE",
                f"move kind must be play, pickup or declare, not {self.kind!r}",
            )
        if self.kind == "declare" and self.value not in _SUIT_NAMES:
            raise ConfigError("INVALID_SUIT", f"not a suit name: {self.value!r}")
        if self.kind != "declare" and self.value not in CARD_INDEX:
            raise ConfigError("INVALID_CARD", f"not a card: {self.value!r}")

    @property
    def index(self) -> int:
        """Index in the fixed action space (plays 0-51, pickups 52-103, declarations 104-107)."""
        if self.kind == "declare":
            return 104 + _SUIT_NAMES.index(self.value)
        c = CARD_INDEX[self.value]
        return (52 if self.kind == "pickup" else 0) + c // 16 * 13 + c % 16

    def __repr__(self) -> str:
        return f"Move({self.kind!r}, {self.value!r})"

    def __str__(self) -> str:
        return self.value if self.kind == "play" else f"{self.kind} {self.value}"


@final
@dataclass(frozen=True, slots=True)
class LegalMove:
    """A legal play (``getLegalMoves``): the card and, for a face-up stack card (2p), its stack.

    Attributes:
        card: The card (``"10s"``).
        stack_position: The stack number (0-3) of a face-up stack card, else None.

    Raises:
        ConfigError: ``INVALID_CARD`` for a card that is none, ``INVALID_STACK`` for a stack
            outside 0-3.
    """

    card: str
    stack_position: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.card, str):
            raise TypeError(f"a card is a string, not {type(self.card).__name__}")
        if self.card not in CARD_INDEX:
            raise ConfigError("INVALID_CARD", f"not a card: {self.card!r}")
        # one interned string per card
        object.__setattr__(self, "card", CARD_NAMES[CARD_INDEX[self.card]])
        k = self.stack_position
        if k is not None and type(k) is not int:
            try:
                k = -1 if isinstance(k, bool) else operator.index(k)
            except TypeError:
                k = -1
            object.__setattr__(self, "stack_position", k)
        if k is not None and not 0 <= k < 4:
            raise ConfigError("INVALID_STACK", "stack_position must be 0 to 3 or None")

    def to_dict(self) -> dict[str, Any]:
        """The engine's object: ``{"card": ..., "stackPosition": ...}``.

        ``stackPosition`` only for a stack card.

        Returns:
            A new dict.
        """
        if self.stack_position is None:
            return {"card": self.card}
        return {"card": self.card, "stackPosition": self.stack_position}

    def __str__(self) -> str:
        return self.card if self.stack_position is None else f"{self.card}@{self.stack_position}"


@dataclass(frozen=True, slots=True)
class EngineError:
    """An error of an action, as the engine reports it.

    Attributes:
        code: The stable error code (``"MUST_FOLLOW_SUIT"``).
        message: The message.
        details: Extra details (``createGame`` player-count errors), or None.
    """

    code: str
    message: str
    details: Mapping[str, Any] | None = None

    def exception(self) -> ParlourError:
        """The matching ``ParlourError``.

        Returns:
            ``NotationError`` for ``INVALID_DMN``/``INVALID_SERIALIZATION``, ``ConfigError`` for
            creation and deck errors, ``IllegalMoveError`` otherwise.
        """
        if self.code in _NOTATION_CODES:
            return NotationError(self.code, self.message)
        if self.code in _CONFIG_CODES:
            return ConfigError(self.code, self.message)
        return IllegalMoveError(self.code, self.message)

    def to_dict(self) -> dict[str, Any]:
        """The engine's error object ``{code, message[, details]}``.

        Returns:
            A new dict.
        """
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.details is not None:
            out["details"] = dict(self.details)
        return out


@final
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ActionResult:
    """The result of an action: ``success`` with ``dmn`` and ``state``, or ``error``.

    ``unwrap()`` returns the state or raises the matching ``ParlourError``.

    Attributes:
        state: The new state on success, else None.
        error: The error (an :class:`EngineError`) on failure, else None.
    """

    state: GameState | None
    error: EngineError | None = None

    @property
    def success(self) -> bool:
        """True when the action succeeded."""
        return self.error is None

    @property
    def dmn(self) -> str | None:
        """The DMN of the new state (None on failure)."""
        st = self.state
        if st is None:
            return None
        text = st.to_notation()
        _keep((text, st.rules), st._as_parsed())
        return text

    def unwrap(self) -> GameState:
        """The new state.

        Returns:
            The state.

        Raises:
            ParlourError: The matching error class with the error's code and message.
            ValueError: For a result that holds neither a state nor an error.
        """
        if self.state is not None:
            return self.state
        if self.error is not None:
            raise self.error.exception()
        raise ValueError("an ActionResult holds no state")

    def to_dict(self) -> dict[str, Any]:
        """The engine's result object (the state as its DMN).

        Returns:
            ``{"success": True, "dmn": ...}`` or ``{"success": False, "error": {...}}``.
        """
        if self.error is not None:
            return {"success": False, "error": self.error.to_dict()}
        return {"success": True, "dmn": self.dmn}

    def __getitem__(self, key: str) -> Any:
        """The engine's fields by name: ``success``, ``dmn``, ``state``, ``error``.

        Raises:
            KeyError: For any other key.
        """
        if key in ("success", "dmn", "state", "error"):
            return getattr(self, key)
        raise KeyError(key)

    def __repr__(self) -> str:
        if self.error is not None:
            return f"ActionResult(success=False, error={self.error!r})"
        return f"ActionResult(success=True, dmn={self.dmn!r})"


def _failure(e: ParlourError, details: Mapping[str, Any] | None = None) -> ActionResult:
    return ActionResult(None, EngineError(e.code, e.message, details))


def _check_rules(rules: object) -> None:
    if rules is not None and rules not in RULE_SETS:
        raise ConfigError(
            "INVALID_RULES", f'rules must be "rulebook" or "dal-mara-engine", not {rules!r}'
        )


_PARSED: dict[tuple[str, str], GameState] = {}
"""Positions by ``(DMN, rules)``, as parsing the DMN gives them: each string parsed, and each
DMN an ``ActionResult`` wrote (so that the next call given that string does not parse it).
Positions are immutable; the dict is bounded (cleared when full)."""
_PARSED_MAX: Final = 4096


def _keep(key: tuple[str, str], state: GameState) -> None:
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[key] = state


def _parse(text: str, rules: Rules) -> GameState:
    """The position of a DMN string under ``rules`` (kept in ``_PARSED``)."""
    st = _PARSED.get((text, rules))
    if st is None:
        _check_rules(rules)
        st = GameState.from_notation(text, rules)
        _keep((text, rules), st)
    return st


def _state(x: GameState | str, rules: Rules | None) -> GameState:
    """The position ``x`` (DMN or state) under ``rules``; raises ``NotationError``."""
    if isinstance(x, GameState):
        if rules is None or rules == x.rules:
            return x
        return x.with_rules(rules)
    if isinstance(x, str):
        try:
            return _parse(x, "rulebook" if rules is None else rules)
        except TypeError:  # an unhashable rules value
            _check_rules(rules)
            raise
    raise NotationError(
        "INVALID_DMN", f"expected a DMN string or a GameState, got {type(x).__name__}"
    )


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()

_UNDEFINED: Final = "undefined"
"""What the engine shows for a seat, card or suit it reads as ``undefined`` (left out)."""


def _text(s: str) -> str:
    """``s``, its lone surrogates (which no Rust string holds) shown as U+FFFD."""
    try:
        s.encode()
    except UnicodeEncodeError:
        return s.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return s


def _seat(v: Any) -> int | str:
    """A seat as the core takes it: an integer seat, else the JavaScript text of the value."""
    if isinstance(v, int) and not isinstance(v, bool) and -_I64 <= v < _I64:
        return v
    return _text(js_display(v))


def _shown_as(v: Any, names: Mapping[str, Any]) -> tuple[str, bool]:
    """A card or suit argument as the core takes it, with whether it is text as given.

    ``(text, True)`` for a string, or a value whose ``str()`` is one of ``names``; else
    ``(its JavaScript text, False)``, a value that is none.
    """
    if isinstance(v, str):
        return _text(v), True
    try:
        t = str(v)
    except Exception:
        t = ""
    if t in names:
        return t, True
    return _text(js_display(v)), False


_SUITS_BY_NAME: Final = {s: i for i, s in enumerate(_SUIT_NAMES)}


def _card(v: Any) -> tuple[str, bool]:
    return _shown_as(v, CARD_INDEX)


def _suit(v: Any) -> tuple[str, bool]:
    return _shown_as(v, _SUITS_BY_NAME)


def _deck(d: Any) -> list[str | None] | None:
    """A deck argument as the core takes it: None, or its items (None for a non-string)."""
    if d is None:
        return None
    if isinstance(d, str):
        return []
    try:
        items = list(d)
    except TypeError:
        return []
    return [_text(x) if isinstance(x, str) else None for x in items]


def _undefined(v: Any) -> Any:
    """A positional argument: None (or left out) is the engine's ``undefined``."""
    return _UNDEFINED if v is None or v is _MISSING else v


def _key(payload: Mapping[str, Any], key: str) -> Any:
    """``payload[key]`` as the engine reads it (absent: ``undefined``; None: JSON ``null``)."""
    return payload.get(key, _UNDEFINED)


# ------------------------------------------------------------------------ creation
def create_game(
    mode: Any = _MISSING,
    dealer_seat: Any = _MISSING,
    players: Any = _MISSING,
    *,
    rules: Rules = "rulebook",
) -> ActionResult:
    """``createGame``: a new undealt game, validated in the engine's order.

    Also accepts the engine's options object: ``create_game({"mode": "4p", "dealerSeat": 0,
    "players": [{"seat": 0}, ...]})``.

    Args:
        mode: ``"4p"`` or ``"2p"``.
        dealer_seat: The dealer's seat.
        players: A list of ``{"seat": int, "team"?: str}`` dicts (or ``Player`` values).
        rules: The rule set of the new game.

    Returns:
        The result (``INVALID_MODE``, ``INVALID_PLAYERS``, ``INVALID_PLAYER_COUNT``,
        ``INVALID_CONFIGURATION`` or ``INVALID_DEALER`` on failure).

    Raises:
        ConfigError: ``INVALID_RULES`` for an unknown rule set.

    >>> create_game("4p", 3, [{"seat": i} for i in range(4)]).dmn
    '4p,3,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 3'
    """
    _check_rules(rules)
    if isinstance(mode, Mapping) and dealer_seat is _MISSING and players is _MISSING:
        opts = mode
        mode = opts.get("mode")
        dealer_seat = opts.get("dealerSeat", opts.get("dealer_seat"))
        players = opts.get("players")

    def err(code: str, message: str, details: Mapping[str, Any] | None = None) -> ActionResult:
        return ActionResult(None, EngineError(code, message, details))

    if mode not in ("4p", "2p"):
        return err("INVALID_MODE", "Game mode is required to create a game")
    if not isinstance(players, list | tuple):
        return err("INVALID_PLAYERS", "Players array is required to create a game")
    n = 4 if mode == "4p" else 2
    if len(players) != n:
        return err(
            "INVALID_PLAYER_COUNT",
            f"Game mode '{mode}' requires exactly {n} players, got {len(players)}",
            {"mode": mode, "expected": n, "received": len(players)},
        )

    def field(p: Any, name: str) -> Any:
        # _MISSING when the player has no such key: the engine's undefined (None is null)
        if isinstance(p, Player):
            return getattr(p, name)
        if isinstance(p, Mapping):
            return p.get(name, _MISSING)
        return _MISSING

    def shown(v: Any) -> str:
        return _UNDEFINED if v is _MISSING else js_display(v)

    seen: list[Any] = []
    for p in players:
        s = field(p, "seat")
        is_num = isinstance(s, int | float) and not isinstance(s, bool)
        if not is_num or s < 0 or s >= n:
            return err(
                "INVALID_CONFIGURATION",
                f"Player has invalid seat '{shown(s)}'. Seats must be between 0 and {n - 1}",
            )
        if s in seen:
            return err("INVALID_CONFIGURATION", f"Duplicate seat '{shown(s)}' found")
        seen.append(s)
    for i in range(n):
        if i not in seen:
            return err("INVALID_CONFIGURATION", f"Seat {i} is not occupied")
    if (
        not isinstance(dealer_seat, int | float)
        or isinstance(dealer_seat, bool)
        or dealer_seat not in seen
    ):
        return err(
            "INVALID_DEALER", f"dealerSeat must be a valid occupied player seat (0 to {n - 1})"
        )
    by_seat = {int(field(p, "seat")): p for p in players}
    teams: list[Any] = []
    for i in range(n):
        t = field(by_seat[i], "team")
        if t is None or t is _MISSING:
            t = ("02" if i % 2 == 0 else "13") if n == 4 else str(i)
        teams.append(t)
    if n == 4:
        if teams[0] != teams[2]:
            return err(
                "INVALID_CONFIGURATION",
                f"Players at seats 0 and 2 must belong to the same team "
                f"(got '{js_display(teams[0])}' vs '{js_display(teams[2])}')",
            )
        if teams[1] != teams[3]:
            return err(
                "INVALID_CONFIGURATION",
                f"Players at seats 1 and 3 must belong to the same team "
                f"(got '{js_display(teams[1])}' vs '{js_display(teams[3])}')",
            )
        if teams[0] == teams[1] or teams[2] == teams[3]:
            return err("INVALID_CONFIGURATION", "Opposing teams cannot have the same team")
    roster = tuple(Player(i, teams[i]) for i in range(n))
    return ActionResult(GameState._create(n == 4, int(dealer_seat), rules, roster))


# ------------------------------------------------------------------------ actions
def _run(x: GameState | str, rules: Rules | None, op: str, *args: Any) -> ActionResult:
    """The result of the state method ``op`` on the position ``x`` (errors as results)."""
    try:
        st = _state(x, rules)
        return ActionResult(getattr(st, op)(*args))
    except ParlourError as e:
        return _failure(e)


def deal_four_player(
    x: GameState | str,
    deck: Any = _MISSING,
    seat: Any = _MISSING,
    *,
    rules: Rules | None = None,
    ghopte_order: str = "dealer-last",
) -> ActionResult:
    """``dealFourPlayer``: deal 13 cards each (5-4-4 from the dealer's right) and detect Ghoptes.

    Also accepts the engine's payload: ``deal_four_player(x, {"deck": [...], "seat": 0})``.

    Args:
        x: A DMN string or a state.
        deck: 52 distinct card strings, element 0 dealt first.
        seat: The dealer's seat.
        rules: The rule set (None: the state's, or ``"rulebook"`` for DMN).
        ghopte_order: ``"dealer-last"`` (the engine's scan) or ``"dealer-first"``.

    Returns:
        The result.

    Raises:
        ConfigError: For an unknown ``rules`` or ``ghopte_order``.
    """
    _check_rules(rules)
    if ghopte_order not in ("dealer-last", "dealer-first"):
        raise ConfigError(
            "INVALID_OPTION",
            f'ghopte_order must be "dealer-last" or "dealer-first", not {ghopte_order!r}',
        )
    if isinstance(deck, Mapping) and seat is _MISSING:
        s, d = _key(deck, "seat"), deck.get("deck")
    else:
        s, d = _undefined(seat), None if deck is _MISSING else deck
    first = ghopte_order == "dealer-first"
    return _run(x, rules, "_act", "DEAL_FOUR_PLAYER", _seat(s), _deck(d), True, first)


def deal_two_player_hands(
    x: GameState | str, deck: Any = _MISSING, seat: Any = _MISSING, *, rules: Rules | None = None
) -> ActionResult:
    """``dealTwoPlayerHands``: 6 cards to the non-dealer (``deck[0:6]``), 6 to the dealer.

    Args:
        x: A DMN string or a state.
        deck: 52 distinct card strings (or the engine's payload dict).
        seat: The dealer's seat.
        rules: The rule set.

    Returns:
        The result.

    Raises:
        ConfigError: For an unknown ``rules``.
    """
    _check_rules(rules)
    if isinstance(deck, Mapping) and seat is _MISSING:
        s, d = _key(deck, "seat"), deck.get("deck")
    else:
        s, d = _undefined(seat), None if deck is _MISSING else deck
    return _run(x, rules, "_act", "DEAL_TWO_PLAYER_HANDS", _seat(s), _deck(d))


def declare_turup(
    x: GameState | str, seat: Any = _MISSING, suit: Any = _MISSING, *, rules: Rules | None = None
) -> ActionResult:
    """``declareTurup`` (2p): the non-dealer names the Turup suit (``"hearts"``, …).

    Args:
        x: A DMN string or a state.
        seat: The declaring seat (or the engine's payload dict).
        suit: The suit's long name.
        rules: The rule set.

    Returns:
        The result (``INVALID_TURUP_DECLARATION`` also for an unknown suit).

    Raises:
        ConfigError: For an unknown ``rules``.
    """
    _check_rules(rules)
    if isinstance(seat, Mapping) and suit is _MISSING:
        s, t = _key(seat, "seat"), _key(seat, "suit")
    else:
        s, t = _undefined(seat), _undefined(suit)
    return _run(x, rules, "_act", "DECLARE_TURUP", _seat(s), *_suit(t))


def deal_two_player_stacks(
    x: GameState | str, seat: Any = _MISSING, deck: Any = _MISSING, *, rules: Rules | None = None
) -> ActionResult:
    """``dealTwoPlayerStacks`` (2p): 40 cards into four stacks of five per seat.

    Args:
        x: A DMN string or a state.
        seat: The dealer's seat (or the engine's payload dict).
        deck: None (the unshuffled remaining cards), the 40 remaining cards, or the full deck.
        rules: The rule set.

    Returns:
        The result.

    Raises:
        ConfigError: For an unknown ``rules``.
    """
    _check_rules(rules)
    if isinstance(seat, Mapping) and deck is _MISSING:
        s, d = _key(seat, "seat"), seat.get("deck")
    else:
        s, d = _undefined(seat), None if deck is _MISSING else deck
    if d is not None and not isinstance(d, list | tuple) and not d:
        d = None
    return _run(x, rules, "_act", "DEAL_TWO_PLAYER_STACKS", _seat(s), _deck(d))


def pickup_turup_card(
    x: GameState | str, seat: Any = _MISSING, card: Any = _MISSING, *, rules: Rules | None = None
) -> ActionResult:
    """``pickupTurupCard`` (2p): take a face-up Turup card from one's own stack into the hand.

    Args:
        x: A DMN string or a state.
        seat: The owner's seat (or the engine's payload dict).
        card: The face-up card.
        rules: The rule set.

    Returns:
        The result.

    Raises:
        ConfigError: For an unknown ``rules``.
    """
    _check_rules(rules)
    if isinstance(seat, Mapping) and card is _MISSING:
        s, c = _key(seat, "seat"), _key(seat, "card")
    else:
        s, c = _undefined(seat), _undefined(card)
    return _run(x, rules, "_act", "PICKUP_TURUP_CARD", _seat(s), *_card(c))


def play_card(
    x: GameState | str, seat: Any = None, card: Any = None, *, rules: Rules | None = None
) -> ActionResult:
    """``playCard``: play a card (a Ghopte submission while a Ghopte is unresolved).

    A seat or card left out is None, the engine's ``undefined``.

    Args:
        x: A DMN string or a state.
        seat: The seat playing (or, with no ``card``, the engine's payload dict
            ``{"seat", "card"}``).
        card: The card (2p: from hand or a face-up top of one's own stacks).
        rules: The rule set.

    Returns:
        The result.

    Raises:
        ConfigError: For an unknown ``rules``.
    """
    if isinstance(seat, Mapping) and card is None:
        # The engine's payload object.
        _check_rules(rules)
        s, c = _seat(_key(seat, "seat")), _card(_key(seat, "card"))
        return _run(x, rules, "_act", "playCard", s, *c)
    if rules is None and isinstance(x, GameState):
        st = x
    else:
        _check_rules(rules)
        try:
            st = _state(x, rules)
        except ParlourError as e:
            return _failure(e)
    s = seat if type(seat) is int and -_I64 <= seat < _I64 else _seat(_undefined(seat))
    try:
        if type(card) is str:
            try:
                return ActionResult(st._act("playCard", s, card))
            except UnicodeEncodeError:
                pass
        return ActionResult(st._act("playCard", s, *_card(_UNDEFINED if card is None else card)))
    except ParlourError as e:
        return _failure(e)


_DEALS: Final = ("DEAL_FOUR_PLAYER", "DEAL_TWO_PLAYER_HANDS", "DEAL_TWO_PLAYER_STACKS")


def dispatch(
    x: GameState | str, action: Mapping[str, Any] | str, *, rules: Rules | None = None
) -> ActionResult:
    """``dispatch``: apply the engine's JSON action object ``{"type": ..., "payload": {...}}``.

    Never raises for game input: malformed DMN is an ``INVALID_DMN`` error result, an unknown
    type or malformed action ``INVALID_ACTION``.

    Args:
        x: A DMN string or a state.
        action: The action as a dict or a JSON string.
        rules: The rule set.

    Returns:
        The result.

    Raises:
        ConfigError: For an unknown ``rules``.

    >>> r = dispatch("4p,3,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 3",
    ...              {"type": "PLAY_CARD", "payload": {"seat": 3, "card": "As"}})
    >>> r.success, r.error.code
    (False, 'INVALID_ACTION')
    """
    _check_rules(rules)
    try:
        st = _state(x, rules)
    except ParlourError as e:
        return _failure(e)
    if isinstance(action, str | bytes):
        try:
            action = json.loads(action)
        except ValueError:
            return ActionResult(None, EngineError("INVALID_ACTION", "Action is not valid JSON"))
    if not isinstance(action, Mapping):
        return ActionResult(None, EngineError("INVALID_ACTION", "Unknown action type"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        return ActionResult(None, EngineError("INVALID_ACTION", "Unknown action type"))
    payload = action.get("payload")
    if not isinstance(payload, Mapping):
        payload = {}
    seat = _seat(_key(payload, "seat"))
    if kind in _DEALS:
        d = payload.get("deck")
        if kind == _DEALS[2] and d is not None and not isinstance(d, list | tuple) and not d:
            d = None
        return _run(st, None, "_act", kind, seat, _deck(d))
    if kind == "DECLARE_TURUP":
        return _run(st, None, "_act", kind, seat, *_suit(_key(payload, "suit")))
    return _run(st, None, "_act", kind, seat, *_card(_key(payload, "card")))


# ------------------------------------------------------------------------ queries
def get_current_player(x: GameState | str, *, rules: Rules | None = None) -> Player | None:
    """``getCurrentPlayer``: the player whose seat is ``nextMoveSeat``.

    Args:
        x: A DMN string or a state.
        rules: The rule set.

    Returns:
        The player.

    Raises:
        NotationError: ``INVALID_DMN`` for malformed DMN.
    """
    if isinstance(x, GameState) and rules is None:
        return x.players[x.next_move_seat]
    st = _state(x, rules)
    seat = st.next_move_seat
    for p in st.players:
        if p.seat == seat:
            return p
    return None


def get_legal_moves(
    x: GameState | str, seat: int, *, rules: Rules | None = None
) -> list[LegalMove]:
    """``getLegalMoves``: the legal plays of ``seat`` in the engine's order.

    Args:
        x: A DMN string or a state.
        seat: The seat.
        rules: The rule set.

    Returns:
        ``LegalMove(card, stack_position)`` values (empty when ``seat`` is not on turn).

    Raises:
        NotationError: ``INVALID_DMN`` for malformed DMN.
    """
    st = x if isinstance(x, GameState) and rules is None else _state(x, rules)
    return st._legal(seat if type(seat) is int and -_I64 <= seat < _I64 else _seat(seat))


def is_finished(x: GameState | str, *, rules: Rules | None = None) -> bool:
    """``isFinished``: a card has been played and every hand (and 2p stack) is empty.

    Args:
        x: A DMN string or a state.
        rules: The rule set.

    Returns:
        True when the game is over.

    Raises:
        NotationError: ``INVALID_DMN`` for malformed DMN.
    """
    if isinstance(x, GameState):
        return x.is_terminal
    return _state(x, rules).is_terminal


def get_remaining_cards_2p(
    x: GameState | str, original_deck: Sequence[str] | None = None, *, rules: Rules | None = None
) -> list[str]:
    """``getRemainingCards2P``: the deck without both hands' cards, in order.

    The deck is ``original_deck`` when it has 52 cards, else the unshuffled ``create_deck()``.

    Args:
        x: A DMN string or a state.
        original_deck: The full deck.
        rules: The rule set.

    Returns:
        The remaining card strings.

    Raises:
        NotationError: ``INVALID_DMN`` for malformed DMN.
    """
    st = _state(x, rules)
    hands = st.hands
    held = {c for seat in (0, 1) for c in hands.get(seat, ())}
    if original_deck is not None and len(original_deck) == 52:
        return [c for c in original_deck if c not in held]
    return st._remaining()


# ------------------------------------------------------------------------ notation
def parse_dmn(text: str, *, rules: Rules = "rulebook") -> GameState:
    """``parseDMN``: a DMN string to a state.

    Args:
        text: The DMN string.
        rules: The rule set of the state (the fourth game field is kept only in rulebook).

    Returns:
        The state.

    Raises:
        NotationError: ``INVALID_DMN`` for malformed notation.
        ConfigError: ``INVALID_RULES`` for an unknown rule set.

    >>> parse_dmn("2p,1,- | - | / | -/-/-/-/-/-/-/- | 0 | 1,0,-,-,- | -,-,- | 1").mode
    '2p'
    """
    _check_rules(rules)
    if not isinstance(text, str):
        return GameState.from_notation(text, rules)
    return _parse(text, rules)


def serialize_dmn(state: GameState) -> str:
    """``serializeDMN``: a state to its DMN string.

    Args:
        state: The state.

    Returns:
        The DMN string.

    Raises:
        ConfigError: For a value that is not a ``GameState``.
    """
    if not isinstance(state, GameState):
        raise ConfigError("INVALID_STATE", f"expected a GameState, got {type(state).__name__}")
    return state.to_notation()


def serialize_state(state: GameState) -> str:
    """``serializeState``: the state as the engine's JSON document.

    Args:
        state: The state.

    Returns:
        ``{"version": "1.0", "engineVersion": "0.1.0", "state": {...}}`` as indented JSON
        (parlour adds ``rules`` and, in rulebook 4p, ``turupTrick``).

    Raises:
        ConfigError: For a value that is not a ``GameState``.
    """
    if not isinstance(state, GameState):
        raise ConfigError("INVALID_STATE", f"expected a GameState, got {type(state).__name__}")
    return write_document(state.parts())


def deserialize_state(text: str, *, rules: Rules | None = None) -> GameState:
    """``deserializeState``: the JSON document of ``serialize_state`` back to a state.

    Args:
        text: The JSON text.
        rules: The rule set (None: the document's ``rules``, else ``"rulebook"``).

    Returns:
        The state.

    Raises:
        NotationError: ``INVALID_SERIALIZATION`` for anything malformed.
    """
    parts = read_document(text, rules)
    try:
        return GameState.from_parts(parts)
    except ParlourError as e:
        raise NotationError("INVALID_SERIALIZATION", e.message) from e
    except (ValueError, TypeError, OverflowError) as e:
        raise NotationError("INVALID_SERIALIZATION", f"Invalid serialized state: {e}") from e


# ------------------------------------------------------------------------ cards and scoring
SUITS: Final = ("spades", "hearts", "diamonds", "clubs")
"""The suits, in ``create_deck`` order."""

RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The ranks, low to high."""

RANK_VALUE: Final[Mapping[str, int]] = {r: i + 2 for i, r in enumerate(RANKS)}
"""Rank to its value 2..14."""

SUIT_ABBREVIATION: Final[Mapping[str, str]] = {
    "spades": "s",
    "hearts": "h",
    "diamonds": "d",
    "clubs": "c",
}
"""Long suit name to its DMN letter."""

_ABBR_SUIT: Final = {v: k for k, v in SUIT_ABBREVIATION.items()}

ENGINE_ERROR_CODES: Final[Mapping[str, str]] = {
    c: c
    for c in (
        "INVALID_MODE",
        "INVALID_PLAYERS",
        "INVALID_PLAYER_COUNT",
        "INVALID_CONFIGURATION",
        "INVALID_DEALER",
        "INVALID_ACTION",
        "INVALID_DECK",
        "NOT_PLAYER_TURN",
        "CARD_NOT_OWNED",
        "MUST_FOLLOW_SUIT",
        "GAME_ALREADY_FINISHED",
        "INVALID_TURUP_DECLARATION",
        "INVALID_GHOPTE_SUBMISSION",
        "STACK_NOT_FOUND",
        "INVALID_DMN",
        "INVALID_SERIALIZATION",
        "INVALID_GAME_ID",
        "INVALID_PHASE",
        "GAME_FULL",
        "GAME_ALREADY_STARTED",
        "PLAYER_NOT_FOUND",
        "INVALID_CARD",
        "TURUP_PICKUP_REQUIRED",
    )
}
"""Every error code (the engine's, plus parlour's rulebook ``TURUP_PICKUP_REQUIRED``)."""


@dataclass(frozen=True, slots=True)
class ParsedCard:
    """A card split into suit and rank.

    Attributes:
        suit: Long suit name.
        rank: Rank string (``"10"``, ``"K"``).
    """

    suit: str
    rank: str


@dataclass(frozen=True, slots=True)
class ScoreState:
    """Tens and tricks taken by one seat.

    Attributes:
        tens: Tens captured.
        tricks: Tricks won.
    """

    tens: int = 0
    tricks: int = 0


def create_deck() -> list[str]:
    """``createDeck``: spades 2..A, hearts, diamonds, clubs.

    Returns:
        The 52 card strings.

    >>> create_deck()[:3], len(create_deck())
    (['2s', '3s', '4s'], 52)
    """
    return [r + SUIT_ABBREVIATION[s] for s in SUITS for r in RANKS]


def shuffle_deck(deck: Sequence[str], seed: int | None = None) -> list[str]:
    """``shuffleDeck``: a shuffled copy (Fisher-Yates).

    With a seed the shuffle is parlour's seeded one (xoshiro256**, ``parlour._core``), the same
    on every platform and release; without one it draws from the operating system.

    Args:
        deck: The cards.
        seed: Seed for a repeatable shuffle (None: fresh randomness).

    Returns:
        A new list.
    """
    out = list(deck)
    if seed is None:
        random.SystemRandom().shuffle(out)
        return out
    return [out[i] for i in _core.shuffled_indices(len(out), seed & 0xFFFFFFFFFFFFFFFF)]


def _shown(value: object) -> str:
    """A value as the engine's ``${value}`` shows it (None, a value left out, is ``undefined``)."""
    return "undefined" if value is None else js_display(value)


def parse_card(card: str) -> ParsedCard:
    """``parseCard``.

    Args:
        card: A card string (``"10s"``).

    Returns:
        Its suit and rank.

    Raises:
        IllegalMoveError: ``INVALID_ACTION`` "Invalid card: <c>" for anything else (the engine's
            code).
    """
    if not isinstance(card, str) or card not in CARD_INDEX:
        raise IllegalMoveError("INVALID_ACTION", f"Invalid card: {_shown(card)}")
    return ParsedCard(_ABBR_SUIT[card[-1]], card[:-1])


def create_card(suit: str, rank: str) -> str:
    """``createCard``.

    Args:
        suit: Long suit name.
        rank: Rank string.

    Returns:
        The card string.

    Raises:
        IllegalMoveError: ``INVALID_ACTION`` for an unknown suit or rank.
    """
    if suit not in SUIT_ABBREVIATION or rank not in RANK_VALUE:
        raise IllegalMoveError("INVALID_ACTION", f"Invalid card: {_shown(rank)}{_shown(suit)}")
    return rank + SUIT_ABBREVIATION[suit]


def get_card_suit(card: str) -> str:
    """``getCardSuit``.

    Args:
        card: A card string.

    Returns:
        Its long suit name.

    Raises:
        IllegalMoveError: For a malformed card.
    """
    return parse_card(card).suit


def get_card_rank(card: str) -> str:
    """``getCardRank``.

    Args:
        card: A card string.

    Returns:
        Its rank string.

    Raises:
        IllegalMoveError: For a malformed card.
    """
    return parse_card(card).rank


def compare_card_ranks(a: str, b: str) -> int:
    """``compareCardRanks``: rank value of ``a`` minus that of ``b``.

    Args:
        a: A card.
        b: A card.

    Returns:
        Positive when ``a`` ranks higher.

    Raises:
        IllegalMoveError: For a malformed card.
    """
    return RANK_VALUE[get_card_rank(a)] - RANK_VALUE[get_card_rank(b)]


def create_initial_score_state() -> ScoreState:
    """``createInitialScoreState``.

    Returns:
        Zero tens, zero tricks.
    """
    return ScoreState()


def _card_of(entry: Any) -> str:
    if isinstance(entry, str):
        return entry.split(":", 1)[-1]
    if isinstance(entry, Mapping):
        return str(entry.get("card"))
    card = getattr(entry, "card", None)
    return str(card)


def count_tens_in_cards(cards: Iterable[Any]) -> int:
    """``countTensInCards``.

    Args:
        cards: Card strings (``"seat:card"`` strings, played-card dicts and values also work).

    Returns:
        How many are tens.

    Raises:
        TypeError: When ``cards`` is not iterable.
    """
    return sum(1 for c in cards if _card_of(c).startswith("10"))


def update_score_on_trick_won(
    current_score: ScoreState | Mapping[str, int], trick: Any
) -> ScoreState:
    """``updateScoreOnTrickWon({currentScore, trick})``: add the trick's tens and one trick.

    Args:
        current_score: The winner's score so far.
        trick: The trick (an object with ``cards``, a dict with ``"cards"``, or a card list).

    Returns:
        The new score.

    Raises:
        ConfigError: For a score or trick of the wrong shape.
    """
    try:
        return _update(current_score, trick)
    except (KeyError, ValueError, AttributeError, IndexError, OverflowError) as e:
        raise _guard("score or trick", e) from e


def _update(current_score: ScoreState | Mapping[str, int], trick: Any) -> ScoreState:
    if isinstance(current_score, Mapping):
        current_score = ScoreState(
            int(current_score.get("tens", 0)), int(current_score.get("tricks", 0))
        )
    if isinstance(trick, Mapping):
        cards = trick.get("cards", [])
    else:
        cards = getattr(trick, "cards", trick)
    return ScoreState(current_score.tens + count_tens_in_cards(cards), current_score.tricks + 1)


def _score(scores: Mapping[Any, Any], seat: int) -> ScoreState:
    s = scores.get(seat, scores.get(str(seat)))
    if s is None:
        return ScoreState()
    if isinstance(s, Mapping):
        return ScoreState(int(s.get("tens", 0)), int(s.get("tricks", 0)))
    return ScoreState(int(s.tens), int(s.tricks))


def _players(players: Sequence[Any]) -> list[Player]:
    out = []
    for p in players:
        if isinstance(p, Player):
            out.append(p)
        elif isinstance(p, Mapping):
            out.append(Player(int(p["seat"]), p.get("team")))
        else:
            out.append(Player(int(p.seat), p.team))
    return out


@dataclass(frozen=True, slots=True)
class Winner4P:
    """The result of ``evaluate_game_winner_4p``.

    Attributes:
        winner_team: The winning team's name.
        reason: The engine's reason string.
    """

    winner_team: Any
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The engine's object ``{winnerTeam, reason}``.

        Returns:
            A new dict.
        """
        return {"winnerTeam": self.winner_team, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Winner2P:
    """The result of ``evaluate_game_winner_2p``.

    Attributes:
        winner_seat: The winning seat, or None for a draw.
        winner_position: Always equal to ``winner_seat``.
        reason: The engine's reason string.
    """

    winner_seat: int | None
    winner_position: int | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The engine's object ``{winnerSeat, winnerPosition, reason}``.

        Returns:
            A new dict.
        """
        return {
            "winnerSeat": self.winner_seat,
            "winnerPosition": self.winner_position,
            "reason": self.reason,
        }


def _guard(what: str, exc: Exception) -> ConfigError:
    return ConfigError(
        "INVALID_PLAYERS" if what == "players" else "INVALID_SCORE", f"invalid {what}: {exc!r}"
    )


def evaluate_game_winner_4p(scores: Mapping[Any, Any], players: Sequence[Any]) -> Winner4P:
    """``evaluateGameWinner4P``: more tens wins; at equal tens more tricks (seat 0's team on a tie).

    Args:
        scores: Score per seat (``ScoreState`` or ``{"tens", "tricks"}``; int or str keys).
        players: The roster (``Player`` values or ``{"seat", "team"}`` dicts).

    Returns:
        The winning team and the engine's reason.

    Raises:
        ConfigError: For scores or players of the wrong shape.
    """
    try:
        return _winner_4p(scores, _players(players))
    except (KeyError, ValueError, AttributeError, IndexError, OverflowError) as e:
        raise _guard("scores or players", e) from e


def _winner_4p(scores: Mapping[Any, Any], ps: list[Player]) -> Winner4P:
    team_of = {p.seat: p.team for p in ps}
    team1, team2 = team_of.get(0), team_of.get(1)
    t1 = t2 = k1 = k2 = 0
    for p in ps:
        s = _score(scores, p.seat)
        if p.team == team1:
            t1, k1 = t1 + s.tens, k1 + s.tricks
        else:
            t2, k2 = t2 + s.tens, k2 + s.tricks
    n1, n2 = _shown(team1), _shown(team2)
    if t1 > t2:
        return Winner4P(team1, f"Team {n1} wins with {t1} tens")
    if t2 > t1:
        return Winner4P(team2, f"Team {n2} wins with {t2} tens")
    if k1 >= k2:
        return Winner4P(team1, f"2-2 tie broken by tricks: Team {n1} ({k1}) vs Team {n2} ({k2})")
    return Winner4P(team2, f"2-2 tie broken by tricks: Team {n2} ({k2}) vs Team {n1} ({k1})")


def evaluate_game_winner_2p(scores: Mapping[Any, Any], players: Sequence[Any]) -> Winner2P:
    """``evaluateGameWinner2P``: more tens, then more tricks, else a draw.

    Args:
        scores: Score per seat.
        players: The roster.

    Returns:
        The winning seat (None on a draw) and the engine's reason.

    Raises:
        ConfigError: For scores or players of the wrong shape.
    """
    try:
        return _winner_2p(scores, sorted(_players(players), key=lambda p: p.seat))
    except (KeyError, ValueError, AttributeError, IndexError, OverflowError) as e:
        raise _guard("scores or players", e) from e


def _winner_2p(scores: Mapping[Any, Any], ps: list[Player]) -> Winner2P:
    a, b = ps[0].seat, ps[1].seat
    sa, sb = _score(scores, a), _score(scores, b)
    if sa.tens != sb.tens:
        w, s = (a, sa) if sa.tens > sb.tens else (b, sb)
        return Winner2P(w, w, f"Player at seat {w} wins with {s.tens} tens")
    if sa.tricks != sb.tricks:
        (w, sw), (lo, sl) = ((a, sa), (b, sb)) if sa.tricks > sb.tricks else ((b, sb), (a, sa))
        return Winner2P(
            w,
            w,
            f"2-2 tie broken by tricks: Player at seat {w} ({sw.tricks}) "
            f"vs Player at seat {lo} ({sl.tricks})",
        )
    return Winner2P(
        None, None, f"Game ended in a draw (equal tens: {sa.tens}, equal tricks: {sa.tricks})"
    )
