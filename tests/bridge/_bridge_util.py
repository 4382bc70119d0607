"""Shared helpers of the bridge tests."""

from __future__ import annotations

import os
from pathlib import Path

SHARED = Path(
    os.environ.get("PARLOUR_SHARED") or Path(__file__).resolve().parents[2].parent / "shared"
)
DATA = SHARED / "data" / "bridge"
VECTORS = SHARED / "vectors/bridge"

# The deal of the examples in the spec (play "W / D7 DA DK DT SA SJ S7 S3").
HANDS: dict[str, list[str]] = {
    "N": "SA SK SQ HA HK HQ HJ DA D9 CA CK CQ CJ".split(),
    "E": "SJ ST S9 HT H9 H8 DK DQ DJ CT C9 C8 C7".split(),
    "S": "S8 S7 S6 H7 H6 H5 H2 DT D8 D5 D4 C6 C5".split(),
    "W": "S5 S4 S3 S2 H4 H3 D7 D6 D3 D2 C4 C3 C2".split(),
}
