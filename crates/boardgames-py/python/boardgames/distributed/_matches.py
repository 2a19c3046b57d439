"""A match on the cluster: its games played as tasks, their tallies merged by the match
runner's own :class:`boardgames.Tally`."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from .. import _boardgames
from ._cluster import _batches, _ensure_ray, ray


@ray.remote
def _match_games(game, params, agents, seed, max_actions, position, start, stop):
    """Plays games ``start..stop`` of the match: their :class:`boardgames.Tally`."""
    return _boardgames.match_tally(
        game, params, agents, seed=seed, start=start, stop=stop, max_actions=max_actions,
        position=position,
    )


def match(
    game: str,
    params: str = "",
    agents: Sequence[str] = (),
    games: int = 100,
    seed: int = 0,
    max_actions: Optional[int] = None,
    position: Optional[str] = None,
    batch: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """Plays a match as Ray tasks: what :func:`boardgames.match` returns for the same
    arguments, and ``boardgame match GAME --params P --agent A... --games N --seed S``'s last
    lines: one dict per agent in the order given, ``agent`` (its SPEC), ``wins``, ``draws``,
    ``losses`` (per seat played), ``shared`` (wins shared with other seats) and
    ``unfinished`` (seats of games stopped at the cap).

    Game ``g`` gives seat ``i`` agent ``(i + g) mod k``; each task plays ``batch``
    consecutive games (by default about four tasks per CPU of the cluster, at most 64 games
    each) and returns their :class:`boardgames.Tally`, merged here with ``Tally.merge``. Bad
    arguments raise :class:`boardgames.NotationError` here, before any task.
    """
    agents = [str(a) for a in agents]
    if games < 0:
        raise ValueError(f"games={games}: a match plays no fewer than 0 games")
    # Checks every argument (and gives the empty tally) without playing a game.
    total = _boardgames.match_tally(
        game, params, agents, seed=seed, start=0, stop=0, max_actions=max_actions,
        position=position,
    )
    _ensure_ray()
    refs = [
        _match_games.remote(game, params, agents, seed, max_actions, position, start, stop)
        for start, stop in _batches(games, batch)
    ]
    for part in ray.get(refs):
        total.merge(part)
    return total.results()


__all__ = ["match"]
