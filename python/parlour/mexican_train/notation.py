r"""The Mexican Train saved-game text: one reader and one writer, over :class:`Parts`.

The text is the engine's compact JSON (``shared/specs/mexican_train/FORMAT.md`` §1), written
exactly as its ``JSON.stringify`` writes it (lone surrogates and the seed's number format
included) and read as ``JSON.parse`` reads it, every number a double, at any nesting depth:
``{"v":1,"set":S,"options":{...},"seed":N,"players":[...],"computers":[...],"moves":"..."}``.
The moves are tokens joined by commas: ``p<tile>.<train>`` (a play), ``d`` (draw), ``x``
(pass), ``n`` (next round). Names are cleaned with JavaScript's ``\s`` class and cut at 20
UTF-16 code units (``RULES.md`` §2). :func:`read` checks the text's shape; the table's values
and the moves are checked by ``TrainGame.from_parts``, which replays them.

Moves as parlour hands them out are :class:`FrozenMove` dicts, one object per move (:data:`MOVES`).

>>> parts = read('{"v":1,"set":9,"options":{"length":"short","doubles":"one","mexican":"any"},'
...              '"seed":5,"players":["Ann","Ben"],"computers":[false,true],"moves":"p3.0,d"}')
>>> parts.players, parts.moves
(('Ann', 'Ben'), ((0, 3, 0), (1, 0, 0)))
>>> write(parts).endswith('"players":["Ann","Ben"],"computers":[false,true],"moves":"p3.0,d"}')
True
"""

from __future__ import annotations

import json
import json.decoder
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias, TypedDict

from parlour._js import JS_WHITESPACE, js_number
from parlour.errors import NotationError
from parlour.mexican_train.tiles import TRAIN_NAME_MOST, every_tile

__all__ = [
    "MOVES",
    "FrozenMove",
    "Parts",
    "PlayMove",
    "SimpleMove",
    "TrainMove",
    "clean_train_name",
    "is_js_integer",
    "js_string",
    "move_of",
    "parse_js_json",
    "parse_json_iteratively",
    "read",
    "write",
]


class PlayMove(TypedDict):
    """Lay ``tile`` on train ``train``."""

    kind: Literal["play"]
    tile: int
    train: int


class SimpleMove(TypedDict):
    """``draw``, ``pass`` or ``next``."""

    kind: Literal["draw", "pass", "next"]


TrainMove: TypeAlias = PlayMove | SimpleMove
"""One move at the table."""


class FrozenMove(dict[str, Any]):
    """A move as parlour hands it out: the engine's dict, read-only.

    ``legal_moves()``, ``train_moves``, ``computer_move``, ``moves_of``, ``move_of_action``,
    ``TrainHistory.move`` and ``TrainGame.last`` return these. A ``FrozenMove`` is a ``dict`` in
    every way (``move["tile"]``, ``move == {"kind": "draw"}``, ``json.dumps(move)``,
    ``isinstance(move, dict)``) except that it cannot be changed, so one object per move serves
    every call instead of a new dict each time (Python loops read the legal moves once a move).
    ``dict(move)`` or ``move.copy()`` is a plain dict to change. Changing one raises
    ``TypeError``; unlike a plain dict it is hashable.

    Args:
        *args: As ``dict``.
        **kwargs: As ``dict``.
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> FrozenMove:
        """A read-only dict of ``dict(*args, **kwargs)``."""
        self = super().__new__(cls)
        dict.__init__(self, *args, **kwargs)
        return self

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Filled by ``__new__``: a second ``__init__`` call changes nothing."""

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("a FrozenMove cannot be changed; dict(move) is a copy that can")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    @classmethod
    def fromkeys(cls, iterable: Any, value: Any = None) -> FrozenMove:  # type: ignore[override]
        """A FrozenMove of ``dict.fromkeys(iterable, value)``."""
        return cls(dict.fromkeys(iterable, value))

    def __repr__(self) -> str:
        return dict.__repr__(self)

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return (FrozenMove, (dict(self),))

    def __copy__(self) -> FrozenMove:
        return self

    def __deepcopy__(self, memo: object) -> FrozenMove:
        return self


