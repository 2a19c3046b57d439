//! Search kernels: perft and random playouts straight on the move tables, in 64-bit words
//! where the board fits (5x5, 7x7) and 128-bit words for 9x9.

use crate::board::{Bits, SYMMETRIES, TABLE_SLOTS};
use crate::state::State;
use boardgame_kit::smallvec::SmallVec;
use boardgame_kit::{RandomSource, Seat};

macro_rules! kernels {
    ($word:ty, $perft:ident, $playout:ident) => {
        /// Perft from (`slime`, `snail`), bulk-counting the last two plies.
        pub(crate) fn $perft(
            table: &[$word; TABLE_SLOTS],
            slime: $word,
            snail: u8,
            depth: u32,
        ) -> u64 {
            let mut m = table[snail as usize] & !slime;
            match depth {
                0 => 1,
                1 => m.count_ones() as u64,
                _ => {
                    let trail = slime | (1 as $word) << snail;
                    let mut total = 0;
                    while m != 0 {
                        let to = m.trailing_zeros() as u8;
                        m &= m - 1;
                        total += if depth == 2 {
                            (table[to as usize] & !trail).count_ones() as u64
                        } else {
                            $perft(table, trail, to, depth - 1)
                        };
                    }
                    total
                }
            }
        }

        /// Plays uniformly random moves until none is left; returns the final slime and snail.
        pub(crate) fn $playout<R: RandomSource + ?Sized>(
            table: &[$word; TABLE_SLOTS],
            mut slime: $word,
            mut snail: u8,
            rng: &mut R,
        ) -> ($word, u8) {
            loop {
                let mut m = table[snail as usize] & !slime;
                let n = m.count_ones();
                if n == 0 {
                    return (slime, snail);
                }
                // Lemire's multiply-shift on 32 random bits (bias below 2^-29).
                let k = ((rng.next_u64() >> 32) * n as u64) >> 32;
                for _ in 0..k {
                    m &= m - 1;
                }
                slime |= (1 as $word) << snail;
                snail = m.trailing_zeros() as u8;
            }
        }
    };
}

kernels!(u64, perft64, playout64);
kernels!(u128, perft128, playout128);

/// One slot of the perft transposition table: the position (slime bits, with the snail's bit
/// index above bit 56) and the count with the remaining depth in its low byte.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    count_depth: u64,
}

/// Counts at or below this depth are not worth a table probe: the bulk counts are cheaper.
const TT_MIN_DEPTH: u32 = 4;
/// The largest table: 2^20 slots of 16 bytes (16 MiB).
const TT_MAX_BITS: u32 = 20;

/// A transposition table for perft on 5x5 and 7x7 boards: the same trail set with the snail
/// on the same cell has the same subtree whatever order the cells were slimed in, and such
/// transpositions are frequent. Entries are checked against the whole position and depth,
/// so the counts stay exact.
pub(crate) struct PerftTable {
    slots: alloc::vec::Vec<Slot>,
    mask: usize,
}

