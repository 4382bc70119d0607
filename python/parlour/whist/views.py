"""What each seat may see of a whist position: :class:`View` and the observation's shape."""

from __future__ import annotations

from parlour.protocol import SeatView

__all__ = ["OBSERVATION_SHAPE", "View"]

OBSERVATION_SHAPE = (397,)
"""The shape of ``State.observation(seat)`` (the layout is in ``docs/views.md``)."""


class View(SeatView):
    """``State.view(seat)``: the common keys, then the play's public parts (bridge spelling)."""

    trump: str | None
    """The trump suit letter, None in no-trump."""
    leader: int
    """The seat that led the trick in progress (or leads the next)."""
    trick: list[str]
    """The cards of the trick in progress, in play order."""
    played: list[str]
    """The cards of finished tricks."""
    tricks_won: list[int]
    """Tricks taken by each seat."""
    voids: list[list[str]]
    """For each seat, the suits it has shown out of (it did not follow when they were led)."""
