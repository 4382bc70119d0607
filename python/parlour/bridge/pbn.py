"""PBN (Portable Bridge Notation) reader and writer for card-play records.

``read(text)`` returns every game of the text as a :class:`~parlour.bridge.records.Board`.
The ``[Play "X"]`` section is read by seat columns (column j is seat X+j), not in play order:
each trick is put in play order from its leader, and the winner (with trumps) leads the next.
``-`` is a card not played (claims), ``*`` ends the section. Tags omitted on a later game
(Event, Site, Date, Board, Dealer, Vulnerable, Deal, Stage, HomeTeam, VisitTeam, Scoring) and
tags whose value is ``#`` are inherited from the previous game. Reading is strict: every
inconsistency becomes a :class:`~parlour.bridge.records.Problem` with line, column and code,
including ``CARD_NOT_OWNED``/``REVOKE`` from replaying the play. ``repair=True`` rebuilds play
rows that an exporter wrote rotated, from who holds each card, and says so in ``repairs``.

``write(boards)`` writes the boards back (the ``[Play]`` section regenerated in seat columns);
reading the result gives equal boards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from os import PathLike

from parlour.bridge import records
from parlour.bridge._cards import RANKS, SEATS, SUITS, Seat, next_seat, trick_winner
from parlour.bridge.records import (
    Board,
    Contract,
    Problem,
    contract_from_auction,
    parse_contract,
)
from parlour.errors import ConfigError, NotationError

__all__ = ["INHERITED_TAGS", "read", "read_file", "write"]

INHERITED_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Stage",
    "HomeTeam",
    "VisitTeam",
    "Scoring",
)
"""Tags a game inherits from the previous game when it omits them."""

REPAIR_NOTE = (
    "[Play] rows not in PBN seat-column order; chronological order rebuilt from card ownership"
    " (play_strict_pbn = literal reading)"
)
_SECTIONS = ("Auction", "Play")
_TOKEN = re.compile(
    r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]'  # tag
    r"|(\{)"  # comment start
    r"|(;.*)"  # rest-of-line comment
    r"|([^\s\[{;]+|\[)"  # other token (a lone '[' is junk)
)
_ANNOTATION = re.compile(r"^(=\d+=|\$\d+|[!?]+)$")
_VULN = {"None": "None", "Love": "None", "-": "None", "NS": "NS", "EW": "EW"}
_VULN.update({"All": "All", "Both": "All"})


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    col: int
    body: list[tuple[str, int, int]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)


@dataclass
class _Game:
    line: int
    tags: list[_Tag] = field(default_factory=list)
    comments: list[tuple[str, int]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    names: set[str] = field(default_factory=set)


_CARDS = frozenset(s + r for s in SUITS for r in RANKS)
_DISPLAY = {s + r: i * 16 + 12 - k for i, s in enumerate(SUITS) for k, r in enumerate(RANKS)}


def _unescape(v: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", v) if "\\" in v else v


def _escape(v: str) -> str:
    # only a backslash before '"', '\\' or the end needs doubling to read back the same
    v = re.sub(r'\\(?=["\\]|$)', r"\\\\", v)
    return v.replace('"', '\\"')


def _scan(text: str) -> list[_Game]:
    """Split a PBN text into games; an unclosed ``{`` is reported and read as a line comment."""
    broken: set[tuple[int, int]] = set()
    while True:
        games, open_at = _scan_once(text, broken)
        if open_at is None:
            break
        broken.add(open_at)
    if broken:
        probs = [
            Problem("UNTERMINATED_COMMENT", "a { comment is never closed", ln, col)
            for ln, col in sorted(broken)
        ]
        if not games:
            games = [_Game(1, problems=probs)]
        else:
            # each on the game that holds it (the last one starting at or before its line)
            for prob in reversed(probs):
                owner = games[0]
                for g in games:
                    if g.line <= prob.line:
                        owner = g
                owner.problems.insert(0, prob)
    return games


def _scan_once(
    text: str, broken: set[tuple[int, int]]
) -> tuple[list[_Game], tuple[int, int] | None]:
    games: list[_Game] = []
    open_at: tuple[int, int] | None = None
    cur: _Game | None = None
    in_comment: list[str] | None = None
    comment_owner: _Tag | None = None

    def add_comment(txt: str, line: int, owner: _Tag | None) -> None:
        nonlocal cur
        if cur is None:
            cur = _Game(line)
        # anchor: inside a kept section body (-1) or before the next tag
        anchor = -1 if owner is not None and owner.name != "Play" else len(cur.tags)
        cur.comments.append((txt, anchor))

    lines = text.splitlines()
    # A '{' after the last '}' of the text can never be closed: read it as a line comment at
    # once (one pass, whatever the number of such braces).
    last_close = (0, 0)
    for k in range(len(lines) - 1, -1, -1):
        c = lines[k].rfind("}")
        if c >= 0:
            last_close = (k + 1, c + 1)
            break
    for ln, line in enumerate(lines, start=1):
        pos = 0
        # the tag whose section body keeps this line (from raw_start on), while no tag follows
        raw_owner: _Tag | None = None
        raw_start = 0
        if in_comment is not None:
            end = line.find("}")
            if end < 0:
                in_comment.append(line)
                if comment_owner is not None and comment_owner.name != "Play":
                    comment_owner.raw.append(line)
                continue
            in_comment.append(line[:end])
            if comment_owner is not None and comment_owner.name != "Play":
                # the closing line stays in the body up to a tag that follows it on the line
                comment_owner.raw.append(line)
                raw_owner = comment_owner
            add_comment("\n".join(in_comment), ln, comment_owner)
            in_comment = None
            pos = end + 1
            if not line[pos:].strip():
                continue
        elif line.startswith("%"):
            continue
        if not line.strip():
            if cur is not None and cur.tags:
                games.append(cur)
                cur = None
            continue
        last: _Tag | None = cur.tags[-1] if cur is not None and cur.tags else None
        if (
            last is not None
            and last.name != "Play"
            and pos == 0
            and not line.lstrip().startswith("[")
        ):
            last.raw.append(line)
            raw_owner = last
        while True:
            m = _TOKEN.search(line, pos)
            if m is None:
                break
            pos = m.end()
            col = m.start() + 1
            g_name, g_value, g_brace, g_semi, tok = m.groups()
            if tok is not None:
                if cur is None:
                    cur = _Game(ln)
                if last is None:
                    cur.problems.append(
                        Problem("UNEXPECTED_TEXT", f"text {tok!r} outside any tag", ln, col)
                    )
                else:
                    if raw_owner is None and last.name != "Play":
                        # text of the section on a line that starts like a tag: keep the line
                        # in the section's body (from here on, or from its start when only
                        # blanks precede), so that the writer writes it
                        raw_start = m.start() if line[: m.start()].strip() else 0
                        last.raw.append(line[raw_start:])
                        raw_owner = last
                    last.body.append((tok, ln, col))
            elif g_name is not None:
                if raw_owner is not None and raw_owner.raw:
                    # the line's start (e.g. a comment) stays with the previous tag's body
                    head = line[raw_start : m.start()]
                    if head.strip():
                        raw_owner.raw[-1] = head.rstrip()
                    else:
                        raw_owner.raw.pop()
                    raw_owner = None
                name, value = g_name, _unescape(g_value)
                if cur is not None and name != "Note" and name in cur.names:
                    games.append(cur)
                    cur = None
                if cur is None:
                    cur = _Game(ln)
                last = _Tag(name, value, ln, col)
                cur.tags.append(last)
                cur.names.add(name)
                rest = line[m.end() :]
                if name != "Play" and rest.strip():
                    last.raw.append(rest)
                    raw_owner, raw_start = last, m.end()
            elif g_brace is not None:
                if raw_owner is None and last is not None and last.name != "Play":
                    # the comment belongs to the section body of ``last``: keep its line
                    # there (from the brace on), so that the writer writes it back
                    last.raw.append(line[m.start() :])
                    raw_owner, raw_start = last, m.start()
                end = line.find("}", m.end())
                if (ln, col) > last_close:
                    broken.add((ln, col))
                if (ln, col) in broken:
                    add_comment(line[m.end() :].strip(), ln, last)
                    break
                if end < 0:
                    in_comment = [line[m.end() :]]
                    comment_owner = last
                    open_at = (ln, col)
                    break
                add_comment(line[m.end() : end], ln, last)
                pos = end + 1
            else:
                if raw_owner is None and last is not None:
                    if last.name != "Play":
                        last.raw.append(line[m.start() :])
                add_comment(g_semi[1:].strip(), ln, last)
                break
    if in_comment is not None:
        return games, open_at
    if cur is not None and (cur.tags or cur.problems):
        games.append(cur)
    return games, None


def _parse_deal(
    value: str, line: int, col: int, problems: list[Problem]
) -> dict[Seat, tuple[str, ...]] | None:
    v = value.strip()
    if len(v) < 2 or v[0] not in SEATS or v[1] != ":":
        problems.append(
            Problem("DEAL_INVALID", f"a deal starts with a seat and ':': {value!r}", line, col)
        )
        return None
    first: Seat = v[0]
    parts = v[2:].split()
    if len(parts) != 4:
        problems.append(Problem("DEAL_INVALID", f"a deal has 4 hands, not {len(parts)}", line, col))
        return None
    hands: dict[Seat, tuple[str, ...]] = {}
    seen: set[str] = set()
    ok = True
    for k, part in enumerate(parts):
        seat = next_seat(first, k)
        suits = part.split(".")
        if part == "-" or len(suits) != 4:
            problems.append(
                Problem("DEAL_INVALID", f"hand {seat} is not four suits: {part!r}", line, col)
            )
            ok = False
            continue
        cards: list[str] = []
        for s, ranks in zip(SUITS, suits, strict=True):
            if ranks == "-":
                continue
            for r in ranks.upper():
                if r not in RANKS:
                    problems.append(
                        Problem(
                            "DEAL_INVALID_CARD", f"hand {seat}: {s}{r} is not a card", line, col
                        )
                    )
                    ok = False
                    continue
                c = s + r
                if not records._dealt_once(c, seen, problems, line, col):
                    ok = False
                cards.append(c)
        if not records._full_hand(seat, cards, problems, line, col):
            ok = False
        hands[seat] = tuple(sorted(cards, key=_DISPLAY.__getitem__))
    return {s: hands[s] for s in SEATS} if ok else None


_PBN_CALLS = {"AP": "AP"}


def _norm_call(tok: str) -> str | None:
    return records._normal_call(tok.rstrip("!?").upper(), _PBN_CALLS)


def _winner(cards: Sequence[str], trump: str | None) -> int:
    return trick_winner(cards, trump) or 0


def _read_play(
    tag: _Tag, trump: str | None, problems: list[Problem], irregular: list[str]
) -> tuple[
    Seat | None, list[str], list[tuple[int, int]], bool, list[list[tuple[str | None, int, int]]]
]:
    """The chronological play of a ``[Play]`` section, the position of each card, ``*``, rows."""
    leader_s = tag.value.strip()
    if leader_s not in SEATS:
        has_cards = any(tok not in ("*", "-", "--") for tok, _, _ in tag.body)
        if leader_s not in ("", "-", "?") or has_cards:
            problems.append(
                Problem("PLAY_INVALID_LEADER", f"not a seat: {leader_s!r}", tag.line, tag.col)
            )
        return None, [], [], any(tok == "*" for tok, _, _ in tag.body), []
    first: Seat = leader_s
    slots: list[tuple[str | None, int, int]] = []
    terminated = False
    for tok, ln, col in tag.body:
        if terminated:
            problems.append(Problem("PLAY_AFTER_END", f"text {tok!r} after '*'", ln, col))
            continue
        if tok == "*":
            terminated = True
            continue
        if tok in _CARDS:
            slots.append((tok, ln, col))
            continue
        if _ANNOTATION.match(tok):
            continue
        if tok in ("-", "--"):
            slots.append((None, ln, col))
            continue
        card = re.sub(r"[!?]+$", "", tok).upper()
        if len(card) == 2 and card[0] in SUITS and card[1] in RANKS:
            slots.append((card, ln, col))
        else:
            problems.append(Problem("PLAY_INVALID_CARD", f"not a card: {tok!r}", ln, col))
            slots.append((None, ln, col))
    if len(slots) % 4:
        ln, col = (slots[-1][1], slots[-1][2]) if slots else (tag.line, tag.col)
        problems.append(
            Problem(
                "PLAY_ROW_INCOMPLETE", f"{len(slots)} play entries is not whole rows of 4", ln, col
            )
        )
        slots += [(None, ln, col)] * (4 - len(slots) % 4)
    rows = [slots[i : i + 4] for i in range(0, len(slots), 4)]
    play: list[str] = []
    where: list[tuple[int, int]] = []
    leader = SEATS.index(first)
    col0 = leader
    ended = False
    for row in rows:
        if all(c is None for c, _, _ in row):
            continue
        if ended:
            problems.append(
                Problem(
                    "PLAY_AFTER_PARTIAL_TRICK",
                    "cards after an incomplete trick",
                    row[0][1],
                    row[0][2],
                )
            )
            continue
        order = [row[(leader - col0 + k) % 4] for k in range(4)]
        cards = [(c, ln, col) for c, ln, col in order if c is not None]
        if len(cards) < 4:
            seen_gap = False
            for c, _, _ in order:
                if c is None:
                    seen_gap = True
                elif seen_gap:
                    irregular.append("gap in play order: a card after '-' in the last trick")
                    break
            ended = True
        for c, ln, col in cards:
            play.append(c)
            where.append((ln, col))
        if len(cards) == 4:
            leader = (leader + _winner([c for c, _, _ in cards], trump)) % 4
    return first, play, where, terminated, rows


def _repair(
    rows: list[list[tuple[str | None, int, int]]],
    first: Seat,
    hands: dict[Seat, tuple[str, ...]],
    trump: str | None,
) -> list[str] | None:
    """Rebuild the play from card ownership (PBN_LIN.md §3); None when that is impossible."""
    owner = {c: SEATS.index(s) for s, cs in hands.items() for c in cs}
    leader = SEATS.index(first)
    play: list[str] = []
    for row in rows:
        cards = [c for c, _, _ in row if c is not None]
        if not cards:
            continue
        placed: dict[int, str] = {}
        for c in cards:
            o = owner.get(c)
            if o is None or o in placed:
                return None
            placed[o] = c
        trick: list[str] = []
        for k in range(4):
            s = (leader + k) % 4
            if s not in placed:
                break
            trick.append(placed[s])
        if len(trick) != len(cards):
            return None
        play += trick
        if len(trick) == 4:
            leader = (leader + _winner(trick, trump)) % 4
        else:
            break
    return play


def _next_occurrence(seen: dict[str, int], name: str) -> int:
    """Which tag of its name (0: the first) the next tag named ``name`` is; counts it."""
    seen[name] = seen.get(name, -1) + 1
    return seen[name]


def _board_of(game: _Game, prev: dict[str, str], index: int, repair: bool) -> Board:
    problems = list(game.problems)
    irregular: list[str] = []
    repairs: list[str] = []
    inherited: list[str] = []
    present = {t.name for t in game.tags}
    for t in game.tags:
        if t.value == "#":
            if t.name in prev:
                t.value = prev[t.name]
                inherited.append(t.name)
            else:
                problems.append(
                    Problem(
                        "NOTHING_TO_INHERIT", f'[{t.name} "#"] has no previous game', t.line, t.col
                    )
                )
    extra = [
        _Tag(name, prev[name], game.line, 1)
        for name in INHERITED_TAGS
        if name not in present and name in prev
    ]
    inherited += [t.name for t in extra]
    tags = extra + game.tags
    for t in tags:
        if t.name in INHERITED_TAGS or t.name not in _SECTIONS:
            prev[t.name] = t.value
    by: dict[str, _Tag] = {}
    notes: list[str] = []
    for t in tags:
        if t.name == "Note":
            notes.append(t.value)
        by.setdefault(t.name, t)
        if t.name not in _SECTIONS and t.body:
            tok, ln, col = t.body[0]
            if t.name not in (
                "OptimumResultTable",
                "TotalScoreTable",
                "ScoreTable",
                "ActionTable",
            ) and not t.name.endswith("Table"):
                problems.append(
                    Problem("UNEXPECTED_TEXT", f"text {tok!r} after [{t.name}]", ln, col)
                )

    def val(name: str) -> str | None:
        t = by.get(name)
        return t.value if t is not None else None

    hands = None
    if "Deal" in by:
        hands = _parse_deal(by["Deal"].value, by["Deal"].line, by["Deal"].col, problems)
    dealer = val("Dealer")
    if dealer is not None and dealer not in SEATS:
        if dealer.strip():
            problems.append(
                Problem(
                    "INVALID_DEALER", f"not a seat: {dealer!r}", by["Dealer"].line, by["Dealer"].col
                )
            )
        dealer = None
    vul_raw = val("Vulnerable")
    vul = None if vul_raw is None else _VULN.get(vul_raw)
    if vul_raw is not None and vul is None and vul_raw.strip():
        problems.append(
            Problem(
                "INVALID_VULNERABLE",
                f"unknown vulnerability {vul_raw!r}",
                by["Vulnerable"].line,
                by["Vulnerable"].col,
            )
        )
    contract: Contract | None = None
    ct, dt = by.get("Contract"), by.get("Declarer")
    if ct is not None and ct.value.strip() and ct.value.strip().lower() not in ("pass", "ap"):
        decl = dt.value.strip().lstrip("^") if dt is not None else ""
        try:
            contract = parse_contract(ct.value, decl)
        except (NotationError, ConfigError) as e:
            problems.append(Problem(e.code, e.message, ct.line, ct.col))
    result: int | None = None
    rt = by.get("Result")
    if rt is not None and rt.value.strip():
        result = records._trick_count(rt.value, "INVALID_RESULT", problems, rt.line, rt.col)
    auction: list[str] = []
    at = by.get("Auction")
    if at is not None:
        for tok, ln, col in at.body:
            if _ANNOTATION.match(tok) or tok in ("*", "-", "+"):
                continue
            call = _norm_call(tok)
            if call is None:
                problems.append(Problem("AUCTION_INVALID_CALL", f"not a call: {tok!r}", ln, col))
            else:
                auction.append(call)
    if contract is None and ct is None and at is not None and at.value.strip() in SEATS and auction:
        contract = contract_from_auction(auction, at.value.strip())  # type: ignore[arg-type]
        if contract is not None:
            irregular.append("no [Contract] tag: contract and declarer derived from the auction")
    leader: Seat | None = None
    play: list[str] = []
    terminated = False
    strict: tuple[str, ...] | None = None
    pt = by.get("Play")
    if pt is not None:
        trump = contract.trump if contract else None
        leader, play, where, terminated, rows = _read_play(pt, trump, problems, irregular)
        records._require_contract(contract, play, problems, pt.line, pt.col)
        if contract is not None and leader is not None and leader != contract.opening_leader:
            problems.append(
                Problem(
                    "WRONG_OPENING_LEADER",
                    f"{leader} leads but declarer is {contract.declarer}",
                    pt.line,
                    pt.col,
                )
            )
        if hands is not None and leader is not None and play:
            v = records.replay(play, leader, hands, trump)
            if not v.is_valid:
                fixed = _repair(rows, leader, hands, trump) if repair else None
                if fixed is not None and records.replay(fixed, leader, hands, trump).is_valid:
                    strict = tuple(play)
                    play = fixed
                    irregular.append(REPAIR_NOTE)
                    repairs.append(
                        f"[Play] rows rebuilt from card ownership ({len(v.errors)} errors before)"
                    )
                else:
                    problems += records._replay_problems(v, where)
                    if repair:
                        problems.append(
                            Problem(
                                "REPAIR_FAILED",
                                "the play cannot be rebuilt from card ownership",
                                pt.line,
                                pt.col,
                            )
                        )
    sections: list[tuple[str, tuple[str, ...]]] = []
    occurrences: list[int] = []
    seen: dict[str, int] = {}
    for t in tags:
        occurrence = _next_occurrence(seen, t.name)
        if t.raw and t.name != "Play":
            sections.append((t.name, tuple(t.raw)))
            occurrences.append(occurrence)
    comments = tuple(c for c, _ in game.comments)
    # A comment before the game's first tag stays before the first tag (inherited tags too).
    anchors = tuple(a + len(extra) if a > 0 else a for _, a in game.comments)
    room = val("Room")
    return Board(
        event=val("Event"),
        site=val("Site"),
        date=val("Date"),
        board=val("Board"),
        room=room,
        dealer=dealer,
        vulnerability=vul,
        hands=hands,
        auction=tuple(auction),
        contract=contract,
        opening_leader=leader,
        play=tuple(play),
        play_terminated=terminated,
        result=result,
        notes=tuple(notes),
        comments=comments,
        tags=tuple((t.name, t.value) for t in tags),
        sections=tuple(sections),
        section_occurrences=tuple(occurrences),
        source_format="pbn",
        index=index,
        line=game.line,
        problems=tuple(problems),
        irregularities=tuple(irregular),
        repairs=tuple(repairs),
        play_strict=strict,
        inherited_tags=tuple(inherited),
        comment_anchors=anchors,
    )


def read(text: str, *, repair: bool = False, raise_errors: bool = False) -> list[Board]:
    """Read every game of a PBN text.

    Args:
        text: The PBN text.
        repair: Rebuild ``[Play]`` rows written rotated (by card ownership) and say so.
        raise_errors: Raise :class:`BridgeFormatError` listing every problem instead of only
            attaching the problems to the boards.

    Returns:
        The boards, in file order (none is dropped; problems are attached to each).

    Raises:
        TypeError: ``text`` is not a string.
        BridgeFormatError: With ``raise_errors=True``, when any problem was found.
    """
    if not isinstance(text, str):
        raise TypeError(f"pbn.read takes the text of a PBN file, not {type(text).__name__}")
    prev: dict[str, str] = {}
    boards = [_board_of(g, prev, i, repair) for i, g in enumerate(_scan(text))]
    return records._finish(boards, raise_errors)


def read_file(
    path: str | PathLike[str], *, repair: bool = False, raise_errors: bool = False
) -> list[Board]:
    """Read a PBN file (UTF-8, falling back to Latin-1); see :func:`read`.

    Raises:
        TypeError: ``path`` is not a path (a string, bytes or ``os.PathLike``).
        ConfigError: ``FILE_NOT_READABLE`` when the file cannot be read.
        BridgeFormatError: With ``raise_errors=True``, when any problem was found.
    """
    return read(records.read_text(path), repair=repair, raise_errors=raise_errors)


def _play_rows(board: Board) -> list[str]:
    if board.opening_leader is None:
        return []
    trump = board.contract.trump if board.contract else None
    first = SEATS.index(board.opening_leader)
    leader = first
    rows: list[str] = []
    cards = list(board.play)
    for start in range(0, len(cards), 4):
        trick = cards[start : start + 4]
        row = ["-"] * 4
        for k, c in enumerate(trick):
            row[(leader + k - first) % 4] = c
        rows.append(" ".join(row))
        if len(trick) == 4:
            leader = (leader + _winner(trick, trump)) % 4
    return rows


def _comment_text(c: str) -> list[str]:
    if "}" not in c:
        return ["{" + c + "}"]
    return ["; " + line for line in c.splitlines()] or [";"]


def _closed_body(lines: Sequence[str]) -> list[str]:
    """A section body as written: a ``{`` the body never closes becomes ``;``.

    The reader reads such a brace (never closed in its text) to the end of its line; written
    as it was, it would open a comment that a later ``}`` of the written text (another board's
    comment or tag) closes, swallowing the boards between. ``;`` reads the same: the rest of the
    line is the comment.
    """
    out = list(lines)
    k = 0
    while k < len(out):
        # scan from line k (outside any comment) as the reader does, to the body's end
        open_at: tuple[int, int] | None = None
        for i in range(k, len(out)):
            line, pos = out[i], 0
            if open_at is not None:
                end = line.find("}")
                if end < 0:
                    continue
                open_at, pos = None, end + 1
            elif i > 0 and line.startswith("%"):
                continue
            while (m := _TOKEN.search(line, pos)) is not None:
                pos = m.end()
                if m.group(4) is not None:
                    break
                if m.group(3) is not None:
                    end = line.find("}", pos)
                    if end < 0:
                        open_at = (i, m.start())
                        break
                    pos = end + 1
        if open_at is None:
            break
        i, col = open_at
        out[i] = out[i][:col] + ";" + out[i][col + 1 :]
        k = i + 1
    return out


def _bodies(b: Board) -> dict[tuple[str, int], tuple[str, ...]]:
    """Each section body by the tag it follows: its name and occurrence (0: the first)."""
    if len(b.section_occurrences) == len(b.sections):
        occurrences = list(b.section_occurrences)
    else:
        # none recorded: each name's bodies follow that name's tags in order
        seen: dict[str, int] = {}
        occurrences = [_next_occurrence(seen, name) for name, _ in b.sections]
    return {(name, k): lines for (name, lines), k in zip(b.sections, occurrences, strict=True)}


def write(boards: Iterable[Board]) -> str:
    """Write boards as PBN: every tag, the kept section bodies, a regenerated ``[Play]``.

    A ``{`` that a section body never closes (read as a comment to the end of its line) is
    written as ``;``, which reads the same, so that no comment runs on into the next board.

    Returns:
        The PBN text; ``read(write(boards)) == boards`` for boards read from PBN.

    Raises:
        TypeError: ``boards`` is not an iterable of ``Board`` objects.
    """
    out: list[str] = ["% PBN 2.1", "% EXPORT", ""]
    for b in boards:
        if not isinstance(b, Board):
            raise TypeError(f"pbn.write takes Board objects, not {type(b).__name__}")
        anchors = (
            b.comment_anchors
            if len(b.comment_anchors) == len(b.comments)
            else (len(b.tags),) * len(b.comments)
        )
        tags = list(b.tags) or _synth_tags(b)
        bodies = _bodies(b)
        if not b.tags and b.auction:
            calls = list(b.auction)
            rows = range(0, len(calls), 4)
            bodies["Auction", 0] = tuple(" ".join(calls[i : i + 4]) for i in rows)
        seen: dict[str, int] = {}
        for i, (name, value) in enumerate(tags):
            occurrence = _next_occurrence(seen, name)
            for c, a in zip(b.comments, anchors, strict=True):
                if a == i:
                    out += _comment_text(c)
            out.append(f'[{name} "{_escape(value)}"]')
            if name == "Play":
                out += _play_rows(b)
                if b.play_terminated or (b.source_format != "pbn" and not b.play_complete):
                    out.append("*")
            elif bodies.get((name, occurrence)):
                body = _closed_body(bodies[name, occurrence])
                if body[0].startswith("%"):
                    # read from the tag's line: on a line of its own it would be a % comment
                    out[-1] += body.pop(0)
                out += body
        for c, a in zip(b.comments, anchors, strict=True):
            if a >= len(tags):
                out += _comment_text(c)
        out.append("")
    return "\n".join(out)


def _synth_tags(b: Board) -> list[tuple[str, str]]:
    """Tags for a board that has none (e.g. one read from LIN)."""
    tags: list[tuple[str, str]] = []
    for name, v in (
        ("Event", b.event),
        ("Site", b.site),
        ("Date", b.date),
        ("Board", b.board),
        ("Room", b.room),
    ):
        if v is not None:
            tags.append((name, v))
    if b.dealer:
        tags.append(("Dealer", b.dealer))
    if b.vulnerability:
        tags.append(("Vulnerable", b.vulnerability))
    if b.hands:
        hs = []
        for s in SEATS:
            hs.append(".".join("".join(c[1] for c in b.hands[s] if c[0] == suit) for suit in SUITS))
        tags.append(("Deal", "N:" + " ".join(hs)))
    if b.contract:
        tags += [("Declarer", b.contract.declarer), ("Contract", b.contract.text)]
    if b.result is not None:
        tags.append(("Result", str(b.result)))
    if b.auction and b.dealer:
        tags.append(("Auction", b.dealer))
    for note in b.notes:
        tags.append(("Note", note))
    if b.opening_leader:
        tags.append(("Play", b.opening_leader))
    return tags
