"""Matches, tournaments, self-play and the Slime Trail solver on a Ray cluster.

Install with the extra: ``pip install "boardgames[ray]"``. Every function here fans its work out
as Ray tasks on the cluster the process is connected to (``ray.init(address="auto")`` for a
running cluster, ``ray.init(num_cpus=2)`` for a local one; when Ray is not initialised the
first call runs ``ray.init()``, which starts a local cluster of this machine's cores). See
``docs/distributed.md`` for starting a cluster and the measured speed-ups.

- :func:`match` plays the games of a match as tasks (several games per task) and returns what
  :func:`boardgames.match` and ``boardgame match`` return for the same arguments: a game's
  result depends only on the game, its parameters, the agents, the seed and the game's number
  (``boardgames::arena``), never on the machine that played it, and the tasks' tallies merge
  (:class:`boardgames.Tally`) into the match's.
- :func:`tournament` plays the round robin of ``boardgame tournament`` as tasks and fits the
  ratings table with the command's own code: the same table.
- :func:`selfplay` writes training data, one ``.npz`` shard per task, resumable by shard; its
  games are the match runner's, so ``boardgame match`` replays any of them.
- :func:`solve` splits a Slime Trail tree at a frontier, solves the subtrees as tasks with the
  Rust solver, combines them by minimax, cancels the tasks a decided node no longer needs and
  keeps every solved subtree in a results file, so that a killed run resumes.

Agents with a wall-clock budget (``mcts:time=50ms``) search as far as the machine lets them:
their games depend on the machine and its load, here as in ``boardgame match``. Iteration and
node budgets do not.

One module per job: ``_matches``, ``_tournaments``, ``_selfplay``, ``_solve``, over what they
share of the cluster (``_cluster``).
"""

from __future__ import annotations

from ._cluster import ray  # noqa: F401  (fails early, with the install line, without Ray)
from ._matches import match
from ._selfplay import SHARD_PATTERN, selfplay
from ._solve import SLICE_POSITIONS, solve
from ._tournaments import tournament

__all__ = ["match", "tournament", "selfplay", "solve", "SHARD_PATTERN", "SLICE_POSITIONS"]
