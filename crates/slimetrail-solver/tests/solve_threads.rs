//! The solver on several threads sharing one table gives the answers of one thread: values,
//! every action's value and the best action, on the 5x5 start, on sampled 5x5 and 7x7
//! positions, in tables small enough that the threads fight over every bucket, within budgets,
//! and with progress reports and periodic saves running.
#![cfg(feature = "std")]

mod common;

use boardgame_kit::Game;
use common::{board, sample};
use slimetrail_core::{State, Step};
use slimetrail_solver::{Solver, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What a solver says about a position: its value, every action's value, the best action.
type Answer = (Value, Vec<(Step, Value)>, Option<Step>);

fn answer(solver: &mut Solver, s: &State) -> Answer {
    (
        solver.value(s),
        solver.action_values(s),
        solver.best_action(s),
    )
}

fn solver(bits: u32, threads: usize) -> Solver {
    let mut s = Solver::new(bits);
    s.set_threads(threads);
    s
}

#[test]
fn threads_agree_with_one_thread_on_the_5x5_start() {
    let start = board(5);
    let one = answer(&mut solver(16, 1), &start);
    assert_eq!(one.0, Value::Win);
    for threads in [2, 3, 4] {
        assert_eq!(
            answer(&mut solver(16, threads), &start),
            one,
            "{threads} threads"
        );
    }
}

#[test]
fn two_threads_agree_with_one_on_sampled_5x5_and_7x7_positions() {
    let mut positions = sample(5, &[1, 2, 3, 4, 6, 8, 10], 12, 977);
    positions.extend(sample(7, &[5, 6, 7, 8, 10, 12, 16], 5, 977));
    assert!(positions.len() > 90, "{}", positions.len());
    // One solver of each kind for all positions (tables carried from one to the next, as in
    // a game), and a fresh pair for each position.
    let (mut one, mut two) = (solver(18, 1), solver(18, 2));
    let mut searched = 0;
    for s in &positions {
        let want = answer(&mut one, s);
        assert_eq!(answer(&mut two, s), want, "{}", s.position());
        let mut fresh = solver(16, 2);
        assert_eq!(answer(&mut fresh, s), want, "{}", s.position());
        searched += fresh.nodes();
    }
    // The threads had work to share: several positions took thousands of positions each.
    assert!(searched > 200_000, "{searched} positions");
}

#[test]
fn threads_fighting_over_a_tiny_table_agree_with_one_thread() {
    // 64 entries: every bucket is written by all threads all the time.
    let positions = sample(7, &[6, 8, 10], 4, 977);
    let mut reference = solver(18, 1);
    for s in &positions {
        let want = answer(&mut reference, s);
        for threads in [2, 4] {
            let mut tiny = solver(6, threads);
            assert_eq!(
                answer(&mut tiny, s),
                want,
                "{threads} threads: {}",
                s.position()
            );
        }
    }
}

#[test]
fn two_threads_prove_the_7x7_start() {
    let mut two = solver(18, 2);
    assert_eq!(two.value(&State::default()), Value::Win);
    assert!(two.nodes() > 1_000_000, "{}", two.nodes());
}

#[test]
#[ignore = "every first action of 7x7 on two threads: about 1 s in release"]
fn two_threads_give_every_first_action_of_7x7() {
    let start = State::default();
    let mut two = solver(18, 2);
    let values = two.action_values(&start);
    assert_eq!(values, solver(18, 1).action_values(&start));
    assert!(values.iter().all(|(_, v)| v.is_win()), "{values:?}");
}

#[test]
fn a_budget_stops_all_threads_and_what_they_proved_is_kept() {
    let mut s = State::default();
    for step in ["c4", "c5", "d5"] {
        s.play(step.parse().unwrap());
    }
    let want = solver(18, 1).value(&s);
    let mut two = solver(18, 2);
    assert_eq!(two.value_within(&s, 50_000), None);
    // Every thread stops within a poll (1,024 positions) of the budget.
    assert!(
        two.nodes() >= 50_000 && two.nodes() < 60_000,
        "{}",
        two.nodes()
    );
    let stopped = two.nodes();
    assert_eq!(two.value_within(&s, u64::MAX), Some(want));
    // The second call went on from what the first proved: fewer positions than a fresh solve.
    let mut fresh = solver(18, 2);
    let _ = fresh.value(&s);
    assert!(
        two.nodes() - stopped < fresh.nodes() * 2,
        "{} {}",
        two.nodes(),
        fresh.nodes()
    );
}

#[test]
fn progress_and_periodic_saves_run_on_threads() {
    let mut s = State::default();
    for step in ["c4", "c5", "d5", "e5"] {
        s.play(step.parse().unwrap());
    }
    let path = std::env::temp_dir().join(format!("st-threads-save-{}.txt", std::process::id()));
    let mut two = solver(18, 2);
    let reports = Arc::new(AtomicU64::new(0));
    let most = Arc::new(AtomicU64::new(0));
    let (r, m) = (reports.clone(), most.clone());
    two.on_progress(move |p| {
        r.fetch_add(1, Ordering::Relaxed);
        m.fetch_max(p.positions, Ordering::Relaxed);
    });
    two.save_every(&path, std::time::Duration::ZERO);
    let values = two.action_values(&s);
    // One report for each multiple of 65,536 the positions of both threads passed, however
    // the work fell between the threads and the searches (one per action).
    let passed = two.nodes() >> 16;
    assert!(passed > 0, "{}", two.nodes());
    let got = reports.load(Ordering::Relaxed);
    assert!(
        got > 0 && got <= passed,
        "{got} reports for {} positions",
        two.nodes()
    );
    let most = most.load(Ordering::Relaxed);
    assert!(most > 0 && most <= two.nodes(), "{most}");
    assert!(two.checkpoints().unwrap() > 0);
    let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    let mut resumed = Solver::new(18);
    assert!(resumed.resume(file).unwrap() > 0);
    assert_eq!(resumed.action_values(&s), values);
    assert_eq!(values, solver(18, 1).action_values(&s));
    std::fs::remove_file(&path).unwrap();
}
