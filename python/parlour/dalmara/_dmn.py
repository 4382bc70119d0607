"""Dal Mara Notation (DMN): the grammar of ``parse_dmn`` and ``serialize_dmn``.

A DMN string is 8 sections joined by ``" | "``::

    <game> | <ghoptes> | <hands> | <stacks> | <move_number> | <trick> | <move_detail> | <next>

The reader follows dal-mara-engine 0.2.0's ``parseDMN`` (``shared/specs/dalmara/DMN.md``) but is
stricter: every card must be one of the 52 engine spellings, numbers must be decimal integers in
range (no ``NaN``, no ``0x`` prefix), an empty stack slot, a move detail with a seat but no card,
a trick section of fewer than 5 fields, a card held twice, a bad fourth game field (the
rulebook's Turup trick) and a trick card after the 255th entry of the trick's cards part are all
``INVALID_DMN``. The engine's harmless leniencies are kept: surrounding whitespace is trimmed, an
unknown Turup token reads as no Turup, unknown mode tokens read as ``4p``, ghopte entries without
3 fields and trick entries without ``:`` are skipped (a skipped trick entry still uses up its
``playOrder`` position), ``parseInt`` prefixes (``0s`` reads 0), extra hand segments and 4p stacks
are ignored.
"""

from __future__ import annotations

import re

from parlour._js import JS_WHITESPACE, js_trim
from parlour.errors import NotationError

__all__ = ["CARD_INDEX", "CARD_NAMES", "format_parts", "parse_parts"]

_SUIT_CHARS = "shdc"
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

CARD_NAMES: dict[int, str] = {
    s * 16 + r: _RANKS[r] + _SUIT_CHARS[s] for s in range(4) for r in range(13)
}
"""Card index (``suit * 16 + rank``) to the engine's card string."""

CARD_INDEX: dict[str, int] = {v: k for k, v in CARD_NAMES.items()}
"""The engine's card string to its index."""

_SUIT_INDEX = {"s": 0, "h": 1, "d": 2, "c": 3}
_GET = CARD_INDEX.get
_INT = re.compile(r"([+-]?)(0[xX])?([0-9]*)")
_TURUP_TRICK = re.compile(r"[1-9][0-9]*")
_MAX_ORDER = 1 << 53
_MAX_PLAY_ORDER = 255

Parts = tuple[
    bool,
    str,
    int,
    int | None,
    int | None,
    list[tuple[int, int, int, bool]],
    list[list[int]],
    list[list[int]],
    int,
    tuple[int, int, int | None, bool, list[tuple[int, int]], list[int]],
    tuple[int, int, bool] | None,
    int,
]


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


def _card(text: str) -> int:
    c = CARD_INDEX.get(text)
    if c is None:
        raise _bad(f"Invalid DMN: {text[:20]!r} is not a card")
    return c


def _cards(text: str) -> list[int]:
    if not text:
        return []
    out = list(map(_GET, text.split(",")))
    if None in out:
        for t in text.split(","):
            _card(t)
    return out  # type: ignore[return-value]


