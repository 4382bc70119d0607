"""What each seat sees of a Mexican Train game: :class:`View` and :data:`OBSERVATION_SHAPE`.

``game.view(seat)`` holds the seat's own tiles, the trains and their markers, how many tiles
each seat and the boneyard hold, the round's state and the finished rounds' pips; never another
seat's tiles (until the round ends and every hand is counted face up), the boneyard's tiles or
order, or the seed. ``game.observation(seat)`` is the same as a float32 array of
:data:`OBSERVATION_SHAPE`; ``game.resample(seat, seed)`` deals what the seat cannot see anew
(``docs/mexican_train.md``, "What each seat sees").

>>> from parlour.mexican_train import start_train
>>> g = start_train(9, ["Ann", "Ben"], seed=7)
>>> v = g.view(0)
>>> v["hand"] == [str(t) for t in g.hands[0]], v["hand_sizes"], v["boneyard_size"]
(True, [10, 10], 34)
>>> g.observation(1).shape == OBSERVATION_SHAPE
True
>>> g.resample(1, seed=3).view(1) == g.view(1)
True
"""

from __future__ import annotations

from typing import Final, TypedDict

from parlour.protocol import SeatView

__all__ = [
    "OBSERVATION_SHAPE",
    "LaidTrain",
    "LastMove",
    "RoundView",
    "View",
]

OBSERVATION_SHAPE: Final = (1766,)
"""The shape of ``TrainGame.observation(seat)``, the same for every set and seat count (the
layout is in ``docs/mexican_train.md``)."""


class LaidTrain(TypedDict):
    """One train in a view."""

    laid: list[int]
    """Its laid tiles (``from * 16 + to``), from the engine out."""
    open: bool
    """Whether it is open to every seat (marker out; the Mexican Train always)."""


class RoundView(TypedDict):
    """One finished round in a view."""

    engine: int
    """The round's engine double."""
    pips: list[int]
    """The pips left in each seat's hand."""
    blocked: bool
    """True when the round ended blocked, False when a seat went out."""
    out: int | None
    """The seat that went out, None for a blocked round."""


class LastMove(TypedDict):
    """The last move made, in a view."""

    seat: int
    """The seat that made it."""
    move: str
    """The move as a saved-game token: ``p<tile>.<train>``, ``d``, ``x`` or ``n``."""


class View(SeatView):
    """``TrainGame.view(seat)``: the common keys, then the table's public parts.

    Tiles in ``hand`` and ``shown`` are tile codes (``low * 16 + high``) written in decimal;
    ``legal_moves`` are the saved game's tokens (``p<tile>.<train>``, ``d``, ``x``, ``n``);
    ``legal_actions`` the indices of :func:`~parlour.mexican_train.action_index`.
    """

    set: int
    """The set, by its highest double: 9, 12 or 15."""
    round: int
    """The current round, 0-based."""
    rounds: int
    """The rounds in the game."""
    engine: int
    """The round's engine double value."""
    phase: str
    """``"playing"``, ``"roundOver"`` or ``"finished"``."""
    trains: list[LaidTrain]
    """The seats' trains in seat order, then the Mexican Train."""
    uncovered: list[int]
    """The trains with an uncovered double, the one to cover last."""
    chaining: bool
    """Whether the mover may lay another double before covering."""
    drew: bool
    """Whether the mover has drawn since the last lay."""
    passes: int
    """Consecutive passes since the last lay."""
    turn: int
    """The turn counter."""
    boneyard_size: int
    """Tiles left in the boneyard (face down: which tiles, and their order, are hidden)."""
    results: list[RoundView]
    """The finished rounds."""
    totals: list[int]
    """Each seat's pips over the finished rounds."""
    last: LastMove | None
    """The last move made and who made it, None before any."""
    shown: list[list[str]] | None
    """Every seat's hand once the round is over (counted face up), None while it is played."""
