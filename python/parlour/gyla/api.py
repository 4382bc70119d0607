"""The engine-mirror API of Gyla: the Go engine's flow as pure functions.

Every function takes a :class:`~parlour.gyla.GylaState` and returns a new one (with the events
the engine would emit); nothing is mutated. Seats are 1-4; team 1 is seats 1 and 3.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from parlour._core import gyla as _gyla
from parlour._core.gyla import GylaState
from parlour.errors import ConfigError, IllegalMoveError
from parlour.gyla.notation import Parts, write
from parlour.gyla.views import NextAction, PlayerView, Trick

__all__ = [
    "ERROR_CODES",
    "GylaError",
    "GylaEvent",
    "ai_card",
    "ai_trump",
    "apply",
    "deal_round",
    "from_notation",
    "legal_cards",
    "new_game",
    "start",
    "to_notation",
    "triggers_redeal",
    "view_for",
]

ERROR_CODES: Final = (
    "NO_ACTION_EXPECTED",
    "ALREADY_STARTED",
    "UNEXPECTED_ACTION",
    "NOT_YOUR_TURN",
    "INVALID_PLAYER",
    "INVALID_TRUMP",
    "INVALID_CARD",
    "CARD_NOT_HELD",
    "MUST_FOLLOW_SUIT",
)
"""The codes of a refused action, in the engine's order of checks."""


class GylaError(IllegalMoveError):
    """An action the Gyla engine refuses; ``code`` is one of :data:`ERROR_CODES`.

    The state is unchanged when it is raised. It is a :class:`parlour.errors.IllegalMoveError`
    (so also a ``ParlourError`` and a ``ValueError``).
    """


class GylaEvent(NamedTuple):
    """One engine event (an immutable named tuple).

    Attributes:
        name: The engine's event name (``game_started``, ``round_started``,
            ``trump_assigned``, ``trick_started``, ``card_played``,
            ``card_played_and_trick_completed``, ``card_played_and_round_completed``,
            ``card_played_and_game_completed``).
        next_action: The next action expected when the event was emitted (None for
            ``game_started``, ``trump_assigned`` and every ``*_completed`` event).
        round: The round number (0 for ``game_started``).
        player: The seat that acted (trumper or card player), else None.
        card: The card played (``card_played*`` events), else None.
        trump: The round's trump suit once assigned, else None.
        trick: The trick number (1-9) for trick and card events, else None.
        winner: The trick's winner for the ``*_completed`` events, else None.
        scores: Game points (team 1, team 2) after the event.
    """

    name: str
    next_action: NextAction | None
    round: int
    player: int | None
    card: str | None
    trump: str | None
    trick: int | None
    winner: int | None
    scores: tuple[int, int]


_LETTER_TO_NAME: Final = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
_NAME_TO_LETTER: Final = {v: k for k, v in _LETTER_TO_NAME.items()}
_CODE_TO_LETTER: Final = {10: "C", 20: "S", 30: "H", 40: "D"}
_RANK_CODES: Final = {1: "6", 2: "7", 3: "8", 4: "9", 5: "T", 6: "J", 7: "Q", 8: "K", 9: "A"}
_I64: Final = 2**63


def _events(raw: list[_gyla._Event]) -> list[GylaEvent]:
    """The events of the core's records.

    Each is ``[name, [next name, next player] or None, round, player, card, trump, trick,
    winner, [score1, score2]]``, absent values None.
    """
    return [
        GylaEvent(name, None if n is None else NextAction(*n), rnd, p, c, t, k, w, (s[0], s[1]))
        for name, n, rnd, p, c, t, k, w, s in raw
    ]


def _suit_letter(value: object) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        if value in _NAME_TO_LETTER:
            return _NAME_TO_LETTER[value]
        if value in _LETTER_TO_NAME:
            return value
        return None
    if isinstance(value, int):
        return _CODE_TO_LETTER.get(value)
    return None


def _card_text(action: Mapping[str, Any]) -> str | None:
    """The card of a ``play_card`` given by the engine's integer rank and suit codes."""
    if "card" in action:
        return None
    rank, suit = action.get("rank"), action.get("suit")
    if type(rank) is int and type(suit) is int:
        r, s = _RANK_CODES.get(rank), _CODE_TO_LETTER.get(suit)
        if r is not None and s is not None:
            return r + s
    return None


