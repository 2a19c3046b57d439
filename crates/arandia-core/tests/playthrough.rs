//! Golden random games, one per main parameter set (`tests/golden/playthrough-*.txt`): line 1 is
//! the record, then the `trace` status line before the first action and after each one (see
//! `boardgame_kit::golden`). `BLESS=1 cargo test -p arandia-core --test playthrough` rewrites the
//! files; check new ones by eye against the rules.

use arandia_core::State;
use boardgame_kit::golden::check_playthrough_file;

/// The games are played to the end (a `turn_limit` in the parameters bounds them where needed).
const MAX: u64 = u64::MAX;

#[test]
fn playthrough_two_players() {
    check_playthrough_file::<State>(env!("CARGO_MANIFEST_DIR"), "2p", "turn_limit=80", 11, MAX);
}

#[test]
fn playthrough_three_players() {
    check_playthrough_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        "3p",
        "players=3,turn_limit=60",
        12,
        MAX,
    );
}

#[test]
fn playthrough_four_players() {
    check_playthrough_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        "4p",
        "players=4,turn_limit=48",
        13,
        MAX,
    );
}

#[test]
fn playthrough_six_players() {
    check_playthrough_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        "6p",
        "players=6,turn_limit=48",
        14,
        MAX,
    );
}
