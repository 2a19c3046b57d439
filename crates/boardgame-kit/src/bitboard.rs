//! Fixed-size bitboards over the padded layout of [`SquareGrid`].
//!
//! `Bitboard<N>` holds `64 * N` bits. [`Bitboard7`] covers a 20x20 board (420 bits with the spare
//! column). Cells map to bits through [`SquareGrid::index`]; the spare column at the end of each
//! rank means a shift by one bit never carries a cell onto the next rank once the result is masked
//! with [`Bitboard::board`].

use crate::grid::SquareGrid;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of bit indices `0..64 * N`.
///
/// ```
/// use boardgame_kit::{Bitboard7, Cell, SquareGrid};
/// let g = SquareGrid::new(20, 20);
/// let mut b = Bitboard7::EMPTY;
/// b.set(g.index(Cell::new(0, 0)));
/// let around = b.dilate8(Bitboard7::board(g), g.stride());
/// assert_eq!(around.count(), 4); // a1 and its three neighbours
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard<const N: usize>(pub [u64; N]);

/// A bitboard big enough for a 20x20 board in the padded layout.
pub type Bitboard7 = Bitboard<7>;

impl<const N: usize> Default for Bitboard<N> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const N: usize> Bitboard<N> {
    /// The empty set.
    pub const EMPTY: Self = Bitboard([0; N]);

    /// Number of bits.
    pub const BITS: usize = 64 * N;

    /// The set of every on-board cell of `grid` (which must fit: `grid.bits() <= 64 * N`).
    ///
    /// ```
    /// use boardgame_kit::{Bitboard, SquareGrid};
    /// assert_eq!(Bitboard::<2>::board(SquareGrid::new(9, 9)).count(), 81);
    /// ```
    #[must_use]
    pub fn board(grid: SquareGrid) -> Self {
        let mut b = Self::EMPTY;
        for c in grid.iter() {
            b.set(grid.index(c));
        }
        b
    }

    /// The one-bit set.
    #[must_use]
    pub fn single(i: usize) -> Self {
        let mut b = Self::EMPTY;
        b.set(i);
        b
    }

    /// Whether bit `i` is set.
    #[inline]
    #[must_use]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Sets bit `i`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Clears bit `i`.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Number of set bits.
    #[inline]
    #[must_use]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether no bit is set.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// Whether the two sets share a bit.
    #[inline]
    #[must_use]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The lowest set bit.
    #[inline]
    #[must_use]
    pub fn lowest(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(k, w)| k * 64 + w.trailing_zeros() as usize)
    }

    /// The set bits in increasing order.
    #[inline]
    #[must_use]
    pub fn iter(&self) -> BitIter<N> {
        BitIter {
            words: self.0,
            word: 0,
        }
    }

    /// Shift towards higher indices by `k` bits (bits past the top are lost).
    #[inline]
    #[must_use]
    pub fn shl(&self, k: usize) -> Self {
        let (q, r) = (k / 64, k % 64);
        let mut out = [0u64; N];
        for i in (q..N).rev() {
            let lo = self.0[i - q];
            out[i] = lo << r;
            if r != 0 && i > q {
                out[i] |= self.0[i - q - 1] >> (64 - r);
            }
        }
        Bitboard(out)
    }

    /// Shift towards lower indices by `k` bits.
    #[inline]
    #[must_use]
    pub fn shr(&self, k: usize) -> Self {
        let (q, r) = (k / 64, k % 64);
        let mut out = [0u64; N];
        for (i, o) in out.iter_mut().enumerate().take(N.saturating_sub(q)) {
            *o = self.0[i + q] >> r;
            if r != 0 && i + q + 1 < N {
                *o |= self.0[i + q + 1] << (64 - r);
            }
        }
        Bitboard(out)
    }

    /// The set plus every cell 8-adjacent to it, within `board` (`stride` from
    /// [`SquareGrid::stride`]).
    #[inline]
    #[must_use]
    pub fn dilate8(&self, board: Self, stride: usize) -> Self {
        let row = *self | self.shl(1) | self.shr(1);
        (row | row.shl(stride) | row.shr(stride)) & board
    }

    /// The set plus every cell orthogonally adjacent to it, within `board`.
    #[inline]
    #[must_use]
    pub fn dilate4(&self, board: Self, stride: usize) -> Self {
        (*self | self.shl(1) | self.shr(1) | self.shl(stride) | self.shr(stride)) & board
    }

    /// Every cell of `within` connected to `seed` through 8-adjacent steps inside `within`
    /// (the seed's own cells count only where they lie in `within`).
    ///
    /// ```
    /// use boardgame_kit::{Bitboard7, Cell, SquareGrid};
    /// let g = SquareGrid::new(20, 20);
    /// let mut path = Bitboard7::EMPTY;
    /// for (f, r) in [(0, 0), (1, 1), (2, 2), (5, 5)] {
    ///     path.set(g.index(Cell::new(f, r)));
    /// }
    /// let seed = Bitboard7::single(g.index(Cell::new(0, 0)));
    /// assert_eq!(seed.flood8(path, g.stride()).count(), 3);
    /// ```
    #[must_use]
    pub fn flood8(&self, within: Self, stride: usize) -> Self {
        let mut cur = *self & within;
        loop {
            let next = cur.dilate8(within, stride);
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }
}

