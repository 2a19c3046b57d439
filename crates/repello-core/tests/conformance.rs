//! The kit's conformance suite for every parameter set of the issue.

use boardgame_kit::conformance::Config;
use repello_core::State;

/// Numbers 1 to 6 on the 169 squares in a pattern of their own.
fn custom_numbers() -> String {
    let numbers: String = (0..169)
        .map(|i| char::from(b'1' + ((i * 7 + i / 13) % 6) as u8))
        .collect();
    format!("players=3,stack=4,numbers={numbers}")
}

boardgame_kit::conformance_tests!(State, Config { seed: 7, max_actions: 600, probes: 4, ..Config::default() }, {
    conformance_two_players: [("", 20)],
    conformance_three_players: [("players=3", 10)],
    conformance_four_players: [("players=4", 10)],
    conformance_short_stacks: [("players=2,stack=3", 30)],
    conformance_custom_numbers: [(custom_numbers(), 10)],
});
