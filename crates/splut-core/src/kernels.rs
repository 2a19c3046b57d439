//! Search kernels: perft and random playouts straight on the state, without the generic
//! action list, undo records or the kit's division-based random draw.

use crate::action::Action;
use crate::key::Compact;
use crate::movegen::BUF;
use crate::state::State;
use alloc::vec::Vec;
use boardgame_kit::{Game, Outcome, RandomSource};

impl State {
    /// Perft (the number of step sequences of exactly `depth` steps): the same count as
    /// [`boardgame_kit::perft_generic`], faster. Copy-make on the state, unsorted generation,
    /// a bulk count of the last step, and from 6 steps on a transposition table allocated for
    /// the call (up to 96 MiB; slots hold the whole compact position, so counts are exact).
    ///
    /// ```
    /// use boardgame_kit::Game;
    /// let s = splut_core::State::new(&Default::default());
    /// assert_eq!(s.perft(3), 79);
    /// assert_eq!(s.perft(7), 448_272);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth < TABLE_FROM_DEPTH {
            self.perft_plain(depth)
        } else {
            self.perft_with(depth, &mut PerftTable::for_depth(depth))
        }
    }

    /// Perft without a table.
    pub(crate) fn perft_plain(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_steps() as u64,
            _ => self.sum_over_children(|child| child.perft_plain(depth - 1)),
        }
    }

    /// The sum of `count` over the positions after each legal step (copy-make, unsorted
    /// generation): the recursion step of every perft kernel.
    #[inline]
    pub(crate) fn sum_over_children(&self, mut count: impl FnMut(&State) -> u64) -> u64 {
        let mut buf = [Action::raw(0, 0, 0); BUF];
        let n = self.generate::<false>(&mut buf);
        let mut total = 0;
        for &a in &buf[..n] {
            let mut child = *self;
            child.apply(a);
            total += count(&child);
        }
        total
    }

    /// Plays uniformly random legal steps until the game ends (or `max_steps` steps were
    /// played); returns the number of steps and the outcome (`None` if stopped early). The
    /// index is drawn with a multiply-shift on 32 random bits (bias below 2^-26), so a seed
    /// gives other games than [`boardgame_kit::playout`].
    ///
    /// ```
    /// use boardgame_kit::{Game, SplitMix64};
    /// let mut s = splut_core::State::new(&"turn_limit=50".parse().unwrap());
    /// let (steps, outcome) = s.random_playout(&mut SplitMix64::new(1), u64::MAX);
    /// assert!(steps <= 150 && outcome.is_some());
    /// ```
    pub fn random_playout<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_steps: u64,
    ) -> (u64, Option<Outcome>) {
        let mut buf = [Action::raw(0, 0, 0); BUF];
        let mut steps = 0;
        while steps < max_steps {
            let n = self.generate::<false>(&mut buf);
            if n == 0 {
                break;
            }
            let k = (((rng.next_u64() >> 32) * n as u64) >> 32) as usize;
            self.apply(buf[k.min(n - 1)]);
            steps += 1;
        }
        (steps, self.outcome())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::{playout, SplitMix64};

    /// The unsorted generation of the kernels lists the same steps as the sorted one.
    #[test]
    fn unsorted_generation_has_the_same_steps() {
        let mut rng = SplitMix64::new(9);
        for p in ["", "players=4", "players=3"] {
            for _ in 0..150 {
                let mut s = State::new(&p.parse().unwrap());
                let n = rng.next_u64() % 300;
                playout(&mut s, &mut rng, n);
                let mut a = [Action::raw(0, 0, 0); BUF];
                let mut b = [Action::raw(0, 0, 0); BUF];
                let na = s.generate::<true>(&mut a);
                let nb = s.generate::<false>(&mut b);
                let mut v = b[..nb].to_vec();
                v.sort();
                assert_eq!(&a[..na], v.as_slice(), "{}", s.position());
                assert_eq!(na, s.count_steps());
            }
        }
    }
}

// The perft transposition table.
// The perft transposition table: the pieces of a turn move in any order (a Dwarf step then a
// Sorcerer step, or the other way round), so the same position recurs at the same depth many
// times. Each slot holds a position's whole compact form ([`Compact`]) with the remaining
// depth and the count, so a hit is always the right count.

