//! Golden random games: `tests/golden/playthrough-*.txt` hold the record on line 1, then the
//! `trace` status line before the first action and after each action. The test replays the
//! record and compares every line. `BLESS=1 cargo test -p splut-core --test playthrough`
//! rewrites the files (check the first moves by eye against the rules before committing).

use boardgame_kit::{drivers::status_line, Game, Record, SplitMix64};
use splut_core::State;
use std::path::PathBuf;

const GAMES: [(&str, &str, u64); 4] = [
    ("2p", "", 1),
    ("we", "seats=we", 2),
    ("3p", "players=3", 3),
    ("4p", "players=4", 4),
];

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("playthrough-{name}.txt"))
}

fn render(record: &Record<State>) -> String {
    let mut r = Record::<State>::new(*record.params());
    let mut out = format!("{record}\n{}\n", status_line(r.state()));
    for &a in record.actions() {
        r.play(a).unwrap();
        out.push_str(&status_line(r.state()));
        out.push('\n');
    }
    out
}

#[test]
fn golden_playthroughs() {
    let bless = std::env::var("BLESS").is_ok();
    for (name, params, seed) in GAMES {
        let file = path(name);
        if bless {
            let p = params.parse().unwrap();
            let mut s = State::new(&p);
            let mut rng = SplitMix64::new(seed);
            let mut actions = vec![];
            let mut buf = boardgame_kit::Actions::<State>::new();
            while let Some(a) = boardgame_kit::random_action(&s, &mut rng, &mut buf) {
                actions.push(a);
                s.play(a);
            }
            let record = Record::<State>::replay(p, &actions).unwrap();
            std::fs::write(&file, render(&record)).unwrap();
        }
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut lines = text.lines();
        let record: Record<State> = lines.next().unwrap().parse().unwrap();
        assert!(
            record.state().to_act() == boardgame_kit::ToAct::Over,
            "{name}: the golden game is played to its end"
        );
        let expected: Vec<&str> = lines.collect();
        let got = render(&record);
        let got: Vec<&str> = got.lines().skip(1).collect();
        assert_eq!(got.len(), expected.len(), "{name}: number of lines");
        for (i, (g, e)) in got.iter().zip(expected.iter()).enumerate() {
            assert_eq!(g, e, "{name}: line {}", i + 2);
        }
    }
}
