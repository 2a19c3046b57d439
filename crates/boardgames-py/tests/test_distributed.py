"""boardgames.distributed on a local Ray cluster (two CPUs): matches, tournaments, self-play and
the split Slime Trail solve give the numbers of the package and of the `boardgame` command, and
self-play and solve resume after a kill. Skipped when Ray is not installed; the whole file takes
about a minute on two cores."""

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

ray = pytest.importorskip("ray")

import boardgames  # noqa: E402
from boardgames import distributed as D  # noqa: E402
from boardgames.distributed import _cluster, _selfplay, _solve  # noqa: E402

from conftest import cli  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    """One local cluster for the module: two CPUs, no dashboard; always shut down."""
    if ray.is_initialized():
        ray.shutdown()
    info = ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR",
                    log_to_driver=False)
    try:
        yield info
    finally:
        ray.shutdown()


def _cli_tally(binary, game, params, agents, games, seed, extra=()):
    args = ["match", game, "--params", params, "--games", str(games), "--seed", str(seed),
            "--quiet", *extra]
    for a in agents:
        args += ["--agent", a]
    lines = cli(binary, *args).splitlines()[-len(agents):]
    return lines


def _lines(tally):
    return [f"{t['agent']} wins={t['wins']} draws={t['draws']} losses={t['losses']}"
            for t in tally]


# ---------------------------------------------------------------------------------------------
# match


def test_batches_cover_every_game_once(cluster):
    for count, batch in [(0, None), (1, None), (10, 3), (100, None), (7, 7), (7, 100)]:
        slices = _cluster._batches(count, batch)
        numbers = [n for start, stop in slices for n in range(start, stop)]
        assert numbers == list(range(count))
    assert max(stop - start for start, stop in _cluster._batches(1000, None)) <= 64
    with pytest.raises(ValueError):
        _cluster._batches(5, 0)


@pytest.mark.parametrize(
    "game, params, agents, games, seed",
    [
        ("slimetrail", "size=5", ["mcts:iterations=50", "random"], 20, 3),
        # Three seats, two agents (seats alternate), wins shared at the top.
        ("repello", "players=3", ["random", "alphabeta:nodes=50"], 9, 2),
        ("arandia", "players=2,turn_limit=40", ["random", "mcts:iterations=20"], 6, 5),
    ],
)
def test_match_equals_the_package_and_the_command(cluster, boardgame_bin, game, params, agents,
                                                   games, seed):
    local = boardgames.match(game, params, agents, games=games, seed=seed)
    for batch in (None, 1, 4):
        assert D.match(game, params, agents, games=games, seed=seed, batch=batch) == local
    assert _lines(local) == _cli_tally(boardgame_bin, game, params, agents, games, seed)


def test_match_with_a_cap_and_a_position(cluster, boardgame_bin):
    agents = ["random", "random:seed=9"]
    got = D.match("splut", "players=3", agents, games=6, seed=4, max_actions=30)
    assert got == boardgames.match("splut", "players=3", agents, games=6, seed=4,
                                   max_actions=30)
    assert sum(t["unfinished"] for t in got) > 0  # the cap stopped games
    assert _lines(got) == _cli_tally(boardgame_bin, "splut", "players=3", agents, 6, 4,
                                     ["--max-actions", "30"])
    state = boardgames.Game("slimetrail", "size=5").new_state()
    state.play("c2")
    pos = state.position()
    got = D.match("slimetrail", "size=5", agents, games=8, seed=1, position=pos, batch=3)
    assert got == boardgames.match("slimetrail", "size=5", agents, games=8, seed=1,
                                   position=pos)
    assert _lines(got) == _cli_tally(boardgame_bin, "slimetrail", "size=5", agents, 8, 1,
                                     ["--position", pos])


def test_match_refuses_bad_arguments_before_any_task(cluster):
    with pytest.raises(boardgames.NotationError):
        D.match("nosuchgame", "", ["random"], games=2)
    with pytest.raises(boardgames.NotationError):
        D.match("slimetrail", "", ["mcts:iterations=-1"], games=2)
    with pytest.raises(boardgames.NotationError):
        D.match("slimetrail", "size=4", ["random"], games=2)


