//! Golden random games: `tests/golden/playthrough-*.txt` hold the record on line 1, then the
//! `trace` status line before the first action and after each action. The test replays the
//! record and compares every line. `BLESS=1 cargo test -p splut-core --test playthrough`
//! rewrites the files (check the first moves by eye against the rules before committing).

use boardgame_kit::golden::check_playthrough_file;
use splut_core::State;

const GAMES: [(&str, &str, u64); 4] = [
    ("2p", "", 1),
    ("we", "seats=we", 2),
    ("3p", "players=3", 3),
    ("4p", "players=4", 4),
];

#[test]
fn golden_playthroughs() {
    for (name, params, seed) in GAMES {
        check_playthrough_file::<State>(env!("CARGO_MANIFEST_DIR"), name, params, seed, u64::MAX);
    }
}
