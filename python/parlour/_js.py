"""JavaScript's text rules that the source engines written in JavaScript follow (shared)."""

from __future__ import annotations

from typing import Final

__all__ = ["JS_WHITESPACE", "js_trim"]

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