_U64 = 2**64


def _names(value: object, n: int, what: str, code: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != n:
        raise ConfigError(code, f"{what} must be a sequence of {n} strings")
    if not all(isinstance(v, str) for v in value):
        raise ConfigError(code, f"{what} must be a sequence of {n} strings")
    return tuple(str(v) for v in value)


def _check_state(state: object) -> GylaState:
    """``state`` itself, or TypeError when it is not a :class:`GylaState`."""
    if not isinstance(state, GylaState):
        raise TypeError(f"expected a GylaState, not {type(state).__name__}")
    return state


def _is_hands(hands: object) -> bool:
    """Whether ``hands`` is a sequence (not a string) of sequences of card strings."""
    return (
        not isinstance(hands, str)
        and isinstance(hands, Sequence)
        and all(
            not isinstance(h, str)
            and isinstance(h, Sequence)
            and all(isinstance(c, str) for c in h)
            for h in hands
        )
    )


def new_game(
    players: Sequence[str],
    teams: Sequence[str],
    ai: Sequence[bool],
    seed: int | None = None,
) -> GylaState:
    """A new game (the engine's ``NewGame``), not yet started.

    Args:
        players: The names of seats 1-4.
        teams: The names of team 1 (seats 1 and 3) and team 2 (seats 2 and 4).
        ai: Four booleans: which seats the engine plays itself.
        seed: The seed of every deal of the game (round ``n`` is dealt from the seed and
            ``n``); None draws a random one. An integer from 0 to 2**64 - 1.

    Returns:
        The game; call :func:`start` next.

    Raises:
        ConfigError: ``INVALID_PLAYERS``, ``INVALID_TEAMS``, ``INVALID_AI`` or
            ``INVALID_SEED`` for arguments of the wrong shape or range.

    >>> from parlour import gyla
    >>> g = gyla.new_game(["Ann", "Bob", "Cy", "Di"], ["North", "East"], [False] * 4, seed=1)
    >>> g.round, g.next_action
    (0, None)
    """
    p = _names(players, 4, "players", "INVALID_PLAYERS")
    t = _names(teams, 2, "teams", "INVALID_TEAMS")
    if (
        isinstance(ai, str)
        or not isinstance(ai, Sequence)
        or len(ai) != 4
        or not all(isinstance(a, bool) for a in ai)
    ):
        raise ConfigError("INVALID_AI", "ai must be a sequence of 4 booleans")
    if seed is None:
        seed = secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _U64:
        raise ConfigError(
            "INVALID_SEED", f"seed must be an integer from 0 to 2**64-1, not {seed!r}"
        )
    seats = (ai[0], ai[1], ai[2], ai[3])
    fresh = write(Parts((0, 0), 0, 0, None, ((), (), (), ()), (), None, seats, seed))
    return GylaState._restore(fresh, (p[0], p[1], p[2], p[3]), (t[0], t[1]))


def start(state: GylaState) -> tuple[GylaState, list[GylaEvent]]:
    """The engine's ``Start()``: deal round 1; the holder of the 9 of diamonds assigns trump.

    Emits ``game_started`` and ``round_started``; computer seats then move at once and their
    events follow in the same list.

    Args:
        state: A game not yet started.

    Returns:
        The new state and the events.

    Raises:
        TypeError: ``state`` is not a :class:`GylaState`.
        GylaError: ``ALREADY_STARTED`` on a started game.
    """
    new, raw = _check_state(state)._flow()
    return new, _events(raw)


def apply(state: GylaState, action: Mapping[str, Any]) -> tuple[GylaState, list[GylaEvent]]:
    """The engine's ``Apply(action)``.

    ``action`` is ``{"name": "assign_trump", "player": p, "suit": "hearts"}`` (suit names,
    letters ``C S H D`` or the engine's codes 10/20/30/40) or
    ``{"name": "play_card", "player": p, "card": "AH"}`` (or the engine's integer ``rank`` and
    ``suit`` codes). After a successful action the computer seats move at once and their events
    follow in the same list.

    Args:
        state: The position.
        action: The action.

    Returns:
        The new state and the events.

    Raises:
        TypeError: ``state`` is not a :class:`GylaState`.
        GylaError: With code ``NO_ACTION_EXPECTED``, ``UNEXPECTED_ACTION``,
            ``INVALID_PLAYER``, ``NOT_YOUR_TURN``, ``INVALID_TRUMP``, ``INVALID_CARD``,
            ``CARD_NOT_HELD`` or ``MUST_FOLLOW_SUIT``, checked in that (the engine's) order;
            ``state`` is unchanged.
    """
    name_s: str
    player_i: int
    suit: str | None = None
    card: str | None = None
    _check_state(state)
    if type(action) is dict or isinstance(action, Mapping):
        name = action.get("name")
        player = action.get("player")
        name_s = name if type(name) is str else repr(name)
        if type(player) is int:
            player_i = player if -_I64 <= player < _I64 else -1
        else:
            player_i = 0  # not a seat number (bool, str, None, ...)
        if name_s == "play_card":
            text = action.get("card")
            # a card string goes to the core as is: anything not one of the 36 is INVALID_CARD
            card = text if type(text) is str else _card_text(action)
        elif name_s == "assign_trump":
            suit = _suit_letter(action.get("suit"))
    else:
        name_s, player_i = repr(action), 0
    new, raw = state._flow(name_s, player_i, suit, card)
    return new, _events(raw)


def _check_player(player: object) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= 4:
        raise GylaError("INVALID_PLAYER", f"player must be a seat from 1 to 4, not {player!r}")
    return player


def legal_cards(state: GylaState, player: int) -> tuple[str, ...]:
    """The cards ``player`` may play now, in hand order (empty unless that seat is to play).

    Args:
        state: The position.
        player: A seat, 1-4.

    Returns:
        The legal cards.

    Raises:
        TypeError: ``state`` is not a :class:`GylaState`.
        GylaError: ``INVALID_PLAYER`` for a seat outside 1-4.
    """
    p = _check_player(player)
    return _legal_cards(_check_state(state), p)


def _legal_cards(state: GylaState, player: int) -> tuple[str, ...]:
    """The cards ``player`` may play now: the legal moves while that seat is to play a card."""
    n = state.next_action
    return state.legal_moves() if n == ("play_card", player) else ()


def _expect(state: GylaState, name: str) -> None:
    n = state.next_action
    if n is None:
        raise GylaError("NO_ACTION_EXPECTED", "no action expected: the game is not running")
    if n[0] != name:
        raise GylaError(
            "UNEXPECTED_ACTION", f"the engine expects {n[0]} from player {n[1]}, not {name}"
        )


def _computer(state: GylaState, name: str) -> str:
    """The computer player's move now, when ``name`` is the action expected."""
    _check_state(state)
    _expect(state, name)
    move = state._computer_move()
    assert move is not None
    return move


def ai_trump(state: GylaState) -> str:
    """The trump suit the engine's computer player would assign now.

    Args:
        state: A position where trump is expected.

    Returns:
        The suit name, e.g. ``"hearts"``.

    Raises:
        TypeError: ``state`` is not a :class:`GylaState`.
        GylaError: ``NO_ACTION_EXPECTED`` / ``UNEXPECTED_ACTION`` when trump is not expected.
    """
    return _computer(state, "assign_trump")


def ai_card(state: GylaState) -> str:
    """The card the engine's computer player would play now for the seat to play.

    Args:
        state: A position where a card is expected.

    Returns:
        The card, e.g. ``"AH"``.

    Raises:
        TypeError: ``state`` is not a :class:`GylaState`.
        GylaError: ``NO_ACTION_EXPECTED`` / ``UNEXPECTED_ACTION`` when no card is expected.
    """
    return _computer(state, "play_card")


def view_for(state: GylaState, player: int) -> PlayerView:
    """What ``player`` may see (the engine's ``ViewFor``).

    Their own hand, the others' card counts, the tricks, scores and the next action.

    Args:
        state: The position.
        player: A seat, 1-4.

    Returns:
        The view.

    Raises:
        TypeError: ``state`` is not a :class:`GylaState`.
        GylaError: ``INVALID_PLAYER`` for a seat outside 1-4.
    """
    _check_state(state)
    p = _check_player(player)
    tricks = state.tricks()
    completed = tuple(t for t in tricks if t.winner is not None)
    current = tricks[-1] if tricks and tricks[-1].winner is None else None
    if current is None and state.phase == "play_card":
        # a new trick has been started but no card is on it yet: the last winner leads it
        leader = completed[-1].winner if completed else state.starter
        assert leader is not None
        current = Trick(len(completed) + 1, leader, (), None)
    counts = tuple(len(state.hand(s)) for s in (1, 2, 3, 4))
    return PlayerView(
        you=p,
        your_team=1 if p % 2 == 1 else 2,
        left_opponent=p % 4 + 1,
        teammate=(p + 1) % 4 + 1,
        right_opponent=(p + 2) % 4 + 1,
        players=state.players,
        teams=state.teams,
        round=state.round,
        starter=state.starter,
        trump=state.trump,
        trumped_with_six=state.trumped_with_six,
        hand=state.hand(p),
        playable=_legal_cards(state, p),
        card_counts=(counts[0], counts[1], counts[2], counts[3]),
        completed_tricks=completed,
        current_trick=current,
        tricks_won=state.tricks_won,
        scores=state.scores,
        next_action=state.next_action,
    )


def deal_round(
    state: GylaState, hands: Sequence[Sequence[str]], starter: int | None = None
) -> tuple[GylaState, list[GylaEvent]]:
    """Start the current round from explicit hands, for replaying recorded games.

    On a game not yet started this is :func:`start` with these hands (``game_started`` and
    ``round_started``); once the game is under way it replaces the current round's deal
    (``round_started``) as long as no seat but the computer's has acted in the round: before
    trump is assigned, or
    when a computer starter assigned it and only computer seats have played since (their moves
    are undone). Hand order matters: it decides the computer player's tie-breaks. Computer
    seats then move at once.

    Args:
        state: A game not yet started, or a round in which only computer seats have acted.
        hands: Four hands of nine cards each (seat 1 first), in hand order.
        starter: Who assigns trump and leads; by default the rules decide (the holder of the
            9 of diamonds in round one, later the rotation rule).

    Returns:
        The new state and the events.

    Raises:
        TypeError: ``state`` is not a :class:`GylaState`.
        ConfigError: ``INVALID_DEAL`` for hands that are not 36 distinct cards dealt nine a
            seat, ``REDEAL_REQUIRED`` for a deal the engine would re-shuffle (a hand with all
            four 6s or all four 7s), ``INVALID_PLAYER`` for a starter outside 1-4.
        GylaError: ``NO_ACTION_EXPECTED`` after the game, ``ROUND_IN_PROGRESS`` once a seat
            the computer does not play has acted in the round.
    """
    _check_state(state)
    if not _is_hands(hands):
        raise ConfigError("INVALID_DEAL", "hands must be four sequences of card strings")
    if starter is not None and (isinstance(starter, bool) or not isinstance(starter, int)):
        raise ConfigError("INVALID_PLAYER", f"starter must be a seat from 1 to 4, not {starter!r}")
    if starter is not None and not 1 <= starter <= 4:
        raise ConfigError("INVALID_PLAYER", f"starter must be a seat from 1 to 4, not {starter!r}")
    new, raw = state._flow(hands=[list(h) for h in hands], starter=starter)
    return new, _events(raw)


def triggers_redeal(hands: Sequence[Sequence[str]]) -> bool:
    """Whether the engine would throw this deal away: one hand holds all four 6s or all four 7s.

    Args:
        hands: Hands as sequences of card strings.

    Returns:
        True when a re-deal is due.

    Raises:
        TypeError: ``hands`` is not a sequence of sequences of strings.
        NotationError: ``INVALID_CARD`` for a string that is not a card.
    """
    if not _is_hands(hands):
        raise TypeError("hands must be a sequence of sequences of card strings")
    return _gyla.triggers_redeal([list(h) for h in hands])


def to_notation(state: GylaState) -> str:
    """The position in Gyla notation (see :mod:`parlour.gyla`).

    Args:
        state: The position.

    Returns:
        One line of text.

    Raises:
        TypeError: ``state`` is not a :class:`GylaState`.
    """
    return _check_state(state).to_notation()


def from_notation(text: str) -> GylaState:
    """Parse a position in Gyla notation.

    Args:
        text: The notation.

    Returns:
        The position (with default player and team names).

    Raises:
        NotationError: ``INVALID_NOTATION`` for malformed or impossible text.
    """
    return GylaState.from_notation(text)
