"""The engine-mirror API: dal-mara-engine 0.2.0's pure functions in snake_case.

Every action takes a DMN string or a ``GameState`` and returns an ``ActionResult``; nothing is
mutated. ``rules`` picks the rule set (for a state, None keeps the state's own).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from parlour._core import dalmara as _native
from parlour._js import js_display
from parlour.dalmara._dmn import CARD_INDEX, format_parts
from parlour.dalmara._state import (
    RULE_SETS,
    ActionResult,
    EngineError,
    GameState,
    LegalMove,
    Player,
    Rules,
    failure,
    ok,
    parse_core,
    parse_state,
)
from parlour.errors import ConfigError, NotationError, ParlourError

__all__ = [
    "ACTION_TYPES",
    "create_game",
    "deal_four_player",
    "deal_two_player_hands",
    "deal_two_player_stacks",
    "declare_turup",
    "deserialize_state",
    "dispatch",
    "get_current_player",
    "get_legal_moves",
    "get_remaining_cards_2p",
    "is_finished",
    "parse_dmn",
    "pickup_turup_card",
    "play_card",
    "serialize_dmn",
    "serialize_state",
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

_SUITS: Final = ("spades", "hearts", "diamonds", "clubs")


def _state(x: GameState | str, rules: Rules | None) -> GameState:
    """The position ``x`` (DMN or state) under ``rules``; raises ``NotationError``."""
    if isinstance(x, GameState):
        if rules is None or rules == x.rules:
            return x
        return x.with_rules(rules)
    if isinstance(x, str):
        return parse_state(x, "rulebook" if rules is None else rules)
    raise NotationError(
        "INVALID_DMN", f"expected a DMN string or a GameState, got {type(x).__name__}"
    )


def _check_rules(rules: str | None) -> None:
    if rules is not None and rules not in RULE_SETS:
        raise ConfigError(
            "INVALID_RULES", f'rules must be "rulebook" or "dal-mara-engine", not {rules!r}'
        )


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()

_UNDEFINED: Final = "undefined"
"""What the core is given for a seat, card or suit the engine would read as ``undefined`` (the
core shows a value that is not an int seat or a str card JavaScript's way, so None as ``null``)."""


def _undefined(v: Any) -> Any:
    """A positional argument: None (or left out) is the engine's ``undefined``."""
    return _UNDEFINED if v is None or v is _MISSING else v


def _key(payload: Mapping[str, Any], key: str) -> Any:
    """``payload[key]`` as the engine reads it (absent: ``undefined``; None: JSON ``null``).

    A None value is passed on as None, which the core shows as ``null``.
    """
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
    core = _native.Core.create(n == 4, int(dealer_seat), rules)
    return ActionResult(GameState(core, roster))


# ------------------------------------------------------------------------ actions
def _run(x: GameState | str, rules: Rules | None, op: str, *args: Any) -> ActionResult:
    try:
        st = _state(x, rules)
        core = getattr(st._c, op)(*args)
    except ParlourError as e:
        return failure(e)
    return ok(st._with(core))


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
    return _run(x, rules, "deal_four", s, d, ghopte_order == "dealer-first")


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
    return _run(x, rules, "deal_two_hands", s, d)


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
        return _run(x, rules, "declare_turup", _key(seat, "seat"), _key(seat, "suit"))
    return _run(x, rules, "declare_turup", _undefined(seat), _undefined(suit))


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
    return _run(x, rules, "deal_two_stacks", s, d)


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
        return _run(x, rules, "pickup", _key(seat, "seat"), _key(seat, "card"))
    return _run(x, rules, "pickup", _undefined(seat), _undefined(card))


def _play_card(
    x: GameState | str, seat: Any = None, card: Any = None, *, rules: Rules | None = None
) -> ActionResult:
    """``playCard``: play a card (a Ghopte submission while a Ghopte is unresolved).

    The definition of ``play_card``, which calls it for every call it does not handle itself.
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
        return _run(x, rules, "play", _key(seat, "seat"), _key(seat, "card"))
    if rules is None and isinstance(x, GameState):
        st0 = x
    else:
        _check_rules(rules)
        try:
            st0 = _state(x, rules)
        except ParlourError as e:
            return failure(e)
    try:
        st = st0._play(_UNDEFINED if seat is None else seat, _UNDEFINED if card is None else card)
    except ParlourError as e:
        return failure(e)
    return ActionResult(st)


_OPS: Final = {
    "DEAL_FOUR_PLAYER": "deal_four",
    "DEAL_TWO_PLAYER_HANDS": "deal_two_hands",
    "DEAL_TWO_PLAYER_STACKS": "deal_two_stacks",
    "DECLARE_TURUP": "declare_turup",
    "PICKUP_TURUP_CARD": "pickup",
    "PLAY_CARD": "play_normal",
    "PLAY_GHOPTE": "play_ghopte",
}


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
        return failure(e)
    if isinstance(action, str | bytes):
        try:
            action = json.loads(action)
        except ValueError:
            return ActionResult(None, EngineError("INVALID_ACTION", "Action is not valid JSON"))
    if not isinstance(action, Mapping):
        return ActionResult(None, EngineError("INVALID_ACTION", "Unknown action type"))
    kind = action.get("type")
    op = _OPS.get(kind) if isinstance(kind, str) else None
    if op is None:
        return ActionResult(None, EngineError("INVALID_ACTION", "Unknown action type"))
    payload = action.get("payload")
    if not isinstance(payload, Mapping):
        payload = {}
    seat = _key(payload, "seat")
    try:
        if op == "deal_four":
            core = st._c.deal_four(seat, payload.get("deck"), False)
        elif op in ("deal_two_hands",):
            core = st._c.deal_two_hands(seat, payload.get("deck"))
        elif op == "deal_two_stacks":
            d = payload.get("deck")
            if d is not None and not isinstance(d, list | tuple) and not d:
                d = None
            core = st._c.deal_two_stacks(seat, d)
        elif op == "declare_turup":
            core = st._c.declare_turup(seat, _key(payload, "suit"))
        else:
            core = getattr(st._c, op)(seat, _key(payload, "card"))
    except ParlourError as e:
        return failure(e)
    return ok(st._with(core))


# ------------------------------------------------------------------------ queries
def _get_current_player(x: GameState | str, *, rules: Rules | None = None) -> Player | None:
    """``getCurrentPlayer``: the player whose seat is ``nextMoveSeat``.

    The definition of ``get_current_player``, which calls it for every call it does not handle.

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
    else:
        st = _state(x, rules)
        seat = st.next_move_seat
    for p in st.players:
        if p.seat == seat:
            return p
    return None


def _get_legal_moves(
    x: GameState | str, seat: int, *, rules: Rules | None = None
) -> list[LegalMove]:
    """``getLegalMoves``: the legal plays of ``seat`` in the engine's order.

    The definition of ``get_legal_moves``, which calls it for every call it does not handle.

    Args:
        x: A DMN string or a state.
        seat: The seat.
        rules: The rule set.

    Returns:
        ``LegalMove(card, stack_position)`` values (empty when ``seat`` is not on turn).

    Raises:
        NotationError: ``INVALID_DMN`` for malformed DMN.
    """
    if isinstance(x, GameState) and rules is None:
        return x._c.legal(seat)
    return _state(x, rules)._c.legal(seat)


def _is_finished(x: GameState | str, *, rules: Rules | None = None) -> bool:
    """``isFinished``: a card has been played and every hand (and 2p stack) is empty.

    The definition of ``is_finished``, which calls it for every call it does not handle.

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
    hands = st._c.parts()[6]
    held = {c for h in hands[:2] for c in h}
    if original_deck is not None and len(original_deck) == 52:
        return [c for c in original_deck if CARD_INDEX.get(c) not in held]
    return st._c.remaining(None)


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
    return GameState(parse_core(text, rules))


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
    return format_parts(state.parts())


_SUIT_OF = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}


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
    tr = state.trick
    md = state.move_detail
    body: dict[str, Any] = {
        "game": {"mode": state.mode, "dealerSeat": state.dealer_seat, "turup": state.turup},
        "players": [{"seat": p.seat, "team": p.team} for p in state.players],
        "hands": {str(k): list(v) for k, v in state.hands.items()},
        "ghoptes": [
            {"seat": g.seat, "card": g.card, "order": g.order, "resolved": g.resolved}
            for g in state.ghoptes
        ],
        "stacks": {
            str(k): [
                {
                    "position": s.position,
                    "hiddenCards": list(s.hidden_cards),
                    "faceUpCard": s.face_up_card,
                }
                for s in v
            ]
            for k, v in state.stacks.items()
        },
        "moveNumber": state.move_number,
        "trick": {
            "number": tr.number,
            "playNumber": tr.play_number,
            "leadSuit": tr.lead_suit,
            "isGhopte": tr.is_ghopte,
            "cards": [
                {"seat": c.seat, "card": c.card, "playOrder": c.play_order} for c in tr.cards
            ],
        },
        "moveDetail": {"seat": md.seat, "card": md.card, "makesTurup": md.makes_turup},
        "nextMoveSeat": state.next_move_seat,
        "rules": state.rules,
    }
    if state.mode == "4p" and state.rules == "rulebook":
        body["turupTrick"] = state.turup_trick
    return json.dumps({"version": "1.0", "engineVersion": "0.1.0", "state": body}, indent=2)


def _ser_err(message: str) -> NotationError:
    return NotationError("INVALID_SERIALIZATION", message)


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
    try:
        doc = json.loads(text)
        st = doc["state"]
        game = st["game"]
        mode = game["mode"]
        if mode not in ("4p", "2p"):
            raise _ser_err(f"unknown mode {mode!r}")
        four = mode == "4p"
        n = 4 if four else 2
        r = rules or st.get("rules") or "rulebook"
        if r not in RULE_SETS:
            raise _ser_err(f"unknown rules {r!r}")

        def card(c: Any) -> int:
            i = CARD_INDEX.get(c) if isinstance(c, str) else None
            if i is None:
                raise _ser_err(f"not a card: {c!r}")
            return i

        def suit(s: Any) -> int | None:
            if s is None:
                return None
            if s not in _SUIT_OF:
                raise _ser_err(f"not a suit: {s!r}")
            return _SUIT_OF[s]

        hands = [[card(c) for c in st["hands"].get(str(i), [])] for i in range(n)]
        stacks: list[list[int]] = []
        if not four:
            raw = st.get("stacks") or {}
            for seat in range(2):
                row = raw.get(str(seat)) or []
                slots: list[list[int]] = [[] for _ in range(4)]
                for s in row:
                    pos = int(s["position"])
                    if not 0 <= pos < 4:
                        raise _ser_err("stack position out of range")
                    cards = [card(c) for c in s.get("hiddenCards", [])]
                    if s.get("faceUpCard") is not None:
                        cards.append(card(s["faceUpCard"]))
                    slots[pos] = cards
                stacks.extend(slots)
        ghoptes = [
            (int(g["seat"]), card(g["card"]), int(g["order"]), bool(g["resolved"]))
            for g in st.get("ghoptes", [])
        ]
        trick = st["trick"]
        tcards = [(int(c["seat"]), card(c["card"])) for c in trick.get("cards", [])]
        # ``playOrder`` as written (a parsed card's may exceed its position, DMN.md §6);
        # a card without one gets its position.
        torders = [int(c.get("playOrder", i)) for i, c in enumerate(trick.get("cards", []), 1)]
        md = st.get("moveDetail") or {}
        detail = None
        if md.get("seat") is not None and md.get("card") is not None:
            detail = (int(md["seat"]), card(md["card"]), bool(md.get("makesTurup")))
        tt = st.get("turupTrick") if r == "rulebook" else None
        core = _native.Core.from_parts(
            four,
            r,
            int(game["dealerSeat"]),
            suit(game.get("turup")),
            None if tt is None else int(tt),
            ghoptes,
            hands,
            stacks,
            int(st["moveNumber"]),
            (
                int(trick["number"]),
                int(trick["playNumber"]),
                suit(trick.get("leadSuit")),
                bool(trick["isGhopte"]),
                tcards,
                torders,
            ),
            detail,
            int(st["nextMoveSeat"]),
        )
        players = tuple(
            sorted(
                (Player(int(p["seat"]), p.get("team")) for p in st.get("players", [])),
                key=lambda p: p.seat,
            )
        )
        if sorted(p.seat for p in players) != list(range(n)):
            players = ()
    except ParlourError as e:
        if e.code == "INVALID_SERIALIZATION":
            raise
        raise _ser_err(e.message) from e
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as e:
        raise _ser_err(f"Invalid serialized state: {e}") from e
    return GameState(core, players or None)


# ------------------------------------------------------------------------ accelerators
# The four calls of a game loop are Rust functions that handle the common case (a state, no
# ``rules``, positional arguments, a legal play) themselves and call the Python definitions
# above for everything else, so those definitions fix the behaviour. Tests compare the two.
_native._install_api(_get_current_player, _get_legal_moves, _is_finished, _play_card)
get_current_player = _native.get_current_player
get_legal_moves = _native.get_legal_moves
is_finished = _native.is_finished
play_card = _native.play_card
