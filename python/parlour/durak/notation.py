"""The Durak position text: one reader and one writer, over :class:`Parts`.

One line: the word ``durak``, then ``key=value`` fields, every one present exactly once (any
order when read, this order when written)::

    durak seats=2 variant=podkidnoy trump=H card=8H owner=1 discard=0 heap=- talon=8D7H
          hands=6S7S/TS9S bout=1>2/6/0/-/0:6S9S,9D-- known=-/- out=- result=- ply=3 stall=0

Cards are two-letter names concatenated (``-`` for none; read case-insensitively); seats are
1-based. ``talon`` is in draw order with the turn-up last. ``bout`` is ``-`` or
``A>D/cap/taken/passed/done:pairs``: ``passed`` lists the seats that passed since the last card
(``-`` for none), ``done`` is 1 when one of those passes was a chosen ``done``, and ``pairs`` is
a comma list of attack card + answer (``--`` while unanswered), ``-`` for an empty bout.
``result`` is ``-``, ``fool:S``, ``draw`` or ``resign:S``. ``docs/durak.md`` has the fields.

>>> parts = read("durak seats=2 variant=podkidnoy trump=H card=8H owner=- discard=0 heap=- "
...     "talon=8H hands=6S7S/TS9S bout=1>2/2/0/-/0:- known=-/- out=- result=- ply=0 stall=0")
>>> parts.hands, parts.trump_card
(((9, 8), (5, 6)), 16)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from parlour.errors import InvalidStateError, NotationError

__all__ = ["BoutParts", "Parts", "read", "write"]

_RANKS = "AKQJT9876"
_SUITS = "SHDC"
_KEYS = (
    "seats",
    "variant",
    "trump",
    "card",
    "owner",
    "discard",
    "heap",
    "talon",
    "hands",
    "bout",
    "known",
    "out",
    "result",
    "ply",
    "stall",
)
# The separators of the text: ASCII whitespace as Rust's ``split_whitespace`` knows it.
_SPACE = re.compile(r"[ \t\n\x0b\x0c\r]+")


@dataclass(frozen=True, slots=True)
class BoutParts:
    """The open bout's parts (seats 1-based, cards by id)."""

    attacker: int
    """The attacking seat."""
    defender: int
    """The defending seat."""
    cap: int
    """The most attack cards the bout may hold."""
    taken: bool
    """True once the defender has taken."""
    passed: tuple[int, ...]
    """The throwers who passed since the last card, in seat order."""
    chose_done: bool
    """True when one of those passes was a chosen ``done``."""
    attacks: tuple[int, ...]
    """The attack cards, in order."""
    beats: tuple[int | None, ...]
    """The answer to each attack card, None while unanswered."""


@dataclass(frozen=True, slots=True)
class Parts:
    """A Durak position's parts, as ``DurakGame.parts()`` gives them.

    ``DurakGame.from_parts`` takes them and checks them. Seats are 1-based, cards ids.
    """

    seats: int
    """The number of seats (2 to 6)."""
    variant: str
    """``podkidnoy`` or ``perevodnoy``."""
    trump: int
    """The trump suit (0 spades, 1 hearts, 2 diamonds, 3 clubs)."""
    trump_card: int
    """The current turn-up (the six of trumps after an exchange)."""
    owner: int | None
    """The seat with the right to exchange the trump six."""
    discard: int
    """How many cards have been discarded."""
    heap: tuple[int, ...]
    """The discarded cards."""
    talon: tuple[int, ...]
    """The talon in draw order, turn-up last."""
    hands: tuple[tuple[int, ...], ...]
    """Each seat's cards."""
    bout: BoutParts | None
    """The open bout."""
    known: tuple[tuple[int, ...], ...]
    """Per seat, the cards it is publicly known to hold."""
    out: tuple[int, ...]
    """The seats that are out."""
    outcome: str | None
    """``fool``, ``draw`` or ``resign`` once over."""
    fool: int | None
    """The fool (or the seat that resigned)."""
    ply: int
    """Events written so far."""
    stall: int
    """Bouts in a row taken with nobody drawing."""


def _from_plain(d: dict[str, Any]) -> Parts:
    """The :class:`Parts` of the binding's plain data (``DurakGame.parts()``)."""
    b = d["bout"]
    bout = (
        None
        if b is None
        else BoutParts(
            b["attacker"],
            b["defender"],
            b["cap"],
            b["taken"],
            tuple(b["passed"]),
            b["chose_done"],
            tuple(b["attacks"]),
            tuple(b["beats"]),
        )
    )
    return Parts(
        d["seats"],
        d["variant"],
        d["trump"],
        d["trump_card"],
        d["owner"],
        d["discard"],
        tuple(d["heap"]),
        tuple(d["talon"]),
        tuple(tuple(h) for h in d["hands"]),
        bout,
        tuple(tuple(k) for k in d["known"]),
        tuple(d["out"]),
        d["outcome"],
        d["fool"],
        d["ply"],
        d["stall"],
    )


