"""Gyla: the four-player, two-team, 36-card trick-taking game, as vetalpaprotsky/gyla v0.5.0.

Rules source: ``shared/specs/gyla/RULES.md`` (rules), ``AI.md`` (the engine's computer player),
``ENGINE.md`` (flow, events, errors). All 7s and Jacks are always trumps, with the chosen suit;
the six of trumps is the highest card. A round is 9 tricks; the winning team scores 6, 18 or 24
(+6 when it did not choose trump); the game ends in the round a team reaches 60.

Cards are rank then suit, ``T`` for ten (``"6S"``, ``"TH"``); seats 1-4, team 1 = seats 1, 3.

Notation (one line, nine space-separated fields)::

    <score1>-<score2> <round> <starter> <trump|-> <hand1>/<hand2>/<hand3>/<hand4>
        <tricks|-> <next|-> <ai> <seed>

hands are cards in hand order concatenated (``-`` when empty); tricks are this round's plays,
tricks separated by ``.``; next is ``T<p>`` (assign trump) or ``P<p>`` (play a card); ai is four
letters ``A``/``H``; seed is decimal. The text is read and written in
:mod:`parlour.gyla.notation`, over a :class:`Parts` record. :class:`GylaState` is the Rust class
``parlour._core.gyla.GylaState``: one frozen class with the whole protocol; the engine's flow is
:mod:`parlour.gyla.api`. See ``docs/gyla.md``.
"""

from __future__ import annotations

from parlour._core.gyla import GylaState
from parlour.gyla import api
from parlour.gyla.api import *  # noqa: F403 (the engine's API, listed in api.__all__)
from parlour.gyla.notation import Parts
from parlour.gyla.views import (
    ACTION_SPACE,
    OBSERVATION_SHAPE,
    SUITS,
    NextAction,
    PlayerView,
    Trick,
    TrickView,
    View,
)

__all__ = [
    "ACTION_SPACE",
    "OBSERVATION_SHAPE",
    "SUITS",
    "GylaState",
    "NextAction",
    "Parts",
    "PlayerView",
    "Trick",
    "TrickView",
    "View",
    *api.__all__,
]
