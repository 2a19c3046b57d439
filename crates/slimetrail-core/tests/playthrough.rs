//! Golden playthroughs: one random game per board size, checked line by line. Line 1 is the
//! record; then the `trace` status line before the first action and after each one.
//! Regenerate with `BLESS=1 cargo test -p slimetrail-core --test playthrough`.

use boardgame_kit::{drivers::status_line, random_action, Actions, Game, Record, SplitMix64};
use slimetrail_core::State;

fn lines(record: &Record<State>) -> Vec<String> {
    let mut s = State::new(record.params());
    let mut out = vec![record.to_string(), status_line(&s)];
    for &a in record.actions() {
        s.try_play(a).unwrap();
        out.push(status_line(&s));
    }
    out
}

fn check(file: &str, params: &str, seed: u64) {
    let path = format!("{}/tests/golden/{file}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("BLESS").is_some() {
        let mut rec = Record::<State>::new(params.parse().unwrap());
        let mut rng = SplitMix64::new(seed);
        let mut buf = Actions::<State>::new();
        while let Some(a) = random_action(rec.state(), &mut rng, &mut buf) {
            rec.play(a).unwrap();
        }
        std::fs::write(&path, lines(&rec).join("\n") + "\n").unwrap();
    }
    let golden = std::fs::read_to_string(&path).unwrap();
    let mut it = golden.lines();
    let record: Record<State> = it.next().unwrap().parse().unwrap();
    let want: Vec<&str> = golden.lines().collect();
    let got = lines(&record);
    assert_eq!(got.len(), want.len(), "{file}: number of lines");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "{file}: line {}", i + 1);
    }
    assert!(
        want.last().unwrap().starts_with("over: "),
        "{file}: the game is played to the end"
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
