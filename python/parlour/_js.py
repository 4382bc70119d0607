"""JavaScript's text rules that the source engines written in JavaScript follow (shared)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from numbers import Integral
from typing import Final

__all__ = ["JS_WHITESPACE", "js_display", "js_number", "js_trim"]

JS_WHITESPACE: Final = (
    "\u0009\u000a\u000b\u000c\u000d\u0020\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
"""Exactly the characters of JavaScript's ``\\s`` class: its white space and line terminators,
which ``String.prototype.trim`` and ``parseInt`` skip. Python's ``str.strip`` differs: it keeps
U+FEFF and strips U+001C..U+001F and U+0085."""


def js_trim(text: str) -> str:
    r"""JavaScript's ``String.prototype.trim``.

    Args:
        text: Any string.

    Returns:
        The string without leading or trailing JavaScript white space.

    >>> js_trim("\ufeff 2p \x1c")
    '2p \x1c'
    """
    return text.strip(JS_WHITESPACE)


def js_display(value: object) -> str:
    """How JavaScript's ``String(value)`` (and so a template string's ``${value}``) shows a value.

    The value is read as JSON would carry it: None is ``null``, a bool a boolean, an int or a
    float a number, a list or tuple an array and a mapping an object. A caller that means
    JavaScript's ``undefined`` (an argument left out) writes ``"undefined"`` itself.

    * None: ``"null"``; True/False: ``"true"``/``"false"``; a str: itself.
    * An int: its decimal digits (JavaScript would write a number of 10**21 or more with an
      exponent, but a Python int is kept exact).
    * A float: JavaScript's Number-to-String: an integral value without ``.0``, ``"NaN"``,
      ``"Infinity"``/``"-Infinity"``, ``-0.0`` as ``"0"``, and an exponent (``"1e+21"``,
      ``"1.5e-7"``) at 10**21 and above or below 10**-6; the digits are the shortest that read
      back as the same float, as in ``repr`` (so ``2.0**60`` is ``"1152921504606847000"``).
    * A list or tuple: its items shown this way joined by ``","``, with None items (and an item
      that contains the list itself) as empty strings, as ``Array.prototype.join`` does.
    * A mapping: ``"[object Object]"``.
    * Anything else: ``str(value)`` (the nearest thing to an object's own ``toString``).

    Args:
        value: Any value.

    Returns:
        Its JavaScript text.

    >>> [js_display(v) for v in (None, True, False, "2d", 3, 2.0, -0.0, 1.5, 1e21, 1e-7)]
    ['null', 'true', 'false', '2d', '3', '2', '0', '1.5', '1e+21', '1e-7']
    >>> [js_display(v) for v in (float("nan"), float("inf"), float("-inf"), 2.0**60)]
    ['NaN', 'Infinity', '-Infinity', '1152921504606847000']
    >>> js_display([1, None, [2, [3, None]], "x", True]), js_display(()), js_display([None])
    ('1,,2,3,,x,true', '', '')
    >>> js_display({"seat": 0})
    '[object Object]'
    """
    return _display(value, ())


def _display(value: object, open_lists: tuple[int, ...]) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Integral):
        return str(int(value))
    if isinstance(value, float):
        return js_number(value)
    if isinstance(value, list | tuple):
        if id(value) in open_lists:
            return ""  # JavaScript's join shows an array inside itself as ""
        inner = (*open_lists, id(value))
        return ",".join("" if v is None else _display(v, inner) for v in value)
    if isinstance(value, Mapping):
        return "[object Object]"
    return str(value)


def js_number(value: float) -> str:
    """JavaScript's ``Number.prototype.toString`` of a double (ECMA-262 Number::toString).

    The shortest digits that read back as the same double, as ``repr`` picks them, in
    JavaScript's layout (radix 10).

    Args:
        value: A number.

    Returns:
        Its JavaScript text (``NaN`` and ``Infinity`` too).

    >>> js_number(7.0), js_number(-0.0), js_number(1e21), js_number(2.0**66), js_number(1e-7)
    ('7', '0', '1e+21', '73786976294838210000', '1e-7')
    """
    x = float(value)
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "0"
    if x < 0:
        return "-" + js_number(-x)
    mantissa, _, exp_text = repr(x).partition("e")
    exp = int(exp_text) if exp_text else 0
    whole, _, frac = mantissa.partition(".")
    digits = whole + frac
    n = len(whole) + exp  # x == 0.<digits> * 10**n
    stripped = digits.lstrip("0")
    n -= len(digits) - len(stripped)
    digits = stripped.rstrip("0") or "0"
    k = len(digits)
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + digits
    e = n - 1
    head = digits if k == 1 else digits[0] + "." + digits[1:]
    return f"{head}e{'+' if e >= 0 else '-'}{abs(e)}"
