"""What each Gyla seat sees, and the records the state hands out.

The typed record of ``GylaState.view(seat)`` and the shape of ``GylaState.observation(seat)``
(the layout is in ``docs/gyla.md``); the engine's ``ViewFor`` record (:class:`PlayerView`,
from :func:`parlour.gyla.view_for`); :class:`NextAction` and :class:`Trick`; the suits and the
fixed action space.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, NamedTuple, TypedDict, final

from parlour._core import gyla as _gyla
from parlour.protocol import SeatView

__all__ = [
    "ACTION_SPACE",
    "OBSERVATION_SHAPE",
    "SUITS",
    "NextAction",
    "PlayerView",
    "Trick",
    "TrickView",
    "View",
]

SUITS: Final = ("clubs", "spades", "hearts", "diamonds")
"""The suits in the engine's order (codes 10, 20, 30, 40)."""

ACTION_SPACE: Final = _gyla.action_space()
"""The fixed action space of ``GylaState.legal_mask``: the 36 cards in the engine's
canonical order (``6C 6S 6H 6D 7C …``), the four trump suits, then ``"start"``."""

OBSERVATION_SHAPE: Final = (307,)
"""The shape of ``GylaState.observation`` (the layout is in ``docs/gyla.md``)."""


class NextAction(NamedTuple):
    """The action the engine expects next.

    ``name`` is ``assign_trump`` or ``play_card``; ``player`` is the seat (1-4) that must send it.
    """

    name: Literal["assign_trump", "play_card"]
    player: int


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


class TrickView(TypedDict):
    """One trick of the round in a :class:`View` (seats 0-3)."""

    leader: int
    """The seat that led it."""
    cards: list[str]
    """Its cards in play order (the leader's first)."""
    winner: int | None
    """The seat that won it, None while it is being played."""


class View(SeatView):
    """``GylaState.view(seat)``: the common keys, then Gyla's public parts.

    Seats are 0-3 throughout the view (seat ``s`` is the engine's player ``s + 1``; team 1 is
    seats 0 and 2); ``hand`` is in hand order; ``legal_moves`` are what ``GylaState.apply``
    reads (suit names while trump is expected, else cards in hand order) and ``legal_actions``
    their indices in ``ACTION_SPACE``.
    """

    player: int
    """The engine's number (1-4) of the seat the view is for."""
    phase: str
    """``not_started``, ``assign_trump``, ``play_card`` or ``over``."""
    round: int
    """The round number, 0 before the start."""
    scores: list[int]
    """Game points of team 1 and team 2."""
    tricks_won: list[int]
    """Tricks won this round by team 1 and team 2."""
    starter: int | None
    """The seat that assigns trump and leads trick 1 this round, None before the start."""
    trump: str | None
    """This round's trump suit name (``"hearts"``), None while not assigned."""
    trumped_with_six: bool
    """The engine's public flag: the starter held the six of trumps when assigning it."""
    tricks: list[TrickView]
    """This round's tricks so far, the last one possibly incomplete."""
    voids: list[list[str]]
    """Per seat, what it has shown out of this round: suit names (it holds no plain card of
    that suit) and ``"trumps"`` (it holds no trump)."""
    ai: list[bool]
    """The seats the engine plays itself."""
