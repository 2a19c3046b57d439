"""The package's API: games, states, actions by text and id, errors, copies, observations,
agents, batch work, against the engines' documented behaviour and the `boardgame` command."""

import copy
import fractions
import pickle
import random
import threading
import time

import numpy as np
import pytest

import boardgames
from conftest import CONFIGS, CONFIG_IDS, cli


def random_play(state, rng, steps):
    """Plays up to `steps` random actions by id; returns the ids played."""
    played = []
    for _ in range(steps):
        if state.is_over():
            break
        ids = state.legal_ids()
        a = rng.choice(ids)
        state.play(a)
        played.append(a)
    return played


def test_games_are_the_registry():
    assert boardgames.games() == ["slimetrail", "splut", "elements", "repello", "arandia"]
    info = boardgames.game_info("splut")
    assert (info["min_players"], info["max_players"], info["has_chance"]) == (2, 4, False)
    assert info["seat_names"] == ["s", "w", "n", "e"]
    assert [p["key"] for p in info["params"]] == ["players", "seats", "first", "turn_limit"]
    assert boardgames.game_info("arandia")["has_chance"] is True
    assert boardgames.game_info("slimetrail")["has_solver"] is True


def test_exceptions_are_value_errors_with_the_engine_messages():
    assert issubclass(boardgames.NotationError, ValueError)
    assert issubclass(boardgames.IllegalAction, ValueError)
    assert not issubclass(boardgames.NotationError, boardgames.IllegalAction)
    with pytest.raises(boardgames.NotationError, match=r"unknown game `chess` \(known: slimetrail"):
        boardgames.Game("chess")
    with pytest.raises(boardgames.NotationError, match="players"):
        boardgames.Game("splut", "players=9")
    with pytest.raises(boardgames.NotationError, match="at byte 0"):
        boardgames.Game("slimetrail").state("zz")
    # Exceptions pickle (for multiprocessing and task queues).
    e = pickle.loads(pickle.dumps(boardgames.IllegalAction("x")))
    assert isinstance(e, boardgames.IllegalAction) and str(e) == "x"


@pytest.mark.parametrize("name,params", CONFIGS, ids=CONFIG_IDS)
def test_game_properties_equal_boardgame_info(boardgame_bin, name, params):
    g = boardgames.Game(name, params)
    lines = cli(boardgame_bin, "info", name, "--params", params).splitlines()
    assert g.info() == "\n".join(lines) + "\n"
    info = dict(line.split(" ", 1) for line in lines)
    assert g.num_distinct_actions == int(info["num_distinct_actions"])
    assert g.max_chance_outcomes == int(info["max_chance_outcomes"])
    assert g.observation_shape == tuple(int(x) for x in info["observation_shape"].split())
    length = info["max_game_length"]
    assert g.max_game_length == (None if length == "none" else int(length))
    assert g.name == name and len(g.seats) == g.num_players
    s = g.new_state()
    assert s.position() == cli(boardgame_bin, "apply", name, "--params", params).strip()


def test_game_params_are_normalised_and_games_compare():
    g = boardgames.Game("splut", "players=2")
    assert g.params == "" and g.seats == ["s", "n"]
    assert g == boardgames.Game("splut") and hash(g) == hash(boardgames.Game("splut"))
    assert g != boardgames.Game("splut", "players=3")
    assert pickle.loads(pickle.dumps(g)) == g
    assert repr(g) == 'boardgames.Game("splut", "")'
    assert boardgames.Game("slimetrail", "size=5").title == "Slime Trail"
    assert "Notation" in g.rules


