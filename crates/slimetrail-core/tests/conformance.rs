//! The kit's conformance suite on every board size.

use boardgame_kit::conformance::{check, Config};
use slimetrail_core::State;

#[test]
fn conformance_all_sizes() {
    for p in ["size=5", "", "size=9"] {
        check::<State>(
            &p.parse().unwrap(),
            &Config {
                games: 60,
                seed: 11,
                ..Config::default()
            },
        );
    }
}
