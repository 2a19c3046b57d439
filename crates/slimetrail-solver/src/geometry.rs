//! The board as the solver sees it: always from the side of the player to move.
//!
//! The solver keeps every position in the *mover's frame*: the player to move owns the corner
//! at bit 0 (`a1`) and the opponent the corner at [`Geometry::far`] (the top-right). Passing the
//! turn turns the board half round (a 180-degree rotation, which swaps the two corners), so a
//! position and its rotation with the other seat to move are one position. The reflection in the
//! `a1`-top-right diagonal keeps both corners, so a position and its mirror are one too.
//!
//! Cells are bits of the padded layout of [`Board`]: `rank * (size + 1) + file`.

use alloc::vec;
use alloc::vec::Vec;
use slimetrail_core::{Bits, Board};

/// Bit index of the mover's own corner (`a1`) in the mover's frame.
pub(crate) const OWN: u8 = 0;

/// Precomputed geometry of one board size for the solver.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    size: u8,
    /// Bit index of the opponent's corner (the top-right cell).
    far: u8,
    /// King-step neighbours of every cell, corners included.
    near: Vec<Bits>,
    /// `flip[rank][row]`: the transposed bits of one rank's `row` (the low `size` bits).
    flip: Vec<Bits>,
    /// Every on-board cell.
    all: Bits,
}

impl Geometry {
    /// The geometry of a board.
    pub(crate) fn new(board: Board) -> Geometry {
        let n = board.size() as usize;
        let stride = n + 1;
        let bit = |f: usize, r: usize| 1u128 << (r * stride + f);
        let mut near = vec![0; stride * n];
        for r in 0..n {
            for f in 0..n {
                let mut m = 0;
                for (nf, nr) in [
                    (f.wrapping_sub(1), r.wrapping_sub(1)),
                    (f, r.wrapping_sub(1)),
                    (f + 1, r.wrapping_sub(1)),
                    (f.wrapping_sub(1), r),
                    (f + 1, r),
                    (f.wrapping_sub(1), r + 1),
                    (f, r + 1),
                    (f + 1, r + 1),
                ] {
                    if nf < n && nr < n {
                        m |= bit(nf, nr);
                    }
                }
                near[r * stride + f] = m;
            }
        }
        let mut flip = vec![0; n << n];
        for r in 0..n {
            for row in 0..1usize << n {
                flip[(r << n) | row] = (0..n)
                    .filter(|f| row >> f & 1 != 0)
                    .fold(0, |m, f| m | bit(r, f));
            }
        }
        Geometry {
            size: board.size(),
            far: ((n - 1) * stride + n - 1) as u8,
            near,
            flip,
            all: board.all(),
        }
    }

    /// Side length.
    pub(crate) fn size(&self) -> u8 {
        self.size
    }

    /// Bit index of the opponent's corner in the mover's frame.
    #[inline(always)]
    pub(crate) fn far(&self) -> u8 {
        self.far
    }

    /// Every on-board cell.
    pub(crate) fn all(&self) -> Bits {
        self.all
    }

    /// The king-step neighbours of a cell (corners have neighbours too).
    #[inline(always)]
    pub(crate) fn near(&self, i: u8) -> Bits {
        self.near[i as usize]
    }

    /// The cells next to either corner.
    #[inline(always)]
    pub(crate) fn near_corners(&self) -> Bits {
        self.near(OWN) | self.near(self.far)
    }

    /// The half turn: the board seen by the other player.
    #[inline(always)]
    pub(crate) fn rotate(&self, x: Bits) -> Bits {
        if self.far < 64 {
            // 5x5 and 7x7 fit one word: half the work of a 128-bit reversal.
            ((x as u64).reverse_bits() >> (63 - self.far)) as Bits
        } else {
            x.reverse_bits() >> (127 - self.far)
        }
    }

    /// The half turn of one cell.
    #[inline(always)]
    pub(crate) fn rotate_cell(&self, i: u8) -> u8 {
        self.far - i
    }

