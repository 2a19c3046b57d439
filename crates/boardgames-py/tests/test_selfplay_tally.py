"""The match runner's pieces behind boardgames.distributed, without Ray: self-play games are
the match runner's (replayed by `boardgame match --record` from their seed and number), and
tallies of slices of a match merge, pickled or not, into the match's."""

import json
import pickle

import numpy as np
import pytest

import boardgames
from boardgames import _boardgames

from conftest import cli


@pytest.mark.parametrize(
    "game, params, agent, seed, number",
    [
        ("slimetrail", "size=5", "mcts:iterations=30", 4, 2),
        ("arandia", "players=3", "random", 9, 1),  # chance, and the match's default turn limit
    ],
)
def test_a_selfplay_game_is_replayed_by_the_command(boardgame_bin, tmp_path, game, params,
                                                    agent, seed, number):
    z = _boardgames.selfplay_games(game, params, agent, seed=seed, start=number,
                                   stop=number + 1, max_actions=300)
    record = tmp_path / "match.jsonl"
    cli(boardgame_bin, "match", game, "--params", params, "--agent", agent, "--seed",
        str(seed), "--games", str(number + 1), "--max-actions", "300", "--record",
        str(record), "--quiet")
    line = json.loads(record.read_text().splitlines()[-1])
    # The samples are the record's choices, in order, seen from their seats.
    g = boardgames.Game(game, boardgames.match_defaults(game, params)["params"])
    state = g.new_state()
    i = 0
    for action in line["actions"]:
        if not state.is_chance():
            assert int(z["action"][i]) == state.action_id(action)
            assert int(z["seat"][i]) == state.current_seat()
            np.testing.assert_array_equal(z["observation"][i],
                                          state.observation(state.current_seat()))
            np.testing.assert_array_equal(z["legal_mask"][i], state.legal_mask())
            i += 1
        state.play(action)
    assert i == len(z["seat"]) > 0
    assert (z["game"] == number).all()
    assert list(z["returns"][0]) == state.returns()
    assert z["finished"].all() == state.is_over()
    np.testing.assert_allclose(z["policy"].sum(axis=1), 1.0, rtol=1e-5)


def test_selfplay_refuses_bad_arguments():
    with pytest.raises(boardgames.NotationError):
        _boardgames.selfplay_games("slimetrail", "", "mcts:bogus=1", stop=1)
    with pytest.raises(boardgames.NotationError):
        _boardgames.selfplay_games("slimetrail", "", "random", position="zz", stop=1)
    g = boardgames.Game("repello", "players=3")
    empty = _boardgames.selfplay_games("repello", "players=3", "random", stop=0)
    assert empty["observation"].shape == (0,) + tuple(g.observation_shape)
    assert empty["policy"].shape == (0, g.num_distinct_actions)
    assert empty["returns"].shape == (0, 3)


def test_tallies_of_slices_merge_into_the_match():
    args = ("repello", "players=3", ["random", "mcts:iterations=20"])
    whole = boardgames.match(*args, games=7, seed=3)
    parts = [_boardgames.match_tally(*args, seed=3, start=a, stop=b)
             for a, b in [(4, 7), (0, 2), (2, 4)]]
    total = boardgames.Tally(args[2])
    for part in parts:
        total.merge(pickle.loads(pickle.dumps(part)))
    assert total.results() == whole
    assert total.games == 7
    assert total == _boardgames.match_tally(*args, seed=3, start=0, stop=7)
    with pytest.raises(ValueError):
        total.merge(boardgames.Tally(["random"]))
    assert total.games == 7  # unchanged


def test_a_tampered_tally_pickle_is_refused():
    t = _boardgames.match_tally("slimetrail", "size=5", ["random"], start=0, stop=2)
    read, (agents, counts) = t.__reduce__()
    c = json.loads(counts)
    c["alone"] = []
    with pytest.raises(boardgames.NotationError):
        read(agents, json.dumps(c))
    with pytest.raises(boardgames.NotationError):
        read(agents + ["random"], counts)
    with pytest.raises(boardgames.NotationError):
        read(agents, "{")
