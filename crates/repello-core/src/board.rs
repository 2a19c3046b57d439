//! Geometry: the 13x13 board in a padded 15x15 mailbox, direction steps, the start area, a
//! small 256-bit bitboard over the mailbox indices, and the Zobrist keys of the arrangement.
//!
//! Mailbox index `m = (rank + 1) * 15 + file + 1` (0-based file and rank): the ring of border
//! cells around the board holds [`OFF`], so one step from any board square lands on a valid
//! index, and a step off the board reads `OFF`. Mailbox order is rank-major from `a1`, the
//! same order as [`Cell`]'s `Ord`.

use boardgame_kit::{BitIter, Bitboard, Cell, Dir8};

/// Files and ranks of the board.
pub const SIDE: usize = 13;
/// Width of the padded mailbox.
pub(crate) const MB: usize = 15;
/// Cells of the padded mailbox.
pub(crate) const CELLS: usize = MB * MB;

/// Square contents (mailbox codes).
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const SILVER: u8 = 2;
pub(crate) const GOLD: u8 = 3;
/// Stack of seat `k` is `STACK0 + k`.
pub(crate) const STACK0: u8 = 4;
/// A border cell (off the board).
pub(crate) const OFF: u8 = 8;

/// Whether a mailbox code is a piece (token or stack).
#[inline]
pub(crate) const fn is_piece(v: u8) -> bool {
    v.wrapping_sub(1) < 7
}

/// Mailbox steps of the eight directions, in `Dir8` order `n ne e se s sw w nw`.
pub(crate) const DELTA: [isize; 8] = [15, 16, 1, -14, -15, -16, -1, 14];
/// (file, rank) steps of the eight directions.
pub(crate) const DF: [i8; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
pub(crate) const DR: [i8; 8] = [1, 1, 0, -1, -1, -1, 0, 1];

/// A stack's walk from a square in one direction, bouncing off the edges: before each step,
/// every component of the direction that would leave the board flips. Yields the 0-based
/// `(file, rank)` of each square entered, without end (the caller takes as many as the
/// number on the first square).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounce {
    file: i8,
    rank: i8,
    df: i8,
    dr: i8,
}

impl Bounce {
    /// The walk from 0-based `file`, `rank` (on the board) in direction `d` (`Dir8` order).
    #[inline]
    pub(crate) const fn new(file: usize, rank: usize, d: usize) -> Bounce {
        Bounce {
            file: file as i8,
            rank: rank as i8,
            df: DF[d],
            dr: DR[d],
        }
    }
}

impl Iterator for Bounce {
    type Item = (usize, usize);

    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        let side = SIDE as i8;
        if !(0..side).contains(&(self.file + self.df)) {
            self.df = -self.df;
        }
        if !(0..side).contains(&(self.rank + self.dr)) {
            self.dr = -self.dr;
        }
        self.file += self.df;
        self.rank += self.dr;
        Some((self.file as usize, self.rank as usize))
    }
}

/// The mailbox index of 0-based `file`, `rank` (both below 13).
#[inline]
pub(crate) const fn mb(file: usize, rank: usize) -> usize {
    (rank + 1) * MB + file + 1
}

/// 0-based file of an on-board mailbox index.
#[inline]
pub(crate) const fn file_of(m: usize) -> usize {
    m % MB - 1
}

/// 0-based rank of an on-board mailbox index.
#[inline]
pub(crate) const fn rank_of(m: usize) -> usize {
    m / MB - 1
}

/// The cell of an on-board mailbox index.
#[inline]
pub(crate) fn cell_of(m: usize) -> Cell {
    Cell::new(file_of(m) as u8, rank_of(m) as u8)
}

/// The mailbox index of a cell, if it lies on the 13x13 board.
#[inline]
pub(crate) fn mb_of(c: Cell) -> Option<usize> {
    ((c.file() as usize) < SIDE && (c.rank() as usize) < SIDE)
        .then(|| mb(c.file() as usize, c.rank() as usize))
}

/// The neighbour of `m` in direction `d` (may be a border cell).
#[inline]
pub(crate) const fn step(m: usize, d: usize) -> usize {
    (m as isize + DELTA[d]) as usize
}

/// Direction index of a `Dir8`.
#[inline]
pub(crate) const fn dir_index(d: Dir8) -> usize {
    d as usize
}

/// The `Dir8` of a direction index.
#[inline]
pub(crate) const fn dir_of(i: usize) -> Dir8 {
    Dir8::ALL[i & 7]
}

/// The empty padded board: border cells `OFF`, squares `EMPTY`.
pub(crate) const EMPTY_BOARD: [u8; CELLS] = {
    let mut b = [OFF; CELLS];
    let mut r = 0;
    while r < SIDE {
        let mut f = 0;
        while f < SIDE {
            b[mb(f, r)] = EMPTY;
            f += 1;
        }
        r += 1;
    }
    b
};

/// A set of mailbox indices (256 bits; only interior indices are ever set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bb(pub [u64; 4]);

