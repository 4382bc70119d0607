"""Builders for tricks and plays with a compact notation, and its inverse (re-exported).

They live in :mod:`parlour.bridge.api`; this module keeps the import path
``parlour.bridge.builders``.
"""

from __future__ import annotations

from parlour.bridge.api import PlayBuilder, TrickBuilder, parse_compact, to_compact

__all__ = ["PlayBuilder", "TrickBuilder", "parse_compact", "to_compact"]
