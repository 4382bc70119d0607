"""Dal Mara's two texts, each with one reader and one writer, over :class:`Parts`.

**DMN** (Dal Mara Notation, ``shared/specs/dalmara/DMN.md``): :func:`read` and :func:`write`.
A DMN string is 8 sections joined by ``" | "``::

    <game> | <ghoptes> | <hands> | <stacks> | <move_number> | <trick> | <move_detail> | <next>

The reader follows dal-mara-engine 0.2.0's ``parseDMN`` but is stricter: every card must be one
of the 52 engine spellings, numbers must be decimal integers in range (no ``NaN``, no ``0x``
prefix), an empty stack slot, a move detail with a seat but no card, a trick section of fewer
than 5 fields, a bad fourth game field (the rulebook's Turup trick) and a trick card after the
255th entry of the trick's cards part are all ``INVALID_DMN`` (a card held twice is refused when
the parts become a state). The engine's harmless leniencies are kept: surrounding whitespace is
trimmed, an unknown Turup token reads as no Turup, unknown mode tokens read as ``4p``, ghopte
entries without 3 fields and trick entries without ``:`` are skipped (a skipped trick entry still
uses up its ``playOrder`` position), ``parseInt`` prefixes (``0s`` reads 0), extra hand segments
and 4p stacks are ignored.

**The serialized state** (``serializeState``'s JSON document): :func:`read_document` and
:func:`write_document`, which also carry the roster and the rule set.

>>> p = read("4p,3,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 3")
>>> p.mode, p.dealer_seat, p.next_move_seat, write(p)
('4p', 3, 3, '4p,3,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 3')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple, final

from parlour._js import JS_WHITESPACE, js_trim
from parlour.errors import NotationError

__all__ = [
    "CARD_INDEX",
    "CARD_NAMES",
    "RULE_SETS",
    "Ghopte",
    "MoveDetail",
    "Parts",
    "PlayedCard",
    "Player",
    "PlayerStack",
    "Rules",
    "Trick",
    "read",
    "read_document",
    "write",
    "write_document",
]

Rules = Literal["rulebook", "dal-mara-engine"]
"""The rule sets: ``"rulebook"`` (default) and ``"dal-mara-engine"``."""

RULE_SETS: Final = ("rulebook", "dal-mara-engine")
"""Every rule set name."""

_SUIT_CHARS: Final = "shdc"
_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
_RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

CARD_NAMES: Final[dict[int, str]] = {
    s * 16 + r: _RANKS[r] + _SUIT_CHARS[s] for s in range(4) for r in range(13)
}
"""Card index (``suit * 16 + rank``) to the engine's card string."""

CARD_INDEX: Final[dict[str, int]] = {v: k for k, v in CARD_NAMES.items()}
"""The engine's card string to its index."""

_SUIT_OF_CHAR: Final = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
_CHAR_OF_SUIT: Final = {v: k for k, v in _SUIT_OF_CHAR.items()}
_INT = re.compile(r"([+-]?)(0[xX])?([0-9]*)")
_TURUP_TRICK = re.compile(r"[1-9][0-9]*")
_MAX_ORDER = 1 << 53
_MAX_PLAY_ORDER = 255


@final
@dataclass(frozen=True, slots=True)
class Player:
    """A player of the roster: a seat and its team (team names are not part of DMN).

    Attributes:
        seat: The seat, ``0..3`` (4p) or ``0..1`` (2p).
        team: The team name (defaults ``"02"``/``"13"`` in 4p, the seat number in 2p).
    """

    seat: int
    team: Any


_ROSTERS: Final = (
    tuple(Player(i, t) for i, t in enumerate(("02", "13", "02", "13"))),
    (Player(0, "0"), Player(1, "1")),
)
"""The default rosters of the four- and two-player games."""


