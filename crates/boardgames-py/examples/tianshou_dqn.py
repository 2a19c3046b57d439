"""Tianshou DQN learns Slime Trail 5x5 against a random player through the PettingZoo
environment (`boardgames.pettingzoo.env`, wrapped by Tianshou's `PettingZooEnv`): the learner
plays `player_0` (it moves first), Tianshou's masked random player `player_1`.

    pip install tianshou torch
    python crates/boardgames-py/examples/tianshou_dqn.py [--epochs 10] [--epoch-steps 5000] [--eval 500]

Prints the win rate against random (with its 95% interval) of the trained greedy policy, the
wall time of training and the env-steps per second.
"""

import argparse
import logging
import time

import numpy as np
import torch
from tianshou.algorithm import DQN, MARLRandomDiscreteMaskedOffPolicyAlgorithm, MultiAgentOffPolicyAlgorithm
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.env.pettingzoo_env import PettingZooEnv
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net

import boardgames.pettingzoo
from common import report

GAME, PARAMS = "slimetrail", "size=5"


class ResultlessEnv(PettingZooEnv):
    """Tianshou's wrapper less the final info: its replay buffer wants infos of one shape, and
    ours carries the result (winners, returns) at the end."""

    def step(self, action):
        obs, rewards, term, trunc, info = super().step(action)
        return obs, rewards, term, trunc, {}

    def reset(self, *args, **kwargs):
        obs, info = super().reset(*args, **kwargs)
        return obs, {}


def get_env() -> PettingZooEnv:
    return ResultlessEnv(boardgames.pettingzoo.env(GAME, PARAMS))


def evaluate(net, games, seed):
    """The greedy policy (masked argmax of its Q-values) as player_0 against uniform random."""
    rng = np.random.default_rng(seed)
    e = boardgames.pettingzoo.env(GAME, PARAMS)
    wins = 0.0
    for g in range(games):
        e.reset(seed=seed + g)
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                if agent == "player_0":
                    wins += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
                e.step(None)
                continue
            mask = obs["action_mask"].astype(bool)
            if agent == "player_0":
                with torch.no_grad():
                    q = net(torch.as_tensor(obs["observation"][None]))[0][0].numpy()
                action = int(np.where(mask, q, -np.inf).argmax())
            else:
                action = int(rng.choice(np.flatnonzero(mask)))
            e.step(action)
    return wins


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--epoch-steps", type=int, default=5000)
    p.add_argument("--eval", type=int, default=500)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    torch.manual_seed(a.seed)
    np.random.seed(a.seed)
    torch.set_num_threads(1)
    # Tianshou's statistics warn at every collection that the rewards are per agent.
    logging.getLogger("tianshou").setLevel(logging.ERROR)

    env = get_env()
    obs_space = env.observation_space["observation"]
    net = Net(state_shape=obs_space.shape, action_shape=env.action_space.n, hidden_sizes=[128, 128])
    learner = DQN(
        policy=DiscreteQLearningPolicy(model=net, action_space=env.action_space, eps_training=0.1, eps_inference=0.0),
        optim=AdamOptimizerFactory(lr=1e-3),
        n_step_return_horizon=3,
        gamma=0.9,
        target_update_freq=320,
    )
    opponent = MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space)
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=[learner, opponent], env=env)

    train_envs = DummyVectorEnv([get_env for _ in range(8)])
    test_envs = DummyVectorEnv([get_env for _ in range(4)])
    train_envs.seed(a.seed)
    test_envs.seed(a.seed + 1)
    train = Collector[CollectStats](algorithm, train_envs, VectorReplayBuffer(20_000, len(train_envs)), exploration_noise=True)
    test = Collector[CollectStats](algorithm, test_envs, exploration_noise=True)
    train.reset()
    t = time.perf_counter()
    train.collect(n_step=64 * len(train_envs))
    result = algorithm.run_training(
        OffPolicyTrainerParams(
            training_collector=train,
            test_collector=test,
            max_epochs=a.epochs,
            epoch_num_steps=a.epoch_steps,
            collection_step_num_env_steps=16,
            test_step_num_episodes=20,
            batch_size=64,
            update_step_num_gradient_steps_per_sample=0.1,
            test_in_training=False,
            multi_agent_return_reduction=lambda rews: rews[:, 0],
            verbose=False,
            show_progress=False,
        )
    )
    seconds = time.perf_counter() - t
    net.eval()
    wins = evaluate(net, a.eval, seed=10_000 + a.seed)
    print(report("Tianshou DQN", wins, a.eval, seconds, int(result.train_step)))


if __name__ == "__main__":
    main()
