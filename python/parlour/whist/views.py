"""What each seat may see of a whist position: :class:`View` and the observation's shape."""

from __future__ import annotations

from parlour.protocol import TrickPlayView

__all__ = ["OBSERVATION_SHAPE", "View"]

OBSERVATION_SHAPE = (397,)
"""The shape of ``State.observation(seat)`` (the layout is in ``docs/views.md``)."""


class View(TrickPlayView):
    """``State.view(seat)``: the common keys, then the play's public parts (bridge spelling)."""
