"""Thousands of junk inputs through every entry point: each call succeeds or raises one of the
package's two exceptions (NotationError, IllegalAction); nothing panics or crashes the
interpreter (a Rust panic would surface as pyo3's PanicException, which is not an Exception
subclass and fails the test)."""

import random

import pytest

import boardgames
import boardgames.openspiel as bo
from boardgames.pettingzoo import raw_env

OURS = (boardgames.NotationError, boardgames.IllegalAction)
ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 =,:;#@/-*+.x|()[]_\t\n\x00é√🙂\ud800"


def junk_text(rng, seeds=()):
    """A random text, or a valid one (from `seeds`) with a few bytes changed."""
    if seeds and rng.random() < 0.6:
        chars = list(rng.choice(seeds))
        for _ in range(rng.randint(1, 3)):
            op = rng.randrange(3)
            at = rng.randrange(len(chars) + 1)
            if op == 0:
                chars.insert(at, rng.choice(ALPHABET))
            elif chars:
                at = min(at, len(chars) - 1)
                if op == 1:
                    del chars[at]
                else:
                    chars[at] = rng.choice(ALPHABET)
        return "".join(chars)
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 24)))


def junk_int(rng):
    return rng.choice([-1, -(2**70), 2**64, 2**200, rng.randint(-50, 5000), rng.randint(0, 10)])


REFUSED = object()


def call(f, *args, **kwargs):
    """Calls f: a result or one of our exceptions. Returns the result (REFUSED when refused)."""
    try:
        return f(*args, **kwargs)
    except OURS as e:
        assert str(e), f"an empty message from {f}"
        return REFUSED


STARTS = {
    (g, p): boardgames.Game(g, p).new_state()
    for g, p in [("slimetrail", "size=5"), ("splut", "players=3"), ("elements", "board=blitz"),
                 ("repello", "players=4"), ("arandia", "players=3,turn_limit=20")]
}


def sample_positions(rng):
    """Positions and actions met along random games, to mutate."""
    positions, actions = [], []
    for s0 in STARTS.values():
        s = s0.clone()
        for _ in range(60):
            if s.is_over():
                break
            positions.append(s.position())
            actions.extend(s.legal_actions())
            s.play(rng.choice(s.legal_ids()))
    return positions, actions


def test_junk_games_parameters_and_positions():
    rng = random.Random(1)
    names = boardgames.games()
    params = ["players=3", "size=5", "board=blitz,players=4", "turn_limit=7", "players=2,seats=we,first=w", "stack=3"]
    positions = {}
    for (name, p), s0 in STARTS.items():
        s = s0.clone()
        positions[name, p] = []
        for _ in range(60):
            if s.is_over():
                break
            positions[name, p].append(s.position())
            s.play(rng.choice(s.legal_ids()))
    made = 0
    for _ in range(5000):
        name = rng.choice(names) if rng.random() < 0.8 else junk_text(rng, names)
        call(boardgames.Game, name, junk_text(rng, params))
        call(boardgames.game_info, name)
        call(boardgames.match_defaults, name, junk_text(rng, params))
        (name, p), seeds = rng.choice(list(positions.items()))
        g = boardgames.Game(name, p)
        s = call(g.state, junk_text(rng, seeds) if rng.random() < 0.8 else rng.choice(seeds))
        if s is not REFUSED:
            made += 1
            # A position that reads is a position: every method works on it.
            for _ in range(5):
                if s.is_over():
                    break
                s.observation()
                s.legal_mask()
                s.chance_outcomes()
                s.play(rng.choice(s.legal_ids()))
            str(s), s.view(), s.returns(), s.outcome()
    assert made > 500


def test_junk_actions_ids_and_seats_on_every_game():
    rng = random.Random(2)
    _, actions = sample_positions(rng)
    refused = 0
    for _ in range(4000):
        s = rng.choice(list(STARTS.values())).clone()
        for _ in range(rng.randint(0, 30)):
            if s.is_over():
                break
            s.play(rng.choice(s.legal_ids()))
        before = (s.position(), s.history_ids())
        for junk in (junk_text(rng, actions), junk_int(rng), "#" + str(junk_int(rng))):
            if call(s.play, junk) is REFUSED:
                refused += 1
                assert (s.position(), s.history_ids()) == before
            else:
                s.undo()
                assert (s.position(), s.history_ids()) == before
        call(s.action_id, junk_text(rng, actions))
        call(s.action_text, junk_int(rng))
        call(s.describe, junk_text(rng, actions))
        call(s.observation, junk_int(rng))
        call(s.observation, junk_text(rng, ["1", "2", "s", "w", "n", "e", "0", "5", "a", "f"]))
        call(s.perft, rng.randint(0, 3) if rng.random() < 0.9 else rng.randint(60, 2**31))
    assert refused > 8000


def test_junk_agents_matches_solves_and_restores():
    rng = random.Random(3)
    specs = ["random", "mcts:iterations=20", "alphabeta:nodes=30", "solver", "mcts:iterations=5,threads=1", "random:seed=3"]
    g5 = boardgames.Game("slimetrail", "size=5")
    positions = ["5/5/2@2/5/5 1", "5/5/2x2/2@2/5 2", "5/5/5/5/5 1"]
    for _ in range(1500):
        spec = junk_text(rng, specs)
        a = call(boardgames.Agent, spec, g5, seed=rng.randint(0, 2**63))
        if a is not REFUSED:
            s = g5.new_state()
            call(a.inform, junk_text(rng, s.legal_actions()))
            call(a.inform, junk_int(rng))
            c = call(a.choose, s)
            assert c is REFUSED or c in s.legal_actions()
            a.analysis()
        game = rng.choice(["slimetrail", "repello", "arandia"]) if rng.random() < 0.8 else junk_text(rng, ["splut"])
        call(boardgames.match, game, junk_text(rng, ["players=3", "size=5", "turn_limit=3"]),
             agents=[junk_text(rng, specs)], games=1, seed=rng.randint(0, 99), max_actions=15)
        call(boardgames.play_game, game, "", agents=[junk_text(rng, specs), "random"],
             number=rng.randint(0, 3), max_actions=15, position=junk_text(rng, positions) if rng.random() < 0.3 else None)
        call(boardgames.solve, junk_text(rng, ["slimetrail"]), "size=5", junk_text(rng, positions))
        call(boardgames._boardgames._restore, game, "", junk_text(rng, positions) if rng.random() < 0.5 else None,
             [abs(junk_int(rng)) % 2**63 for _ in range(rng.randint(0, 3))])


def test_junk_through_the_openspiel_and_pettingzoo_layers():
    rng = random.Random(4)
    keys = ["players", "size", "board", "turn_limit", "stack", "colour"]
    for _ in range(3000):
        name = rng.choice(boardgames.games())
        params = {rng.choice(keys): rng.choice([junk_int(rng), junk_text(rng, ["2", "blitz", "sn"])])
                  for _ in range(rng.randint(0, 2))}
        call(bo.to_params, name, params)
        call(raw_env, name, junk_text(rng, ["players=3", "size=5"]), render_mode=rng.choice([None, "ansi", "human"]))


def test_wrong_types_are_type_errors():
    s = boardgames.Game("slimetrail").new_state()
    for bad in [None, 1.5, b"c3", [1], {"a": 1}, True]:
        with pytest.raises(TypeError):
            s.play(bad)
        with pytest.raises(TypeError):
            s.action_text(bad)
    with pytest.raises(TypeError):
        boardgames.Game(3)
    with pytest.raises(TypeError):
        boardgames.match("slimetrail", agents="random")
