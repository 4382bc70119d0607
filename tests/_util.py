"""Shared helpers for the foundation tests."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("PARLOUR_SHARED") or ROOT.parent / "shared")
