"""Matches, tournaments, self-play and the Slime Trail solver on a Ray cluster.

Install with the extra: ``pip install "boardgames[ray]"``. Every function here fans its work out
as Ray tasks on the cluster the process is connected to (``ray.init(address="auto")`` for a
running cluster, ``ray.init(num_cpus=2)`` for a local one; when Ray is not initialised the
first call runs ``ray.init()``, which starts a local cluster of this machine's cores). See
``docs/distributed.md`` for starting a cluster and the measured speed-ups.

- :func:`match` plays the games of a match as tasks (several games per task) and returns what
  :func:`boardgames.match` and ``boardgame match`` return for the same arguments: a game's
  result depends only on the game, its parameters, the agents, the seed and the game's number
  (``boardgames::arena``), never on the machine that played it, and tallies add up.
- :func:`tournament` plays the round robin of ``boardgame tournament`` as tasks and fits the
  ratings table with the command's own code: the same table.
- :func:`selfplay` writes training data, one ``.npz`` shard per task, resumable by shard.
- :func:`solve` splits a Slime Trail tree at a frontier, solves the subtrees as tasks with the
  Rust solver, combines them by minimax, cancels the tasks a decided node no longer needs and
  keeps every solved subtree in a results file, so that a killed run resumes.

Agents with a wall-clock budget (``mcts:time=50ms``) search as far as the machine lets them:
their games depend on the machine and its load, here as in ``boardgame match``. Iteration and
node budgets do not.
"""

from __future__ import annotations

import json
import math
import os
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

try:
    import ray
except ImportError as e:  # pragma: no cover - exercised only without ray
    raise ImportError(
        "boardgames.distributed needs Ray: pip install 'boardgames[ray]'"
    ) from e

import numpy as np

import boardgames
from . import _boardgames

__all__ = ["match", "tournament", "selfplay", "solve", "SHARD_PATTERN"]

#: The file name of self-play shard ``k`` in its output directory.
SHARD_PATTERN = "shard-{:05d}.npz"

#: The file that records a self-play run's arguments in its output directory.
SELFPLAY_META = "selfplay.json"


def _ensure_ray() -> None:
    if not ray.is_initialized():
        ray.init()


def _cluster_cpus() -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _batches(count: int, batch: Optional[int]) -> List[Tuple[int, int]]:
    """``range(count)`` cut into consecutive ``(start, stop)`` slices of ``batch`` numbers
    (by default about four slices per CPU of the cluster, so that a slow slice does not leave
    the others idle, and no more than 64 numbers in one)."""
    if count <= 0:
        return []
    if batch is None:
        batch = max(1, min(64, math.ceil(count / (4 * _cluster_cpus()))))
    if batch < 1:
        raise ValueError(f"batch={batch}: a task plays at least one game")
    return [(s, min(count, s + batch)) for s in range(0, count, batch)]


# --------------------------------------------------------------------------------------------
# match

_TALLY_KEYS = ("wins", "draws", "losses", "shared", "unfinished")