@dataclass(frozen=True, slots=True)
class Ghopte:
    """A Ghopte entry (a lone ten held at the deal).

    Attributes:
        seat: The declarer.
        card: The declared card.
        order: The resolution order (0-based).
        resolved: True once its trick is complete.
    """

    seat: int
    card: str
    order: int
    resolved: bool


class PlayedCard(NamedTuple):
    """A card in the trick in progress.

    Attributes:
        seat: Who played it.
        card: The card.
        play_order: The engine's ``playOrder``. For a card read from DMN, its 1-based position
            among all the entries of the trick's cards part, skipped entries (those without
            ``:``) included (``DMN.md`` §6); for a card played since, the number of cards in
            the trick once it was added (``RULES.md`` §1.3), even where that repeats an order.
            DMN does not hold it: writing the trick drops skipped entries, and equality and
            the hash ignore it.
    """

    seat: int
    card: str
    play_order: int


class Trick(NamedTuple):
    """The trick section of a position.

    Attributes:
        number: 1-based trick number (Ghopte tricks count).
        play_number: The play number as DMN holds it.
        lead_suit: Long suit name or None.
        is_ghopte: True in a Ghopte trick.
        cards: The cards played so far.
    """

    number: int
    play_number: int
    lead_suit: str | None
    is_ghopte: bool
    cards: tuple[PlayedCard, ...]


class MoveDetail(NamedTuple):
    """The play that produced a position (``seat`` and ``card`` are None before any play).

    Attributes:
        seat: The seat that played.
        card: The card played.
        makes_turup: True when it created or changed the 4p Turup.
    """

    seat: int | None
    card: str | None
    makes_turup: bool


class PlayerStack(NamedTuple):
    """One 2p stack.

    Attributes:
        position: Stack number 0-3.
        hidden_cards: Face-down cards, bottom to top.
        face_up_card: The face-up top card, or None for an empty stack.
    """

    position: int
    hidden_cards: tuple[str, ...]
    face_up_card: str | None


_NO_DETAIL: Final = MoveDetail(None, None, False)


@dataclass(frozen=True, slots=True)
class Parts:
    """A position's parts, as ``GameState.parts()`` gives them and ``GameState.from_parts`` takes.

    The engine's own fields, spelt as the engine spells them (cards ``"10s"``, suits by their
    long names). ``GameState.from_parts`` checks them (``INVALID_DMN`` for parts no position
    has). A record made with plain tuples for its records (``ghoptes``, ``stacks``, ``trick``,
    ``move_detail``) holds them as those records.
    """

    mode: Literal["4p", "2p"]
    """``"4p"`` or ``"2p"``."""
    dealer_seat: int
    """The dealer."""
    turup: str | None
    """The Turup suit's long name, or None."""
    turup_trick: int | None
    """The trick in which the 4p Turup was set (the rulebook's fourth game field), or None."""
    ghoptes: tuple[Ghopte, ...]
    """The Ghopte entries, seat-grouped as DMN lists them."""
    hands: tuple[tuple[str, ...], ...]
    """Each seat's hand in the engine's (dealt) order."""
    stacks: tuple[tuple[PlayerStack, ...], ...]
    """2p: each seat's four stacks; 4p: empty."""
    move_number: int
    """Cards played so far."""
    trick: Trick
    """The trick section."""
    move_detail: MoveDetail
    """The play that produced this position."""
    next_move_seat: int
    """The seat that acts next."""
    rules: Rules = "rulebook"
    """The rule set (DMN does not hold it: :func:`read` gives ``"rulebook"``)."""
    players: tuple[Player, ...] | None = None
    """The roster (DMN does not hold it: None, the default teams)."""

    def __post_init__(self) -> None:
        """Hold the records as records (the state's ``parts()`` builds them from tuples).

        Raises:
            TypeError: For a record field that is no record, nor a tuple of its fields.
        """
        try:
            self._records()
        except (KeyError, IndexError, AttributeError, ValueError) as e:
            raise TypeError(f"not the parts of a Dal Mara position: {e}") from e

    def _records(self) -> None:
        ghoptes = tuple(self.ghoptes)
        if not all(isinstance(g, Ghopte) for g in ghoptes):
            ghoptes = tuple(g if isinstance(g, Ghopte) else Ghopte(*g) for g in ghoptes)
        object.__setattr__(self, "ghoptes", ghoptes)
        if not isinstance(self.trick, Trick):
            number, play_number, lead, is_ghopte, cards = self.trick
            played = tuple(PlayedCard(*c) for c in cards)
            object.__setattr__(self, "trick", Trick(number, play_number, lead, is_ghopte, played))
        if not isinstance(self.move_detail, MoveDetail):
            object.__setattr__(self, "move_detail", MoveDetail(*self.move_detail))
        rows = tuple(tuple(row) for row in self.stacks)
        if not all(isinstance(k, PlayerStack) for row in rows for k in row):
            rows = tuple(
                tuple(k if isinstance(k, PlayerStack) else PlayerStack(*k) for k in row)
                for row in rows
            )
        object.__setattr__(self, "stacks", rows)


