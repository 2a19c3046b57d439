//! Behaviour every agent must have: legal choices, known answers on small games,
//! determinism with a seed, budgets, one-action positions, and refusal to choose for chance
//! or after the end.

use boardgame_ai::{from_spec, Agent, AgentError, Budget, Mcts, MctsConfig};
use boardgame_kit::testing::Nim;
use boardgame_kit::{Game, RandomSource, SplitMix64, ToAct};

const SPECS: &[&str] = &["random", "mcts:iterations=300", "alphabeta:nodes=5000"];

/// The visits of the root's actions in an agent's last analysis.
fn root_visits<G: Game>(agent: &dyn Agent<G>) -> u64 {
    agent
        .analysis()
        .unwrap()
        .actions
        .iter()
        .map(|s| s.visits)
        .sum()
}

fn nim(stones: u8, mover: u8) -> Nim {
    Nim::from_position(&"stones=60".parse().unwrap(), &format!("{stones} {mover}")).unwrap()
}

#[test]
fn mcts_finds_the_winning_nim_move_from_every_won_position() {
    // Take-1-or-2 Nim: a position is lost exactly when the stones are a multiple of three,
    // and the winning move leaves a multiple of three. RAVE blends in statistics shared
    // across move orders; the proofs and the final choice must still find that move.
    for spec in ["mcts:iterations=4000", "mcts:iterations=4000,rave=100"] {
        for stones in (1..=20u8).filter(|s| s % 3 != 0) {
            let mut agent = from_spec::<Nim>(spec, 7).unwrap();
            let action = agent.choose(&nim(stones, 1)).unwrap();
            assert_eq!(
                action.to_string(),
                (stones % 3).to_string(),
                "{spec}, {stones} stones"
            );
        }
    }
}

#[test]
fn rave_is_on_where_the_game_asks_for_it_and_the_spec_overrides_it() {
    let elements = elements_core::State::new(&Default::default());
    let slime = slimetrail_core::State::new(&Default::default());
    let default = MctsConfig::default();
    let off = MctsConfig {
        rave: Some(0),
        ..default
    };
    let on = MctsConfig {
        rave: Some(77),
        ..default
    };
    let mcts = |config| Mcts::<elements_core::State>::new(config, Budget::iterations(1), 1);
    assert_eq!(
        mcts(default).rave_equivalence(&elements),
        elements_core::eval::RAVE_EQUIVALENCE
    );
    assert_eq!(mcts(off).rave_equivalence(&elements), 0);
    let slime_mcts = |config| Mcts::<slimetrail_core::State>::new(config, Budget::iterations(1), 1);
    assert_eq!(slime_mcts(default).rave_equivalence(&slime), 0);
    assert_eq!(slime_mcts(on).rave_equivalence(&slime), 77);
    // The spec key reaches the search: the same seed and budget choose differently on a
    // wide-open Elements position with and without it (the choice is a function of the
    // statistics, which RAVE changes).
    let choices = |spec: &str| -> Vec<String> {
        (0..4)
            .map(|seed| {
                let mut agent = from_spec::<elements_core::State>(spec, seed).unwrap();
                let mut state = elements_core::State::new(&Default::default());
                for _ in 0..3 {
                    let a = agent.choose(&state).unwrap();
                    agent.inform(&state, a);
                    state.play(a);
                }
                state.position()
            })
            .collect()
    };
    assert_ne!(
        choices("mcts:iterations=300,rave=0"),
        choices("mcts:iterations=300")
    );
    assert_eq!(
        choices("mcts:iterations=300,rave=300"),
        choices("mcts:iterations=300")
    );
}

#[test]
fn mcts_proves_small_nim_positions_and_reports_the_values() {
    let mut agent = Mcts::<Nim>::new(MctsConfig::default(), Budget::iterations(100_000), 3);
    agent.choose(&nim(8, 1)).unwrap();
    let a = agent.analysis().unwrap();
    assert!(a.exact, "8 stones are proven within the budget");
    assert_eq!(a.values.get(a.seat), 1.0);
    assert!(
        a.iterations < 100_000,
        "the search stops once the root is proven"
    );
    let stat = |text: &str| {
        a.actions
            .iter()
            .find(|s| s.action.to_string() == text)
            .unwrap()
    };
    let won = stat("2");
    assert!(
        won.exact && won.value == 1.0,
        "taking two leaves 6, a loss for the opponent"
    );
    let lost = stat("1");
    assert!(
        !lost.exact || lost.value == -1.0,
        "taking one leaves 7, a win for the opponent"
    );
    assert_eq!(a.line.first().unwrap().to_string(), "2");
}

