"""BBO LIN reader for card-play records.

A LIN text is a sequence of ``key|value|`` pairs (line breaks are not separators). Keys read:
``md|`` (dealer digit 1=S 2=W 3=N 4=E, then the hands always in the order S, W, N, E, the fourth
computed when omitted), ``sv|`` vulnerability, ``mb|`` calls (``p``, ``d``, ``r``, bids, ``!``
alerts), ``an|`` alert notes, ``pc|`` cards in play order (lower-case allowed), ``mc|`` claim
(declarer's total tricks), ``ah|`` board title, ``qx|`` vugraph table (``o46``/``c46``), ``vg|``
event, ``rs|`` vugraph results, ``pn|`` player names. The contract and declarer are derived from
the auction (declarer: the first of the declaring side to name the strain); the opening leader
is declarer's left-hand opponent. Every problem is attached to its board with line, column and
code; nothing is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from os import PathLike

from parlour.bridge import records
from parlour.bridge._cards import RANKS, SEATS, SUITS, Seat, sort_cards
from parlour.bridge.records import Board, Contract, Problem, contract_from_auction

__all__ = ["read", "read_file"]

_LIN_SEATS: tuple[Seat, Seat, Seat, Seat] = ("S", "W", "N", "E")
_DEALER = {"1": "S", "2": "W", "3": "N", "4": "E"}
_VUL = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_RS = re.compile(r"^([1-7])(N|S|H|D|C)([NESW])(x{0,2})(=|[+-]\d+)$", re.IGNORECASE)


@dataclass
class _Raw:
    line: int
    col: int
    index: int
    title: str | None = None
    table: str | None = None
    md: tuple[str, int, int] | None = None
    sv: str | None = None
    calls: list[tuple[str, int, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cards: list[tuple[str, int, int]] = field(default_factory=list)
    claim: tuple[str, int, int] | None = None
    comments: list[str] = field(default_factory=list)


def _positions(text: str) -> list[int]:
    return [i for i, ch in enumerate(text) if ch == "\n"]


def _pairs(text: str) -> list[tuple[str, str, int]]:
    """``(key, value, offset of the key)`` pairs; newlines are removed from keys and values."""
    out: list[tuple[str, str, int]] = []
    pos = 0
    n = len(text)
    while pos < n:
        bar = text.find("|", pos)
        if bar < 0:
            break
        key = text[pos:bar].replace("\n", "").replace("\r", "").strip()
        kpos = pos + (len(text[pos:bar]) - len(text[pos:bar].lstrip()))
        end = text.find("|", bar + 1)
        if end < 0:
            end = n
        value = text[bar + 1 : end].replace("\n", "").replace("\r", "")
        out.append((key.lower(), value, kpos))
        pos = end + 1
    return out


def _hand(text: str) -> list[str] | None:
    cards: list[str] = []
    suit: str | None = None
    for ch in text.upper():
        if ch in SUITS:
            suit = ch
        elif ch in RANKS and suit is not None:
            cards.append(suit + ch)
        elif ch == "1" or ch == "0":  # "10" spelled out
            if ch == "1" and suit is not None:
                cards.append(suit + "T")
        elif not ch.isspace():
            return None
    return cards


_LIN_CALLS = {"D": "X", "R": "XX"}


def _norm_call(v: str) -> str | None:
    return records._normal_call(v.strip().rstrip("!").upper(), _LIN_CALLS)


def read(text: str, *, raise_errors: bool = False) -> list[Board]:
    """Read every board of a LIN text.

    Args:
        text: The LIN text.
        raise_errors: Raise :class:`BridgeFormatError` listing every problem.

    Returns:
        The boards in file order, each with its problems attached.

    Raises:
        TypeError: ``text`` is not a string.
        BridgeFormatError: With ``raise_errors=True``, when any problem was found.
    """
    if not isinstance(text, str):
        raise TypeError(f"lin.read takes the text of a LIN file, not {type(text).__name__}")
    nl = _positions(text)

    def where(off: int) -> tuple[int, int]:
        import bisect

        k = bisect.bisect_left(nl, off)
        start = nl[k - 1] + 1 if k > 0 else 0
        return k + 1, off - start + 1

    raws: list[_Raw] = []
    cur: _Raw | None = None
    event: str | None = None
    first_board: int | None = None
    results: list[str] = []
    names: str | None = None
    loose: list[Problem] = []
    for key, value, off in _pairs(text):
        ln, col = where(off)
        if key == "qx":
            if cur is not None:
                raws.append(cur)
            cur = _Raw(ln, col, len(raws), table=value.strip())
        elif key == "md":
            if cur is None or cur.md is not None:
                if cur is not None:
                    raws.append(cur)
                cur = _Raw(ln, col, len(raws))
            cur.md = (value, ln, col)
        elif key == "vg":
            parts = value.split(",")
            event = parts[0].strip() or None
            if len(parts) > 3 and parts[3].strip().isdigit():
                first_board = int(parts[3])
        elif key == "rs":
            results = value.split(",")
        elif key == "pn":
            names = value
        elif cur is None:
            if key in ("mb", "pc", "mc"):
                loose.append(Problem("LIN_NO_BOARD", f"{key}|{value}| before any md|", ln, col))
        elif key == "ah":
            cur.title = value.strip()
        elif key == "sv":
            cur.sv = value.strip().lower()
        elif key == "mb":
            cur.calls.append((value, ln, col))
        elif key == "an":
            cur.notes.append(value)
        elif key == "pc":
            cur.cards.append((value, ln, col))
        elif key == "mc":
            cur.claim = (value, ln, col)
        elif key == "nt":
            cur.comments.append(value)
    if cur is not None:
        raws.append(cur)
    _ = names
    boards = [_board(r, event, first_board, results) for r in raws]
    if loose:
        if boards:
            b0 = boards[0]
            boards[0] = replace(b0, problems=tuple(loose) + b0.problems)
        else:
            boards.append(Board(source_format="lin", problems=tuple(loose)))
    return records._finish(boards, raise_errors)


def _board(r: _Raw, event: str | None, first_board: int | None, results: list[str]) -> Board:
    problems: list[Problem] = []
    irregular: list[str] = []
    dealer: Seat | None = None
    hands: dict[Seat, tuple[str, ...]] | None = None
    board_no: str | None = None
    room: str | None = None
    table = (r.table or "").split(",")[0].strip().lower()
    if len(table) > 1 and table[0] in "oc" and table[1:].isdigit():
        room = "Open" if table[0] == "o" else "Closed"
        board_no = table[1:]
    if r.title:
        m = re.search(r"(\d+)", r.title)
        if m and board_no is None:
            board_no = m.group(1)
    if r.md is None:
        problems.append(Problem("LIN_NO_DEAL", "board without md|", r.line, r.col))
    else:
        value, ln, col = r.md
        v = value.strip()
        if v[:1] in _DEALER:
            dealer = _DEALER[v[0]]  # type: ignore[assignment]
            v = v[1:]
        elif board_no is not None and board_no.isdigit() and int(board_no) > 0:
            dealer = SEATS[(int(board_no) - 1) % 4]
            irregular.append("md| has no dealer digit: dealer taken from the board number")
        parts = v.split(",")
        while len(parts) < 4:
            parts.append("")
        if len(parts) > 4 and any(p.strip() for p in parts[4:]):
            problems.append(Problem("LIN_INVALID_DEAL", "md| has more than four hands", ln, col))
        got: dict[Seat, list[str]] = {}
        ok = True
        for seat, part in zip(_LIN_SEATS, parts[:4], strict=True):
            cards = _hand(part)
            if cards is None:
                problems.append(
                    Problem("DEAL_INVALID_CARD", f"hand {seat}: not a hand {part!r}", ln, col)
                )
                ok = False
            elif cards:
                got[seat] = cards
        seen: set[str] = set()
        for seat, cards in got.items():
            for c in cards:
                if not records._dealt_once(c, seen, problems, ln, col):
                    ok = False
            if not records._full_hand(seat, cards, problems, ln, col):
                ok = False
        missing = [s for s in _LIN_SEATS if s not in got]
        if ok and len(missing) == 1:
            got[missing[0]] = [s + rk for s in SUITS for rk in RANKS if s + rk not in seen]
        elif ok and missing:
            problems.append(
                Problem("DEAL_HAND_SIZE", f"hands {', '.join(missing)} are missing", ln, col)
            )
            ok = False
        if ok:
            hands = {s: tuple(sort_cards(got[s])) for s in SEATS}
    calls: list[str] = []
    for value, ln, col in r.calls:
        call = _norm_call(value)
        if call is None:
            problems.append(Problem("AUCTION_INVALID_CALL", f"not a call: {value!r}", ln, col))
        else:
            calls.append(call)
    contract: Contract | None = None
    if dealer is not None and calls:
        contract = contract_from_auction(calls, dealer)
    leader = contract.opening_leader if contract else None
    play: list[str] = []
    where: list[tuple[int, int]] = []
    for value, ln, col in r.cards:
        c = value.strip().upper()
        if len(c) == 3 and c[1:] == "10":  # a ten spelled out, as md| allows
            c = c[0] + "T"
        if len(c) == 2 and c[0] in SUITS and c[1] in RANKS:
            play.append(c)
            where.append((ln, col))
        else:
            problems.append(Problem("PLAY_INVALID_CARD", f"not a card: {value!r}", ln, col))
    records._require_contract(contract, play, problems, r.line, r.col)
    claim: int | None = None
    if r.claim is not None:
        value, ln, col = r.claim
        claim = records._trick_count(value, "INVALID_CLAIM", problems, ln, col)
    result = claim
    if first_board is not None and board_no is not None and room is not None:
        k = 2 * (int(board_no) - first_board) + (0 if room == "Open" else 1)
        rs = _RS.match(results[k].strip()) if 0 <= k < len(results) else None
        if rs:
            n = 0 if rs.group(5) == "=" else int(rs.group(5))
            rs_tricks = int(rs.group(1)) + 6 + n
            if result is None:
                result = rs_tricks
            elif result != rs_tricks:
                irregular.append(
                    f"rs| result {results[k]} ({rs_tricks} tricks) != mc| claim {claim}"
                )
            if contract is not None:
                dbl = len(rs.group(4))
                rs_contract = (int(rs.group(1)), rs.group(2).upper(), dbl, rs.group(3).upper())
                mine = (contract.level, contract.strain, contract.doubled, contract.declarer)
                if rs_contract != mine:
                    irregular.append(
                        f"rs| contract {results[k]} != auction contract {contract.text}"
                    )
    if hands is not None and leader is not None and play and contract is not None:
        res = records.replay(play, leader, hands, contract.trump)
        problems += records._replay_problems(res, where)
    return Board(
        event=event,
        board=board_no,
        room=room,
        dealer=dealer,
        vulnerability=_VUL.get(r.sv) if r.sv is not None else None,
        hands=hands,
        auction=tuple(calls),
        contract=contract,
        opening_leader=leader,
        play=tuple(play),
        result=result,
        claim=claim,
        notes=tuple(r.notes),
        comments=tuple(r.comments),
        source_format="lin",
        index=r.index,
        line=r.line,
        problems=tuple(problems),
        irregularities=tuple(irregular),
    )


def read_file(path: str | PathLike[str], *, raise_errors: bool = False) -> list[Board]:
    """Read a LIN file (UTF-8, falling back to Latin-1); see :func:`read`.

    Raises:
        TypeError: ``path`` is not a path (a string, bytes or ``os.PathLike``).
        ConfigError: ``FILE_NOT_READABLE`` when the file cannot be read.
        BridgeFormatError: With ``raise_errors=True``, when any problem was found.
    """
    return read(records.read_text(path), raise_errors=raise_errors)