_CoreParts = tuple[Any, ...]
"""A position's parts in the core's shape (``GameState.from_parts`` and ``parts()``):
``((four, rules, dealer, turup, turup_trick, next), ghoptes, hands, stacks, (move_number,
trick_number, play_number, lead, is_ghopte), trick, play_orders, detail)``, cards as indices
``suit * 16 + rank`` and suits as lanes; ``stacks`` are eight slots (seat 0's four, then seat
1's), bottom to top, or none in 4p."""


def _to_core(p: Parts) -> _CoreParts:
    """``p`` in the core's shape (``GameState.from_parts``, which checks it as a position).

    Raises:
        NotationError: ``INVALID_DMN`` for a card or suit that is none, a stack position or a
            Ghopte order out of range.
    """

    def card(c: object) -> int:
        i = CARD_INDEX.get(c) if isinstance(c, str) else None
        if i is None:
            raise _bad(f"{c!r} is not a card")
        return i

    def suit(name: object) -> int | None:
        if name is None:
            return None
        if name not in _SUIT_NAMES:
            raise _bad(f"{name!r} is not a suit")
        return _SUIT_NAMES.index(str(name))

    slots: list[list[int]] = [[] for _ in range(4 * len(p.stacks))]
    for row, stacks in enumerate(p.stacks):
        for k in stacks:
            if not 0 <= k.position < 4:
                raise _bad("stack position out of range")
            top = [] if k.face_up_card is None else [card(k.face_up_card)]
            slots[row * 4 + k.position] = [*map(card, k.hidden_cards), *top]
    for g in p.ghoptes:
        if not -(1 << 31) <= g.order < 1 << 31:
            raise _bad(f"Ghopte order {g.order} is out of range")
    t, d = p.trick, p.move_detail
    return (
        (p.mode != "2p", p.rules, p.dealer_seat, suit(p.turup), p.turup_trick, p.next_move_seat),
        [(g.seat, card(g.card), g.order, g.resolved) for g in p.ghoptes],
        [[card(c) for c in h] for h in p.hands],
        slots,
        (p.move_number, t.number, t.play_number, suit(t.lead_suit), t.is_ghopte),
        [(c.seat, card(c.card)) for c in t.cards],
        [c.play_order for c in t.cards],
        None if d.seat is None or d.card is None else (d.seat, card(d.card), d.makes_turup),
    )


