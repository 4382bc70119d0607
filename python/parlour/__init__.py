"""parlour: pure, deterministic rules engines for traditional card and tile games.

Dal Mara, Gyla, Durak, contract-bridge card play and Mexican Train, with a Rust core, a typed
Python surface that speaks each game's notation, and batch simulation across cores.
"""

from __future__ import annotations

from parlour import _core
from parlour.batch import GAMES, GameSpec, SimulationResult, simulate
from parlour.errors import (
    ConfigError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    ParlourError,
)

__version__: str = _core.__version__

__all__ = [
    "GAMES",
    "ConfigError",
    "GameSpec",
    "IllegalMoveError",
    "InvalidStateError",
    "NotationError",
    "ParlourError",
    "SimulationResult",
    "__version__",
    "simulate",
]
