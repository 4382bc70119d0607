"""The Dal Mara state class, the action result and the engine's value types."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple, Self

from parlour._core import dalmara as _native
from parlour._native import fold_into_base
from parlour.dalmara._dmn import CARD_INDEX, CARD_NAMES, Parts, parse_parts
from parlour.errors import (
    ConfigError,
    IllegalMoveError,
    NotationError,
    ParlourError,
)

__all__ = [
    "RULE_SETS",
    "ActionResult",
    "EngineError",
    "GameState",
    "Ghopte",
    "LegalMove",
    "Move",
    "MoveDetail",
    "PlayedCard",
    "Player",
    "PlayerStack",
    "Rules",
    "Trick",
]

Rules = Literal["rulebook", "dal-mara-engine"]
"""The rule sets: ``"rulebook"`` (default) and ``"dal-mara-engine"``."""

RULE_SETS: Final = ("rulebook", "dal-mara-engine")
"""Every rule set name."""

LegalMove = _native.LegalMove
"""A legal play: ``card`` and ``stack_position`` (a 2p face-up stack card's stack, else None)."""

Move = _native.Move
"""A move of the uniform protocol: ``Move("play", "Kh")``, ``Move("pickup", "7h")``,
``Move("declare", "hearts")``."""

_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
_CONFIG_CODES: Final = frozenset(
    {
        "INVALID_DECK",
        "INVALID_MODE",
        "INVALID_PLAYERS",
        "INVALID_PLAYER_COUNT",
        "INVALID_CONFIGURATION",
        "INVALID_DEALER",
        "INVALID_RULES",
    }
)
_NOTATION_CODES: Final = frozenset({"INVALID_DMN", "INVALID_SERIALIZATION"})


@dataclass(frozen=True, slots=True)
class Player:
    """A seat and its team (team names are not part of DMN).

    Attributes:
        seat: The seat, ``0..3`` (4p) or ``0..1`` (2p).
        team: The team name (defaults ``"02"``/``"13"`` in 4p, the seat number in 2p).
    """

    seat: int
    team: Any


@dataclass(frozen=True, slots=True)
class Ghopte:
    """A Ghopte entry (a lone ten held at the deal).

    Attributes:
        seat: The declarer.
        card: The declared card.
        order: The resolution order (0-based).
        resolved: True once its trick is complete.
    """

    seat: int
    card: str
    order: int
    resolved: bool


class PlayedCard(NamedTuple):
    """A card in the trick in progress.

    Attributes:
        seat: Who played it.
        card: The card.
        play_order: The engine's ``playOrder``. For a card read from DMN, its 1-based position
            among all the entries of the trick's cards part, skipped entries (those without
            ``:``) included (``DMN.md`` §6); for a card played since, the number of cards in
            the trick once it was added (``RULES.md`` §1.3), even where that repeats an order.
            DMN does not hold it: writing the trick drops skipped entries, and equality and
            the hash ignore it.
    """

    seat: int
    card: str
    play_order: int


class Trick(NamedTuple):
    """The trick section of a position.

    Attributes:
        number: 1-based trick number (Ghopte tricks count).
        play_number: The play number as DMN holds it.
        lead_suit: Long suit name or None.
        is_ghopte: True in a Ghopte trick.
        cards: The cards played so far.
    """

    number: int
    play_number: int
    lead_suit: str | None
    is_ghopte: bool
    cards: tuple[PlayedCard, ...]


class MoveDetail(NamedTuple):
    """The play that produced a position (``seat`` and ``card`` are None before any play).

    Attributes:
        seat: The seat that played.
        card: The card played.
        makes_turup: True when it created or changed the 4p Turup.
    """

    seat: int | None
    card: str | None
    makes_turup: bool


class PlayerStack(NamedTuple):
    """One 2p stack.

    Attributes:
        position: Stack number 0-3.
        hidden_cards: Face-down cards, bottom to top.
        face_up_card: The face-up top card, or None for an empty stack.
    """

    position: int
    hidden_cards: tuple[str, ...]
    face_up_card: str | None


@dataclass(frozen=True, slots=True)
class EngineError:
    """An error of an action, as the engine reports it.

    Attributes:
        code: The stable error code (``"MUST_FOLLOW_SUIT"``).
        message: The message.
        details: Extra details (``createGame`` player-count errors), or None.
    """

    code: str
    message: str
    details: Mapping[str, Any] | None = None

    def exception(self) -> ParlourError:
        """The matching ``ParlourError``.

        Returns:
            ``NotationError`` for ``INVALID_DMN``/``INVALID_SERIALIZATION``, ``ConfigError`` for
            creation and deck errors, ``IllegalMoveError`` otherwise.
        """
        if self.code in _NOTATION_CODES:
            return NotationError(self.code, self.message)
        if self.code in _CONFIG_CODES:
            return ConfigError(self.code, self.message)
        return IllegalMoveError(self.code, self.message)

    def to_dict(self) -> dict[str, Any]:
        """The engine's error object ``{code, message[, details]}``.

        Returns:
            A new dict.
        """
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.details is not None:
            out["details"] = dict(self.details)
        return out


_DEFAULT_TEAMS_4: Final = ("02", "13", "02", "13")
_CACHE: dict[tuple[str, str], GameState] = {}
"""Parsed positions by ``(DMN, rules)`` (positions are immutable, so parsing is memoised)."""
_CACHE_MAX: Final = 4096


def _default_players(n: int) -> tuple[Player, ...]:
    if n == 4:
        return tuple(Player(i, _DEFAULT_TEAMS_4[i]) for i in range(4))
    return tuple(Player(i, str(i)) for i in range(2))


_PLAYERS_4: Final = _default_players(4)
_PLAYERS_2: Final = _default_players(2)
_native._install_state(_PLAYERS_4, _PLAYERS_2, _CACHE, _CACHE_MAX)


def parse_state(text: str, rules: str) -> GameState:
    """Parse DMN into a position with the default roster (memoised: positions are immutable).

    Args:
        text: The DMN string.
        rules: The rule set name.

    Returns:
        The position.

    Raises:
        NotationError: ``INVALID_DMN`` for malformed notation.
        ConfigError: ``INVALID_RULES`` for an unknown rule set.
    """
    st = _CACHE.get((text, rules))
    if st is None:
        if rules not in RULE_SETS:
            raise ConfigError(
                "INVALID_RULES", f'rules must be "rulebook" or "dal-mara-engine", not {rules!r}'
            )
        st = _native._memoise(_native.Core.from_parts(*parse_parts(text, rules)), text)
    return st


def parse_core(text: str, rules: str) -> _native.Core:
    """Parse DMN into a core position (see :func:`parse_state`).

    Args:
        text: The DMN string.
        rules: The rule set name.

    Returns:
        The core position.

    Raises:
        NotationError: ``INVALID_DMN`` for malformed notation.
        ConfigError: ``INVALID_RULES`` for an unknown rule set.
    """
    return parse_state(text, rules)._c


@fold_into_base
class GameState(_native.GameState):
    """A Dal Mara position (immutable, hashable, picklable).

    Build one with ``create_game``, ``parse_dmn``, ``GameState.from_notation`` or
    ``GameState.random``; ``GameState(core, players=None)`` wraps a core position.

    It follows parlour's uniform state protocol (``to_move``, ``legal_moves()``,
    ``apply(move)``, ``returns()``, ``zobrist``, ``to_notation()``) and exposes the engine's
    ``GameState`` fields as read-only properties (``mode``, ``hands``, ``trick``, …). The class
    is the Rust class ``parlour._core.dalmara.GameState``, which runs the hot path of Python
    loops (``is_terminal``, ``to_move``, ``legal_moves()``, ``apply()``, ``apply_index()``);
    the members below are written in Python and installed on it (``fold_into_base``).

    >>> s = GameState.from_notation("4p,3,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 3")
    >>> s.mode, s.dealer_seat, s.next_move_seat, s.is_terminal
    ('4p', 3, 3, False)
    """

    __slots__ = ()

    # ---------------------------------------------------------------- protocol
    @classmethod
    def random(
        cls, seed: int, mode: Literal["4p", "2p"] = "4p", rules: Rules = "rulebook"
    ) -> GameState:
        """A game dealt from ``seed`` as the simulator deals one.

        (``parlour.simulate`` deals game ``i`` of a run from a seed derived from the run's seed
        and ``i``.) The dealer and the shuffled deck are drawn from ``seed``; in two-player play the
        non-dealer then declares the suit it holds most of and the stacks are dealt, so the
        first card can be played at once.

        >>> s = GameState.random(7)
        >>> s.mode, len(s.legal_moves()) > 0, s == GameState.random(7)
        ('4p', True, True)

        Args:
            seed: An integer from 0 to 2**64-1.
            mode: ``"4p"`` or ``"2p"``.
            rules: The rule set.

        Returns:
            The dealt position (default roster).

        Raises:
            ConfigError: ``INVALID_SEED``, ``INVALID_MODE`` or ``INVALID_RULES``.
        """
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ConfigError(
                "INVALID_SEED", f"seed must be an integer from 0 to 2**64-1, not {seed!r}"
            )
        if mode not in ("4p", "2p"):
            raise ConfigError("INVALID_MODE", f'mode must be "4p" or "2p", not {mode!r}')
        if rules not in RULE_SETS:
            raise ConfigError(
                "INVALID_RULES", f'rules must be "rulebook" or "dal-mara-engine", not {rules!r}'
            )
        return GameState(
            _native.Core.dealt(mode == "4p", seed, rules),
            _PLAYERS_4 if mode == "4p" else _PLAYERS_2,
        )

    @classmethod
    def from_notation(cls, text: str, rules: Rules = "rulebook") -> Self:
        """Parse a DMN string.

        Args:
            text: The DMN string.
            rules: The rule set.

        Returns:
            The position.

        Raises:
            NotationError: ``INVALID_DMN`` for malformed notation.
        """
        if cls is GameState:
            return parse_state(text, rules)  # type: ignore[return-value]
        return cls(parse_core(text, rules))

    def returns(self) -> tuple[float, ...]:
        """Per-seat returns of a finished game (0 while running).

        Returns:
            4p: 1.0 for each seat of the winning team, else 0.0; 2p: 1/0, 0.5 each on a draw.
            Counted from the tricks played since this state's game was dealt or parsed.
        """
        return tuple(self._c.returns())

    # ---------------------------------------------------------------- engine fields
    @property
    def rules(self) -> Rules:
        """The rule set of this position."""
        r = self._c.rules
        return "rulebook" if r == "rulebook" else "dal-mara-engine"

    def with_rules(self, rules: Rules) -> GameState:
        """This position under another rule set.

        Args:
            rules: The rule set.

        Returns:
            The position (switching to the engine drops the Turup trick).

        Raises:
            ConfigError: ``INVALID_RULES`` for an unknown name.
        """
        return GameState(self._c.with_rules(rules), self.players)

    @property
    def mode(self) -> Literal["4p", "2p"]:
        """``"4p"`` or ``"2p"``."""
        return "4p" if self._c.four else "2p"

    @property
    def dealer_seat(self) -> int:
        """The dealer."""
        return self._c.parts()[2]

    @property
    def turup(self) -> str | None:
        """The Turup suit's long name, or None."""
        t = self._c.parts()[3]
        return None if t is None else _SUIT_NAMES[t]

    @property
    def turup_trick(self) -> int | None:
        """The trick in which the 4p Turup was set (rulebook; None otherwise or unknown)."""
        return self._c.parts()[4]

    @property
    def hands(self) -> dict[int, tuple[str, ...]]:
        """Hands by seat, in the engine's (dealt) order."""
        return {i: tuple(CARD_NAMES[c] for c in h) for i, h in enumerate(self._c.parts()[6])}

    @property
    def ghoptes(self) -> tuple[Ghopte, ...]:
        """The Ghopte entries, seat-grouped as DMN lists them."""
        return tuple(Ghopte(s, CARD_NAMES[c], o, r) for (s, c, o, r) in self._c.parts()[5])

    @property
    def stacks(self) -> dict[int, tuple[PlayerStack, ...]]:
        """2p stacks by seat (empty in 4p)."""
        slots = self._c.parts()[7]
        out: dict[int, tuple[PlayerStack, ...]] = {}
        if not slots:
            return out
        for seat in range(2):
            row = []
            for k in range(4):
                cards = [CARD_NAMES[c] for c in slots[seat * 4 + k]]
                row.append(PlayerStack(k, tuple(cards[:-1]), cards[-1] if cards else None))
            out[seat] = tuple(row)
        return out

    @property
    def move_number(self) -> int:
        """Cards played so far."""
        return self._c.parts()[8]

    @property
    def trick(self) -> Trick:
        """The trick section."""
        tn, pn, lead, g, cards, orders = self._c.parts()[9]
        played = tuple(
            PlayedCard(s, CARD_NAMES[c], o) for (s, c), o in zip(cards, orders, strict=True)
        )
        return Trick(tn, pn, None if lead is None else _SUIT_NAMES[lead], g, played)

    @property
    def move_detail(self) -> MoveDetail:
        """The play that produced this position."""
        d = self._c.parts()[10]
        if d is None:
            return MoveDetail(None, None, False)
        return MoveDetail(d[0], CARD_NAMES[d[1]], d[2])

    @property
    def tens_taken(self) -> tuple[int, ...]:
        """Tens taken per seat in the tricks completed since this game was dealt or parsed."""
        return tuple(self._c.tens_taken)

    @property
    def tricks_taken(self) -> tuple[int, ...]:
        """Tricks taken per seat since this game was dealt or parsed."""
        return tuple(self._c.tricks_taken)

    def parts(self) -> Parts:
        """The plain parts of the position (see ``parlour.dalmara._dmn.parse_parts``).

        Returns:
            The parts tuple.
        """
        return self._c.parts()

    # ---------------------------------------------------------------- dunder
    def __repr__(self) -> str:
        return f"GameState.from_notation({self.to_notation()!r}, rules={self.rules!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.to_notation(), self.rules, self.players))

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        return self


def ok(state: GameState) -> ActionResult:
    """A success result (the hot path).

    Args:
        state: The new state.

    Returns:
        The result.
    """
    return ActionResult(state)


def _restore(text: str, rules: Rules, players: tuple[Player, ...] | None) -> GameState:
    return GameState(parse_core(text, rules), players)


ActionResult = _native.ActionResult
"""The result of an action: ``success`` with ``dmn`` and ``state``, or ``error``."""


def failure(e: ParlourError, details: Mapping[str, Any] | None = None) -> ActionResult:
    """An error result from an exception.

    Args:
        e: The exception.
        details: Extra details.

    Returns:
        The result.
    """
    return ActionResult(None, EngineError(e.code, e.message, details))


def card_list(cards: Sequence[str]) -> list[int]:
    """Card strings to indices (unknown strings raise).

    Args:
        cards: Card strings.

    Returns:
        The indices.

    Raises:
        NotationError: ``INVALID_CARD`` for a string that is not a card.
    """
    out = []
    for c in cards:
        i = CARD_INDEX.get(c)
        if i is None:
            raise NotationError("INVALID_CARD", f"Invalid card: {c}")
        out.append(i)
    return out
