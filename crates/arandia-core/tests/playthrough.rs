//! Golden random games, one per main parameter set (`tests/golden/playthrough-*.txt`): line 1 is
//! the record, then the `trace` status line before the first action and after each one (see
//! `boardgame_kit::golden`). `BLESS=1 cargo test -p arandia-core --test playthrough` rewrites the
//! files; check new ones by eye against the rules.

use arandia_core::State;

boardgame_kit::playthrough_tests!(State, {
    playthrough_two_players: [("2p", "turn_limit=80", 11)],
    playthrough_three_players: [("3p", "players=3,turn_limit=60", 12)],
    playthrough_four_players: [("4p", "players=4,turn_limit=48", 13)],
    playthrough_six_players: [("6p", "players=6,turn_limit=48", 14)],
});