@ray.remote
def _match_games(game, params, agents, seed, max_actions, position, start, stop):
    """Plays games ``start..stop`` of the match; their tally, per agent."""
    totals = [dict.fromkeys(_TALLY_KEYS, 0) for _ in agents]
    for number in range(start, stop):
        record = boardgames.play_game(
            game,
            params,
            agents,
            seed=seed,
            number=number,
            max_actions=max_actions,
            position=position,
        )
        for total, counts in zip(totals, record["tally"]):
            for key in _TALLY_KEYS:
                total[key] += counts[key]
    return totals


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
    each). Bad arguments raise :class:`boardgames.NotationError` here, before any task.
    """
    agents = [str(a) for a in agents]
    # Checks every argument (and gives the zero tally) without playing a game.
    totals = boardgames.match(
        game, params, agents, games=0, seed=seed, max_actions=max_actions, position=position
    )
    if games < 0:
        raise ValueError(f"games={games}: a match plays no fewer than 0 games")
    _ensure_ray()
    refs = [
        _match_games.remote(game, params, agents, seed, max_actions, position, start, stop)
        for start, stop in _batches(games, batch)
    ]
    for part in ray.get(refs):
        for total, counts in zip(totals, part):
            for key in _TALLY_KEYS:
                total[key] += counts[key]
    return totals


# --------------------------------------------------------------------------------------------
# tournament


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


# --------------------------------------------------------------------------------------------
# selfplay


def _seed(*parts: int) -> int:
    """A 63-bit seed from integers (NumPy's SeedSequence: independent for different parts)."""
    return int(np.random.SeedSequence(list(parts)).generate_state(1, np.uint64)[0] >> 1)


def _policy(state, analysis, chosen: int, size: int) -> np.ndarray:
    """The visit distribution of the search over the action ids (one-hot on the chosen
    action for an agent that reports no visits)."""
    policy = np.zeros(size, dtype=np.float32)
    rows = (analysis or {}).get("actions") or []
    visits = [(state.action_id(r["action"]), r["visits"]) for r in rows if r["visits"] > 0]
    total = sum(v for _, v in visits)
    if total > 0:
        for i, v in visits:
            policy[i] = v / total
    else:
        policy[chosen] = 1.0
    return policy


def _selfplay_game(game, agent_spec, seed, number, max_actions, position):
    """One self-play game: its samples (one per seat's decision) as lists."""
    state = game.state(position) if position is not None else game.new_state()
    seats = game.num_players
    agents = [
        boardgames.Agent(agent_spec, game, seed=_seed(seed, number, seat)) for seat in range(seats)
    ]
    if position is not None:
        for a in agents:
            a.restart(state)
    dice = np.random.default_rng(_seed(seed, number, 1_000_003))
    size = game.num_distinct_actions
    obs, masks, policies, seat_of, actions = [], [], [], [], []
    played = 0
    while not state.is_over() and played < max_actions:
        if state.is_chance():
            outcomes = state.chance_ids()
            ids = [i for i, _ in outcomes]
            p = np.array([q for _, q in outcomes], dtype=np.float64)
            action = int(dice.choice(ids, p=p / p.sum()))
        else:
            seat = state.current_seat()
            text = agents[seat].choose(state)
            action = state.action_id(text)
            obs.append(state.observation(seat))
            masks.append(state.legal_mask().astype(np.uint8))
            policies.append(_policy(state, agents[seat].analysis(), action, size))
            seat_of.append(seat)
            actions.append(action)
        for a in agents:
            a.inform(action)
        state.play(action)
        played += 1
    returns = np.asarray(state.returns(), dtype=np.float32)
    return obs, masks, policies, seat_of, actions, returns, state.is_over()


@ray.remote
def _selfplay_shard(name, params, agent_spec, seed, max_actions, position, start, stop, path):
    """Plays games ``start..stop`` and writes their samples to ``path`` (through a temporary
    file renamed into place, so a shard that exists is whole). The samples written."""
    game = boardgames.Game(name, params)
    cols: Dict[str, list] = {k: [] for k in
                             ("observation", "legal_mask", "policy", "seat", "action", "returns",
                              "game", "finished")}
    for number in range(start, stop):
        obs, masks, policies, seat_of, actions, returns, over = _selfplay_game(
            game, agent_spec, seed, number, max_actions, position
        )
        cols["observation"] += obs
        cols["legal_mask"] += masks
        cols["policy"] += policies
        cols["seat"] += seat_of
        cols["action"] += actions
        cols["returns"] += [returns] * len(obs)
        cols["game"] += [number] * len(obs)
        cols["finished"] += [over] * len(obs)
    n = len(cols["seat"])
    shape = tuple(game.observation_shape)
    arrays = {
        "observation": np.asarray(cols["observation"], dtype=np.float32).reshape((n,) + shape),
        "legal_mask": np.asarray(cols["legal_mask"], dtype=np.uint8).reshape(
            n, game.num_distinct_actions),
        "policy": np.asarray(cols["policy"], dtype=np.float32).reshape(
            n, game.num_distinct_actions),
        "returns": np.asarray(cols["returns"], dtype=np.float32).reshape(n, game.num_players),
        "seat": np.asarray(cols["seat"], dtype=np.int16),
        "action": np.asarray(cols["action"], dtype=np.int32),
        "game": np.asarray(cols["game"], dtype=np.int64),
        "finished": np.asarray(cols["finished"], dtype=bool),
    }
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        np.savez_compressed(f, **arrays)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return n


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
    """Plays ``games`` games with ``agent`` (a SPEC; one agent per seat, each seeded from
    ``seed``, the game's number and the seat) and writes training data to ``out_dir``: one
    ``.npz`` shard per task (:data:`SHARD_PATTERN`), shard ``k`` holding games ``k *
    shard_size`` up to the next shard's first, one sample per decision of a seat (chance
    outcomes are drawn by their probabilities from a generator seeded like the agents and are
    not samples):

    - ``observation``: float32 ``[n, *Game.observation_shape]``, seen from the acting seat;
    - ``legal_mask``: uint8 ``[n, Game.num_distinct_actions]``, 1 at the legal action ids;
    - ``policy``: float32 ``[n, Game.num_distinct_actions]``, the search's visit distribution
      over the action ids (``Agent.analysis()``; one-hot on the chosen action for an agent
      that reports no visits, such as ``random``);
    - ``returns``: float32 ``[n, seats]``, the game's final returns (``State.returns()``, all 0
      for a game stopped at ``max_actions``);
    - ``seat``: the acting seat's number; ``action``: the chosen id; ``game``: the game's
      number; ``finished``: whether the game ended by the rules.

    Resumable by shard: a shard already in ``out_dir`` is whole (each is written to a
    temporary name and renamed) and is not played again, so after a kill the same call plays
    only the missing shards. ``out_dir`` keeps the run's arguments in ``selfplay.json``;
    resuming with other arguments raises ``ValueError``. On a cluster of several machines
    ``out_dir`` must be a directory every node sees (a shared file system).

    ``max_actions`` defaults to the game's bound on its length, else 2,000 (the match
    runner's cap). The same arguments give the same shards (for agents without a wall-clock
    budget). Returns ``{"shards": [paths, in order], "written": k, "skipped": k, "samples":
    samples written now}``.
    """
    g = boardgames.Game(game, params)
    if position is not None:
        g.state(position)  # checks it
    boardgames.Agent(agent, g)  # checks the SPEC
    if games < 0 or shard_size < 1:
        raise ValueError(f"games={games}, shard_size={shard_size}: need games >= 0 and shards >= 1")
    if max_actions is None:
        max_actions = g.max_game_length or 2_000
    meta = {
        "game": g.name,
        "params": g.params,
        "agent": agent,
        "games": games,
        "seed": seed,
        "shard_size": shard_size,
        "max_actions": max_actions,
        "position": position,
        "format": 1,
    }
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


# --------------------------------------------------------------------------------------------
# solve

#: Positions a subtree task searches between two chances to be cancelled.
SLICE_POSITIONS = 1 << 22

# The solver of this worker process, kept from task to task (its table's proofs help the
# next subtrees, as one table helps one solve): (params, bits) -> SubtreeSolver.
_SOLVERS: Dict[Tuple[str, Optional[int]], Any] = {}


def _solve_subtree(params, position, bits, slice_positions, reuse, budget=None):
    """The value of ``position`` for the seat to act (``None``: not found within ``budget``
    positions), with the positions searched and the seconds taken; searched in slices so that
    a cancel stops it between two."""
    key = (params, bits)
    solver = _SOLVERS.get(key) if reuse else None
    if solver is None:
        solver = _boardgames.SubtreeSolver(params, bits)
        if reuse:
            _SOLVERS.clear()
            _SOLVERS[key] = solver
    before = solver.nodes
    started = time.perf_counter()
    value = None
    while value is None:
        step = slice_positions
        if budget is not None:
            step = min(step, budget - (solver.nodes - before))
            if step <= 0:
                break
        value = solver.value_within(position, step)
    return {
        "position": position,
        "value": value,
        "nodes": solver.nodes - before,
        "seconds": time.perf_counter() - started,
    }


_solve_subtree = ray.remote(_solve_subtree)


class _Node:
    __slots__ = ("position", "mover", "children", "parents", "winner", "depth", "leaf",
                 "replies", "open")

    def __init__(self, position: str, mover: Optional[int], depth: int, replies: int):
        self.position = position
        self.mover = mover
        self.children: List["_Node"] = []
        self.parents: List["_Node"] = []
        self.winner: Optional[int] = None
        self.depth = depth
        self.leaf = False
        # The legal actions here: children with fewer come first (the solver's own move
        # ordering, roughly: leave the opponent the fewest moves).
        self.replies = replies
        # Whether a child has been decided by a search: until then only the first
        # undecided child is searched (the young brothers wait).
        self.open = False


def _read_results(path: str, params: str) -> Dict[str, str]:
    """The values kept in a results file (position -> value for the seat to act). Lines that
    do not read (a line cut short by a kill) are skipped."""
    known: Dict[str, str] = {}
    if not path or not os.path.exists(path):
        return known
    with open(path) as f:
        for line in f:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if isinstance(row, dict) and row.get("params", "") == params and \
                    row.get("value") in ("win", "loss") and isinstance(row.get("position"), str):
                known[row["position"]] = row["value"]
    return known


class _Results:
    """The results file, appended to one JSON line per solved subtree, each line flushed and
    synced before the next."""

    def __init__(self, path: Optional[str]):
        self.file = None
        if path:
            needs_newline = False
            if os.path.exists(path) and os.path.getsize(path) > 0:
                with open(path, "rb") as f:
                    f.seek(-1, os.SEEK_END)
                    needs_newline = f.read(1) != b"\n"
            self.file = open(path, "a")
            if needs_newline:
                self.file.write("\n")

    def add(self, row: Dict[str, Any]) -> None:
        if self.file is not None:
            self.file.write(json.dumps(row, sort_keys=True) + "\n")
            self.file.flush()
            os.fsync(self.file.fileno())

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def _word(win: bool) -> str:
    return "win" if win else "loss"


def solve(
    game: str = "slimetrail",
    params: str = "",
    position: Optional[str] = None,
    depth: int = 3,
    results: Optional[str] = None,
    bits: Optional[int] = None,
    window: Optional[int] = None,
    slice_positions: int = SLICE_POSITIONS,
    reuse_table: bool = True,
    cancel_after: float = 1.0,
    eldest_first: bool = True,
    moves: bool = True,
    budget: Optional[int] = None,
    split_plies: int = 2,
    stats: Optional[Dict[str, Any]] = None,
    progress: Optional[Callable[[Dict[str, Any]], None]] = None,
) -> Dict[str, Any]:
    """Solves a Slime Trail position on a Ray cluster: what :func:`boardgames.solve` and
    ``boardgame solve`` return, ``{"value": "win" | "loss", "moves": {ACTION: "win" |
    "loss"}}`` (the seat to act's result, and its result after each legal action, sorted).

    The tree is split at ``depth`` plies below the position: every position there
    (deduplicated by position: different orders of the same cells meet) is a subtree, solved
    as a task by the Rust solver (its value alone; ``bits``: log2 of the solver's table
    entries, by default as ``boardgame solve`` sizes them). The values are combined by
    minimax above the frontier; positions that end the game on the way are decided by the
    rules. Tasks are submitted in depth-first order (the moves that leave the opponent the
    fewest moves first; with ``eldest_first``, below the root a node's other moves wait until
    its first one is decided, as young brothers wait in parallel alpha-beta), at most ``window`` at once (by default
    the cluster's CPUs plus two); once a node is decided (a move into a lost position, or
    every move into won ones), the subtrees only it needed are not submitted, and those
    running are cancelled (``ray.cancel``) once they have run ``cancel_after`` seconds (a
    shorter task is left to finish: see the note in the code); a task searches
    ``slice_positions`` positions between two chances to stop, so a cancelled task ends
    within a slice and its worker goes on to the next. With ``reuse_table`` each worker keeps
    its solver's table for the next subtree.

    ``results``: a file of JSON lines, one per solved subtree (``position``, ``params``,
    ``value`` for the seat to act, ``nodes`` searched, ``seconds``), appended and synced as
    each subtree is solved; positions found there (from any earlier run, at any depth) are not
    solved again, so a killed run resumes. ``stats`` (a dict) is filled with the counts:
    ``frontier`` (subtrees at the frontier), ``cached`` (read from ``results``), ``solved``,
    ``cancelled``, ``skipped`` (never submitted: decided above), ``split`` (frontier positions
    split further, see ``budget``; ``frontier`` is the sum of the five), ``nodes`` (positions
    searched by the tasks), ``task_seconds`` (their time) and ``seconds`` (the wall time).
    ``progress`` is called with a dict per solved subtree (its results line); an exception it
    raises stops the solve (the tasks in flight are cancelled, ``stats`` is filled).

    With a ``budget`` (positions), a subtree task that has not decided its position after
    searching that many stops, and the position is split ``split_plies`` plies further, its
    new leaves queued like the others (``split`` in ``stats`` counts them): the frontier
    adapts to where the tree is big, so no single task runs for hours while the other cores
    wait.

    With ``moves=False`` only the position's value is wanted (``{"value": ...}``): the root
    is decided like any node, by one winning move or by refuting every move, which costs
    several times less (7x7 start: 1.7 million positions for the value, 9.8 million with every
    move, by the sequential solver).
    """
    started = time.perf_counter()
    if depth < 1:
        raise ValueError(f"depth={depth}: the frontier is at least one ply below the position")
    if split_plies < 1 or (budget is not None and budget < 1):
        raise ValueError(f"budget={budget}, split_plies={split_plies}: both at least 1")
    info = boardgames.game_info(game)
    g = boardgames.Game(game, params)
    root_state = g.state(position) if position is not None else g.new_state()
    if not info["has_solver"] or root_state.is_over():
        # The package's own errors: no solver, or no seat to act.
        return boardgames.solve(game, params, position)
    params_text = g.params
    known = _read_results(results, params_text) if results else {}

    # The tree above the frontier, one node per position.
    root = _Node(root_state.position(), root_state.current_seat(), 0,
                 len(root_state.legal_actions()))
    nodes: Dict[str, _Node] = {root.position: root}
    root_moves: List[Tuple[str, _Node]] = []

    counts = {"frontier": 0, "cached": 0, "solved": 0, "cancelled": 0, "skipped": 0,
              "split": 0, "nodes": 0, "task_seconds": 0.0}

    def grow(node: _Node, state, plies: int) -> List[_Node]:
        """Expands `node` (at `state`) `plies` plies down: new positions that end the game
        are decided by the rules, those in the results file by it, those `plies` down become
        frontier leaves. The new nodes."""
        created = []
        level = [(node, state)]
        for d in range(node.depth + 1, node.depth + plies + 1):
            following = []
            for parent, parent_state in level:
                if parent is not root and parent.position in known:
                    continue  # decided: its subtree is not needed
                for action in parent_state.legal_actions():
                    child_state = parent_state.clone()
                    child_state.play(action)
                    key = child_state.position()
                    child = nodes.get(key)
                    if child is None:
                        child = _Node(key, child_state.current_seat(), d,
                                      len(child_state.legal_actions()))
                        nodes[key] = child
                        created.append(child)
                        value = known.get(key)
                        at_frontier = d == node.depth + plies
                        if child_state.is_over():
                            child.winner = child_state.outcome()["winners"][0]
                        elif value is not None:
                            child.winner = child.mover if value == "win" else 1 - child.mover
                            if at_frontier:
                                counts["frontier"] += 1
                                counts["cached"] += 1
                        elif at_frontier:
                            child.leaf = True
                            counts["frontier"] += 1
                        else:
                            following.append((child, child_state))
                    parent.children.append(child)
                    child.parents.append(parent)
                    if parent is root:
                        root_moves.append((action, child))
                parent.children.sort(key=lambda c: c.replies)
            level = following
        return created

    grow(root, root_state, depth)
    if not moves and root.position in known:
        root.winner = root.mover if known[root.position] == "win" else 1 - root.mover

    def decide(node: _Node) -> bool:
        """Decides an interior node from its children if it can; whether it did."""
        if node.winner is not None or not node.children or node.leaf:
            return False
        if any(c.winner == node.mover for c in node.children):
            node.winner = node.mover
        elif all(c.winner is not None for c in node.children):
            node.winner = 1 - node.mover
        return node.winner is not None

    # Decide bottom-up what the rules and the results file already settle.
    for node in sorted(nodes.values(), key=lambda n: -n.depth):
        decide(node)

    def propagate(node: _Node) -> None:
        stack = list(node.parents)
        while stack:
            p = stack.pop()
            p.open = True
            if decide(p):
                stack.extend(p.parents)

    def needed() -> List[_Node]:
        """The undecided frontier positions some undecided node still needs, depth-first in
        the order of the legal actions (the root needs every move's value)."""
        out, seen = [], set()
        stack = [root]
        while stack:
            n = stack.pop()
            if n.position in seen:
                continue
            seen.add(n.position)
            if n.leaf:
                if n.winner is None:
                    out.append(n)
                continue
            if (n is not root or not moves) and n.winner is not None:
                continue
            undecided = [c for c in n.children if c.winner is None]
            if (n is not root or not moves) and not n.open and eldest_first:
                undecided = undecided[:1]
            stack.extend(reversed(undecided))
        return out

    out_file = _Results(results)
    # Tasks in flight: ref -> (node, when submitted). A task no decided node needs any more is
    # cancelled once it has run `cancel_after` seconds (a shorter one is left to finish, and
    # its value kept): Ray 2.x can crash the driver when a cancel meets the reply of a task
    # that is just finishing ("Tried to complete task that was not pending",
    # ray-project/ray#54846), and a task that short costs less than a cancel.
    in_flight: Dict[Any, Tuple[_Node, float]] = {}

    def finished(ref, node: _Node) -> None:
        row = ray.get(ref)
        counts["nodes"] += row["nodes"]
        counts["task_seconds"] += row["seconds"]
        if row["value"] is None:
            # Not decided within the budget: split it further, its leaves go to the queue.
            counts["split"] += 1
            node.leaf = False
            created = grow(node, g.state(node.position), split_plies)
            for m in sorted(created, key=lambda n: -n.depth):
                decide(m)
            if decide(node):
                propagate(node)
            return
        row["params"] = params_text
        out_file.add(row)
        if progress is not None:
            progress(dict(row))
        counts["solved"] += 1
        if node.winner is None:
            node.winner = node.mover if row["value"] == "win" else 1 - node.mover
            propagate(node)

    def cancel_stale(wanted: set, now: float) -> None:
        stale = [ref for ref, (node, t0) in in_flight.items()
                 if node.position not in wanted and now - t0 >= cancel_after]
        if not stale:
            return
        done, running = ray.wait(stale, num_returns=len(stale), timeout=0)
        for ref in done:
            finished(ref, in_flight.pop(ref)[0])
        for ref in running:
            ray.cancel(ref)
            del in_flight[ref]
            counts["cancelled"] += 1

    try:
        todo = needed()
        if todo:
            _ensure_ray()
            if window is None:
                window = _cluster_cpus() + 2
        submitted = set()
        while True:
            wanted = {n.position for n in todo}
            if not any(node.position in wanted for node, _ in in_flight.values()) and \
                    all(n.position in submitted for n in todo):
                break
            for node in todo:
                if len(in_flight) >= window:
                    break
                if node.position in submitted:
                    continue
                submitted.add(node.position)
                ref = _solve_subtree.remote(params_text, node.position, bits, slice_positions,
                                            reuse_table, budget)
                in_flight[ref] = (node, time.perf_counter())
            ready, _ = ray.wait(list(in_flight), num_returns=1, timeout=cancel_after)
            for ref in ready:
                finished(ref, in_flight.pop(ref)[0])
            todo = needed()
            cancel_stale({n.position for n in todo}, time.perf_counter())
        # Done: what is still running is needed by no one. Let the short ones finish.
        deadline = time.perf_counter() + cancel_after
        while in_flight and time.perf_counter() < deadline:
            ready, _ = ray.wait(list(in_flight), num_returns=1,
                                timeout=max(0.0, deadline - time.perf_counter()))
            for ref in ready:
                finished(ref, in_flight.pop(ref)[0])
        cancel_stale(set(), float("inf"))
    finally:
        for ref in in_flight:
            ray.cancel(ref)
        out_file.close()
        # Also when stopped by an error or an interrupt: what was done so far (the rest of
        # the frontier counts as skipped).
        counts["skipped"] = counts["frontier"] - counts["cached"] - counts["solved"] - \
            counts["cancelled"] - counts["split"]
        counts["seconds"] = time.perf_counter() - started
        if stats is not None:
            stats.update(counts)
    mover = root.mover
    if not moves:
        return {"value": _word(root.winner == mover)}
    return {"value": _word(any(c.winner == mover for _, c in root_moves)),
            "moves": {action: _word(child.winner == mover) for action, child in
                      sorted(root_moves, key=lambda m: m[0].encode())}}
