"""The pure rules functions over a hand, a :class:`Bout` and a trump suit, the deal and results.

These mirror ``Game::Durak::{Rules,Bout,Deck,Result}``; the engine uses the same Rust functions.

>>> from parlour.durak import Bout, legal_attacks, legal_beats, closes, id_of, name_of
>>> b = Bout.build(1, 2, 6).add_attack(id_of("6S")).add_beat(id_of("7S"))
>>> [name_of(c) for c in legal_attacks([id_of(n) for n in ("7D", "KH", "6C")], b)]
['7D', '6C']
>>> closes(b, 0)
'spent'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from parlour._core import durak as _d
from parlour.durak.cards import RANKS, card_id, suit_index
from parlour.durak.errors import DurakConfigError, call

__all__ = [
    "HAND_SIZE",
    "SEATS",
    "Bout",
    "beats",
    "cap_for",
    "closes",
    "deal_for",
    "first_attacker",
    "forced",
    "legal_attacks",
    "legal_beats",
    "order_for",
    "out_seats",
    "places_for",
    "resign_for",
    "result_for",
    "seed_bytes",
]

HAND_SIZE = 6
"""Cards each seat is dealt and refilled to."""
SEATS = 2
"""The reference's seat count (parlour also deals 3 to 6)."""


@dataclass(frozen=True, slots=True)
class Bout:
    """A bout: fixed attacker, defender and cap; attack cards with their answers; ``taken``.

    ``beats[i]`` is the answer to ``attacks[i]`` or None while unanswered.

    Attributes:
        attacker: The attacking seat.
        defender: The defending seat.
        cap: The cap fixed when the bout opened.
        attacks: The attack cards.
        beats: The answers, parallel to ``attacks``.
        taken: Whether the defender took.
    """

    attacker: int
    defender: int
    cap: int
    attacks: tuple[int, ...] = ()
    beats: tuple[int | None, ...] = ()
    taken: bool = False

    @classmethod
    def build(cls, attacker: int, defender: int, cap: int) -> Bout:
        """An empty bout.

        Args:
            attacker: The attacking seat.
            defender: The defending seat (a different seat).
            cap: The cap, 1 to 6.

        Returns:
            The bout.

        Raises:
            DurakConfigError: ``BAD_BOUT`` for equal seats or a cap outside 1..6.
        """
        if (
            not all(isinstance(x, int) and not isinstance(x, bool) for x in (attacker, defender))
            or attacker == defender
            or not 1 <= attacker <= 6
            or not 1 <= defender <= 6
        ):
            raise DurakConfigError("BAD_BOUT", "a bout wants two different seats")
        if isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= 6:
            raise DurakConfigError("BAD_BOUT", f"a bout wants a cap of one to six, not {cap!r}")
        return cls(attacker, defender, cap)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Bout:
        """A bout from a mapping with ``cap``, ``attacks``, ``beats`` (ids or None) and ``taken``.

        ``attacker``/``defender`` default to 1 and 2.

        Args:
            data: The mapping.

        Returns:
            The bout.

        Raises:
            DurakConfigError: For bad cards or sizes.
            TypeError: If ``data`` is not a mapping.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"a bout is a mapping, not {type(data).__name__}")
        attacks = tuple(card_id(c) for c in data.get("attacks", ()))
        raw = list(data.get("beats", ()))
        raw += [None] * (len(attacks) - len(raw))
        beats_ = tuple(None if c is None else card_id(c) for c in raw)
        if len(beats_) != len(attacks) or len(attacks) > 6:
            raise DurakConfigError("BAD_BOUT", "a bout holds at most six attack cards")
        return cls(
            int(data.get("attacker", 1)),
            int(data.get("defender", 2)),
            int(data.get("cap", 6)),
            attacks,
            beats_,
            bool(data.get("taken", False)),
        )

    @property
    def size(self) -> int:
        """Number of attack cards."""
        return len(self.attacks)

    @property
    def room(self) -> int:
        """``cap - size``."""
        return self.cap - self.size

    @property
    def unbeaten(self) -> int | None:
        """The first attack card with no answer, or None."""
        for a, b in zip(self.attacks, self.beats, strict=False):
            if b is None:
                return a
        return None

    @property
    def all_beaten(self) -> bool:
        """True when no attack card is unanswered (true for an empty bout)."""
        return self.unbeaten is None

    @property
    def cards(self) -> list[int]:
        """All attack cards, then the answers."""
        return list(self.attacks) + [b for b in self.beats if b is not None]

    @property
    def ranks(self) -> frozenset[str]:
        """The ranks on the table, answers included."""
        return frozenset(RANKS[(c - 1) % 9] for c in self.cards)

    def add_attack(self, card: int) -> Bout:
        """The bout with one more attack card.

        Args:
            card: A card id.

        Returns:
            The new bout.

        Raises:
            DurakConfigError: ``BOUT_FULL`` at the cap, ``NO_CARD`` for a bad id.
        """
        c = card_id(card)
        if self.room < 1:
            raise DurakConfigError("BOUT_FULL", "the attack is at its cap")
        return Bout(
            self.attacker,
            self.defender,
            self.cap,
            (*self.attacks, c),
            (*self.beats, None),
            self.taken,
        )

    def add_beat(self, card: int) -> Bout:
        """The bout with ``card`` answering the first unanswered attack card (not checked).

        Args:
            card: A card id.

        Returns:
            The new bout.

        Raises:
            DurakConfigError: ``BEATS_NOTHING`` when nothing waits, ``NO_CARD`` for a bad id.
        """
        c = card_id(card)
        beats_ = list(self.beats)
        for i, b in enumerate(beats_):
            if b is None:
                beats_[i] = c
                return Bout(
                    self.attacker, self.defender, self.cap, self.attacks, tuple(beats_), self.taken
                )
        raise DurakConfigError("BEATS_NOTHING", "nothing is waiting to be beaten")

    def _args(self) -> tuple[int, list[int], list[int], bool]:
        return (
            self.cap,
            list(self.attacks),
            [0 if b is None else b for b in self.beats],
            self.taken,
        )


def _hand(hand: Iterable[object]) -> list[int]:
    return [card_id(c) for c in hand]


def _bout(bout: object) -> Bout:
    if not isinstance(bout, Bout):
        raise TypeError(f"expected a Bout, not {type(bout).__name__}")
    return bout


def _seat_key(key: object) -> int:
    if isinstance(key, bool):
        raise DurakConfigError("BAD_SEAT", f"{key!r} is not a seat")
    if isinstance(key, int):
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit():
        return int(key)
    raise DurakConfigError("BAD_SEAT", f"{key!r} is not a seat")


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DurakConfigError("BAD_COUNT", f"{value!r} is not a card count")
    return value


def cap_for(size: int | str) -> int:
    """The cap of a bout against a hand of ``size`` cards: ``min(size, 6)``.

    Args:
        size: The defender's hand size before the bout (an int, or a string of digits).

    Returns:
        The cap.

    Raises:
        DurakConfigError: ``BAD_SIZE`` unless ``size`` is a non-negative int or digit string.
    """
    if isinstance(size, str) and size.isascii() and size.isdigit():
        return min(int(size), 6)
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise DurakConfigError("BAD_SIZE", f"cap_for wants a hand size, not {size!r}")
    return min(size, 6)


def legal_attacks(hand: Iterable[int], bout: Bout) -> list[int]:
    """Cards that may be thrown in: any into an empty bout, else those of a rank on the table.

    Args:
        hand: Card ids.
        bout: The bout.

    Returns:
        The ids, in id order; empty once the cap is reached.

    Raises:
        DurakConfigError: For a bad card id.
    """
    b = _bout(bout)
    return list(call(lambda: _d.legal_attacks(_hand(hand), *b._args())))


def legal_beats(hand: Iterable[int], bout: Bout, trump: str) -> list[int]:
    """Cards that beat the first unanswered attack card.

    Args:
        hand: Card ids.
        bout: The bout.
        trump: The trump suit letter.

    Returns:
        The ids, in id order; empty when nothing waits.

    Raises:
        DurakConfigError: For a bad card id or suit.
    """
    b = _bout(bout)
    t = suit_index(trump)
    return list(call(lambda: _d.legal_beats(_hand(hand), *b._args(), t)))


def forced(hand: Iterable[int], bout: Bout, trump: str, phase: str, can_swap: bool) -> bool:
    """True when the seat on turn has no choice: no exchange and no legal beat (or throw).

    Args:
        hand: Card ids.
        bout: The bout.
        trump: The trump suit letter.
        phase: ``"defend"`` or anything else (attack, pile_on).
        can_swap: Whether the seat may exchange the trump six.

    Returns:
        Whether the position is forced.

    Raises:
        DurakConfigError: For a bad card id or suit.
    """
    t = suit_index(trump)
    return bool(
        call(lambda: _d.forced(_hand(hand), *bout._args(), t, phase == "defend", bool(can_swap)))
    )


def closes(bout: Bout, defender_size: int) -> Literal["spent", "capped"] | None:
    """The closings nobody chooses: ``spent`` (checked first) or ``capped``.

    Args:
        bout: The bout.
        defender_size: The defender's current hand size.

    Returns:
        ``"spent"``, ``"capped"`` or None (taken, empty, or not all beaten).

    Raises:
        DurakConfigError: For a bad bout.
    """
    b = _bout(bout)
    size = _count(defender_size)
    how = call(lambda: _d.closes(*b._args(), size))
    if how == "spent":
        return "spent"
    if how == "capped":
        return "capped"
    return None


def beats(defence: int, attack: int, trump: str) -> bool:
    """Does ``defence`` beat ``attack``?

    A trump attack needs a higher trump; else any trump beats it; else only a higher card of
    its suit.

    Args:
        defence: The answering card.
        attack: The attack card.
        trump: The trump suit letter.

    Returns:
        Whether it beats.

    Raises:
        DurakConfigError: For a bad id or suit.
    """
    return bool(_d.beats(card_id(defence), card_id(attack), suit_index(trump)))


def seed_bytes(seed: object) -> bytes:
    """A deal seed as bytes (a ``str`` is UTF-8 encoded); it must be exactly 32 bytes.

    Args:
        seed: ``bytes`` or ``str``.

    Returns:
        The 32 bytes.

    Raises:
        DurakConfigError: ``NO_SEED`` otherwise.
    """
    if isinstance(seed, str):
        seed = seed.encode("utf-8")
    if isinstance(seed, (bytes, bytearray)) and len(seed) == 32:
        return bytes(seed)
    raise DurakConfigError("NO_SEED", "a deal needs a seed (exactly 32 bytes)")


def deal_number(number: object) -> str:
    """A deal number as the decimal text the shuffle hashes.

    Args:
        number: A positive int, or a string of digits without a leading zero.

    Returns:
        The text.

    Raises:
        DurakConfigError: ``BAD_DEAL`` otherwise.
    """
    if isinstance(number, int) and not isinstance(number, bool) and number >= 1:
        return str(number)
    if isinstance(number, str) and number.isascii() and number.isdigit() and number[0] != "0":
        return number
    raise DurakConfigError("BAD_DEAL", "a deal number counts from one")


def order_for(seed: bytes | str, deal: int | str = 1) -> list[int]:
    """The shuffled order of the 36 ids for ``(seed, deal)`` (SHA-256 Fisher-Yates).

    Args:
        seed: Exactly 32 bytes (a ``str`` is UTF-8 encoded).
        deal: The deal number, from 1.

    Returns:
        A permutation of 1..36.

    Raises:
        DurakConfigError: ``NO_SEED`` or ``BAD_DEAL``.
    """
    s = seed_bytes(seed)
    n = deal_number(deal)
    return list(call(lambda: _d.order_for(s, n)))


def deal_for(seed: bytes | str, deal: int | str = 1, seats: int = 2) -> dict[str, Any]:
    """The deal: hands (sorted), talon (turn-up last), turn-up, trump and the first attacker.

    Args:
        seed: Exactly 32 bytes.
        deal: The deal number, from 1.
        seats: 2 (the reference) to 6.

    Returns:
        ``{"hands": {seat: ids}, "talon": ids, "trump_card": id, "trump": suit, "first": seat}``.

    Raises:
        DurakConfigError: ``NO_SEED``, ``BAD_DEAL`` or ``BAD_SEATS``.
    """
    s = seed_bytes(seed)
    n = deal_number(deal)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 6:
        raise DurakConfigError("BAD_SEATS", "durak deals two to six seats")
    hands, talon, trump_card, first = call(lambda: _d.deal_for(s, n, seats))
    return {
        "hands": {i + 1: list(h) for i, h in enumerate(hands)},
        "talon": list(talon),
        "trump_card": trump_card,
        "trump": "SHDC"[(trump_card - 1) // 9],
        "first": first,
    }


def first_attacker(hands: Mapping[Any, Sequence[int]], trump: str) -> int:
    """The seat holding the lowest trump; the lowest seat when nobody holds a trump.

    Args:
        hands: Seat (int or digit string) to card ids.
        trump: The trump suit letter.

    Returns:
        The seat.

    Raises:
        DurakConfigError: ``NO_SUIT`` for a bad suit.
    """
    t = suit_index(trump)
    if not isinstance(hands, Mapping):
        raise TypeError("hands is a mapping of seat to card ids")
    seats = sorted(hands, key=_seat_key)
    lists = [_hand(hands[k]) for k in seats]
    index = call(lambda: _d.first_attacker(lists, t)) - 1
    return _seat_key(seats[index])


def _counts(counts: Mapping[Any, int]) -> dict[int, int]:
    if not isinstance(counts, Mapping):
        raise TypeError("counts is a mapping of seat to hand size")
    return {_seat_key(k): _count(v) for k, v in counts.items()}


def out_seats(counts: Mapping[Any, int], talon_left: int) -> list[int]:
    """Seats with no cards, in seat order; none while the talon has cards.

    Args:
        counts: Seat to hand size.
        talon_left: Cards left in the talon.

    Returns:
        The seats.
    """
    c = _counts(counts)
    if _count(talon_left) > 0:
        return []
    return [s for s in sorted(c) if c[s] == 0]


def places_for(fool: int | None, seats: Iterable[int]) -> dict[int, int]:
    """Places: 2 for the fool, 1 for everyone else (everyone 1 without a fool).

    Args:
        fool: The fool's seat or None.
        seats: The seats.

    Returns:
        Seat to place.
    """
    return {_seat_key(s): 2 if fool is not None and _seat_key(s) == fool else 1 for s in seats}


def result_for(counts: Mapping[Any, int], talon_left: int) -> dict[str, Any] | None:
    """The result once somebody is out: a draw when no hand holds cards, else the fool.

    With three or more seats the deal goes on while two or more seats hold cards.

    Args:
        counts: Seat to hand size.
        talon_left: Cards left in the talon.

    Returns:
        None, or ``{"outcome": "fool"|"draw", "fool": seat|None, "places": {...}}``.
    """
    if not out_seats(counts, talon_left):
        return None
    c = _counts(counts)
    holding = [s for s in sorted(c) if c[s] > 0]
    if not holding:
        return {"outcome": "draw", "fool": None, "places": places_for(None, sorted(c))}
    if len(holding) == 1:
        return {"outcome": "fool", "fool": holding[0], "places": places_for(holding[0], sorted(c))}
    return None


def resign_for(seat: int, seats: Iterable[int] = (1, 2)) -> dict[str, Any]:
    """The result of a resignation: the resigning seat is the fool.

    Args:
        seat: The resigning seat.
        seats: The seats.

    Returns:
        ``{"outcome": "resign", "fool": seat, "places": {...}}``.
    """
    return {
        "outcome": "resign",
        "fool": _seat_key(seat),
        "places": places_for(_seat_key(seat), seats),
    }
