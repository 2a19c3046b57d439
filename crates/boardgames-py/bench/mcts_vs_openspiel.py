"""Our `mcts`, as a `pyspiel.Bot` (`boardgames.openspiel.Bot`), against OpenSpiel's own
`mcts.MCTSBot` (random rollouts, `solve=True`) on one of our games registered with OpenSpiel,
seats alternated (game g: ours plays seat g mod 2).

Two rows: at equal iterations (ours `mcts:iterations=N`, theirs `max_simulations=N`), then at
equal time per move (ours `mcts:time=T`, T the mean time per move theirs took in the first row).

    python crates/boardgames-py/bench/mcts_vs_openspiel.py --game slimetrail --games 20
    python crates/boardgames-py/bench/mcts_vs_openspiel.py --game repello --params '{"stack": 5}' --games 20
    python crates/boardgames-py/bench/mcts_vs_openspiel.py --game repello --params '{"stack": 5}' --games 20 --settings shared=split

Prints a markdown table: games, our wins / draws / losses, our score, each side's mean time per
move.
"""

import argparse
import json
import os
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import boardgames.openspiel as bo


def play(game, ours_spec, sims, games, seed):
    rng = np.random.RandomState(seed)
    wins = draws = losses = 0
    ours_time, ours_moves, theirs_time, theirs_moves = 0.0, 0, 0.0, 0
    for g in range(games):
        seat = g % 2
        theirs = mcts.MCTSBot(game, uct_c=2, max_simulations=sims,
                              evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                              solve=True, random_state=rng)
        ours = bo.Bot(game, seat, ours_spec, seed=seed * 1000 + g)
        bots = [None, None]
        bots[seat], bots[1 - seat] = ours, theirs
        state = game.new_initial_state()
        for b in bots:
            b.restart_at(state)
        while not state.is_terminal():
            if state.is_chance_node():
                ids, ps = zip(*state.chance_outcomes())
                action = int(rng.choice(ids, p=ps))
                for b in bots:
                    b.inform_action(state, pyspiel.PlayerId.CHANCE, action)
            else:
                p = state.current_player()
                t = time.perf_counter()
                action = bots[p].step(state)
                dt = time.perf_counter() - t
                if p == seat:
                    ours_time, ours_moves = ours_time + dt, ours_moves + 1
                else:
                    theirs_time, theirs_moves = theirs_time + dt, theirs_moves + 1
                for i, b in enumerate(bots):
                    if i != p:
                        b.inform_action(state, p, action)
            state.apply_action(action)
        r = state.returns()[seat]
        wins, draws, losses = wins + (r > 0), draws + (r == 0), losses + (r < 0)
    return dict(wins=wins, draws=draws, losses=losses,
                ours=ours_time / max(ours_moves, 1), theirs=theirs_time / max(theirs_moves, 1))


def row(label, r, games):
    score = (r["wins"] + 0.5 * r["draws"]) / games
    return (f"| {label} | {games} | {r['wins']} / {r['draws']} / {r['losses']} | {100 * score:.0f}% | "
            f"{1000 * r['ours']:.1f} ms | {1000 * r['theirs']:.1f} ms |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="slimetrail")
    ap.add_argument("--params", default="{}", help="OpenSpiel parameters as JSON")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--settings", default="",
                    help="more settings for our SPEC, e.g. shared=split (value a shared win as the "
                         "zero-sum returns OpenSpiel plays for do)")
    args = ap.parse_args()
    bo.register()
    game = pyspiel.load_game(bo.registered_name(args.game), json.loads(args.params))
    print(f"{game}: load average at start {os.getloadavg()[0]:.2f}")
    n = args.iterations
    extra = f",{args.settings}" if args.settings else ""
    a = play(game, f"mcts:iterations={n}{extra}", n, args.games, args.seed)
    budget = max(1, round(1000 * a["theirs"]))
    b = play(game, f"mcts:time={budget}ms{extra}", n, args.games, args.seed + 1)
    print("| ours against OpenSpiel's MCTSBot (1,000 simulations, random rollouts, solve=True) | games | ours W / D / L | our score | ours: time per move | theirs: time per move |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(row(f"equal iterations: `mcts:iterations={n}{extra}`", a, args.games))
    print(row(f"equal time: `mcts:time={budget}ms{extra}`", b, args.games))
    print(f"load average at end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
