"""Durak's 36 cards: ids 1 to 36, ``id = 9*suit + rank + 1`` (suits S H D C, ranks A … 6).

>>> from parlour.durak import id_of, name_of, power_of, six_of
>>> id_of("as"), name_of(23), power_of(9), six_of("H")
(1, 'TD', 0, 18)
"""

from __future__ import annotations

from typing import Literal

from parlour.durak.errors import DurakConfigError

__all__ = [
    "CARDS",
    "RANKS",
    "SUITS",
    "card_id",
    "face_of",
    "id_of",
    "ids_of_suit",
    "long_name_of",
    "name_of",
    "power_of",
    "rank_of",
    "six_of",
    "suit_index",
    "suit_of",
]

Suit = Literal["S", "H", "D", "C"]

CARDS = 36
"""Number of cards in the pack."""
RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "T", "9", "8", "7", "6")
"""Rank letters, ace high first, six last (the ten is ``T``)."""
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit letters in id order."""

_RANK_WORDS = ("ace", "king", "queen", "jack", "ten", "nine", "eight", "seven", "six")
_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")


def card_id(value: object) -> int:
    """Check a card id: an int in 1..36, or a string of digits without a leading zero.

    Args:
        value: The id.

    Returns:
        The id as an int.

    Raises:
        DurakConfigError: ``NO_CARD`` for anything else (0, 37, -1, None, ``"AS"``, ``"1.5"``).
    """
    n: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        n = value
    elif isinstance(value, str) and value.isascii() and value.isdigit() and value[0] != "0":
        n = int(value)
    if n is None or not 1 <= n <= CARDS:
        raise DurakConfigError("NO_CARD", f"no card has id {value!r}")
    return n


def suit_index(suit: object) -> int:
    """The index (S0 H1 D2 C3) of a suit letter.

    Args:
        suit: ``"S"``, ``"H"``, ``"D"`` or ``"C"``.

    Returns:
        The index.

    Raises:
        DurakConfigError: ``NO_SUIT`` for anything else.
    """
    if isinstance(suit, str) and suit in SUITS:
        return SUITS.index(suit)
    raise DurakConfigError("NO_SUIT", f"no suit is {suit!r}")


def rank_of(card: object) -> str:
    """The rank letter of a card (``A K Q J T 9 8 7 6``).

    Args:
        card: A card id.

    Returns:
        The rank letter.

    Raises:
        DurakConfigError: ``NO_CARD`` for a bad id.
    """
    return RANKS[(card_id(card) - 1) % 9]


def suit_of(card: object) -> str:
    """The suit letter of a card.

    Args:
        card: A card id.

    Returns:
        ``S``, ``H``, ``D`` or ``C``.

    Raises:
        DurakConfigError: ``NO_CARD`` for a bad id.
    """
    return SUITS[(card_id(card) - 1) // 9]


def power_of(card: object) -> int:
    """8 for an ace down to 0 for a six (orders cards of one suit only).

    Args:
        card: A card id.

    Returns:
        The power.

    Raises:
        DurakConfigError: ``NO_CARD`` for a bad id.
    """
    return 8 - (card_id(card) - 1) % 9


def name_of(card: object) -> str:
    """The two-letter name of a card (``AS``, ``TD``, ``6C``).

    Args:
        card: A card id.

    Returns:
        The name.

    Raises:
        DurakConfigError: ``NO_CARD`` for a bad id.
    """
    return rank_of(card) + suit_of(card)


def long_name_of(card: object) -> str:
    """The long name of a card (``ace of spades``, ``ten of diamonds``).

    Args:
        card: A card id.

    Returns:
        The long name.

    Raises:
        DurakConfigError: ``NO_CARD`` for a bad id.
    """
    i = card_id(card) - 1
    return f"{_RANK_WORDS[i % 9]} of {_SUIT_WORDS[i // 9]}"


def face_of(card: object) -> str:
    """What a player reads on the card: the rank, with the ten written ``10``.

    Args:
        card: A card id.

    Returns:
        The face.

    Raises:
        DurakConfigError: ``NO_CARD`` for a bad id.
    """
    r = rank_of(card)
    return "10" if r == "T" else r


def id_of(name: object) -> int | None:
    """The id of a card name, case-insensitive; None for anything that is not a card name.

    Args:
        name: A name like ``"AS"`` or ``"td"``.

    Returns:
        The id, or None.
    """
    if not isinstance(name, str) or len(name) != 2:
        return None
    r, s = name[0].upper(), name[1].upper()
    if r not in RANKS or s not in SUITS:
        return None
    return 9 * SUITS.index(s) + RANKS.index(r) + 1


def ids_of_suit(suit: object) -> list[int]:
    """The nine ids of a suit in id order.

    Args:
        suit: A suit letter.

    Returns:
        The ids.

    Raises:
        DurakConfigError: ``NO_SUIT`` for a bad suit.
    """
    i = suit_index(suit)
    return list(range(9 * i + 1, 9 * i + 10))


def six_of(suit: object) -> int:
    """The id of a suit's six (``S 9, H 18, D 27, C 36``).

    Args:
        suit: A suit letter.

    Returns:
        The id.

    Raises:
        DurakConfigError: ``NO_SUIT`` for a bad suit.
    """
    return 9 * suit_index(suit) + 9