def _of_core(core: _CoreParts, players: tuple[Player, ...]) -> Parts:
    """The parts of a position in the core's shape (``GameState.parts()``), with its roster."""
    head, ghoptes, hands, stacks, play, trick, orders, detail = core
    four, rules, dealer, turup, turup_trick, nxt = head
    move_number, number, play_number, lead, is_ghopte = play
    name = CARD_NAMES
    slots = [tuple(name[c] for c in s) for s in stacks]
    return Parts(
        "4p" if four else "2p",
        dealer,
        None if turup is None else _SUIT_NAMES[turup],
        turup_trick,
        tuple(Ghopte(s, name[c], o, r) for s, c, o, r in ghoptes),
        tuple(tuple(name[c] for c in h) for h in hands),
        tuple(_stack_row(slots[i : i + 4]) for i in range(0, len(slots), 4)),
        move_number,
        Trick(
            number,
            play_number,
            None if lead is None else _SUIT_NAMES[lead],
            is_ghopte,
            tuple(PlayedCard(s, name[c], o) for (s, c), o in zip(trick, orders, strict=True)),
        ),
        _NO_DETAIL if detail is None else MoveDetail(detail[0], name[detail[1]], detail[2]),
        nxt,
        rules,
        players,
    )


def _bad(message: str) -> NotationError:
    return NotationError("INVALID_DMN", message)


def _int(text: str, what: str, lo: int, hi: int) -> int:
    """JavaScript ``parseInt`` on ``text``, refused when NaN, hex or outside ``lo..hi``."""
    if text.isdecimal() and text.isascii():
        value = int(text)
        if lo <= value <= hi:
            return value
    m = _INT.match(text.lstrip(JS_WHITESPACE))
    if m is None or m.group(2) or not m.group(3):
        raise _bad(f"Invalid DMN: {what} {text[:20]!r} is not a number")
    value = int(m.group(1) + m.group(3))
    if not lo <= value <= hi:
        raise _bad(f"Invalid DMN: {what} {value} is out of range {lo}..{hi}")
    return value


def _card(text: str) -> str:
    if text not in CARD_INDEX:
        raise _bad(f"Invalid DMN: {text[:20]!r} is not a card")
    return text


def _cards(text: str) -> tuple[str, ...]:
    if not text:
        return ()
    out = tuple(text.split(","))
    for t in out:
        if t not in CARD_INDEX:
            _card(t)
    return out


def _stack_row(slots: list[tuple[str, ...]]) -> tuple[PlayerStack, ...]:
    return tuple(PlayerStack(k, s[:-1], s[-1] if s else None) for k, s in enumerate(slots))


