//! The kit's conformance suite on every parameter set of the issue (and a few more).

use boardgame_kit::conformance::{check, Config};
use elements_core::State;

fn run(params: &str, games: usize, probes: usize) {
    let p = params.parse().unwrap();
    check::<State>(
        &p,
        &Config {
            games,
            seed: 11,
            max_actions: 2_000,
            probes,
        },
    );
}

#[test]
fn conformance_default() {
    run("", 2, 2);
}

#[test]
fn conformance_blitz() {
    run("board=blitz", 4, 3);
}

#[test]
fn conformance_blitz_4_players() {
    run("board=blitz,players=4", 4, 3);
}

#[test]
fn conformance_3_players() {
    run("players=3", 2, 2);
}

#[test]
fn conformance_4_players() {
    run("players=4", 2, 2);
}

#[test]
fn conformance_short_turns() {
    run("board=blitz,players=3,per_turn=1", 3, 3);
    run("board=blitz,per_turn=20", 3, 3);
}
