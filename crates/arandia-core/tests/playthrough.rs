//! Golden random games, one per main parameter set (`tests/golden/playthrough-*.txt`): line 1 is
//! the record, then the `trace` status line before the first action and after each action. The
//! test replays the record and compares every line. `BLESS=1 cargo test -p arandia-core --test
//! playthrough` rewrites the files.

use arandia_core::{Params, State};
use boardgame_kit::{
    drivers::random_action, drivers::status_line, Actions, Game, Record, SplitMix64,
};
use std::path::PathBuf;

const GAMES: [(&str, &str, u64); 4] = [
    ("2p", "turn_limit=80", 11),
    ("3p", "players=3,turn_limit=60", 12),
    ("4p", "players=4,turn_limit=48", 13),
    ("6p", "players=6,turn_limit=48", 14),
];

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("playthrough-{name}.txt"))
}

fn generate(params: &str, seed: u64) -> String {
    let params: Params = params.parse().unwrap();
    let mut record = Record::<State>::new(params);
    let mut rng = SplitMix64::new(seed);
    let mut buf = Actions::<State>::new();
    let mut lines = vec![status_line(record.state())];
    while let Some(a) = random_action(record.state(), &mut rng, &mut buf) {
        record.play(a).unwrap();
        lines.push(status_line(record.state()));
    }
    format!("{record}\n{}\n", lines.join("\n"))
}

#[test]
fn playthroughs_replay_exactly() {
    let bless = std::env::var("BLESS").is_ok();
    for (name, params, seed) in GAMES {
        if bless {
            std::fs::write(path(name), generate(params, seed)).unwrap();
        }
        let text = std::fs::read_to_string(path(name)).unwrap();
        let mut lines = text.lines();
        let record: Record<State> = lines.next().unwrap().parse().unwrap();
        // Replay action by action from the start and compare every status line.
        let mut s = State::new(record.params());
        assert_eq!(lines.next().unwrap(), status_line(&s), "{name}: start");
        for (i, &a) in record.actions().iter().enumerate() {
            s.try_play(a)
                .unwrap_or_else(|e| panic!("{name}: action {} ({a}): {e}", i + 1));
            assert_eq!(
                lines.next().unwrap(),
                status_line(&s),
                "{name}: after action {} ({a})",
                i + 1
            );
        }
        assert!(lines.next().is_none(), "{name}: extra lines");
        assert!(s.outcome().is_some(), "{name}: the golden game ends");
    }
}
