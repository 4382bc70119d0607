"""Record building shared by the PBN and LIN readers (:mod:`parlour.bridge.pbn`, :mod:`.lin`).

Each reader keeps its own grammar; what a :class:`~parlour.bridge.records.Board` is built from
is checked here the same way for both: the cards dealt, the calls, trick counts (a claim or a
result), the replay of the play, and the end of a read (the file's text, ``raise_errors``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from os import PathLike
from typing import cast

from parlour.bridge._cards import Seat, Suit
from parlour.bridge.engine import ValidationResult
from parlour.bridge.play import HandsData
from parlour.bridge.records import _ENGINE, Board, BridgeFormatError, Contract, Problem
from parlour.errors import ConfigError

_BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$")
_CALLS = {"P": "Pass", "PASS": "Pass", "X": "X", "DBL": "X", "XX": "XX", "RDBL": "XX"}


def normal_call(text: str, extra: Mapping[str, str]) -> str | None:
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


def dealt_once(card: str, seen: set[str], problems: list[Problem], line: int, col: int) -> bool:
    """Record ``card`` as dealt; False (and a ``DEAL_DUPLICATE_CARD`` problem) if it was already."""
    again = card in seen
    if again:
        problems.append(Problem("DEAL_DUPLICATE_CARD", f"{card} is dealt twice", line, col))
    seen.add(card)
    return not again


def full_hand(
    seat: Seat, cards: Sequence[str], problems: list[Problem], line: int, col: int
) -> bool:
    """True for a hand of 13 cards, else False and a ``DEAL_HAND_SIZE`` problem."""
    if len(cards) == 13:
        return True
    problems.append(
        Problem("DEAL_HAND_SIZE", f"hand {seat} has {len(cards)} cards, not 13", line, col)
    )
    return False


def trick_count(value: str, code: str, problems: list[Problem], line: int, col: int) -> int | None:
    """A number of tricks 0-13 (a claim or a result); None and a ``code`` problem otherwise."""
    if value.strip().isdigit() and int(value) <= 13:
        return int(value)
    problems.append(Problem(code, f"not a trick count: {value!r}", line, col))
    return None


def require_contract(
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


def replay_problems(result: ValidationResult, where: Sequence[tuple[int, int]]) -> list[Problem]:
    """A problem for each error of a replay, at the position (line, column) of its card."""
    return [
        Problem(e.type, f"trick {e.trick + 1}: {e.message}", *where[e.index]) for e in result.errors
    ]


def finish(boards: list[Board], raise_errors: bool) -> list[Board]:
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
