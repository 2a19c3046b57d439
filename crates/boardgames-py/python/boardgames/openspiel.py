"""The five games registered with OpenSpiel (``pyspiel``), and our agents as ``pyspiel.Bot``\\ s.

>>> import pyspiel, boardgames.openspiel
>>> game = pyspiel.load_game("boardgames_splut", {"players": 3})
>>> game.num_players()
3
>>> str(game)
'boardgames_splut(first=s,players=3,seats=swn,turn_limit=1000)'

Importing the module registers every game as ``boardgames_<name>`` (``register()`` does it
again harmlessly):

- its parameters are OpenSpiel parameters: integer keys (``players``, ``size``,
  ``turn_limit``, ...) as ints, the others as strings, with the learner defaults
  (:func:`boardgames.learner_defaults`): Splut!'s and Arandia's ``turn_limit`` default to the
  learner turn limit (1,000 and 350 turns: a draw when reached), so that every game ends. A key
  whose default follows from other keys (Splut!'s ``seats`` and ``first``, Repello's
  ``stack`` and ``numbers``) defaults to ``""`` (strings) or ``-1`` (Repello's ``stack``),
  meaning the rules' default; any other ``-1`` is refused (``NotationError``, a
  ``ValueError``). The game string
  shows every parameter in effect (``boardgames_repello(numbers=...,players=2,stack=15)``);
- its ``GameType``: sequential, perfect information, terminal rewards, explicit stochastic
  chance for Arandia and deterministic otherwise, zero-sum with two players (returns: +1 win,
  -1 loss, 0 draw, a shared win split) and general-sum with more, the registry's min and max
  players;
- its ``GameInfo`` from the engine (``boardgame info``): the fixed action space, the chance
  outcomes, utilities in ``[-1, 1]``, and the bound on the game's length (for games whose
  rules give none, the learner defaults' cap);
- observations through ``make_py_observer``, written by the engine straight into the
  observer's tensor; action strings are the game's notation;
- states serialise through our ``State``'s pickle: the game, parameters, start position and
  the ids played (``pyspiel.serialize_game_and_state`` round-trips), and ``_to_struct`` gives
  the position notation (``new_initial_state({"position": ...})`` reads it back).

:class:`Bot` wraps any agent SPEC as a ``pyspiel.Bot`` so OpenSpiel's tools (``evaluate_bots``,
arenas) can pit it against theirs.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
import pyspiel

import boardgames

__all__ = ["register", "registered_name", "to_params", "Bot", "IllegalActionError", "OpenSpielGame", "OpenSpielState"]

_PREFIX = "boardgames_"
_REGISTERED: Dict[str, Any] = {}


def registered_name(name: str) -> str:
    """The OpenSpiel short name of one of our games: ``boardgames_<name>``."""
    return _PREFIX + name


def _is_int_param(p: Dict[str, Any]) -> bool:
    if p["kind"] == "int":
        return True
    return p["kind"] == "choice" and all(c.lstrip("-").isdigit() for c in p["choices"])


def _marker(p: Dict[str, Any]) -> Any:
    """The value meaning "the rules' default" of a key whose default follows from other keys
    (``-1`` or ``""``), else ``None``."""
    if p["default_rule"] is None and p["kind"] != "text":
        return None
    return -1 if _is_int_param(p) else ""


def _param_spec(name: str) -> Dict[str, Any]:
    """The OpenSpiel parameter specification of a game: key -> default value (the learner
    defaults, or the marker of a key whose default follows from other keys)."""
    in_effect = boardgames.learner_defaults(name)["in_effect"]
    spec: Dict[str, Any] = {}
    for p in boardgames.game_info(name)["params"]:
        marker = _marker(p)
        if marker is not None:
            spec[p["key"]] = marker
        elif _is_int_param(p):
            spec[p["key"]] = int(in_effect[p["key"]])
        else:
            spec[p["key"]] = in_effect[p["key"]]
    return spec


def to_params(name: str, params: Optional[Dict[str, Any]] = None) -> str:
    """Our parameter text (``players=3,first=w``) for OpenSpiel parameters of game ``name``,
    with the learner defaults (:func:`boardgames.learner_defaults`) for the keys not given.

    A key whose default follows from other keys is left out when it has its marker (``-1`` or
    ``""``); ``-1`` (or any negative number) for any other integer key is refused
    (``boardgames.NotationError``, a ``ValueError``). Unknown keys raise
    ``boardgames.NotationError``, values the game refuses too.
    """
    infos = {p["key"]: p for p in boardgames.game_info(name)["params"]}
    pairs = []
    for key, value in (params or {}).items():
        if key not in infos:
            raise boardgames.NotationError(
                f"unknown parameter `{key}` of boardgames_{name} (known: {', '.join(infos) or 'none'})"
            )
        marker = _marker(infos[key])
        if marker is not None and value == marker and type(value) is type(marker):
            continue
        if isinstance(value, bool) or (isinstance(value, int) and value < 0):
            raise boardgames.NotationError(f"parameter `{key}` of boardgames_{name} cannot be {value!r}")
        pairs.append(f"{key}={value}")
    return boardgames.learner_defaults(name, ",".join(pairs))["params"]


def _in_effect(name: str, text: str) -> Dict[str, Any]:
    """Every parameter in effect for our parameter text, typed as the specification; a text
    key at its rules' default that is a run of digits (Repello's ``numbers``) is left out:
    OpenSpiel would read it back as an integer."""
    in_effect = boardgames.learner_defaults(name, text)["in_effect"]
    out: Dict[str, Any] = {}
    for p in boardgames.game_info(name)["params"]:
        value = in_effect[p["key"]]
        if _is_int_param(p):
            out[p["key"]] = int(value)
        elif not (value.isdigit() and value == p["default"]):
            out[p["key"]] = value
    return out


def _game_type(name: str, info: Dict[str, Any], players: Optional[int] = None) -> "pyspiel.GameType":
    lo, hi = info["min_players"], info["max_players"]
    if players is None:
        zero_sum = hi == 2
    else:
        zero_sum = players == 2
    return pyspiel.GameType(
        short_name=registered_name(name),
        long_name=f"{info['title']} (boardgames)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info["has_chance"]
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_param_spec(name),
    )


class IllegalActionError(boardgames.IllegalAction, pyspiel.SpielError):
    """An illegal action applied to a registered game's state: both our
    ``boardgames.IllegalAction`` and ``pyspiel.SpielError``, what OpenSpiel's C++ games raise,
    so that tools written for those (RLlib's ``OpenSpielEnv``) catch it. Nothing changed."""


class OpenSpielGame(pyspiel.Game):
    """One of our games as a ``pyspiel.Game`` (made by ``pyspiel.load_game``)."""

    NAME = ""  # set by register() on one subclass per game

    def __init__(self, params: Optional[Dict[str, Any]] = None):
        text = to_params(self.NAME, dict(params or {}))
        self.bg_game = boardgames.Game(self.NAME, text)
        info = boardgames.game_info(self.NAME)
        players = self.bg_game.num_players
        length = self.bg_game.max_game_length
        if length is None:
            length = boardgames.learner_defaults(self.NAME, text)["max_actions"]
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.bg_game.num_distinct_actions,
            max_chance_outcomes=self.bg_game.max_chance_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=int(length),
        )
        # The parameters in effect, so that the game string shows what is played.
        super().__init__(_game_type(self.NAME, info, players), game_info, _in_effect(self.NAME, text))

    def new_initial_state(self, state: Any = None) -> "OpenSpielState":
        """The start, or the position of ``state`` (a dict with ``position``, as ``_to_struct``
        gives it, or a ``boardgames.State`` of this game)."""
        if state is None:
            return OpenSpielState(self, self.bg_game.new_state())
        if isinstance(state, boardgames.State):
            return OpenSpielState(self, state.clone())
        if not isinstance(state, dict):
            state = state.to_dict()
        return OpenSpielState(self, self.bg_game.state(state["position"]))

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of ``pyspiel``'s observation API (perfect information: the board)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self.bg_game, params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class OpenSpielState(pyspiel.State):
    """A state of one of our games as a ``pyspiel.State``; ``bg_state`` is our
    ``boardgames.State`` (OpenSpiel's clone deep-copies it, its serialisation pickles it)."""

    def __init__(self, game: OpenSpielGame, bg_state: "boardgames.State"):
        super().__init__(game)
        self.bg_state = bg_state

    def current_player(self) -> int:
        s = self.bg_state
        if s.is_over():
            return pyspiel.PlayerId.TERMINAL
        if s.is_chance():
            return pyspiel.PlayerId.CHANCE
        return s.current_seat()

    def _legal_actions(self, player: int):
        return sorted(self.bg_state.legal_ids())

    def chance_outcomes(self):
        return sorted(self.bg_state.chance_ids())

    def _apply_action(self, action: int) -> None:
        try:
            self.bg_state.play(int(action))
        except boardgames.IllegalAction as e:
            raise IllegalActionError(str(e)) from None

    def _action_to_string(self, player: int, action: int) -> str:
        s = self.bg_state
        if (player == pyspiel.PlayerId.CHANCE) != s.is_chance():
            # An id of the other space than the one this state reads (OpenSpiel may ask for
            # the string of an action of another node kind): say what it is.
            kind = "chance outcome" if player == pyspiel.PlayerId.CHANCE else "action"
            return f"{kind} #{action}"
        return s.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.bg_state.is_over()

    def returns(self):
        return self.bg_state.returns()

    def __str__(self) -> str:
        return str(self.bg_state)

    def _to_struct(self):
        return {"game": self.bg_state.name, "position": self.bg_state.position()}

    def _to_observation_struct(self, player):
        return self._to_struct()


