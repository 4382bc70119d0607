"""Durak's engine-mirror API, as plain Python over :class:`DurakGame`.

The cards, the errors, the rules functions, the deal and the game functions of Game-Durak 0.01;
:class:`DurakGame` is the Rust class ``parlour._core.durak.DurakGame``, and the rules are the
core's.

Seats are numbered from 1. A move is ``{"kind": "attack"|"beat"|"take"|"done"|"swap"|"resign",
"card": id?}`` (perevodnoy adds ``"transfer"``). ``apply`` returns the new game and the events
the referee wrote, in the reference's shapes; a refused move raises :class:`DurakMoveError`
and changes nothing.

Every refusal is a :class:`DurakError` with a stable code. The reference's refusals keep its
codes, upper-cased (:data:`CODES`); what parlour adds (the perevodnoy transfer, 3-6 seats, the
protocol, the bot) has codes of its own (``docs/durak.md`` lists every code).

>>> b = Bout.build(1, 2, 6).add_attack(id_of("6S")).add_beat(id_of("7S"))
>>> [name_of(c) for c in legal_attacks([id_of(n) for n in ("7D", "KH", "6C")], b)]
['7D', '6C']
>>> closes(b, 0)
'spent'
>>> id_of("as"), name_of(23), power_of(9), six_of("H")
(1, 'TD', 0, 18)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from parlour._core import durak as _d
from parlour._core.durak import DurakGame
from parlour.errors import ConfigError, IllegalMoveError, ParlourError

__all__ = [
    "ACTION_SPACE",
    "CARDS",
    "CODES",
    "HAND_SIZE",
    "MOVE_KINDS",
    "RANKS",
    "SEATS",
    "SUITS",
    "Bout",
    "DurakConfigError",
    "DurakError",
    "DurakGame",
    "DurakMoveError",
    "Move",
    "apply",
    "beats",
    "bot_move",
    "cap_for",
    "card_id",
    "closes",
    "deal_for",
    "face_of",
    "first_attacker",
    "forced",
    "greedy_move",
    "id_of",
    "ids_of_suit",
    "is_move",
    "legal",
    "legal_attacks",
    "legal_beats",
    "long_name_of",
    "moves_of",
    "name_of",
    "new_game",
    "order_for",
    "out_seats",
    "places_for",
    "power_of",
    "rank_of",
    "replay",
    "resign_for",
    "result_for",
    "seed_bytes",
    "six_of",
    "suit_index",
    "suit_of",
    "view",
]

# ----- errors ----------------------------------------------------------------------------------

CODES: tuple[str, ...] = (
    "BAD_DEAL",
    "BAD_SEATS",
    "BEATS_NOTHING",
    "BOUT_FULL",
    "CARD_NOT_HELD",
    "GAME_OVER",
    "MUST_ATTACK",
    "NOT_LEGAL",
    "NOT_THE_SIX",
    "NOT_YOUR_TURN",
    "NO_SEED",
    "RANK_NOT_IN_BOUT",
    "TALON_SHUT",
    "WRONG_PHASE",
)
"""The reference engine's 14 codes, upper-cased (``Game::Durak::Error->codes``)."""


class DurakError(ParlourError):
    """Base class of Durak's errors; ``code`` is the reference's (upper-cased) or parlour's."""


class DurakMoveError(DurakError, IllegalMoveError):
    """A move the referee refuses (``NOT_YOUR_TURN``, ``CARD_NOT_HELD``, ``GAME_OVER``, …)."""


class DurakConfigError(DurakError, ConfigError):
    """A bad argument: seed (``NO_SEED``), deal number, seats, card id, suit, seat or level."""


T = TypeVar("T")


def call(fn: Callable[[], T]) -> T:
    """Run ``fn`` and re-raise parlour's move and config errors as Durak errors.

    Args:
        fn: A call into the core.

    Returns:
        What ``fn`` returns.

    Raises:
        DurakMoveError: For an ``IllegalMoveError``.
        DurakConfigError: For a ``ConfigError``.
    """
    try:
        return fn()
    except DurakError:
        raise
    except IllegalMoveError as e:
        raise DurakMoveError(e.code, e.message) from None
    except ConfigError as e:
        raise DurakConfigError(e.code, e.message) from None


# ----- cards -----------------------------------------------------------------------------------

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


# ----- the rules functions, the deal and the results ---------------------------------------------

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
    return call(lambda: _d.bout_rules(_hand(hand), *b._args(), 0, 0))[0]


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
    return call(lambda: _d.bout_rules(_hand(hand), *b._args(), t, 0))[1]


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
    attacks, beats_, _ = call(lambda: _d.bout_rules(_hand(hand), *bout._args(), t, 0))
    # The core's ``forced``: no exchange, and no legal beat (defending) or throw (else).
    return not can_swap and not (beats_ if phase == "defend" else attacks)


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
    how = call(lambda: _d.bout_rules([], *b._args(), 0, size))[2]
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