    /// The reflection in the `a1`-top-right diagonal (files become ranks).
    #[inline]
    pub(crate) fn transpose(&self, x: Bits) -> Bits {
        if self.size == 7 {
            // The 7x7 layout is an 8x8 bitboard: three delta swaps.
            return flip_8x8(x as u64) as Bits;
        }
        let n = self.size as usize;
        let stride = n + 1;
        let row_mask = (1usize << n) - 1;
        let mut out = 0;
        for r in 0..n {
            let row = (x >> (r * stride)) as usize & row_mask;
            if row != 0 {
                out |= self.flip[(r << n) | row];
            }
        }
        out
    }

    /// The reflection of one cell.
    #[inline(always)]
    pub(crate) fn transpose_cell(&self, i: u8) -> u8 {
        let stride = self.size + 1;
        (i % stride) * stride + i / stride
    }

    /// The number of king steps between two cells on an empty board.
    #[inline(always)]
    pub(crate) fn distance(&self, a: u8, b: u8) -> u8 {
        let stride = self.size + 1;
        (a % stride)
            .abs_diff(b % stride)
            .max((a / stride).abs_diff(b / stride))
    }

    /// Whether the cells of `around` next to cell `i` are connected among themselves by king
    /// steps between those neighbours (a sufficient test that taking `i` out of a connected
    /// region containing them leaves it connected).
    #[inline(always)]
    pub(crate) fn ring_connected(&self, around: Bits, i: u8) -> bool {
        let stride = self.size as u32 + 1;
        // Shifted up one rank and one file so that every neighbour has a nonnegative index.
        let lifted = around << (stride + 1) >> i;
        let ring = (lifted & 7)
            | (lifted >> stride & 1) << 3
            | (lifted >> (stride + 2) & 1) << 4
            | (lifted >> (2 * stride) & 7) << 5;
        RING_CONNECTED[(ring >> 6) as usize] >> (ring & 63) & 1 != 0
    }

    /// The cells of `within` connected to `seed` by king steps through `within`.
    #[inline]
    pub(crate) fn flood(&self, seed: Bits, within: Bits) -> Bits {
        match self.size {
            5 => flood64::<6>(seed as u64, within as u64) as Bits,
            7 => flood64::<8>(seed as u64, within as u64) as Bits,
            _ => flood128::<10>(seed, within),
        }
    }
}

/// The eight neighbours of a cell, in the bit order of [`Geometry::ring_connected`]'s
/// pattern: the rank below (left to right), left, right, the rank above.
const RING: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Bit `p` is set when the neighbours in pattern `p` form one group (or none) under king
/// steps among themselves.
const RING_CONNECTED: [u64; 4] = ring_table();

const fn ring_table() -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut p: usize = 0;
    while p < 256 {
        // Grow a group from the lowest neighbour present.
        let mut group = p & p.wrapping_neg();
        loop {
            let mut grown = group;
            let mut a = 0;
            while a < 8 {
                if group >> a & 1 != 0 {
                    let mut b = 0;
                    while b < 8 {
                        let (dx, dy) = (RING[a].0 - RING[b].0, RING[a].1 - RING[b].1);
                        if p >> b & 1 != 0 && dx.abs() <= 1 && dy.abs() <= 1 {
                            grown |= 1 << b;
                        }
                        b += 1;
                    }
                }
                a += 1;
            }
            if grown == group {
                break;
            }
            group = grown;
        }
        if group == p {
            out[p / 64] |= 1 << (p % 64);
        }
        p += 1;
    }
    out
}

