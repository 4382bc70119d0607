"""What each seat sees of a Dal Mara position: the ``View`` of ``GameState.view(seat)``.

Cards are spelt as the engine spells them (``10s``, ``Kh``), suits by their long names
(``"hearts"``). ``docs/dalmara.md`` ("What each seat sees") lists the keys, the observation
layout and what ``resample`` keeps.
"""

from __future__ import annotations

from typing import Final, TypedDict

from parlour.protocol import SeatView

__all__ = ["OBSERVATION_SHAPE", "GhopteView", "LastMove", "StackView", "TrickCard", "View"]

OBSERVATION_SHAPE: Final = (1048,)
"""The shape of ``GameState.observation(seat)`` in both modes (the layout is in
``docs/dalmara.md``)."""


class TrickCard(TypedDict):
    """A card of the trick in progress."""

    seat: int
    """The seat that played it."""
    card: str
    """The card."""


class GhopteView(TypedDict):
    """A Ghopte entry (public: a Ghopte is declared)."""

    seat: int
    """The declarer, who was dealt the ten and no other card of its suit."""
    card: str
    """The declared ten."""
    order: int
    """The resolution order (0-based)."""
    resolved: bool
    """True once its trick is complete."""


class LastMove(TypedDict):
    """The play that produced the position (DMN's move detail)."""

    seat: int
    """The seat that played."""
    card: str
    """The card played."""
    makes_turup: bool
    """True when the play created or changed the four-player Turup."""


class StackView(TypedDict):
    """What every seat sees of a two-player stack."""

    seat: int
    """The stack's owner."""
    position: int
    """The stack's number, 0-3."""
    face_up: str | None
    """The face-up top card, None for an empty stack."""
    face_down: int
    """How many cards lie face down under it (no seat sees them, the owner included)."""


class View(SeatView):
    """``GameState.view(seat)``: the common keys, then the position's public parts.

    ``game`` is ``"dalmara-4p"`` or ``"dalmara-2p"``; ``legal_moves`` are written as
    ``str(Move)`` writes them (``"10s"``, ``"pickup 7h"``, ``"declare hearts"``).
    """

    mode: str
    """``"4p"`` or ``"2p"``."""
    rules: str
    """The rule set, ``"rulebook"`` or ``"dal-mara-engine"``."""
    dealer: int
    """The dealer's seat."""
    next_seat: int
    """``nextMoveSeat`` (``to_move`` differs from it while a rulebook 2p pickup is due)."""
    turup: str | None
    """The Turup suit once there is one, else None."""
    turup_trick: int | None
    """Rulebook 4p: the trick in which the Turup was set, else None."""
    move_number: int
    """Cards played so far."""
    trick_number: int
    """The current trick's number (1-based; Ghopte tricks count)."""
    play_number: int
    """The trick's play number, as DMN holds it."""
    lead_suit: str | None
    """The trick's lead suit, None before its first card."""
    is_ghopte: bool
    """True in a Ghopte trick."""
    trick: list[TrickCard]
    """The cards of the trick in progress, in play order."""
    played: list[str]
    """The cards of finished tricks, in card order."""
    ghoptes: list[GhopteView]
    """The Ghopte entries, as DMN lists them."""
    last_move: LastMove | None
    """The play that produced the position, None before any."""
    tens_taken: list[int]
    """Tens taken by each seat in the play this state knows of."""
    tricks_taken: list[int]
    """Tricks taken by each seat in the play this state knows of."""
    voids: list[list[str]]
    """For each seat, the suits it has shown it holds none of (it did not follow them, or a
    4p Turup override showed it holds no Turup card). In 2p they concern the cards it was
    dealt, not the Turup cards it picked up."""
    holds: list[list[str]]
    """For each seat, the suits a 4p play showed it still holds a card of (a Turup override
    was open to it and did not happen), until it plays a card of the suit."""
    known: list[list[str]]
    """For each other seat, the cards of its hand every seat knows: its unresolved Ghopte tens
    and (2p) the Turup cards it picked up from its stacks. Empty for ``seat`` itself."""
    stacks: list[StackView]
    """2p: the eight stacks, seat 0's four then seat 1's; empty in 4p."""
