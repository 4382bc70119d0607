"""The Mexican Train game: ``TrainGame`` and the engine's functions in snake_case.

Mirrors ``@johnmorrisdotca/domino`` 1.0.0 (``shared/specs/mexican_train/``). The rules, the
deal, the computer player and the longest run run in the Rust core; this module holds the table
(set, options, seed, names), the move record and the saved-game text.

Moves are the engine's dicts: ``{"kind": "play", "tile": t, "train": i}``,
``{"kind": "draw"}``, ``{"kind": "pass"}``, ``{"kind": "next"}``. Saved-game tokens:
``p<tile>.<train>``, ``d``, ``x``, ``n``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias, TypedDict

from parlour._core import mexican_train as _core
from parlour._js import js_number, js_trim
from parlour._native import fold_into_base
from parlour.errors import ConfigError, IllegalMoveError, NotationError
from parlour.mexican_train.codec import (
    clean_train_name,
    is_js_integer,
    js_string,
    parse_js_json,
)
from parlour.mexican_train.tiles import (
    TRAIN_DEFAULT_OPTIONS,
    every_tile,
    to_uint32,
)

__all__ = [
    "TRAIN_ACTIONS",
    "FrozenMove",
    "PlayMove",
    "RoundResult",
    "SimpleMove",
    "Train",
    "TrainGame",
    "TrainHistory",
    "TrainMove",
    "action_index",
    "computer_move",
    "decode_train",
    "encode_train",
    "legal_plays",
    "longest_run",
    "may_lay",
    "mexican_of",
    "move_count",
    "move_of_action",
    "moves_of",
    "open_end",
    "people_at",
    "play_train",
    "replay_train",
    "start_train",
    "train_again",
    "train_moves",
    "train_player_name",
    "train_totals",
]


class PlayMove(TypedDict):
    """Lay ``tile`` on train ``train``."""

    kind: Literal["play"]
    tile: int
    train: int


class SimpleMove(TypedDict):
    """``draw``, ``pass`` or ``next``."""

    kind: Literal["draw", "pass", "next"]


TrainMove: TypeAlias = PlayMove | SimpleMove
"""One move at the table."""


class FrozenMove(dict[str, Any]):
    """A move as parlour hands it out: the engine's dict, read-only.

    ``legal_moves()``, :func:`train_moves`, :func:`computer_move`, :func:`moves_of`,
    :func:`move_of_action`, ``TrainHistory.move`` and ``TrainGame.last`` return these. A
    ``FrozenMove`` is a ``dict`` in every way (``move["tile"]``, ``move == {"kind": "draw"}``,
    ``json.dumps(move)``, ``isinstance(move, dict)``) except that it cannot be changed, so one
    object per move serves every call instead of a new dict each time (Python loops read the
    legal moves once a move). ``dict(move)`` or ``move.copy()`` is a plain dict to change.
    Changing one raises ``TypeError``; unlike a plain dict it is hashable.

    Args:
        *args: As ``dict``.
        **kwargs: As ``dict``.
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> FrozenMove:
        """A read-only dict of ``dict(*args, **kwargs)``."""
        self = super().__new__(cls)
        dict.__init__(self, *args, **kwargs)
        return self

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Filled by ``__new__``: a second ``__init__`` call changes nothing."""

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("a FrozenMove cannot be changed; dict(move) is a copy that can")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    @classmethod
    def fromkeys(cls, iterable: Any, value: Any = None) -> FrozenMove:  # type: ignore[override]
        """A FrozenMove of ``dict.fromkeys(iterable, value)``."""
        return cls(dict.fromkeys(iterable, value))

    def __repr__(self) -> str:
        return dict.__repr__(self)

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return (FrozenMove, (dict(self),))

    def __copy__(self) -> FrozenMove:
        return self

    def __deepcopy__(self, memo: object) -> FrozenMove:
        return self


_Move: TypeAlias = tuple[int, int, int]  # (kind, tile, train): kind 0 play, 1 draw, 2 pass, 3 next
_KINDS: Final = {"play": 0, "draw": 1, "pass": 2, "next": 3}
_KIND_NAMES: Final = ("play", "draw", "pass", "next")
_TOKENS: Final = ("p", "d", "x", "n")
_OPTION_VALUES: Final[dict[str, tuple[str, ...]]] = {
    "length": ("full", "short"),
    "doubles": ("one", "chain"),
    "mexican": ("any", "ownFirst"),
}
_SET_TILES: Final = {s: frozenset(every_tile(s)) for s in (9, 12, 15)}
_ACTION_TILES: Final = every_tile(15)
_ACTION_OF_TILE: Final = {t: i for i, t in enumerate(_ACTION_TILES)}
TRAIN_ACTIONS: Final = len(_ACTION_TILES) * 9 + 3
"""Size of the fixed action space: ``tile index (double-fifteen order) * 9 + train``, then
draw, pass and next."""


def _move_id(m: _Move) -> int:
    """A move's id in :data:`_MOVES` and in the Rust binding's table.

    ``tile * 9 + train`` for a play, then 2304, 2305 and 2306 for draw, pass and next.
    """
    kind = m[0]
    return m[1] * 9 + m[2] if kind == 0 else 2303 + kind


def _build_moves() -> tuple[FrozenMove | None, ...]:
    table: list[FrozenMove | None] = [None] * (256 * 9 + 3)
    for tile in every_tile(15):
        for train in range(9):
            table[_move_id((0, tile, train))] = FrozenMove(kind="play", tile=tile, train=train)
    for kind in (1, 2, 3):
        table[_move_id((kind, 0, 0))] = FrozenMove(kind=_KIND_NAMES[kind])
    return tuple(table)


_MOVES: Final = _build_moves()
"""The one :class:`FrozenMove` of each move id, None where an id is no move (tiles of no set
up to double-fifteen): the table ``legal_moves`` picks from."""
_core.TrainGame._set_moves(_MOVES)


def _move_dict(m: _Move) -> TrainMove:
    move = _MOVES[_move_id(m)]
    assert move is not None, m
    return move  # type: ignore[return-value]


def _token(m: _Move) -> str:
    return f"p{m[1]}.{m[2]}" if m[0] == 0 else _TOKENS[m[0]]


def _is_int(x: object) -> bool:
    return type(x) is int


def _game_arg(game: object) -> TrainGame:
    """``game`` if it is a :class:`TrainGame`; else TypeError."""
    if not isinstance(game, TrainGame):
        raise TypeError(f"game must be a TrainGame, not {type(game).__name__}")
    return game


@dataclass(frozen=True, slots=True)
class Train:
    """A train on the table.

    Attributes:
        laid: Laid tiles in order (``from * 16 + to``).
        open: Whether anybody may lay on it (the Mexican Train always; a seat's once it passed).
    """

    laid: tuple[int, ...]
    open: bool


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A round's result.

    Attributes:
        engine: The round's engine double.
        pips: Pips left in each seat's hand.
        ending: ``"domino"`` (somebody went out) or ``"blocked"``.
        out: The seat that went out, or None.
    """

    engine: int
    pips: tuple[int, ...]
    ending: str
    out: int | None


class TrainHistory:
    """One link of a game's record, newest first: a move and every move before it.

    Args:
        move: The move as ``(kind, tile, train)`` ints: kind 0 play, 1 draw, 2 pass, 3 next
            (tile and train are 0 unless it is a play).
        before: The link of the move before, or None for the first move.

    Raises:
        TypeError: ``move`` is not a tuple of three ints or ``before`` is not a TrainHistory
            or None.
        ConfigError: ``move`` is no move: an unknown kind, a tile code not from 0 to 255 or a
            train not from 0 to 8 (``INVALID_MOVE``).

    Attributes:
        before: The link of the move before, or None for the first move.
        count: How many moves the record holds, this one included.
    """

    __slots__ = ("_m", "before", "count")

    _m: _Move
    before: TrainHistory | None
    count: int

    def __init__(self, move: _Move, before: TrainHistory | None) -> None:
        if type(move) is not tuple or len(move) != 3 or not all(_is_int(x) for x in move):
            raise TypeError(f"move must be a tuple of three ints, not {move!r:.80}")
        if before is not None and not isinstance(before, TrainHistory):
            raise TypeError(f"before must be a TrainHistory or None, not {type(before).__name__}")
        kind, tile, train = move
        if not 0 <= kind <= 3 or not 0 <= tile <= 255 or not 0 <= train <= 8:
            raise ConfigError("INVALID_MOVE", f"{move!r} is not a move")
        _H_MOVE(self, move)
        _H_BEFORE(self, before)
        _H_COUNT(self, 1 if before is None else before.count + 1)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("TrainHistory is immutable")

    @property
    def move(self) -> TrainMove:
        """The move of this link (a :class:`FrozenMove`)."""
        return _move_dict(self._m)

    def _walk(self) -> Iterator[_Move]:
        link: TrainHistory | None = self
        while link is not None:
            yield link._m
            link = link.before

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrainHistory):
            return NotImplemented
        return self.count == other.count and list(self._walk()) == list(other._walk())

    def __hash__(self) -> int:
        return hash((self.count, self._m))

    def __repr__(self) -> str:
        return f"TrainHistory(move={self.move!r}, count={self.count})"