#[test]
fn alphabeta_solves_nim() {
    for stones in 1..=30u8 {
        let mut agent = from_spec::<Nim>("alphabeta", 0).unwrap();
        let a = agent.choose(&nim(stones, 2)).unwrap();
        let analysis = agent.analysis().unwrap();
        assert!(analysis.exact, "{stones} stones are solved");
        let won = stones % 3 != 0;
        assert_eq!(
            analysis.values.get(analysis.seat) > 0.0,
            won,
            "{stones} stones"
        );
        if won {
            assert_eq!(a.to_string(), (stones % 3).to_string(), "{stones} stones");
        }
    }
}

#[test]
fn alphabeta_node_budget_is_respected() {
    let state = Nim::new(&"stones=60".parse().unwrap());
    let mut agent = from_spec::<Nim>("alphabeta:nodes=3000,tt=4", 0).unwrap();
    agent.choose(&state).unwrap();
    // Checked every 1024 nodes: at most one check interval over.
    assert!(agent.analysis().unwrap().nodes <= 3000 + 1024);
}

#[test]
fn mcts_without_solver_still_plays_the_winning_nim_move() {
    let mut agent = from_spec::<Nim>("mcts:iterations=5000,solver=off", 11).unwrap();
    assert_eq!(agent.choose(&nim(10, 1)).unwrap().to_string(), "1");
    assert!(!agent.analysis().unwrap().exact);
}

#[test]
fn agents_refuse_finished_games() {
    for spec in SPECS {
        let mut agent = from_spec::<Nim>(spec, 1).unwrap();
        let over = nim(0, 2);
        assert_eq!(over.to_act(), ToAct::Over);
        assert_eq!(agent.choose(&over), Err(AgentError::GameOver), "{spec}");
    }
}

#[test]
fn agents_refuse_chance_nodes() {
    use arandia_core::State;
    // Play random actions until a die is to be rolled.
    let mut state = State::new(&Default::default());
    let mut rng = SplitMix64::new(5);
    let mut buf = boardgame_kit::Actions::<State>::new();
    while state.to_act() != ToAct::Chance {
        let a = boardgame_kit::random_action(&state, &mut rng, &mut buf).unwrap();
        state.play_unchecked(a);
        assert_ne!(
            state.to_act(),
            ToAct::Over,
            "a die roll comes before the end"
        );
    }
    for spec in SPECS {
        let mut agent = from_spec::<State>(spec, 1).unwrap();
        assert_eq!(agent.choose(&state), Err(AgentError::ChanceNode), "{spec}");
    }
}

#[test]
fn one_action_positions_return_that_action() {
    for spec in SPECS {
        let mut agent = from_spec::<Nim>(spec, 1).unwrap();
        assert_eq!(agent.choose(&nim(1, 1)).unwrap().to_string(), "1", "{spec}");
    }
}

#[test]
fn same_seed_same_choices_and_restart_repeats_them() {
    let state = Nim::new(&"stones=40".parse().unwrap());
    for spec in [
        "random",
        "mcts:iterations=200,solver=off",
        "mcts:iterations=200,solver=off,rave=50",
    ] {
        let mut a = from_spec::<Nim>(spec, 99).unwrap();
        let mut b = from_spec::<Nim>(spec, 99).unwrap();
        let first: Vec<_> = (0..5).map(|_| a.choose(&state).unwrap()).collect();
        let second: Vec<_> = (0..5).map(|_| b.choose(&state).unwrap()).collect();
        assert_eq!(first, second, "{spec}");
        a.restart();
        let again: Vec<_> = (0..5).map(|_| a.choose(&state).unwrap()).collect();
        assert_eq!(first, again, "{spec} after restart");
    }
}

