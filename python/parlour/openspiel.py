"""OpenSpiel games for every registry game (extra ``openspiel``).

Importing this module registers ``python_parlour_<game>`` with pyspiel for every game of
``parlour.GAMES`` (``-`` becomes ``_``: ``python_parlour_bridge_play``), with the registry's
options as game parameters (``pyspiel.load_game("python_parlour_durak(seats=3)")``).

- The deal is made by chance nodes: eight of them, each drawing one byte (256 equally likely
  outcomes), give the 64-bit seed the game is dealt from (as ``parlour.simulate`` deals), so
  that ``state.child(a)`` and exhaustive tools see the deal as chance, every deal seed is as
  likely, and a seat's own cards never narrow it down to a few seeds. Later deals (Gyla's
  rounds, Mexican Train's rounds, Durak's talon) follow from that seed, which no observation
  shows. Before the deal every observation is zeros and every string ``"deal"``.
- ``observation_tensor`` and ``information_state_tensor`` are ``state.observation(seat)``;
  ``observation_string`` is ``state.view(seat)`` as JSON, and ``information_state_string`` adds
  the actions played so far (all public), so that it has perfect recall.
- Rewards (``RewardModel.REWARDS``) are the changes of ``state.returns()``; ``returns()`` is
  ``state.returns()``.
- ``serialize()`` / ``game.deserialize_state()`` carry the position as its notation; ``clone()``
  is cheap (the position is immutable and is shared, not copied).
- ``state.resample_from_infostate(player, sampler)`` is ``state.resample(seat, seed)`` with a
  seed from ``sampler()``; OpenSpiel's Python ``ISMCTSBot`` creates a new sampler for every
  call, so give the bot :func:`resampler` (``bot.set_resampler(resampler(seed=1))``), which
  draws its seeds from its own RNG.

>>> import pyspiel
>>> import parlour.openspiel
>>> game = pyspiel.load_game("python_parlour_whist")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 256)
>>> for byte in [7, 0, 0, 0, 0, 0, 0, 1]:
...     state.apply_action(byte)
>>> state.current_player(), len(state.legal_actions()), game.num_distinct_actions()
(0, 13, 52)
>>> len(state.information_state_tensor(0)) == game.information_state_tensor_size() == 397
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from parlour._adapt import Adapter, adapter, check_seed
from parlour.batch import GAMES
from parlour.errors import ConfigError

__all__ = ["GAME_NAMES", "resampler"]

GAME_NAMES: dict[str, str] = {"python_parlour_" + game.replace("-", "_"): game for game in GAMES}
"""Each registered pyspiel game name -> its parlour registry id."""

_CHANCE_NODES = 8
_CHANCE_OUTCOMES = 256
_CHANCE = [(k, 1.0 / _CHANCE_OUTCOMES) for k in range(_CHANCE_OUTCOMES)]
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


# The games whose returns add up to the same in every finished game, whatever the options.
_CONSTANT_SUM = ("whist", "bridge-play", "dalmara-4p", "dalmara-2p")


def _typed(text: str) -> bool | int | str:
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return text


class _Position:
    """The parlour state inside a pyspiel state: shared by clones, pickled as its notation."""

    __slots__ = ("game", "options", "state")

    def __init__(self, game: str, options: tuple[tuple[str, str], ...], state: Any) -> None:
        self.game = game
        self.options = options
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Position], tuple[str, tuple[Any, ...], str]]:
        return (_read_position, (self.game, self.options, self.state.to_notation()))


def _read_position(game: str, options: tuple[tuple[str, str], ...], text: str) -> _Position:
    return _Position(game, options, adapter(game, dict(options)).from_notation(text))


class _History(tuple[int, ...]):
    """The public actions so far (immutable, so clones share it)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> _History:
        return self