def _setter(cls: type, name: str) -> Callable[[object, object], None]:
    setter: Callable[[object, object], None] = cls.__dict__[name].__set__
    return setter


# The slots' own setters (they bypass the __setattr__ that keeps the objects immutable).
_H_MOVE = _setter(TrainHistory, "_m")
_H_BEFORE = _setter(TrainHistory, "before")
_H_COUNT = _setter(TrainHistory, "count")


class _Table:
    """What a game keeps besides its moves: set, options, seed and seats (already checked)."""

    __slots__ = ("computers", "n", "options", "players", "seed", "set", "tiles")

    def __init__(
        self,
        set: int,
        options: tuple[tuple[str, str], ...],
        seed: int,
        players: tuple[str, ...],
        computers: tuple[bool, ...],
    ) -> None:
        self.set = set
        self.options = options
        self.seed = seed
        self.players = players
        self.computers = computers
        self.n = len(players)
        self.tiles = _SET_TILES[set]

    def key(self) -> tuple[object, ...]:
        return (self.set, dict(self.options), self.seed, self.players, self.computers)

    def start(self) -> _core.TrainState:
        """Round 0 dealt; the state carries this table on to every later state."""
        o = dict(self.options)
        return _core.TrainState(
            self.set, self.n, to_uint32(self.seed), o["length"], o["doubles"], o["mexican"]
        ).with_table(self)


