//! The golden perft table `tests/golden/perft.tsv` (`PARAMS<TAB>DEPTH<TAB>COUNT`, chance outcomes
//! counted as edges). Rows up to 3,000,000 run by default; the rest with `--ignored`.

use arandia_core::{Params, State};
use boardgame_kit::golden::{check_perft, perft_rows};
use boardgame_kit::{perft, Game};

fn check(small: bool) {
    let rows = perft_rows(include_str!("golden/perft.tsv"));
    let n = check_perft::<State>(rows.iter().filter(|r| (r.count <= 3_000_000) == small));
    assert!(n > 0 || !small);
}

#[test]
fn perft_golden_small() {
    check(true);
}

#[test]
#[ignore]
fn perft_golden_large() {
    check(false);
}

/// The count the rules file states: seat 0 has 7 actions at the start (worked example 1).
#[test]
fn perft_rules_example() {
    assert_eq!(perft(&mut State::new(&Params::default()), 1), 7);
}

/// Prints the table (`cargo test -p arandia-core --test perft -- --ignored print_perft --nocapture`).
#[test]
#[ignore]
fn print_perft() {
    let only = std::env::var("PERFT_PARAMS").ok();
    for p in [
        "",
        "players=3",
        "players=4",
        "players=6",
        "turn_limit=1",
        "players=6,turn_limit=2",
    ] {
        if only.as_deref().is_some_and(|o| o != p) {
            continue;
        }
        let params: Params = p.parse().unwrap();
        let max: u32 = std::env::var("PERFT_MAX")
            .ok()
            .and_then(|m| m.parse().ok())
            .unwrap_or(9);
        for d in 1..=max {
            let t = std::time::Instant::now();
            let n = perft(&mut State::new(&params), d);
            println!(
                "{}\t{d}\t{n}\t# {:?}",
                if p.is_empty() { "-" } else { p },
                t.elapsed()
            );
            if t.elapsed().as_secs() > 20 {
                break;
            }
        }
    }
}

/// Issue 14: a perft depth from a user is refused with a typed error, at once, above the
/// game's bound or the kit's maximum, instead of overflowing the stack or running for ever.
#[test]
fn deep_perft_is_refused() {
    use boardgame_kit::{conformance::check_too_deep, try_perft};
    let mut s = State::new(&Params::default()); // no turn limit: no bound
    check_too_deep(&mut s, 99_999);
    assert_eq!(try_perft(&mut s, 1), Ok(7));
}
