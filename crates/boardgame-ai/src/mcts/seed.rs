//! The seeds of the trees and walkers of an agent searching on several threads.

use boardgame_kit::{RandomSource, SplitMix64};

/// The seed of tree `i`: tree 0 keeps the agent's seed, the others draw from a generator
/// seeded by it.
pub(super) fn worker_seed(seed: u64, i: usize) -> u64 {
    if i == 0 {
        return seed;
    }
    let mut rng = SplitMix64::new(seed ^ (i as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    rng.next_u64()
}