def test_a_state_plays_by_text_and_id_and_undoes():
    g = boardgames.Game("slimetrail", "size=5")
    s = g.new_state()
    assert s.current_seat() == 0 and not s.is_chance() and not s.is_over()
    assert s.legal_actions() == ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    assert s.legal_ids() == [s.action_id(a) for a in s.legal_actions()]
    assert [s.action_text(i) for i in s.legal_ids()] == s.legal_actions()
    start = s.position()
    s.play("c2")
    assert s.current_seat() == 1
    s.play(s.legal_ids()[0])
    s.play(np.int64(s.legal_ids()[-1]))  # NumPy integers are ids too
    assert s.history() == ["c2", "b1", s.history()[2]] and len(s.history_ids()) == 3
    for _ in range(3):
        s.undo()
    assert s.position() == start and s.history() == []
    with pytest.raises(boardgames.IllegalAction, match="no action to take back"):
        s.undo()


def test_bad_plays_raise_and_change_nothing():
    s = boardgames.Game("repello").new_state()
    random_play(s, random.Random(1), 7)
    before = (s.position(), s.history_ids())
    for bad, error in [
        ("zz", boardgames.NotationError),
        ("", boardgames.NotationError),
        ("#x", boardgames.NotationError),
        ("#99999", boardgames.IllegalAction),
        (10**6, boardgames.IllegalAction),
        (-1, boardgames.IllegalAction),
        (2**80, boardgames.IllegalAction),
    ]:
        with pytest.raises(error):
            s.play(bad)
        assert (s.position(), s.history_ids()) == before
    for wrong_type in [1.5, None, b"a1", True, [1]]:
        with pytest.raises(TypeError):
            s.play(wrong_type)
    # An action that reads but is illegal here: a legal action of the start position, once
    # a piece sits on its cell.
    t = boardgames.Game("slimetrail").new_state()
    t.play("c3")
    with pytest.raises(boardgames.IllegalAction):
        t.play("c3")


def test_the_end_returns_and_outcome():
    s = boardgames.Game("slimetrail", "size=5").new_state()
    assert s.returns() == [0.0, 0.0] and s.outcome() is None
    random_play(s, random.Random(2), 100)
    assert s.is_over() and s.current_seat() is None and s.legal_actions() == []
    r = s.returns()
    assert sorted(r) == [-1.0, 1.0]
    o = s.outcome()
    assert o["winners"] == [r.index(1.0)] and o["draw"] is False and o["scores"] is None
    assert s.status_line() == "over: " + o["summary"]
    with pytest.raises(boardgames.IllegalAction, match="over"):
        s.play("a1")


def test_shared_wins_split_the_return():
    # Repello ends with the top scores sharing the win; find a shared win by random play.
    rng = random.Random(5)
    for _ in range(300):
        s = boardgames.Game("repello", "players=3").new_state()
        random_play(s, rng, 5000)
        if len(s.outcome()["winners"]) > 1:
            break
    else:
        pytest.skip("no shared win in 300 random games")
    k, n = len(s.outcome()["winners"]), 3
    for i, r in enumerate(s.returns()):
        assert r == ((n - k) / (n - 1) if i in s.outcome()["winners"] else -1.0)
    assert sorted(s.returns(split=False)).count(1.0) == k


def test_chance_outcomes_are_exact_fractions():
    s = boardgames.Game("arandia", "turn_limit=5").new_state()
    while not s.is_chance():
        s.play(s.legal_ids()[0])
    assert s.current_seat() is None
    outs = s.chance_outcomes()
    assert [t for t, _ in outs] == s.legal_actions()
    assert all(isinstance(p, fractions.Fraction) for _, p in outs)
    assert sum(p for _, p in outs) == 1
    assert [i for i, _ in s.chance_ids()] == s.legal_ids()
    assert s.legal_mask().shape == (s.game.max_chance_outcomes,)
    s.play("3")
    assert not s.is_chance()
    assert boardgames.Game("splut").new_state().chance_outcomes() == []


