//! Golden playthroughs: one random game per board size, checked line by line (see
//! `boardgame_kit::golden`). Regenerate with `BLESS=1 cargo test -p slimetrail-core --test playthrough`.

use boardgame_kit::golden::{check_playthrough, playthrough};
use slimetrail_core::State;

fn check(file: &str, params: &str, seed: u64) {
    let path = format!("{}/tests/golden/{file}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(
            &path,
            playthrough::<State>(&params.parse().unwrap(), seed, u64::MAX),
        )
        .unwrap();
    }
    let golden = std::fs::read_to_string(&path).unwrap();
    check_playthrough::<State>(&golden);
    assert!(
        golden
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("over: "),
        "{file}: played to the end"
    );
}

#[test]
fn playthrough_7x7() {
    check("playthrough-7x7.txt", "", 2026);
}

#[test]
fn playthrough_5x5() {
    check("playthrough-5x5.txt", "size=5", 5);
}

#[test]
fn playthrough_9x9() {
    check("playthrough-9x9.txt", "size=9", 9);
}
