"""The uniform state protocol that every game's state class follows.

Simulation, bots and adapters are written once against :class:`GameStateProtocol`. A state is
immutable: :meth:`GameStateProtocol.apply` returns a new state and leaves its input untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, TypedDict, runtime_checkable

__all__ = ["GameStateProtocol", "SeatView", "TrickPlayView"]


class SeatView(TypedDict):
    """The keys every game's ``view(seat)`` starts with (each game's ``View`` adds its own).

    A view is plain JSON data: ``json.dumps(state.view(seat))`` works as it is. It holds what
    ``seat`` may know and nothing else: never another seat's hidden cards, the stock's order
    or the seed.
    """

    game: str
    """The simulator id of the game (``"whist"``, ``"durak"``, ...)."""
    seat: int
    """The seat the view is for."""
    to_move: int | None
    """The seat to move; None when the game is over."""
    is_terminal: bool
    """True when the game is over."""
    hand: list[str]
    """The seat's own cards or tiles, in the game's spelling."""
    hand_sizes: list[int]
    """How many cards or tiles each seat holds, by seat."""
    legal_moves: list[str]
    """The seat's legal moves as text its game reads; empty unless the seat is to move."""
    legal_actions: list[int]
    """The same moves as action ids (the indices of ``legal_mask()``)."""
    returns: list[float]
    """The state's ``returns()`` (public: points, tricks or wins so far)."""


class TrickPlayView(SeatView):
    """The common keys, then the public parts of a trick play (whist's and bridge's views).

    Cards are bridge-spelled (``"SA"``, ``"HT"``).
    """

    trump: str | None
    """The trump suit letter (``S``, ``H``, ``D``, ``C``), None in no-trump."""
    leader: int
    """The seat that led the trick in progress (or leads the next)."""
    trick: list[str]
    """The cards of the trick in progress, in play order."""
    played: list[str]
    """The cards of finished tricks."""
    tricks_won: list[int]
    """Tricks taken: by each seat in whist, by each side (NS, EW) in bridge."""
    voids: list[list[str]]
    """For each seat, the suits it has shown out of (it did not follow when they were led)."""


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

    def view(self, seat: int) -> Any:
        """What ``seat`` may see: a JSON-ready dict starting with :class:`SeatView`'s keys."""
        ...

    def observation(self, seat: int) -> Any:
        """The view of ``seat`` as a float32 numpy array of the game's fixed shape."""
        ...

    def resample(self, seat: int, seed: int) -> Self:
        """A state that agrees with all ``seat`` has seen, its hidden cards drawn from ``seed``."""
        ...
