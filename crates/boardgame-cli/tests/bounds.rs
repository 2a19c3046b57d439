//! Settings that size memory and long text inputs, through child processes: under an
//! address-space limit (`ulimit -v`) a setting too large for the machine is exit 2 with one
//! line from `boardgame best`, and `? ` from the engine, which carries on; every SPEC key of
//! every agent at its extremes gets one answer from the engine.

mod common;

use common::Engine;
use std::process::{Command, Output};

/// The address-space limit of the children, in KiB (3 GB: a 4 GiB or 6 GiB table is refused).
const LIMIT_KIB: u64 = 3_000_000;

/// `boardgame ARGS` under the address-space limit.
fn limited(args: &[&str]) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_boardgame"))
        .args(args);
    c
}

fn run(args: &[&str]) -> Output {
    limited(args).output().unwrap()
}

/// Exit 2, nothing on stdout, one line on stderr containing `says`.
fn refused(args: &[&str], says: &str) {
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
    assert!(err.len() < 300, "{args:?}: {err}");
}

/// `boardgame best slimetrail --agent SPEC` is [`refused`] with an error saying `says`.
fn best_refused(spec: &str, says: &str) {
    refused(&["best", "slimetrail", "--agent", spec], says);
}

#[test]
fn memory_settings_beyond_their_bound_or_the_machine_are_exit_2() {
    // The attack's reproducer: two arenas of 2^32 nodes were reserved at the first choice.
    best_refused("mcts:max_nodes=4294967295,iterations=10", "max_nodes");
    best_refused("mcts:max_nodes=67108865", "max_nodes");
    // Within their bounds but more than the limit allows: refused, not an abort.
    best_refused("solver:tt=28", "out of memory");
    best_refused("mcts:threads=65", "threads");
}

#[test]
fn the_node_arena_and_the_table_grow_as_the_search_needs_them() {
    // The largest caps take no memory up front: ten iterations, or a hundred positions in a
    // table of at most 2^28 entries (6 GiB), fit in the limit.
    for spec in [
        "mcts:max_nodes=67108864,iterations=10",
        "alphabeta:tt=28,nodes=100",
    ] {
        let out = run(&["best", "slimetrail", "--agent", spec]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{spec}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
    }
}

#[test]
fn long_texts_are_refused_with_a_short_message() {
    let params: Vec<String> = (0..10_000).map(|i| format!("k{i}=1")).collect();
    refused(
        &["perft", "splut", "1", "--params", &params.join(",")],
        "too long",
    );
    let spec = format!("mcts:c={}", "1".repeat(2000));
    best_refused(&spec, "too long");
    let value = format!("mcts:c={}", "x".repeat(1000));
    best_refused(&value, "bytes)");
}

#[test]
fn the_engine_answers_memory_errors_and_carries_on() {
    let mut e = Engine::start_command(limited(&["engine"]));
    for spec in ["mcts:max_nodes=4294967295,iterations=10", "solver:tt=28"] {
        let a = e.ask(&format!("go {spec}"));
        assert!(a.starts_with("? "), "{spec}: {a}");
        assert_eq!(a.lines().count(), 1, "{spec}: {a}");
        assert_eq!(e.ask("legal"), "= c3 c4 c5 d3 d5 e3 e4 e5");
    }
    assert!(e.ask("go mcts:iterations=10").starts_with("= "));
}

/// Every key of every agent, with its bound where it has one (else the largest value read).
const KEYS: &[(&str, &str, &str)] = &[
    ("random", "seed", "18446744073709551615"),
    ("mcts", "iterations", "18446744073709551615"),
    ("mcts", "time", "999999999999"),
    ("mcts", "c", "1e30"),
    ("mcts", "max_nodes", "67108864"),
    ("mcts", "cutoff", "4294967295"),
    ("mcts", "solver", "on"),
    ("mcts", "reuse", "on"),
    ("mcts", "rave", "4294967295"),
    ("mcts", "shared", "split"),
    ("mcts", "threads", "64"),
    ("mcts", "parallel", "tree"),
    ("mcts", "seed", "18446744073709551615"),
    ("alphabeta", "nodes", "18446744073709551615"),
    ("alphabeta", "time", "999999999999"),
    ("alphabeta", "depth", "1000"),
    ("alphabeta", "tt", "28"),
    ("alphabeta", "star", "2"),
    ("alphabeta", "multi", "maxn"),
    ("alphabeta", "shared", "split"),
    ("alphabeta", "seed", "18446744073709551615"),
    ("solver", "tt", "28"),
    ("solver", "seed", "18446744073709551615"),
];

/// The bound plus one, as text (`bound` is a number, or a word with no next value).
fn plus_one(bound: &str) -> String {
    bound
        .parse::<u128>()
        .map_or_else(|_| format!("{bound}x"), |n| (n + 1).to_string())
}

#[test]
fn every_spec_key_at_its_extremes_gets_one_answer_and_the_engine_lives_on() {
    let mut e = Engine::start_command(limited(&["engine"]));
    // The 5x5 board: the solver's answers come at once.
    assert!(e.ask("game slimetrail size=5").starts_with("= "));
    let legal = e.ask("legal");
    let mut answers = 0;
    for &(agent, key, bound) in KEYS {
        for value in [
            "0".to_string(),
            "1".to_string(),
            bound.to_string(),
            plus_one(bound),
            "4294967296".to_string(),
            "18446744073709551616".to_string(),
            "-1".to_string(),
            "junk".to_string(),
        ] {
            // A short budget alongside, so that the largest counts answer at once.
            let budget = match (agent, key) {
                ("random" | "solver", _) => String::new(),
                ("mcts", "time") => ",iterations=10".to_string(),
                (_, "time") => ",nodes=100".to_string(),
                _ => ",time=10ms".to_string(),
            };
            let spec = format!("{agent}:{key}={value}{budget}");
            let a = e.ask(&format!("go {spec}"));
            assert!(a.starts_with("= ") || a.starts_with("? "), "{spec}: {a}");
            assert_eq!(a.lines().count(), 1, "{spec}: {a}");
            assert!(a.len() < 300, "{spec}: {a}");
            answers += 1;
        }
    }
    assert_eq!(answers, KEYS.len() * 8);
    assert_eq!(e.ask("legal"), legal);
}