# ---------------------------------------------------------------------------------------------
# tournament


@pytest.mark.parametrize(
    "game, params, agents, games, seed",
    [
        ("slimetrail", "size=5", ["random", "mcts:iterations=50", "alphabeta:nodes=200"], 4, 1),
        ("repello", "players=3", ["random", "mcts:iterations=30", "alphabeta:nodes=40"], 2, 7),
    ],
)
def test_tournament_equals_the_command(cluster, boardgame_bin, game, params, agents, games,
                                       seed):
    args = ["tournament", game, "--params", params, "--games", str(games), "--seed",
            str(seed), "--quiet"]
    for a in agents:
        args += ["--agent", a]
    expected = cli(boardgame_bin, *args).splitlines()[-len(agents):]
    for batch in (None, 1, 5):
        table = D.tournament(game, params, agents, games=games, seed=seed, batch=batch)
        assert [row["line"] for row in table["rows"]] == expected
        assert table["games"] == games * len(agents) * (len(agents) - 1) // 2
    assert sorted(row["agent"] for row in table["rows"]) == list(range(len(agents)))
    assert all(r["low"] <= r["elo"] <= r["high"] for r in table["rows"])


def test_tournament_table_reads_every_record_back(cluster):
    from boardgames import _boardgames as B

    agents = ["random", "mcts:iterations=20"]
    kw = dict(games=2, seed=3)
    games = [B.tournament_game("slimetrail", "size=5", agents, number=n, **kw) for n in range(2)]
    records = [(g["index"], g["record"]) for g in games]
    table = B.tournament_table("slimetrail", "size=5", agents, records=records, **kw)
    assert table["games"] == 2
    assert sum(r["games"] for r in table["rows"]) == 4  # each game counts for both agents
    with pytest.raises(boardgames.NotationError):  # a number given twice
        B.tournament_table("slimetrail", "size=5", agents, records=records * 2, **kw)
    with pytest.raises(boardgames.NotationError):  # out of range
        B.tournament_table("slimetrail", "size=5", agents, records=[(2, records[0][1])], **kw)
    with pytest.raises(boardgames.NotationError):  # the record of another game number
        B.tournament_table("slimetrail", "size=5", agents,
                           records=[(0, records[1][1]), (1, records[0][1])], **kw)
    with pytest.raises(boardgames.NotationError):  # another seed's record
        B.tournament_table("slimetrail", "size=5", agents, records=records, games=2, seed=4)
    with pytest.raises(boardgames.IllegalAction):
        B.tournament_game("slimetrail", "size=5", agents, number=2, **kw)
    with pytest.raises(boardgames.NotationError):  # a round robin needs two agents
        D.tournament("slimetrail", "size=5", ["random"], games=2)


# ---------------------------------------------------------------------------------------------
# selfplay


def _load(path):
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


