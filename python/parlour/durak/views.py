"""What each seat of a Durak game sees: the keys of a view and the observation's shape.

The layout of :meth:`DurakGame.observation` is in ``docs/durak.md`` ("What each seat sees").

Seats in a view are 0-based, as the ``seat`` argument of ``view``, ``observation`` and
``resample`` (the rest of the Durak API numbers seats from 1). Cards are named ``"AS"`` …
``"6C"`` and listed in id order.
"""

from __future__ import annotations

from parlour.protocol import SeatView

__all__ = ["OBSERVATION_SHAPE", "View"]

OBSERVATION_SHAPE = (680,)
"""The shape of ``DurakGame.observation(seat)``, the same for every seat count and variant."""


class View(SeatView):
    """``DurakGame.view(seat)``: the common keys, then the game's public parts.

    ``legal_moves`` are written as ``str(Move)`` writes them (``"attack 6S"``, ``"take"``).
    """

    seats: int
    """The number of seats."""
    variant: str
    """``"podkidnoy"`` or ``"perevodnoy"``."""
    trump: str
    """The trump suit letter (S, H, D or C)."""
    trump_card: str
    """The turn-up (the six of trumps after an exchange), shown face up; kept once drawn."""
    turn_up_left: bool
    """True while the turn-up is at the bottom of the talon."""
    talon_left: int
    """Cards left in the talon."""
    discard: int
    """How many cards have been discarded."""
    heap: list[str]
    """The discarded cards (every card that left play, face up)."""
    phase: str
    """``"attack"``, ``"defend"``, ``"pile_on"`` or ``"over"``."""
    attacker: int | None
    """The bout's attacker (None when no bout is open)."""
    defender: int | None
    """The bout's defender (None when no bout is open)."""
    cap: int | None
    """The most attack cards the bout may hold (None when no bout is open)."""
    table: list[list[str | None]]
    """The bout's pairs in order: ``[attack, answer]``, the answer None while unanswered."""
    taken: bool
    """True once the defender has taken (the others may pile on)."""
    passed: list[int]
    """The seats that passed since the last card was thrown."""
    chose_done: bool
    """True when one of those passes was a chosen ``done``."""
    known: list[list[str]]
    """Per seat, the cards it is known to hold: picked up from the table, the exchanged
    turn-up, the turn-up drawn as the talon's last card (six seats: dealt face up)."""
    lacks: list[list[str]]
    """Per seat, the cards it was shown not to hold since it last drew: the referee passed it
    (no card of the table's ranks) or made it take (no card that beats or transfers), which it
    does only when the seat has no choice (no exchange of the trump six either)."""
    can_swap: bool
    """True when the seat itself holds the right to exchange the trump six for the turn-up."""
    out: list[int]
    """The seats that are out (no cards once the talon is empty)."""
    fool: int | None
    """The fool once the game is over (None in a draw or before the end)."""
    outcome: str | None
    """The result's kind once over (``"fool"``, ``"draw"``, ``"resign"``), else None."""
    stall: int
    """Bouts in a row taken with nobody drawing (three or more seats: the stall rule)."""
    ply: int
    """Events written so far."""
