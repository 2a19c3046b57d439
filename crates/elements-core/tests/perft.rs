//! The golden perft table `tests/golden/perft.tsv` (`PARAMS<TAB>DEPTH<TAB>COUNT`, `-` for the
//! default parameters). Rows up to 3,000,000 run by default; the rest with `--ignored`.

use boardgame_kit::golden::{check_perft, perft_rows};
use boardgame_kit::{perft, Game};
use elements_core::{Params, State};

const LIMIT: u64 = 3_000_000;

fn run(filter: impl Fn(u64) -> bool) {
    let rows = perft_rows(include_str!("golden/perft.tsv"));
    assert!(check_perft::<State>(rows.iter().filter(|r| filter(r.count))) > 0);
}

#[test]
fn perft_golden_fast_rows() {
    run(|c| c <= LIMIT);
}

#[test]
#[ignore]
fn perft_golden_deep_rows() {
    run(|c| c > LIMIT);
}

/// The counts the rules file states (worked example 1).
#[test]
fn perft_rules_file_counts() {
    let mut s = State::new(&Params::default());
    assert_eq!(perft(&mut s, 1), 3);
    assert_eq!(perft(&mut s, 2), 13);
}

/// Prints perft counts for the table (`PERFT_PRINT=params:depth ... cargo test --release -- --ignored print`).
#[test]
#[ignore]
fn print_perft() {
    let spec = std::env::var("PERFT_PRINT").unwrap_or_default();
    for item in spec.split_whitespace() {
        let (ps, d) = item.rsplit_once(':').unwrap();
        let ps = if ps == "-" { "" } else { ps };
        let params: Params = ps.parse().unwrap();
        let mut s = State::new(&params);
        for depth in 1..=d.parse::<u32>().unwrap() {
            let t = std::time::Instant::now();
            let n = perft(&mut s, depth);
            println!(
                "{}\t{depth}\t{n}\t# {:?}",
                if ps.is_empty() { "-" } else { ps },
                t.elapsed()
            );
        }
    }
}

/// Issue 14: a perft depth from a user is refused with a typed error, at once, above the
/// game's bound or the kit's maximum, instead of overflowing the stack or running for ever.
#[test]
fn deep_perft_is_refused() {
    use boardgame_kit::{try_perft, PerftError};
    let mut s = State::new(&Default::default());
    assert!(matches!(
        try_perft(&mut s, 99_999),
        Err(PerftError::BeyondGameLength { depth: 99_999, .. })
    ));
    assert_eq!(try_perft(&mut s, 2), Ok(perft(&mut s, 2)));
}
