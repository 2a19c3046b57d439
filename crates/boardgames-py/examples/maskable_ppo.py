"""MaskablePPO (sb3-contrib) learns Slime Trail 5x5 against the random agent through the
Gymnasium adapter (`boardgames.gymnasium.Env`: the learner plays a random seat each episode,
our `random` agent the other, in Rust; `action_masks()` keeps the policy to legal actions).

    pip install sb3-contrib torch
    python crates/boardgames-py/examples/maskable_ppo.py [--timesteps 100000] [--eval 500]

Prints the win rate against random (with its 95% interval) of the trained policy, the wall
time of training and the env-steps per second.
"""

import argparse
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.env_util import make_vec_env

from boardgames.gymnasium import Env
from common import report


def make_env():
    env = Env("slimetrail", "size=5", opponent="random", seat=None)
    return ActionMasker(env, lambda e: e.action_masks())


def evaluate(model, games, seed):
    env = Env("slimetrail", "size=5", opponent="random", seat=None)
    wins = 0.0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        while True:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, info = env.step(int(action))
            if terminated or truncated:
                wins += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
                break
    return wins


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--timesteps", type=int, default=100_000)
    p.add_argument("--eval", type=int, default=500, help="games against random after training")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    torch.set_num_threads(1)
    env = make_vec_env(make_env, n_envs=8, seed=a.seed)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=128, batch_size=256, learning_rate=3e-4, gamma=0.99,
        ent_coef=0.01, seed=a.seed, verbose=0, policy_kwargs={"net_arch": [128, 128]},
    )
    t = time.perf_counter()
    model.learn(total_timesteps=a.timesteps)
    seconds = time.perf_counter() - t
    wins = evaluate(model, a.eval, seed=10_000 + a.seed)
    print(report("MaskablePPO", wins, a.eval, seconds, model.num_timesteps))
    assert np.isfinite(wins)


if __name__ == "__main__":
    main()