#[test]
fn iteration_budget_is_respected() {
    let state = Nim::new(&"stones=60".parse().unwrap());
    for n in [1u64, 10, 777] {
        let mut agent = from_spec::<Nim>(&format!("mcts:iterations={n},solver=off"), 1).unwrap();
        agent.choose(&state).unwrap();
        assert_eq!(agent.analysis().unwrap().iterations, n);
        let visits = root_visits(&*agent);
        assert!(visits <= n, "{visits} child visits from {n} iterations");
    }
}

#[test]
fn memory_cap_bounds_the_tree() {
    let state = Nim::new(&"stones=60".parse().unwrap());
    let mut agent = Mcts::<Nim>::new(
        MctsConfig {
            max_nodes: 500,
            ..MctsConfig::default()
        },
        Budget::iterations(5000),
        1,
    );
    let action = agent.choose(&state).unwrap();
    assert!(state.is_legal(&action));
    assert!(agent.tree_size() <= 500, "{} nodes", agent.tree_size());
    assert_eq!(agent.analysis().unwrap().iterations, 5000);
}

#[test]
fn a_full_tree_is_reused_across_turns() {
    // Leaves left unexpanded when the arena filled up are copied when the root moves.
    let mut state = Nim::new(&"stones=60".parse().unwrap());
    let mut agent = Mcts::<Nim>::new(
        MctsConfig {
            max_nodes: 64,
            solver: false,
            ..MctsConfig::default()
        },
        Budget::iterations(300),
        1,
    );
    while state.to_act() != ToAct::Over {
        let a = agent.choose(&state).unwrap();
        assert!(state.is_legal(&a));
        assert!(agent.tree_size() <= 64);
        agent.inform(&state, a);
        state.play(a);
    }
}

#[cfg(feature = "std")]
#[test]
fn time_budget_is_respected() {
    let state = Nim::new(&"stones=60".parse().unwrap());
    let mut agent = from_spec::<Nim>("mcts:time=50ms,solver=off,max_nodes=100k", 1).unwrap();
    let start = std::time::Instant::now();
    agent.choose(&state).unwrap();
    let took = start.elapsed();
    assert!(took.as_millis() < 1000, "a 50 ms budget took {took:?}");
    assert!(agent.analysis().unwrap().iterations > 0);
}

#[test]
fn tree_is_reused_after_inform() {
    let mut state = Nim::new(&"stones=30".parse().unwrap());
    let mut agent = Mcts::<Nim>::new(
        MctsConfig {
            solver: false,
            ..MctsConfig::default()
        },
        Budget::iterations(2000),
        1,
    );
    let a = agent.choose(&state).unwrap();
    agent.inform(&state, a);
    state.play(a);
    let kept = agent.tree_size();
    assert!(kept > 1, "the subtree of the played action is kept");
    let b = agent.choose(&state).unwrap();
    assert!(state.is_legal(&b));
    // Telling it about a position it never saw drops the tree instead of misusing it.
    agent.inform(&nim(50, 2), b);
    assert_eq!(agent.tree_size(), 0);
}

#[test]
fn spec_errors_name_what_is_wrong() {
    let err = |s: &str| from_spec::<Nim>(s, 0).err().unwrap().to_string();
    assert!(err("mcts:iterationz=5").contains("`iterationz`"));
    assert!(err("mcts:iterations=abc").contains("`iterations`"));
    assert!(err("mcts:iterations=0").contains("`iterations`"));
    assert!(err("mcts:time=fast").contains("`time`"));
    assert!(err("mcts:iterations").contains("key=value"));
    assert!(err("mcts:c=1,c=2").contains("twice"));
    assert!(err("random:iterations=5").contains("`iterations`"));
    assert!(err("deep-blue").contains("deep-blue"));
    assert!(err("").contains("empty"));
    assert!(err("alphabeta:multi=kingmaker").contains("`multi`"));
    assert!(err("alphabeta:star=3").contains("`star`"));
    let agent = from_spec::<Nim>("mcts:iterations=5k,time=2s", 0).unwrap();
    assert_eq!(agent.budget(), Budget::iterations(5000).with_millis(2000));
    assert_eq!(format!("{agent:?}"), "mcts:iterations=5000,time=2000ms");
}

