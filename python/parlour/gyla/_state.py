"""The typed values of :mod:`parlour.gyla`: the state, events, views and the error class."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, NoReturn, Self, final

from parlour._core import gyla as _gyla
from parlour._native import fold_into_base
from parlour.errors import IllegalMoveError, NotationError

__all__ = [
    "ACTION_SPACE",
    "ERROR_CODES",
    "SUITS",
    "GylaError",
    "GylaEvent",
    "GylaState",
    "NextAction",
    "PlayerView",
    "Trick",
]

SUITS: Final = ("clubs", "spades", "hearts", "diamonds")
"""The suits in the engine's order (codes 10, 20, 30, 40)."""

_LETTER_TO_NAME: Final = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
_NAME_TO_LETTER: Final = {v: k for k, v in _LETTER_TO_NAME.items()}
_CODE_TO_LETTER: Final = {10: "C", 20: "S", 30: "H", 40: "D"}
_RANK_CODES: Final = {1: "6", 2: "7", 3: "8", 4: "9", 5: "T", 6: "J", 7: "Q", 8: "K", 9: "A"}

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

ACTION_SPACE: Final = _gyla.action_space()
"""The fixed action space of :meth:`GylaState.legal_mask`: the 36 cards in the engine's
canonical order (``6C 6S 6H 6D 7C …``), the four trump suits, then ``"start"``."""


class GylaError(IllegalMoveError):
    """An action the Gyla engine refuses; ``code`` is one of :data:`ERROR_CODES`.

    The state is unchanged when it is raised. It is a :class:`parlour.errors.IllegalMoveError`
    (so also a ``ParlourError`` and a ``ValueError``).
    """


class NextAction(NamedTuple):
    """The action the engine expects next.

    ``name`` is ``assign_trump`` or ``play_card``; ``player`` is the seat (1-4) that must send it.
    """

    name: Literal["assign_trump", "play_card"]
    player: int


def _next(raw: tuple[str, int] | None) -> NextAction | None:
    if raw is None:
        return None
    name: Literal["assign_trump", "play_card"] = (
        "assign_trump" if raw[0] == "assign_trump" else "play_card"
    )
    return NextAction(name, raw[1])


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


_RawEvent = tuple[str, str | None, int, int, int, str | None, str | None, int, int, int, int]


_NEXT_CACHE: Final = {
    (name, player): NextAction(name, player)
    for name in ("assign_trump", "play_card")
    for player in (1, 2, 3, 4)
}


def _events(raw: list[_RawEvent]) -> list[GylaEvent]:
    new = tuple.__new__
    names = _LETTER_TO_NAME
    cache = _NEXT_CACHE
    return [
        new(
            GylaEvent,
            (
                name,
                None if nname is None else cache[nname, nplayer],
                rnd,
                player or None,
                card,
                None if trump is None else names[trump],
                trick or None,
                winner or None,
                (s1, s2),
            ),
        )
        for name, nname, nplayer, rnd, player, card, trump, trick, winner, s1, s2 in raw
    ]


@final
@dataclass(frozen=True, slots=True)
class Trick:
    """A trick of the current round.

    Attributes:
        number: 1-9.
        leader: The seat that led it.
        cards: ``(seat, card)`` pairs in play order.
        winner: The seat that won it, None while it is being played.
    """

    number: int
    leader: int
    cards: tuple[tuple[int, str], ...]
    winner: int | None


