"""Durak's errors: every refusal is a :class:`DurakError` with a stable code.

The reference's refusals keep its codes, upper-cased (:data:`CODES`); what parlour adds (the
perevodnoy transfer, 3-6 seats, the protocol, the bot) has codes of its own. A refused move
raises :class:`DurakMoveError` (also an ``IllegalMoveError``); a bad seed, deal number, seat
count, variant, card id, suit, index or bot setting raises :class:`DurakConfigError` (also a
``ConfigError``). Malformed notation raises parlour's ``NotationError`` and an impossible
position its ``InvalidStateError``. ``docs/durak.md`` lists every code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from parlour.errors import ConfigError, IllegalMoveError, ParlourError

__all__ = ["CODES", "DurakConfigError", "DurakError", "DurakMoveError"]

CODES: tuple[str, ...] = (
    "BAD_DEAL",
    "BAD_SEATS",
    "BEATS_NOTHING",
    "BOUT_FULL",
    "CARD_NOT_HELD",
    "GAME_OVER",
    "MUST_ATTACK",
    "NOT_LEGAL",
    "NOT_THE_SIX",
    "NOT_YOUR_TURN",
    "NO_SEED",
    "RANK_NOT_IN_BOUT",
    "TALON_SHUT",
    "WRONG_PHASE",
)
"""The reference engine's 14 codes, upper-cased (``Game::Durak::Error->codes``)."""


class DurakError(ParlourError):
    """Base class of Durak's errors; ``code`` is the reference's (upper-cased) or parlour's."""


class DurakMoveError(DurakError, IllegalMoveError):
    """A move the referee refuses (``NOT_YOUR_TURN``, ``CARD_NOT_HELD``, ``GAME_OVER``, …)."""


class DurakConfigError(DurakError, ConfigError):
    """A bad argument: seed (``NO_SEED``), deal number, seats, card id, suit, seat or level."""


T = TypeVar("T")


def call(fn: Callable[[], T]) -> T:
    """Run ``fn`` and re-raise parlour's move and config errors as Durak errors.

    Args:
        fn: A call into the core.

    Returns:
        What ``fn`` returns.

    Raises:
        DurakMoveError: For an ``IllegalMoveError``.
        DurakConfigError: For a ``ConfigError``.
    """
    try:
        return fn()
    except DurakError:
        raise
    except IllegalMoveError as e:
        raise DurakMoveError(e.code, e.message) from None
    except ConfigError as e:
        raise DurakConfigError(e.code, e.message) from None
