"""Five board games from Rust engines, for game-AI and reinforcement-learning research.

Slime Trail, Splut!, Battle of the Elements, Repello and Arandian checkers, with their agents
(random, MCTS, alpha-beta, the Slime Trail solver) and the match runner of the ``boardgame``
command; registered with OpenSpiel (:mod:`boardgames.openspiel`) and wrapped for PettingZoo
(:mod:`boardgames.pettingzoo`).

>>> import boardgames
>>> game = boardgames.Game("slimetrail", "size=5")
>>> state = game.new_state()
>>> state.legal_actions()[:3]
['b2', 'c2', 'd2']
>>> state.play("c2"); state.current_seat()
1

Bad input raises :class:`NotationError` (text that does not read) or :class:`IllegalAction`
(a request the game refuses), both ``ValueError`` subclasses with the engine's message.
"""

from ._boardgames import (
    Agent,
    Game,
    IllegalAction,
    NotationError,
    State,
    VectorGame,
    Tally,
    __version__,
    game_info,
    games,
    learner_defaults,
    match_defaults,
    play_game,
    solve,
)
from ._boardgames import match  # noqa: E402  (a soft keyword, a fine name)

__all__ = [
    "Agent",
    "Game",
    "IllegalAction",
    "NotationError",
    "State",
    "VectorGame",
    "Tally",
    "__version__",
    "game_info",
    "games",
    "learner_defaults",
    "match",
    "match_defaults",
    "play_game",
    "solve",
]