def _fields(p: Parts) -> tuple[object, ...]:
    """The fields of ``p`` grouped as the binding reads them (``DurakGame.from_parts``)."""
    b = p.bout
    bout = (
        None
        if b is None
        else (b.attacker, b.defender, b.cap, b.taken, b.passed, b.chose_done, b.attacks, b.beats)
    )
    return (
        (p.seats, p.variant, p.trump, p.trump_card, p.owner, p.discard),
        (p.heap, p.talon, p.hands, p.known, p.out),
        bout,
        (p.outcome, p.fool, p.ply, p.stall),
    )


def _bad(message: str) -> NotationError:
    return NotationError("BAD_NOTATION", message)


def _id(name: str) -> int | None:
    """The id of a two-letter card name (case-insensitive), None if it is none."""
    if len(name) != 2:
        return None
    r, s = _RANKS.find(name[0].upper()), _SUITS.find(name[1].upper())
    return None if r < 0 or s < 0 else 9 * s + r + 1


def _cards(text: str, what: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    if not text or len(text) % 2:
        raise _bad(f"{what}: {text!r} is not a list of two-letter cards")
    out = []
    for i in range(0, len(text), 2):
        c = _id(text[i : i + 2])
        if c is None:
            raise _bad(f"{what}: {text[i : i + 2]!r} is not a card")
        out.append(c)
    return tuple(out)


def _number(text: str, what: str, bits: int) -> int:
    if not text or len(text) > 10 or not all("0" <= ch <= "9" for ch in text):
        raise _bad(f"{what}: {text!r} is not a number")
    n = int(text)
    if n >= 1 << bits:
        raise _bad(f"{what}: {text!r} is out of range")
    return n


def _seat(text: str, seats: int, what: str) -> int:
    digits = text[1:] if text.startswith("+") else text
    if digits and all("0" <= ch <= "9" for ch in digits):
        n = int(digits)
        if 1 <= n <= seats:
            return n
    raise _bad(f"{what}: {text!r} is not a seat from 1 to {seats}")


def _seats(text: str, seats: int, what: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    return tuple(_seat(ch, seats, what) for ch in text)


def _flag(text: str, what: str) -> bool:
    if text not in ("0", "1"):
        raise _bad(f"{what}: expected 0 or 1")
    return text == "1"


def _bout(text: str, seats: int) -> BoutParts | None:
    if text == "-":
        return None
    head, colon, pairs = text.partition(":")
    if not colon:
        raise _bad("bout: missing ':'")
    fields = head.split("/")
    if len(fields) != 5:
        raise _bad("bout: expected A>D/cap/taken/passed/done")
    ad, cap, taken, passed, done = fields
    a, arrow, d = ad.partition(">")
    if not arrow:
        raise _bad("bout: expected A>D")
    attacker = _seat(a, seats, "bout attacker")
    defender = _seat(d, seats, "bout defender")
    cap_n = _number(cap, "bout cap", 8)
    taken_b = _flag(taken, "bout taken")
    done_b = _flag(done, "bout done")
    passed_t = _seats(passed, seats, "bout passed")
    attacks: list[int] = []
    beats: list[int | None] = []
    if pairs != "-":
        for p in pairs.split(","):
            if len(p) != 4:
                raise _bad(f"bout pair {p!r}: expected attack card and answer (or --)")
            a_id = _id(p[:2])
            if a_id is None:
                raise _bad(f"bout pair {p!r}: bad attack card")
            attacks.append(a_id)
            if p[2:] == "--":
                beats.append(None)
            else:
                b_id = _id(p[2:])
                if b_id is None:
                    raise _bad(f"bout pair {p!r}: bad answer")
                beats.append(b_id)
    return BoutParts(
        attacker, defender, cap_n, taken_b, passed_t, done_b, tuple(attacks), tuple(beats)
    )


def read(text: str) -> Parts:
    """The parts a position text writes, not yet checked as a position.

    ``DurakGame.from_parts`` checks them.

    Raises:
        NotationError: ``BAD_NOTATION`` if the text is malformed, not ASCII or not a string.
        InvalidStateError: ``IMPOSSIBLE_POSITION`` for a seat count outside 2-6 (the other
            fields are read against it).
    """
    if not isinstance(text, str):
        raise _bad("a durak position is a string")
    if not text.isascii():
        raise _bad("a durak position is ASCII text")
    tokens = [t for t in _SPACE.split(text) if t]
    if not tokens or tokens[0] != "durak":
        raise _bad("a durak position starts with the word durak")
    values: dict[str, str] = {}
    for tok in tokens[1:]:
        k, eq, v = tok.partition("=")
        if not eq:
            raise _bad(f"{tok!r} is not key=value")
        if k not in _KEYS:
            raise _bad(f"unknown field {k!r}")
        if k in values:
            raise _bad(f"field {k!r} given twice")
        values[k] = v

    def get(key: str) -> str:
        if key not in values:
            raise _bad(f"missing field {key!r}")
        return values[key]

    seats = _number(get("seats"), "seats", 8)
    if not 2 <= seats <= 6:
        raise InvalidStateError("IMPOSSIBLE_POSITION", "durak is for two to six seats")
    variant = get("variant")
    if variant not in ("podkidnoy", "perevodnoy"):
        raise _bad("variant: podkidnoy or perevodnoy")
    t = get("trump")
    if len(t) != 1 or t.upper() not in _SUITS:
        raise _bad(f"trump: {t!r} is not a suit")
    trump_card = _id(get("card"))
    if trump_card is None:
        raise _bad("card: not a card")
    owner_s = get("owner")
    owner = None if owner_s == "-" else _seat(owner_s, seats, "owner")
    discard = _number(get("discard"), "discard", 8)
    heap = _cards(get("heap"), "heap")
    talon = _cards(get("talon"), "talon")
    hands_t = get("hands").split("/")
    known_t = get("known").split("/")
    if len(hands_t) != seats or len(known_t) != seats:
        raise _bad(f"hands and known need {seats} seats separated by '/'")
    hands = tuple(_cards(h, "hands") for h in hands_t)
    known = tuple(_cards(k, "known") for k in known_t)
    bout = _bout(get("bout"), seats)
    out = _seats(get("out"), seats, "out")
    r = get("result")
    outcome: str | None = None
    fool: int | None = None
    if r == "draw":
        outcome = "draw"
    elif r != "-":
        kind, colon, s = r.partition(":")
        if not colon or kind not in ("fool", "resign"):
            raise _bad(f"result: {r!r}")
        outcome, fool = kind, _seat(s, seats, "result")
    ply = _number(get("ply"), "ply", 32)
    stall = _number(get("stall"), "stall", 8)
    return Parts(
        seats,
        variant,
        _SUITS.index(t.upper()),
        trump_card,
        owner,
        discard,
        heap,
        talon,
        hands,
        bout,
        known,
        out,
        outcome,
        fool,
        ply,
        stall,
    )


def _name(card: int) -> str:
    return _RANKS[(card - 1) % 9] + _SUITS[(card - 1) // 9]


def _list(cards: tuple[int, ...]) -> str:
    return "".join(_name(c) for c in cards) if cards else "-"


def _seat_list(seats: tuple[int, ...]) -> str:
    return "".join(str(s) for s in seats) if seats else "-"


def write(parts: Parts) -> str:
    """The position text of ``parts``, the fields in the order above.

    Raises:
        TypeError: If ``parts`` is not a :class:`Parts`.
    """
    if not isinstance(parts, Parts):
        raise TypeError(f"write takes a durak Parts, not {type(parts).__name__}")
    b = parts.bout
    if b is None:
        bout = "-"
    else:
        pairs = ",".join(
            _name(a) + ("--" if d is None else _name(d))
            for a, d in zip(b.attacks, b.beats, strict=True)
        )
        bout = (
            f"{b.attacker}>{b.defender}/{b.cap}/{int(b.taken)}/{_seat_list(b.passed)}/"
            f"{int(b.chose_done)}:{pairs or '-'}"
        )
    if parts.outcome is None:
        result = "-"
    elif parts.outcome == "draw":
        result = "draw"
    else:
        result = f"{parts.outcome}:{parts.fool}"
    owner = "-" if parts.owner is None else str(parts.owner)
    return (
        f"durak seats={parts.seats} variant={parts.variant} trump={_SUITS[parts.trump]} "
        f"card={_name(parts.trump_card)} owner={owner} discard={parts.discard} "
        f"heap={_list(parts.heap)} talon={_list(parts.talon)} "
        f"hands={'/'.join(_list(h) for h in parts.hands)} bout={bout} "
        f"known={'/'.join(_list(k) for k in parts.known)} out={_seat_list(parts.out)} "
        f"result={result} ply={parts.ply} stall={parts.stall}"
    )
