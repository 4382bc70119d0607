"""The uniform state protocol that every game's state class follows.

Simulation, bots and adapters are written once against :class:`GameStateProtocol`. A state is
immutable: :meth:`GameStateProtocol.apply` returns a new state and leaves its input untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, runtime_checkable

__all__ = ["GameStateProtocol"]


@runtime_checkable
class GameStateProtocol(Protocol):
    """What every parlour game state offers (see each game module for its move type)."""

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None when the game is over."""
        ...

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        ...

    @property
    def zobrist(self) -> int:
        """The 64-bit Zobrist hash; equal states have equal hashes."""
        ...

    def legal_moves(self) -> Sequence[Any]:
        """The legal moves in the game's defined order."""
        ...

    def apply(self, move: Any) -> Self:
        """The state after ``move``; raises ``IllegalMoveError`` and leaves ``self`` unchanged."""
        ...

    def apply_index(self, index: int) -> Self:
        """The state after the ``index``-th legal move."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Per-seat returns (game-defined)."""
        ...

    def to_notation(self) -> str:
        """The whole position in the game's notation."""
        ...

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """Parse a position; raises ``NotationError`` for malformed text."""
        ...
