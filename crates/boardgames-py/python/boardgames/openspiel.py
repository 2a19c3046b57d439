"""The five games registered with OpenSpiel (``pyspiel``), and our agents as ``pyspiel.Bot``\\ s.

>>> import pyspiel, boardgames.openspiel
>>> boardgames.openspiel.register()
>>> game = pyspiel.load_game("boardgames_splut", {"players": 3})
>>> game.num_players()
3

Every game is registered as ``boardgames_<name>``:

- its parameters are OpenSpiel parameters: integer keys (``players``, ``size``,
  ``turn_limit``, ...) as ints, the others as strings. A key whose default follows from other
  keys (Splut!'s ``seats`` and ``first``, Repello's ``stack``) defaults to ``""`` (strings) or
  ``-1`` (ints), meaning the game's own default; Arandia's ``turn_limit`` defaults to ``-1``,
  the match runner's turn limit for the number of players, so that every game ends (0 plays
  without a limit);
- its ``GameType``: sequential, perfect information, terminal rewards, explicit stochastic
  chance for Arandia and deterministic otherwise, zero-sum with two players (returns: +1 win,
  -1 loss, 0 draw, a shared win split) and general-sum with more, the registry's min and max
  players;
- its ``GameInfo`` from the engine (``boardgame info``): the fixed action space, the chance
  outcomes, utilities in ``[-1, 1]``, and the bound on the game's length (for games whose
  rules give none, the match runner's cap);
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

__all__ = ["register", "registered_name", "to_params", "Bot", "OpenSpielGame", "OpenSpielState"]

_PREFIX = "boardgames_"
_REGISTERED: Dict[str, Any] = {}

# Keys whose default in OpenSpiel is "the match runner's": every game then ends.
_ARENA_DEFAULTS = {("arandia", "turn_limit")}


def registered_name(name: str) -> str:
    """The OpenSpiel short name of one of our games: ``boardgames_<name>``."""
    return _PREFIX + name


def _is_int_param(p: Dict[str, Any]) -> bool:
    if p["kind"] == "int":
        return True
    return p["kind"] == "choice" and all(c.lstrip("-").isdigit() for c in p["choices"])


def _param_spec(name: str) -> Dict[str, Any]:
    """The OpenSpiel parameter specification of a game: key -> default value."""
    spec: Dict[str, Any] = {}
    for p in boardgames.game_info(name)["params"]:
        if _is_int_param(p):
            if p["default_rule"] is not None or (name, p["key"]) in _ARENA_DEFAULTS:
                spec[p["key"]] = -1
            else:
                spec[p["key"]] = int(p["default"])
        else:
            spec[p["key"]] = "" if p["default_rule"] is not None or p["kind"] == "text" else p["default"]
    return spec


def to_params(name: str, params: Optional[Dict[str, Any]] = None) -> str:
    """Our parameter text (``players=3,first=w``) for OpenSpiel parameters of game ``name``.

    Values equal to the "game's default" markers (``-1`` for ints, ``""`` for strings) are left
    out; Arandia's ``turn_limit`` of ``-1`` becomes the match runner's default turn limit.
    Unknown keys raise ``boardgames.NotationError``.
    """
    spec = _param_spec(name)
    pairs = []
    for key, value in (params or {}).items():
        if key not in spec:
            raise boardgames.NotationError(
                f"unknown parameter `{key}` of boardgames_{name} (known: {', '.join(spec) or 'none'})"
            )
        if (isinstance(value, int) and value == -1) or value == "":
            continue
        pairs.append(f"{key}={value}")
    text = ",".join(pairs)
    if any(n == name for (n, _) in _ARENA_DEFAULTS):
        text = boardgames.match_defaults(name, text)["params"]
    return text


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


class OpenSpielGame(pyspiel.Game):
    """One of our games as a ``pyspiel.Game`` (made by ``pyspiel.load_game``)."""

    NAME = ""  # set by register() on one subclass per game

    def __init__(self, params: Optional[Dict[str, Any]] = None):
        params = dict(params or {})
        self.bg_game = boardgames.Game(self.NAME, to_params(self.NAME, params))
        info = boardgames.game_info(self.NAME)
        players = self.bg_game.num_players
        length = self.bg_game.max_game_length
        if length is None:
            length = boardgames.match_defaults(self.NAME, self.bg_game.params)["max_actions"]
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.bg_game.num_distinct_actions,
            max_chance_outcomes=self.bg_game.max_chance_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=int(length),
        )
        super().__init__(_game_type(self.NAME, info, players), game_info, params)

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
        self.bg_state.play(int(action))

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
    """Registers every game with ``pyspiel`` as ``boardgames_<name>`` (again: a no-op)."""
    for name in boardgames.games():
        if name in _REGISTERED:
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