@fold_into_base
class TrainGame(_core.TrainGame):
    """A Mexican Train game: its table, its moves, and the position they make (immutable).

    Carries the engine's fields (``set, options, seed, players, computers, history, rounds,
    round, engine, hands, trains, boneyard, to_play, uncovered, chaining, drew, passes, turn,
    phase, results, winners, last``) and follows parlour's uniform state protocol
    (``to_move``, ``legal_moves()``, ``apply()``, ``to_notation()`` …).

    Make one with :func:`start_train`, :func:`decode_train` or :meth:`from_notation`.

    The class is the Rust class ``parlour._core.mexican_train.TrainGame``, which holds the
    position and runs the hot path of Python loops (:attr:`is_terminal`, :attr:`to_move`,
    :attr:`zobrist`, :meth:`legal_moves`, :meth:`apply_index` and :meth:`apply` of a listed move)
    without a Python frame; the members below are written in Python and installed on it
    (``fold_into_base``).
    """

    # The core state (``_state``, in the Rust class) carries the table and the moves made;
    # ``_history`` is their TrainHistory chain, built on first use and kept in the Rust class.
    __slots__ = ()

    if TYPE_CHECKING:
        _state: _core.TrainState  # the Rust class's (read-only)

        def __init__(self) -> None:
            """Not for direct use: see :func:`start_train` (raises TypeError)."""

    if TYPE_CHECKING:

        @property
        def _table(self) -> _Table:
            """The table the position carries (the base's)."""

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("TrainGame is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("TrainGame is immutable")

    # The engine's fields -------------------------------------------------------------------

    @property
    def set(self) -> int:
        """The set, by its highest double: 9, 12 or 15."""
        return self._table.set

    @property
    def options(self) -> dict[str, str]:
        """The options (a copy), in the order they were given."""
        return dict(self._table.options)

    @property
    def seed(self) -> int:
        """The seed every shuffle is drawn from (as the engine's double holds it)."""
        return self._table.seed

    @property
    def players(self) -> tuple[str, ...]:
        """The cleaned names, in seat order."""
        return self._table.players

    @property
    def computers(self) -> tuple[bool, ...]:
        """Which seats a computer plays."""
        return self._table.computers

    @property
    def history(self) -> TrainHistory | None:
        """The record of moves, newest first, or None before any move."""
        history: TrainHistory | None = self._history
        if history is not None:
            return history
        for m in self._state.history():
            history = TrainHistory(m, history)
        return None if history is None else self._keep_history(history)

    @property
    def rounds(self) -> int:
        """Rounds in the game."""
        return self._state.rounds

    @property
    def round(self) -> int:
        """The round being played (0-based)."""
        return self._state.round

    @property
    def engine(self) -> int:
        """The round's engine double, by its number."""
        return self._state.engine

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's hand, in hand order (dealt, then drawn tiles)."""
        return tuple(tuple(h) for h in self._state.hands)

    @property
    def trains(self) -> tuple[Train, ...]:
        """The trains: seats' own, then the Mexican Train."""
        return tuple(Train(tuple(laid), bool(op)) for laid, op in self._state.trains)

    @property
    def boneyard(self) -> tuple[int, ...]:
        """The tiles left to draw, next draw first."""
        return tuple(self._state.boneyard)

    @property
    def to_play(self) -> int:
        """The seat to move (kept as it was once a round or the game ends)."""
        return self._state.to_play

    @property
    def uncovered(self) -> tuple[int, ...]:
        """Trains whose double is uncovered; the last is the one to cover."""
        return tuple(self._state.uncovered)

    @property
    def chaining(self) -> bool:
        """Whether the mover may lay another double before covering."""
        return self._state.chaining

    @property
    def drew(self) -> bool:
        """Whether the mover has drawn since the last lay."""
        return self._state.drew

    @property
    def passes(self) -> int:
        """Consecutive passes since the last lay."""
        return self._state.passes

    @property
    def turn(self) -> int:
        """The turn counter."""
        return self._state.turn

    @property
    def phase(self) -> str:
        """``"playing"``, ``"roundOver"`` or ``"finished"``."""
        return self._state.phase

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """One result per round played."""
        return tuple(RoundResult(e, tuple(p), end, out) for e, p, end, out in self._state.results)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the game is over; empty before."""
        return tuple(self._state.winners)

    @property
    def last(self) -> dict[str, Any] | None:
        """``{"seat": s, "move": move}`` of the last move, or None at the start."""
        last = self._state.last
        if last is None:
            return None
        seat, kind, tile, train = last
        return {"seat": seat, "move": _move_dict((kind, tile, train))}

    # parlour's uniform state protocol -------------------------------------------------------

    # ``to_move``, ``is_terminal``, ``zobrist``, ``legal_moves()`` and ``apply_index()`` are
    # the base's (in Rust: Python loops call them once a move).

    if TYPE_CHECKING:

        def legal_moves(self) -> list[TrainMove]:
            """``train_moves(self)``: the legal moves in the engine's order."""

    def _apply_parsed(self, move: object) -> TrainGame:
        """:meth:`apply` of a move that is not one of the listed move objects.

        The move is parsed, then checked against the rules (``IllegalMoveError``
        ``ILLEGAL_MOVE`` when refused).
        """
        game = _parsed_play(self, move)
        if game is None:
            raise IllegalMoveError("ILLEGAL_MOVE", f"the rules do not allow {move!r} now")
        return game

    def returns(self) -> tuple[float, ...]:
        """Per seat: minus the seat's total pips so far (higher is better)."""
        return tuple(float(x) for x in self._state.returns())

    def to_notation(self) -> str:
        """The saved-game text (:func:`encode_train`)."""
        return encode_train(self)

    @classmethod
    def from_notation(cls, text: str) -> TrainGame:
        """Read a saved-game text.

        Args:
            text: The engine's saved-game text.

        Returns:
            The game.

        Raises:
            NotationError: The text is not a game these rules can replay (``INVALID_GAME_TEXT``).
        """
        game = decode_train(text)
        if game is None:
            raise NotationError(
                "INVALID_GAME_TEXT", "not a Mexican Train saved game these rules replay"
            )
        return game

    # Python protocols -----------------------------------------------------------------------

    def _moves(self) -> list[_Move]:
        return self._state.history()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrainGame):
            return NotImplemented
        return (
            self._state == other._state
            and self._table.key() == other._table.key()
            and self._moves() == other._moves()
        )

    def __hash__(self) -> int:
        return self.zobrist

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        t = self._table
        return (_restore, (t.set, t.options, t.seed, t.players, t.computers, self._moves()))

    def __copy__(self) -> TrainGame:
        return self

    def __deepcopy__(self, memo: object) -> TrainGame:
        return self

    def __repr__(self) -> str:
        return (
            f"<TrainGame set={self.set} players={len(self.players)} round={self.round} "
            f"phase={self.phase!r} to_play={self.to_play} moves={move_count(self)}>"
        )


