//! The kit's conformance suite on every parameter set of the issue (and a few more).

use boardgame_kit::conformance::Config;
use elements_core::State;

boardgame_kit::conformance_tests!(State, Config { seed: 11, ..Config::default() }, {
    conformance_default: [("", 2, probes = 2)],
    conformance_blitz: [("board=blitz", 4, probes = 3)],
    conformance_blitz_4_players: [("board=blitz,players=4", 4, probes = 3)],
    conformance_3_players: [("players=3", 2, probes = 2)],
    conformance_4_players: [("players=4", 2, probes = 2)],
    conformance_short_turns: [
        ("board=blitz,players=3,per_turn=1", 3, probes = 3),
        ("board=blitz,per_turn=20", 3, probes = 3),
    ],
});
