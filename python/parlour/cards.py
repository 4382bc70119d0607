"""Playing cards shared by every card game.

Parsing and formatting of every spelling the games use, the bitmask :class:`CardSet`, decks
and the seeded shuffle.

A card is identified by its bit index ``suit * 16 + rank`` (suits spades 0, hearts 1,
diamonds 2, clubs 3; ranks two 0 … ace 12), exactly as in the Rust core, so a
:class:`CardSet` is a plain integer mask.

Spellings:

==========  ======================  ==================================================
name        examples                shape
==========  ======================  ==================================================
dalmara     ``10s`` ``Kh`` ``2c``    rank (ten as ``10``) then lower-case suit
gyla        ``TH`` ``6S``            rank (``T`` for ten) then upper-case suit
durak       ``AS`` ``TD``            as gyla; Durak card ids 1–36 via :func:`durak_id`
bridge      ``SA`` ``HT``            upper-case suit then rank (``T`` for ten)
==========  ======================  ==================================================

>>> parse_card("10s", "dalmara").format("bridge")
'ST'
>>> CardSet.from_cards([parse_card("SA", "bridge"), parse_card("H2", "bridge")]).format("bridge")
'SA H2'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar, get_args

from parlour import _core
from parlour.errors import ConfigError, NotationError

__all__ = [
    "RANKS",
    "SUITS",
    "Card",
    "CardSet",
    "Spelling",
    "card_of_durak_id",
    "deck",
    "durak_id",
    "format_card",
    "parse_card",
    "parse_cards",
    "shuffle",
]

Spelling = Literal["dalmara", "gyla", "durak", "bridge"]
"""The card spellings parlour speaks."""

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit letters in lane order (spades, hearts, diamonds, clubs)."""

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
"""Rank letters from two to ace (``T`` for ten)."""

_SPELLINGS: tuple[str, ...] = get_args(Spelling)
_T = TypeVar("_T")


def _spelling(spelling: object) -> str:
    if not isinstance(spelling, str) or spelling not in _SPELLINGS:
        raise ConfigError(
            "INVALID_SPELLING",
            f"unknown spelling {spelling!r}; expected one of {', '.join(_SPELLINGS)}",
        )
    return spelling


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card, identified by its bit index ``suit * 16 + rank``.

    Raises:
        ConfigError: If ``index`` is not a card's bit index.
    """

    index: int

    def __post_init__(self) -> None:
        i = self.index
        if isinstance(i, bool) or not isinstance(i, int) or not (0 <= i < 64 and i % 16 <= 12):
            raise ConfigError("INVALID_CARD", f"{i!r} is not a card index")

    @classmethod
    def of(cls, suit: str, rank: str) -> Card:
        """The card of a suit letter (``S``, ``H``, ``D``, ``C``) and rank letter (``2``…``A``).

        Raises:
            NotationError: For an unknown suit or rank letter.
        """
        if suit not in SUITS or rank not in RANKS:
            raise NotationError("INVALID_CARD", f"no card of suit {suit!r} and rank {rank!r}")
        return cls(SUITS.index(suit) * 16 + RANKS.index(rank))

    @classmethod
    def parse(cls, text: str, spelling: Spelling) -> Card:
        """Parse a card written in ``spelling``.

        Raises:
            NotationError: If ``text`` is not exactly one card in that spelling.
            ConfigError: For an unknown spelling.
        """
        return parse_card(text, spelling)

    @property
    def suit(self) -> str:
        """The suit letter ``S``, ``H``, ``D`` or ``C``."""
        return SUITS[self.index // 16]

    @property
    def rank(self) -> str:
        """The rank letter ``2`` … ``A`` (``T`` for ten)."""
        return RANKS[self.index % 16]

    @property
    def bit(self) -> int:
        """The single-bit mask of this card."""
        return 1 << self.index

    def format(self, spelling: Spelling = "bridge") -> str:
        """This card in ``spelling``.

        Raises:
            ConfigError: For an unknown spelling.
        """
        return format_card(self, spelling)

    def __str__(self) -> str:
        return self.format("bridge")


def parse_card(text: str, spelling: Spelling) -> Card:
    """Parse one card written in ``spelling``.

    Raises:
        NotationError: If ``text`` is not exactly one card in that spelling.
        ConfigError: For an unknown spelling.
        TypeError: If ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise TypeError(f"a card must be given as a string, not {type(text).__name__}")
    if not text.isascii():
        # no card is spelled outside ASCII, and a lone surrogate cannot even be passed on
        shown = text[:40].encode("utf-8", "backslashreplace").decode("ascii", "replace")
        raise NotationError(
            "INVALID_CARD", f"not a card in {_spelling(spelling)} spelling: {shown!r}"
        )
    return Card(_core.parse_card(text, _spelling(spelling)))


def parse_cards(text: str, spelling: Spelling) -> tuple[Card, ...]:
    """Parse whitespace-separated cards.

    Raises:
        NotationError: For the first token that is not a card.
    """
    if not isinstance(text, str):
        raise TypeError(f"cards must be given as a string, not {type(text).__name__}")
    return tuple(parse_card(t, spelling) for t in text.split())


