//! The kit's conformance suite on every parameter set of the issue.

use boardgame_kit::conformance::{check, Config};
use splut_core::State;

fn run(params: &str, games: usize) {
    let p = params.parse().unwrap();
    check::<State>(
        &p,
        &Config {
            games,
            seed: 11,
            max_actions: 400,
            probes: 6,
        },
    );
}

#[test]
fn two_players() {
    run("", 12);
}

#[test]
fn two_players_west_east() {
    run("players=2,seats=we", 8);
}

#[test]
fn three_players() {
    run("players=3", 8);
}

#[test]
fn three_players_other_seats_and_first() {
    run("players=3,seats=wne,first=n", 3);
}

#[test]
fn four_players() {
    run("players=4", 8);
}

#[test]
fn with_turn_limit() {
    run("turn_limit=30", 6);
    run("players=4,turn_limit=25", 4);
}