def _restore(
    set: int,
    options: tuple[tuple[str, str], ...],
    seed: int,
    players: tuple[str, ...],
    computers: tuple[bool, ...],
    moves: list[_Move],
) -> TrainGame:
    table = _Table(set, options, seed, players, computers)
    game = _replay(table, moves)
    if game is None:
        raise NotationError("INVALID_GAME", "a pickled game that does not replay")
    return game


def _replay(table: _Table, moves: Sequence[_Move]) -> TrainGame | None:
    start = table.start()
    state = start.replay(list(moves)) if moves else start
    if state is None:
        return None
    return TrainGame._make(state)


def _action(m: tuple[int, int, int]) -> int:
    kind, tile, train = m
    if kind == 0:
        return _ACTION_OF_TILE[tile] * 9 + train
    return len(_ACTION_TILES) * 9 + kind - 1


def action_index(move: TrainMove) -> int:
    """The index of a move in the fixed action space (see :data:`TRAIN_ACTIONS`).

    Args:
        move: A move dict with a valid tile (double-fifteen or smaller) and a train 0..8.

    Returns:
        The action index.

    Raises:
        ConfigError: Not a move of the action space (``INVALID_MOVE``).
    """
    m = _parse_move(move, 8, frozenset(_ACTION_TILES))
    if m is None:
        raise ConfigError("INVALID_MOVE", f"{move!r} is not a move of the action space")
    return _action(m)


