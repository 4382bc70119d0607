"""A generic four-player, 52-card trick-taking game built only from the shared core.

Whist-style: a seeded deal of 13 cards each, the suit of the last card dealt is trump (or no
trump), seat 0 leads, follow suit if able, the trick's winner leads the next. Returns are the
tricks each seat took. It is the reference game for the core's conformance tests and benchmarks
and runs in the simulator as ``"whist"``.

Notation (one line, ``/``-separated): ``trump/leader/hands/trick/won`` where ``trump`` is a
suit letter or ``N``, ``leader`` the seat (0-3) that led the current trick, ``hands`` the four
hands (seats 0-3) as concatenated bridge-spelled cards separated by ``,``, ``trick`` the cards
of the current trick in play order separated by spaces, and ``won`` the tricks taken per seat.

>>> s = State.new(seed=7)
>>> len(s.legal_moves()), s.to_move
(13, 0)
>>> State.from_notation(s.to_notation()) == s
True
"""

from __future__ import annotations

from typing import Self

from parlour._core import whist as _native
from parlour._core.whist import WhistState
from parlour._native import fold_into_base
from parlour.cards import SUITS, CardSet, parse_card
from parlour.errors import ConfigError, NotationError
from parlour.protocol import SeatView

__all__ = ["ACTION_SPACE", "OBSERVATION_SHAPE", "State", "View"]

ACTION_SPACE = 52
"""Size of the fixed action space: action ``suit * 13 + rank`` is that card."""

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


@fold_into_base
class State(_native.State):
    """A position of the generic trick-taking game (immutable).

    ``State(core)`` wraps a :class:`~parlour._core.whist.WhistState`. The class is the Rust
    class ``parlour._core.whist.State``, which runs the hot path (``is_terminal``, ``to_move``,
    ``zobrist``, ``legal_moves``, ``apply_index``, ``apply``) without a Python frame; the members
    below are written in Python and installed on it (``fold_into_base``).
    """

    __slots__ = ()

    @classmethod
    def new(cls, *, seed: int, no_trump: bool = False) -> Self:
        """A new game dealt from ``seed``.

        Raises:
            ConfigError: If ``seed`` is not an integer from 0 to 2**64-1.
        """
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ConfigError(
                "INVALID_SEED", f"seed must be an integer from 0 to 2**64-1, not {seed!r}"
            )
        return cls(WhistState(seed, bool(no_trump)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("State is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("State is immutable")

    def returns(self) -> tuple[float, ...]:
        """Tricks taken by each seat."""
        return tuple(self._core.returns())

    def to_notation(self) -> str:
        """The position's notation (see the module docs)."""
        return self._core.to_notation()

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """Parse a position written by :meth:`to_notation`.

        Raises:
            NotationError: If the text is malformed.
            InvalidStateError: If it is well-formed but cannot arise in a game.
        """
        if not isinstance(text, str):
            raise TypeError(f"notation must be a string, not {type(text).__name__}")
        fields = text.split("/")
        if len(fields) != 5:
            raise NotationError("INVALID_NOTATION", "expected 5 '/'-separated fields")
        trump_s, leader_s, hands_s, trick_s, won_s = fields
        if trump_s != "N" and trump_s not in SUITS:
            raise NotationError("INVALID_NOTATION", f"bad trump {trump_s!r}")
        if leader_s not in ("0", "1", "2", "3"):
            raise NotationError("INVALID_NOTATION", f"bad leader {leader_s!r}")
        hand_texts = hands_s.split(",")
        if len(hand_texts) != 4 or any(len(h) % 2 for h in hand_texts):
            raise NotationError("INVALID_NOTATION", "expected four hands of two-character cards")
        hands = [
            CardSet.from_cards(parse_card(h[i : i + 2], "bridge") for i in range(0, len(h), 2)).bits
            for h in hand_texts
        ]
        trick = [parse_card(t, "bridge").index for t in trick_s.split(" ") if t]
        won_parts = won_s.split(" ")
        if len(won_parts) != 4 or not all(w.isdigit() and len(w) <= 2 for w in won_parts):
            raise NotationError("INVALID_NOTATION", "expected four trick counts")
        won = [int(w) for w in won_parts]
        trump = None if trump_s == "N" else SUITS.index(trump_s)
        return cls(WhistState.from_parts(hands, trick, int(leader_s), trump, won))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._core == other._core

    def __hash__(self) -> int:
        return self.zobrist

    def __repr__(self) -> str:
        return f"State.from_notation({self.to_notation()!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (State.from_notation, (self.to_notation(),))

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self
