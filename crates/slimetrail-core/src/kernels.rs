//! Search kernels: perft and random playouts straight on the move tables, in 64-bit words
//! where the board fits (5x5, 7x7) and 128-bit words for 9x9.

use crate::board::TABLE_SLOTS;
use boardgame_kit::RandomSource;

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
