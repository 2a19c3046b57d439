//! Golden random games, one per main parameter set (`tests/golden/playthrough-*.txt`): line 1 is
//! the record, then the `trace` status line before the first action and after each one (see
//! `boardgame_kit::golden`). `BLESS=1 cargo test -p slimetrail-core --test playthrough` rewrites the
//! files; check new ones by eye against the rules.

use slimetrail_core::State;

boardgame_kit::playthrough_tests!(State, {
    playthrough_7x7: [("7x7", "", 2026)],
    playthrough_5x5: [("5x5", "size=5", 5)],
    playthrough_9x9: [("9x9", "size=9", 9)],
});
