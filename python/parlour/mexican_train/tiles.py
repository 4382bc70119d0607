"""Dominoes as integers, the sets and their sizes, and the engine's seeded random stream.

A tile is ``low * 16 + high`` (``low <= high``); a laid tile is ``from * 16 + to``, ``from``
being the end that touches the train. These helpers mirror the reference engine's ``dominoes``
and ``mexicanTrain.constants`` modules and its ``seededRandom``/``shuffled`` (mulberry32 and a
Fisher-Yates shuffle from the end; ``shared/specs/mexican_train/FORMAT.md`` sections 4, 5).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final, TypeVar

from parlour._core.mexican_train import mulberry32 as _mulberry32
from parlour.errors import ConfigError

__all__ = [
    "TRAIN_DEFAULT_OPTIONS",
    "TRAIN_DOUBLES",
    "TRAIN_LENGTHS",
    "TRAIN_MEXICAN",
    "TRAIN_NAME_MOST",
    "TRAIN_PHASES",
    "TRAIN_PIP_BASE",
    "TRAIN_SETS",
    "TRAIN_SET_NAMES",
    "ends_of",
    "every_tile",
    "fits",
    "hand_pips",
    "hand_size_for",
    "is_double",
    "laid_against",
    "laid_ends",
    "pips_of",
    "rounds_for",
    "seeded_random",
    "shuffled",
    "tile_of",
    "tile_of_laid",
    "tile_words",
    "to_uint32",
    "train_set_name",
]

T = TypeVar("T")

_HIGHEST_PIP: Final = 15
"""The highest end a tile code can hold (its ends are base-16 digits)."""


def _check_int(value: object, name: str) -> int:
    """``value`` if it is an ``int`` (not a ``bool``); else TypeError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def _check_number(value: object, name: str) -> int | float:
    """``value`` if it is an ``int`` or a ``float`` (not a ``bool``); else TypeError."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    return value


TRAIN_SETS: Final[Mapping[str, int]] = MappingProxyType({"nine": 9, "twelve": 12, "fifteen": 15})
"""The sets offered, by their highest double."""

TRAIN_SET_NAMES: Final[Mapping[int, str]] = MappingProxyType(
    {9: "Double-nine", 12: "Double-twelve", 15: "Double-fifteen"}
)
"""Each set's name."""

TRAIN_PIP_BASE: Final = 16
"""The base a tile's two ends are written in."""

TRAIN_NAME_MOST: Final = 20
"""The longest name a seat keeps, in UTF-16 code units."""

TRAIN_LENGTHS: Final[Mapping[str, str]] = MappingProxyType({"full": "full", "short": "short"})
"""Game lengths: every round, or the first half of them."""

TRAIN_DOUBLES: Final[Mapping[str, str]] = MappingProxyType({"one": "one", "chain": "chain"})
"""Doubles rules: cover each double at once, or chain doubles before covering."""

TRAIN_MEXICAN: Final[Mapping[str, str]] = MappingProxyType({"any": "any", "ownFirst": "ownFirst"})
"""When the Mexican Train may be played on."""

TRAIN_PHASES: Final[Mapping[str, str]] = MappingProxyType(
    {"playing": "playing", "roundOver": "roundOver", "finished": "finished"}
)
"""The phases of a game."""

TRAIN_DEFAULT_OPTIONS: Final[Mapping[str, str]] = MappingProxyType(
    {"length": "full", "doubles": "one", "mexican": "any"}
)
"""The options a table opens on."""


def tile_of(a: int, b: int) -> int:
    """The tile with these two ends, whichever order they are given in.

    Args:
        a: One end.
        b: The other end.

    Returns:
        ``min * 16 + max``.

    >>> tile_of(12, 1)
    28
    """
    lo, hi = (a, b) if a <= b else (b, a)
    return lo * TRAIN_PIP_BASE + hi


