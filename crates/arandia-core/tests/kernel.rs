//! The crate's perft kernel (behind `boardgame_kit::perft`) counts exactly like the kit's
//! generic driver, from random positions of every player count (mid-turn, pending combats,
//! wrecks and sunk ships included) and from positions built around a combat.

use arandia_core::{Params, Phase, State};
use boardgame_kit::strategy::seeds;
use boardgame_kit::{perft, perft_generic, playout, Game, SplitMix64};
use proptest::prelude::*;

fn params_strategy() -> impl Strategy<Value = Params> {
    (
        prop::sample::select(vec![2u8, 3, 4, 6]),
        prop::sample::select(vec![0u32, 0, 3, 40]),
    )
        .prop_map(|(p, t)| format!("players={p},turn_limit={t}").parse().unwrap())
}

fn check(s: &State, max_depth: u32) -> Result<(), TestCaseError> {
    for depth in 0..=max_depth {
        let mut fast = *s;
        let mut slow = *s;
        prop_assert_eq!(
            perft(&mut fast, depth),
            perft_generic(&mut slow, depth),
            "depth {} from {}",
            depth,
            s.position()
        );
        prop_assert_eq!(fast, *s, "the kernel changed the state");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn kernel_agrees_with_the_generic_driver(params in params_strategy(), (seed, len) in seeds(600)) {
        let mut s = State::new(&params);
        playout(&mut s, &mut SplitMix64::new(seed), len);
        check(&s, 5)?;
    }
}

/// Every phase of a combat, from crowded positions where ships of several seats share cells:
/// the kernel merges the 36 pairs of combat dice into three results, which must count the same.
#[test]
fn kernel_agrees_through_combats() {
    let six: Params = "players=6".parse().unwrap();
    let two = Params::default();
    let cases = [
        // Seat 0's ship on f8 rolls 6 onto f7 (seats 2 and 4 there) or 5 onto e7.
        (
            six,
            "0 - t0 0:f8,g9,h9 1:i6,i7,i8 2:f7,g3,h4 3:b1,c1,f7 4:a2,a3,f7 5:b6,c7,d8",
        ),
        // A pending arrival among two seats, then the attack's dice.
        (
            six,
            "0 arrive:f7 t0 0:f7*,g9,h9 1:i6,i7,i8 2:f7,g3,h4 3:b1,c1,d1 4:a2,a3,f7 5:b6,c7,d8",
        ),
        (
            six,
            "0 attack:f7:4 t0 0:f7*,g9,h9 1:i6,i7,i8 2:f7,g3,h4 3:b1,c1,d1 4:a2,a3,f7 5:b6,c7,d8",
        ),
        (two, "0 defend:e6:3:4 t0 0:e6*,g9,h9 3:b1,c1,e6"),
        (two, "0 defend:e6:3:1 t0 0:e6*,g9,h9 3:b1,c1,e6"),
        (two, "0 defend:e6:3:6 t0 0:e6*,g9,h9 3:b1,c1,e6"),
        // A sunk ship to re-enter among enemies in the home harbour.
        (two, "0 - t0 0:x,e6,e5 3:f9,e6,e5"),
    ];
    for (params, text) in cases {
        let s = match State::from_position(&params, text) {
            Ok(s) => s,
            Err(e) => panic!("{text}: {e}"),
        };
        let mut runner = proptest::test_runner::TestRunner::default();
        runner.run(&Just(s), |s| check(&s, 6)).unwrap();
    }
    let s = State::from_position(&two, "0 defend:e6:3:4 t0 0:e6*,g9,h9 3:b1,c1,e6").unwrap();
    assert!(matches!(s.phase(), Phase::DefendRoll { roll: 4, .. }));
}