def read(text: str) -> Parts:
    """The parts a DMN string writes (``rules`` ``"rulebook"``, the default roster).

    ``GameState.from_parts`` checks them as a position.

    Raises:
        NotationError: ``INVALID_DMN`` for malformed notation (also for a value that is not a
            string).
    """
    if not isinstance(text, str):
        raise _bad(f"Invalid DMN: expected a string, got {type(text).__name__}")
    sections = js_trim(text).split(" | ")
    if len(sections) != 8:
        raise _bad(f"Invalid DMN string: expected 8 pipe-separated sections, got {len(sections)}")
    game, ghoptes_s, hands_s, stacks_s, move_s, trick_s, detail_s, next_s = sections
    g = game.split(",")
    if len(g) not in (3, 4):
        raise _bad("Invalid DMN game section")
    four = g[0] != "2p"
    n = 4 if four else 2
    dealer = _int(g[1], "dealer seat", 0, n - 1)
    turup = _SUIT_OF_CHAR.get(g[2])
    move_number = _int(move_s, "move number", 0, 52)
    t = trick_s.split(",")
    if len(t) < 5:
        raise _bad("Invalid DMN trick section: expected 5 fields")
    trick_number = _int(t[0], "trick number", 1, 13 if four else 26)
    play_number = _int(t[1], "play number", 0, n)
    lead = _SUIT_OF_CHAR.get(t[2])
    is_ghopte = t[3] == "g"
    played: list[PlayedCard] = []
    cards_part = ",".join(t[4:])
    if cards_part not in ("-", ""):
        for position, entry in enumerate(cards_part.split("/"), 1):
            i = entry.find(":")
            if i < 0:
                continue
            seat = _int(entry[:i], "trick seat", 0, n - 1)
            card = _card(entry[i + 1 :])
            if position > _MAX_PLAY_ORDER:
                raise _bad(
                    f"Invalid DMN trick section: a trick card at entry {position} "
                    f"(play orders above {_MAX_PLAY_ORDER} are not supported)"
                )
            played.append(PlayedCard(seat, card, position))
    turup_trick: int | None = None
    if len(g) == 4:
        f = g[3]
        if not _TURUP_TRICK.fullmatch(f) or int(f) > 13:
            raise _bad(
                f"Invalid DMN game section: Turup trick '{f[:20]}' "
                "is not a trick number between 1 and 13"
            )
        if turup is None:
            raise _bad("Invalid DMN game section: Turup trick given without a Turup")
        if not four:
            raise _bad("Invalid DMN game section: a two-player game has no Turup trick")
        if int(f) > trick_number:
            raise _bad(f"Invalid DMN game section: Turup trick {f} is after the current trick")
        turup_trick = int(f)
    ghoptes: list[Ghopte] = []
    if four and ghoptes_s != "-":
        for seat, group in enumerate(ghoptes_s.split("/")):
            if group in ("-", ""):
                continue
            if seat >= 4:
                raise _bad("Invalid DMN ghoptes section: more than 4 seats")
            for entry in group.split(":"):
                f3 = entry.split(",")
                if len(f3) != 3:
                    continue
                order = _int(f3[1], "ghopte order", -_MAX_ORDER, _MAX_ORDER)
                ghoptes.append(Ghopte(seat, _card(f3[0]), order, f3[2] == "r"))
    segs = hands_s.split("/")
    hands = tuple(_cards(segs[i]) if i < len(segs) else () for i in range(n))
    stacks: tuple[tuple[PlayerStack, ...], ...] = ()
    if not four:
        slots: list[tuple[str, ...]] = []
        raw = stacks_s.split("/") if stacks_s != "-" else []
        for k in range(8):
            slot = raw[k] if k < len(raw) else "-"
            if slot == "":
                raise _bad("Invalid DMN stacks section: empty stack slot")
            slots.append(() if slot == "-" else _cards(slot))
        stacks = (_stack_row(slots[:4]), _stack_row(slots[4:]))
    d = detail_s.split(",")
    detail = _NO_DETAIL
    d_seat = None if d[0] == "-" else _int(d[0], "move detail seat", 0, n - 1)
    d_card = None if len(d) < 2 or d[1] == "-" else _card(d[1])
    if d_seat is not None and d_card is None:
        raise _bad("Invalid DMN move detail: a seat without a card")
    if d_seat is not None and d_card is not None:
        detail = MoveDetail(d_seat, d_card, len(d) > 2 and d[2] == "t")
    nxt = _int(next_s, "next seat", 0, n - 1)
    return Parts(
        "4p" if four else "2p",
        dealer,
        turup,
        turup_trick,
        tuple(ghoptes),
        hands,
        stacks,
        move_number,
        Trick(trick_number, play_number, lead, is_ghopte, tuple(played)),
        detail,
        nxt,
    )


def _suit_char(name: str | None) -> str:
    return "-" if name is None else _CHAR_OF_SUIT[name]