/// Plays `moves` actions of a game (chance outcomes drawn at random), each seat's action
/// chosen by `spec`, checking every choice is legal.
fn smoke<G: Game>(params: &str, spec: &str, moves: usize) {
    let params: G::Params = params.parse().map_err(|_| params).unwrap();
    let mut state = G::new(&params);
    let mut agent = from_spec::<G>(spec, 17).unwrap();
    let mut rng = SplitMix64::new(3);
    let mut buf = boardgame_kit::Actions::<G>::new();
    for _ in 0..moves {
        let action = match state.to_act() {
            ToAct::Seat(_) => {
                let a = agent.choose(&state).unwrap();
                assert!(state.is_legal(&a), "{} {spec}: illegal {a}", G::NAME);
                a
            }
            ToAct::Chance => {
                assert_eq!(agent.choose(&state), Err(AgentError::ChanceNode));
                boardgame_kit::random_action(&state, &mut rng, &mut buf).unwrap()
            }
            _ => break,
        };
        agent.inform(&state, action);
        state.play(action);
        let _ = rng.next_u64();
    }
}

macro_rules! smoke_tests {
    ($($name:ident: $game:ty, [$($params:expr),*];)*) => {$(
        #[test]
        fn $name() {
            for params in [$($params),*] {
                for spec in ["random", "mcts:iterations=40", "mcts:iterations=40,cutoff=8", "mcts:iterations=40,rave=100", "mcts:iterations=40,rave=0", "alphabeta:nodes=3000",
                             "alphabeta:nodes=3000,multi=brs,star=2", "alphabeta:nodes=3000,multi=maxn,star=0"] {
                    smoke::<$game>(params, spec, 12);
                }
            }
        }
    )*};
}

smoke_tests! {
    smoke_slimetrail: slimetrail_core::State, ["", "size=5", "size=9"];
    smoke_splut: splut_core::State, ["players=2,turn_limit=60", "players=3,turn_limit=60", "players=4,turn_limit=60"];
    smoke_elements: elements_core::State, ["players=2", "board=blitz,players=3", "board=blitz,players=4"];
    smoke_repello: repello_core::State, ["players=2", "players=3", "players=4"];
    smoke_arandia: arandia_core::State, ["players=2,turn_limit=60", "players=3,turn_limit=60", "players=4,turn_limit=60", "players=6,turn_limit=60"];
}

#[test]
fn solver_is_only_for_slime_trail() {
    let err = from_spec::<Nim>("solver", 0).err().unwrap();
    assert!(
        matches!(err, boardgame_ai::SpecError::NotForGame { .. }),
        "{err}"
    );
}

/// The longest playout of a default-settings choice with a small iteration budget.
fn longest_playout<G: Game>(state: &G, spec: &str) -> u64 {
    let mut agent = from_spec::<G>(spec, 3).unwrap();
    agent.choose(state).unwrap();
    agent.analysis().unwrap().longest_playout
}

#[test]
fn default_cutoff_stops_playouts_of_games_without_a_small_length_bound() {
    // Splut! without a turn limit has no length bound: a uniform playout lasts tens of
    // thousands of actions unless the default cutoff stops it.
    let cutoff = u64::from(Mcts::<splut_core::State>::DEFAULT_CUTOFF);
    let splut = splut_core::State::new(&Default::default());
    assert_eq!(splut_core::State::max_game_length(&splut.params()), None);
    assert_eq!(longest_playout(&splut, "mcts:iterations=40"), cutoff);
    // Arandia has no bound either, and sets its own, shorter cutoff (its evaluation already
    // averages over the dice), which wins over the agent's default.
    let arandia = arandia_core::State::new(&Default::default());
    assert_eq!(
        arandia_core::State::max_game_length(&arandia.params()),
        None
    );
    let own = arandia_core::State::playout_cutoff(&arandia.params()).unwrap();
    assert!(u64::from(own) < cutoff);
    assert_eq!(
        longest_playout(&arandia, "mcts:iterations=40"),
        u64::from(own)
    );
    // An explicit cutoff wins over both.
    assert_eq!(
        longest_playout(&arandia, "mcts:iterations=40,cutoff=30"),
        30
    );
    // A short game (Slime Trail 5x5: at most 24 actions) is played to the end.
    let st = slimetrail_core::State::new(&"size=5".parse().unwrap());
    let bound = slimetrail_core::State::max_game_length(&st.params()).unwrap();
    let longest = longest_playout(&st, "mcts:iterations=200");
    assert!(longest > 0 && longest <= bound, "{longest} > {bound}");
}

