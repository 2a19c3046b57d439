//! Perft from the start of a game of Splut!: the number of leaves of the legal-action tree at
//! a depth, with the time it took (the kit's driver runs the crate's fast kernel).
//!
//! ```sh
//! cargo run --release -p splut-core --example perft -- [DEPTH] [PARAMS] [--divide]
//! cargo run --release -p splut-core --example perft -- 7 players=4 --divide
//! ```
//!
//! `--divide` also prints the count below each legal action. Bad arguments exit with status 2.

use splut_core::kit::perft_divide;
use splut_core::prelude::*;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut depth = 5;
    let mut params = Params::default();
    let mut divide = false;
    for arg in std::env::args().skip(1) {
        if arg == "--divide" {
            divide = true;
        } else if let Ok(d) = arg.parse::<u32>() {
            depth = d;
        } else {
            match arg.parse::<Params>() {
                Ok(p) => params = p,
                Err(e) => {
                    eprintln!("perft: {e}");
                    eprintln!("usage: perft [DEPTH] [PARAMS] [--divide]; parameters:");
                    for spec in Params::specs() {
                        eprintln!("  {spec}");
                    }
                    return ExitCode::from(2);
                }
            }
        }
    }
    let mut game = State::new(&params);
    let start = Instant::now();
    let leaves = if divide {
        let rows = perft_divide(&mut game, depth);
        for (action, count) in &rows {
            println!("{action} {count}");
        }
        rows.iter().map(|(_, count)| count).sum()
    } else {
        perft(&mut game, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft {depth} [{params}]: {leaves} leaves in {seconds:.3} s ({:.1} M leaves/s)",
        leaves as f64 / seconds.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