_KIND_NAMES: Final = ("play", "draw", "pass", "next")
_TOKENS: Final = ("p", "d", "x", "n")
_OPTION_VALUES: Final[dict[str, tuple[str, ...]]] = {
    "length": ("full", "short"),
    "doubles": ("one", "chain"),
    "mexican": ("any", "ownFirst"),
}


def _build_moves() -> tuple[FrozenMove | None, ...]:
    table: list[FrozenMove | None] = [None] * (256 * 9 + 3)
    for tile in every_tile(15):
        for train in range(9):
            table[tile * 9 + train] = FrozenMove(kind="play", tile=tile, train=train)
    for kind in (1, 2, 3):
        table[2303 + kind] = FrozenMove(kind=_KIND_NAMES[kind])
    return tuple(table)


MOVES: Final = _build_moves()
"""The one :class:`FrozenMove` of each move id (``tile * 9 + train`` for a play, then 2304,
2305 and 2306 for draw, pass and next), None where an id is no move (tiles of no set up to
double-fifteen): the objects ``TrainGame.legal_moves()`` hands out."""


@dataclass(frozen=True, slots=True)
class Parts:
    """A saved game's parts: the table, then the moves made since round 0 was dealt.

    ``TrainGame.parts()`` gives them and ``TrainGame.from_parts`` takes them.
    """

    set: int
    """The set, by its highest double: 9, 12 or 15."""
    options: tuple[tuple[str, str], ...]
    """``(name, value)`` of ``length``, ``doubles`` and ``mexican``, in the order given."""
    seed: int
    """The seed, an integer a double holds (the deal uses its low 32 bits)."""
    players: tuple[str, ...]
    """The cleaned names, one a seat."""
    computers: tuple[bool, ...]
    """Which seats a computer plays."""
    moves: tuple[tuple[int, int, int], ...]
    """The moves, oldest first, as ``(kind, tile, train)``: kind 0 play, 1 draw, 2 pass,
    3 next (tile and train 0 unless it is a play)."""


_KINDS: Final = {name: kind for kind, name in enumerate(_KIND_NAMES)}


def move_of(move: object) -> tuple[int, int, int] | None:
    """A move dict as ``(kind, tile, train)`` (as :attr:`Parts.moves` holds it), or None.

    Args:
        move: Anything: a move is a mapping with ``kind`` one of ``"play"``, ``"draw"``,
            ``"pass"``, ``"next"``, and for a play ``tile`` (0 to 255) and ``train`` (0 to 8),
            both ints.

    Returns:
        The move, or None when ``move`` is no move of any table.

    >>> move_of({"kind": "play", "tile": 3, "train": 0}), move_of({"kind": "draw"})
    ((0, 3, 0), (1, 0, 0))
    """
    if type(move) is not dict and not isinstance(move, Mapping):
        return None
    name = move.get("kind")
    kind = _KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        return None
    if kind != 0:
        return (kind, 0, 0)
    tile, train = move.get("tile"), move.get("train")
    if type(tile) is not int or type(train) is not int:
        return None
    if not 0 <= tile <= 255 or not 0 <= train <= 8:
        return None
    return (0, tile, train)


_TOKEN = re.compile(r"d|x|n|p([0-9]+)\.([0-9]+)")


def _bad(why: str) -> NotationError:
    return NotationError("INVALID_GAME_TEXT", f"not a Mexican Train saved game: {why}")


def _moves(text: str) -> tuple[tuple[int, int, int], ...]:
    if text == "":
        return ()
    out: list[tuple[int, int, int]] = []
    for tok in text.split(","):
        m = _TOKEN.fullmatch(tok)
        if m is None:
            raise _bad(f"{tok[:20]!r} is no move token")
        if tok[0] != "p":
            out.append((_TOKENS.index(tok), 0, 0))
            continue
        a, b = m.group(1).lstrip("0"), m.group(2).lstrip("0")
        if len(a) > 6 or len(b) > 6:
            out.append((0, -1, -1))  # far out of range: refused by the replay
            continue
        out.append((0, int(a or "0"), int(b or "0")))
    return tuple(out)


