"""The one table the research adapters read: each registry game as a fixed-action-space game.

``parlour.pettingzoo``, ``parlour.gymnasium`` and ``parlour.openspiel`` are written once over
:class:`Adapter`; this module is the only place that knows each game's public names (its state
class, how a state is dealt from options and a seed, which seat chooses the next action, how an
action id of the game's fixed action space becomes a move, and its computer player). A rename in a
game touches this file alone.

Seats are numbered from 0 everywhere here (Gyla's and Durak's states number their players from 1
in ``to_move``). In bridge the seat that chooses the next card is declarer when dummy is to move.

>>> a = adapter("whist")
>>> a.seats, a.num_actions, a.observation_shape
(4, 52, (397,))
>>> s = a.new(7)
>>> a.actor(s), int(a.legal_mask(s).sum()) == len(s.legal_moves())
(0, True)
>>> a.apply(s, 200)
Traceback (most recent call last):
...
parlour.errors.ConfigError: INVALID_ACTION: action must be an integer from 0 to 51, not 200
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch import GAMES
from parlour.errors import ConfigError, IllegalMoveError

__all__ = ["Adapter", "adapter", "check_seed"]

State = Any
"""A game's state (each game's own class; all follow ``parlour.protocol``)."""


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` as an int from 0 to 2**64-1.

    Raises:
        ConfigError: ``INVALID_SEED`` for anything else (a bool included).
    """
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= seed < 2**64:
        raise ConfigError("INVALID_SEED", f"{what} must be an integer from 0 to 2**64-1")
    return int(seed)