def test_copies_pickles_equality_and_hash():
    s = boardgames.Game("splut", "players=3").new_state()
    random_play(s, random.Random(3), 40)
    for c in [s.clone(), copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))]:
        assert c == s and hash(c) == hash(s) and c is not s
        assert c.history_ids() == s.history_ids()
        c.undo()  # a copy undoes on its own
        assert c != s
    t = s.clone()
    t.play(t.legal_ids()[0])
    assert t != s and s.history_ids() != t.history_ids()
    # A state from a position: equal to the played one, pickles through its position.
    p = s.game.state(s.position())
    assert p == s and hash(p) == hash(s) and p.history() == []
    q = pickle.loads(pickle.dumps(p))
    assert q == p
    with pytest.raises(boardgames.IllegalAction):
        q.undo()
    assert {s: 1}[p] == 1
    assert s != boardgames.Game("splut", "players=4").new_state()
    assert (s == "not a state") is False


def test_str_is_the_board_drawing_and_view_is_data(boardgame_bin):
    s = boardgames.Game("splut").new_state()
    shown = cli(boardgame_bin, "show", "splut")
    assert shown.startswith(str(s))
    v = s.view()
    assert {"geometry", "cells", "seats", "status"} <= set(v)
    assert any(c.get("pieces") for c in v["cells"])
    assert "boardgames.State splut" in repr(s)


@pytest.mark.parametrize("name,params", CONFIGS, ids=CONFIG_IDS)
def test_observations_have_the_shape_and_equal_the_cli(engine, name, params):
    g = boardgames.Game(name, params)
    s = g.new_state()
    random_play(s, random.Random(4), 25)
    engine.ok(f"game {name} {params}")
    engine.ok(f"position {s.position()}")
    for seat in range(g.num_players):
        o = s.observation(seat)
        assert o.dtype == np.float32 and o.shape == g.observation_shape and o.flags.c_contiguous
        assert o.min() >= 0.0 and o.max() <= 1.0
        cli_values = np.array(engine.ok(f"observe {g.seats[seat]}")[0].split(), dtype=np.float32)
        np.testing.assert_allclose(o.ravel(), cli_values, rtol=1e-6)
        assert np.array_equal(s.observation(g.seats[seat]), o)  # by name too
    # Written in place into a buffer of ours.
    buf = np.full(g.observation_shape, 7.0, dtype=np.float32)
    out = s.observation(0, out=buf)
    assert out is buf and np.array_equal(buf, s.observation(0))
    with pytest.raises(boardgames.IllegalAction):
        s.observation(0, out=np.zeros(3, dtype=np.float32))
    with pytest.raises(boardgames.IllegalAction, match="no seat number"):
        s.observation(g.num_players)
    with pytest.raises(boardgames.NotationError):
        s.observation("zz")
    with pytest.raises(TypeError):
        s.observation(0, out=np.zeros(g.observation_shape, dtype=np.float64))


def test_legal_mask_marks_the_legal_ids():
    s = boardgames.Game("elements", "board=blitz").new_state()
    random_play(s, random.Random(6), 10)
    m = s.legal_mask()
    assert m.dtype == np.int8 and m.shape == (s.game.num_distinct_actions,)
    assert sorted(np.flatnonzero(m).tolist()) == sorted(s.legal_ids())
    buf = np.ones(s.game.num_distinct_actions, np.int8)
    assert s.legal_mask(out=buf) is buf and np.array_equal(buf, m)


def test_seats_in_play_shrink_when_a_team_is_eliminated():
    rng = random.Random(8)
    for _ in range(50):
        s = boardgames.Game("splut", "players=4").new_state()
        while not s.is_over() and len(s.in_play()) == 4:
            s.play(rng.choice(s.legal_ids()))
        if not s.is_over():
            break
    gone = set(range(4)) - set(s.in_play())
    assert gone and s.current_seat() not in gone


@pytest.mark.parametrize("name,params,depth", [("slimetrail", "", 4), ("splut", "players=3", 3), ("arandia", "", 4), ("repello", "", 2)])
def test_perft_equals_the_cli(boardgame_bin, name, params, depth):
    s = boardgames.Game(name, params).new_state()
    assert s.perft(depth) == int(cli(boardgame_bin, "perft", name, str(depth), "--params", params).split()[-1])
    assert s.position() == boardgames.Game(name, params).new_state().position()
    with pytest.raises(boardgames.IllegalAction):
        s.perft(1000)