def move_of_action(index: int) -> TrainMove:
    """The move of an action index (inverse of :func:`action_index`).

    Args:
        index: An integer in ``0 .. TRAIN_ACTIONS``.

    Returns:
        The move dict.

    Raises:
        ConfigError: ``index`` is out of range (``INVALID_ACTION``).
    """
    if not _is_int(index) or not 0 <= index < TRAIN_ACTIONS:
        raise ConfigError("INVALID_ACTION", f"{index!r} is not an action index")
    plays = len(_ACTION_TILES) * 9
    if index < plays:
        return _move_dict((0, _ACTION_TILES[index // 9], index % 9))
    return _move_dict((index - plays + 1, 0, 0))


# The engine's functions ------------------------------------------------------------------


def _js_number_arg(x: object) -> float | None:
    """A Python number as the engine's double, or None for a non-number or NaN/overflow."""
    if isinstance(x, bool) or not isinstance(x, int | float):
        return None
    try:
        return float(x)
    except OverflowError:
        return None


def _options(options: object) -> tuple[tuple[str, str], ...] | None:
    if options is None:
        return tuple(TRAIN_DEFAULT_OPTIONS.items())
    if not isinstance(options, Mapping):
        return None
    out: list[tuple[str, str]] = []
    for key in options:
        if key in _OPTION_VALUES:
            value = options[key]
            if not isinstance(value, str) or value not in _OPTION_VALUES[key]:
                return None
            out.append((key, value))
    given = {k for k, _ in out}
    out.extend((k, v) for k, v in TRAIN_DEFAULT_OPTIONS.items() if k not in given)
    return tuple(out)


def _table(
    set: object, players: object, seed: object, options: object, computers: object
) -> _Table | None:
    s = _js_number_arg(set)
    if s is None or s not in (9.0, 12.0, 15.0):
        return None
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        return None
    names = list(players)
    if not 2 <= len(names) <= 8 or not all(isinstance(p, str) for p in names):
        return None
    if computers is None:
        comps = [False] * len(names)
    else:
        if isinstance(computers, str | bytes) or not isinstance(computers, Sequence):
            return None
        comps = list(computers)
        if len(comps) != len(names) or not all(isinstance(c, bool) for c in comps):
            return None
    sd = _js_number_arg(seed)
    if sd is None or not math.isfinite(sd) or not sd.is_integer():
        return None
    opts = _options(options)
    if opts is None:
        return None
    return _Table(int(s), opts, int(sd), tuple(clean_train_name(p) for p in names), tuple(comps))


def start_train(
    set: int,
    players: Sequence[str],
    seed: int | float = 1,
    options: Mapping[str, str] | None = None,
    computers: Sequence[bool] | None = None,
) -> TrainGame | None:
    """A new game, round 0 dealt, seat 0 to play.

    Args:
        set: The set by its highest double: 9, 12 or 15.
        players: The names, one a seat (2 to 8); they are cleaned.
        seed: An integer (only its low 32 bits, as a double's ``ToInt32``, shape the deal).
        options: ``length``, ``doubles``, ``mexican`` (None: the defaults); missing keys take the
            defaults, extra keys are dropped.
        computers: Which seats a computer plays (None: none).

    Returns:
        The game, or None for anything the engine or parlour refuses (never raises).

    >>> g = start_train(12, ["Ann", "Ben"], seed=7)
    >>> g.round, g.engine, len(g.hands[0]), len(g.boneyard)
    (0, 12, 15, 60)
    """
    table = _table(set, players, seed, options, computers)
    if table is None:
        return None
    return TrainGame._make(table.start())


def _parse_move(move: object, n: int, tiles: frozenset[int]) -> _Move | None:
    if type(move) is not dict and not isinstance(move, Mapping):
        return None
    name = move.get("kind")
    kind = _KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        return None
    if kind != 0:
        return (kind, 0, 0)
    tile = move.get("tile")
    train = move.get("train")
    if not _is_int(tile) or not _is_int(train) or tile not in tiles:
        return None
    assert isinstance(train, int)
    if not 0 <= train <= n:
        return None
    assert isinstance(tile, int)
    return (0, tile, train)


def play_train(game: TrainGame, move: object) -> TrainGame | None:
    """The game after ``move``, or None for a move that may not be made now (never raises).

    Args:
        game: The game; left untouched.
        move: A move dict.

    Returns:
        The new game, with the move on its history and in ``last``; or None.
    """
    if not isinstance(game, TrainGame):
        return None
    listed = game._apply_listed(move)
    return listed if listed is not None else _parsed_play(game, move)


def _parsed_play(game: TrainGame, move: object) -> TrainGame | None:
    """The game after ``move`` parsed and checked against the rules, or None when refused."""
    table = game._table
    m = _parse_move(move, table.n, table.tiles)
    return None if m is None else game._play(*m)


def replay_train(
    set: int,
    players: Sequence[str],
    seed: int | float,
    options: Mapping[str, str] | None,
    computers: Sequence[bool] | None,
    moves: Sequence[object],
) -> TrainGame | None:
    """A game played again from its table and its moves (never raises).

    Args:
        set: The set.
        players: The names.
        seed: The seed.
        options: The options.
        computers: Which seats a computer plays.
        moves: Move dicts, oldest first.

    Returns:
        The game, or None when the table is refused or any move is.
    """
    table = _table(set, players, seed, options, computers)
    if table is None or isinstance(moves, str | bytes) or not isinstance(moves, Sequence):
        return None
    parsed: list[_Move] = []
    for mv in moves:
        m = _parse_move(mv, table.n, table.tiles)
        if m is None:
            return None
        parsed.append(m)
    return _replay(table, parsed)


def train_again(game: TrainGame, seed: int | float) -> TrainGame | None:
    """The same table again (seats, names, options) with a fresh shuffle from ``seed``.

    Args:
        game: Any game.
        seed: The new seed.

    Returns:
        The new game, or None for a seed :func:`start_train` refuses.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    t = _game_arg(game)._table
    return start_train(t.set, list(t.players), seed, dict(t.options), list(t.computers))


def legal_plays(game: TrainGame) -> list[dict[str, int]]:
    """Every lay the player to move may make, in the engine's order.

    Args:
        game: The game.

    Returns:
        ``{"tile": t, "train": i}`` dicts (empty unless the phase is ``playing``).

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    return [{"tile": t, "train": r} for t, r in _game_arg(game)._state.plays()]


def train_moves(game: TrainGame) -> list[TrainMove]:
    """Every move the player to move may make now, in the engine's order.

    Args:
        game: The game.

    Returns:
        The legal plays, else ``[draw]`` or ``[pass]``; ``[next]`` between rounds; ``[]`` at
        the end.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    return _game_arg(game).legal_moves()


def may_lay(game: TrainGame, tile: object, train: object) -> bool:
    """Whether the player to move may lay ``tile`` on ``train`` now.

    Args:
        game: The game.
        tile: A tile code.
        train: A train number.

    Returns:
        The answer :func:`legal_plays` gives for that pair; False for non-integers and for
        values that are no tile or train (``tile`` and ``train`` never raise).

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    game = _game_arg(game)
    if not _is_int(tile) or not _is_int(train) or tile not in game._table.tiles:
        return False
    assert isinstance(tile, int)
    assert isinstance(train, int)
    return game._state.may_lay(tile, train)


def computer_move(game: TrainGame) -> TrainMove:
    """The move the computer makes for the seat to move.

    Args:
        game: The game.

    Returns:
        The best-scored lay, or the draw, pass or next it must take.

    Raises:
        TypeError: ``game`` is not a TrainGame.
        IllegalMoveError: The game is over (``GAME_OVER``: "no move to make: the game is over").
    """
    m = _game_arg(game)._state.computer_move()
    if m is None:
        raise IllegalMoveError("GAME_OVER", "no move to make: the game is over")
    return _move_dict(m)


def _tiles_arg(hand: object) -> list[int]:
    if isinstance(hand, str | bytes) or not isinstance(hand, Sequence):
        raise ConfigError("INVALID_HAND", "a hand must be a sequence of tile codes")
    out = list(hand)
    for t in out:
        if not _is_int(t) or not 0 <= t <= 255:
            raise ConfigError("INVALID_TILE", f"{t!r} is not a tile code (an int from 0 to 255)")
    return out


def longest_run(hand: Sequence[int], end: int, exact: bool = False) -> list[int]:
    """The longest run of tiles from ``hand`` that can be laid one after another against ``end``.

    Without ``exact`` this is the engine's bounded depth-first search, step for step
    (``PLAN_STEPS`` = 4000, a soft bound); with ``exact`` it is a truly longest run (the
    heaviest among equals), unbounded.

    Args:
        hand: Tile codes, in hand order (the order breaks ties).
        end: The number to start from.
        exact: Search without the step bound.

    Returns:
        Tile codes in laying order.

    Raises:
        ConfigError: A tile is not an int from 0 to 255 (``INVALID_TILE``) or ``end`` is not an
            int (``INVALID_END``).

    >>> from parlour.mexican_train import tile_of
    >>> longest_run([tile_of(12, 4), tile_of(4, 9), tile_of(9, 1), tile_of(12, 2)], 12)
    [76, 73, 25]
    """
    tiles = _tiles_arg(hand)
    if not _is_int(end):
        raise ConfigError("INVALID_END", f"{end!r} is not an integer end")
    if not 0 <= end < 16:
        return []
    return _core.longest_run(tiles, end, bool(exact))


def open_end(game: TrainGame, train: int) -> int:
    """The number a train's next tile must match.

    Args:
        game: The game.
        train: A train number.

    Returns:
        Its last tile's open end, or the engine value for an empty train.

    Raises:
        TypeError: ``game`` is not a TrainGame.
        ConfigError: ``train`` is not an int from 0 to the Mexican Train's number
            (``INVALID_TRAIN``).
    """
    game = _game_arg(game)
    if not _is_int(train) or not 0 <= train <= game._table.n:
        raise ConfigError("INVALID_TRAIN", f"{train!r} is not a train of this table")
    return game._state.open_end(train)


def mexican_of(game: TrainGame) -> int:
    """The Mexican Train's number: after every seat's own.

    Args:
        game: The game.

    Returns:
        The number of players.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    return len(_game_arg(game).players)


def move_count(game: TrainGame) -> int:
    """How many moves a game has made.

    Args:
        game: The game.

    Returns:
        ``history.count``, or 0.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    return _game_arg(game)._state.move_count


def moves_of(game: TrainGame) -> list[TrainMove]:
    """Every move a game has made, first to last.

    Args:
        game: The game.

    Returns:
        Move dicts, oldest first.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    return [_move_dict(m) for m in _game_arg(game)._moves()]


def people_at(game: TrainGame) -> list[int]:
    """The seats a person plays.

    Args:
        game: The game.

    Returns:
        Seats whose ``computers`` entry is False.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    return [s for s, c in enumerate(_game_arg(game).computers) if not c]


def train_player_name(game: TrainGame, seat: int) -> str:
    """A seat's name as the table reads it.

    Args:
        game: The game.
        seat: A seat (any int: a seat the table lacks reads as a blank name).

    Returns:
        The name given, or ``"Computer 3"`` / ``"Player 3"`` (seat + 1) for a blank one.

    Raises:
        TypeError: ``game`` is not a TrainGame or ``seat`` is not an int.
    """
    game = _game_arg(game)
    if not _is_int(seat):
        raise TypeError(f"seat must be an int, not {type(seat).__name__}")
    players = game.players
    given = js_trim(players[seat]) if 0 <= seat < len(players) else ""
    if given:
        return given
    computer = 0 <= seat < len(players) and game.computers[seat]
    return f"{'Computer' if computer else 'Player'} {seat + 1}"


def train_totals(game: TrainGame) -> list[int]:
    """Each seat's total over every round played: the lowest wins.

    Args:
        game: The game.

    Returns:
        One total per seat.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    return list(_game_arg(game)._state.totals)


def encode_train(game: TrainGame) -> str:
    """The saved-game text, byte-identical to the engine's ``encodeTrain``.

    Args:
        game: The game.

    Returns:
        Compact JSON: ``v, set, options, seed, players, computers, moves``.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    game = _game_arg(game)
    t = game._table
    opts = ",".join(f"{js_string(k)}:{js_string(v)}" for k, v in t.options)
    players = ",".join(js_string(p) for p in t.players)
    comps = ",".join("true" if c else "false" for c in t.computers)
    moves = ",".join(_token(m) for m in game._moves())
    return (
        f'{{"v":1,"set":{t.set},"options":{{{opts}}},"seed":{js_number(float(t.seed))},'
        f'"players":[{players}],"computers":[{comps}],"moves":"{moves}"}}'
    )


_TOKEN = re.compile(r"d|x|n|p([0-9]+)\.([0-9]+)")


def _parse_tokens(moves: str) -> list[tuple[str, int, int]] | None:
    if moves == "":
        return []
    out: list[tuple[str, int, int]] = []
    for tok in moves.split(","):
        m = _TOKEN.fullmatch(tok)
        if m is None:
            return None
        if tok[0] != "p":
            out.append((tok, 0, 0))
            continue
        a, b = m.group(1).lstrip("0"), m.group(2).lstrip("0")
        if len(a) > 6 or len(b) > 6:
            out.append(("p", -1, -1))  # far out of range: refused by the replay
            continue
        out.append(("p", int(a or "0"), int(b or "0")))
    return out


def decode_train(text: object) -> TrainGame | None:
    """A saved game read back, or None for anything the engine would not read (never raises).

    Args:
        text: The saved-game text (None gives None).

    Returns:
        The replayed game, or None.
    """
    if not isinstance(text, str):
        return None
    try:
        obj = parse_js_json(text)
    except ValueError:
        return None
    if not isinstance(obj, dict):
        return None
    v = obj.get("v")
    if type(v) is not float or v != 1:
        return None
    set_, seed = obj.get("set"), obj.get("seed")
    if type(set_) is not float or type(seed) is not float:
        return None
    options = obj.get("options")
    if not isinstance(options, dict):
        return None
    for key, allowed in _OPTION_VALUES.items():
        if options.get(key) not in allowed:
            return None
    players, computers, moves = obj.get("players"), obj.get("computers"), obj.get("moves")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return None
    if not isinstance(computers, list) or not all(isinstance(c, bool) for c in computers):
        return None
    if not isinstance(moves, str):
        return None
    tokens = _parse_tokens(moves)
    if tokens is None:
        return None
    if not is_js_integer(seed) or set_ not in (9.0, 12.0, 15.0):
        return None
    canonical = {k: options[k] for k in _OPTION_VALUES}
    table = _table(set_, players, seed, canonical, computers)
    if table is None:
        return None
    parsed: list[_Move] = []
    for tok, tile, train in tokens:
        if tok != "p":
            parsed.append(({"d": 1, "x": 2, "n": 3}[tok], 0, 0))
        elif tile not in table.tiles or not 0 <= train <= table.n:
            return None
        else:
            parsed.append((0, tile, train))
    return _replay(table, parsed)
