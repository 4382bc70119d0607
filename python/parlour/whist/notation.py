"""The whist position text: one reader and one writer, over :class:`Parts`.

One line, ``/``-separated: ``trump/leader/hands/trick/won`` where ``trump`` is a suit letter or
``N``, ``leader`` the seat (0-3) that led the current trick, ``hands`` the four hands (seats 0-3)
as concatenated bridge-spelled cards separated by ``,``, ``trick`` the cards of the current trick
in play order separated by spaces, and ``won`` the tricks taken per seat.

>>> parts = read("N/0/SA,HA,DA,CA//3 3 3 3")
>>> parts.hands[1] == 1 << (16 + 12), write(parts)
(True, 'N/0/SA,HA,DA,CA//3 3 3 3')
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour import _core
from parlour.cards import RANKS, SUITS, CardSet, parse_card
from parlour.errors import NotationError

__all__ = ["Parts", "read", "write"]


@dataclass(frozen=True, slots=True)
class Parts:
    """A whist position's parts, as ``State.parts()`` gives them and ``State.from_parts`` takes.

    Cards are bit indices ``suit * 16 + rank`` and hands bit masks, as in :mod:`parlour.cards`.
    """

    trump: int | None
    """The trump suit's lane (0 spades … 3 clubs), None in no-trump."""
    leader: int
    """The seat that led the trick in progress (or leads the next)."""
    hands: tuple[int, int, int, int]
    """Each seat's hand as a card mask."""
    trick: tuple[int, ...]
    """The cards of the trick in progress, in play order."""
    won: tuple[int, int, int, int]
    """Tricks taken by each seat."""


def read(text: str) -> Parts:
    """The parts a position text writes, not yet checked as a position.

    ``State.from_parts`` checks them.

    Raises:
        NotationError: ``INVALID_NOTATION`` (or ``INVALID_CARD``) if the text is malformed.
        TypeError: If ``text`` is not a string.
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
    n, e, s, w = (
        CardSet.from_cards(parse_card(h[i : i + 2], "bridge") for i in range(0, len(h), 2)).bits
        for h in hand_texts
    )
    trick = tuple(parse_card(t, "bridge").index for t in trick_s.split(" ") if t)
    won_parts = won_s.split(" ")
    if len(won_parts) != 4 or not all(w.isdecimal() and len(w) <= 2 for w in won_parts):
        raise NotationError("INVALID_NOTATION", "expected four trick counts")
    wn, we, ws, ww = (int(w) for w in won_parts)
    trump = None if trump_s == "N" else SUITS.index(trump_s)
    return Parts(trump, int(leader_s), (n, e, s, w), trick, (wn, we, ws, ww))


def _card(index: int) -> str:
    """A card index in bridge spelling (suit letter, then rank)."""
    return SUITS[index >> 4] + RANKS[index & 15]


def write(parts: Parts) -> str:
    """The position text of ``parts``: hands in ascending card order, the trick in play order.

    Raises:
        TypeError: If ``parts`` is not a :class:`Parts`.
    """
    if not isinstance(parts, Parts):
        raise TypeError(f"write takes a whist Parts, not {type(parts).__name__}")
    hands = ",".join("".join(_card(i) for i in _core.cardset_cards(h)) for h in parts.hands)
    trick = " ".join(_card(i) for i in parts.trick)
    trump = "N" if parts.trump is None else SUITS[parts.trump]
    won = " ".join(str(w) for w in parts.won)
    return f"{trump}/{parts.leader}/{hands}/{trick}/{won}"
