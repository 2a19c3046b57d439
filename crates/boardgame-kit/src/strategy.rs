//! proptest strategies that produce reachable states (feature `proptest`).

use crate::drivers::{playout, SplitMix64};
use crate::game::Game;
use proptest::prelude::*;

/// States reached from the start by up to `max_len` random actions (chance outcomes drawn with
/// their probabilities), from a random seed.
///
/// ```
/// use boardgame_kit::{strategy::reachable, testing::Nim, Game};
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::default();
/// let s = reachable::<Nim>(Default::default(), 3).new_tree(&mut runner).unwrap().current();
/// assert!(s.stones() <= 5);
/// ```
pub fn reachable<G: Game>(params: G::Params, max_len: u64) -> impl Strategy<Value = G> {
    (any::<u64>(), 0..=max_len).prop_map(move |(seed, len)| {
        let mut s = G::new(&params);
        playout(&mut s, &mut SplitMix64::new(seed), len);
        s
    })
}

/// Random games: the start state and the seed and length of a playout from it, for properties
/// that follow a whole game step by step.
pub fn seeds(max_len: u64) -> impl Strategy<Value = (u64, u64)> {
    (any::<u64>(), 0..=max_len)
}