class _Observer:
    """The PyObserver of a game: ``tensor`` (flat ``float32``) and ``dict["observation"]`` (the
    same memory shaped as ``Game.observation_shape``), filled in place by the engine."""

    def __init__(self, bg_game: "boardgames.Game", params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        shape = bg_game.observation_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        state.bg_state.observation(player, out=self.dict["observation"])

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return str(state.bg_state)


def register() -> None:
    """Registers every game with ``pyspiel`` as ``boardgames_<name>`` (importing the module
    already did; again: a no-op)."""
    known = set(pyspiel.registered_names())
    for name in boardgames.games():
        if name in _REGISTERED or registered_name(name) in known:
            continue
        info = boardgames.game_info(name)
        cls = type(f"OpenSpielGame_{name}", (OpenSpielGame,), {"NAME": name, "__module__": __name__})
        pyspiel.register_game(_game_type(name, info), cls)
        _REGISTERED[name] = cls


def _playing_returns(spec: str) -> str:
    """``spec`` with ``shared=split`` for a searching agent that does not say ``shared=``."""
    name, _, options = spec.partition(":")
    if name.strip() not in ("mcts", "alphabeta"):
        return spec
    keys = [o.split("=", 1)[0].strip() for o in options.split(",") if o.strip()]
    if "shared" in keys:
        return spec
    if options.strip():
        return f"{spec},shared=split"
    return f"{name}:shared=split"


class Bot(pyspiel.Bot):
    """Any of our agents as a ``pyspiel.Bot``: ``Bot(game, player_id, "mcts:iterations=1000",
    seed=0)`` for a game loaded with ``pyspiel.load_game("boardgames_...")``.

    ``step`` searches with the interpreter released and returns the action id (the agent is
    told its own action too); ``inform_action`` tells it the others' actions and chance
    outcomes (so ``mcts`` keeps its tree); ``restart_at`` follows another state.

    The registered games' returns split a shared win (a two-seat tie at the top is a draw), so
    a searching agent (``mcts``, ``alphabeta``) whose SPEC does not say ``shared=`` is given
    ``shared=split`` and plays for those returns; ``spec`` tells the SPEC in use.

    >>> import pyspiel, boardgames.openspiel as bo
    >>> bo.register()
    >>> bo.Bot(pyspiel.load_game("boardgames_repello"), 0, "mcts:iterations=10").spec
    'mcts:iterations=10,shared=split'
    >>> bo.Bot(pyspiel.load_game("boardgames_repello"), 0, "mcts:shared=win").spec
    'mcts:shared=win'
    """

    def __init__(self, game: OpenSpielGame, player_id: int, spec: str, seed: int = 0):
        pyspiel.Bot.__init__(self)
        if not isinstance(game, OpenSpielGame):
            raise boardgames.IllegalAction(
                f"boardgames.openspiel.Bot plays games registered by boardgames.openspiel, not {game}"
            )
        self._game = game
        self._player_id = player_id
        self._spec = _playing_returns(spec)
        self._seed = seed
        self._agent = boardgames.Agent(self._spec, game.bg_game, seed)

    @property
    def spec(self) -> str:
        """The agent's SPEC as played (with ``shared=split`` added where it was not given)."""
        return self._spec

    def __repr__(self) -> str:
        return f"boardgames.openspiel.Bot({self._spec!r}, player_id={self._player_id}, seed={self._seed})"

    def player_id(self) -> int:
        return self._player_id

    def provides_policy(self) -> bool:
        return False

    def is_clone_implemented(self) -> bool:
        return False

    def restart(self) -> None:
        self._agent.restart()

    def restart_at(self, state: OpenSpielState) -> None:
        self._agent.restart(state.bg_state)

    def inform_action(self, state: OpenSpielState, player_id: int, action: int) -> None:
        if self._agent.position() != state.bg_state.position():
            self._agent.restart(state.bg_state)
        self._agent.inform(int(action))

    def step(self, state: OpenSpielState) -> int:
        s = state.bg_state
        text = self._agent.choose(s)
        action = s.action_id(text)
        self._agent.inform(text)
        return action


register()
