//! A minimal terminal front end: play Slime Trail against a random opponent.
//!
//! ```sh
//! cargo run -p slimetrail-core --example terminal -- [PARAMS] [--seed N] [--second]
//! ```
//!
//! Type a cell to move the snail there (`c3`), `legal` for the legal moves, `undo` to take back
//! your last move, `quit` to stop. You are seat 1 (corner `a1`) unless `--second`.

use slimetrail_core::kit::{random_action, Record, SplitMix64};
use slimetrail_core::prelude::*;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut params = Params::default();
    let mut seed = 1;
    let mut me = Seat::of(0);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--second" => me = Seat::of(1),
            "--seed" => match args.next().and_then(|s| s.parse().ok()) {
                Some(s) => seed = s,
                None => return usage("--seed needs a number"),
            },
            text => match text.parse() {
                Ok(p) => params = p,
                Err(e) => return usage(&e.to_string()),
            },
        }
    }
    let mut record = Record::<State>::new(params);
    let mut rng = SplitMix64::new(seed);
    let mut buf = Actions::<State>::new();
    let mut lines = io::stdin().lock().lines();
    loop {
        // The opponent moves at once.
        while let ToAct::Seat(seat) = record.state().to_act() {
            if seat == me {
                break;
            }
            let Some(step) = random_action(record.state(), &mut rng, &mut buf) else {
                break;
            };
            record.play(step).expect("a listed move is legal");
            println!("{} plays {step}", State::seat_display(seat));
        }
        println!("{}", record.state());
        if let Some(outcome) = record.state().outcome() {
            println!("{}", State::outcome_display(&outcome));
            return ExitCode::SUCCESS;
        }
        print!("{} to move> ", State::seat_display(me));
        io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else {
            println!();
            return ExitCode::SUCCESS; // end of input
        };
        match line.trim() {
            "quit" => return ExitCode::SUCCESS,
            "legal" => {
                record.state().legal_actions(&mut buf);
                let moves: Vec<String> = buf.iter().map(ToString::to_string).collect();
                println!("legal: {}", moves.join(" "));
            }
            "undo" => {
                // Take back the opponent's reply and your move.
                while record.undo() && record.state().to_act() != ToAct::Seat(me) {}
            }
            text => {
                if let Err(e) = record.play_text(text) {
                    println!("{e}");
                }
            }
        }
    }
}

fn usage(error: &str) -> ExitCode {
    eprintln!("terminal: {error}");
    eprintln!("usage: terminal [PARAMS] [--seed N] [--second]; parameters:");
    for spec in Params::specs() {
        eprintln!("  {spec}");
    }
    ExitCode::from(2)
}