def test_playouts_count_every_game():
    s = boardgames.Game("arandia", "turn_limit=20").new_state()
    p = s.playouts(200, seed=3)
    assert p["playouts"] == 200 and len(p["wins"]) == 2
    assert sum(p["wins"]) + p["draws"] + p["unfinished"] == 200
    assert p["actions"] >= p["longest"] > 0
    assert s.playouts(200, seed=3) == p  # same seed, same games
    assert s.playouts(10, seed=3, max_actions=3) == {
        "playouts": 10, "actions": 30, "longest": 3, "wins": [0, 0], "draws": 0, "unfinished": 10
    }
    assert s.position() == boardgames.Game("arandia", "turn_limit=20").new_state().position()


def test_agents_choose_inform_and_explain():
    g = boardgames.Game("slimetrail", "size=5")
    s = g.new_state()
    a = boardgames.Agent("mcts:iterations=300", g, seed=1)
    assert (a.spec, a.seed, a.name) == ("mcts:iterations=300", 1, "mcts")
    assert a.analysis() is None
    choice = a.choose(s)
    assert choice in s.legal_actions()
    an = a.analysis()
    assert an["seat"] == 0 and an["line"][0] == choice and an["iterations"] >= 300
    assert {x["action"] for x in an["actions"]} == set(s.legal_actions())
    # Followed game: inform plays at the agent's position.
    a.inform(choice)
    s.play(choice)
    assert a.position() == s.position()
    reply = a.choose(s)
    a.inform(s.action_id(reply))
    s.play(reply)
    assert a.position() == s.position()
    with pytest.raises(boardgames.IllegalAction):
        a.inform("c2")  # taken: nothing changed
    assert a.position() == s.position()
    with pytest.raises(boardgames.NotationError):
        a.inform("zz")
    # A state it was not following: it starts afresh there.
    other = g.state("5/5/2@2/5/5 1")
    assert a.choose(other) in other.legal_actions()
    a.restart()
    assert a.position() == g.new_state().position()
    with pytest.raises(boardgames.NotationError, match="unknown agent"):
        boardgames.Agent("gnugo", g)
    with pytest.raises(boardgames.IllegalAction, match="this agent plays slimetrail"):
        a.choose(boardgames.Game("splut").new_state())
    with pytest.raises(boardgames.IllegalAction, match="this agent plays slimetrail with parameters `size=5`"):
        a.choose(boardgames.Game("slimetrail").new_state())
    over = g.new_state()
    random_play(over, random.Random(1), 100)
    with pytest.raises(boardgames.IllegalAction):
        a.choose(over)


def test_the_same_spec_seed_and_position_give_the_same_choice(boardgame_bin):
    g = boardgames.Game("repello", "players=3")
    s = g.new_state()
    random_play(s, random.Random(9), 12)
    ours = boardgames.Agent("mcts:iterations=200", g, seed=7).choose(s)
    theirs = cli(boardgame_bin, "best", "repello", "--params", "players=3", "--position", s.position(),
                 "--agent", "mcts:iterations=200", "--seed", "7").split()[-1]
    assert ours == theirs


def test_choose_releases_the_interpreter():
    g = boardgames.Game("slimetrail")
    s = g.new_state()
    a = boardgames.Agent("mcts:time=300ms", g, seed=1)
    ticks = []
    done = threading.Event()

    def search():
        a.choose(s)
        done.set()

    t = threading.Thread(target=search)
    start = time.perf_counter()
    t.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    took = time.perf_counter() - start
    assert took > 0.05, "the search was too short to tell"
    # The main thread kept running during the search: one tick every few milliseconds.
    assert len(ticks) > took / 0.01


