"""A single-agent Gymnasium environment for every registry game (extra ``rl``).

``env(game, seat=0, opponents="computer", **options)``: the agent plays ``seat``; the other
seats are parlour bots (``"computer"``: the game's built-in computer player; ``"random"``: a
uniformly random legal action, drawn from the environment's RNG). The observation is
``state.observation(seat)`` (float32, the game's fixed shape); the action space is
``Discrete(n)`` over the game's fixed action ids, the legal ones being ``info["action_mask"]``
(also ``env.unwrapped.action_masks()``, as sb3-contrib's ``MaskablePPO`` reads it). The reward
is the change of the seat's ``state.returns()`` since its last action, so that an episode's
rewards add up to its final return. In bridge-play, when ``seat`` is dummy in a deal, the
agent plays that deal as declarer (dummy never chooses a card). An illegal action ends the
episode with reward ``illegal_reward`` (default -1.0) and ``info["illegal_action"]`` True, the
state unchanged.

Each game is also registered with Gymnasium as ``parlour/<game>-v0``
(``gymnasium.make("parlour/whist-v0", opponents="random")``).

>>> from parlour.gymnasium import env
>>> e = env("bridge-play", seat=1, opponents="computer")
>>> obs, info = e.reset(seed=3)
>>> obs.shape, int(info["action_mask"].sum()) > 0
((420,), True)
"""

from __future__ import annotations

import dataclasses
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from parlour._adapt import Adapter, adapter, check_seed
from parlour.batch import GAMES
from parlour.errors import ConfigError, IllegalMoveError

__all__ = ["env"]

Obs = npt.NDArray[np.float32]


class ParlourGymEnv(gymnasium.Env[Obs, np.int64]):
    """One seat of a parlour game as a Gymnasium environment (see the module docstring).

    Args:
        game: A registry game id (``parlour.GAMES``).
        seat: The agent's seat (0-based).
        opponents: ``"computer"`` or ``"random"``.
        render_mode: None or ``"ansi"``.
        illegal_reward: The reward of an illegal action (which ends the episode).
        **options: The game's options.

    Raises:
        ConfigError: ``UNKNOWN_GAME``, ``UNKNOWN_OPTION``, ``INVALID_OPTION``, ``INVALID_SEAT``,
            ``INVALID_POLICY`` (opponents) or ``NO_COMPUTER_PLAYER`` (``"computer"`` for a game
            without one).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: str = "computer",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: object,
    ) -> None:
        self.adapter: Adapter = adapter(game, options)
        """The game's adapter (``parlour._adapt``)."""
        a = self.adapter
        self.seat: int = a.check_seat(seat)
        """The agent's seat."""
        if opponents not in ("computer", "random"):
            raise ConfigError(
                "INVALID_POLICY", f"opponents must be 'computer' or 'random', not {opponents!r}"
            )
        if opponents == "computer" and not a.has_computer:
            raise ConfigError(
                "NO_COMPUTER_PLAYER",
                f"game {a.game} has no built-in computer player; use opponents='random'",
            )
        self.opponents: str = opponents
        """``"computer"`` or ``"random"``."""
        if render_mode is not None and render_mode != "ansi":
            raise ConfigError(
                "INVALID_OPTION", f"render_mode must be None or 'ansi', not {render_mode!r}"
            )
        self.render_mode = render_mode
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, int | float):
            raise ConfigError("INVALID_OPTION", "illegal_reward must be a number")
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Box(
            0.0, a.observation_high, a.observation_shape, np.float32
        )
        self.action_space = spaces.Discrete(a.num_actions)
        self.game_state: Any = None
        """The game's state (None before the first reset)."""
        self._me = self.seat
        self._done = True
        self._last_return = 0.0

    def _play_others(self, state: Any) -> Any:
        a = self.adapter
        actor = a.actor(state)
        while actor is not None and actor != self._me:
            if self.opponents == "computer":
                state = a.computer(state)
            else:
                legal = state.legal_mask().nonzero()[0]
                state = a.apply(state, int(legal[self.np_random.integers(len(legal))]))
            actor = a.actor(state)
        return state

    def _observation(self) -> Obs:
        return self.adapter.observation(self.game_state, self._me)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().view(np.int8)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new game and play the other seats up to the agent's first turn.

        Raises:
            ConfigError: ``INVALID_SEED`` for a bad seed, ``INVALID_OPTION`` for ``options``
                that are not a dict or None (their content is unused).
        """
        if seed is not None:
            check_seed(seed)
        if options is not None and not isinstance(options, dict):
            raise ConfigError("INVALID_OPTION", f"options must be a dict or None, not {options!r}")
        super().reset(seed=seed)
        a = self.adapter
        state = a.new(int(self.np_random.integers(2**63)))
        self._me = a.stand_in(state, self.seat)
        state = self._play_others(state)
        self.game_state = state
        self._done = a.actor(state) is None
        self._last_return = a.returns(state)[self._me]
        return self._observation(), self._info()

    def step(self, action: object) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the other seats up to its next turn.

        Raises:
            ConfigError: ``INVALID_ACTION`` for an action outside the action space.
            IllegalMoveError: ``GAME_OVER`` after the episode has ended (call ``reset``).
        """
        a = self.adapter
        act = a.check_action(action)
        if self._done:
            raise IllegalMoveError("GAME_OVER", "the episode is over: call reset()")
        state = self.game_state
        if not state.legal_mask()[act]:
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, True, False, info
        state = self._play_others(a.apply(state, act))
        self.game_state = state
        ret = a.returns(state)[self._me]
        reward = ret - self._last_return
        self._last_return = ret
        self._done = a.actor(state) is None
        return self._observation(), reward, self._done, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The agent's legal actions as a bool array (all False once the episode is over)."""
        if self.game_state is None or self.adapter.actor(self.game_state) != self._me:
            return np.zeros(self.adapter.num_actions, np.bool_)
        mask: npt.NDArray[np.bool_] = self.game_state.legal_mask()
        return mask

    def render(self) -> str | None:
        """The whole position as text (the game's notation), with ``render_mode="ansi"``."""
        if self.render_mode is None or self.game_state is None:
            return None
        return self.adapter.to_notation(self.game_state)


def env(
    game: str,
    seat: int = 0,
    opponents: str = "computer",
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    **options: object,
) -> ParlourGymEnv:
    """The single-agent Gymnasium environment of ``game`` for ``seat`` (see the module docs).

    Raises:
        ConfigError: As :class:`ParlourGymEnv`.
    """
    out = ParlourGymEnv(game, seat, opponents, render_mode, illegal_reward, **options)
    spec = gymnasium.spec(f"parlour/{out.adapter.game}-v0")
    kwargs = {"game": game, "seat": seat, "opponents": opponents}
    out.spec = dataclasses.replace(
        spec, kwargs={**kwargs, "illegal_reward": illegal_reward, **options}
    )
    return out


for _game in GAMES:
    gymnasium.register(
        id=f"parlour/{_game}-v0",
        entry_point="parlour.gymnasium:ParlourGymEnv",
        kwargs={"game": _game},
    )