#[test]
fn default_mcts_runs_the_default_iteration_budget() {
    let state = slimetrail_core::State::new(&Default::default());
    let mut agent = from_spec::<slimetrail_core::State>("mcts", 1).unwrap();
    assert!(agent.budget().is_unlimited());
    agent.choose(&state).unwrap();
    let expected = Mcts::<slimetrail_core::State>::DEFAULT_BUDGET.iteration_limit();
    assert_eq!(Some(agent.analysis().unwrap().iterations), expected);
}

/// Every model of three or more seats takes an immediate win when it has one, keeps to its
/// node budget, and repeats its choices.
#[test]
fn multi_seat_searches_take_immediate_wins_keep_budgets_and_repeat() {
    fn check<G: Game>(params: &str, wanted: usize) {
        let params: G::Params = params.parse().map_err(|_| params).unwrap();
        let mut rng = SplitMix64::new(5);
        let mut buf = boardgame_kit::Actions::<G>::new();
        let mut found = 0;
        for _ in 0..4000 {
            if found == wanted {
                break;
            }
            let mut s = G::new(&params);
            let mut winning = Vec::new();
            while let Some(a) = boardgame_kit::random_action(&s, &mut rng, &mut buf) {
                if let Some(seat) = s.to_act().seat() {
                    s.legal_actions(&mut buf);
                    winning = buf
                        .iter()
                        .copied()
                        .filter(|&w| {
                            let mut t = s.clone();
                            t.play(w);
                            t.outcome().is_some_and(|o| o.is_winner(seat))
                        })
                        .collect();
                    if !winning.is_empty() && winning.len() < buf.len() {
                        break;
                    }
                }
                s.play(a);
            }
            if winning.is_empty() || s.outcome().is_some() {
                continue;
            }
            found += 1;
            for multi in ["paranoid", "brs", "maxn"] {
                let spec = format!("alphabeta:nodes=20000,multi={multi}");
                let mut agent = from_spec::<G>(&spec, 0).unwrap();
                let a = agent.choose(&s).unwrap();
                assert!(
                    winning.contains(&a),
                    "{} {spec} at {}: {a} does not win",
                    G::NAME,
                    s.position()
                );
                assert!(agent.analysis().unwrap().nodes <= 20000 + 1024, "{spec}");
                let mut again = from_spec::<G>(&spec, 0).unwrap();
                assert_eq!(again.choose(&s).unwrap(), a, "{spec}");
            }
        }
        assert_eq!(
            found,
            wanted,
            "{}: positions with an immediate win",
            G::NAME
        );
    }
    check::<repello_core::State>("players=3", 3);
    check::<splut_core::State>("players=3", 3);
}

/// Root-parallel MCTS: known answers, legal choices, the same choice for the same seed and
/// thread count, the iteration budget shared out, trees kept across turns.
#[test]
fn parallel_mcts_is_deterministic_legal_and_keeps_its_budget() {
    for stones in (1..=14u8).filter(|s| s % 3 != 0) {
        let mut agent = from_spec::<Nim>("mcts:iterations=4000,threads=2", 7).unwrap();
        let a = agent.choose(&nim(stones, 1)).unwrap();
        assert_eq!(a.to_string(), (stones % 3).to_string(), "{stones} stones");
    }
    let params = "players=3,turn_limit=60".parse().unwrap();
    let mut state = splut_core::State::new(&params);
    let spec = "mcts:iterations=600,threads=3";
    let mut a = from_spec::<splut_core::State>(spec, 9).unwrap();
    let mut b = from_spec::<splut_core::State>(spec, 9).unwrap();
    for _ in 0..8 {
        let x = a.choose(&state).unwrap();
        assert_eq!(b.choose(&state).unwrap(), x);
        assert!(state.is_legal(&x));
        let analysis = a.analysis().unwrap();
        assert_eq!(analysis.iterations, 600);
        let visits = root_visits(&*a);
        assert!(visits >= 600 - 3, "{visits}");
        a.inform(&state, x);
        b.inform(&state, x);
        state.play(x);
    }
    let visits_after_reuse: u64 = {
        let x = a.choose(&state).unwrap();
        assert!(state.is_legal(&x));
        root_visits(&*a)
    };
    assert!(
        visits_after_reuse > 600,
        "the trees were kept: {visits_after_reuse}"
    );
    let err = |s: &str| from_spec::<Nim>(s, 0).err().unwrap().to_string();
    assert!(err("mcts:threads=0").contains("`threads`"));
    assert!(err("mcts:threads=65").contains("`threads`"));
}

