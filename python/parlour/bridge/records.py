"""Board records read from PBN and LIN files, and the replay check of a board.

A :class:`Board` holds what a file says about one table: tags, deal, auction, contract,
opening leader, the play in chronological order, the recorded result, notes and comments.
Reading never drops a board: every problem found is attached to it as a :class:`Problem` with
the file position and a stable code.

What a board is built from is checked here the same way for both readers (PBN and LIN keep
their own grammars in :mod:`parlour.bridge.pbn` and :mod:`parlour.bridge.lin`): the cards dealt,
the calls, trick counts (a claim or a result), the replay of the play, and the end of a read
(the file's text, ``raise_errors``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from os import PathLike
from typing import Literal, cast

from parlour.bridge._cards import (
    SEATS,
    Seat,
    Suit,
    check_card_list,
    check_sequence,
    hands_masks,
    seat_index,
)
from parlour.bridge.api import BridgeEngine, HandsData, Play, ValidationResult
from parlour.errors import ConfigError, NotationError

__all__ = [
    "PROBLEM_CODES",
    "Board",
    "BridgeFormatError",
    "CheckStatus",
    "Contract",
    "Problem",
    "check_board",
    "contract_from_auction",
    "parse_contract",
]

CheckStatus = Literal[
    "consistent",
    "consistent_claim",
    "claim_out_of_range",
    "result_mismatch",
    "no_result",
    "no_play",
    "play_error",
]
"""The outcome of :func:`check_board`."""


class BridgeFormatError(NotationError):
    """A PBN or LIN text has problems (raised only when reading with ``raise_errors=True``).

    Args:
        code: The code of the first problem.
        message: A summary.
        problems: Every problem found.
    """

    def __init__(self, code: str, message: str = "", problems: tuple[Problem, ...] = ()) -> None:
        super().__init__(code, message)
        self.problems = problems

    def __reduce__(self) -> tuple[type[BridgeFormatError], tuple[str, str, tuple[Problem, ...]]]:  # type: ignore[override]
        return (type(self), (self.code, self.message, self.problems))


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found while reading a file.

    Attributes:
        code: A stable upper-case code, e.g. ``DEAL_DUPLICATE_CARD`` or ``CARD_NOT_OWNED``.
        message: A human sentence.
        line: 1-based line in the file.
        column: 1-based column in the line.
    """

    code: str
    message: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.code}: {self.message}"


PROBLEM_CODES: dict[str, str] = {
    "AUCTION_INVALID_CALL": "a token of the auction is not a call",
    "CARD_NOT_OWNED": "the replay finds a card not held by the seat that plays it",
    "DEAL_DUPLICATE_CARD": "a card is dealt twice",
    "DEAL_HAND_SIZE": "a hand does not have 13 cards (or hands are missing)",
    "DEAL_INVALID": "the deal is not a seat, ':' and four hands of four suits",
    "DEAL_INVALID_CARD": "a rank in the deal is not a card",
    "INVALID_CLAIM": "LIN mc| is not a trick count",
    "INVALID_CARD_RANK": "the replay finds a rank outside the valid ranks",
    "INVALID_CONTRACT": "the contract is not level, strain and doubling",
    "INVALID_DEALER": "the dealer is not a seat",
    "INVALID_RESULT": "the result is not a trick count",
    "INVALID_SEAT": "the declarer is not a seat",
    "INVALID_VULNERABLE": "unknown vulnerability",
    "LIN_INVALID_DEAL": "md| has more than four hands",
    "LIN_NO_BOARD": "LIN calls or cards before any md|",
    "LIN_NO_DEAL": "a LIN board without md|",
    "NOTHING_TO_INHERIT": "a '#' tag value on the first game",
    "PLAY_AFTER_END": "text after the '*' ending [Play]",
    "PLAY_AFTER_PARTIAL_TRICK": "cards after an incomplete trick",
    "PLAY_INVALID_CARD": "a play token is not a card",
    "PLAY_INVALID_LEADER": "the [Play] value is not a seat",
    "PLAY_ROW_INCOMPLETE": "the [Play] entries are not whole rows of four",
    "PLAY_WITHOUT_CONTRACT": "cards played on a board without a contract",
    "REPAIR_FAILED": "repair=True could not rebuild the play from card ownership",
    "REVOKE": "the replay finds a seat not following suit while able to",
    "UNEXPECTED_TEXT": "text where no section is open",
    "UNTERMINATED_COMMENT": "a '{' comment is never closed (read as a line comment)",
    "WRONG_OPENING_LEADER": "the [Play] leader is not declarer's left-hand opponent",
}
"""Every code a :class:`Problem` can carry, with its meaning."""