def write(parts: Parts) -> str:
    """The DMN string of ``parts`` (the rulebook's Turup trick field in rulebook 4p only).

    Raises:
        TypeError: If ``parts`` is not a :class:`Parts`.
    """
    if not isinstance(parts, Parts):
        raise TypeError(f"write takes a Dal Mara Parts, not {type(parts).__name__}")
    four = parts.mode == "4p"
    game = f"{parts.mode},{parts.dealer_seat},{_suit_char(parts.turup)}"
    if (
        four
        and parts.turup is not None
        and parts.turup_trick is not None
        and parts.rules == "rulebook"
    ):
        game += f",{parts.turup_trick}"
    if four:
        groups = []
        for seat in range(4):
            entries = [
                f"{g.card},{g.order},{'r' if g.resolved else '-'}"
                for g in parts.ghoptes
                if g.seat == seat
            ]
            groups.append(":".join(entries) if entries else "-")
        gh = "/".join(groups)
        st = "-"
    else:
        gh = "-"
        rows = parts.stacks or ((), ())
        slots = [
            ",".join((*k.hidden_cards, k.face_up_card)) if k.face_up_card is not None else "-"
            for row in rows
            for k in (row or ())
        ]
        st = "/".join(slots) if slots else "/".join(["-"] * 8)
    hs = "/".join(",".join(h) for h in parts.hands)
    tr = parts.trick
    tc = "/".join(f"{c.seat}:{c.card}" for c in tr.cards) if tr.cards else "-"
    ghopte = "g" if tr.is_ghopte else "-"
    trick = f"{tr.number},{tr.play_number},{_suit_char(tr.lead_suit)},{ghopte},{tc}"
    md = parts.move_detail
    if md.seat is None or md.card is None:
        de = "-,-,-"
    else:
        de = f"{md.seat},{md.card},{'t' if md.makes_turup else '-'}"
    nxt = parts.next_move_seat
    return f"{game} | {gh} | {hs} | {st} | {parts.move_number} | {trick} | {de} | {nxt}"


def _ser_err(message: str) -> NotationError:
    return NotationError("INVALID_SERIALIZATION", message)


def write_document(parts: Parts) -> str:
    """``serializeState``'s JSON document of ``parts``; ``parts.players`` must be the roster.

    parlour adds ``rules`` and, in rulebook 4p, ``turupTrick``.

    Raises:
        TypeError: If ``parts`` is not a :class:`Parts` with a roster.
    """
    body = document_state(parts)
    return json.dumps({"version": "1.0", "engineVersion": "0.1.0", "state": body}, indent=2)


def document_state(parts: Parts) -> dict[str, Any]:
    """The ``state`` object of ``serializeState``'s document (``parts.players`` is the roster).

    The server answers it as JSON without writing the document's text.

    Raises:
        TypeError: If ``parts`` is not a :class:`Parts` with a roster.
    """
    if not isinstance(parts, Parts) or parts.players is None:
        raise TypeError("serializeState's document takes a Dal Mara Parts with its players")
    players = parts.players
    tr = parts.trick
    md = parts.move_detail
    body: dict[str, Any] = {
        "game": {"mode": parts.mode, "dealerSeat": parts.dealer_seat, "turup": parts.turup},
        "players": [{"seat": p.seat, "team": p.team} for p in players],
        "hands": {str(k): list(v) for k, v in enumerate(parts.hands)},
        "ghoptes": [
            {"seat": g.seat, "card": g.card, "order": g.order, "resolved": g.resolved}
            for g in parts.ghoptes
        ],
        "stacks": {
            str(k): [
                {
                    "position": s.position,
                    "hiddenCards": list(s.hidden_cards),
                    "faceUpCard": s.face_up_card,
                }
                for s in row
            ]
            for k, row in enumerate(parts.stacks)
        },
        "moveNumber": parts.move_number,
        "trick": {
            "number": tr.number,
            "playNumber": tr.play_number,
            "leadSuit": tr.lead_suit,
            "isGhopte": tr.is_ghopte,
            "cards": [
                {"seat": c.seat, "card": c.card, "playOrder": c.play_order} for c in tr.cards
            ],
        },
        "moveDetail": {"seat": md.seat, "card": md.card, "makesTurup": md.makes_turup},
        "nextMoveSeat": parts.next_move_seat,
        "rules": parts.rules,
    }
    if parts.mode == "4p" and parts.rules == "rulebook":
        body["turupTrick"] = parts.turup_trick
    return body


