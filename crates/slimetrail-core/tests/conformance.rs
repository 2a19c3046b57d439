//! The kit's conformance suite on every board size.

use boardgame_kit::conformance::Config;
use slimetrail_core::State;

boardgame_kit::conformance_tests!(State, Config { seed: 11, ..Config::default() }, {
    conformance_all_sizes: [("size=5", 60), ("", 60), ("size=9", 60)],
});
