"""Stepping speed from Python: random games played by `legal_ids()` + `play(id)` on our Slime
Trail against OpenSpiel's C++ Breakthrough stepped the same way (`legal_actions()` +
`apply_action(id)`), in one run, blocks alternated, best of `--rounds`. Also our Slime Trail
through its OpenSpiel registration (a Python game behind pyspiel's trampolines) for reference.

    python crates/boardgames-py/bench/stepping.py [--seconds 3] [--rounds 3]

Prints actions per second of each and the ratio ours / Breakthrough.
"""

import argparse
import os
import random
import time

import pyspiel

import boardgames
import boardgames.openspiel as bo


def ours(seconds, rng):
    game = boardgames.Game("slimetrail")
    actions = 0
    end = time.perf_counter() + seconds
    t = time.perf_counter()
    while time.perf_counter() < end:
        s = game.new_state()
        while not s.is_over():
            s.play(rng.choice(s.legal_ids()))
            actions += 1
    return actions / (time.perf_counter() - t)


def theirs(game, seconds, rng):
    actions = 0
    end = time.perf_counter() + seconds
    t = time.perf_counter()
    while time.perf_counter() < end:
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            actions += 1
    return actions / (time.perf_counter() - t)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    bo.register()
    breakthrough = pyspiel.load_game("breakthrough")
    registered = pyspiel.load_game("boardgames_slimetrail")
    rng = random.Random(1)
    best = {"ours": 0.0, "breakthrough": 0.0, "registered": 0.0}
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    for r in range(args.rounds):
        a = ours(args.seconds, rng)
        b = theirs(breakthrough, args.seconds, rng)
        c = theirs(registered, args.seconds, rng)
        print(f"round {r + 1}: ours {a:,.0f} actions/s, breakthrough {b:,.0f}, ours through pyspiel {c:,.0f}")
        best = {"ours": max(best["ours"], a), "breakthrough": max(best["breakthrough"], b), "registered": max(best["registered"], c)}
    print("| stepped from Python | actions/s (best round) |")
    print("| --- | --- |")
    print(f"| our Slime Trail 7x7 (`legal_ids` + `play`) | {best['ours']:,.0f} |")
    print(f"| OpenSpiel's C++ `breakthrough` (`legal_actions` + `apply_action`) | {best['breakthrough']:,.0f} |")
    print(f"| our Slime Trail through pyspiel (`boardgames_slimetrail`) | {best['registered']:,.0f} |")
    print(f"ratio ours / breakthrough: {best['ours'] / best['breakthrough']:.2f}x")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
