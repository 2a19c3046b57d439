"""The sizes behind the projection of a split 9x9 solve (docs/distributed.md).

    python bench/solve_frontier.py counts SIZE MAXDEPTH
    python bench/solve_frontier.py sample SIZE DEPTH COUNT SEED BUDGET

``counts``: the number of distinct positions (the frontier of ``distributed.solve``) at each
depth from the start, and how many of them end the game, up to MAXDEPTH plies.

``sample``: COUNT positions DEPTH plies from the start, reached by random walks that never step
into or next to the opponent's corner (such a move loses at once, and the solver never searches
it) nor into their own corner, each solved for its value alone by a fresh ``SubtreeSolver`` (the
solver of one frontier task) with a budget of BUDGET positions: one line per position with its
value (or ``unfinished``), the positions searched and the seconds taken.
"""

import random
import sys
import time

import boardgames
from boardgames import _boardgames as B


def counts(size, max_depth):
    game = boardgames.Game("slimetrail", f"size={size}")
    level = {game.new_state().position(): game.new_state()}
    for depth in range(1, max_depth + 1):
        started = time.perf_counter()
        following, over = {}, 0
        for state in level.values():
            for action in state.legal_actions():
                child = state.clone()
                child.play(action)
                key = child.position()
                if key in following:
                    continue
                if child.is_over():
                    over += 1
                following[key] = child
        level = {k: s for k, s in following.items() if not s.is_over()}
        print(f"depth={depth} positions={len(following)} over={over} "
              f"({time.perf_counter() - started:.1f} s)", flush=True)


def _near(cell, corner):
    return max(abs(cell[0] - corner[0]), abs(cell[1] - corner[1])) <= 1


def _cell(text):
    return (ord(text[0]) - ord("a"), int(text[1:]) - 1)


def sample(size, depth, count, seed, budget):
    rng = random.Random(seed)
    game = boardgames.Game("slimetrail", f"size={size}")
    corners = [(0, 0), (size - 1, size - 1)]  # seat 1's, seat 2's
    done = 0
    while done < count:
        state = game.new_state()
        for _ in range(depth):
            mover = state.current_seat()
            if mover is None:
                break
            theirs = corners[1 - mover]
            safe = [a for a in state.legal_actions()
                    if not _near(_cell(a), theirs) and _cell(a) != corners[mover]]
            if not safe:
                break
            state.play(rng.choice(safe))
        if state.is_over() or len(state.history()) < depth:
            continue
        solver = B.SubtreeSolver(f"size={size}")
        started = time.perf_counter()
        value = solver.value_within(state.position(), budget)
        seconds = time.perf_counter() - started
        print(f"depth={depth} value={value or 'unfinished'} nodes={solver.nodes} "
              f"seconds={seconds:.2f} position={state.position()}", flush=True)
        done += 1


if __name__ == "__main__":
    if sys.argv[1] == "counts":
        counts(int(sys.argv[2]), int(sys.argv[3]))
    else:
        sample(*(int(x) for x in sys.argv[2:7]))
