//! The kit's conformance suite for every parameter set of the issue (2, 3, 4 and 6 players),
//! with and without a turn limit; it includes the chance checks (outcomes distinct, positive,
//! summing to exactly 1, and equal to the legal list).

use arandia_core::State;
use boardgame_kit::conformance::Config;

boardgame_kit::conformance_tests!(State, Config { seed: 7, max_actions: 600, probes: 6, ..Config::default() }, {
    conformance_two_players: [("", 20)],
    conformance_three_players: [("players=3", 15)],
    conformance_four_players_first_3: [("players=4,first=3", 15)],
    conformance_six_players: [("players=6", 15)],
    conformance_turn_limits_end_games: [
        ("turn_limit=6", 20, max_actions = 10_000),
        ("players=6,turn_limit=8", 15, max_actions = 10_000),
    ],
});