# ----- moves and the game functions ------------------------------------------------------------

MOVE_KINDS: tuple[str, ...] = ("attack", "beat", "take", "done", "swap", "resign", "transfer")
"""Every move kind (``transfer`` only in the perevodnoy variant)."""

ACTION_SPACE = 111
"""Size of the fixed action space of :meth:`DurakGame.legal_mask`: attack 0..35, beat 36..71,
transfer 72..107 (card id - 1 within each block), take 108, done 109, swap 110."""

_CARD_BLOCK = {"attack": 0, "beat": 36, "transfer": 72}
_PLAIN_ACTION = {"take": 108, "done": 109, "swap": 110}


@dataclass(frozen=True, slots=True)
class Move:
    """A move: a kind and, for attack/beat/transfer, a card id.

    Attributes:
        kind: The move kind.
        card: The card id, or None.
    """

    kind: str
    card: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The move as the reference's action object.

        Returns:
            ``{"kind": …}`` plus ``"card"`` when the kind carries one.
        """
        return {"kind": self.kind} if self.card is None else {"kind": self.kind, "card": self.card}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Move:
        """A move from an action object (extra keys such as ``seat`` are ignored).

        Args:
            data: ``{"kind": …, "card": …}``.

        Returns:
            The move.

        Raises:
            TypeError: If ``data`` is not a mapping.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"a move is a mapping, not {type(data).__name__}")
        card = data.get("card")
        return cls(str(data.get("kind")), card if isinstance(card, int) else None)

    @property
    def action(self) -> int:
        """The move's index in the fixed action space (-1 for resign or an unknown kind)."""
        if self.kind in _CARD_BLOCK and self.card is not None and 1 <= self.card <= 36:
            return _CARD_BLOCK[self.kind] + self.card - 1
        return _PLAIN_ACTION.get(self.kind, -1)

    def __str__(self) -> str:
        return self.kind if self.card is None else f"{self.kind} {name_of(self.card)}"


def _game(game: object) -> DurakGame:
    if not isinstance(game, DurakGame):
        raise TypeError(f"expected a DurakGame, not {type(game).__name__}")
    return game


def new_game(
    seed: bytes | str, number: int | str = 1, seats: int = 2, variant: str = "podkidnoy"
) -> DurakGame:
    """Deal a game with the first bout open.

    Args:
        seed: Exactly 32 bytes (a ``str`` is UTF-8 encoded).
        number: The deal number, from 1.
        seats: 2 (the reference) to 6.
        variant: ``podkidnoy`` (the reference) or ``perevodnoy``.

    Returns:
        The game.

    Raises:
        DurakConfigError: ``NO_SEED``, ``BAD_DEAL``, ``BAD_SEATS`` (in that order) or
            ``BAD_VARIANT``.
    """
    s = seed_bytes(seed)
    n = deal_number(number)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 6:
        raise DurakConfigError("BAD_SEATS", "durak deals two to six seats")
    if variant not in ("podkidnoy", "perevodnoy"):
        raise DurakConfigError("BAD_VARIANT", "variant must be podkidnoy or perevodnoy")
    return DurakGame._deal(s, n, seats, variant)


def legal(game: DurakGame, seat: int) -> list[dict[str, Any]]:
    """The legal moves of ``seat`` in the reference's order (``[]`` off turn or when over).

    Args:
        game: The game.
        seat: A seat.

    Returns:
        Action objects: attacks/beats (and transfers) in id order, then take/done, then swap.
    """
    return _game(game).legal(seat)


def apply(
    game: DurakGame, seat: int, move: Move | Mapping[str, Any]
) -> tuple[DurakGame, list[dict[str, Any]]]:
    """Apply ``move`` for ``seat``: the new game and the events the referee wrote.

    Refusals are checked in the reference's order: ``GAME_OVER``, ``NOT_YOUR_TURN`` (no such
    seat), ``NOT_LEGAL`` (unknown kind), resign, ``NOT_YOUR_TURN``, ``WRONG_PHASE``, then
    ``CARD_NOT_HELD`` → ``BOUT_FULL`` → ``RANK_NOT_IN_BOUT``, ``BEATS_NOTHING``,
    ``MUST_ATTACK``, ``NOT_THE_SIX`` → ``TALON_SHUT``.

    Args:
        game: The game (unchanged).
        seat: The moving seat.
        move: ``{"kind": …, "card": id?}`` or a :class:`Move`.

    Returns:
        ``(new_game, events)``.

    Raises:
        DurakMoveError: The refusal.
    """
    return _game(game).play(seat, move)


