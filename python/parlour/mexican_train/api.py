"""The engine's functions in snake_case, plain Python over :class:`TrainGame`.

Mirrors ``@johnmorrisdotca/domino`` 1.0.0 (``shared/specs/mexican_train/``): the rules, the deal,
the computer player and the longest run run in the Rust core (``TrainGame`` is the Rust class);
these functions take the engine's arguments (JavaScript numbers, names, move dicts), return
None where the engine returns null, and build the game's records (:class:`Train`,
:class:`RoundResult`, :class:`TrainHistory`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from parlour._core.mexican_train import TrainGame
from parlour._core.mexican_train import longest_run_steps as _longest_run_steps
from parlour._js import js_trim
from parlour.errors import ConfigError, IllegalMoveError, ParlourError
from parlour.mexican_train.notation import (
    MOVES,
    Parts,
    TrainMove,
    clean_train_name,
    move_of,
)
from parlour.mexican_train.tiles import TRAIN_DEFAULT_OPTIONS, every_tile

__all__ = [
    "TRAIN_ACTIONS",
    "RoundResult",
    "Train",
    "TrainGame",
    "TrainHistory",
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

_Move = tuple[int, int, int]  # (kind, tile, train): kind 0 play, 1 draw, 2 pass, 3 next
_A = TypeVar("_A")
_OPTION_VALUES: Final[dict[str, tuple[str, ...]]] = {
    "length": ("full", "short"),
    "doubles": ("one", "chain"),
    "mexican": ("any", "ownFirst"),
}
_ACTION_TILES: Final = every_tile(15)
_ACTION_OF_TILE: Final = {t: i for i, t in enumerate(_ACTION_TILES)}
TRAIN_ACTIONS: Final = len(_ACTION_TILES) * 9 + 3
"""Size of the fixed action space: ``tile index (double-fifteen order) * 9 + train``, then
draw, pass and next."""


def _move_dict(m: _Move) -> TrainMove:
    kind, tile, train = m
    move = MOVES[tile * 9 + train if kind == 0 else 2303 + kind]
    assert move is not None, m
    return move  # type: ignore[return-value]


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

    @classmethod
    def _chain(cls, moves: tuple[_Move, ...]) -> TrainHistory | None:
        """The link of the last of ``moves`` (oldest first), None for no move."""
        link = None
        for move in moves:
            link = cls(move, link)
        return link

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
    m = move_of(move)
    if m is None or (m[0] == 0 and m[1] not in _ACTION_OF_TILE):
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


def _parts(
    set: object,
    players: object,
    seed: object,
    options: object,
    computers: object,
    moves: tuple[_Move, ...] = (),
) -> Parts | None:
    """The parts of a table from the engine's arguments (None for ones it refuses)."""
    s = _js_number_arg(set)
    if s is None or not math.isfinite(s) or not s.is_integer():
        return None
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        return None
    names = list(players)
    if not all(isinstance(p, str) for p in names):
        return None
    if computers is None:
        comps = [False] * len(names)
    else:
        if isinstance(computers, str | bytes) or not isinstance(computers, Sequence):
            return None
        comps = list(computers)
        if not all(isinstance(c, bool) for c in comps):
            return None
    sd = _js_number_arg(seed)
    if sd is None or not math.isfinite(sd) or not sd.is_integer():
        return None
    opts = _options(options)
    if opts is None:
        return None
    cleaned = tuple(clean_train_name(p) for p in names)
    return Parts(int(s), opts, int(sd), cleaned, tuple(comps), moves)


def _or_none(
    make: Callable[[_A], TrainGame], arg: _A, refused: type[ParlourError] = ParlourError
) -> TrainGame | None:
    """``make(arg)``, or None when it raises ``refused`` (the engine returns null there)."""
    try:
        return make(arg)
    except refused:
        return None


def _game(parts: Parts | None) -> TrainGame | None:
    """The game of ``parts``, or None when the rules refuse its table or a move."""
    return None if parts is None else _or_none(TrainGame.from_parts, parts)


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
    return _game(_parts(set, players, seed, options, computers))


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
    return _or_none(game.apply, move, IllegalMoveError)


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
    if isinstance(moves, str | bytes) or not isinstance(moves, Sequence):
        return None
    parsed: list[_Move] = []
    for mv in moves:
        m = move_of(mv)
        if m is None:
            return None
        parsed.append(m)
    return _game(_parts(set, players, seed, options, computers, tuple(parsed)))


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
    g = _game_arg(game)
    return start_train(g.set, list(g.players), seed, g.options, list(g.computers))


def legal_plays(game: TrainGame) -> list[dict[str, int]]:
    """Every lay the player to move may make, in the engine's order.

    Args:
        game: The game.

    Returns:
        ``{"tile": t, "train": i}`` dicts (empty unless the phase is ``playing``).

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    moves = _game_arg(game).legal_moves()
    return [{"tile": m["tile"], "train": m["train"]} for m in moves if m["kind"] == "play"]


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
    return list(_game_arg(game).legal_moves())


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
    moves = _game_arg(game).legal_moves()
    lay = {"kind": "play", "tile": tile, "train": train}
    return _is_int(tile) and _is_int(train) and lay in moves


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
    m = _game_arg(game)._computer_move()
    if m is None:
        raise IllegalMoveError("GAME_OVER", "no move to make: the game is over")
    return m  # type: ignore[return-value]


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
    return _longest_run_steps(tiles, end, bool(exact))[0]


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
    if not _is_int(train) or not 0 <= train <= len(game.players):
        raise ConfigError("INVALID_TRAIN", f"{train!r} is not a train of this table")
    laid = game.trains[train].laid
    return laid[-1] & 15 if laid else game.engine


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
    return len(_game_arg(game).parts().moves)


def moves_of(game: TrainGame) -> list[TrainMove]:
    """Every move a game has made, first to last.

    Args:
        game: The game.

    Returns:
        Move dicts, oldest first.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    return [_move_dict(m) for m in _game_arg(game).parts().moves]


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
    game = _game_arg(game)
    totals = [0] * len(game.players)
    for result in game.results:
        totals = [t + p for t, p in zip(totals, result.pips, strict=True)]
    return totals


def encode_train(game: TrainGame) -> str:
    """The engine's ``encodeTrain``: ``game.to_notation()``, which :func:`.notation.write` writes.

    Raises:
        TypeError: ``game`` is not a TrainGame.
    """
    return _game_arg(game).to_notation()


def decode_train(text: object) -> TrainGame | None:
    """A saved game read back, or None for anything the engine would not read (never raises).

    Args:
        text: The saved-game text (None gives None).

    Returns:
        The replayed game, or None.
    """
    return _or_none(TrainGame.from_notation, text) if isinstance(text, str) else None
