"""Gymnasium environments: a learner plays one seat, our agents (any SPEC) play the others, in
Rust.

>>> from boardgames.gymnasium import Env
>>> env = Env("slimetrail", "size=5", opponent="random", seat=0)
>>> obs, info = env.reset(seed=1)
>>> obs.shape, env.action_space.n, int(env.action_masks().sum())
((5, 5, 5), 25, 8)
>>> obs, reward, terminated, truncated, info = env.step(int(env.action_masks().argmax()))

- :class:`Env` is a ``gymnasium.Env``: the observation a ``Box`` (``float32`` in ``[0, 1]``, the
  engine's tensor seen from the learner's seat), the action a ``Discrete`` over the game's
  fixed action space; ``action_masks()`` gives the legal actions as sb3-contrib's
  ``MaskablePPO`` expects (``bool [n]``), and ``info["action_mask"]`` the same. The learner
  plays seat ``seat`` (``None``: a seat drawn at each episode's start, told in
  ``info["seat"]``); ``opponent`` plays every other seat, inside the step. The reward is the
  learner's return when the episode ends (+1 win, -1 loss, 0 draw, a shared win split), else
  0. An illegal action ends the episode with the learner losing (-1, ``info["illegal"]``),
  as PettingZoo's classic games do; the game is unchanged.
- :class:`VectorEnv` is a ``gymnasium.vector.VectorEnv`` over :class:`boardgames.VectorGame`:
  ``num_envs`` such games stepped together in Rust, autoreset in the same step
  (``AutoresetMode.SAME_STEP``: ``infos["final_obs"]`` holds the last observation of the
  games that ended, ``infos["_final_obs"]`` says which), ``action_masks()`` of shape
  ``[num_envs, n]``. An illegal action raises ``boardgames.IllegalAction`` and changes nothing.

Both play with the learner defaults (:func:`boardgames.learner_defaults`): every episode ends.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

import boardgames

__all__ = ["Env", "VectorEnv"]


def _spaces(game: "boardgames.Game") -> Tuple[spaces.Box, spaces.Discrete]:
    shape = tuple(game.observation_shape)
    return (
        spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
        spaces.Discrete(game.num_distinct_actions),
    )


def _action_id(action: Any) -> int:
    """An action id from an int (or a NumPy integer); ``TypeError`` otherwise."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"an action is an action id (int), not {type(action).__name__} {action!r}")
    return int(action)


class Env(gymnasium.Env):
    """One game against our agents (see the module's docs)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        params: str = "",
        opponent: str = "random",
        seat: Optional[int] = None,
        render_mode: Optional[str] = None,
        max_actions: Optional[int] = None,
    ):
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self._vector = boardgames.VectorGame(
            game, params, num_envs=1, seed=0, threads=1, opponent=opponent, seat=seat, max_actions=max_actions
        )
        self.game = self._vector.game
        self.opponent = opponent
        self.render_mode = render_mode
        self.observation_space, self.action_space = _spaces(self.game)
        self._obs, self._mask, self._to_act = self._vector.reset()
        self._seat = int(self._to_act[0])

    def _info(self) -> Dict[str, Any]:
        return {"action_mask": self._mask[0].copy(), "seat": self._seat}

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        super().reset(seed=seed)
        self._obs, self._mask, self._to_act = self._vector.reset(seed=seed)
        self._seat = int(self._to_act[0])
        return self._obs[0].copy(), self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner: ``bool [num_distinct_actions]``."""
        return self._mask[0].copy()

    def step(self, action: Any):
        a = _action_id(action)
        if not (0 <= a < self._mask.shape[1] and self._mask[0, a]):
            # As PettingZoo's classic games: the episode ends with the learner losing.
            info = self._info()
            info["illegal"] = True
            return self._obs[0].copy(), -1.0, True, False, info
        seat = self._seat
        obs, mask, to_act, rewards, terminated, truncated = self._vector.step(np.array([a], np.int64))
        self._obs, self._mask, self._to_act = obs, mask, to_act
        reward = float(rewards[0, seat])
        term, trunc = bool(terminated[0]), bool(truncated[0])
        if term or trunc:
            # The vector has started the next game already; this episode's last observation
            # is in final_obs. The next reset() starts a game anew.
            observation = self._vector.final_obs[0].copy()
            info = {"action_mask": np.zeros_like(self._mask[0]), "seat": seat}
        else:
            observation = obs[0].copy()
            info = self._info()
        return observation, reward, term, trunc, info

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = str(self.game.state(self._vector.positions()[0]))
        if self.render_mode == "human":
            print(text)
            return None
        return text


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games stepped together in Rust (see the module's docs).

    With ``opponent=None`` the caller plays every seat: observations are seen from each
    game's seat to act (``infos["to_act"]``), and ``rewards`` are those of the seat that
    acted. With an opponent (the default, ``"random"``) the learner plays one seat of each
    game (``seat``; ``None``: drawn at each game's start) and the rewards are its own.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: str,
        params: str = "",
        num_envs: int = 8,
        opponent: Optional[str] = "random",
        seat: Optional[int] = None,
        seed: int = 0,
        threads: Optional[int] = None,
        max_actions: Optional[int] = None,
    ):
        self._vector = boardgames.VectorGame(
            game, params, num_envs=num_envs, seed=seed, threads=threads,
            opponent=opponent, seat=seat, max_actions=max_actions,
        )
        self.game = self._vector.game
        self.num_envs = self._vector.num_envs
        self.single_observation_space, self.single_action_space = _spaces(self.game)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, self.num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, self.num_envs)
        self._obs, self._mask, self._to_act = self._vector.reset()

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        if seed is not None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
        self._obs, self._mask, self._to_act = self._vector.reset(seed=seed)
        return self._obs.copy(), {"action_mask": self._mask.copy(), "to_act": self._to_act.copy()}

    def action_masks(self) -> np.ndarray:
        """The legal actions of each game's seat to act: ``bool [num_envs, n]``."""
        return self._mask.copy()

    def step(self, actions: Any):
        seats = self._to_act.copy()
        obs, mask, to_act, rewards, terminated, truncated = self._vector.step(actions)
        self._obs, self._mask, self._to_act = obs, mask, to_act
        ended = terminated | truncated
        infos: Dict[str, Any] = {"action_mask": mask.copy(), "to_act": to_act.copy()}
        if ended.any():
            infos["final_obs"] = self._vector.final_obs.copy()
            infos["_final_obs"] = ended.copy()
        reward = rewards[np.arange(self.num_envs), seats].astype(np.float32)
        return obs.copy(), reward, terminated.copy(), truncated.copy(), infos

    def close_extras(self, **kwargs: Any) -> None:
        pass
