"""The engine's text rules, kept at this import path: see :mod:`parlour.mexican_train.notation`.

Cleaned names, ``JSON.stringify`` strings and ``JSON.parse`` reading now live beside the
saved-game text's reader and writer; this module re-exports them.
"""

from __future__ import annotations

from parlour.mexican_train.notation import (
    clean_train_name,
    is_js_integer,
    js_string,
    parse_js_json,
    parse_json_iteratively,
)

__all__ = [
    "clean_train_name",
    "is_js_integer",
    "js_string",
    "parse_js_json",
    "parse_json_iteratively",
]
