//! The kit's conformance suite for every parameter set of the issue.

use boardgame_kit::conformance::{check, Config};
use repello_core::{Params, State};

fn run(p: &str, games: usize) {
    let params: Params = p.parse().unwrap();
    check::<State>(
        &params,
        &Config {
            games,
            seed: 7,
            max_actions: 600,
            probes: 4,
        },
    );
}

#[test]
fn conformance_two_players() {
    run("", 20);
}

#[test]
fn conformance_three_players() {
    run("players=3", 10);
}

#[test]
fn conformance_four_players() {
    run("players=4", 10);
}

#[test]
fn conformance_short_stacks() {
    run("players=2,stack=3", 30);
}

#[test]
fn conformance_custom_numbers() {
    let numbers: String = (0..169)
        .map(|i| char::from(b'1' + ((i * 7 + i / 13) % 6) as u8))
        .collect();
    run(&format!("players=3,stack=4,numbers={numbers}"), 10);
}