@dataclass(frozen=True, slots=True, eq=False)
class Adapter:
    """One registry game with its options bound, seen as a game over a fixed action space.

    Attributes:
        game: The registry id (``parlour.GAMES``).
        options: Every option of the game with its value (defaults filled in), sorted by name.
        seats: The number of seats.
        num_actions: The size of the fixed action space (the length of ``legal_mask``).
        observation_shape: The shape of ``observation(state, seat)``.
        state_type: The game's state class.
        min_return: The least a seat's return can be at the end of a game.
        max_return: The most a seat's return can be at the end of a game.
        return_sum: The seats' returns' sum when it is the same in every finished game, else None.
        max_length: A bound on the number of actions in a game.
        observation_high: A bound on the observation's entries (1 where every entry is a
            flag or a fraction; Gyla's points/60 reach 1.4; Mexican Train's raw counts and pips
            are bounded by 2**24).
        has_computer: True when the game has a built-in computer player.
    """

    game: str
    options: tuple[tuple[str, str], ...]
    seats: int
    num_actions: int
    observation_shape: tuple[int, ...]
    state_type: type
    min_return: float
    max_return: float
    return_sum: float | None
    max_length: int
    observation_high: float
    has_computer: bool
    _new: Callable[[int], State]
    _actor: Callable[[State], int | None]
    _apply: Callable[[State, int, npt.NDArray[np.bool_]], State]
    _computer: Callable[[State], State] | None
    _action_text: Callable[[int], str]
    _stand_in: Callable[[State, int], int] | None = None
    _read: Callable[[str], State] | None = None

    def new(self, seed: int) -> State:
        """A new game dealt from ``seed`` (an int from 0 to 2**64-1).

        Raises:
            ConfigError: ``INVALID_SEED`` for a bad seed.
        """
        return self._new(check_seed(seed))

    def actor(self, state: State) -> int | None:
        """The seat that chooses the next action (0-based), None when the game is over."""
        return self._actor(state)

    def legal_mask(self, state: State) -> npt.NDArray[np.int8]:
        """A new 0/1 ``int8`` array over the action space: 1 for each legal action."""
        mask: npt.NDArray[np.int8] = state.legal_mask().view(np.int8)
        return mask

    def legal_actions(self, state: State) -> list[int]:
        """The legal action ids, ascending."""
        out: list[int] = state.legal_mask().nonzero()[0].tolist()  # (flatnonzero: 20x slower)
        return out

    def stand_in(self, state: State, seat: int) -> int:
        """The seat whose choices ``seat`` makes in ``state``'s game.

        Itself, but declarer for bridge's dummy (dummy never chooses a card).
        """
        return seat if self._stand_in is None else self._stand_in(state, seat)

    def check_action(self, action: object) -> int:
        """``action`` as an int of the action space.

        Raises:
            ConfigError: ``INVALID_ACTION`` for anything else (a bool included).
        """
        if (
            isinstance(action, bool)
            or not isinstance(action, int | np.integer)
            or not 0 <= action < self.num_actions
        ):
            raise ConfigError(
                "INVALID_ACTION",
                f"action must be an integer from 0 to {self.num_actions - 1}, not {action!r}",
            )
        return int(action)

    def apply(self, state: State, action: object) -> State:
        """The state after action id ``action``; ``state`` is unchanged.

        Raises:
            ConfigError: ``INVALID_ACTION`` for an action outside the action space.
            IllegalMoveError: ``ILLEGAL_ACTION`` for an action that is not legal now (``GAME_OVER``
                once the game is over).
        """
        a = self.check_action(action)
        mask = state.legal_mask()
        if not mask[a]:
            if state.is_terminal:
                raise IllegalMoveError("GAME_OVER", "no action to take: the game is over")
            raise IllegalMoveError("ILLEGAL_ACTION", f"action {a} is not legal here")
        return self._apply(state, a, mask)

    def computer(self, state: State) -> State:
        """The state after the game's computer player's move.

        Raises:
            ConfigError: ``NO_COMPUTER_PLAYER`` when the game has none.
            IllegalMoveError: ``GAME_OVER`` once the game is over.
        """
        if self._computer is None:
            raise ConfigError(
                "NO_COMPUTER_PLAYER", f"game {self.game} has no built-in computer player"
            )
        if state.is_terminal:
            raise IllegalMoveError("GAME_OVER", "no move to make: the game is over")
        return self._computer(state)

    def action_text(self, action: object) -> str:
        """The action's text (the move as its game writes it).

        Raises:
            ConfigError: ``INVALID_ACTION`` for an action outside the action space.
        """
        return self._action_text(self.check_action(action))

    def check_seat(self, seat: object) -> int:
        """``seat`` as an int seat of the game.

        Raises:
            ConfigError: ``INVALID_SEAT`` for anything else.
        """
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer):
            raise ConfigError("INVALID_SEAT", f"seat must be an integer, not {seat!r}")
        if not 0 <= seat < self.seats:
            raise ConfigError(
                "INVALID_SEAT", f"seat must be an integer from 0 to {self.seats - 1}, not {seat}"
            )
        return int(seat)

    def observation(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        """``state.observation(seat)``: what ``seat`` sees, as float32 of ``observation_shape``."""
        obs: npt.NDArray[np.float32] = state.observation(seat)
        return obs

    def view(self, state: State, seat: int) -> dict[str, Any]:
        """``state.view(seat)``: what ``seat`` sees, as JSON-ready data."""
        view: dict[str, Any] = state.view(seat)
        return view

    def returns(self, state: State) -> tuple[float, ...]:
        """``state.returns()``: per-seat returns so far (final once the game is over)."""
        out: tuple[float, ...] = tuple(state.returns())
        return out

    def resample(self, state: State, seat: int, seed: int) -> State:
        """``state.resample(seat, seed)``: a state ``seat`` cannot tell from ``state``."""
        return state.resample(seat, seed)

    def to_notation(self, state: State) -> str:
        """The whole position in the game's notation."""
        text: str = state.to_notation()
        return text

    def from_notation(self, text: str) -> State:
        """A position from the game's notation.

        Raises:
            NotationError: Text the game does not read.
        """
        if self._read is not None:
            return self._read(text)
        read: Callable[[str], State] = getattr(self.state_type, "from_notation")  # noqa: B009
        return read(text)


def _by_count(state: State, action: int, mask: npt.NDArray[np.bool_]) -> State:
    # Games whose legal_moves() list the moves in ascending action order.
    return state.apply_index(len(mask[:action].nonzero()[0]))


def _from_table(table: list[Any]) -> Callable[[State, int, npt.NDArray[np.bool_]], State]:
    def apply(state: State, action: int, mask: npt.NDArray[np.bool_]) -> State:
        return state.apply(table[action])

    return apply


def _seat(state: State) -> int | None:
    seat: int | None = state.to_move
    return seat


def _seat_from_one(state: State) -> int | None:
    player: int | None = state.to_move
    return None if player is None else player - 1


def _flag(name: str, value: str) -> bool:
    if value not in ("true", "false"):
        raise ConfigError("INVALID_OPTION", f"{name} must be true or false, not {value!r}")
    return value == "true"


def _int(name: str, value: str, lo: int, hi: int) -> int:
    try:
        out = int(value)
    except ValueError:
        out = lo - 1
    if not lo <= out <= hi:
        raise ConfigError("INVALID_OPTION", f"{name} must be from {lo} to {hi}, not {value!r}")
    return out


def _choice(name: str, value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise ConfigError(
            "INVALID_OPTION", f"{name} must be one of {', '.join(allowed)}, not {value!r}"
        )
    return value


_CARD_NAMES = [s + r for s in "SHDC" for r in "23456789TJQKA"]


def _whist(opts: dict[str, str]) -> dict[str, Any]:
    from parlour import whist

    no_trump = _flag("no_trump", opts["no_trump"])
    return {
        "seats": 4,
        "num_actions": whist.ACTION_SPACE,
        "observation_shape": tuple(whist.OBSERVATION_SHAPE),
        "state_type": whist.State,
        "min_return": 0.0,
        "max_return": 13.0,
        "return_sum": 13.0,
        "max_length": 52,
        "observation_high": 1.0,
        "_new": lambda seed: whist.State.new(seed=seed, no_trump=no_trump),
        "_actor": _seat,
        "_apply": _by_count,
        "_computer": None,
        "_action_text": _CARD_NAMES.__getitem__,
    }


def _bridge(opts: dict[str, str]) -> dict[str, Any]:
    from parlour import bridge

    strain = _choice("strain", opts["strain"], ("random", "S", "H", "D", "C", "N"))
    declarer = _choice("declarer", opts["declarer"], ("random", "N", "E", "S", "W"))
    cls = bridge.BridgePlayState

    def new(seed: int) -> State:
        return cls.random(
            seed,
            strain=None if strain == "random" else strain,
            declarer=None if declarer == "random" else declarer,
        )

    def actor(state: State) -> int | None:
        seat: int | None = state.to_move
        if seat is None:
            return None
        decl = "NESW".index(state.contract.declarer)
        return decl if seat == (decl + 2) % 4 else seat

    def computer(state: State) -> State:
        return state.apply(state.computer_move())

    def stand_in(state: State, seat: int) -> int:
        decl = "NESW".index(state.contract.declarer)
        return decl if seat == (decl + 2) % 4 else seat

    return {
        "seats": 4,
        "num_actions": 52,
        "observation_shape": tuple(bridge.OBSERVATION_SHAPE),
        "state_type": cls,
        "min_return": 0.0,
        "max_return": 13.0,
        "return_sum": 26.0,
        "max_length": 52,
        "observation_high": 1.0,
        "_new": new,
        "_actor": actor,
        "_apply": _by_count,
        "_computer": computer,
        "_action_text": _CARD_NAMES.__getitem__,
        "_stand_in": stand_in,
    }


def _dalmara(mode: str) -> Callable[[dict[str, str]], dict[str, Any]]:
    def build(opts: dict[str, str]) -> dict[str, Any]:
        import parlour.dalmara as dm

        rules = _choice("rules", opts["rules"], tuple(dm.RULE_SETS))
        table: list[Any] = [None] * 108
        for kind in ("play", "pickup"):
            for card in dm.create_deck():
                move = dm.Move(kind, card)
                table[move.index] = move
        for suit in dm.SUITS:
            move = dm.Move("declare", suit)
            table[move.index] = move
        four = mode == "4p"
        return {
            "seats": 4 if four else 2,
            "num_actions": 108,
            "observation_shape": tuple(dm.OBSERVATION_SHAPE),
            "state_type": dm.GameState,
            "min_return": 0.0,
            "max_return": 1.0,
            "return_sum": 2.0 if four else 1.0,
            "max_length": 52 if four else 52 + 52 + 1,
            "observation_high": 1.0,
            "_new": lambda seed: dm.GameState.random(seed, mode, rules),  # type: ignore[arg-type]
            "_actor": _seat,
            "_apply": _from_table(table),
            "_computer": None,
            "_action_text": lambda a: str(table[a]),
            # The rule set is not part of the DMN text: read it back under the options' rules.
            "_read": lambda text: dm.GameState.from_notation(text, rules),  # type: ignore[arg-type]
        }

    return build


def _gyla(opts: dict[str, str]) -> dict[str, Any]:
    from parlour import gyla

    space = list(gyla.ACTION_SPACE)
    suits = set(gyla.SUITS)

    def new(seed: int) -> State:
        # The names Gyla's notation reads back (names are not part of it).
        state = gyla.new_game(
            ["Player 1", "Player 2", "Player 3", "Player 4"],
            ["Team 1", "Team 2"],
            [False] * 4,
            seed=seed,
        )
        return state.apply("start")

    def computer(state: State) -> State:
        first = state.legal_moves()[0]
        return state.apply(gyla.ai_trump(state) if first in suits else gyla.ai_card(state))

    return {
        "seats": 4,
        "num_actions": len(space),
        "observation_shape": tuple(gyla.OBSERVATION_SHAPE),
        "state_type": gyla.GylaState,
        "min_return": 0.0,
        # A game ends in the round a team reaches 60; a round adds at most 30.
        "max_return": 90.0,
        "return_sum": None,
        "max_length": 20 * 37,
        "observation_high": 1.5,
        "_new": new,
        "_actor": _seat_from_one,
        "_apply": _from_table(space),
        "_computer": computer,
        "_action_text": space.__getitem__,
    }


def _durak(opts: dict[str, str]) -> dict[str, Any]:
    from parlour import durak

    seats = _int("seats", opts["seats"], 2, 6)
    variant = _choice("variant", opts["variant"], ("podkidnoy", "perevodnoy"))
    names: list[str] = []
    for a in range(durak.ACTION_SPACE):
        if a < 108:
            kind = ("attack", "beat", "transfer")[a // 36]
            names.append(f"{kind} {durak.name_of(a % 36 + 1)}")
        else:
            names.append(("take", "done", "swap")[a - 108])

    def new(seed: int) -> State:
        return durak.new_game(seed.to_bytes(32, "little"), 1, seats, variant)

    def computer(state: State) -> State:
        return state.apply(durak.greedy_move(state, state.to_move))

    return {
        "seats": seats,
        "num_actions": durak.ACTION_SPACE,
        "observation_shape": tuple(durak.OBSERVATION_SHAPE),
        "state_type": durak.DurakGame,
        "min_return": 0.0,
        "max_return": 1.0,
        "return_sum": 1.0 if seats == 2 else None,
        "max_length": 10_000,
        "observation_high": 1.0,
        "_new": new,
        "_actor": _seat_from_one,
        "_apply": _by_count,
        "_computer": computer,
        "_action_text": names.__getitem__,
    }


def _mexican_train(opts: dict[str, str]) -> dict[str, Any]:
    import parlour.mexican_train as mt

    players = _int("players", opts["players"], 2, 8)
    top = _int("set", opts["set"], 9, 15)
    if top not in (9, 12, 15):
        raise ConfigError("INVALID_OPTION", f"set must be 9, 12 or 15, not {opts['set']!r}")
    rules = {
        "length": _choice("length", opts["length"], tuple(mt.TRAIN_LENGTHS)),
        "doubles": _choice("doubles", opts["doubles"], tuple(mt.TRAIN_DOUBLES)),
        "mexican": _choice("mexican", opts["mexican"], tuple(mt.TRAIN_MEXICAN)),
    }
    table = [mt.move_of_action(a) for a in range(mt.TRAIN_ACTIONS)]
    names = [f"P{k + 1}" for k in range(players)]
    tiles = (top + 1) * (top + 2) // 2
    pips = top * (top + 1) * (top + 2) // 2
    rounds = top + 1 if rules["length"] == "full" else (top + 2) // 2

    def new(seed: int) -> State:
        game = mt.start_train(top, names, seed % 2**32, rules)
        if game is None:  # pragma: no cover - the options were checked above
            raise ConfigError("INVALID_OPTION", "the engine refused these options")
        return game

    def computer(state: State) -> State:
        return state.apply(mt.computer_move(state))

    def text(a: int) -> str:
        move = table[a]
        if move["kind"] == "play":
            return f"p{move['tile']}.{move['train']}"
        return str(move["kind"])

    return {
        "seats": players,
        "num_actions": mt.TRAIN_ACTIONS,
        "observation_shape": tuple(mt.OBSERVATION_SHAPE),
        "state_type": mt.TrainGame,
        "min_return": -float(pips * rounds),
        "max_return": 0.0,
        "return_sum": None,
        "max_length": rounds * tiles * 4,
        "observation_high": float(2**24),
        "_new": new,
        "_actor": _seat,
        "_apply": _from_table(table),
        "_computer": computer,
        "_action_text": text,
    }


_BUILDERS: dict[str, Callable[[dict[str, str]], dict[str, Any]]] = {
    "whist": _whist,
    "bridge-play": _bridge,
    "dalmara-4p": _dalmara("4p"),
    "dalmara-2p": _dalmara("2p"),
    "gyla": _gyla,
    "durak": _durak,
    "mexican-train": _mexican_train,
}


def _option_text(name: str, value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    raise ConfigError(
        "INVALID_OPTION", f"option {name} must be a string, an int or a bool, not {value!r}"
    )


def adapter(game: object, options: Mapping[str, object] | None = None) -> Adapter:
    """The :class:`Adapter` of registry game ``game`` with ``options``.

    Options are the registry's (``parlour.GAMES[game].options``); values may be given as
    strings, ints or bools (``players=3``, ``no_trump=True``).

    Raises:
        ConfigError: ``UNKNOWN_GAME``, ``UNKNOWN_OPTION`` or ``INVALID_OPTION``.
    """
    if not isinstance(game, str) or game not in GAMES or game not in _BUILDERS:
        raise ConfigError(
            "UNKNOWN_GAME", f"unknown game {game!r}; the games are {', '.join(_BUILDERS)}"
        )
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise ConfigError("INVALID_OPTION", f"options must be a mapping, not {options!r}")
    spec = GAMES[game]
    given: dict[str, str] = {}
    for name, value in options.items():
        if not isinstance(name, str) or name not in spec.options:
            raise ConfigError(
                "UNKNOWN_OPTION",
                f"game {game} has no option {name!r} (options: {', '.join(spec.options)})",
            )
        given[name] = _option_text(name, value)
    full = {name: given.get(name, default) for name, (default, _) in spec.options.items()}
    return _cached(game, tuple(sorted(full.items())))


@functools.lru_cache(maxsize=64)
def _cached(game: str, options: tuple[tuple[str, str], ...]) -> Adapter:
    fields = _BUILDERS[game](dict(options))
    return Adapter(
        game=game, options=options, has_computer=fields["_computer"] is not None, **fields
    )