/// `Op` and `OpAssign` for [`Bitboard`]: the operator word by word (`op` is the assigning
/// one, `op=`).
macro_rules! word_op {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $assign:tt) => {
        impl<const N: usize> $Op for Bitboard<N> {
            type Output = Self;
            #[inline]
            fn $op(self, o: Self) -> Self {
                let mut r = self;
                r.$op_assign(o);
                r
            }
        }
        impl<const N: usize> $OpAssign for Bitboard<N> {
            #[inline]
            fn $op_assign(&mut self, o: Self) {
                for (a, b) in self.0.iter_mut().zip(o.0) {
                    *a $assign b;
                }
            }
        }
    };
}

word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const N: usize> Not for Bitboard<N> {
    type Output = Self;
    /// Complement of all `64 * N` bits: mask the result with [`Bitboard::board`].
    #[inline]
    fn not(self) -> Self {
        Bitboard(self.0.map(|w| !w))
    }
}

/// Iterator over the set bits of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct BitIter<const N: usize> {
    words: [u64; N],
    word: usize,
}

impl<const N: usize> Iterator for BitIter<N> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < N {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl<const N: usize> FromIterator<usize> for Bitboard<N> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut b = Self::EMPTY;
        for i in iter {
            b.set(i);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn shifts_match_index_arithmetic(bits in proptest::collection::vec(0usize..448, 0..40), k in 0usize..200) {
            let b: Bitboard7 = bits.iter().copied().collect();
            let l = b.shl(k);
            let r = b.shr(k);
            let want_l: Bitboard7 = bits.iter().map(|i| i + k).filter(|i| *i < 448).collect();
            let want_r: Bitboard7 = bits.iter().filter(|i| **i >= k).map(|i| i - k).collect();
            prop_assert_eq!(l, want_l);
            prop_assert_eq!(r, want_r);
            prop_assert_eq!(b.iter().collect::<Vec<_>>().len() as u32, b.count());
        }

        #[test]
        fn dilate8_is_neighbourhood(f in 0u8..20, r in 0u8..20) {
            let g = SquareGrid::new(20, 20);
            let c = Cell::new(f, r);
            let d = Bitboard7::single(g.index(c)).dilate8(Bitboard7::board(g), g.stride());
            let want: Bitboard7 = g.iter()
                .filter(|o| (o.file() as i8 - f as i8).abs() <= 1 && (o.rank() as i8 - r as i8).abs() <= 1)
                .map(|o| g.index(o)).collect();
            prop_assert_eq!(d, want);
        }
    }

    #[test]
    fn no_wrap_between_ranks() {
        let g = SquareGrid::new(20, 20);
        let east_edge = Bitboard7::single(g.index(Cell::new(19, 5)));
        let d = east_edge.dilate8(Bitboard7::board(g), g.stride());
        assert!(!d.contains(g.index(Cell::new(0, 6))));
        assert!(!d.contains(g.index(Cell::new(0, 5))));
        assert_eq!(d.count(), 6);
    }
}
