"""A Slime Trail solve split over the cluster: the tree cut at a frontier, the subtrees
solved as tasks by the Rust solver, combined by minimax, resumable from a results file."""

from __future__ import annotations

import json
import os
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

import boardgames
from .. import _boardgames
from ._cluster import _cluster_cpus, _ensure_ray, ray

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


__all__ = ["solve", "SLICE_POSITIONS"]
