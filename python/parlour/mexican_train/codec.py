r"""The engine's text rules: cleaned names, ``JSON.stringify`` strings and numbers, JSON reading.

Names are cleaned with JavaScript's ``\\s`` class and cut at 20 UTF-16 code units
(``shared/specs/mexican_train/RULES.md`` §2). The saved-game text is written exactly as the
engine's ``JSON.stringify`` writes it, including lone surrogates and the number format of the
seed (``FORMAT.md`` §1); it is read as ``JSON.parse`` reads it, every number a double.
"""

from __future__ import annotations

import json
import json.decoder
import math
import re
from collections.abc import Callable
from typing import Final

from parlour._js import JS_WHITESPACE
from parlour.mexican_train.tiles import TRAIN_NAME_MOST

__all__ = ["clean_train_name", "js_string", "parse_js_json"]

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
