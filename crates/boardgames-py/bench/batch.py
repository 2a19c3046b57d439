"""Batch work without Python in the loop: `State.playouts` and `State.perft` from Python against
the same work in a Rust program run in the same session (the `batch_rate` example of the
`boardgames` crate: `DynGame::playouts`, the criterion bench's loop on the concrete type, and
perft), alternated, best of `--rounds`.

    cargo build --release -p boardgames --example batch_rate
    python crates/boardgames-py/bench/batch.py [--rounds 3]

Prints a markdown table: per game, playouts/s from Python, from Rust (the same call) and from
the bench's loop, perft leaves/s from Python and from Rust, and the ratios.
"""

import argparse
import os
import pathlib
import subprocess
import time

import boardgames

REPO = pathlib.Path(__file__).resolve().parents[3]
TARGET = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
RUST = os.environ.get("BATCH_RATE_BIN", str(TARGET / "release" / "examples" / "batch_rate"))

# (game, params, playouts per round, perft depth)
CASES = [
    ("slimetrail", "", 1_000_000, 10),
    ("splut", "", 20_000, 5),
    ("elements", "", 4_000, 4),
    ("repello", "", 20_000, 4),
    ("arandia", "turn_limit=100", 20_000, 6),
]


def rust(name, params, n, depth):
    out = subprocess.run([RUST, name, params, str(n), str(depth)], capture_output=True, text=True, check=True)
    return {k: float(v) for k, v in (line.split() for line in out.stdout.splitlines())}


def python(name, params, n, depth):
    s = boardgames.Game(name, params).new_state()
    t = time.perf_counter()
    s.playouts(n, seed=1)
    playouts = n / (time.perf_counter() - t)
    perft = 0.0
    for _ in range(3):  # best of three, as the Rust program does
        t = time.perf_counter()
        leaves = s.perft(depth)
        perft = max(perft, leaves / (time.perf_counter() - t))
    return playouts, perft


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    print("| game (params) | playouts/s, Python `State.playouts` | Rust `DynGame::playouts` | bench loop (concrete type) | Python / Rust | Python / bench | perft leaves/s, Python | Rust | Python / Rust |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, params, n, depth in CASES:
        best = {"py": 0.0, "dyn": 0.0, "bench": 0.0, "pyperft": 0.0, "perft": 0.0}
        for _ in range(args.rounds):
            r = rust(name, params, n, depth)
            p, pp = python(name, params, n, depth)
            best["py"] = max(best["py"], p)
            best["pyperft"] = max(best["pyperft"], pp)
            best["dyn"] = max(best["dyn"], r["dyn_playouts_per_s"])
            best["bench"] = max(best["bench"], r["bench_playouts_per_s"])
            best["perft"] = max(best["perft"], r["perft_leaves_per_s"])
        label = f"{name} ({params})" if params else name
        print(
            f"| {label} | {best['py']:,.0f} | {best['dyn']:,.0f} | {best['bench']:,.0f} | "
            f"{best['py'] / best['dyn']:.2f} | {best['py'] / best['bench']:.2f} | "
            f"{best['pyperft']:,.0f} | {best['perft']:,.0f} | {best['pyperft'] / best['perft']:.2f} |"
        )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
