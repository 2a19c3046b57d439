//! Slime Trail 5x5 positions checked with the exact solver: the solver agent and MCTS keep
//! wins.
#![cfg(feature = "slimetrail")]

use boardgame_ai::from_spec;
use boardgame_kit::{Actions, Game, RandomSource, SplitMix64, ToAct};
use slimetrail_core::State;
use slimetrail_solver::Solver;

/// Won positions for the side to move, reached by random play on 5x5.
fn won_positions(count: usize, solver: &mut Solver) -> Vec<State> {
    let params = "size=5".parse().unwrap();
    let mut rng = SplitMix64::new(2024);
    let mut found = Vec::new();
    let mut buf = Actions::<State>::new();
    while found.len() < count {
        let mut s = State::new(&params);
        let plies = rng.below(10);
        for _ in 0..plies {
            if s.to_act() == ToAct::Over {
                break;
            }
            s.legal_actions(&mut buf);
            s.play_unchecked(buf[rng.below(buf.len() as u64) as usize]);
        }
        if let ToAct::Seat(mover) = s.to_act() {
            if solver.winner(&s) == mover && s.count_legal() > 1 {
                found.push(s);
            }
        }
    }
    found
}

fn keeps_win(solver: &mut Solver, s: &State, a: slimetrail_core::Step) -> bool {
    let mover = s.to_act().seat().unwrap();
    let mut child = *s;
    child.play(a);
    solver.winner(&child) == mover
}

#[test]
fn solver_agent_keeps_every_win() {
    let mut solver = Solver::new(18);
    let mut agent = from_spec::<State>("solver:tt=18", 0).unwrap();
    for s in won_positions(30, &mut solver) {
        let a = agent.choose(&s).unwrap();
        assert!(keeps_win(&mut solver, &s, a), "{}: {a}", s.position());
        let analysis = agent.analysis().unwrap();
        assert!(analysis.exact);
        for stat in &analysis.actions {
            assert_eq!(stat.value == 1.0, keeps_win(&mut solver, &s, stat.action));
        }
    }
}

#[test]
fn mcts_keeps_wins_on_5x5() {
    // MCTS-Solver proves 5x5 positions within a modest budget, so it never gives a win away.
    let mut solver = Solver::new(18);
    let mut agent = from_spec::<State>("mcts:iterations=20000", 5).unwrap();
    for s in won_positions(20, &mut solver) {
        agent.restart();
        let a = agent.choose(&s).unwrap();
        assert!(keeps_win(&mut solver, &s, a), "{}: {a}", s.position());
    }
}
