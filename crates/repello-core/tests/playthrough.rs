//! Golden random games, one per main parameter set (`tests/golden/playthrough-*.txt`): line 1 is
//! the record, then the `trace` status line before the first action and after each one (see
//! `boardgame_kit::golden`). `BLESS=1 cargo test -p repello-core --test playthrough` rewrites the
//! files; check new ones by eye against the rules.

use boardgame_kit::golden::check_playthrough_file;
use repello_core::State;

/// The games are played to the end (a `turn_limit` in the parameters bounds them where needed).
const MAX: u64 = u64::MAX;

#[test]
fn playthrough_two_players() {
    check_playthrough_file::<State>(env!("CARGO_MANIFEST_DIR"), "2p", "", 2026, MAX);
}

#[test]
fn playthrough_three_players() {
    check_playthrough_file::<State>(env!("CARGO_MANIFEST_DIR"), "3p", "players=3", 2027, MAX);
}

#[test]
fn playthrough_four_players() {
    check_playthrough_file::<State>(env!("CARGO_MANIFEST_DIR"), "4p", "players=4", 2028, MAX);
}

#[test]
fn playthrough_short_stacks() {
    check_playthrough_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        "2p-stack3",
        "players=2,stack=3",
        2029,
        MAX,
    );
}
