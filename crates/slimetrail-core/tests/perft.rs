//! The golden perft table (`tests/golden/perft.tsv`: params, depth, count), checked with the
//! generic kit driver, the crate's mask perft, and a naive reference written straight from the
//! rules on a plain array.

use boardgame_kit::golden::{check_perft, perft_rows, PerftRow};
use boardgame_kit::Game;
use slimetrail_core::{Params, State};

mod reference;

use reference::Reference;

const FAST_LIMIT: u64 = 3_000_000;

fn rows() -> Vec<PerftRow> {
    perft_rows(include_str!("golden/perft.tsv"))
}

/// The kit's generic perft and the crate's mask perft both agree with the table.
fn check(rows: &[PerftRow]) {
    assert!(check_perft::<State>(rows) > 0 || rows.is_empty());
    for row in rows {
        let s = State::new(&row.params.parse().unwrap());
        assert_eq!(
            s.perft(row.depth),
            row.count,
            "mask perft [{}] depth {}",
            row.params,
            row.depth
        );
    }
}

#[test]
fn golden_perft_fast_rows() {
    let rows: Vec<PerftRow> = rows()
        .into_iter()
        .filter(|r| r.count <= FAST_LIMIT)
        .collect();
    check(&rows);
}

#[test]
#[ignore = "deep perft: run with --ignored (release recommended)"]
fn golden_perft_deep_rows() {
    let rows: Vec<PerftRow> = rows()
        .into_iter()
        .filter(|r| r.count > FAST_LIMIT)
        .collect();
    check(&rows);
}

#[test]
fn reference_agrees_with_golden_table_on_small_rows() {
    for row in rows().into_iter().filter(|r| r.count <= 200_000) {
        let params: Params = row.params.parse().unwrap();
        let r = Reference::new(params.board().size() as i32);
        assert_eq!(
            r.perft(row.depth),
            row.count,
            "reference [{}] depth {}",
            row.params,
            row.depth
        );
    }
}

#[test]
fn reference_agrees_with_engine_on_random_games() {
    use boardgame_kit::{Actions, RandomSource, SplitMix64, ToAct};
    let mut rng = SplitMix64::new(99);
    for size in [5, 7, 9] {
        for _ in 0..200 {
            let mut s = State::new(&Params::with_size(size).unwrap());
            let mut r = Reference::new(size as i32);
            loop {
                let mut l = Actions::<State>::new();
                s.legal_actions(&mut l);
                let mut want: Vec<String> = if r.over() {
                    vec![]
                } else {
                    r.moves()
                        .iter()
                        .map(|(f, rk)| format!("{}{}", (b'a' + *f as u8) as char, rk + 1))
                        .collect()
                };
                let mut got: Vec<String> = l.iter().map(|a| a.to_string()).collect();
                want.sort();
                got.sort();
                assert_eq!(got, want);
                assert_eq!(s.to_act() == ToAct::Over, r.over());
                if l.is_empty() {
                    break;
                }
                let a = l[rng.below(l.len() as u64) as usize];
                s.play(a);
                r.slime[r.snail.0 as usize][r.snail.1 as usize] = true;
                r.snail = (a.0.file() as i32, a.0.rank() as i32);
                r.ply += 1;
            }
            assert_eq!(s.ply(), r.ply);
        }
    }
}

#[test]
#[ignore = "prints the table; BLESS helper"]
fn print_table() {
    for (p, max) in [("size=5", 14), ("", 12), ("size=9", 10)] {
        let params: Params = p.parse().unwrap();
        for d in 1..=max {
            let n = State::new(&params).perft(d);
            println!("{}\t{}\t{}", if p.is_empty() { "-" } else { p }, d, n);
        }
    }
}

/// Issue 14: a perft depth from a user is refused with a typed error, at once, above the
/// game's bound or the kit's maximum, instead of overflowing the stack or running for ever.
#[test]
fn deep_perft_is_refused() {
    use boardgame_kit::{try_perft, try_perft_divide, PerftError};
    let mut s = State::default();
    assert_eq!(
        try_perft(&mut s, 99_999),
        Err(PerftError::BeyondGameLength {
            depth: 99_999,
            longest: 48
        })
    );
    assert!(try_perft_divide(&mut s, 49).is_err());
    assert_eq!(try_perft(&mut s, 3), Ok(368));
}
