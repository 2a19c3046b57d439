//! Search kernels: perft and random playouts straight on the state, without the generic
//! action list, undo records or the kit's division-based random draw.

use crate::movegen::BUF;
use crate::notation::Action;
use crate::perft_table::{PerftTable, TABLE_FROM_DEPTH};
use crate::State;
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