def test_selfplay_shards(cluster, tmp_path):
    out = tmp_path / "sp"
    got = D.selfplay("slimetrail", "size=5", "mcts:iterations=40", games=5, out_dir=str(out),
                     seed=1, shard_size=2)
    assert got["written"] == 3 and got["skipped"] == 0
    assert [os.path.basename(p) for p in got["shards"]] == [
        "shard-00000.npz", "shard-00001.npz", "shard-00002.npz"]
    game = boardgames.Game("slimetrail", "size=5")
    n_ids = game.num_distinct_actions
    total = 0
    for k, path in enumerate(got["shards"]):
        z = _load(path)
        n = len(z["seat"])
        total += n
        assert z["observation"].shape == (n,) + tuple(game.observation_shape)
        assert z["observation"].dtype == np.float32
        assert z["legal_mask"].shape == (n, n_ids) and z["legal_mask"].dtype == np.uint8
        assert z["policy"].shape == (n, n_ids) and z["policy"].dtype == np.float32
        assert z["returns"].shape == (n, 2) and z["returns"].dtype == np.float32
        np.testing.assert_allclose(z["policy"].sum(axis=1), 1.0, rtol=1e-5)
        assert not (z["policy"][z["legal_mask"] == 0]).any()  # visits only on legal ids
        assert (z["legal_mask"][np.arange(n), z["action"]] == 1).all()
        assert set(np.unique(z["game"])) <= {2 * k, 2 * k + 1}
        assert z["finished"].all()
        # Slime Trail: the seats alternate, one wins (+1) and the other loses (-1).
        for g in np.unique(z["game"]):
            rows = z["game"] == g
            assert list(z["seat"][rows]) == [i % 2 for i in range(rows.sum())]
            assert sorted(z["returns"][rows][0]) == [-1.0, 1.0]
        # Each sample is the observation of its position: replay the game's actions.
        g0 = z["game"][0]
        state = game.new_state()
        for i in np.flatnonzero(z["game"] == g0):
            np.testing.assert_array_equal(z["observation"][i], state.observation(int(z["seat"][i])))
            np.testing.assert_array_equal(z["legal_mask"][i], state.legal_mask())
            state.play(int(z["action"][i]))
        assert state.is_over()
        assert list(z["returns"][z["game"] == g0][0]) == state.returns()
    assert got["samples"] == total
    again = D.selfplay("slimetrail", "size=5", "mcts:iterations=40", games=5, out_dir=str(out),
                       seed=1, shard_size=2)
    assert (again["written"], again["skipped"], again["samples"]) == (0, 3, 0)
    with pytest.raises(ValueError):  # another run's arguments in the same directory
        D.selfplay("slimetrail", "size=5", "mcts:iterations=40", games=5, out_dir=str(out),
                   seed=2, shard_size=2)


def test_selfplay_visits_are_the_searchs(cluster, tmp_path):
    """The policy is the search's visit distribution (not one-hot), seeded the same way on
    every run; random agents give one-hot policies."""
    a = D.selfplay("repello", "players=3", "mcts:iterations=60", games=2, out_dir=str(tmp_path / "a"),
                   seed=5, shard_size=2)
    b = D.selfplay("repello", "players=3", "mcts:iterations=60", games=2, out_dir=str(tmp_path / "b"),
                   seed=5, shard_size=1)
    za = _load(a["shards"][0])
    zb = {k: np.concatenate([_load(p)[k] for p in b["shards"]]) for k in za}
    for k in za:
        np.testing.assert_array_equal(za[k], zb[k])
    assert (za["policy"].max(axis=1) < 1.0).any()
    assert set(np.unique(za["seat"])) == {0, 1, 2}
    r = D.selfplay("slimetrail", "size=5", "random", games=2, out_dir=str(tmp_path / "r"))
    z = _load(r["shards"][0])
    assert (z["policy"].max(axis=1) == 1.0).all()
    assert (np.argmax(z["policy"], axis=1) == z["action"]).all()


