"""Batched stepping, side by side in one run: env-steps per second of `boardgames.VectorGame`
for every game (random legal actions chosen in NumPy), against OpenSpiel's C++ games stepped in
a Python loop (with their observation) and Pgx on the CPU (`jax.vmap` of `init`/`step`, jitted,
random legal actions chosen in JAX).

    python crates/boardgames-py/bench/vector.py [--num-envs 1024] [--seconds 3] [--no-pgx]

Each measurement is the best of `--rounds` timed blocks of `--seconds` after a warm-up. Prints
a Markdown table (env-steps/s, and the ratio to OpenSpiel's connect_four loop) and the load
average before and after.
"""

import argparse
import os
import random
import time

import numpy as np

import boardgames

# Our games: (label, game, params); the learner defaults are added by VectorGame.
OURS = [
    ("Slime Trail 7x7", "slimetrail", ""),
    ("Slime Trail 5x5", "slimetrail", "size=5"),
    ("Splut! (2 players)", "splut", ""),
    ("Battle of the Elements (full)", "elements", ""),
    ("Repello (2 players)", "repello", ""),
    ("Arandia (2 players)", "arandia", ""),
]

OPENSPIEL = [("connect_four", {}), ("othello", {}), ("go", {"board_size": 9})]
PGX = ["connect_four", "othello", "go_9x9"]


def best_rate(run, seconds, rounds):
    """The best of `rounds` blocks: `run(deadline)` returns the env-steps done."""
    run(time.perf_counter() + min(0.5, seconds))  # warm-up
    rates = []
    for _ in range(rounds):
        t = time.perf_counter()
        n = run(t + seconds)
        rates.append(n / (time.perf_counter() - t))
    return max(rates)


def ours(game, params, num_envs, threads, seconds, rounds):
    v = boardgames.VectorGame(game, params, num_envs=num_envs, seed=0, threads=threads)
    _, mask, _ = v.reset()
    rng = np.random.default_rng(0)
    n_envs, n_actions = mask.shape
    scratch = np.empty((n_envs, n_actions), np.uint16)
    stepping = [0.0]

    def pick(mask):
        # A random legal action per game: random odd 16-bit keys, zero where illegal, the
        # largest.
        keys = np.frombuffer(rng.bytes(2 * n_envs * n_actions), np.uint16).reshape(n_envs, n_actions)
        np.bitwise_or(keys, 1, out=scratch)
        np.multiply(scratch, mask, out=scratch)
        return scratch.argmax(1)

    def run(deadline):
        nonlocal mask
        steps = 0
        inside = 0.0
        while time.perf_counter() < deadline:
            actions = pick(mask)
            t = time.perf_counter()
            out = v.step(actions)
            inside += time.perf_counter() - t
            mask = out[1]
            steps += n_envs
        stepping[0] = steps / inside if inside else 0.0
        return steps

    rate = best_rate(run, seconds, rounds)
    return rate, stepping[0], v.threads


def openspiel(name, params, seconds, rounds):
    import pyspiel

    game = pyspiel.load_game(name, params)
    rng = random.Random(0)

    def run(deadline):
        steps = 0
        while time.perf_counter() < deadline:
            s = game.new_initial_state()
            while not s.is_terminal():
                # What a learner reads at each step: the observation of the player to act,
                # its legal actions; then the action.
                s.observation_tensor(s.current_player())
                s.apply_action(rng.choice(s.legal_actions()))
                steps += 1
        return steps

    return best_rate(run, seconds, rounds)


def pgx_rate(name, num_envs, seconds, rounds):
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make(name)
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(env.step))

    @jax.jit
    def act(key, state):
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    @jax.jit
    def reset_done(key, state):
        # Pgx leaves finished games terminal: start them again (as the others autoreset).
        fresh = init(jax.random.split(key, num_envs))
        done = state.terminated | state.truncated
        return jax.tree_util.tree_map(
            lambda a, b: jnp.where(done.reshape(done.shape + (1,) * (a.ndim - 1)), a, b), fresh, state
        )

    key = jax.random.PRNGKey(0)
    key, sub = jax.random.split(key)
    state = init(jax.random.split(sub, num_envs))

    def run(deadline):
        nonlocal state, key
        steps = 0
        while time.perf_counter() < deadline:
            key, k1, k2 = jax.random.split(key, 3)
            state = step(state, act(k1, state))
            state = reset_done(k2, state)
            steps += num_envs
        state.observation.block_until_ready()
        return steps

    run(time.perf_counter() + 0.1)  # compile
    return best_rate(run, seconds, rounds)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--num-envs", type=int, default=1024)
    p.add_argument("--threads", type=int, default=None, help="VectorGame threads (default: the cores)")
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--no-pgx", action="store_true")
    p.add_argument("--no-openspiel", action="store_true")
    a = p.parse_args()
    print(f"load average before: {os.getloadavg()}; cores: {os.cpu_count()}; num_envs={a.num_envs}")
    rows = []
    base = None
    if not a.no_openspiel:
        for name, params in OPENSPIEL:
            r = openspiel(name, params, a.seconds, a.rounds)
            rows.append((f"OpenSpiel {name}{params or ''} (C++, Python loop, 1 game)", r, None))
            if name == "connect_four":
                base = r
            print(f"  {rows[-1][0]}: {r:,.0f}", flush=True)
    if not a.no_pgx:
        for name in PGX:
            r = pgx_rate(name, a.num_envs, a.seconds, a.rounds)
            rows.append((f"Pgx {name} (JAX on CPU, vmap, {a.num_envs} games)", r, None))
            print(f"  {rows[-1][0]}: {r:,.0f}", flush=True)
    for label, game, params in OURS:
        r, inside, threads = ours(game, params, a.num_envs, a.threads, a.seconds, a.rounds)
        rows.append((f"boardgames.VectorGame {label} ({a.num_envs} games, {threads} threads)", r, inside))
        print(f"  {rows[-1][0]}: {r:,.0f} (inside step: {inside:,.0f})", flush=True)
    print(f"load average after: {os.getloadavg()}")
    print()
    print("| stepper | env-steps/s | / OpenSpiel connect_four | step alone (env-steps/s) |")
    print("| --- | ---: | ---: | ---: |")
    for label, r, inside in rows:
        ratio = f"{r / base:.1f}x" if base else "-"
        print(f"| {label} | {r:,.0f} | {ratio} | {f'{inside:,.0f}' if inside else ''} |")


if __name__ == "__main__":
    main()