def view(game: DurakGame, seat: int) -> dict[str, Any]:
    """What ``seat`` may see: never the other hands, the talon order or another seat's swap right.

    Args:
        game: The game.
        seat: A seat.

    Returns:
        ``{seat, ply, phase, turn, trump, trump_card, talon, discard, hand, counts, swap, legal,
        over, result, bout}``; ``trump_card`` is None once drawn, ``talon`` is a count and
        ``bout`` is None or ``{attacker, defender, cap, size, taken, unbeaten, pairs}``.

    Raises:
        DurakConfigError: ``BAD_SEAT`` for a seat that is not in the game.
    """
    _game(game)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= game.seats:
        raise DurakConfigError("BAD_SEAT", "a view is for a seat")
    snap = game.snapshot()
    b = snap["bout"]
    bout = None
    if b is not None:
        unbeaten = next(
            (a for a, d in zip(b["attacks"], b["beats"], strict=True) if d is None), None
        )
        bout = {
            "attacker": b["attacker"],
            "defender": b["defender"],
            "cap": b["cap"],
            "size": len(b["attacks"]),
            "taken": b["taken"],
            "unbeaten": unbeaten,
            "pairs": [
                {"attack": a, "beat": d} for a, d in zip(b["attacks"], b["beats"], strict=True)
            ],
        }
    return {
        "seat": seat,
        "ply": snap["ply"],
        "phase": snap["phase"],
        "turn": snap["turn"],
        "trump": snap["trump"],
        "trump_card": snap["trump_card"] if snap["turn_up_left"] else None,
        "talon": snap["talon_left"],
        "discard": snap["discard"],
        "hand": snap["hands"][seat],
        "counts": {s: len(h) for s, h in snap["hands"].items()},
        "swap": snap["can_swap"][seat],
        "legal": game.legal(seat),
        "over": snap["over"],
        "result": snap["result"],
        "bout": bout,
    }


def is_move(kind: object) -> bool:
    """True for the move kinds (attack, beat, take, done, swap, resign; and transfer).

    Args:
        kind: A kind.

    Returns:
        The answer.
    """
    return isinstance(kind, str) and kind in MOVE_KINDS


def moves_of(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The events that are moves (a move kind and a seat), in order.

    Args:
        events: Events.

    Returns:
        The move events.
    """
    return [
        dict(e)
        for e in events
        if isinstance(e, Mapping) and is_move(e.get("kind")) and e.get("seat") is not None
    ]


def replay(
    seed: bytes | str,
    moves: Sequence[Mapping[str, Any]] = (),
    number: int | str = 1,
    seats: int = 2,
    variant: str = "podkidnoy",
) -> tuple[DurakGame, list[dict[str, Any]]]:
    """Deal ``(seed, number)`` and apply ``moves`` (each with its ``seat``).

    Args:
        seed: Exactly 32 bytes.
        moves: Move events ``{"kind", "seat", "card"?}``, as :func:`moves_of` returns.
        number: The deal number.
        seats: Seats.
        variant: The variant.

    Returns:
        The final game and every event.

    Raises:
        DurakError: The first refusal (from the deal or from a move).
    """
    game = new_game(seed, number, seats, variant)
    events: list[dict[str, Any]] = []
    for m in moves:
        if not isinstance(m, Mapping):
            raise TypeError("each move is a mapping with kind, seat and card")
        game, ev = game.play(m.get("seat", 0), m)
        events.extend(ev)
    return game, events


def bot_move(game: DurakGame, seat: int, level: int = 2, seed: int = 0) -> dict[str, Any] | None:
    """The searching bot's move for ``seat`` (None when the seat has no legal move).

    The bot sees only the seat's view and the public record (the discarded cards and the cards a
    seat picked up); it samples the unseen cards and scores each legal move by greedy playouts
    of every sample, in Rust with the GIL released.

    Args:
        game: The game.
        seat: The seat.
        level: 1 (24 samples), 2 (64) or 3 (160).
        seed: Seed of the sampling.

    Returns:
        An action object, or None.

    Raises:
        DurakConfigError: ``BAD_LEVEL`` for a level outside 1..3, ``BAD_SEED`` for a bad seed.
    """
    _game(game)
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 3:
        raise DurakConfigError("BAD_LEVEL", "a bot level is 1, 2 or 3")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise DurakConfigError("BAD_SEED", "a bot seed is an int from 0 to 2**64-1")
    return _d.bot_move(game, seat, level, seed)


def greedy_move(game: DurakGame, seat: int) -> dict[str, Any] | None:
    """The greedy player's move: the cheapest legal card, else take/done.

    Cheapest means plain before trump, then low before high.

    Args:
        game: The game.
        seat: The seat.

    Returns:
        An action object, or None off turn.
    """
    return _d.greedy_move(_game(game), seat)