def read(text: str) -> Parts:
    """The parts a saved-game text holds, not yet replayed (``TrainGame.from_parts`` does).

    Args:
        text: The engine's saved-game text.

    Returns:
        The parts, the names cleaned and the options in the engine's order.

    Raises:
        NotationError: ``INVALID_GAME_TEXT`` if it is not a saved game's text (or not a str).
    """
    if not isinstance(text, str):
        raise _bad(f"a saved game is a str, not {type(text).__name__}")
    try:
        obj = parse_js_json(text)
    except ValueError as e:
        raise _bad("not JSON") from e
    if not isinstance(obj, dict):
        raise _bad("not an object")
    v = obj.get("v")
    if type(v) is not float or v != 1:
        raise _bad("no version 1")
    set_, seed = obj.get("set"), obj.get("seed")
    if type(set_) is not float or type(seed) is not float:
        raise _bad("set and seed must be numbers")
    options = obj.get("options")
    if not isinstance(options, dict):
        raise _bad("no options")
    for key, allowed in _OPTION_VALUES.items():
        if options.get(key) not in allowed:
            raise _bad(f"option {key} is not one of {', '.join(allowed)}")
    players, computers, moves = obj.get("players"), obj.get("computers"), obj.get("moves")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _bad("players must be a list of strings")
    if not isinstance(computers, list) or not all(isinstance(c, bool) for c in computers):
        raise _bad("computers must be a list of booleans")
    if not isinstance(moves, str):
        raise _bad("moves must be a string")
    tokens = _moves(moves)
    if not is_js_integer(seed) or not set_.is_integer():
        raise _bad("set and seed must be integers")
    return Parts(
        int(set_),
        tuple((k, options[k]) for k in _OPTION_VALUES),
        int(seed),
        tuple(clean_train_name(p) for p in players),
        tuple(computers),
        tokens,
    )


def write(parts: Parts) -> str:
    """The saved-game text of ``parts``, byte-identical to the engine's ``encodeTrain``.

    Args:
        parts: The parts.

    Returns:
        Compact JSON: ``v, set, options, seed, players, computers, moves``.

    Raises:
        TypeError: ``parts`` is not a :class:`Parts`.
    """
    if not isinstance(parts, Parts):
        raise TypeError(f"write takes a Mexican Train Parts, not {type(parts).__name__}")
    opts = ",".join(f"{js_string(k)}:{js_string(v)}" for k, v in parts.options)
    players = ",".join(js_string(p) for p in parts.players)
    comps = ",".join("true" if c else "false" for c in parts.computers)
    moves = ",".join(f"p{t}.{r}" if k == 0 else _TOKENS[k] for k, t, r in parts.moves)
    return (
        f'{{"v":1,"set":{parts.set},"options":{{{opts}}},"seed":{js_number(float(parts.seed))},'
        f'"players":[{players}],"computers":[{comps}],"moves":"{moves}"}}'
    )


