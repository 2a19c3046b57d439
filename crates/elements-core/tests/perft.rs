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
