"""PettingZoo AEC environments for every registry game (extra ``rl``).

``env(game, **options)`` is the environment with PettingZoo's standard wrappers (an illegal
action ends the game with reward -1 for its agent; out-of-space actions and calls out of order
are refused); ``raw_env(game, **options)`` is the bare :class:`ParlourAECEnv`. Agents are
``player_0`` … (seat order); ``observe(agent)`` is ``{"observation": state.observation(seat),
"action_mask": <int8 0/1 over the game's fixed action space>}`` (all zeros unless the agent is
to act); the reward of each step is the change of ``state.returns()``, so that an episode's
rewards add up to the final returns. ``reset(seed=...)`` seeds the environment's own RNG, from
which every deal of later resets is drawn. Options are the registry's (``parlour.GAMES``).

>>> from parlour.pettingzoo import env
>>> e = env("whist")
>>> e.reset(seed=1)
>>> e.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((397,), 13)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from parlour._adapt import Adapter, adapter, check_seed
from parlour.errors import ConfigError

__all__ = ["env", "raw_env"]

ObsDict = dict[str, npt.NDArray[Any]]


def _check_render_mode(render_mode: object) -> str | None:
    if render_mode is not None and render_mode != "ansi":
        raise ConfigError(
            "INVALID_OPTION", f"render_mode must be None or 'ansi', not {render_mode!r}"
        )
    return render_mode


class ParlourAECEnv(AECEnv[str, ObsDict, int]):  # type: ignore[misc]
    """A parlour game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: A registry game id (``parlour.GAMES``).
        render_mode: None or ``"ansi"`` (``render()`` returns the whole position as text).
        **options: The game's options (``players=3``, ``no_trump=True``).

    Raises:
        ConfigError: ``UNKNOWN_GAME``, ``UNKNOWN_OPTION`` or ``INVALID_OPTION``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "render_modes": ["ansi"],
        "name": "parlour_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: str, render_mode: str | None = None, **options: object) -> None:
        super().__init__()
        self.adapter: Adapter = adapter(game, options)
        """The game's adapter (``parlour._adapt``)."""
        self.render_mode = _check_render_mode(render_mode)
        self.metadata = {**type(self).metadata, "name": f"parlour_{self.adapter.game}_v0"}
        a = self.adapter
        self.possible_agents = [f"player_{i}" for i in range(a.seats)]
        self._seats = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, a.observation_high, a.observation_shape, np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (a.num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(a.num_actions) for agent in self.possible_agents
        }
        self._zeros = np.zeros(a.num_actions, np.int8)
        self._rng = random.Random()
        self.reset()

    def _seat(self, agent: object) -> int:
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ConfigError(
                "INVALID_SEAT", f"unknown agent {agent!r}; the agents are {self.possible_agents}"
            )
        return seat

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space: a ``Dict`` of ``observation`` and ``action_mask``.

        Raises:
            ConfigError: ``INVALID_SEAT`` for an unknown agent.
        """
        space: spaces.Space[Any] = self.observation_spaces[self.possible_agents[self._seat(agent)]]
        return space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: ``Discrete(num_actions)`` over the game's action ids.

        Raises:
            ConfigError: ``INVALID_SEAT`` for an unknown agent.
        """
        space: spaces.Space[Any] = self.action_spaces[self.possible_agents[self._seat(agent)]]
        return space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` (if given) reseeds the environment's RNG first.

        ``options`` is accepted for PettingZoo's API and unused (the game's options are fixed
        when the environment is made).

        Raises:
            ConfigError: ``INVALID_SEED`` for a seed that is not an int from 0 to 2**64-1,
                ``INVALID_OPTION`` for ``options`` that are not a dict or None.
        """
        if seed is not None:
            self._rng = random.Random(check_seed(seed))
        if options is not None and not isinstance(options, dict):
            raise ConfigError("INVALID_OPTION", f"options must be a dict or None, not {options!r}")
        self._start(self.adapter.new(self._rng.getrandbits(64)))

    def load(self, state: Any) -> None:
        """Start from ``state``, a position of this game (for example one read from notation).

        Agents, rewards and terminations start afresh, as after ``reset``.

        Raises:
            ConfigError: ``INVALID_STATE`` for anything but a state of the environment's game.
        """
        if not isinstance(state, self.adapter.state_type):
            raise ConfigError(
                "INVALID_STATE", f"load takes a {self.adapter.state_type.__name__}, not {state!r}"
            )
        self._start(state)

    def _start(self, state: Any) -> None:
        a = self.adapter
        self.game_state: Any = state
        """The game's state (immutable; each step replaces it)."""
        self._returns = a.returns(state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, state.is_terminal)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._actor = a.actor(state)
        self.agent_selection = self.possible_agents[0 if self._actor is None else self._actor]

    def observe(self, agent: str) -> ObsDict:
        """What ``agent`` sees: its observation and its action mask (zeros unless it acts).

        Raises:
            ConfigError: ``INVALID_SEAT`` for an unknown agent.
        """
        seat = self._seat(agent)
        a = self.adapter
        state = self.game_state
        mask = a.legal_mask(state) if self._actor == seat else self._zeros.copy()
        return {"observation": a.observation(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent takes action id ``action`` (None once it is done).

        Raises:
            ConfigError: ``INVALID_ACTION`` for an action outside the action space.
            IllegalMoveError: ``ILLEGAL_ACTION`` for an action that is not legal now.
            ValueError: An action other than None for a done agent (PettingZoo's rule).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = self.adapter
        state = a.apply(self.game_state, action)
        returns = a.returns(state)
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = returns[seat] - self._returns[seat]
        self.game_state = state
        self._returns = returns
        self._cumulative_rewards[agent] = 0.0
        self._actor = actor = a.actor(state)
        if actor is None:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[actor]
        self._accumulate_rewards()
        if actor is None:
            self._deads_step_first()

    def render(self) -> str | None:
        """The whole position as text (the game's notation): for people, not for agents.

        Returns None unless the environment was made with ``render_mode="ansi"``.
        """
        if self.render_mode is None:
            return None
        a = self.adapter
        actor = self._actor
        who = "game over" if actor is None else f"{self.possible_agents[actor]} to act"
        return f"{a.game}: {who}; returns {list(self._returns)}\n{a.to_notation(self.game_state)}"

    def state(self) -> npt.NDArray[np.float32]:
        """The global state for centralised training: every seat's observation, concatenated.

        It holds every hand: give it to a critic, never to an acting policy.
        """
        a = self.adapter
        return np.concatenate([a.observation(self.game_state, s) for s in range(a.seats)])

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, render_mode: str | None = None, **options: object) -> ParlourAECEnv:
    """The bare :class:`ParlourAECEnv` of ``game`` (no wrappers).

    Raises:
        ConfigError: ``UNKNOWN_GAME``, ``UNKNOWN_OPTION`` or ``INVALID_OPTION``.
    """
    return ParlourAECEnv(game, render_mode, **options)


def env(game: str, render_mode: str | None = None, **options: object) -> AECEnv[str, ObsDict, int]:
    """The PettingZoo environment of ``game`` with the standard wrappers.

    ``TerminateIllegalWrapper`` (an illegal action ends the game, reward -1 for its agent),
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``, as PettingZoo's classic games.

    Raises:
        ConfigError: ``UNKNOWN_GAME``, ``UNKNOWN_OPTION`` or ``INVALID_OPTION``.
    """
    out: AECEnv[str, ObsDict, int] = raw_env(game, render_mode, **options)
    out = wrappers.TerminateIllegalWrapper(out, illegal_reward=-1)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    out = wrappers.OrderEnforcingWrapper(out)
    return out
