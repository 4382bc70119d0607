"""Cards, seats and suits of bridge as plain strings, and their small arithmetic.

A card is suit then rank (``"SA"``, ``"HT"``, ``"D2"``); its code is the core's bit index
``suit * 16 + rank`` (suits S=0 H=1 D=2 C=3, ranks two=0 … ace=12). Seats ``N E S W`` are 0-3.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import reduce
from operator import or_
from typing import Literal, TypeAlias, TypeVar, cast

from parlour import _core
from parlour.errors import ConfigError, NotationError

Seat: TypeAlias = Literal["N", "E", "S", "W"]
"""A seat letter."""
Suit: TypeAlias = Literal["S", "H", "D", "C"]
"""A suit letter."""

SEATS: tuple[Seat, Seat, Seat, Seat] = ("N", "E", "S", "W")
SUITS: tuple[Suit, Suit, Suit, Suit] = ("S", "H", "D", "C")
RANKS = "23456789TJQKA"
STRAINS = "SHDCN"

_T = TypeVar("_T")

_SEAT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SEATS)}
_SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
_RANK_INDEX: dict[str, int] = {r: i for i, r in enumerate(RANKS)}


def check_mapping(value: object, what: str) -> Mapping[object, object]:
    """``value`` itself when it is a mapping; raises ``TypeError`` otherwise."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{what} must be a mapping, not {type(value).__name__}")
    return value


def check_sequence(value: object, what: str) -> Sequence[object]:
    """``value`` itself when it is a sequence other than text; raises ``TypeError`` otherwise."""
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Sequence):
        raise TypeError(f"{what} must be a list, not {type(value).__name__}")
    return value


def check_type(value: object, kind: type[_T], what: str) -> _T:
    """``value`` itself when it is a ``kind``; raises ``TypeError`` otherwise."""
    if not isinstance(value, kind):
        raise TypeError(f"{what} must be a {kind.__name__}, not {type(value).__name__}")
    return value


def check_card_list(value: object, what: str) -> list[str]:
    """A new list of the strings of an iterable of strings (a hand); ``TypeError`` otherwise.

    Text, bytes and mappings are refused: a hand is a list of cards such as ``["SA", "H2"]``.
    """
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise TypeError(f"{what} must be a list of cards, not {type(value).__name__}")
    out = list(value)
    for c in out:
        if not isinstance(c, str):
            raise TypeError(f"{what} must hold cards as strings, not {type(c).__name__}")
    return out


def seat_index(seat: object) -> int:
    """The number 0-3 of a seat letter; raises ``ConfigError`` (``INVALID_SEAT``) otherwise."""
    if isinstance(seat, str) and seat in _SEAT_INDEX:
        return _SEAT_INDEX[seat]
    raise ConfigError("INVALID_SEAT", f"not a seat (N, E, S or W): {seat!r}")


def seat_at(index: int) -> Seat:
    """The seat letter of seat number ``index`` (taken modulo 4)."""
    return SEATS[index % 4]


def next_seat(seat: Seat, steps: int = 1) -> Seat:
    """The seat ``steps`` places clockwise from ``seat``."""
    return SEATS[(_SEAT_INDEX[seat] + steps) % 4]


def suit_index(suit: object) -> int:
    """The number 0-3 of a suit letter; raises ``ConfigError`` (``INVALID_SUIT``) otherwise."""
    if isinstance(suit, str) and suit in _SUIT_INDEX:
        return _SUIT_INDEX[suit]
    raise ConfigError("INVALID_SUIT", f"not a suit (S, H, D or C): {suit!r}")


def check_suit(suit: object) -> Suit | None:
    """``suit`` itself when it is a suit letter or None; raises ``ConfigError`` otherwise."""
    if suit is None:
        return None
    suit_index(suit)
    return SUITS[_SUIT_INDEX[str(suit)]]


def card_code(card: object) -> int:
    """The bit index of a card written ``"SA"``; raises ``NotationError`` (``INVALID_CARD``)."""
    if isinstance(card, str) and len(card) == 2:
        s = _SUIT_INDEX.get(card[0])
        r = _RANK_INDEX.get(card[1])
        if s is not None and r is not None:
            return s * 16 + r
    raise NotationError("INVALID_CARD", f"not a card (suit then rank, e.g. SA, HT): {card!r}")


def trick_winner(cards: Sequence[str], trump: str | None) -> int | None:
    """The index (play order) of the card winning a trick; None for no cards.

    The highest trump wins, else the highest card of the suit led: the core's one trick
    resolver decides it.

    Raises:
        NotationError: A card is not a card (``INVALID_CARD``).
    """
    trumps = 0x1FFF << (16 * _SUIT_INDEX[trump]) if trump in _SUIT_INDEX else 0
    return _core.trick_winner([card_code(c) for c in cards], trumps)


def code_card(code: int) -> str:
    """The text of the card with bit index ``code``."""
    return SUITS[(code >> 4) & 3] + RANKS[code & 15]


def is_card(card: object) -> bool:
    """True when ``card`` is a card written ``"SA"``."""
    return (
        isinstance(card, str)
        and len(card) == 2
        and card[0] in _SUIT_INDEX
        and card[1] in _RANK_INDEX
    )


def rank_value(card: str) -> int:
    """The rank index of a card, two 0 … ace 12 (``-1`` for an unknown rank)."""
    return _RANK_INDEX.get(card[1:2], -1) if len(card) == 2 else -1


def mask_of(cards: Iterable[str]) -> int:
    """The core card mask of some cards (each must be a valid card)."""
    m = 0
    for c in cards:
        m |= 1 << card_code(c)
    return m


def cards_of_mask(mask: int) -> list[str]:
    """The cards of a mask, sorted for display: spades first, ace down to two in each suit."""
    out: list[str] = []
    for s in range(4):
        for r in range(12, -1, -1):
            if mask >> (s * 16 + r) & 1:
                out.append(SUITS[s] + RANKS[r])
    return out


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards sorted for display: suits S, H, D, C, each from the ace down."""
    return sorted(cards, key=lambda c: (_SUIT_INDEX.get(c[:1], 9), -rank_value(c)))


def hands_masks(
    hands: Mapping[str, Sequence[str]] | Mapping[Seat, Sequence[str]],
) -> list[int]:
    """The four hands N, E, S, W of a mapping as card masks; raises on bad cards or seats."""
    hands = cast("Mapping[str, Sequence[str]]", hands)
    if not isinstance(hands, Mapping):
        raise ConfigError("INVALID_HANDS", "hands must map seats N, E, S, W to lists of cards")
    for key in hands:
        seat_index(key)
    out = []
    for seat in SEATS:
        cards = hands.get(seat, ())
        if isinstance(cards, str):
            raise ConfigError("INVALID_HANDS", f"hand {seat} must be a list of cards, not a string")
        try:
            m = reduce(or_, map(_BITS.__getitem__, cards), 0)
        except (KeyError, TypeError):
            m = 0
            for c in cards:
                m |= 1 << card_code(c)
        out.append(m)
    return out


_CODES = {s + r: i * 16 + k for i, s in enumerate(SUITS) for k, r in enumerate(RANKS)}
_BITS = {c: 1 << k for c, k in _CODES.items()}
