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
- the game is played with the learner defaults (:func:`boardgames.learner_defaults`: a turn
  limit for Splut! and Arandia where ``params`` sets none, so that every episode ends); a game
  still running after ``max_actions`` actions (default: the learner defaults' cap) is
  truncated for every agent;
- once the game is over (or truncated) each agent's ``info`` carries the result:
  ``winners`` (agent names), ``returns`` (each agent's return), ``scores`` (each agent's
  score, for scored games, else ``None``) and ``draw``;
- an illegal action ends the game with the mover losing (-1, the others 0), as PettingZoo's
  classic games do (``TerminateIllegalWrapper``, with its warning); ``env(...,
  illegal="raise")`` raises ``boardgames.IllegalAction`` instead and changes nothing. An
  action that is not an integer (``6.9``, ``"c3"``) raises ``TypeError``;
- ``render_mode="ansi"``: ``render()`` returns the board drawing; ``"human"``: it prints it.
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


def env(
    name: str,
    params: str = "",
    render_mode: Optional[str] = None,
    max_actions: Optional[int] = None,
    illegal: str = "terminate",
):
    """The AEC environment of game ``name`` with parameters ``params``, wrapped as PettingZoo's
    classic games are: an illegal action ends the game with the mover losing
    (``TerminateIllegalWrapper``; ``illegal="raise"``: it raises ``boardgames.IllegalAction``
    and changes nothing), actions checked against the action space, order enforced."""
    if illegal not in ("terminate", "raise"):
        raise ValueError(f"illegal must be 'terminate' or 'raise', not {illegal!r}")
    e = raw_env(name, params, render_mode=render_mode, max_actions=max_actions)
    if illegal == "terminate":
        e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = _ActionTypeWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def _check_action(action: Any) -> None:
    """``TypeError`` for an action that is not an integer (``None`` passes: a dead step)."""
    if action is None:
        return
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            return
        raise TypeError(f"an action is an action id (int), not {type(action).__name__} {action!r}")


class _ActionTypeWrapper(wrappers.BaseWrapper):
    """Refuses actions that are not integers with ``TypeError`` before any other wrapper reads
    them."""

    def step(self, action: Any) -> None:
        _check_action(action)
        super().step(action)


class raw_env(AECEnv):
    """The unwrapped AEC environment (see the module's docs)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "boardgames", "is_parallelizable": False, "render_fps": 1}

    def __init__(self, name: str, params: str = "", render_mode: Optional[str] = None, max_actions: Optional[int] = None):
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise boardgames.NotationError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if max_actions is not None and (
            isinstance(max_actions, (bool, np.bool_)) or not isinstance(max_actions, (int, np.integer))
        ):
            raise TypeError(f"max_actions is an int, not {type(max_actions).__name__}")
        if max_actions is not None and max_actions < 1:
            raise ValueError(f"max_actions must be at least 1, not {max_actions}")
        defaults = boardgames.learner_defaults(name, params)
        self.game = boardgames.Game(name, defaults["params"])
        self.metadata = dict(self.metadata, name=f"boardgames_{name}")
        self.render_mode = render_mode
        self.seat_names = self.game.seats
        self.max_actions = int(max_actions) if max_actions is not None else defaults["max_actions"]
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
        _check_action(action)
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
            self._tell_result()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._selected()
        self._deads_step_first()

    def _tell_result(self) -> None:
        """Each agent's final ``info``: the winners, returns and scores (see the module's docs)."""
        outcome = self.state_.outcome()
        returns = self.state_.returns()
        names = self.possible_agents
        winners = [] if outcome is None else [names[i] for i in outcome["winners"]]
        scores = None if outcome is None or outcome.get("scores") is None else dict(zip(names, outcome["scores"]))
        result = {
            "winners": winners,
            "draw": outcome is not None and not winners,
            "returns": dict(zip(names, returns)),
            "scores": scores,
            "truncated": outcome is None,
            "summary": "" if outcome is None else outcome["summary"],
        }
        for a in self.agents:
            self.infos[a] = dict(result)

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.render_mode == "human":
            print(self.state_)
            return None
        return str(self.state_)

    def close(self) -> None:
        pass