def parse_parts(text: str, rules: str) -> Parts:
    """Parse DMN into the plain parts ``parlour._core.dalmara.Core.from_parts`` takes.

    Args:
        text: The DMN string.
        rules: ``"rulebook"`` keeps the fourth game field, ``"dal-mara-engine"`` drops it.

    Returns:
        The parts tuple. The trick part is ``(number, play_number, lead, is_ghopte, cards,
        play_orders)``: a card's ``playOrder`` is its 1-based position among all the entries of
        the cards part, the skipped ones (without ``:``) included (``DMN.md`` §6).

    Raises:
        NotationError: ``INVALID_DMN`` for malformed notation.
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
    turup = _SUIT_INDEX.get(g[2])
    move_number = _int(move_s, "move number", 0, 52)
    t = trick_s.split(",")
    if len(t) < 5:
        raise _bad("Invalid DMN trick section: expected 5 fields")
    trick_number = _int(t[0], "trick number", 1, 13 if four else 26)
    play_number = _int(t[1], "play number", 0, n)
    lead = _SUIT_INDEX.get(t[2])
    is_ghopte = t[3] == "g"
    trick_cards: list[tuple[int, int]] = []
    play_orders: list[int] = []
    cards_part = ",".join(t[4:])
    if cards_part not in ("-", ""):
        for position, entry in enumerate(cards_part.split("/"), 1):
            i = entry.find(":")
            if i < 0:
                continue
            trick_cards.append((_int(entry[:i], "trick seat", 0, n - 1), _card(entry[i + 1 :])))
            if position > _MAX_PLAY_ORDER:
                raise _bad(
                    f"Invalid DMN trick section: a trick card at entry {position} "
                    f"(play orders above {_MAX_PLAY_ORDER} are not supported)"
                )
            play_orders.append(position)
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
        if rules == "rulebook":
            turup_trick = int(f)
    ghoptes: list[tuple[int, int, int, bool]] = []
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
                ghoptes.append((seat, _card(f3[0]), order, f3[2] == "r"))
    segs = hands_s.split("/")
    hands = [_cards(segs[i]) if i < len(segs) else [] for i in range(n)]
    stacks: list[list[int]] = []
    if not four and stacks_s != "-":
        slots = stacks_s.split("/")
        for k in range(8):
            slot = slots[k] if k < len(slots) else "-"
            if slot == "":
                raise _bad("Invalid DMN stacks section: empty stack slot")
            stacks.append([] if slot == "-" else _cards(slot))
    d = detail_s.split(",")
    detail: tuple[int, int, bool] | None = None
    d_seat = None if d[0] == "-" else _int(d[0], "move detail seat", 0, n - 1)
    d_card = None if len(d) < 2 or d[1] == "-" else _card(d[1])
    if d_seat is not None and d_card is None:
        raise _bad("Invalid DMN move detail: a seat without a card")
    if d_seat is not None and d_card is not None:
        detail = (d_seat, d_card, len(d) > 2 and d[2] == "t")
    nxt = _int(next_s, "next seat", 0, n - 1)
    return (
        four,
        rules,
        dealer,
        turup,
        turup_trick,
        ghoptes,
        hands,
        stacks,
        move_number,
        (trick_number, play_number, lead, is_ghopte, trick_cards, play_orders),
        detail,
        nxt,
    )


def format_parts(p: Parts) -> str:
    """Write DMN from the parts of a position (see ``parse_parts``).

    Args:
        p: The parts tuple, as ``Core.parts()`` returns it.

    Returns:
        The DMN string.
    """
    (
        four,
        rules,
        dealer,
        turup,
        turup_trick,
        ghoptes,
        hands,
        stacks,
        move_number,
        trick,
        detail,
        nxt,
    ) = p
    names = CARD_NAMES
    game = f"{'4p' if four else '2p'},{dealer},{'-' if turup is None else _SUIT_CHARS[turup]}"
    if four and turup is not None and turup_trick is not None and rules == "rulebook":
        game += f",{turup_trick}"
    if four:
        groups = []
        for seat in range(4):
            entries = [
                f"{names[c]},{o},{'r' if r else '-'}" for (s, c, o, r) in ghoptes if s == seat
            ]
            groups.append(":".join(entries) if entries else "-")
        gh = "/".join(groups)
        st = "-"
    else:
        gh = "-"
        slots = stacks if stacks else [[] for _ in range(8)]
        st = "/".join(",".join([names[c] for c in s]) if s else "-" for s in slots)
    hs = "/".join(",".join([names[c] for c in h]) for h in hands)
    tn, pn, lead, is_g, cards, _play_orders = trick
    tc = "/".join(f"{s}:{names[c]}" for s, c in cards) if cards else "-"
    tr = f"{tn},{pn},{'-' if lead is None else _SUIT_CHARS[lead]},{'g' if is_g else '-'},{tc}"
    de = (
        "-,-,-" if detail is None else f"{detail[0]},{names[detail[1]]},{'t' if detail[2] else '-'}"
    )
    return f"{game} | {gh} | {hs} | {st} | {move_number} | {tr} | {de} | {nxt}"
