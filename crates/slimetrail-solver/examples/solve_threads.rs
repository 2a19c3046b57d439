//! Times `boardgame solve`'s work (the value of a position, then every action's value) on one
//! thread and on more, alternating, and prints the positions searched and the seconds of each
//! call.
//!
//! ```text
//! cargo run --release -p slimetrail-core --features std --example solve_threads -- \
//!     size=7 18 3 1,2 [ACTION...]
//! ```
//!
//! Arguments: the parameters, log2 of the table entries, the repetitions, the thread counts
//! (comma-separated), then the actions leading to the position (none: the start).

mod common;

use slimetrail_solver::Solver;
use std::time::Instant;

fn main() {
    let args = common::args(
        "solve_threads PARAMS BITS REPEATS THREADS,... [ACTION...]",
        4,
    );
    let params = args[0].parse().expect("parameters such as size=7");
    let bits: u32 = args[1].parse().expect("table bits");
    let repeats: usize = args[2].parse().expect("repetitions");
    let threads: Vec<usize> = args[3]
        .split(',')
        .map(|t| t.parse().expect("thread counts"))
        .collect();
    let s = common::after(&params, &args[4..]);
    for round in 0..repeats {
        for &t in &threads {
            let mut solver = Solver::new(bits);
            solver.set_threads(t);
            let started = Instant::now();
            let value = solver.value(&s);
            let first = (solver.nodes(), started.elapsed().as_secs_f64());
            let actions = solver.action_values(&s);
            let all = started.elapsed().as_secs_f64();
            let wins = actions.iter().filter(|(_, v)| v.is_win()).count();
            println!(
                "round {round} threads {t}: {value} ({wins} winning actions); value {} positions {:.3} s; all {} positions {all:.3} s",
                first.0,
                first.1,
                solver.nodes(),
            );
        }
    }
}
