"""What each Gyla seat sees.

The typed record of ``GylaState.view(seat)`` and the shape of ``GylaState.observation(seat)``
(the layout is in ``docs/gyla.md``).
"""

from __future__ import annotations

from typing import Final, TypedDict

from parlour.protocol import SeatView

__all__ = ["OBSERVATION_SHAPE", "TrickView", "View"]

OBSERVATION_SHAPE: Final = (307,)
"""The shape of ``GylaState.observation`` (the layout is in ``docs/gyla.md``)."""


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
