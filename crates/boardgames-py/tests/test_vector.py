"""boardgames.VectorGame: many games stepped in Rust, checked against State played one action
at a time, and its contract (autoreset, rewards, determinism on any number of threads, refusals
that change nothing)."""

import numpy as np
import pytest

import boardgames
from conftest import CONFIGS, CONFIG_IDS


def random_actions(mask, rng):
    """A uniformly random legal action per row."""
    r = rng.random(mask.shape) * mask
    return r.argmax(1)


@pytest.mark.parametrize("name,params", CONFIGS, ids=CONFIG_IDS)
def test_every_game_steps_like_the_state_it_replays(name, params):
    v = boardgames.VectorGame(name, params, num_envs=4, seed=1, threads=2)
    obs, mask, to_act = v.reset()
    game = v.game
    assert obs.shape == (4, *game.observation_shape) and obs.dtype == np.float32
    assert mask.shape == (4, game.num_distinct_actions) and mask.dtype == np.bool_
    assert to_act.dtype == np.int64
    states = [game.state(p) for p in v.positions()]
    rng = np.random.default_rng(0)
    for _ in range(30):
        for i, s in enumerate(states):
            # The row is what the State says of the same position.
            seat = s.current_seat()
            assert to_act[i] == seat
            assert np.array_equal(obs[i], s.observation(seat))
            assert np.array_equal(mask[i], s.legal_mask().astype(bool))
        actions = random_actions(mask, rng)
        expected = []
        for i, s in enumerate(states):
            s.play(int(actions[i]))
            expected.append(s)
        obs, mask, to_act, rewards, terminated, truncated = v.step(actions)
        assert rewards.shape == (4, game.num_players) and rewards.dtype == np.float32
        positions = v.positions()
        for i, s in enumerate(expected):
            if terminated[i] or truncated[i]:
                if terminated[i]:
                    # Chance outcomes after the action may have ended it; the rewards are the
                    # game's returns, and the row shows a new game.
                    assert rewards[i].sum() == pytest.approx(0.0, abs=1e-6) or game.num_players > 2
                states[i] = game.state(positions[i])
            else:
                assert not rewards[i].any()
                # Chance outcomes were drawn inside: the position follows the action.
                if not s.is_chance():
                    assert positions[i] == s.position()
                states[i] = game.state(positions[i])


def test_games_that_end_report_their_returns_and_start_again():
    v = boardgames.VectorGame("slimetrail", "size=5", num_envs=8, seed=3)
    start_obs, start_mask, _ = (a.copy() for a in v.reset())
    rng = np.random.default_rng(1)
    ended = np.zeros(8, bool)
    obs, mask = start_obs, start_mask
    for _ in range(30):
        obs, mask, to_act, rewards, terminated, truncated = v.step(random_actions(mask, rng))
        for i in np.flatnonzero(terminated):
            assert sorted(rewards[i]) == [-1.0, 1.0]
            assert np.array_equal(obs[i], start_obs[i]) and to_act[i] == 0
            assert not np.array_equal(v.final_obs[i], start_obs[i])
        ended |= terminated
        assert not truncated.any()
    assert ended.all()


def test_the_same_seed_gives_the_same_games_on_any_number_of_threads():
    def run(threads, seed=7):
        v = boardgames.VectorGame("arandia", "turn_limit=5", num_envs=16, seed=seed, threads=threads)
        _, mask, _ = v.reset()
        rng = np.random.default_rng(2)
        seen = []
        for _ in range(60):
            out = v.step(random_actions(mask, rng))
            mask = out[1]
            seen.append([a.copy() for a in out])
        return seen, v.positions()

    one, p1 = run(1)
    four, p4 = run(4)
    assert p1 == p4
    assert all(np.array_equal(a, b) for x, y in zip(one, four) for a, b in zip(x, y))
    _, other = run(1, seed=8)
    assert other != p1  # other dice


def test_illegal_actions_and_bad_arguments_are_refused_and_change_nothing():
    v = boardgames.VectorGame("slimetrail", "size=5", num_envs=3)
    obs, mask, to_act = (a.copy() for a in v.reset())
    before = v.positions()
    legal = int(np.flatnonzero(mask[0])[0])
    for bad in ([legal, legal, 0], [legal, legal, -1], [legal, legal, 25], [legal, legal, 2**62]):
        with pytest.raises(boardgames.IllegalAction, match="game 2"):
            v.step(np.array(bad))
    with pytest.raises(TypeError):
        v.step(np.array([6.9, 6.9, 6.9]))
    with pytest.raises(ValueError):
        v.step([legal, legal])
    with pytest.raises(ValueError):
        v.step(np.array([[legal] * 3]))
    assert v.positions() == before
    assert np.array_equal(v.reset()[0], obs)
    for kwargs in ({"num_envs": 0}, {"num_envs": -1}, {"threads": 0}, {"threads": 100000},
                   {"seed": -1}, {"num_envs": 1, "opponent": "random", "seat": 2}):
        with pytest.raises(ValueError):
            boardgames.VectorGame("slimetrail", **kwargs)
    with pytest.raises(TypeError):
        boardgames.VectorGame("slimetrail", num_envs=2.5)
    with pytest.raises(boardgames.NotationError):
        boardgames.VectorGame("slimetrail", "size=8")
    with pytest.raises(boardgames.NotationError):
        boardgames.VectorGame("slimetrail", opponent="nobody")


def test_the_learner_defaults_are_played_and_shown():
    v = boardgames.VectorGame("arandia", num_envs=2)
    d = boardgames.learner_defaults("arandia")
    assert v.game == boardgames.Game("arandia", d["params"])
    assert v.game.params == f"turn_limit={d['turn_limit']}"
    assert boardgames.Game("arandia").params == ""  # the rules' own defaults
    assert boardgames.learner_defaults("arandia", "turn_limit=0")["params"] == "turn_limit=0"
    assert boardgames.learner_defaults("slimetrail")["in_effect"] == {"size": "7"}
    assert "num_envs=2" in repr(v)


def test_with_an_opponent_the_learner_always_acts():
    v = boardgames.VectorGame("splut", "players=3", num_envs=6, seed=4, opponent="random", seat=1)
    _, mask, to_act = v.reset()
    rng = np.random.default_rng(0)
    for _ in range(200):
        assert (to_act == 1).all()
        _, mask, to_act, rewards, terminated, truncated = v.step(random_actions(mask, rng))