/// Perfts of fewer steps run without a table (allocating it would cost more than it saves).
pub(crate) const TABLE_FROM_DEPTH: u32 = 6;
/// Subtrees of this depth or less are counted directly: a probe costs more than they do.
const PROBE_FROM_DEPTH: u32 = 2;
/// The largest table: 2^22 slots of 24 bytes (96 MiB).
const MAX_BITS: u32 = 22;

/// One slot: a position's compact form, and its count with the remaining depth in the low
/// byte (0: empty).
#[derive(Clone, Copy, Default)]
struct Slot {
    position: Compact,
    count_depth: u64,
}

/// A transposition table for one perft call.
pub(crate) struct PerftTable {
    slots: Vec<Slot>,
    shift: u32,
}

impl PerftTable {
    /// A table sized for a perft of `depth` steps: 2^(2 depth) slots, at most 2^[`MAX_BITS`].
    pub(crate) fn for_depth(depth: u32) -> PerftTable {
        PerftTable::with_bits((2 * depth).clamp(10, MAX_BITS))
    }

    /// A table of 2^`bits` slots (`1..=MAX_BITS`).
    fn with_bits(bits: u32) -> PerftTable {
        PerftTable {
            slots: alloc::vec![Slot::default(); 1 << bits],
            shift: 64 - bits,
        }
    }

    #[inline(always)]
    fn index(&self, position: Compact, depth: u32) -> usize {
        let h = position.hash() ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> self.shift) as usize
    }
}

impl State {
    /// Perft through the table from [`PROBE_FROM_DEPTH`] + 1 steps on.
    pub(crate) fn perft_with(&self, depth: u32, table: &mut PerftTable) -> u64 {
        if depth <= PROBE_FROM_DEPTH {
            return self.perft_plain(depth);
        }
        if !self.is_playing() {
            return 0;
        }
        let Some(position) = self.compact() else {
            return self.perft_children(depth, table);
        };
        let i = table.index(position, depth);
        let slot = table.slots[i];
        if slot.position == position && slot.count_depth & 0xFF == u64::from(depth) {
            return slot.count_depth >> 8;
        }
        let total = self.perft_children(depth, table);
        if total < 1 << 56 && depth < 256 {
            table.slots[i] = Slot {
                position,
                count_depth: total << 8 | u64::from(depth),
            };
        }
        total
    }

    fn perft_children(&self, depth: u32, table: &mut PerftTable) -> u64 {
        self.sum_over_children(|child| child.perft_with(depth - 1, table))
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;
    use boardgame_kit::{perft_generic, playout, Game, RandomSource, SplitMix64};

    /// Through the table (a roomy one, and a 16-slot one where positions keep evicting each
    /// other) the counts are the generic driver's, from random positions of every seating:
    /// mid-turn, levitation runs, bans, lost turns and turn limits included.
    #[test]
    fn table_counts_like_the_generic_driver() {
        let mut rng = SplitMix64::new(17);
        for p in crate::params::seatings_then("players=4,turn_limit=6") {
            for _ in 0..12 {
                let mut s = State::new(&p.parse().unwrap());
                let steps = rng.next_u64() % 60;
                playout(&mut s, &mut rng, steps);
                for depth in 3..=4 {
                    let expected = perft_generic(&mut s.clone(), depth);
                    for bits in [4, 16] {
                        let got = s.perft_with(depth, &mut PerftTable::with_bits(bits));
                        assert_eq!(got, expected, "{p} {} depth {depth}", s.position());
                    }
                }
            }
        }
    }

    /// A two-slot table shared by perfts of several depths from one position keeps them
    /// apart (the depth is part of every slot).
    #[test]
    fn one_table_serves_several_depths() {
        let s = State::new(&"players=4".parse().unwrap());
        let mut table = PerftTable::with_bits(1);
        for (depth, count) in [(7, 37_387), (5, 1653), (6, 12_358), (3, 70), (7, 37_387)] {
            assert_eq!(s.perft_with(depth, &mut table), count);
        }
    }
}
