//! No crash on any input: illegal, foreign and off-board actions played unchecked never leave
//! a state that makes the engine panic, undo takes them back, and error messages are one line.

use arandia_core::{Params, State};
use boardgame_kit::robustness::{check_one_line_errors, check_unchecked_play, UncheckedConfig};
use boardgame_kit::Game;

const PARAMS: &[&str] = &[
    "",
    "players=3",
    "players=4,first=3",
    "players=6",
    "turn_limit=6",
];

fn params() -> Vec<Params> {
    PARAMS.iter().map(|p| p.parse().unwrap()).collect()
}

#[test]
fn hostile_unchecked_plays_never_panic_and_undo_restores() {
    check_unchecked_play::<State>(&params(), &UncheckedConfig::default());
}

/// The same, longer (expected: passes; about a minute in release).
#[test]
#[ignore]
fn hostile_unchecked_plays_never_panic_long() {
    let cfg = UncheckedConfig {
        games: 40,
        steps: 3_000,
        seed: 99,
    };
    check_unchecked_play::<State>(&params(), &cfg);
}

#[test]
fn error_messages_are_one_line() {
    for p in params() {
        check_one_line_errors::<State>(&p);
    }
    let e = State::from_position(&Params::default(), "\n").unwrap_err();
    assert!(!e.to_string().contains('\n'), "{e}");
}
