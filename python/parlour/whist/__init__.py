"""A generic four-player, 52-card trick-taking game built only from the shared core.

Whist-style: a seeded deal of 13 cards each, the suit of the last card dealt is trump (or no
trump), seat 0 leads, follow suit if able, the trick's winner leads the next. Returns are the
tricks each seat took. It is the reference game for the core's conformance tests and benchmarks
and runs in the simulator as ``"whist"``.

:class:`State` is the Rust class ``parlour._core.whist.State``: one frozen class with the whole
protocol. The position text (:mod:`parlour.whist.notation`) is one line, ``/``-separated:
``trump/leader/hands/trick/won``.

>>> s = State.new(seed=7)
>>> len(s.legal_moves()), s.to_move
(13, 0)
>>> State.from_notation(s.to_notation()) == s
True
"""

from __future__ import annotations

from parlour._core.whist import State
from parlour.whist.notation import Parts
from parlour.whist.views import OBSERVATION_SHAPE, View

__all__ = ["ACTION_SPACE", "OBSERVATION_SHAPE", "Parts", "State", "View"]

ACTION_SPACE = 52
"""Size of the fixed action space: action ``suit * 13 + rank`` is that card."""
