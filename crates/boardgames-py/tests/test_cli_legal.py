"""Legal actions through Python equal the command line's along random games of every game and
player count: at every position, `legal_actions()` sorted by bytes is `boardgame engine`'s
`legal`, the ids are its `ids`, the chance outcomes its `OUTCOME:NUM/DEN`, the status its
`status`."""

import random
import zlib

import pytest

import boardgames
from conftest import CONFIGS, CONFIG_IDS


def sort_bytes(texts):
    return sorted(texts, key=lambda t: t.encode())


@pytest.mark.parametrize("name,params", CONFIGS, ids=CONFIG_IDS)
def test_legal_actions_equal_the_cli_along_random_games(engine, name, params):
    rng = random.Random(zlib.crc32(f"{name} {params}".encode()))
    game = boardgames.Game(name, params)
    engine.ok(f"game {name} {params}")
    positions = 0
    for _ in range(4):
        s = game.new_state()
        engine.ok(f"position {s.position()}")
        # Long games (Splut!, Repello) are followed for their first 300 actions.
        for _ in range(300):
            legal = engine.ok("legal")[0]
            ids = engine.ok("ids")[0]
            assert engine.ok("status")[0] == s.status_line()
            positions += 1
            if s.is_over():
                assert legal == "" and s.legal_actions() == []
                break
            if s.is_chance():
                want = " ".join(
                    f"{t}:{p.numerator}/{p.denominator}" for t, p in sorted(s.chance_outcomes(), key=lambda x: x[0].encode())
                )
            else:
                want = " ".join(sort_bytes(s.legal_actions()))
            assert legal == want
            by_text = dict(zip(s.legal_actions(), s.legal_ids()))
            assert ids == " ".join(str(by_text[t.split(":")[0]]) for t in legal.split())
            # Play by id or by text, alternately, and tell the engine the same.
            if rng.random() < 0.5:
                a = rng.choice(s.legal_ids())
                engine.ok(f"play #{a}")
            else:
                a = rng.choice(s.legal_actions())
                engine.ok(f"play {a}")
            s.play(a)
            assert engine.ok("status")[0] == s.status_line()
        assert engine.ask("legal")  # the engine answers after the last action too
    assert positions > 4 * 5
