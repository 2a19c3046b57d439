"""OpenSpiel: every game registered, OpenSpiel's own random_sim_test for every game and player
count, its MCTSBot and evaluate_bots on every game, our agents as pyspiel.Bots."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

import boardgames  # noqa: E402
import boardgames.openspiel as bo  # noqa: E402

bo.register()

# Every game and player count as OpenSpiel parameters (short games for the simulations).
OS_CONFIGS = [
    ("slimetrail", {}),
    ("slimetrail", {"size": 5}),
    ("slimetrail", {"size": 9}),
    ("splut", {"players": 2, "turn_limit": 60}),
    ("splut", {"players": 3, "turn_limit": 60}),
    ("splut", {"players": 4, "turn_limit": 60}),
    ("elements", {"board": "blitz", "players": 2}),
    ("elements", {"board": "blitz", "players": 3}),
    ("elements", {"board": "blitz", "players": 4}),
    ("repello", {"players": 2}),
    ("repello", {"players": 3}),
    ("repello", {"players": 4}),
    ("arandia", {"players": 2, "turn_limit": 25}),
    ("arandia", {"players": 3, "turn_limit": 25}),
    ("arandia", {"players": 4, "turn_limit": 25}),
    ("arandia", {"players": 6, "turn_limit": 25}),
]
OS_IDS = [f"{n}{p}" for n, p in OS_CONFIGS]


def test_every_game_is_registered_with_its_type():
    names = set(pyspiel.registered_names())
    for name in boardgames.games():
        assert bo.registered_name(name) in names
        t = pyspiel.load_game(bo.registered_name(name)).get_type()
        assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        info = boardgames.game_info(name)
        assert (t.min_num_players, t.max_num_players) == (info["min_players"], info["max_players"])
        want = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if name == "arandia"
                else pyspiel.GameType.ChanceMode.DETERMINISTIC)
        assert t.chance_mode == want
    bo.register()  # again: a no-op


def test_parameters_and_game_info_come_from_the_engine():
    g = pyspiel.load_game("boardgames_splut", {"players": 3})
    # The learner defaults: Splut!'s turn limit (every game ends).
    assert g.num_players() == 3 and g.bg_game.params == "players=3,turn_limit=1000"
    # The game string shows every parameter in effect, never a placeholder.
    assert str(g) == "boardgames_splut(first=s,players=3,seats=swn,turn_limit=1000)"
    assert str(pyspiel.load_game(str(g))) == str(g)
    assert g.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert g.utility_sum() is None
    assert pyspiel.load_game("boardgames_splut").utility_sum() == 0.0
    two = pyspiel.load_game("boardgames_slimetrail", {"size": 5})
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert two.num_distinct_actions() == 25 and two.max_game_length() == 24
    assert two.observation_tensor_shape() == [5, 5, 5]
    a = pyspiel.load_game("boardgames_arandia", {"players": 3})
    limit = boardgames.learner_defaults("arandia")["turn_limit"]
    assert a.bg_game.params == f"players=3,turn_limit={limit}"  # the learner default
    assert a.max_game_length() == 18 * limit
    assert str(pyspiel.load_game("boardgames_repello", {"players": 4})) == "boardgames_repello(players=4,stack=10)"
    assert bo.to_params("arandia", {"turn_limit": 0}) == "turn_limit=0"  # no limit: the rules' default
    assert str(pyspiel.load_game("boardgames_arandia", {"turn_limit": 0})).endswith("turn_limit=0)")
    assert pyspiel.load_game("boardgames_arandia", {"turn_limit": 0}).bg_game.max_game_length is None
    assert a.max_chance_outcomes() == 6
    assert bo.to_params("repello", {"players": 3, "stack": -1, "numbers": ""}) == "players=3"
    assert str(pyspiel.load_game("boardgames_repello")) == "boardgames_repello(players=2,stack=15)"
    with pytest.raises(boardgames.NotationError):
        bo.to_params("repello", {"colour": 1})
    with pytest.raises(boardgames.NotationError):
        pyspiel.load_game("boardgames_splut", {"players": 9})
    # -1 only means "the rules' default" for keys whose default follows from others.
    for name, key in [("splut", "players"), ("splut", "turn_limit"), ("slimetrail", "size"),
                      ("arandia", "first"), ("elements", "per_turn"), ("repello", "players")]:
        with pytest.raises(ValueError, match="cannot be -1"):
            pyspiel.load_game(bo.registered_name(name), {key: -1})


def test_an_illegal_action_raises_what_openspiels_own_games_raise():
    s = pyspiel.load_game("boardgames_slimetrail", {"size": 5}).new_initial_state()
    with pytest.raises(pyspiel.SpielError):
        s.apply_action(0)  # a1: not next to the snail
    with pytest.raises(boardgames.IllegalAction):
        s.apply_action(0)
    assert s.history() == [] and s.bg_state.history() == []


def test_importing_the_module_registers_every_game():
    import subprocess
    import sys

    code = ("import pyspiel, boardgames.openspiel as bo; "
            "print(pyspiel.load_game('boardgames_arandia').num_players()); bo.register()")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "2"


@pytest.mark.slow
@pytest.mark.parametrize("name,params", OS_CONFIGS, ids=OS_IDS)
def test_random_sim_test(name, params):
    game = pyspiel.load_game(bo.registered_name(name), params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_states_serialise_through_the_position_and_history():
    g = pyspiel.load_game("boardgames_arandia", {"turn_limit": 10})
    s = g.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(20):
        if s.is_chance_node():
            ids, ps = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(ids, p=ps)))
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
    text = pyspiel.serialize_game_and_state(g, s)
    g2, s2 = pyspiel.deserialize_game_and_state(text)
    assert str(s2) == str(s) and s2.history() == s.history()
    assert s2.bg_state == s.bg_state and s2.bg_state.history_ids() == s.bg_state.history_ids()
    struct = s._to_struct()
    assert struct["position"] == s.bg_state.position()
    back = g.new_initial_state(struct)
    assert back.bg_state == s.bg_state
    c = s.clone()
    assert str(c) == str(s) and c.bg_state == s.bg_state
    assert s.observation_tensor(1) == list(s.bg_state.observation(1).ravel())
    assert s.action_to_string(s.current_player(), s.legal_actions()[0]) in s.bg_state.legal_actions()


# Short games of every game for MCTSBot (OpenSpiel's, random rollouts, solve=True).
# (game, parameters, random actions played first so that the game is short)
SHORT = [
    ("slimetrail", {"size": 5}, 0),
    ("splut", {"players": 3, "turn_limit": 4}, 0),
    ("elements", {"board": "blitz", "players": 2}, 340),
    ("repello", {"players": 2, "stack": 1}, 0),
    ("arandia", {"players": 2, "turn_limit": 4}, 0),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,params,warmup", SHORT, ids=[n for n, _, _ in SHORT])
def test_openspiel_mcts_and_our_bot_play_every_game(name, params, warmup):
    game = pyspiel.load_game(bo.registered_name(name), params)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    for _ in range(warmup):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert not state.is_terminal()
    n = game.num_players()
    theirs = mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(1, rng), solve=True, random_state=rng)
    bots = [theirs] + [bo.Bot(game, p, "mcts:iterations=50", seed=p) for p in range(1, n)]
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert len(returns) == n and all(-1 <= r <= 1 for r in returns)


def test_our_bot_follows_the_game_and_restarts():
    game = pyspiel.load_game("boardgames_slimetrail", {"size": 5})
    bot = bo.Bot(game, 0, "mcts:iterations=100", seed=2)
    s = game.new_initial_state()
    a = bot.step(s)
    assert a in s.legal_actions()
    s.apply_action(a)
    reply = s.legal_actions()[0]
    bot.inform_action(s, 1, reply)
    s.apply_action(reply)
    assert bot._agent.position() == s.bg_state.position()
    assert bot.step(s) in s.legal_actions()
    other = game.new_initial_state()
    bot.restart_at(other)
    assert bot._agent.position() == other.bg_state.position()
    assert "mcts:iterations=100" in repr(bot) and bot.player_id() == 0
    with pytest.raises(boardgames.IllegalAction):
        bo.Bot(pyspiel.load_game("tic_tac_toe"), 0, "random")
    with pytest.raises(boardgames.NotationError):
        bo.Bot(game, 0, "gnugo")


def test_our_bot_plays_for_the_registered_returns():
    # The registered games split a shared win (a two-seat tie at the top is a draw), so a
    # searching agent is told shared=split unless its SPEC says otherwise.
    game = pyspiel.load_game("boardgames_repello")
    assert bo.Bot(game, 0, "mcts:iterations=10").spec == "mcts:iterations=10,shared=split"
    assert bo.Bot(game, 0, "mcts").spec == "mcts:shared=split"
    assert bo.Bot(game, 0, "alphabeta:nodes=100").spec == "alphabeta:nodes=100,shared=split"
    assert bo.Bot(game, 0, "mcts:shared=win").spec == "mcts:shared=win"
    assert bo.Bot(game, 0, "random").spec == "random"
    bot = bo.Bot(game, 0, "mcts:iterations=20", seed=1)
    s = game.new_initial_state()
    assert bot.step(s) in s.legal_actions()