def _game_type(game: str) -> pyspiel.GameType:
    spec = GAMES[game]
    a = adapter(game)
    params: dict[str, Any] = {name: _typed(default) for name, (default, _) in spec.options.items()}
    seats = {"durak": (2, 6), "mexican-train": (2, 8)}.get(game, (a.seats, a.seats))
    constant = game in _CONSTANT_SUM
    return pyspiel.GameType(
        short_name="python_parlour_" + game.replace("-", "_"),
        long_name=f"parlour {game}: {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.CONSTANT_SUM
            if constant
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=seats[1],
        min_num_players=seats[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class ParlourGame(pyspiel.Game):  # type: ignore[misc]
    """A parlour game as a pyspiel game (made by ``pyspiel.load_game``; see the module docs).

    Raises:
        ConfigError: ``UNKNOWN_OPTION`` or ``INVALID_OPTION`` parameters.
    """

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        a = adapter(game, params)
        self.adapter: Adapter = a
        """The game's adapter (``parlour._adapt``)."""
        info = pyspiel.GameInfo(
            num_distinct_actions=a.num_actions,
            max_chance_outcomes=_CHANCE_OUTCOMES,
            num_players=a.seats,
            min_utility=a.min_return,
            max_utility=a.max_return,
            utility_sum=a.return_sum if game in _CONSTANT_SUM else None,
            max_game_length=a.max_length,
        )
        super().__init__(_game_type(game), info, params)
        self._state_class = type("ParlourState", (ParlourState,), {"adapter": a})

    def new_initial_state(self) -> ParlourState:
        """A new game at its first chance node (the deal)."""
        state: ParlourState = self._state_class(self)
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ParlourObserver:
        """The observer of ``state.observation(seat)`` (a seat's own private information).

        Raises:
            ConfigError: ``INVALID_OPTION`` for observer parameters or for a private-info type
                other than the seat's own.
        """
        if isinstance(iig_obs_type, dict):  # pyspiel calls make_py_observer(params) without a type
            iig_obs_type, params = None, iig_obs_type
        if params is not None and not isinstance(params, dict):
            raise TypeError(f"params must be a dict, not {type(params).__name__}")
        if params:
            raise ConfigError("INVALID_OPTION", f"observer parameters are not supported: {params}")
        perfect_recall = False
        if iig_obs_type is not None:
            if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
                raise TypeError(
                    f"iig_obs_type must be a pyspiel.IIGObservationType, not "
                    f"{type(iig_obs_type).__name__}"
                )
            if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
                raise ConfigError(
                    "INVALID_OPTION", "parlour observations hold the seat's own private cards"
                )
            perfect_recall = bool(iig_obs_type.perfect_recall)
        return ParlourObserver(self.adapter, perfect_recall)


class ParlourState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over an immutable parlour state (see the module docs)."""

    adapter: Adapter
    # A new state's values, as class attributes: pyspiel makes a new state for every tensor
    # it writes (to learn the tensor's shape) and for every clone, so __init__ sets nothing.
    _pos: _Position | None = None
    _actor = int(pyspiel.PlayerId.CHANCE)  # who acts now (the adapter's answer, cached)
    _deal = (0, 0)  # (chance nodes passed, seed bits so far)
    _public = _History()
    _rewards: tuple[float, ...] = ()

    def __init__(self, game: ParlourGame) -> None:
        # pyspiel.State's constructor crashes the process on anything but a game: check first.
        if not isinstance(game, ParlourGame):
            raise TypeError(f"a ParlourState needs a ParlourGame, not {type(game).__name__}")
        super().__init__(game)

    def rewards(self) -> list[float]:
        """The change of ``returns()`` made by the last action."""
        return list(self._rewards) or [0.0] * self.adapter.seats

    @property
    def parlour_state(self) -> Any:
        """The parlour state (immutable), None before the deal."""
        return None if self._pos is None else self._pos.state

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` during the deal, or ``PlayerId.TERMINAL``."""
        return self._actor

    def _set(self, state: Any) -> None:
        a = self.adapter
        self._pos = _Position(a.game, a.options, state)
        seat = a.actor(state)
        self._actor = _TERMINAL if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The 256 equally likely bytes of the deal seed."""
        return list(_CHANCE)

    def _legal_actions(self, player: int) -> list[int]:
        assert self._pos is not None
        return self.adapter.legal_actions(self._pos.state)

    def _apply_action(self, action: int) -> None:
        a = self.adapter
        if self._pos is None:
            count, bits = self._deal
            bits = bits << 8 | int(action)
            self._deal = (count + 1, bits)
            if count + 1 == _CHANCE_NODES:
                self._set(a.new(bits))
            return
        before = a.returns(self._pos.state)
        state = a.apply(self._pos.state, action)
        after = a.returns(state)
        self._set(state)
        self._public = _History((*self._public, int(action)))
        self._rewards = tuple(x - y for x, y in zip(after, before, strict=True))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        return self.adapter.action_text(action)

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._pos is not None and bool(self._pos.state.is_terminal)

    def returns(self) -> list[float]:
        """``state.returns()`` of the parlour state (zeros before the deal)."""
        if self._pos is None:
            return [0.0] * self.adapter.seats
        return list(self.adapter.returns(self._pos.state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParlourState:
        """A clone whose hidden cards are drawn anew (seeded from ``probability_sampler()``).

        Raises:
            ConfigError: ``INVALID_SEAT`` for a player that is not a seat.
        """
        seat = self.adapter.check_seat(player_id)
        seed = int(float(probability_sampler()) * 2**64) % 2**64
        return self._resampled(seat, seed)

    def _resampled(self, seat: int, seed: int) -> ParlourState:
        a = self.adapter
        other: ParlourState = self.clone()
        if self._pos is None:
            return other
        other._set(a.resample(self._pos.state, seat, seed))
        return other

    def __str__(self) -> str:
        """The position's notation (``"deal"`` before the deal)."""
        if self._pos is None:
            return "deal"
        return self.adapter.to_notation(self._pos.state)


class ParlourObserver:
    """pyspiel's Python observer over ``observation(seat)`` and ``view(seat)``."""

    def __init__(self, adapter: Adapter, perfect_recall: bool) -> None:
        if not isinstance(adapter, Adapter):
            raise TypeError(f"a ParlourObserver needs an Adapter, not {type(adapter).__name__}")
        self.adapter = adapter
        """The game's adapter."""
        self.perfect_recall = perfect_recall
        """True for the information state (its string adds the public actions)."""
        self.tensor = np.zeros(int(np.prod(adapter.observation_shape)), np.float32)
        """The flat tensor ``set_from`` fills."""
        self.dict = {"observation": self.tensor.reshape(adapter.observation_shape)}
        """The tensor by name."""

    def set_from(self, state: ParlourState, player: int) -> None:
        """Write ``observation(player)`` into :attr:`tensor` (zeros before the deal)."""
        _check_observed(state, player)
        if state._pos is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state._pos.state.observation(player).reshape(-1)

    def string_from(self, state: ParlourState, player: int) -> str:
        """``view(player)`` as JSON (with the public actions for the information state)."""
        _check_observed(state, player)
        if state._pos is None:
            return "deal"
        text = json.dumps(self.adapter.view(state._pos.state, player), separators=(",", ":"))
        if self.perfect_recall:
            text += " actions:" + ",".join(map(str, state._public))
        return text


def _check_observed(state: object, player: object) -> None:
    """TypeError unless ``state`` is a ParlourState and ``player`` an int (not a bool)."""
    if not isinstance(state, ParlourState):
        raise TypeError(f"state must be a ParlourState, not {type(state).__name__}")
    if isinstance(player, bool) or not isinstance(player, int):
        raise TypeError(f"player must be an int, not {type(player).__name__}")


def resampler(seed: int | None = None) -> Callable[[ParlourState, int], ParlourState]:
    """A resampling callback for ``ISMCTSBot.set_resampler``, drawing seeds from its own RNG.

    Raises:
        ConfigError: ``INVALID_SEED`` for a seed that is not None or an int from 0 to 2**64-1.
    """
    rng = random.Random(None if seed is None else check_seed(seed))

    def resample(state: ParlourState, player: int) -> ParlourState:
        if not isinstance(state, ParlourState):
            raise ConfigError("INVALID_STATE", "resample takes a parlour pyspiel state")
        return state._resampled(state.adapter.check_seat(player), rng.getrandbits(64))

    return resample


def _register() -> None:
    # Each game is registered with a class, as OpenSpiel's own Python games are (pyspiel keeps
    # the creator until the process exits; a class, unlike a closure, outlives the interpreter's
    # teardown, which a closure freed then without the GIL would not).
    for name, game in GAME_NAMES.items():
        if name in pyspiel.registered_names():
            continue
        cls = type(
            "ParlourGame_" + game.replace("-", "_"),
            (ParlourGame,),
            {"__init__": _init_for(game), "__doc__": f"The pyspiel game {name}."},
        )
        _CLASSES.append(cls)
        pyspiel.register_game(_game_type(game), cls)


def _init_for(game: str) -> Callable[[ParlourGame, dict[str, Any] | None], None]:
    def __init__(self: ParlourGame, params: dict[str, Any] | None = None) -> None:
        ParlourGame.__init__(self, game, params)

    return __init__


_CLASSES: list[type] = []
_register()
