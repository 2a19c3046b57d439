//! Golden random games, one per main parameter set (`tests/golden/playthrough-*.txt`): line 1 is
//! the record, then the `trace` status line before the first action and after each one (see
//! `boardgame_kit::golden`). `BLESS=1 cargo test -p repello-core --test playthrough` rewrites the
//! files; check new ones by eye against the rules.

use repello_core::State;

boardgame_kit::playthrough_tests!(State, {
    playthrough_two_players: [("2p", "", 2026)],
    playthrough_three_players: [("3p", "players=3", 2027)],
    playthrough_four_players: [("4p", "players=4", 2028)],
    playthrough_short_stacks: [("2p-stack3", "players=2,stack=3", 2029)],
});
