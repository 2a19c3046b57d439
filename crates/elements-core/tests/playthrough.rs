//! Golden random games: `tests/golden/playthrough-*.txt` holds the record (line 1) and the
//! `trace` status line before the first action and after each one. The test replays the record
//! and compares every line. Regenerate with `BLESS=1 cargo test -p elements-core --test playthrough`
//! (then check the first moves by eye against the rules).

use boardgame_kit::drivers::status_line;
use boardgame_kit::{Game, Record, SplitMix64};
use elements_core::State;
use std::path::PathBuf;

const GAMES: [(&str, &str, u64); 5] = [
    ("default", "", 1),
    ("blitz", "board=blitz", 2),
    ("blitz-4", "board=blitz,players=4", 3),
    ("3", "players=3", 4),
    ("4", "players=4", 5),
];

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("playthrough-{name}.txt"))
}

fn render(record: &Record<State>) -> String {
    let mut lines = vec![record.to_string()];
    let mut r = Record::<State>::new(*record.params());
    lines.push(status_line(r.state()));
    for a in record.actions() {
        r.play(*a).unwrap();
        lines.push(status_line(r.state()));
    }
    lines.join("\n") + "\n"
}

#[test]
fn playthroughs_match_golden_files() {
    let bless = std::env::var("BLESS").is_ok();
    for (name, params, seed) in GAMES {
        let file = path(name);
        if bless {
            let p = params.parse().unwrap();
            let mut s = State::new(&p);
            let mut rng = SplitMix64::new(seed);
            let mut actions = Vec::new();
            while let Some(a) = boardgame_kit::random_action(&s, &mut rng, &mut Default::default())
            {
                s.play(a);
                actions.push(a);
            }
            let record = Record::<State>::replay(p, &actions).unwrap();
            std::fs::write(&file, render(&record)).unwrap();
        }
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let first = text.lines().next().unwrap();
        let record: Record<State> = first.parse().unwrap();
        assert!(
            record.state().is_over(),
            "{name}: the golden game is complete"
        );
        let got = render(&record);
        for (k, (want, got)) in text.lines().zip(got.lines()).enumerate() {
            assert_eq!(got, want, "{name}: line {}", k + 1);
        }
        assert_eq!(
            text.lines().count(),
            got.lines().count(),
            "{name}: number of lines"
        );
    }
}

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