@final
@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one player may see (the engine's ``GameState.ViewFor``).

    Attributes:
        you: The viewing seat.
        your_team: Its team (1 or 2).
        left_opponent: The next seat in play order.
        teammate: The seat opposite.
        right_opponent: The previous seat in play order.
        players: The four player names.
        teams: The two team names.
        round: The round number.
        starter: The round's trumper, None before the start.
        trump: The trump suit, None while not assigned.
        trumped_with_six: The engine's informational flag: the starter held the six of trumps.
        hand: Your cards in hand order.
        playable: Your legal cards now, in hand order (empty unless you are to play).
        card_counts: Cards held by seats 1-4.
        completed_tricks: This round's finished tricks.
        current_trick: The trick being played, if any.
        tricks_won: Tricks won this round (team 1, team 2).
        scores: Game points (team 1, team 2).
        next_action: The action expected next, or None.
    """

    you: int
    your_team: int
    left_opponent: int
    teammate: int
    right_opponent: int
    players: tuple[str, str, str, str]
    teams: tuple[str, str]
    round: int
    starter: int | None
    trump: str | None
    trumped_with_six: bool
    hand: tuple[str, ...]
    playable: tuple[str, ...]
    card_counts: tuple[int, int, int, int]
    completed_tricks: tuple[Trick, ...]
    current_trick: Trick | None
    tricks_won: tuple[int, int]
    scores: tuple[int, int]
    next_action: NextAction | None


_DEFAULT_PLAYERS: Final = ("Player 1", "Player 2", "Player 3", "Player 4")
_DEFAULT_TEAMS: Final = ("Team 1", "Team 2")


def _gyla_error(e: IllegalMoveError) -> NoReturn:
    raise GylaError(e.code, e.message) from None


def _restore(text: str, players: tuple[str, str, str, str], teams: tuple[str, str]) -> GylaState:
    return GylaState._wrap(_gyla.GylaCore.from_notation(text), players, teams)


@final
@fold_into_base
class GylaState(_gyla.GylaState):
    """A Gyla position: the whole game (scores, round, hands in order, tricks, names).

    Immutable and hashable (the hash is the Zobrist hash). Create one with
    :func:`parlour.gyla.new_game` or :meth:`from_notation`; the engine flow functions of
    :mod:`parlour.gyla` return new states. It also follows parlour's uniform state protocol:
    moves are card strings (``"AH"``), trump suit names (``"hearts"``) and ``"start"``;
    seats are 1-4; ``apply`` lets computer seats move afterwards, as the engine does.

    The class is the Rust class ``parlour._core.gyla.GylaState``, which holds the position and
    the names and runs the hot path of Python loops (:attr:`is_terminal`, :attr:`to_move`,
    :attr:`zobrist`, :meth:`legal_moves` and :meth:`apply_index`) without a Python frame; the
    members below are written in Python and installed on it (``fold_into_base``).
    """

    __slots__ = ()

    if TYPE_CHECKING:

        def __init__(self) -> None:
            """Not for direct use: see :func:`parlour.gyla.new_game` (raises TypeError)."""

    @classmethod
    def _wrap(
        cls,
        core: _gyla.GylaCore,
        players: tuple[str, str, str, str] = _DEFAULT_PLAYERS,
        teams: tuple[str, str] = _DEFAULT_TEAMS,
    ) -> GylaState:
        return cls._new(core, players, teams)

    def _with(self, core: _gyla.GylaCore) -> GylaState:
        return GylaState._wrap(core, self._players, self._teams)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"GylaState is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"GylaState is immutable; cannot delete {name!r}")

    # ----- game facts ---------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, str, str, str]:
        """The player names of seats 1-4."""
        return self._players

    @property
    def teams(self) -> tuple[str, str]:
        """The names of team 1 (seats 1 and 3) and team 2 (seats 2 and 4)."""
        return self._teams

    @property
    def ai(self) -> tuple[bool, bool, bool, bool]:
        """Which seats the engine plays itself."""
        a = self._core.ai
        return (a[0], a[1], a[2], a[3])

    @property
    def seed(self) -> int:
        """The seed every round is dealt from."""
        return self._core.seed

    @property
    def scores(self) -> tuple[int, int]:
        """Game points (team 1, team 2)."""
        return self._core.scores

    @property
    def round(self) -> int:
        """The round number, 0 before the game is started."""
        return self._core.round

    @property
    def starter(self) -> int | None:
        """The seat that assigns trump and leads trick 1 this round (None before the start)."""
        return self._core.starter or None

    @property
    def trump(self) -> str | None:
        """This round's trump suit name (``"hearts"``), None while not assigned."""
        t = self._core.trump
        return None if t is None else _LETTER_TO_NAME[t]

    @property
    def next_action(self) -> NextAction | None:
        """The action expected next, None before the start and after the game."""
        return _next(self._core.next_action)

    @property
    def phase(self) -> Literal["not_started", "assign_trump", "play_card", "over"]:
        """``not_started``, ``assign_trump``, ``play_card`` or ``over``."""
        p = self._core.phase
        if p == "not_started":
            return "not_started"
        if p == "assign_trump":
            return "assign_trump"
        if p == "play_card":
            return "play_card"
        return "over"

    @property
    def winner(self) -> int | None:
        """The winning team (1 or 2) of a finished game, else None."""
        return self._core.winning_team

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won this round (team 1, team 2)."""
        return self._core.tricks_won

    @property
    def trumped_with_six(self) -> bool:
        """The engine's informational flag: the starter held the six of trumps."""
        return self._core.trumped_with_six

    def hand(self, player: int) -> tuple[str, ...]:
        """Seat ``player``'s cards in hand order (empty for other numbers).

        Args:
            player: A seat, 1-4.

        Returns:
            The cards, e.g. ``("6S", "AC")``.
        """
        if not isinstance(player, int) or not 1 <= player <= 4:
            return ()
        return tuple(self._core.hand(player))

    def tricks(self) -> tuple[Trick, ...]:
        """This round's tricks so far, the last one possibly incomplete.

        Returns:
            The tricks in order.
        """
        out = []
        for k, (leader, cards, winner) in enumerate(self._core.tricks()):
            seats = [(leader - 1 + i) % 4 + 1 for i in range(len(cards))]
            out.append(Trick(k + 1, leader, tuple(zip(seats, cards, strict=True)), winner or None))
        return tuple(out)

    # ----- the uniform state protocol -----------------------------------------------------

    def _apply_other(self, move: object) -> GylaState:
        """:meth:`apply` of a move that is not a string of the action space.

        The engine's own checks decide (they refuse anything that is not a card or suit).

        Args:
            move: The move.

        Returns:
            The new state.

        Raises:
            GylaError: The engine's refusal.
        """
        n = self._core.next_action
        if n is None:
            try:
                self._core.apply_action("", 0)
            except IllegalMoveError as e:
                _gyla_error(e)
            raise GylaError("NO_ACTION_EXPECTED", "no action expected")  # pragma: no cover
        if n[0] == "assign_trump":
            action: dict[str, Any] = {"name": n[0], "player": n[1], "suit": move}
        else:
            action = {"name": n[0], "player": n[1], "card": move}
        return self._with(_apply_raw(self._core, action)[0])

    def returns(self) -> tuple[float, ...]:
        """Per-seat returns: the game points of each seat's team.

        Returns:
            Four floats, seat 1 first.
        """
        return tuple(self._core.returns())

    def to_notation(self) -> str:
        """The position in Gyla notation (see :mod:`parlour.gyla`).

        Returns:
            One line of text.
        """
        return self._core.to_notation()

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """Parse a position in Gyla notation (player and team names take default values).

        Args:
            text: The notation.

        Returns:
            The position.

        Raises:
            NotationError: ``INVALID_NOTATION`` for malformed or impossible text.
        """
        if not isinstance(text, str):
            raise NotationError(
                "INVALID_NOTATION", f"notation must be a string, not {type(text).__name__}"
            )
        if not text.isascii():
            raise NotationError("INVALID_NOTATION", "Gyla's notation is ASCII text")
        state = GylaState._wrap(_gyla.GylaCore.from_notation(text))
        assert isinstance(state, cls)
        return state

    # ----- Python protocol ----------------------------------------------------------------

    def __hash__(self) -> int:
        return self.zobrist

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GylaState):
            return NotImplemented
        return (
            self._core == other._core
            and self._players == other._players
            and self._teams == other._teams
        )

    def __repr__(self) -> str:
        return f"GylaState.from_notation({self.to_notation()!r})"

    def __reduce__(self) -> tuple[Any, tuple[str, tuple[str, str, str, str], tuple[str, str]]]:
        return (_restore, (self.to_notation(), self._players, self._teams))

    def __copy__(self) -> GylaState:
        return self

    def __deepcopy__(self, memo: Mapping[int, object]) -> GylaState:
        return self


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


_I64: Final = 2**63


def _apply_raw(core: _gyla.GylaCore, action: object) -> tuple[_gyla.GylaCore, list[GylaEvent]]:
    name_s: str
    player_i: int
    suit: str | None = None
    card: str | None = None
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
    try:
        new, raw = core.apply_action(name_s, player_i, suit, card)
    except IllegalMoveError as e:
        _gyla_error(e)
    return new, _events(raw)
