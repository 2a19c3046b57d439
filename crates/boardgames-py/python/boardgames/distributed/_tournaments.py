"""A round robin on the cluster: its games played as tasks, the ratings table fitted by the
``boardgame tournament`` command's own code."""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

from .. import _boardgames
from ._cluster import _batches, _ensure_ray, ray

@ray.remote
def _tournament_games(game, params, agents, games, seed, max_actions, position, start, stop):
    """Plays games ``start..stop`` of the round robin: ``(number, record JSON)`` each."""
    out = []
    for number in range(start, stop):
        played = _boardgames.tournament_game(
            game,
            params,
            agents,
            games=games,
            seed=seed,
            number=number,
            max_actions=max_actions,
            position=position,
        )
        out.append((played["index"], played["record"]))
    return out


def tournament(
    game: str,
    params: str = "",
    agents: Sequence[str] = (),
    games: int = 100,
    seed: int = 0,
    max_actions: Optional[int] = None,
    position: Optional[str] = None,
    batch: Optional[int] = None,
) -> Dict[str, Any]:
    """Plays the round robin of ``boardgame tournament GAME --params P --agent A...
    --games N --seed S`` as Ray tasks (``games`` per pair of agents, seats rotated as the
    command rotates them) and returns its ratings table, fitted by the command's code (a
    Bradley-Terry fit, Elo points with 95% intervals):

    ``rows``: one dict per agent, best first: ``rank``, ``agent`` (its index in ``agents``),
    ``spec``, ``elo``, ``low``, ``high``, ``games``, ``score`` and ``line``, the command's
    line ``RANK SPEC elo=E low=L high=H games=G score=S``; ``virtual_draws`` (one virtual draw
    was added between every pair to keep the ratings finite), ``unfinished`` (games stopped
    at the cap, not counted) and ``games`` (the games played).
    """
    agents = [str(a) for a in agents]
    if games < 0:
        raise ValueError(f"games={games}: a tournament plays no fewer than 0 games per pair")
    # Checks every argument before any task.
    _boardgames.tournament_table(
        game, params, agents, games=games, seed=seed, max_actions=max_actions,
        position=position, records=[],
    )
    pairs = len(agents) * (len(agents) - 1) // 2
    _ensure_ray()
    refs = [
        _tournament_games.remote(
            game, params, agents, games, seed, max_actions, position, start, stop
        )
        for start, stop in _batches(pairs * games, batch)
    ]
    records = [r for part in ray.get(refs) for r in part]
    return _boardgames.tournament_table(
        game, params, agents, games=games, seed=seed, max_actions=max_actions,
        position=position, records=records,
    )


__all__ = ["tournament"]