_RUNS = re.compile(f"[{re.escape(JS_WHITESPACE)}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_train_name(name: str) -> str:
    r"""A seat's name, its whitespace runs made single spaces, trimmed and cut to 20 units.

    Args:
        name: The name as given.

    Returns:
        The cleaned name (the cut counts UTF-16 code units and may split a surrogate pair).

    Raises:
        TypeError: ``name`` is not a string.

    >>> clean_train_name("  Ann \t Lee ")
    'Ann Lee'
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    out = _RUNS.sub(" ", name).strip(JS_WHITESPACE)
    units = out.encode("utf-16-le", "surrogatepass")
    if len(units) > 2 * TRAIN_NAME_MOST:
        out = units[: 2 * TRAIN_NAME_MOST].decode("utf-16-le", "surrogatepass")
    return out


def js_string(text: str) -> str:
    """``JSON.stringify`` of a string, byte for byte.

    Args:
        text: The string (it may hold lone surrogates).

    Returns:
        The quoted, escaped JSON text.
    """
    if _SURROGATE.search(text) is None:
        return json.dumps(text, ensure_ascii=False)
    out = ['"']
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        o = ord(ch)
        if 0xD800 <= o <= 0xDBFF and i + 1 < n and 0xDC00 <= ord(text[i + 1]) <= 0xDFFF:
            pair = (ch + text[i + 1]).encode("utf-16-le", "surrogatepass").decode("utf-16-le")
            out.append(pair)
            i += 2
            continue
        if 0xD800 <= o <= 0xDFFF:
            out.append(f"\\u{o:04x}")
        else:
            out.append(json.dumps(ch, ensure_ascii=False)[1:-1])
        i += 1
    out.append('"')
    return "".join(out)


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def parse_js_json(text: str) -> object:
    """Parse JSON text as ``JSON.parse`` does: every number a double, no NaN/Infinity.

    Nesting deeper than Python's recursion limit is parsed without recursion (``JSON.parse``
    has no such limit).

    Args:
        text: The text.

    Returns:
        The parsed value (numbers are ``float``).

    Raises:
        ValueError: The text is not JSON.
    """
    try:
        return json.loads(text, parse_int=float, parse_constant=_refuse_constant)
    except RecursionError:
        return parse_json_iteratively(text)


# json's own string scanner (not in its typed surface): (text, index after '"', strict).
scanstring: Callable[[str, int, bool], tuple[str, int]] = json.decoder.__dict__["scanstring"]
_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_LITERALS: Final[dict[str, object]] = {"true": True, "false": False, "null": None}


def _ws(text: str, pos: int) -> int:
    m = _WS.match(text, pos)
    return pos if m is None else m.end()


def _key(text: str, pos: int) -> tuple[str, int]:
    """A member name and its colon at ``pos``; returns the name and where its value starts."""
    if not text.startswith('"', pos):
        raise ValueError(f"expected a member name at {pos}")
    key, pos = scanstring(text, pos + 1, True)
    pos = _ws(text, pos)
    if not text.startswith(":", pos):
        raise ValueError(f"expected ':' at {pos}")
    return key, _ws(text, pos + 1)


def parse_json_iteratively(text: str) -> object:
    """Parse JSON with an explicit stack (any depth), numbers as ``float``.

    Args:
        text: The text.

    Returns:
        The parsed value.

    Raises:
        ValueError: The text is not JSON.
    """
    stack: list[list[object] | dict[str, object]] = []
    keys: list[str] = []
    pos = _ws(text, 0)
    while True:
        value: object
        if text.startswith("{", pos):
            pos = _ws(text, pos + 1)
            if text.startswith("}", pos):
                value, pos = {}, pos + 1
            else:
                stack.append({})
                key, pos = _key(text, pos)
                keys.append(key)
                continue
        elif text.startswith("[", pos):
            pos = _ws(text, pos + 1)
            if text.startswith("]", pos):
                value, pos = [], pos + 1
            else:
                stack.append([])
                keys.append("")
                continue
        elif text.startswith('"', pos):
            value, pos = scanstring(text, pos + 1, True)
        else:
            for word, lit in _LITERALS.items():
                if text.startswith(word, pos):
                    value, pos = lit, pos + len(word)
                    break
            else:
                m = _NUMBER.match(text, pos)
                if m is None:
                    raise ValueError(f"expected a value at {pos}")
                value, pos = float(m.group()), m.end()
        # A value is complete: put it in its container, closing containers as they end.
        while True:
            pos = _ws(text, pos)
            if not stack:
                if pos != len(text):
                    raise ValueError(f"extra data at {pos}")
                return value
            parent = stack[-1]
            if isinstance(parent, dict):
                parent[keys[-1]] = value
            else:
                parent.append(value)
            if text.startswith(",", pos):
                pos = _ws(text, pos + 1)
                if isinstance(parent, dict):
                    keys[-1], pos = _key(text, pos)
                break
            if text.startswith("}" if isinstance(parent, dict) else "]", pos):
                pos += 1
                value = stack.pop()
                keys.pop()
                continue
            raise ValueError(f"expected ',' or a closing bracket at {pos}")


def is_js_integer(value: object) -> bool:
    """``Number.isInteger`` of a parsed JSON value.

    Args:
        value: Anything.

    Returns:
        True for a finite integral float or an int (not a bool).
    """
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value) and value.is_integer()
