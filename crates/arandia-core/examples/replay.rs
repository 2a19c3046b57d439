//! Replays a game of Arandian checkers from its record, action by action (dice included), and
//! prints the board after each turn and the outcome.
//!
//! ```sh
//! cargo run -p arandia-core --example replay -- [FILE]
//! ```
//!
//! A record is one line `arandia [PARAMS]: ACTION ACTION ...`, as `Record`'s `Display` writes
//! it. With no file, it replays the first 40 actions of a random game (seed 3).

use arandia_core::kit::{random_action, Record, SplitMix64};
use arandia_core::prelude::*;
use std::process::ExitCode;

fn main() -> ExitCode {
    let text = match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("replay: cannot read {path}: {e}");
                return ExitCode::from(2);
            }
        },
        None => sample_record(),
    };
    println!("record: {}", text.trim());
    let record: Record<State> = match text.trim().parse() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("replay: {e}");
            return ExitCode::from(2);
        }
    };
    // Replay from the start, showing who played what.
    let mut game = State::new(record.params());
    for (i, &action) in record.actions().iter().enumerate() {
        let who = match game.to_act() {
            ToAct::Seat(seat) => State::seat_display(seat).to_string(),
            _ => "the die".to_string(),
        };
        game.try_play(action).expect("a parsed record replays");
        println!("{:>3}. {who}: {action}", i + 1);
    }
    println!("{game}");
    match game.outcome() {
        Some(outcome) => println!("{}", State::outcome_display(&outcome)),
        None => match game.to_act() {
            ToAct::Seat(seat) => println!("the game goes on: {} to act", State::seat_display(seat)),
            _ => println!("the game goes on: the die to roll"),
        },
    }
    assert_eq!(
        &game,
        record.state(),
        "the replay reaches the recorded state"
    );
    ExitCode::SUCCESS
}

/// The first 40 actions of a random game (seed 3), as record text.
fn sample_record() -> String {
    let mut record = Record::<State>::new(Params::default());
    let mut rng = SplitMix64::new(3);
    let mut buf = Actions::<State>::new();
    while record.actions().len() < 40 {
        let Some(action) = random_action(record.state(), &mut rng, &mut buf) else {
            break;
        };
        record.play(action).expect("a listed action is legal");
    }
    record.to_string()
}
