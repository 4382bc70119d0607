"""Builders for tricks and plays with a compact notation, and its inverse.

Compact notation: ``"<leader> / <card> <card> ..."``, e.g. ``"N / SA SK H2 S3"`` for one trick
(the seats follow clockwise from the leader) or ``"W / D7 DA DK DT SA SJ S7 S3"`` for a play (the
winner of each trick leads the next). A comment may follow a card of a play in braces:
``"W / D7 {top of nothing} DA"``.

>>> PlayBuilder().from_compact("W / D7 DA").build()
{'first': 'W', 'moves': [{'card': 'D7'}, {'card': 'DA'}]}
"""

from __future__ import annotations

import re
from typing import Self

from parlour.bridge._cards import (
    Seat,
    Suit,
    check_mapping,
    check_sequence,
    check_suit,
    next_seat,
    seat_index,
)
from parlour.bridge.play import Play, PlayEntry, PlayMove, Trick, card_text, determine_trick_winner
from parlour.errors import NotationError

__all__ = ["PlayBuilder", "TrickBuilder", "parse_compact", "to_compact"]

_TOKEN = re.compile(r"\{([^}]*)\}|(\S+)")


def parse_compact(text: str) -> tuple[Seat, list[PlayMove]]:
    """Parse ``"<leader> / <cards>"`` into the leader and the moves (comments kept).

    Raises:
        NotationError: ``INVALID_COMPACT`` for a malformed string, ``INVALID_CARD`` for a bad card.
    """
    if not isinstance(text, str) or "/" not in text:
        raise NotationError("INVALID_COMPACT", f"expected '<seat> / <cards>', got {text!r}")
    head, _, body = text.partition("/")
    leader = head.strip()
    if leader not in ("N", "E", "S", "W"):
        raise NotationError("INVALID_COMPACT", f"not a seat before '/': {leader!r}")
    moves: list[PlayMove] = []
    for m in _TOKEN.finditer(body):
        comment, token = m.group(1), m.group(2)
        if comment is not None:
            if not moves:
                raise NotationError("INVALID_COMPACT", "a comment must follow a card")
            prev = moves[-1]
            prev["comment"] = (prev["comment"] + " " if "comment" in prev else "") + comment.strip()
            continue
        if "{" in token or "}" in token:
            raise NotationError("INVALID_COMPACT", f"unbalanced comment brace in {token!r}")
        moves.append({"card": card_text(token)})
    return leader, moves  # type: ignore[return-value]


def to_compact(first: str, moves: list[PlayMove] | list[str]) -> str:
    """Format a leader and moves (or plain cards) in compact notation.

    Raises:
        TypeError: ``moves`` is not a list of cards or move mappings, or a comment is not text.
        ConfigError: ``first`` is not a seat.
        NotationError: A bad card.
    """
    seat_index(first)
    parts: list[str] = []
    for m in check_sequence(moves, "moves"):
        if isinstance(m, str):
            parts.append(card_text(m))
            continue
        move = check_mapping(m, "a move")
        parts.append(card_text(move.get("card")))
        comment = move.get("comment")
        if comment and not isinstance(comment, str):
            raise TypeError(f"a comment must be a string, not {type(comment).__name__}")
        if isinstance(comment, str) and comment:
            parts.append("{" + comment.replace("}", ")") + "}")
    return f"{first} / {' '.join(parts)}".rstrip()


class TrickBuilder:
    """Builds one ``Trick`` from compact notation (``"N / SA SK H2 S3"``).

    The winner of a complete trick is computed with the builder's trump (default no-trump).
    """

    def __init__(self, trump: Suit | None = None) -> None:
        self._trump = check_suit(trump)
        self._lead: Seat = "N"
        self._cards: list[str] = []

    def from_compact(self, text: str) -> Self:
        """Read the trick from compact notation (at most four cards).

        Raises:
            NotationError: A malformed string, a bad card or more than four cards.
        """
        lead, moves = parse_compact(text)
        if len(moves) > 4:
            raise NotationError("INVALID_COMPACT", f"a trick has at most 4 cards, not {len(moves)}")
        self._lead = lead
        self._cards = [m["card"] for m in moves]
        return self

    def lead(self, seat: Seat) -> Self:
        """Set the leader.

        Raises:
            ConfigError: Not a seat.
        """
        seat_index(seat)
        self._lead = seat
        return self

    def card(self, card: str) -> Self:
        """Add the next card.

        Raises:
            NotationError: A bad card or a fifth card.
        """
        if len(self._cards) >= 4:
            raise NotationError("INVALID_COMPACT", "a trick has at most 4 cards")
        self._cards.append(card_text(card))
        return self

    def trump(self, trump: Suit | None) -> Self:
        """Set the trump suit used for the winner (None: no-trump).

        Raises:
            ConfigError: Not a suit.
        """
        self._trump = check_suit(trump)
        return self

    def build(self) -> Trick:
        """The trick: leader, entries with seats, and the winner of a complete trick."""
        entries: list[PlayEntry] = [
            {"player": next_seat(self._lead, k), "card": c} for k, c in enumerate(self._cards)
        ]
        winner: Seat | None = None
        if len(entries) == 4:
            best = determine_trick_winner(entries, self._trump, None)
            winner = best["player"] if best else None
        return {"lead": self._lead, "cards": entries, "winner": winner}

    @staticmethod
    def to_compact(trick: Trick) -> str:
        """The compact notation of a trick.

        Raises:
            TypeError: ``trick`` is not a mapping with a list of entries.
            ConfigError: A bad leader.
            NotationError: A bad card.
        """
        t = check_mapping(trick, "trick")
        entries = check_sequence(t.get("cards", ()), "a trick's cards")
        cards = [check_mapping(e, "a trick entry").get("card") for e in entries]
        return to_compact(t.get("lead"), cards)  # type: ignore[arg-type]


class PlayBuilder:
    """Builds a ``Play`` from compact notation (``"W / D7 DA DK DT SA SJ S7 S3"``)."""

    def __init__(self) -> None:
        self._first: Seat = "N"
        self._moves: list[PlayMove] = []

    def from_compact(self, text: str) -> Self:
        """Read the play from compact notation.

        Raises:
            NotationError: A malformed string or a bad card.
        """
        self._first, self._moves = parse_compact(text)
        return self

    def first(self, seat: Seat) -> Self:
        """Set the opening leader.

        Raises:
            ConfigError: Not a seat.
        """
        seat_index(seat)
        self._first = seat
        return self

    def card(self, card: str, comment: str | None = None) -> Self:
        """Add the next card, with an optional comment.

        Raises:
            NotationError: A bad card.
        """
        move: PlayMove = {"card": card_text(card)}
        if comment:
            move["comment"] = comment
        self._moves.append(move)
        return self

    def build(self) -> Play:
        """The play (a fresh dictionary each time)."""
        return {"first": self._first, "moves": [dict(m) for m in self._moves]}  # type: ignore[misc]

    @staticmethod
    def to_compact(play: Play) -> str:
        """The compact notation of a play (comments in braces).

        Raises:
            TypeError: ``play`` is not a mapping with a list of moves.
            ConfigError: A bad leader.
            NotationError: A bad card.
        """
        p = check_mapping(play, "play")
        return to_compact(p.get("first"), p.get("moves", ()))  # type: ignore[arg-type]
