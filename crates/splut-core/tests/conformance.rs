//! The kit's conformance suite on every parameter set of the issue.

use boardgame_kit::conformance::Config;
use splut_core::State;

boardgame_kit::conformance_tests!(State, Config { seed: 11, max_actions: 400, probes: 6, ..Config::default() }, {
    two_players: [("", 12)],
    two_players_west_east: [("players=2,seats=we", 8)],
    three_players: [("players=3", 8)],
    three_players_other_seats_and_first: [("players=3,seats=wne,first=n", 3)],
    four_players: [("players=4", 8)],
    with_turn_limit: [("turn_limit=30", 6), ("players=4,turn_limit=25", 4)],
});
