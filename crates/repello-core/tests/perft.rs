//! The golden perft table `tests/golden/perft.tsv` (`PARAMS<TAB>DEPTH<TAB>COUNT`, `-` for the
//! defaults). Rows up to 3,000,000 run by default; the rest with `--ignored`.
//!
//! The first two depths are the setup round and check by hand: 16 squares of the start area's
//! outer ring are free of the gold's neighbourhood; the second stack then avoids the first
//! one's neighbours: 4 corners leave 13, 8 squares beside a corner leave 12, 4 side middles
//! leave 13: 52 + 96 + 52 = 200.

use boardgame_kit::golden::{check_perft, perft_rows};
use boardgame_kit::{perft, perft_divide, Game};
use repello_core::{Params, State};

const LIMIT: u64 = 3_000_000;

fn run(big: bool) {
    let rows = perft_rows(include_str!("golden/perft.tsv"));
    let n = check_perft::<State>(rows.iter().filter(|r| (r.count > LIMIT) == big));
    assert!(n > 0 || big);
}

#[test]
fn golden_perft() {
    run(false);
}

#[test]
#[ignore]
fn golden_perft_deep() {
    run(true);
}

#[test]
fn divide_sums_to_perft() {
    let mut s = State::new(&Params::default());
    let d = perft_divide(&mut s, 3);
    assert_eq!(d.len(), 16);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 1448);
}

#[test]
fn perft_from_parsed_positions_matches() {
    // Mid-game positions (mid-phase included) continue exactly after a round trip.
    use boardgame_kit::{playout, SplitMix64};
    for seed in 0..20 {
        let params = Params::default();
        let mut s = State::new(&params);
        playout(&mut s, &mut SplitMix64::new(seed), 20 + seed * 3);
        let mut t = State::from_position(&params, &s.position()).unwrap();
        assert_eq!(perft(&mut s, 3), perft(&mut t, 3));
    }
}

/// Issue 14: a perft depth from a user is refused with a typed error, at once, above the
/// game's bound or the kit's maximum, instead of overflowing the stack or running for ever.
#[test]
fn deep_perft_is_refused() {
    use boardgame_kit::{try_perft, PerftError, MAX_PERFT_DEPTH};
    let mut s = State::new(&Default::default()); // no bound on the length
    assert_eq!(
        try_perft(&mut s, 99_999),
        Err(PerftError::TooDeep {
            depth: 99_999,
            max: MAX_PERFT_DEPTH
        })
    );
    assert_eq!(try_perft(&mut s, 2), Ok(perft(&mut s, 2)));
}

mod kernel {
    use boardgame_kit::strategy::reachable;
    use boardgame_kit::{perft_generic, Game};
    use proptest::prelude::*;
    use repello_core::{Params, State, STAND_IN};

    fn params() -> impl Strategy<Value = Params> {
        prop_oneof![
            Just(Params::default()),
            Just("players=3".parse().unwrap()),
            Just("players=4".parse().unwrap()),
            Just("players=2,stack=2".parse().unwrap()),
            Just("players=3,stack=1".parse().unwrap()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

        /// The crate's kernel (behind `perft`) counts like the generic driver from positions
        /// of random games: setup, turns, repulsion phases with their histories, the end.
        #[test]
        fn kernel_agrees_with_the_generic_driver(
            s in params().prop_flat_map(|p| reachable::<State>(p, 400)),
            depth in 0u32..4,
        ) {
            let mut k = s.clone();
            let fast = k.perft_kernel(depth);
            prop_assert_eq!(&k, &s);
            prop_assert_eq!(fast, perft_generic(&mut k, depth));
        }
    }

    /// The stand-in numbers with one square's number changed.
    fn numbers_with(square: usize) -> String {
        let mut n = STAND_IN;
        n[square] = n[square] % 6 + 1;
        n.iter().map(|d| char::from(b'0' + d)).collect()
    }

    /// The kernel counts one first action per orbit of the position's symmetries: on the
    /// stand-in board (quarter turns), on a board of ones (all eight symmetries), and on
    /// boards that break the symmetry by one square (no orbit may then be merged).
    #[test]
    fn symmetric_and_nearly_symmetric_boards_count_like_the_generic_driver() {
        let ones = "1".repeat(169);
        let boards = [
            String::new(),
            format!("numbers={ones}"),
            format!("numbers={}", numbers_with(0)),
            format!("numbers={}", numbers_with(85)),
            format!("players=3,numbers={}", numbers_with(100)),
        ];
        for params in &boards {
            let params: Params = params.parse().unwrap();
            let mut s = State::new(&params);
            for depth in [3, 4] {
                assert_eq!(
                    s.perft_kernel(depth),
                    perft_generic(&mut s, depth),
                    "{params} depth {depth}"
                );
            }
        }
    }
}