impl Bb {
    pub const EMPTY: Bb = Bb([0; 4]);

    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline]
    pub fn and(self, o: Bb) -> Bb {
        Bb([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }

    #[inline]
    pub fn or(self, o: Bb) -> Bb {
        Bb([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }

    #[inline]
    pub fn andnot(self, o: Bb) -> Bb {
        Bb([
            self.0[0] & !o.0[0],
            self.0[1] & !o.0[1],
            self.0[2] & !o.0[2],
            self.0[3] & !o.0[3],
        ])
    }

    #[inline]
    fn shl<const K: u32>(self) -> Bb {
        let a = self.0;
        Bb([
            a[0] << K,
            a[1] << K | a[0] >> (64 - K),
            a[2] << K | a[1] >> (64 - K),
            a[3] << K | a[2] >> (64 - K),
        ])
    }

    #[inline]
    fn shr<const K: u32>(self) -> Bb {
        let a = self.0;
        Bb([
            a[0] >> K | a[1] << (64 - K),
            a[1] >> K | a[2] << (64 - K),
            a[2] >> K | a[3] << (64 - K),
            a[3] >> K,
        ])
    }

    /// Every index 8-adjacent to a member (members themselves only when adjacent to another).
    /// Bits may land on border cells; mask with a set of squares.
    #[inline]
    pub fn around(self) -> Bb {
        let row = self.or(self.shl::<1>()).or(self.shr::<1>());
        self.shl::<1>()
            .or(self.shr::<1>())
            .or(row.shl::<{ MB as u32 }>())
            .or(row.shr::<{ MB as u32 }>())
    }

    /// The members, in increasing order.
    #[inline]
    pub fn iter(self) -> BitIter<4> {
        Bitboard(self.0).iter()
    }
}

/// The start area `e5`..`i9` as a set.
pub(crate) const START_BB: Bb = {
    let mut b = [0u64; 4];
    let mut r = 4;
    while r <= 8 {
        let mut f = 4;
        while f <= 8 {
            let i = mb(f, r);
            b[i >> 6] |= 1 << (i & 63);
            f += 1;
        }
        r += 1;
    }
    Bb(b)
};

/// Every square of the board as a set.
pub(crate) const BOARD_BB: Bb = {
    let mut b = [0u64; 4];
    let mut r = 0;
    while r < SIDE {
        let mut f = 0;
        while f < SIDE {
            let i = mb(f, r);
            b[i >> 6] |= 1 << (i & 63);
            f += 1;
        }
        r += 1;
    }
    Bb(b)
};

/// The SplitMix64 finaliser: a fixed mix of 64 bits (Zobrist keys, position keys).
pub(crate) const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Zobrist keys by piece code (1..=7) and mailbox index (padded to 256); row 0 (empty) and
/// the padding are zero.
pub(crate) static ZOBRIST: [[u64; 256]; 8] = {
    let mut z = [[0u64; 256]; 8];
    let mut p = 1;
    while p < 8 {
        let mut i = 0;
        while i < CELLS {
            z[p][i] = splitmix(0x5265_7065_6c6c_6f00 ^ ((p as u64) << 32) ^ i as u64);
            i += 1;
        }
        p += 1;
    }
    z
};

/// The Zobrist key of piece `p` on mailbox index `m` (0 for empty and border codes).
#[inline]
pub(crate) fn zkey(p: u8, m: usize) -> u64 {
    if p == OFF {
        return 0;
    }
    ZOBRIST[p as usize & 7][m & 0xff]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mailbox_round_trip() {
        for r in 0..SIDE {
            for f in 0..SIDE {
                let m = mb(f, r);
                assert_eq!((file_of(m), rank_of(m)), (f, r));
                assert_eq!(EMPTY_BOARD[m], EMPTY);
                for d in 0..8 {
                    let n = step(m, d);
                    let on = (0..13).contains(&(f as i32 + DF[d] as i32))
                        && (0..13).contains(&(r as i32 + DR[d] as i32));
                    assert_eq!(EMPTY_BOARD[n] != OFF, on);
                    assert_eq!(dir_of(d).delta(), (DF[d], DR[d]));
                }
            }
        }
    }

    #[test]
    fn around_is_the_neighbourhood() {
        let mut b = Bb::EMPTY;
        b.set(mb(0, 0));
        let a = b.around().and(BOARD_BB);
        let v: Vec<usize> = a.iter().collect();
        assert_eq!(v, vec![mb(1, 0), mb(0, 1), mb(1, 1)]);
        let mut b = Bb::EMPTY;
        b.set(mb(12, 12));
        b.set(mb(6, 6));
        assert_eq!(b.around().and(BOARD_BB).iter().count(), 3 + 8);
        assert_eq!(START_BB.iter().count(), 25);
        assert_eq!(BOARD_BB.iter().count(), 169);
    }

    #[test]
    fn a_walk_bounces_off_each_edge_it_meets() {
        // Straight into the top edge: l13 is the last rank, so the walk turns back down.
        let up: Vec<_> = Bounce::new(11, 10, 0).take(4).collect();
        assert_eq!(up, [(11, 11), (11, 12), (11, 11), (11, 10)]);
        // Diagonally into the corner region: the rank flips at the top edge, then the file
        // flips at the right edge.
        let ne: Vec<_> = Bounce::new(11, 11, 1).take(3).collect();
        assert_eq!(ne, [(12, 12), (11, 11), (10, 10)]);
        let glance: Vec<_> = Bounce::new(10, 12, 1).take(3).collect();
        assert_eq!(glance, [(11, 11), (12, 10), (11, 9)]);
    }
}