_CONTRACT = re.compile(r"^([1-7])(NT|N|S|H|D|C)(XX|X|R)?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: level 1-7, strain (``S H D C N``), doubled 0/1/2 and declarer.

    Attributes:
        level: 1-7.
        strain: ``S``, ``H``, ``D``, ``C`` or ``N`` (no-trump).
        doubled: 0, 1 (doubled) or 2 (redoubled).
        declarer: Declarer's seat.
    """

    level: int
    strain: Literal["S", "H", "D", "C", "N"]
    doubled: int
    declarer: Seat

    @property
    def redoubled(self) -> bool:
        """True when redoubled (``doubled == 2``)."""
        return self.doubled == 2

    @property
    def trump(self) -> Suit | None:
        """The trump suit, None in no-trump."""
        return None if self.strain == "N" else self.strain

    @property
    def text(self) -> str:
        """The contract as written in PBN, e.g. ``4SX`` or ``3NT``."""
        strain = "NT" if self.strain == "N" else self.strain
        return f"{self.level}{strain}{('', 'X', 'XX')[self.doubled]}"

    @property
    def opening_leader(self) -> Seat:
        """Declarer's left-hand opponent."""
        return SEATS[(SEATS.index(self.declarer) + 1) % 4]


def parse_contract(text: str, declarer: str) -> Contract:
    """Parse ``4SX``, ``3NT``, ``1N``, ``2HXX``, ``2HR`` with a declarer seat.

    Raises:
        NotationError: ``INVALID_CONTRACT`` for anything else.
        ConfigError: A bad declarer seat.
    """
    m = _CONTRACT.match(text.strip()) if isinstance(text, str) else None
    if not m:
        raise NotationError("INVALID_CONTRACT", f"not a contract: {text!r}")
    seat_index(declarer)
    strain = m.group(2).upper()[0]
    dbl = (m.group(3) or "").upper()
    return Contract(
        level=int(m.group(1)),
        strain=strain,  # type: ignore[arg-type]
        doubled={"": 0, "X": 1, "XX": 2, "R": 2}[dbl],
        declarer=declarer,  # type: ignore[arg-type]
    )


@dataclass(frozen=True)
class Board:
    """One board (one table's record) read from a PBN or LIN file.

    Fields compared by ``==`` are the board's content; reading metadata (position, problems,
    repairs, inherited tags) is kept but not compared, so writing and re-reading a board gives
    an equal board.

    Attributes:
        event: Event name, or None.
        site: Site, or None.
        date: Date, or None.
        board: Board number as written, or None.
        room: ``Open``/``Closed`` for vugraph tables, else as tagged or None.
        dealer: Dealer seat, or None.
        vulnerability: ``None``, ``NS``, ``EW``, ``All``, or None when unknown.
        hands: The deal, seat to 13 cards sorted for display; None when missing or broken.
        auction: The calls in order (``Pass``, ``X``, ``XX``, ``1NT``, ``AP``, …).
        contract: The contract, None when passed out or unknown.
        opening_leader: The seat that led the first trick, or None.
        play: The cards in play order.
        play_terminated: True when a PBN ``[Play]`` section ended with ``*``.
        result: Declarer's total tricks as recorded, or None.
        claim: The LIN ``mc|`` claim (declarer's total tricks), or None.
        notes: Auction/play notes (``[Note]`` values, LIN ``an|`` alerts).
        comments: Comments in file order.
        tags: PBN tags in order (after inheritance), name and value.
        sections: Raw body lines of PBN sections other than ``[Play]``, in file order.
        section_occurrences: For each section, which tag of its name the body follows (0: the
            first ``[Note]``, 1: the second, …); empty (as for boards not read from PBN): each
            name's bodies follow that name's tags in order.
        source_format: ``pbn`` or ``lin``.
        index: 0-based position of the board in its file.
        line: 1-based line where the board starts.
        problems: Every problem found while reading it.
        irregularities: Oddities of the record that reading coped with.
        repairs: What ``repair=True`` changed.
        play_strict: The literal reading of the play when it was repaired.
        inherited_tags: Tags copied from the previous game in the file.
        comment_anchors: For each comment, the index of the tag it precedes (-1: inside a kept
            section body).
    """

    event: str | None = None
    site: str | None = None
    date: str | None = None
    board: str | None = None
    room: str | None = None
    dealer: Seat | None = None
    vulnerability: str | None = None
    hands: Mapping[Seat, tuple[str, ...]] | None = None
    auction: tuple[str, ...] = ()
    contract: Contract | None = None
    opening_leader: Seat | None = None
    play: tuple[str, ...] = ()
    play_terminated: bool = False
    result: int | None = None
    claim: int | None = None
    notes: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    section_occurrences: tuple[int, ...] = ()
    source_format: str = "pbn"
    index: int = field(default=0, compare=False)
    line: int = field(default=0, compare=False)
    problems: tuple[Problem, ...] = field(default=(), compare=False)
    irregularities: tuple[str, ...] = field(default=(), compare=False)
    repairs: tuple[str, ...] = field(default=(), compare=False)
    play_strict: tuple[str, ...] | None = field(default=None, compare=False)
    inherited_tags: tuple[str, ...] = field(default=(), compare=False)
    comment_anchors: tuple[int, ...] = field(default=(), compare=False)

    __hash__ = None  # type: ignore[assignment]

    @property
    def play_complete(self) -> bool:
        """True when all 52 cards were played."""
        return len(self.play) == 52

    @property
    def deal(self) -> Mapping[Seat, tuple[str, ...]] | None:
        """The deal (same as ``hands``)."""
        return self.hands

    @property
    def claimed(self) -> bool:
        """True when the play stops before 52 cards with a recorded result (a claim)."""
        return bool(self.play) and not self.play_complete and self.result is not None

    @property
    def passed_out(self) -> bool:
        """True for a board passed out (an auction of passes, no contract)."""
        return (
            self.contract is None
            and bool(self.auction)
            and all(c in ("Pass", "AP") for c in self.auction)
        )

    @property
    def double_dummy_tricks(self) -> dict[tuple[Seat, str], int] | None:
        """The ``[DoubleDummyTricks]`` tag decoded: ``{(declarer, strain): tricks}``.

        The tag is 20 hexadecimal digits, declarers N, S, E, W in that order, each with the
        tricks it takes in NT, S, H, D, C (strain ``N`` = no-trump). None when absent or
        malformed.
        """
        value = dict(self.tags).get("DoubleDummyTricks", "")
        if len(value) != 20 or any(c not in "0123456789abcdefABCDEF" for c in value):
            return None
        out: dict[tuple[Seat, str], int] = {}
        for i, declarer in enumerate(("N", "S", "E", "W")):
            for j, strain in enumerate("NSHDC"):
                out[(declarer, strain)] = int(value[5 * i + j], 16)  # type: ignore[index]
        return out

    def to_play(self) -> Play:
        """The play as a ``Play`` dictionary (``first`` = opening leader, N when unknown)."""
        first = self.opening_leader or "N"
        return {"first": first, "moves": [{"card": c} for c in self.play]}

    def validate(self, engine: BridgeEngine | None = None) -> ValidationResult:
        """Replay the play against the deal with ``engine`` (default: a standard engine).

        Raises:
            NotationError: ``NO_DEAL`` when the board has no valid deal or no leader.
            TypeError: If ``engine`` is not a ``BridgeEngine``.
        """
        if self.hands is None or self.opening_leader is None:
            raise NotationError("NO_DEAL", "the board has no valid deal or opening leader")
        if engine is not None and not isinstance(engine, BridgeEngine):
            raise TypeError(f"engine must be a BridgeEngine, not {type(engine).__name__}")
        eng = engine or _ENGINE
        trump = self.contract.trump if self.contract else None
        hands = cast("HandsData", self.hands)
        return eng.play.validate_tricks(list(self.play), self.opening_leader, hands, trump)

    def declarer_tricks(self) -> int | None:
        """Declarer's side's tricks among the completed tricks of the play (None: unknown)."""
        if self.contract is None or self.hands is None or self.opening_leader is None:
            return None
        won = self.validate().tricks_won
        d = SEATS.index(self.contract.declarer)
        return won[SEATS[d]] + won[SEATS[(d + 2) % 4]]


_ENGINE = BridgeEngine()


_BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$")


def contract_from_auction(calls: Sequence[str], dealer: Seat) -> Contract | None:
    """The contract of an auction (normalised calls from ``dealer``), None when passed out.

    The last bid gives level and strain, doubles and redoubles after it the doubling, and the
    declarer is the first player of the declaring side to have named that strain.

    Raises:
        TypeError: ``calls`` is not a list of strings.
        ConfigError: ``dealer`` is not a seat.
    """
    calls = check_card_list(check_sequence(calls, "calls"), "calls")
    last_bid: tuple[int, str, int] | None = None
    doubled = 0
    first_named: dict[tuple[int, str], int] = {}
    d = seat_index(dealer)
    for i, c in enumerate(calls):
        seat = (d + i) % 4
        m = _BID.match(c)
        if m:
            strain = m.group(2)[0]
            last_bid = (int(m.group(1)), strain, seat)
            doubled = 0
            first_named.setdefault((seat % 2, strain), seat)
        elif c == "X":
            doubled = 1
        elif c == "XX":
            doubled = 2
    if last_bid is None:
        return None
    level, strain, seat = last_bid
    declarer = first_named[(seat % 2, strain)]
    return Contract(
        level=level,
        strain=strain,  # type: ignore[arg-type]
        doubled=doubled,
        declarer=SEATS[declarer],
    )


def check_board(board: Board) -> CheckStatus:
    """Classify a board by replaying its play.

    ``consistent``: 52 cards, no play error, declarer's tricks equal the result;
    ``consistent_claim``: partial play whose recorded result is still reachable;
    ``claim_out_of_range``: partial play, result impossible; ``result_mismatch``: 52 cards but
    another trick count; ``no_result``: no recorded result; ``no_play``: no deal, contract or
    play; ``play_error``: the replay found ``CARD_NOT_OWNED``/``REVOKE``/``INVALID_CARD_RANK``.

    Raises:
        TypeError: ``board`` is not a :class:`Board`.
    """
    if not isinstance(board, Board):
        raise TypeError(f"check_board takes a Board, not {type(board).__name__}")
    if board.contract is None or board.hands is None or board.opening_leader is None:
        return "no_play"
    if not board.play:
        return "no_play"
    v = board.validate()
    if not v.is_valid:
        return "play_error"
    if board.result is None:
        return "no_result"
    d = SEATS.index(board.contract.declarer)
    so_far = v.tricks_won[SEATS[d]] + v.tricks_won[SEATS[(d + 2) % 4]]
    if board.play_complete:
        return "consistent" if so_far == board.result else "result_mismatch"
    left = 13 - sum(v.tricks_won.values())
    return "consistent_claim" if so_far <= board.result <= so_far + left else "claim_out_of_range"


def deal_masks(board: Board) -> list[int]:
    """The board's hands as core card masks N, E, S, W (the board must have hands).

    Raises:
        TypeError: ``board`` is not a ``Board``.
    """
    if not isinstance(board, Board):
        raise TypeError(f"deal_masks takes a Board, not {type(board).__name__}")
    return hands_masks(cast("HandsData", board.hands or {}))


# Record building shared by the PBN and LIN readers.

_CALLS = {"P": "Pass", "PASS": "Pass", "X": "X", "DBL": "X", "XX": "XX", "RDBL": "XX"}


def _normal_call(text: str, extra: Mapping[str, str]) -> str | None:
    """The call ``text`` (upper case, annotations removed) in normal form, None if no call.

    Normal forms are ``Pass``, ``X``, ``XX`` and bids such as ``1NT``; ``extra`` maps a
    format's own spellings (LIN ``D``, PBN ``AP``) first.
    """
    call = extra.get(text) or _CALLS.get(text)
    if call is not None:
        return call
    m = _BID.match(text)
    if m:
        return m.group(1) + ("NT" if m.group(2) in ("N", "NT") else m.group(2))
    return None


def _dealt_once(card: str, seen: set[str], problems: list[Problem], line: int, col: int) -> bool:
    """Record ``card`` as dealt; False (and a ``DEAL_DUPLICATE_CARD`` problem) if it was already."""
    again = card in seen
    if again:
        problems.append(Problem("DEAL_DUPLICATE_CARD", f"{card} is dealt twice", line, col))
    seen.add(card)
    return not again


def _full_hand(
    seat: Seat, cards: Sequence[str], problems: list[Problem], line: int, col: int
) -> bool:
    """True for a hand of 13 cards, else False and a ``DEAL_HAND_SIZE`` problem."""
    if len(cards) == 13:
        return True
    problems.append(
        Problem("DEAL_HAND_SIZE", f"hand {seat} has {len(cards)} cards, not 13", line, col)
    )
    return False


def _trick_count(value: str, code: str, problems: list[Problem], line: int, col: int) -> int | None:
    """A number of tricks 0-13 (a claim or a result); None and a ``code`` problem otherwise."""
    if value.strip().isdigit() and int(value) <= 13:
        return int(value)
    problems.append(Problem(code, f"not a trick count: {value!r}", line, col))
    return None


def _require_contract(
    contract: Contract | None, play: Sequence[str], problems: list[Problem], line: int, col: int
) -> None:
    """A ``PLAY_WITHOUT_CONTRACT`` problem when cards were played but there is no contract."""
    if contract is None and play:
        problems.append(
            Problem("PLAY_WITHOUT_CONTRACT", "cards played without a contract", line, col)
        )


def replay(
    play: Sequence[str], leader: Seat, hands: Mapping[Seat, tuple[str, ...]], trump: Suit | None
) -> ValidationResult:
    """The replay of ``play`` from ``hands`` with ``leader`` on lead."""
    return _ENGINE.play.validate_tricks(play, leader, cast("HandsData", hands), trump)


def _replay_problems(result: ValidationResult, where: Sequence[tuple[int, int]]) -> list[Problem]:
    """A problem for each error of a replay, at the position (line, column) of its card."""
    return [
        Problem(e.type, f"trick {e.trick + 1}: {e.message}", *where[e.index]) for e in result.errors
    ]


def _finish(boards: list[Board], raise_errors: bool) -> list[Board]:
    """``boards``; with ``raise_errors``, a :class:`BridgeFormatError` listing every problem.

    Raises:
        BridgeFormatError: With ``raise_errors=True``, when any board has a problem.
    """
    if raise_errors:
        probs = tuple(p for b in boards for p in b.problems)
        if probs:
            raise BridgeFormatError(
                probs[0].code, f"{len(probs)} problems; first: {probs[0]}", probs
            )
    return boards


def read_text(path: str | PathLike[str]) -> str:
    """The text of a record file (UTF-8 with or without a BOM, else Latin-1).

    Raises:
        TypeError: ``path`` is not a path (a string, bytes or ``os.PathLike``).
        ConfigError: ``FILE_NOT_READABLE`` when the file cannot be read.
    """
    if not isinstance(path, (str, bytes, PathLike)):
        raise TypeError(f"a file path is a string or os.PathLike, not {type(path).__name__}")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except (OSError, ValueError) as e:
        raise ConfigError("FILE_NOT_READABLE", f"cannot read {path}: {e}") from e
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