#[test]
fn one_tree_on_two_threads_keeps_its_budget_proves_what_one_thread_proves_and_keeps_its_tree() {
    // Every iteration begun is backed up: the root's children hold exactly the budget.
    let slime = slimetrail_core::State::new(&"size=7".parse().unwrap());
    let spec = "mcts:iterations=3000,solver=off,threads=2,parallel=tree";
    let mut agent = from_spec::<slimetrail_core::State>(spec, 3).unwrap();
    let x = agent.choose(&slime).unwrap();
    assert!(slime.is_legal(&x));
    let analysis = agent.analysis().unwrap();
    assert_eq!(analysis.iterations, 3000);
    assert_eq!(root_visits(&*agent), 3000);
    // The tree is kept: after the reply the root already holds visits.
    let mut state = slime;
    agent.inform(&state, x);
    state.play(x);
    let mut other = from_spec::<slimetrail_core::State>("random", 1).unwrap();
    let y = other.choose(&state).unwrap();
    agent.inform(&state, y);
    state.play(y);
    let _ = agent.choose(&state).unwrap();
    let visits = root_visits(&*agent);
    assert!(visits > 3000, "the tree was kept: {visits}");

    // Proofs found by two threads on one tree are the true values: every Nim position.
    for stones in (1..=14u8).filter(|s| s % 3 != 0) {
        let mut agent =
            from_spec::<Nim>("mcts:iterations=20000,threads=2,parallel=tree", 7).unwrap();
        let a = agent.choose(&nim(stones, 1)).unwrap();
        assert_eq!(a.to_string(), (stones % 3).to_string(), "{stones} stones");
        assert!(agent.analysis().unwrap().exact, "{stones} stones");
    }
    // ... and a Slime Trail 5x5 position proven by the exact solver.
    let mut s = slimetrail_core::State::new(&"size=5".parse().unwrap());
    for step in ["b2", "c2", "d2"] {
        s.play(step.parse().unwrap());
    }
    let truth = slimetrail_solver::Solver::new(16).value(&s);
    let mut agent =
        from_spec::<slimetrail_core::State>("mcts:iterations=400000,threads=2,parallel=tree", 5)
            .unwrap();
    let _ = agent.choose(&s).unwrap();
    let analysis = agent.analysis().unwrap();
    assert!(analysis.exact, "{} iterations", analysis.iterations);
    let mover = analysis.seat.index();
    assert_eq!(analysis.values.as_array()[mover] > 0.0, truth.is_win());

    // Chance nodes and four seats: Arandia plays legal actions with a shared tree.
    let mut arandia = arandia_core::State::new(&"players=4".parse().unwrap());
    let mut rng = SplitMix64::new(4);
    let mut agent =
        from_spec::<arandia_core::State>("mcts:iterations=300,threads=2,parallel=tree", 2).unwrap();
    for _ in 0..40 {
        let x = match arandia.to_act() {
            ToAct::Seat(_) => agent.choose(&arandia).unwrap(),
            ToAct::Chance => {
                let mut outcomes = boardgame_kit::ChanceOutcomes::new();
                arandia.chance_outcomes(&mut outcomes);
                outcomes[rng.below(outcomes.len() as u64) as usize].0
            }
            _ => break,
        };
        assert!(arandia.is_legal(&x));
        agent.inform(&arandia, x);
        arandia.play(x);
    }
    let err = |s: &str| from_spec::<Nim>(s, 0).err().unwrap().to_string();
    assert!(err("mcts:threads=2,parallel=leaf").contains("root or tree"));
}
