"""Mexican Train dominoes, identical to the engine of ``@johnmorrisdotca/domino`` 1.0.0.

Rules source: ``shared/specs/mexican_train/`` (RULES.md, FORMAT.md, AI.md, ENGINE.md). The
engine's API in snake_case: :func:`start_train`, :func:`play_train`, :func:`train_moves`,
:func:`computer_move`, :func:`encode_train`/:func:`decode_train` and the tile helpers.

Notation: a tile is the integer ``low * 16 + high``; a laid tile ``from * 16 + to``. Moves are
dicts (``{"kind": "play", "tile": t, "train": i}``, ``{"kind": "draw"}``, ``{"kind": "pass"}``,
``{"kind": "next"}``; the ones parlour returns are read-only :class:`FrozenMove` dicts); trains
``0..n-1`` are the seats', train ``n`` the Mexican Train. The saved-game text is the engine's
compact JSON with the moves as tokens ``p<tile>.<train>``, ``d``, ``x`` and ``n``.
:class:`TrainGame` is immutable and follows parlour's state protocol.

The package: :mod:`~parlour.mexican_train.api` (the engine's functions over ``TrainGame``, the
Rust class), :mod:`~parlour.mexican_train.notation` (the saved-game text's reader and writer),
:mod:`~parlour.mexican_train.views`, :mod:`~parlour.mexican_train.tiles` (tiles, sets and the
seeded stream) and :mod:`~parlour.mexican_train.cli` (the command line).
"""

from __future__ import annotations

from parlour.mexican_train import api, tiles
from parlour.mexican_train.api import *  # noqa: F403  (its __all__, below)
from parlour.mexican_train.notation import (
    FrozenMove,
    PlayMove,
    SimpleMove,
    TrainMove,
    clean_train_name,
)
from parlour.mexican_train.tiles import *  # noqa: F403  (its __all__, below)
from parlour.mexican_train.views import OBSERVATION_SHAPE, LaidTrain, LastMove, RoundView, View

__all__ = [
    "OBSERVATION_SHAPE",
    "FrozenMove",
    "LaidTrain",
    "LastMove",
    "PlayMove",
    "RoundView",
    "SimpleMove",
    "TrainMove",
    "View",
    "clean_train_name",
]
__all__ += api.__all__
__all__ += tiles.__all__
__all__.remove("to_uint32")  # the command line's helper, not a name of the package