def _driver(code: str, address: str) -> subprocess.Popen:
    """A second Ray driver in a subprocess, connected to the test's cluster at `address`
    (the code connects with `ray.init(address=ADDRESS)`)."""
    src = textwrap.dedent(code).replace("ADDRESS", repr(address))
    return subprocess.Popen([sys.executable, "-c", src],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _wait_for(check, proc, timeout=120.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if check():
            return True
        if proc.poll() is not None:
            return False
        time.sleep(0.02)
    return False


def test_selfplay_resumes_after_a_kill(cluster, tmp_path):
    out = tmp_path / "killed"
    args = dict(game="slimetrail", params="", agent="mcts:iterations=300", games=16,
                seed=11, shard_size=1)
    proc = _driver(f"""
        import ray
        from boardgames import distributed as D
        ray.init(address=ADDRESS, logging_level="ERROR", log_to_driver=False)
        D.selfplay(out_dir={str(out)!r}, **{args!r})
    """, cluster.address_info["address"])
    shards = lambda: sorted(out.glob("shard-*.npz")) if out.exists() else []  # noqa: E731
    try:
        assert _wait_for(lambda: len(shards()) >= 2, proc), "no shard was written"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    before = {p.name: p.stat().st_mtime_ns for p in shards()}
    assert 2 <= len(before) < 16, "the run was not stopped midway"
    resumed = D.selfplay(out_dir=str(out), **args)
    assert resumed["skipped"] >= len(before)
    assert resumed["skipped"] + resumed["written"] == 16
    for p in shards():  # the shards written before the kill were kept as they were
        if p.name in before:
            assert p.stat().st_mtime_ns == before[p.name]
    # The shards are the run's whoever wrote them: replay two of the kept ones from scratch.
    meta = json.loads((out / "selfplay.json").read_text())
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    for name in sorted(before)[:2]:
        k = int(name[len("shard-"):-len(".npz")])
        ray.get(_selfplay._selfplay_shard.remote("slimetrail", "", args["agent"], args["seed"],
                                         meta["max_actions"], None, k, k + 1,
                                         str(fresh / name)))
        x, y = _load(out / name), _load(fresh / name)
        assert x.keys() == y.keys()
        for key in x:
            np.testing.assert_array_equal(x[key], y[key])


# ---------------------------------------------------------------------------------------------
# solve


def _cli_solve(binary, params, position=None):
    args = ["solve", "slimetrail", "--params", params] + (["--position", position] if position else [])
    lines = cli(binary, *args).splitlines()
    return {"value": lines[0], "moves": dict(line.split() for line in lines[1:])}


def _random_positions(params, plies, count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = boardgames.Game("slimetrail", params).new_state()
        for _ in range(plies):
            if state.is_over():
                break
            state.play(rng.choice(state.legal_actions()))
        if not state.is_over():
            out.append(state.position())
    return out


def test_solve_5x5_equals_the_package(cluster):
    positions = [None] + _random_positions("size=5", 2, 3, 1) + _random_positions("size=5", 5, 3, 2)
    for position in positions:
        expected = boardgames.solve("slimetrail", "size=5", position)
        for depth in (1, 2, 3, 5):
            stats = {}
            assert D.solve("slimetrail", "size=5", position, depth=depth, stats=stats) == expected
            assert stats["frontier"] == stats["cached"] + stats["solved"] + stats["cancelled"] + \
                stats["skipped"] + stats["split"]
            assert min(stats.values()) >= 0
            alone = {}
            assert D.solve("slimetrail", "size=5", position, depth=depth, moves=False,
                           stats=alone) == {"value": expected["value"]}


@pytest.fixture(scope="module")
def start_7x7(boardgame_bin):
    """`boardgame solve slimetrail`: the 7x7 start and every first move."""
    return _cli_solve(boardgame_bin, "")


def test_solve_7x7_equals_the_command(cluster, boardgame_bin, start_7x7, tmp_path):
    expected = start_7x7
    assert expected == boardgames.solve("slimetrail")
    stats = {}
    results = tmp_path / "r7.jsonl"
    got = D.solve("slimetrail", "", None, depth=3, results=str(results), stats=stats)
    assert got == expected
    # Decided nodes needed fewer subtrees than the frontier holds.
    assert stats["skipped"] + stats["cancelled"] > 0
    assert stats["solved"] + stats["cached"] < stats["frontier"]
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(lines) == stats["solved"] and all(r["params"] == "" for r in lines)
    # Each kept value is the package's for its position.
    for row in lines[:: max(1, len(lines) // 8)]:
        assert boardgames.solve("slimetrail", "", row["position"])["value"] == row["value"]
    value = {}
    assert D.solve("slimetrail", "", None, depth=3, moves=False, stats=value) == \
        {"value": expected["value"]}
    assert value["nodes"] < stats["nodes"]
    # A position after two moves, through the command.
    position = _random_positions("", 2, 1, 5)[0]
    assert D.solve("slimetrail", "", position, depth=2) == _cli_solve(boardgame_bin, "", position)


def test_solve_splits_subtrees_over_budget(cluster, start_7x7, tmp_path):
    """A subtree not decided within the budget is split further, down to what fits."""
    stats = {}
    results = tmp_path / "b.jsonl"
    # bits=17: a table of its own in each worker (not the one earlier tests filled).
    got = D.solve("slimetrail", "", depth=2, budget=200_000, split_plies=1, bits=17,
                  results=str(results), stats=stats)
    assert got == start_7x7
    assert stats["split"] > 0
    assert stats["frontier"] == stats["cached"] + stats["solved"] + stats["cancelled"] + \
        stats["skipped"] + stats["split"]
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(rows) == stats["solved"]
    assert max(r["nodes"] for r in rows) <= 200_000  # only decided subtrees are kept
    # Subtrees were solved at several depths (the slimed cells are the plies played).
    assert len({r["position"].count("x") for r in rows}) > 1
    again = {}
    assert D.solve("slimetrail", "", depth=2, results=str(results), stats=again) == start_7x7
    assert again["solved"] < stats["solved"]


def test_solve_resumes_from_its_results_file(cluster, tmp_path):
    results = tmp_path / "r.jsonl"
    expected = boardgames.solve("slimetrail")
    first = {}
    assert D.solve("slimetrail", "", depth=3, results=str(results), stats=first) == expected
    lines = results.read_text().splitlines()
    # Kept: the first half, and half a line as a kill in the middle of a write leaves it.
    keep = lines[: len(lines) // 2]
    results.write_text("\n".join(keep) + "\n" + lines[len(keep)][:17])
    second = {}
    assert D.solve("slimetrail", "", depth=3, results=str(results), stats=second) == expected
    assert second["cached"] >= len(keep) > 0
    assert second["solved"] < first["solved"]
    # Every line reads again (the half line was closed off before appending).
    rows = [json.loads(line) for line in results.read_text().splitlines() if line != lines[len(keep)][:17]]
    assert len(rows) == len(keep) + second["solved"]
    third = {}
    assert D.solve("slimetrail", "", depth=3, results=str(results), stats=third) == expected
    assert third["solved"] == 0
    # Another depth reuses the same file: its positions are decided wherever they sit.
    fourth = {}
    assert D.solve("slimetrail", "", depth=2, results=str(results), stats=fourth) == expected


def test_solve_resumes_after_a_kill(cluster, tmp_path):
    results = tmp_path / "k.jsonl"
    proc = _driver(f"""
        import ray
        from boardgames import distributed as D
        ray.init(address=ADDRESS, logging_level="ERROR", log_to_driver=False)
        D.solve("slimetrail", "", depth=4, results={str(results)!r}, window=2)
    """, cluster.address_info["address"])
    count = lambda: len(results.read_text().splitlines()) if results.exists() else 0  # noqa: E731
    try:
        assert _wait_for(lambda: count() >= 10, proc), "no subtree was solved"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    kept = count()
    stats = {}
    assert D.solve("slimetrail", "", depth=4, results=str(results), stats=stats) == \
        boardgames.solve("slimetrail")
    assert stats["cached"] >= kept - 1 >= 9  # the last line may have been cut short


def test_a_cancelled_subtree_stops_between_slices(cluster):
    """ray.cancel stops a subtree task at its next slice (the worker lives on)."""
    start = boardgames.Game("slimetrail", "size=9").new_state().position()
    ref = _solve._solve_subtree.remote("size=9", start, 20, 1 << 16, False)
    time.sleep(2.0)
    began = time.time()
    ray.cancel(ref)
    with pytest.raises(ray.exceptions.TaskCancelledError):
        ray.get(ref, timeout=60)
    assert time.time() - began < 30
    small = boardgames.Game("slimetrail", "size=5").new_state().position()
    assert ray.get(_solve._solve_subtree.remote("size=5", small, None, 1 << 16, True))["value"] == "win"


def test_solve_refuses_what_the_package_refuses(cluster):
    with pytest.raises(boardgames.IllegalAction):
        D.solve("splut", "", depth=2)
    state = boardgames.Game("slimetrail", "size=5").new_state()
    for a in ["b2", "a1"]:
        state.play(a)
    assert state.is_over()
    with pytest.raises(boardgames.IllegalAction):
        D.solve("slimetrail", "size=5", state.position(), depth=2)
    with pytest.raises(ValueError):
        D.solve("slimetrail", "size=5", depth=0)


def test_solve_7x7_from_scratch_at_depth_4(cluster, start_7x7):
    stats = {}
    assert D.solve("slimetrail", "", depth=4, stats=stats) == start_7x7
    assert stats["cancelled"] + stats["skipped"] > 0