def ends_of(tile: int) -> tuple[int, int]:
    """A tile's two ends, the smaller first.

    Args:
        tile: A tile code.

    Returns:
        ``(tile // 16, tile % 16)``.
    """
    return (tile // TRAIN_PIP_BASE, tile % TRAIN_PIP_BASE)


def is_double(tile: int) -> bool:
    """Whether both ends are the same.

    Args:
        tile: A tile code.

    Returns:
        True for a double.
    """
    lo, hi = ends_of(tile)
    return lo == hi


def pips_of(tile: int) -> int:
    """Every pip on a tile.

    Args:
        tile: A tile code.

    Returns:
        ``low + high``.
    """
    lo, hi = ends_of(tile)
    return lo + hi


def hand_pips(hand: Iterable[int]) -> int:
    """The pips in a hand, which count against its holder when the round ends.

    Args:
        hand: Tile codes.

    Returns:
        The sum of their pips.
    """
    return sum(pips_of(t) for t in hand)


def fits(tile: int, end: int) -> bool:
    """Whether a tile has this number at either end.

    Args:
        tile: A tile code.
        end: The number to match.

    Returns:
        True when ``low == end`` or ``high == end``.
    """
    lo, hi = ends_of(tile)
    return lo == end or hi == end


def laid_against(tile: int, end: int) -> int:
    """The tile laid against ``end``: turned so that ``end`` touches.

    Args:
        tile: A tile code.
        end: The open end it is laid against.

    Returns:
        The laid code ``from * 16 + to``.
    """
    lo, hi = ends_of(tile)
    return lo * TRAIN_PIP_BASE + hi if lo == end else hi * TRAIN_PIP_BASE + lo


def laid_ends(laid: int) -> tuple[int, int]:
    """A laid tile's ends in the order it lies: touching, then open.

    Args:
        laid: A laid code.

    Returns:
        ``(from, to)``.
    """
    return (laid // TRAIN_PIP_BASE, laid % TRAIN_PIP_BASE)


def tile_of_laid(laid: int) -> int:
    """The tile a laid tile is, whichever way round it lies.

    Args:
        laid: A laid code.

    Returns:
        The tile code.
    """
    a, b = laid_ends(laid)
    return tile_of(a, b)


def tile_words(tile: int) -> str:
    """A tile as a person reads it, the larger end first, with an en dash.

    Args:
        tile: A tile code.

    Returns:
        E.g. ``"6\u20134"`` (an en dash between the ends).

    >>> tile_words(tile_of(4, 6)) == "6\u20134"
    True
    """
    lo, hi = ends_of(tile)
    return f"{hi}\u2013{lo}"


def every_tile(set: int) -> list[int]:
    """Every tile of a set, double-blank to its highest double, ascending.

    Args:
        set: The highest double.

    Returns:
        The tile codes.

    Raises:
        TypeError: ``set`` is not an int.
        ConfigError: ``set`` is not from 0 to 15, the highest end a tile code holds
            (``INVALID_SET``).

    >>> len(every_tile(9)), len(every_tile(12)), len(every_tile(15))
    (55, 91, 136)
    """
    _check_int(set, "set")
    if not 0 <= set <= _HIGHEST_PIP:
        raise ConfigError("INVALID_SET", f"{set!r} is not a set (its highest double is 0 to 15)")
    return [tile_of(lo, hi) for lo in range(set + 1) for hi in range(lo, set + 1)]


def hand_size_for(set: int, players: int) -> int:
    """How many tiles each player is dealt.

    Args:
        set: The highest double (anything but 9 or 15 uses the double-twelve column).
        players: Players at the table.

    Returns:
        The hand size.
    """
    col = 0 if set == 9 else 2 if set == 15 else 1
    if players <= 4:
        return (10, 15, 15)[col]
    if players <= 6:
        return (8, 12, 13)[col]
    return (6, 10, 12)[col]


def rounds_for(set: int, length: str) -> int:
    """How many rounds a game of this length plays with this set.

    Args:
        set: The highest double.
        length: ``"full"``; anything else counts as short.

    Returns:
        ``set + 1`` for full, else ``ceil((set + 1) / 2)``.

    Raises:
        TypeError: ``set`` is not a number or ``length`` is not a string.
        ConfigError: ``set`` is NaN or infinite (``INVALID_SET``).
    """
    _check_number(set, "set")
    if not isinstance(length, str):
        raise TypeError(f"length must be a str, not {type(length).__name__}")
    if isinstance(set, float) and not math.isfinite(set):
        raise ConfigError("INVALID_SET", f"{set!r} is not a set")
    if length == "full":
        return set + 1
    if isinstance(set, int):
        return -(-(set + 1) // 2)  # exact ceil((set + 1) / 2), for any size of int
    return math.ceil((set + 1) / 2)


def train_set_name(set: object) -> str | None:
    """The set's name, or None for a number that is no set offered.

    Args:
        set: The highest double.

    Returns:
        E.g. ``"Double-twelve"``.
    """
    if isinstance(set, bool) or not isinstance(set, int | float):
        return None
    return TRAIN_SET_NAMES[int(set)] if set in (9, 12, 15) else None


def to_uint32(seed: int | float) -> int:
    """JavaScript's ``ToUint32`` of a number (NaN and infinities give 0).

    Args:
        seed: A number.

    Returns:
        An integer in ``0 .. 2**32``.
    """
    if isinstance(seed, float):
        if not math.isfinite(seed):
            return 0
        seed = math.trunc(seed)
    return int(seed) % 2**32


def seeded_random(seed: int | float) -> Callable[[], float]:
    """The engine's seeded stream of numbers in ``[0, 1)`` (mulberry32).

    Args:
        seed: The seed; only ``ToUint32(seed)`` matters.

    Returns:
        A function returning the next number each call.

    Raises:
        TypeError: ``seed`` is not an int or a float.

    >>> r = seeded_random(1)
    >>> r(), r()
    (0.6270739405881613, 0.002735721180215478)
    """
    state = to_uint32(_check_number(seed, "seed"))

    def random() -> float:
        # one step of the core's generator, the one the deals use
        nonlocal state
        state, out = _mulberry32(state)
        return out / 4294967296

    return random


def shuffled(items: Sequence[T], random: Callable[[], float]) -> list[T]:
    """A shuffled copy of ``items`` (Fisher-Yates from the end, as the engine does).

    Args:
        items: The items; left untouched.
        random: A stream of numbers in ``[0, 1)``, e.g. :func:`seeded_random`.

    Returns:
        A new list.

    Raises:
        TypeError: ``random`` is not callable (or ``items`` is not iterable).
    """
    if not callable(random):
        raise TypeError(f"random must be callable, not {type(random).__name__}")
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = math.floor(random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out
