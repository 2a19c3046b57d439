"""RLlib self-play on a Ray cluster through the OpenSpiel registration: PPO's "main" policy
learns Slime Trail 5x5 (`boardgames_slimetrail(size=5)`, RLlib's `OpenSpielEnv` with the legal
actions added to every observation, and RLlib's action-masking PPO module, so that "main" only
ever picks legal actions) against a random policy first, then, once it wins often enough,
against frozen copies of itself (RLlib's `SelfPlayCallback`, as Ray's
`self_play_with_open_spiel` example does).

    pip install "ray[rllib]" torch open-spiel
    python crates/boardgames-py/examples/rllib_selfplay.py [--iterations 40] [--eval 500]

Starts a local Ray cluster of two CPUs and shuts it down. Prints the win rate of "main"
against random (with its 95% interval; greedy, illegal actions masked), the wall time of
training and the env-steps per second.
"""

import argparse
import functools
import time

import gymnasium as gym
import numpy as np
import pyspiel
import ray
import torch
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.open_spiel import OpenSpielEnv
from ray.rllib.callbacks.callbacks import RLlibCallback
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.rllib.examples.rl_modules.classes.random_rlm import RandomRLModule
from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_ENV_STEPS_SAMPLED_LIFETIME
from ray.tune.registry import register_env

import boardgames.openspiel  # noqa: F401  (registers the games with OpenSpiel)
from common import report

GAME = ("boardgames_slimetrail", {"size": 5})


class MaskedOpenSpielEnv(OpenSpielEnv):
    """RLlib's `OpenSpielEnv` whose observations say which actions are legal: each is
    `{"observations": the game's observation tensor, "action_mask": 1.0 for every legal
    action}`, the form RLlib's `ActionMaskingTorchRLModule` reads. (The random policy may still
    pick an illegal action: `OpenSpielEnv` then plays a random legal one.)"""

    def __init__(self, game):
        super().__init__(game)
        mask = gym.spaces.Box(0.0, 1.0, (game.num_distinct_actions(),), np.float32)
        self.observation_space = gym.spaces.Dict(
            {aid: gym.spaces.Dict({"observations": self.observation_space[aid], "action_mask": mask}) for aid in self.possible_agents}
        )

    def _get_obs(self):
        obs = super()._get_obs()
        for aid, tensor in obs.items():
            mask = np.zeros(self.env.num_distinct_actions(), np.float32)
            mask[self.state.legal_actions(aid)] = 1.0
            obs[aid] = {"observations": tensor, "action_mask": mask}
        return obs


def make_env(_config):
    # Runs in Ray's worker processes: importing boardgames.openspiel registers the games there.
    import boardgames.openspiel  # noqa: F401

    return MaskedOpenSpielEnv(pyspiel.load_game(*GAME))


class SelfPlay(RLlibCallback):
    """Ray's self-play callback in brief: the win rate of "main" over the last 100 episodes;
    above the threshold, a frozen copy of "main" joins the league and "main" plays against
    the copies from then on."""

    def __init__(self, win_rate_threshold):
        super().__init__()
        self.threshold = win_rate_threshold
        self.opponents = 0

    def on_episode_end(self, *, episode, metrics_logger, **kwargs):
        main = 0 if episode.module_for(0) == "main" else 1
        agent = episode.agent_episodes.get(main)
        if agent is not None:
            # The return is the game's (+1 win, -1 loss).
            metrics_logger.log_value("win_rate", float(agent.get_return() > 0.5), reduce="mean", window=100)

    def on_train_result(self, *, algorithm, result, **kwargs):
        win_rate = result.get(ENV_RUNNER_RESULTS, {}).get("win_rate")
        # No episode ended in the window (None or NaN): not good enough either.
        print(f"iteration {algorithm.iteration}: win rate of main {win_rate}", flush=True)
        if win_rate is None or not win_rate > self.threshold:
            return
        self.opponents += 1
        league = self.opponents

        def mapping(agent_id, episode, **kwargs):
            if hash(episode.id_) % 2 == agent_id:
                return "main"
            return f"main_v{np.random.randint(1, league + 1)}"

        main = algorithm.get_module("main")
        algorithm.add_module(
            module_id=f"main_v{league}",
            module_spec=RLModuleSpec.from_module(main),
            new_agent_to_module_mapping_fn=mapping,
        )
        algorithm.set_state({"learner_group": {"learner": {"rl_module": {f"main_v{league}": main.get_state()}}}})
        print(f"iteration {algorithm.iteration}: win rate {win_rate:.2f}, main_v{league} joins the league")


def agent_to_module(agent_id, episode, **kwargs):
    # "main" plays seat 0 in half the episodes and seat 1 in the others.
    return "main" if hash(episode.id_) % 2 == agent_id else "random"


def evaluate(module, games, seed):
    """"main" (greedy, legal actions only) against uniform random, seats alternated."""
    game = pyspiel.load_game(*GAME)
    rng = np.random.default_rng(seed)
    wins = 0.0
    for g in range(games):
        state = game.new_initial_state()
        seat = g % 2
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_player() == seat:
                obs = torch.as_tensor(np.asarray(state.observation_tensor(), np.float32)[None])
                mask = np.zeros(game.num_distinct_actions(), np.float32)
                mask[legal] = 1.0
                batch = {"obs": {"observations": obs, "action_mask": torch.as_tensor(mask[None])}}
                with torch.no_grad():
                    logits = module.forward_inference(batch)["action_dist_inputs"][0].numpy()
                masked = np.full_like(logits, -np.inf)
                masked[legal] = logits[legal]
                state.apply_action(int(masked.argmax()))
            else:
                state.apply_action(int(rng.choice(legal)))
        r = state.returns()[seat]
        wins += 1.0 if r > 0 else 0.5 if r == 0 else 0.0
    return wins


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, default=40)
    p.add_argument("--batch", type=int, default=2000, help="env-steps per training iteration")
    p.add_argument("--eval", type=int, default=500)
    p.add_argument("--win-rate-threshold", type=float, default=0.95)
    a = p.parse_args()

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        register_env("boardgames_slimetrail_5", make_env)
        config = (
            PPOConfig()
            .environment("boardgames_slimetrail_5")
            .callbacks(functools.partial(SelfPlay, win_rate_threshold=a.win_rate_threshold))
            .env_runners(num_env_runners=0, num_envs_per_env_runner=1)
            .learners(num_learners=0)
            .training(train_batch_size_per_learner=a.batch, minibatch_size=min(256, a.batch), num_epochs=5, lr=3e-4)
            .multi_agent(policies={"main", "random"}, policy_mapping_fn=agent_to_module, policies_to_train=["main"])
            .rl_module(
                model_config=DefaultModelConfig(fcnet_hiddens=[128, 128]),
                rl_module_spec=MultiRLModuleSpec(
                    rl_module_specs={
                        "main": RLModuleSpec(module_class=ActionMaskingTorchRLModule),
                        "random": RLModuleSpec(module_class=RandomRLModule),
                    }
                ),
            )
        )
        algo = config.build_algo()
        t = time.perf_counter()
        steps = 0
        for i in range(a.iterations):
            result = algo.train()
            steps = int(result.get(NUM_ENV_STEPS_SAMPLED_LIFETIME, steps))
        seconds = time.perf_counter() - t
        module = algo.get_module("main")
        wins = evaluate(module, a.eval, seed=10_000)
        print(report("RLlib PPO self-play", wins, a.eval, seconds, steps))
        algo.stop()
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
