//! Golden random games: line 1 is the record, then the `trace` status line before the first
//! action and after each one. Regenerate with `BLESS=1 cargo test -p repello-core --test
//! playthrough` (and check the new files by eye against the rules).

use boardgame_kit::drivers::status_line;
use boardgame_kit::{playout, Game, Record, SplitMix64};
use repello_core::{Params, State};

fn golden(name: &str, params: &str, seed: u64) {
    let path = format!(
        "{}/tests/golden/playthrough-{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("BLESS").is_some() {
        let p: Params = params.parse().unwrap();
        let mut s = State::new(&p);
        let mut rng = SplitMix64::new(seed);
        let mut record = Record::<State>::new(p.clone());
        let mut buf = boardgame_kit::Actions::<State>::new();
        while let Some(a) = boardgame_kit::random_action(&s, &mut rng, &mut buf) {
            s.play(a);
            record.play(a).unwrap();
        }
        let _ = playout::<State, SplitMix64>;
        let mut lines = vec![record.to_string()];
        let mut r = State::new(&p);
        lines.push(status_line(&r));
        for &a in record.actions() {
            r.play(a);
            lines.push(status_line(&r));
        }
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    }
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    let record: Record<State> = lines.next().unwrap().parse().unwrap();
    let mut s = State::new(record.params());
    assert_eq!(lines.next().unwrap(), status_line(&s));
    for (i, &a) in record.actions().iter().enumerate() {
        s.play(a);
        assert_eq!(
            lines.next().unwrap(),
            status_line(&s),
            "after action {}",
            i + 1
        );
    }
    assert!(lines.next().is_none());
    assert!(status_line(&s).starts_with("over: "));
}

#[test]
fn playthrough_two_players() {
    golden("2p", "", 2026);
}

#[test]
fn playthrough_three_players() {
    golden("3p", "players=3", 2027);
}

#[test]
fn playthrough_four_players() {
    golden("4p", "players=4", 2028);
}

#[test]
fn playthrough_short_stacks() {
    golden("2p-stack3", "players=2,stack=3", 2029);
}
