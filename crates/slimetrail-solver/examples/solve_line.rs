//! Solves the positions along a line of play, from the deepest to the start, and prints one
//! row per position: actions played, value for the seat to act, positions searched, seconds.
//! The figures of `docs/slimetrail.md` (9x9: how far it got) come from here.
//!
//! ```text
//! cargo run --release -p slimetrail-core --example solve_line -- \
//!     size=9 pns 24 10 6 d4 c5 d6 e6 f5 f4 e3 d3 c2 b3
//! ```
//!
//! Arguments: the parameters, the method (`dfs` or `pns`), log2 of the table entries, the
//! deepest and shallowest number of actions to solve, then the line. With `all` after the
//! shallowest count, every legal action of each position is solved too.

mod common;

use boardgame_kit::Game;
use slimetrail_solver::{Method, Solver};
use std::time::Instant;

fn main() {
    let args = common::args(
        "solve_line PARAMS dfs|pns BITS DEEPEST SHALLOWEST [all] ACTION...",
        5,
    );
    let params = args[0].parse().expect("parameters such as size=9");
    let method = match args[1].as_str() {
        "pns" => Method::ProofNumber,
        _ => Method::DepthFirst,
    };
    let bits: u32 = args[2].parse().expect("table bits");
    let deepest: usize = args[3].parse().expect("deepest count");
    let shallowest: usize = args[4].parse().expect("shallowest count");
    let all = args.get(5).map(String::as_str) == Some("all");
    let line = &args[if all { 6 } else { 5 }..];
    let mut solver = Solver::try_new(bits)
        .and_then(|mut s| s.set_method(method).map(|()| s))
        .unwrap_or_else(|e| {
            eprintln!("solve_line: {e}");
            std::process::exit(2);
        });
    for k in (shallowest..=deepest.min(line.len())).rev() {
        let s = common::after(&params, &line[..k]);
        let before = solver.nodes();
        let started = Instant::now();
        let value = solver.value(&s);
        let mut row = format!("{k}\t{}\t{value}", s.position());
        if all {
            let actions: Vec<String> = solver
                .action_values(&s)
                .into_iter()
                .map(|(a, v)| format!("{a}:{v}"))
                .collect();
            row += &format!("\t{}", actions.join(" "));
        }
        println!(
            "{row}\t{} positions\t{:.1} s",
            solver.nodes() - before,
            started.elapsed().as_secs_f64()
        );
    }
}
