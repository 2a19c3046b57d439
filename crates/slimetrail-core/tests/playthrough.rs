//! Golden random games, one per main parameter set (`tests/golden/playthrough-*.txt`): line 1 is
//! the record, then the `trace` status line before the first action and after each one (see
//! `boardgame_kit::golden`). `BLESS=1 cargo test -p slimetrail-core --test playthrough` rewrites the
//! files; check new ones by eye against the rules.

use boardgame_kit::golden::check_playthrough_file;
use slimetrail_core::State;

/// The games are played to the end (a `turn_limit` in the parameters bounds them where needed).
const MAX: u64 = u64::MAX;

#[test]
fn playthrough_7x7() {
    check_playthrough_file::<State>(env!("CARGO_MANIFEST_DIR"), "7x7", "", 2026, MAX);
}

#[test]
fn playthrough_5x5() {
    check_playthrough_file::<State>(env!("CARGO_MANIFEST_DIR"), "5x5", "size=5", 5, MAX);
}

#[test]
fn playthrough_9x9() {
    check_playthrough_file::<State>(env!("CARGO_MANIFEST_DIR"), "9x9", "size=9", 9, MAX);
}
