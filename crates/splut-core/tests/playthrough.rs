//! Golden random games, one per main parameter set (`tests/golden/playthrough-*.txt`): line 1 is
//! the record, then the `trace` status line before the first action and after each one (see
//! `boardgame_kit::golden`). `BLESS=1 cargo test -p splut-core --test playthrough` rewrites the
//! files; check new ones by eye against the rules.

use splut_core::State;

boardgame_kit::playthrough_tests!(State, {
    golden_playthroughs: [("2p", "", 1), ("we", "seats=we", 2), ("3p", "players=3", 3), ("4p", "players=4", 4)],
});