/// The transpose of an 8x8 bitboard (bit `8 * rank + file`).
#[inline(always)]
fn flip_8x8(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

macro_rules! flood {
    ($name:ident, $word:ty) => {
        /// The flood fill with a fixed rank stride (constant shifts).
        #[inline(always)]
        fn $name<const STRIDE: u32>(seed: $word, within: $word) -> $word {
            let mut reach = seed & within;
            loop {
                let row = reach | reach << 1 | reach >> 1;
                let grown = (row | row << STRIDE | row >> STRIDE) & within;
                if grown == reach {
                    return reach;
                }
                reach = grown;
            }
        }
    };
}

flood!(flood64, u64);
flood!(flood128, u128);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_and_reflection_are_the_board_symmetries() {
        for size in [5, 7, 9] {
            let b = Board::new(size).unwrap();
            let g = Geometry::new(b);
            let n = size;
            for c in b.grid().iter() {
                let i = b.index(c);
                let rot = b.index(boardgame_kit::Cell::new(n - 1 - c.file(), n - 1 - c.rank()));
                let tr = b.index(boardgame_kit::Cell::new(c.rank(), c.file()));
                assert_eq!(g.rotate(1 << i), 1 << rot);
                assert_eq!(g.rotate_cell(i), rot);
                assert_eq!(g.transpose(1 << i), 1 << tr);
                assert_eq!(g.transpose_cell(i), tr);
                assert_eq!(g.near(i).count_ones(), {
                    let (f, r) = (c.file() as i32, c.rank() as i32);
                    let inside = |x: i32| (0..n as i32).contains(&x);
                    let mut k = 0;
                    for df in -1..=1 {
                        for dr in -1..=1 {
                            k += ((df, dr) != (0, 0) && inside(f + df) && inside(r + dr)) as u32;
                        }
                    }
                    k
                });
            }
            assert_eq!(g.rotate(g.all()), g.all());
            assert_eq!(g.transpose(g.all()), g.all());
            // The flood stays on the board and crosses no gap.
            let left = g.flood(1, g.all() & !b.index_mask_file(2));
            assert_eq!(left.count_ones(), 2 * n as u32);
        }
    }

    #[test]
    fn a_connected_ring_keeps_the_region_connected() {
        let b = Board::new(7).unwrap();
        let g = Geometry::new(b);
        let d4 = b.index(boardgame_kit::Cell::new(3, 3));
        let at = |f: u8, r: u8| 1u128 << b.index(boardgame_kit::Cell::new(f, r));
        // d5 and e4 touch; d5 and d3 do not, nor c3 and e5.
        assert!(g.ring_connected(at(3, 4) | at(4, 3), d4));
        assert!(!g.ring_connected(at(3, 4) | at(3, 2), d4));
        assert!(!g.ring_connected(at(2, 2) | at(4, 4), d4));
        assert!(g.ring_connected(at(2, 2) | at(3, 2) | at(4, 2) | at(4, 3) | at(4, 4), d4));
        // On random regions: a connected ring means the cells around the removed one form one
        // group, on every board and at the edges (the padding column never joins two ranks).
        let mut rng = boardgame_kit::SplitMix64::new(5);
        use boardgame_kit::RandomSource;
        for size in [5, 7, 9] {
            let b = Board::new(size).unwrap();
            let g = Geometry::new(b);
            let (mut yes, mut no) = (0, 0);
            for _ in 0..4000 {
                let cells = (0..4).fold(g.all(), |m, _| {
                    m & (rng.next_u64() as u128 | (rng.next_u64() as u128) << 64)
                });
                let s = loop {
                    let i = rng.below(g.far() as u64 + 1) as u8;
                    if g.all() >> i & 1 != 0 {
                        break i;
                    }
                };
                let region = g.flood(1 << s, cells | 1 << s);
                let rest = region & !(1 << s);
                if rest == 0 {
                    continue;
                }
                let whole = g.flood(rest & rest.wrapping_neg(), rest) == rest;
                if g.ring_connected(rest, s) {
                    assert!(whole, "{rest:#x} {s}");
                    yes += 1;
                } else {
                    no += 1;
                }
            }
            assert!(yes > 100 && no > 100, "{yes} {no}");
        }
    }

    trait FileMask {
        fn index_mask_file(self, f: u8) -> Bits;
    }
    impl FileMask for Board {
        fn index_mask_file(self, f: u8) -> Bits {
            (0..self.size()).fold(0, |m, r| {
                m | 1 << self.index(boardgame_kit::Cell::new(f, r))
            })
        }
    }
}
