//! Golden random games, one per main parameter set (`tests/golden/playthrough-*.txt`): line 1 is
//! the record, then the `trace` status line before the first action and after each one (see
//! `boardgame_kit::golden`). `BLESS=1 cargo test -p repello-core --test playthrough` rewrites the
//! files; check new ones by eye against the rules.

use boardgame_kit::golden::{check_playthrough, playthrough};
use repello_core::State;

fn check(name: &str, params: &str, seed: u64) {
    let path = format!(
        "{}/tests/golden/playthrough-{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(
            &path,
            playthrough::<State>(&params.parse().unwrap(), seed, u64::MAX),
        )
        .unwrap();
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    check_playthrough::<State>(&golden);
    assert!(
        golden
            .trim_end()
            .lines()
            .last()
            .unwrap_or_default()
            .starts_with("over: "),
        "{name}: the golden game ends"
    );
}

#[test]
fn playthrough_two_players() {
    check("2p", "", 2026);
}

#[test]
fn playthrough_three_players() {
    check("3p", "players=3", 2027);
}

#[test]
fn playthrough_four_players() {
    check("4p", "players=4", 2028);
}

#[test]
fn playthrough_short_stacks() {
    check("2p-stack3", "players=2,stack=3", 2029);
}
