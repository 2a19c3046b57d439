//! `Game::position_key`: the key the state keeps up to date along a game equals the key of the
//! same position read back from its text (computed from scratch), and positions that differ
//! only in the mover, the pending decision or the turns get different keys.

use arandia_core::{Params, State};
use boardgame_kit::strategy::seeds;
use boardgame_kit::{drivers::random_action, Actions, Game, SplitMix64};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn kept_key_equals_the_key_from_scratch(
        players in prop::sample::select(vec![2u8, 3, 4, 6]),
        (seed, len) in seeds(1500),
    ) {
        let params: Params = format!("players={players}").parse().unwrap();
        let mut s = State::new(&params);
        let mut rng = SplitMix64::new(seed);
        let mut buf = Actions::<State>::new();
        for _ in 0..len {
            let Some(a) = random_action(&s, &mut rng, &mut buf) else { break };
            s.play_unchecked(a);
            let fresh = State::from_position(&params, &s.position()).unwrap();
            prop_assert_eq!(s.position_key(), fresh.position_key(), "{}", s.position());
        }
    }
}

#[test]
fn the_key_covers_mover_decision_and_turns() {
    let p = Params::default();
    let texts = [
        "0 - t0 0:f9,g9,h9 3:b1,c1,d1",
        "3 - t0 0:f9,g9,h9 3:b1,c1,d1",
        "0 - t1 0:f9,g9,h9 3:b1,c1,d1",
        "0 roll:g9 t0 0:f9,g9*,h9 3:b1,c1,d1",
        "0 - t0 0:f9,g9*,h9 3:b1,c1,d1",
        "0 - t0 0:g9,g9,h9 3:b1,c1,d1",
        "0 - t0 0:h9,h9,h9 3:b1,c1,d1",
    ];
    let keys: Vec<u64> = texts
        .iter()
        .map(|t| State::from_position(&p, t).unwrap().position_key())
        .collect();
    for i in 0..keys.len() {
        for j in 0..i {
            assert_ne!(keys[i], keys[j], "{} and {}", texts[i], texts[j]);
        }
    }
}
