"""PettingZoo: the AEC environments pass PettingZoo's own api_test for every game and player
count, follow the classic conventions, draw chance from the seeded generator and terminate
eliminated seats."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import boardgames  # noqa: E402
from boardgames.pettingzoo import env, raw_env  # noqa: E402
from conftest import CONFIGS, CONFIG_IDS  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("name,params", CONFIGS, ids=CONFIG_IDS)
def test_api_test(name, params):
    api_test(env(name, params, render_mode="ansi"), num_cycles=200, verbose_progress=False)


def play_random(e, seed):
    """Plays a random episode; returns each agent's summed rewards and the terminations seen."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = {a: 0.0 for a in e.possible_agents}
    order = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            order.append(agent)
            e.step(None)
            continue
        mask = obs["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    return total, order


def test_rewards_at_the_end_are_the_returns():
    e = env("repello", "players=3")
    total, order = play_random(e, 4)
    state = e.unwrapped.state_
    assert state.is_over()
    assert [total[a] for a in e.possible_agents] == state.returns()
    assert sorted(order) == sorted(e.possible_agents)


def test_eliminated_seats_are_terminated_at_once():
    for seed in range(40):
        e = raw_env("splut", "players=4")
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        terminated_early = set()
        total = {a: 0.0 for a in e.possible_agents}
        for agent in e.agent_iter(max_iter=100000):
            obs, reward, term, trunc, info = e.last()
            total[agent] += reward
            if term or trunc:
                if not e.state_.is_over():
                    terminated_early.add(agent)
                    assert e.possible_agents.index(agent) not in e.state_.in_play()
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated_early:
            assert all(total[a] == -1.0 for a in terminated_early)
            assert [total[a] for a in e.possible_agents] == e.state_.returns()
            return
    pytest.fail("no team was eliminated before the end in 40 random four-player games")


def test_chance_is_drawn_from_the_seeded_generator():
    def episode(seed):
        e = raw_env("arandia", "turn_limit=8")
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
        return e.state_.history()

    assert episode(1) == episode(1)
    assert episode(1) != episode(2)


def test_conventions_observations_masks_and_render():
    e = env("slimetrail", "size=5", render_mode="ansi")
    e.reset(seed=0)
    obs, reward, term, trunc, info = e.last()
    assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (5, 5, 5)
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].sum() == 8
    assert e.action_space(e.agent_selection).n == 25
    other = [a for a in e.agents if a != e.agent_selection][0]
    assert e.observe(other)["action_mask"].sum() == 0
    assert e.render() == str(e.unwrapped.state_)
    with pytest.raises(TypeError):
        e.step(6.9)  # not an id: refused, nothing played
    with pytest.raises(TypeError):
        e.step("c2")
    assert e.unwrapped.state_.history() == []
    strict = env("slimetrail", "size=5", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(boardgames.IllegalAction):
        strict.step(0)  # a1: not next to the snail
    assert strict.unwrapped.state_.history() == []
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert env("slimetrail").unwrapped.render() is None
    with pytest.raises(ValueError):
        raw_env("slimetrail", render_mode="rgb_array")
    with pytest.raises(TypeError):
        raw_env("slimetrail", max_actions="x")
    with pytest.raises(ValueError):
        raw_env("slimetrail", max_actions=0)
    with pytest.raises(ValueError):
        env("slimetrail", illegal="ignore")


def test_an_illegal_action_ends_the_game_with_the_mover_losing(caplog):
    e = env("slimetrail", "size=5")
    e.reset(seed=0)
    mover = e.agent_selection
    e.step(0)  # a1: not next to the snail
    assert "Illegal move made" in caplog.text
    assert all(e.terminations.values())
    assert e._cumulative_rewards[mover] == -1
    assert all(e._cumulative_rewards[a] == 0 for a in e.agents if a != mover)


def test_human_render_prints_the_board(capsys):
    e = env("slimetrail", "size=5", render_mode="human")
    e.reset(seed=0)
    assert e.render() is None
    assert "@" in capsys.readouterr().out


def test_the_final_info_carries_the_result():
    e = env("slimetrail", "size=5")
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            assert info["winners"] in (["player_0"], ["player_1"])
            assert info["returns"][info["winners"][0]] == 1.0
            assert info["draw"] is False and info["truncated"] is False
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_games_without_an_end_are_truncated_at_the_cap():
    e = raw_env("repello", "players=2", max_actions=10)
    e.reset(seed=0)
    steps = 0
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            assert trunc and not e.state_.is_over()
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 10
