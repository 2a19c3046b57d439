//! Golden random games: `tests/golden/playthrough-*.txt` holds the record (line 1) and the
//! `trace` status line before the first action and after each one. The test replays the record
//! and compares every line. Regenerate with `BLESS=1 cargo test -p elements-core --test playthrough`
//! (then check the first moves by eye against the rules).

use boardgame_kit::{Game, Record};
use elements_core::State;
use std::path::PathBuf;

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("playthrough-{name}.txt"))
}

boardgame_kit::playthrough_tests!(State, {
    playthroughs_match_golden_files: [
        ("default", "", 1),
        ("blitz", "board=blitz", 2),
        ("blitz-4", "board=blitz,players=4", 3),
        ("3", "players=3", 4),
        ("4", "players=4", 5),
    ],
});

/// Prints a few positions of the 4-player blitz golden game (for the docs):
/// `cargo test -p elements-core --test playthrough -- --ignored --nocapture`.
#[test]
#[ignore]
fn show_golden_positions() {
    let text = std::fs::read_to_string(path("blitz-4")).unwrap();
    let record: Record<State> = text.lines().next().unwrap().parse().unwrap();
    let mut r = Record::<State>::new(*record.params());
    for (k, a) in record.actions().iter().enumerate() {
        r.play(*a).unwrap();
        if [27, 80, record.actions().len() - 1].contains(&k) {
            println!(
                "after {} actions:\n{}\n{}\n",
                k + 1,
                r.state(),
                r.state().position()
            );
        }
    }
}
