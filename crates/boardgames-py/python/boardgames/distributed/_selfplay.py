"""Self-play on the cluster: games of one agent against itself played by the match runner
(``boardgames::arena::selfplay``) as tasks, written as ``.npz`` shards of training samples,
resumable by shard."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Optional

import numpy as np

import boardgames
from .. import _boardgames
from ._cluster import _ensure_ray, ray

#: The file name of self-play shard ``k`` in its output directory.
SHARD_PATTERN = "shard-{:05d}.npz"

#: The file that records a self-play run's arguments in its output directory.
SELFPLAY_META = "selfplay.json"

#: The version of the shards' contents, kept in ``selfplay.json``: 2 since self-play games
#: are the match runner's (its seeds and dice), 1 before.
FORMAT = 2


@ray.remote
def _selfplay_shard(name, params, agent_spec, seed, max_actions, position, start, stop, path):
    """Plays games ``start..stop`` and writes their samples to ``path`` (through a temporary
    file renamed into place, so a shard that exists is whole). The samples written."""
    arrays = _boardgames.selfplay_games(
        name, params, agent_spec, seed=seed, start=start, stop=stop, max_actions=max_actions,
        position=position,
    )
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        np.savez_compressed(f, **arrays)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return len(arrays["seat"])


def _check_meta(out_dir: str, meta: Dict[str, Any]) -> None:
    """Writes the run's arguments to ``out_dir``, or checks them against those found there
    (``ValueError`` for another run's)."""
    os.makedirs(out_dir, exist_ok=True)
    meta_path = os.path.join(out_dir, SELFPLAY_META)
    if os.path.exists(meta_path):
        with open(meta_path) as f:
            old = json.load(f)
        if old != meta:
            raise ValueError(
                f"{out_dir} holds the shards of another run ({old}); use another directory"
            )
    else:
        tmp = meta_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(meta, f, indent=1)
        os.replace(tmp, meta_path)


def selfplay(
    game: str,
    params: str = "",
    agent: str = "mcts",
    games: int = 100,
    out_dir: str = "selfplay",
    seed: int = 0,
    shard_size: int = 16,
    max_actions: Optional[int] = None,
    position: Optional[str] = None,
) -> Dict[str, Any]:
    """Plays ``games`` games with ``agent`` (a SPEC, in every seat) and writes training data
    to ``out_dir``: one ``.npz`` shard per task (:data:`SHARD_PATTERN`), shard ``k`` holding
    games ``k * shard_size`` up to the next shard's first, one sample per decision of a seat:

    - ``observation``: float32 ``[n, *Game.observation_shape]``, seen from the acting seat;
    - ``legal_mask``: uint8 ``[n, Game.num_distinct_actions]``, 1 at the legal action ids;
    - ``policy``: float32 ``[n, Game.num_distinct_actions]``, the search's visit distribution
      over the action ids (``Agent.analysis()``; one-hot on the chosen action for an agent
      that reports no visits, such as ``random``);
    - ``returns``: float32 ``[n, seats]``, the game's final returns (``State.returns()``, all 0
      for a game stopped at ``max_actions``);
    - ``seat``: the acting seat's number; ``action``: the chosen id; ``game``: the game's
      number; ``finished``: whether the game ended by the rules.

    The games are the match runner's: self-play game ``g`` is game ``g`` of
    ``boardgame match GAME --params P [--position POS] --agent SPEC --seed S`` (every seat's
    agent seeded from ``seed``, ``g`` and the seat, the dice from ``seed`` and ``g``; the
    game's default turn limit and cap unless ``params`` / ``max_actions`` set them), so any
    game of a run is replayed by the command: its record is the last line of the file
    ``boardgame match GAME --params P [--position POS] --agent SPEC --seed S --games g+1
    [--max-actions M] --record FILE`` writes.

    Resumable by shard: a shard already in ``out_dir`` is whole (each is written to a
    temporary name and renamed) and is not played again, so after a kill the same call plays
    only the missing shards. ``out_dir`` keeps the run's arguments in ``selfplay.json``;
    resuming with other arguments raises ``ValueError``. On a cluster of several machines
    ``out_dir`` must be a directory every node sees (a shared file system).

    The same arguments give the same shards (for agents without a wall-clock budget).
    Returns ``{"shards": [paths, in order], "written": k, "skipped": k, "samples": samples
    written now}``.
    """
    g = boardgames.Game(game, params)
    if games < 0 or shard_size < 1:
        raise ValueError(f"games={games}, shard_size={shard_size}: need games >= 0 and shards >= 1")
    # Checks the position and the SPEC, and gives the match's defaults.
    _boardgames.selfplay_games(g.name, g.params, agent, seed=seed, start=0, stop=0,
                               max_actions=max_actions, position=position)
    if max_actions is None:
        max_actions = boardgames.match_defaults(g.name, g.params, position)["max_actions"]
    meta = {
        "game": g.name,
        "params": g.params,
        "agent": agent,
        "games": games,
        "seed": seed,
        "shard_size": shard_size,
        "max_actions": max_actions,
        "position": position,
        "format": FORMAT,
    }
    _check_meta(out_dir, meta)
    shards, refs, skipped = [], [], 0
    for k, start in enumerate(range(0, games, shard_size)):
        path = os.path.join(out_dir, SHARD_PATTERN.format(k))
        shards.append(path)
        if os.path.exists(path):
            skipped += 1
            continue
        _ensure_ray()
        stop = min(games, start + shard_size)
        refs.append(
            _selfplay_shard.remote(g.name, g.params, agent, seed, max_actions, position, start,
                                   stop, os.path.abspath(path))
        )
    samples = sum(ray.get(refs)) if refs else 0
    return {"shards": shards, "written": len(refs), "skipped": skipped, "samples": samples}


__all__ = ["selfplay", "SHARD_PATTERN", "SELFPLAY_META"]
