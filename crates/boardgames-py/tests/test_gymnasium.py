"""boardgames.gymnasium: Gymnasium's own checker on every game, a learner's seat against our
agents, and the vector environment."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import boardgames  # noqa: E402
from boardgames.gymnasium import Env, VectorEnv  # noqa: E402
from conftest import CONFIGS, CONFIG_IDS  # noqa: E402


@pytest.mark.parametrize("name,params", CONFIGS, ids=CONFIG_IDS)
def test_check_env_passes_on_every_game(name, params):
    env = Env(name, params, opponent="random")
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert env.action_masks().dtype == np.bool_ and env.action_masks().any()


def test_an_episode_against_random_ends_with_the_learners_return():
    env = Env("slimetrail", "size=5", opponent="random", seat=1)
    rng = np.random.default_rng(0)
    results = []
    for episode in range(20):
        obs, info = env.reset(seed=episode)
        assert info["seat"] == 1
        while True:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            obs, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                results.append(reward)
                break
            assert reward == 0.0
    assert set(results) <= {1.0, -1.0} and len(set(results)) == 2


def test_a_random_seat_each_episode_and_illegal_actions_lose():
    env = Env("repello", opponent="random")
    seats = {env.reset(seed=s)[1]["seat"] for s in range(20)}
    assert seats == {0, 1}
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    with pytest.raises(TypeError):
        env.step(1.5)


def test_render_and_a_searching_opponent():
    env = Env("slimetrail", "size=5", opponent="mcts:iterations=50", seat=0, render_mode="ansi")
    env.reset(seed=0)
    assert "@" in env.render()
    env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_vector_env_steps_many_games_with_masks():
    env = VectorEnv("slimetrail", "size=5", num_envs=16, opponent="random", seed=0)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    obs, infos = env.reset(seed=1)
    assert obs.shape == (16, 5, 5, 5) and env.action_masks().shape == (16, 25)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(40):
        masks = env.action_masks()
        actions = (rng.random(masks.shape) * masks).argmax(1)
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert env.observation_space.contains(obs)
        assert rewards.dtype == np.float32 and rewards.shape == (16,)
        if terminated.any():
            assert set(rewards[terminated]) <= {1.0, -1.0}
            assert infos["_final_obs"][terminated].all()
            ended += int(terminated.sum())
        assert not rewards[~terminated].any()
    assert ended >= 16
    env.close()