def read_document(text: str, rules: Rules | None = None) -> Parts:
    """The parts of ``serializeState``'s JSON document, its roster and rule set with them.

    Args:
        text: The JSON text.
        rules: The rule set (None: the document's ``rules``, else ``"rulebook"``).

    Raises:
        NotationError: ``INVALID_SERIALIZATION`` for anything malformed.
    """
    try:
        return _read_document(text, rules)
    except NotationError as e:
        if e.code == "INVALID_SERIALIZATION":
            raise
        raise _ser_err(e.message) from e
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as e:
        raise _ser_err(f"Invalid serialized state: {e}") from e


def _read_document(text: str, rules: Rules | None) -> Parts:
    doc = json.loads(text)
    st = doc["state"]
    game = st["game"]
    mode = game["mode"]
    if mode not in ("4p", "2p"):
        raise _ser_err(f"unknown mode {mode!r}")
    four = mode == "4p"
    n = 4 if four else 2
    r = rules or st.get("rules") or "rulebook"
    if r not in RULE_SETS:
        raise _ser_err(f"unknown rules {r!r}")

    def card(c: Any) -> str:
        if not isinstance(c, str) or c not in CARD_INDEX:
            raise _ser_err(f"not a card: {c!r}")
        return c

    def suit(s: Any) -> str | None:
        if s is None:
            return None
        if s not in _CHAR_OF_SUIT:
            raise _ser_err(f"not a suit: {s!r}")
        return str(s)

    hands = tuple(tuple(card(c) for c in st["hands"].get(str(i), [])) for i in range(n))
    stacks: tuple[tuple[PlayerStack, ...], ...] = ()
    if not four:
        raw = st.get("stacks") or {}
        rows = []
        for seat in range(2):
            slots: list[tuple[str, ...]] = [() for _ in range(4)]
            for s in raw.get(str(seat)) or []:
                pos = int(s["position"])
                if not 0 <= pos < 4:
                    raise _ser_err("stack position out of range")
                cards = [card(c) for c in s.get("hiddenCards", [])]
                if s.get("faceUpCard") is not None:
                    cards.append(card(s["faceUpCard"]))
                slots[pos] = tuple(cards)
            rows.append(_stack_row(slots))
        stacks = tuple(rows)
    ghoptes = tuple(
        Ghopte(int(g["seat"]), card(g["card"]), int(g["order"]), bool(g["resolved"]))
        for g in st.get("ghoptes", [])
    )
    trick = st["trick"]
    # ``playOrder`` as written (a parsed card's may exceed its position, DMN.md §6); a card
    # without one gets its position.
    played = tuple(
        PlayedCard(int(c["seat"]), card(c["card"]), int(c.get("playOrder", i)))
        for i, c in enumerate(trick.get("cards", []), 1)
    )
    md = st.get("moveDetail") or {}
    detail = _NO_DETAIL
    if md.get("seat") is not None and md.get("card") is not None:
        detail = MoveDetail(int(md["seat"]), card(md["card"]), bool(md.get("makesTurup")))
    tt = st.get("turupTrick") if r == "rulebook" else None
    players = tuple(
        sorted(
            (Player(int(p["seat"]), p.get("team")) for p in st.get("players", [])),
            key=lambda p: p.seat,
        )
    )
    return Parts(
        "4p" if four else "2p",
        int(game["dealerSeat"]),
        suit(game.get("turup")),
        None if tt is None else int(tt),
        ghoptes,
        hands,
        stacks,
        int(st["moveNumber"]),
        Trick(
            int(trick["number"]),
            int(trick["playNumber"]),
            suit(trick.get("leadSuit")),
            bool(trick["isGhopte"]),
            played,
        ),
        detail,
        int(st["nextMoveSeat"]),
        r,
        players if sorted(p.seat for p in players) == list(range(n)) else None,
    )
