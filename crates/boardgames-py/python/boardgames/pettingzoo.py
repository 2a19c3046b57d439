"""PettingZoo AEC environments of the five games, following PettingZoo's classic-games conventions.

>>> from boardgames.pettingzoo import env
>>> e = env("repello", "players=3", render_mode="ansi")
>>> e.reset(seed=1)
>>> obs, reward, termination, truncation, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']

- agents are ``player_0`` ... ``player_{n-1}``, the seats in play in seat order (their names
  in ``env.seat_names``); a turn of several actions (Splut!'s steps, Elements' placements,
  Repello's pushes) keeps ``agent_selection`` on the same agent;
- observations are dicts: ``observation``, the engine's ``float32`` tensor seen from that seat
  (``Game.observation_shape``, values in ``[0, 1]``), and ``action_mask``, an ``int8`` vector over
  the ``Discrete(num_distinct_actions)`` action space with 1 at the legal ids of the agent to
  act (all 0 for the others);
- rewards come at the end: each seat's return (+1 win, -1 loss, 0 draw, a shared win split);
  a seat eliminated during the game (Splut!, Battle of the Elements) is terminated at once
  with its -1; once the game is over every agent is terminated;
- chance outcomes (Arandia's die) are drawn by the environment with their exact
  probabilities from its generator, seeded by ``reset(seed=...)``;
- a game still running after ``max_actions`` actions (default: the match runner's cap of the
  game) is truncated for every agent;
- ``render_mode="ansi"``: ``render()`` returns the board drawing.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import boardgames

__all__ = ["env", "raw_env"]


def env(name: str, params: str = "", render_mode: Optional[str] = None, max_actions: Optional[int] = None):
    """The AEC environment of game ``name`` with parameters ``params``, wrapped as PettingZoo's
    classic games are (``TerminateIllegalWrapper`` off: an illegal action raises
    ``boardgames.IllegalAction`` and changes nothing; order enforcing on)."""
    e = raw_env(name, params, render_mode=render_mode, max_actions=max_actions)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """The unwrapped AEC environment (see the module's docs)."""

    metadata = {"render_modes": ["ansi"], "name": "boardgames", "is_parallelizable": False, "render_fps": 1}

    def __init__(self, name: str, params: str = "", render_mode: Optional[str] = None, max_actions: Optional[int] = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise boardgames.NotationError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = boardgames.Game(name, params)
        self.metadata = dict(self.metadata, name=f"boardgames_{name}")
        self.render_mode = render_mode
        self.seat_names = self.game.seats
        self.max_actions = (
            max_actions
            if max_actions is not None
            else boardgames.match_defaults(name, self.game.params)["max_actions"]
        )
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        self._number = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.game.num_distinct_actions
        shape = tuple(self.game.observation_shape)
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state_ = self.game.new_state()
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self._actions = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self._number[agent]
        observation = self.state_.observation(seat)
        if self.state_.current_seat() == seat:
            mask = self.state_.legal_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions, np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None or not hasattr(self, "_seeded"):
            self.np_random, self.np_random_seed = seeding.np_random(seed)
            self._seeded = True
        self.state_ = self.game.new_state()
        self._actions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle()
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        seat = self.state_.current_seat()
        return self.possible_agents[seat] if seat is not None else self.agents[0]

    def _settle(self) -> None:
        """Plays chance outcomes (drawn from the env's generator) until a player acts or the
        game ends."""
        while self.state_.is_chance() and self._actions < self.max_actions:
            outcomes = self.state_.chance_ids()
            probs = np.array([p for _, p in outcomes], dtype=np.float64)
            pick = self.np_random.choice(len(outcomes), p=probs / probs.sum())
            self.state_.play(outcomes[pick][0])
            self._actions += 1

    def step(self, action: Optional[int]) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        actor = self.agent_selection
        self.state_.play(int(action))
        self._actions += 1
        self._settle()
        self._cumulative_rewards[actor] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        in_play = set(self.state_.in_play())
        if self.state_.is_over():
            returns = self.state_.returns()
            for a in self.agents:
                self.rewards[a] = returns[self._number[a]]
                self.terminations[a] = True
        else:
            for a in self.agents:
                if self._number[a] not in in_play and not self.terminations[a]:
                    # Eliminated: out of the game, and so lost.
                    self.rewards[a] = -1.0
                    self.terminations[a] = True
            if self._actions >= self.max_actions:
                for a in self.agents:
                    self.truncations[a] = True
        self._accumulate_rewards()
        if self.state_.is_over() or self._actions >= self.max_actions:
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._selected()
        self._deads_step_first()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        return str(self.state_)

    def close(self) -> None:
        pass
