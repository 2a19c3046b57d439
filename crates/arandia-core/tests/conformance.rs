//! The kit's conformance suite for every parameter set of the issue (2, 3, 4 and 6 players),
//! with and without a turn limit; it includes the chance checks (outcomes distinct, positive,
//! summing to exactly 1, and equal to the legal list).

use arandia_core::State;
use boardgame_kit::conformance::{check, Config};

fn run(params: &str, games: usize, max_actions: u64) {
    check::<State>(
        &params.parse().unwrap(),
        &Config {
            games,
            seed: 7,
            max_actions,
            probes: 6,
        },
    );
}

#[test]
fn conformance_two_players() {
    run("", 20, 600);
}

#[test]
fn conformance_three_players() {
    run("players=3", 15, 600);
}

#[test]
fn conformance_four_players_first_3() {
    run("players=4,first=3", 15, 600);
}

#[test]
fn conformance_six_players() {
    run("players=6", 15, 600);
}

#[test]
fn conformance_turn_limits_end_games() {
    run("turn_limit=6", 20, 10_000);
    run("players=6,turn_limit=8", 15, 10_000);
}