def format_card(card: Card | int, spelling: Spelling = "bridge") -> str:
    """Write ``card`` (a :class:`Card` or bit index) in ``spelling``.

    Raises:
        ConfigError: For an unknown spelling or an index that is not a card.
    """
    index = card.index if isinstance(card, Card) else Card(card).index
    return _core.format_card(index, _spelling(spelling))


def durak_id(card: Card) -> int:
    """The Durak card id (1–36: ``9 * suit + rank_from_ace + 1``; ace of spades 1, six of clubs 36).

    Raises:
        ConfigError: For a card below six (not in the 36-card deck).
        TypeError: If ``card`` is not a :class:`Card`.
    """
    if not isinstance(card, Card):
        raise TypeError(f"expected a Card, not {type(card).__name__}")
    if card.index % 16 < 4:
        raise ConfigError("INVALID_CARD", f"{card} is not in the 36-card deck")
    return 9 * (card.index // 16) + (12 - card.index % 16) + 1


def card_of_durak_id(card_id: int) -> Card:
    """The card with Durak id ``card_id`` (1–36).

    Raises:
        ConfigError: For an id outside 1–36.
    """
    if isinstance(card_id, bool) or not isinstance(card_id, int) or not 1 <= card_id <= 36:
        raise ConfigError("INVALID_CARD", f"{card_id!r} is not a Durak card id (1-36)")
    suit, from_ace = divmod(card_id - 1, 9)
    return Card(suit * 16 + 12 - from_ace)


@dataclass(frozen=True, slots=True)
class CardSet:
    """An immutable set of cards backed by a 64-bit mask (bit ``i`` = card index ``i``).

    Iteration is in ascending index order: spades two … ace, then hearts, diamonds, clubs.

    Raises:
        ConfigError: If ``bits`` has a bit that is not a card.
    """

    bits: int = 0

    _ALL = sum(0x1FFF << (16 * s) for s in range(4))

    def __post_init__(self) -> None:
        b = self.bits
        if isinstance(b, bool) or not isinstance(b, int) or b < 0 or b & ~self._ALL:
            raise ConfigError("INVALID_CARD_SET", f"{b!r} is not a card-set mask")

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> CardSet:
        """The set of the given cards.

        Raises:
            TypeError: If ``cards`` is not an iterable of :class:`Card` (a string is not).
        """
        if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
            raise TypeError(f"cards must be an iterable of Card, not {type(cards).__name__}")
        bits = 0
        for c in cards:
            if not isinstance(c, Card):
                raise TypeError(f"a card must be a Card, not {type(c).__name__}")
            bits |= c.bit
        return cls(bits)

    @classmethod
    def full(cls, size: Literal[52, 36] = 52) -> CardSet:
        """The full 52-card or 36-card deck as a set.

        Raises:
            ConfigError: For any other size.
        """
        return cls.from_cards(deck(size))

    def cards(self) -> tuple[Card, ...]:
        """The cards in ascending index order."""
        return tuple(Card(i) for i in _core.cardset_cards(self.bits))

    def of_suit(self, suit: str) -> CardSet:
        """The cards of one suit letter.

        Raises:
            NotationError: For an unknown suit letter.
        """
        if suit not in SUITS:
            raise NotationError("INVALID_SUIT", f"{suit!r} is not a suit letter")
        return CardSet(self.bits & (0x1FFF << (16 * SUITS.index(suit))))

    def format(self, spelling: Spelling = "bridge") -> str:
        """The cards in ``spelling``, space-separated."""
        return " ".join(c.format(spelling) for c in self)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards())

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.bits & card.bit)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.bits | other.bits)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.bits & other.bits)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.bits & ~other.bits)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.bits ^ other.bits)


def deck(size: Literal[52, 36] = 52) -> tuple[Card, ...]:
    """The 52-card deck or the 36-card deck (six to ace), in index order.

    Raises:
        ConfigError: For any other size.
    """
    if isinstance(size, bool) or size not in (52, 36):
        raise ConfigError("INVALID_DECK_SIZE", f"deck size must be 52 or 36, not {size!r}")
    return tuple(Card(i) for i in _core.deck(size))


def shuffle(items: Sequence[_T], seed: int) -> tuple[_T, ...]:
    """A seeded Fisher–Yates shuffle (xoshiro256** seeded by SplitMix64, as the Rust core).

    Raises:
        ConfigError: If ``seed`` is not an integer from 0 to 2**64-1.
        TypeError: If ``items`` is not a sequence (a mapping, a set, an iterator).
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ConfigError(
            "INVALID_SEED", f"seed must be an integer from 0 to 2**64-1, not {seed!r}"
        )
    if isinstance(items, Mapping) or not (
        hasattr(items, "__getitem__") and hasattr(items, "__len__")
    ):
        raise TypeError(f"items must be a sequence, not {type(items).__name__}")
    order = _core.shuffled_indices(len(items), seed)
    return tuple(items[i] for i in order)
