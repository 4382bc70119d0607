"""Double-dummy analysis of card-play positions (all hands visible, best play by both sides).

The solver runs in Rust: boolean searches with a transposition table at trick boundaries (keyed
by the hands up to rank equivalence, with the lead that last cut a search off), quick tricks,
move ordering and equivalent-card pruning. It is exact; endgames take milliseconds and a whole
deal's table (:func:`dd_table`) seconds. A node budget turns bigger searches into a
``ConfigError`` (``DD_BUDGET_EXCEEDED``).

>>> r = solve({"N": ["SA", "SK"], "E": ["S2", "S3"], "S": ["H2", "H3"], "W": ["D2", "D3"]},
...           None, "N", [])
>>> r.tricks, r.by_card
(2, {'SK': 2, 'SA': 2})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from parlour._core import bridge as _native
from parlour.bridge._cards import (
    SUITS,
    Seat,
    Suit,
    card_code,
    check_suit,
    hands_masks,
    seat_index,
)
from parlour.bridge.api import HandsData
from parlour.errors import ConfigError

__all__ = ["DoubleDummy", "dd_table", "solve"]

DEFAULT_BUDGET = 10_000_000
"""Default node budget of a search."""

TABLE_BUDGET = 4_000_000_000
"""Default node budget of each strain of :func:`dd_table`: enough for every recorded random
deal (``benches/bench_bridge.py --dd-tables``); lower it to bound the time a table may take."""


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """The double-dummy value of a position.

    Attributes:
        tricks: Tricks the side to move takes of the remaining tricks, the current one included.
        by_card: For every legal card of the seat to move, the same value after playing it.
    """

    tricks: int
    by_card: Mapping[str, int]


def solve(
    hands: HandsData,
    trump: Suit | None,
    trick_leader: Seat | str,
    current_trick: Sequence[str] = (),
    *,
    budget: int = DEFAULT_BUDGET,
    with_cards: bool = True,
) -> DoubleDummy:
    """Solve a position double dummy.

    Args:
        hands: The cards still held by each seat (the cards of the current trick removed).
        trump: The trump suit, None for no-trump.
        trick_leader: The seat that led (or leads) the current trick.
        current_trick: The cards already played to it, in order (0 to 3).
        budget: Node budget of the search.
        with_cards: Also compute the value of every legal card (``by_card`` is empty when
            False, which is all a double-dummy table needs).

    Returns:
        The tricks for the side to move and the value of each legal card.

    Raises:
        ConfigError: A bad seat or suit, or ``DD_BUDGET_EXCEEDED``.
        NotationError: A bad card.
        InvalidStateError: Hands and trick that do not fit together.
    """
    check_suit(trump)
    if not isinstance(budget, int) or isinstance(budget, bool) or not 0 < budget < 2**63:
        raise ConfigError("INVALID_BUDGET", f"budget must be a positive integer, not {budget!r}")
    lead = seat_index(trick_leader)
    masks = hands_masks(hands)
    trick = [card_code(c) for c in current_trick]
    t = None if trump is None else SUITS.index(trump)
    tricks, by_card = _native.dd_solve((masks, t, lead, trick), budget, with_cards)
    return DoubleDummy(tricks=tricks, by_card=dict(by_card))


def dd_table(hands: HandsData, *, budget: int = TABLE_BUDGET) -> dict[str, dict[str, int]]:
    """The double-dummy table of a full deal: ``table[strain][declarer]`` = declarer's tricks.

    Strains ``N`` (no-trump), ``S``, ``H``, ``D``, ``C``; the opening lead is by declarer's
    left-hand opponent. The strains are solved in parallel (the GIL released) and the four
    declarers of a strain share one transposition table; a random deal takes seconds.

    Args:
        hands: The four hands of a deal (equal lengths, usually 13 cards each).
        budget: Node budget of each strain's searches.

    Returns:
        ``{"N": {"N": t, "E": t, "S": t, "W": t}, "S": {...}, "H": ..., "D": ..., "C": ...}``.

    Raises:
        ConfigError: ``DD_BUDGET_EXCEEDED`` when a strain's searches exceed ``budget`` nodes, or
            ``INVALID_BUDGET``.
        NotationError: A bad card.
        InvalidStateError: Hands that are not a deal of equal hands (``INVALID_POSITION``).
    """
    if not isinstance(budget, int) or isinstance(budget, bool) or not 0 < budget < 2**63:
        raise ConfigError("INVALID_BUDGET", f"budget must be a positive integer, not {budget!r}")
    rows = _native.dd_table(hands_masks(hands), budget)
    return {
        strain: dict(zip(("N", "E", "S", "W"), row, strict=True))
        for strain, row in zip("NSHDC", rows, strict=True)
    }