impl PerftTable {
    /// A table sized for a perft of `depth`.
    pub(crate) fn for_depth(depth: u32) -> PerftTable {
        let bits = (2 * depth).clamp(8, TT_MAX_BITS);
        PerftTable {
            slots: alloc::vec![Slot::default(); 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    #[inline(always)]
    fn index(&self, key: u64, depth: u32) -> usize {
        let h = (key ^ u64::from(depth) << 58).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 40) as usize & self.mask
    }
}

/// Perft on a 5x5 or 7x7 board (layouts of at most 55 bits) with the transposition table
/// above [`TT_MIN_DEPTH`] and [`perft64`] below.
pub(crate) fn perft64_tt(
    table: &[u64; TABLE_SLOTS],
    slime: u64,
    snail: u8,
    depth: u32,
    tt: &mut PerftTable,
) -> u64 {
    if depth <= TT_MIN_DEPTH {
        return perft64(table, slime, snail, depth);
    }
    let key = slime | u64::from(snail) << 56;
    let i = tt.index(key, depth);
    let slot = tt.slots[i];
    if slot.key == key && slot.count_depth & 0xFF == u64::from(depth) {
        return slot.count_depth >> 8;
    }
    let mut m = table[snail as usize] & !slime;
    let trail = slime | 1 << snail;
    let mut total = 0;
    while m != 0 {
        let to = m.trailing_zeros() as u8;
        m &= m - 1;
        total += perft64_tt(table, trail, to, depth - 1, tt);
    }
    if total < 1 << 56 {
        tt.slots[i] = Slot {
            key,
            count_depth: total << 8 | u64::from(depth),
        };
    }
    total
}

/// From this depth on, [`State::perft`] on 5x5 and 7x7 keeps a transposition table.
const PERFT_TABLE_DEPTH: u32 = 8;

impl State {
    /// Plays uniformly random moves to the end and returns the winner: a fast path for
    /// playouts that skips the generic action list.
    ///
    /// ```
    /// use slimetrail_core::State;
    /// use boardgame_kit::{Game, SplitMix64};
    /// let mut s = State::default();
    /// let winner = s.random_playout(&mut SplitMix64::new(3));
    /// assert!(s.outcome().unwrap().is_winner(winner));
    /// ```
    pub fn random_playout<R: RandomSource + ?Sized>(&mut self, rng: &mut R) -> Seat {
        (self.slime, self.snail) = match self.board.table64() {
            Some(t) => {
                let (slime, snail) = playout64(t, self.slime as u64, self.snail, rng);
                (slime as Bits, snail)
            }
            None => playout128(self.board.table128(), self.slime, self.snail, rng),
        };
        match self.corner_owner() {
            Some(owner) => owner,
            None => Seat::of(1 - self.mover().index()),
        }
    }

    /// Perft on the move masks, bulk-counting the last two plies, with a transposition table
    /// on 5x5 and 7x7 from depth 8, and the board's symmetries at the root (children that are
    /// mirror images of each other have equal counts, see [`Board::symmetry`](crate::Board::symmetry)); equal to
    /// [`boardgame_kit::perft_generic`] on this state.
    ///
    /// ```
    /// use slimetrail_core::State;
    /// assert_eq!(State::default().perft(1), 8);
    /// assert_eq!(State::default().perft(3), 368);
    /// assert_eq!(State::default().perft(9), 3_282_668);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        let mut tt = match self.board.table64() {
            Some(_) if depth >= PERFT_TABLE_DEPTH => Some(PerftTable::for_depth(depth)),
            _ => None,
        };
        let stabiliser: SmallVec<[u8; 4]> = (0..SYMMETRIES)
            .filter(|&g| self.board.symmetry(g, self.slime) == self.slime)
            .filter(|&g| self.board.map_index(g, self.snail) == self.snail)
            .collect();
        if depth < 2 || stabiliser.len() == 1 {
            return self.perft_from(depth, tt.as_mut());
        }
        let mut total = 0;
        let mut m = self.moves();
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            let images: SmallVec<[u8; 4]> = stabiliser
                .iter()
                .map(|&g| self.board.map_index(g, to))
                .collect();
            if images.iter().any(|&i| i < to) {
                continue; // counted with the orbit's first cell
            }
            let orbit = (0..images.len())
                .filter(|&k| !images[..k].contains(&images[k]))
                .count() as u64;
            let mut child = *self;
            child.step_to(to);
            total += orbit * child.perft_from(depth - 1, tt.as_mut());
        }
        total
    }

    /// [`State::perft`] without the symmetries.
    fn perft_from(&self, depth: u32, tt: Option<&mut PerftTable>) -> u64 {
        match (self.board.table64(), tt) {
            (Some(t), Some(tt)) => perft64_tt(t, self.slime as u64, self.snail, depth, tt),
            (Some(t), None) => perft64(t, self.slime as u64, self.snail, depth),
            _ => perft128(self.board.table128(), self.slime, self.snail, depth),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::State;
    use boardgame_kit::drivers::playout_generic;
    use boardgame_kit::{perft_generic, Game, SplitMix64};

    /// The table and the root symmetries give the generic driver's counts from symmetric
    /// positions (the start; after c3 only the a1-diagonal mirror is left) and from random
    /// ones, on every board size.
    #[test]
    fn table_and_symmetries_count_like_the_generic_driver() {
        let mut rng = SplitMix64::new(11);
        for size in ["size=5", "size=7", "size=9"] {
            let start = State::new(&size.parse().unwrap());
            let b = start.board();
            let toward_a1 = b.cell(b.centre() - b.stride() - 1); // c3 on 7x7
            let mut diagonal = start;
            diagonal.play(crate::Step(toward_a1));
            let mut positions = vec![start, diagonal];
            for plies in [1, 2, 3, 5] {
                let mut s = start;
                let _ = playout_generic(&mut s, &mut rng, plies);
                positions.push(s);
            }
            for s in positions {
                let mut g = s;
                assert_eq!(
                    s.perft(8),
                    perft_generic(&mut g, 8),
                    "{size} {}",
                    s.position()
                );
            }
        }
    }
}