def test_solve_equals_the_cli(boardgame_bin):
    sol = boardgames.solve("slimetrail", "size=5")
    out = cli(boardgame_bin, "solve", "slimetrail", "--params", "size=5").split("\n")
    assert sol["value"] == out[0]
    assert [f"{a} {v}" for a, v in sol["moves"].items()] == [l for l in out[1:] if l]
    pos = "5/5/2@2/5/5 1"
    assert boardgames.solve("slimetrail", "size=5", pos)["value"] == "win"
    with pytest.raises(boardgames.IllegalAction, match="no exact solver"):
        boardgames.solve("splut")
    with pytest.raises(boardgames.NotationError):
        boardgames.solve("slimetrail", "size=5", "nonsense")


MATCHES = [
    ("slimetrail", "size=5", ["mcts:iterations=100", "random"], 8, 3, 1, None),
    ("repello", "players=3", ["random", "alphabeta:nodes=50"], 5, 11, 2, None),
    ("arandia", "players=2", ["random", "mcts:iterations=30"], 4, 2, 2, 300),
    ("arandia", "players=3,turn_limit=20", ["random"], 3, 5, 1, None),
    ("splut", "players=4", ["random", "mcts:iterations=20"], 3, 1, 2, None),
]


@pytest.mark.slow
@pytest.mark.parametrize("game,params,agents,games,seed,jobs,cap", MATCHES)
def test_match_equals_boardgame_match(boardgame_bin, game, params, agents, games, seed, jobs, cap):
    args = ["match", game, "--params", params, "--games", str(games), "--seed", str(seed),
            "--jobs", str(jobs), "--quiet"]
    for a in agents:
        args += ["--agent", a]
    if cap is not None:
        args += ["--max-actions", str(cap)]
    want = cli(boardgame_bin, *args).splitlines()[-len(agents):]
    got = boardgames.match(game, params, agents=agents, games=games, seed=seed, jobs=jobs, max_actions=cap)
    assert [f"{t['agent']} wins={t['wins']} draws={t['draws']} losses={t['losses']}" for t in got] == want
    # Games one by one (as tasks would play them) add up to the same tally, with the
    # command's lines and records.
    total = [dict(wins=0, draws=0, losses=0) for _ in agents]
    lines = cli(boardgame_bin, *[a for a in args if a != "--quiet"]).splitlines()
    for g in range(games):
        r = boardgames.play_game(game, params, agents=agents, seed=seed, number=g, max_actions=cap)
        assert r["line"] == lines[g] and r["number"] == g + 1 and r["index"] == g
        for t, add in zip(total, r["tally"]):
            for k in t:
                t[k] += add[k]
    assert [f"{a} wins={t['wins']} draws={t['draws']} losses={t['losses']}" for a, t in zip(agents, total)] == want


def test_play_game_is_the_record_of_boardgame_match(boardgame_bin, tmp_path):
    path = tmp_path / "r.jsonl"
    cli(boardgame_bin, "match", "arandia", "--params", "turn_limit=15", "--agent", "random", "--agent",
        "mcts:iterations=20", "--games", "2", "--seed", "4", "--record", str(path), "--quiet")
    import json
    records = [json.loads(l) for l in path.read_text().splitlines()]
    for g, want in enumerate(records):
        r = boardgames.play_game("arandia", "turn_limit=15", agents=["random", "mcts:iterations=20"], seed=4, number=g)
        assert {k: r[k] for k in want} == want
    d = boardgames.match_defaults("arandia", "players=4")
    assert d == {"params": "players=4,turn_limit=300000", "turn_limit": 300000, "max_actions": 5400000}


def test_match_refuses_bad_arguments():
    with pytest.raises(boardgames.NotationError, match="at least one agent"):
        boardgames.match("slimetrail", agents=[])
    with pytest.raises(boardgames.NotationError, match="unknown agent"):
        boardgames.match("slimetrail", agents=["gnugo"])
    with pytest.raises(boardgames.NotationError):
        boardgames.match("slimetrail", "size=8", agents=["random"])
    with pytest.raises(boardgames.NotationError):
        boardgames.play_game("slimetrail", agents=["random"], position="nonsense")
    with pytest.raises(boardgames.NotationError):
        boardgames.match_defaults("chess")
