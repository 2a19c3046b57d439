//! The engine session of every game driven by long seeded random scripts: legal and illegal
//! plays, undo, garbage lines; a refusal never changes the state, an undo restores it exactly.

use boardgame_kit::{RandomSource, SplitMix64};
use boardgames::{Session, GAMES};

const GARBAGE: &[&str] = &[
    "play zz",
    "play \u{1b}[2J",
    "play a1 a1 a1",
    "undo 1000",
    "undo -3",
    "position ???",
    "perft many",
    "go nobody",
    "game",
    "status please",
    "legal now",
    "show me",
    "\u{0}",
];

fn answer(s: &mut Session, line: &str) -> String {
    let a = s.handle(line).expect("a command gets an answer");
    assert!(a.to_string().ends_with("\n\n"), "{line:?}");
    assert!(
        a.text().starts_with("= ") || a.text().starts_with("? "),
        "{line:?}: {a:?}"
    );
    a.text().to_string()
}

#[test]
fn random_scripts_keep_every_promise_of_the_protocol() {
    for entry in GAMES {
        let mut rng = SplitMix64::new(7);
        let mut s = Session::new();
        let start = answer(&mut s, &format!("game {}", entry.name()));
        assert_eq!(start, format!("= {}", s.game().position()));
        let mut positions = vec![s.game().position()];
        let mut plays = 0;
        for _ in 0..300 {
            let before = s.game().position();
            let status = answer(&mut s, "status");
            match rng.below(10) {
                0..=5 => {
                    let legal = s.game().legal_texts();
                    if legal.is_empty() {
                        assert!(answer(&mut s, "legal") == "= ");
                        if positions.len() == 1 {
                            // Over, with nothing to take back since `position`: start again.
                            answer(&mut s, &format!("game {}", entry.name()));
                            positions = vec![s.game().position()];
                            continue;
                        }
                        let a = answer(&mut s, "undo");
                        assert!(a.starts_with("= "), "{a}");
                        positions.pop();
                        continue;
                    }
                    let pick = &legal[rng.below(legal.len() as u64) as usize];
                    let a = answer(&mut s, &format!("play {pick}"));
                    assert_eq!(a, format!("= {}", s.game().position()));
                    positions.push(s.game().position());
                    plays += 1;
                }
                6 if positions.len() > 1 => {
                    let a = answer(&mut s, "undo");
                    positions.pop();
                    assert_eq!(&a[2..], positions.last().unwrap().as_str());
                }
                7 => {
                    let line = GARBAGE[rng.below(GARBAGE.len() as u64) as usize];
                    let a = answer(&mut s, line);
                    assert!(a.starts_with("? "), "{line:?}: {a}");
                    assert_eq!(a.lines().count(), 1, "{a:?}");
                    assert!(!a.chars().any(char::is_control), "{a:?}");
                    assert_eq!(s.game().position(), before, "{line:?}");
                    assert_eq!(answer(&mut s, "status"), status);
                }
                8 => {
                    // Setting the position it already has keeps it, and clears the undo list.
                    let a = answer(&mut s, &format!("position {before}"));
                    assert_eq!(a, format!("= {before}"));
                    positions = vec![before.clone()];
                    assert!(answer(&mut s, "undo").starts_with("? "));
                }
                _ => {
                    let n = answer(&mut s, "perft 1");
                    let count = s.game().legal_texts().len();
                    assert_eq!(n, format!("= {count}"));
                }
            }
        }
        assert!(plays >= 20, "{}: only {plays} plays", entry.name());
    }
}
