"""Durak (podkidnoy, "throw-in"), refereed exactly as Game-Durak 0.01 (Perl) does.

Rules source: ``shared/specs/durak/`` (RULES.md, ENGINE.md). Cards are ids 1..36 (ace of spades
1 … six of clubs 36) named like ``"AS"``, ``"TD"``, ``"6C"``; seats are 1 and 2. parlour also
deals 3 to 6 seats and the perevodnoy (transfer) variant as options of :func:`new_game`; the
defaults are identical to the reference. See ``docs/durak.md`` for the API, the notation and the
variant rules.

:class:`DurakGame` is the Rust class ``parlour._core.durak.DurakGame``: one frozen class with
the whole protocol. The engine-mirror functions are plain Python in :mod:`parlour.durak.api`.

>>> from parlour.durak import new_game, legal, apply, name_of
>>> g = new_game("parlour-durak-1".ljust(32))
>>> g.turn, [name_of(m["card"]) for m in legal(g, 1)[:3]]
(1, ['6S', 'JH', '6D'])
"""

from __future__ import annotations

from parlour.durak import api
from parlour.durak.api import *  # noqa: F403 (the engine's API, listed in api.__all__)
from parlour.durak.views import OBSERVATION_SHAPE, View

__all__ = [
    "OBSERVATION_SHAPE",
    "View",
    *api.__all__,
]
