//! Geometry: the two boards, the cell <-> bit-index mapping, board masks and the marked start
//! cells of each seat.
//!
//! Cells map to bits through the kit's padded layout ([`SquareGrid::index`]):
//! `index = rank * (side + 1) + file`, so bit order is rank-major from `a1`, which is also the
//! `Ord` of [`Cell`] (rank first, then file) and therefore of [`crate::Place`].

use boardgame_kit::{Bitboard7, Cell, Seat, SquareGrid};

/// Which board is used.
///
/// ```
/// use elements_core::BoardSize;
/// assert_eq!(BoardSize::Full.side(), 20);
/// assert_eq!(BoardSize::Blitz.side(), 14);
/// assert_eq!(BoardSize::Blitz.geometry().cells(), 196);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardSize {
    /// The full 20x20 board (files `a`..`t`).
    #[default]
    Full,
    /// The blitz board: the light central 14x14 part, for the engine a 14x14 board (`a`..`n`).
    Blitz,
}

impl BoardSize {
    /// Number of files (and ranks).
    #[must_use]
    pub const fn side(self) -> u8 {
        match self {
            BoardSize::Full => 20,
            BoardSize::Blitz => 14,
        }
    }

    /// The parameter value (`full` or `blitz`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BoardSize::Full => "full",
            BoardSize::Blitz => "blitz",
        }
    }

    /// The precomputed geometry of this board.
    #[must_use]
    pub fn geometry(self) -> &'static Geometry {
        match self {
            BoardSize::Full => &FULL,
            BoardSize::Blitz => &BLITZ,
        }
    }
}

/// Precomputed tables of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    side: u8,
    mask: Bitboard7,
    start: [Bitboard7; 4],
    start_cells: [[Cell; 3]; 4],
    start_len: usize,
    /// The 8-neighbourhood of each cell's bit index, the cell included (zero off the board).
    around: [Bitboard7; AROUND],
}

/// Bit indices the neighbourhood table covers: every index of the 20x20 board (rank 19, file
/// 19 is index 19 * 21 + 19 = 418).
const AROUND: usize = 420;

/// Sets bit `i` of a bitboard in a const context.
const fn with_bit(mut b: Bitboard7, i: usize) -> Bitboard7 {
    b.0[i / 64] |= 1u64 << (i % 64);
    b
}

/// The marked start cells of each seat, corner first: the corner, the cell beside it along the
/// edge rank, the cell beside it along the edge file.
const fn start_cells(side: u8) -> [[Cell; 3]; 4] {
    let m = side - 1;
    [
        // water, top-left: a20 b20 a19
        [Cell::new(0, m), Cell::new(1, m), Cell::new(0, m - 1)],
        // air, top-right: t20 s20 t19
        [Cell::new(m, m), Cell::new(m - 1, m), Cell::new(m, m - 1)],
        // earth, bottom-right: t1 s1 t2
        [Cell::new(m, 0), Cell::new(m - 1, 0), Cell::new(m, 1)],
        // fire, bottom-left: a1 b1 a2
        [Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 1)],
    ]
}

const fn geometry(side: u8, start_len: usize) -> Geometry {
    let stride = side as usize + 1;
    let mut mask = Bitboard7::EMPTY;
    let mut r = 0;
    while r < side as usize {
        let mut f = 0;
        while f < side as usize {
            mask = with_bit(mask, r * stride + f);
            f += 1;
        }
        r += 1;
    }
    let cells = start_cells(side);
    let mut start = [Bitboard7::EMPTY; 4];
    let mut s = 0;
    while s < 4 {
        let mut k = 0;
        while k < start_len {
            let c = cells[s][k];
            start[s] = with_bit(start[s], c.rank() as usize * stride + c.file() as usize);
            k += 1;
        }
        s += 1;
    }
    let mut around = [Bitboard7::EMPTY; AROUND];
    let n = side as isize;
    let mut r = 0;
    while r < n {
        let mut f = 0;
        while f < n {
            let mut b = Bitboard7::EMPTY;
            let mut dr = -1;
            while dr <= 1 {
                let mut df = -1;
                while df <= 1 {
                    let (nf, nr) = (f + df, r + dr);
                    if nf >= 0 && nr >= 0 && nf < n && nr < n {
                        b = with_bit(b, nr as usize * stride + nf as usize);
                    }
                    df += 1;
                }
                dr += 1;
            }
            around[r as usize * stride + f as usize] = b;
            f += 1;
        }
        r += 1;
    }
    Geometry {
        side,
        mask,
        start,
        start_cells: cells,
        start_len,
        around,
    }
}

static FULL: Geometry = geometry(20, 3);
static BLITZ: Geometry = geometry(14, 1);

impl Geometry {
    /// Number of files (and ranks).
    #[inline]
    #[must_use]
    pub const fn side(&self) -> u8 {
        self.side
    }

    /// Distance in bits between vertically adjacent cells.
    #[inline]
    #[must_use]
    pub const fn stride(&self) -> usize {
        self.side as usize + 1
    }

    /// Number of cells.
    #[inline]
    #[must_use]
    pub const fn cells(&self) -> usize {
        self.side as usize * self.side as usize
    }

    /// The kit grid of this board.
    #[inline]
    #[must_use]
    pub const fn grid(&self) -> SquareGrid {
        SquareGrid::new(self.side, self.side)
    }

    /// Every on-board cell.
    #[inline]
    #[must_use]
    pub const fn mask(&self) -> Bitboard7 {
        self.mask
    }

    /// Whether the cell lies on this board.
    #[inline]
    #[must_use]
    pub const fn contains(&self, c: Cell) -> bool {
        c.file() < self.side && c.rank() < self.side
    }

    /// The bit index of an on-board cell.
    #[inline]
    #[must_use]
    pub const fn index(&self, c: Cell) -> usize {
        c.rank() as usize * self.stride() + c.file() as usize
    }

    /// The cell of a bit index.
    #[inline]
    #[must_use]
    pub const fn cell(&self, i: usize) -> Cell {
        Cell::new((i % self.stride()) as u8, (i / self.stride()) as u8)
    }

    /// The marked start cells of a seat, as a bitboard.
    #[inline]
    #[must_use]
    pub fn start_mask(&self, seat: Seat) -> Bitboard7 {
        self.start[seat.index() & 3]
    }

    /// The marked start cells of a seat (three on the full board, the corner alone in blitz).
    ///
    /// ```
    /// use boardgame_kit::Seat;
    /// use elements_core::BoardSize;
    /// let names: Vec<String> =
    ///     BoardSize::Full.geometry().start_cells(Seat::of(0)).iter().map(|c| c.to_string()).collect();
    /// assert_eq!(names, ["a20", "b20", "a19"]);
    /// assert_eq!(BoardSize::Blitz.geometry().start_cells(Seat::of(2))[0].to_string(), "n1");
    /// ```
    #[must_use]
    pub fn start_cells(&self, seat: Seat) -> &[Cell] {
        &self.start_cells[seat.index() & 3][..self.start_len]
    }

    /// The 8-neighbourhood of the cell at bit index `i` (the cell included), on the board: the
    /// same as `dilate8` of that one cell, from a table.
    ///
    /// ```
    /// use elements_core::{BoardSize, Place};
    /// let g = BoardSize::Full.geometry();
    /// let corner: Place = "a1".parse().unwrap();
    /// let middle: Place = "e5".parse().unwrap();
    /// assert_eq!(g.around(g.index(corner.cell())).count(), 4);
    /// assert_eq!(g.around(g.index(middle.cell())).count(), 9);
    /// ```
    #[inline]
    #[must_use]
    pub fn around(&self, i: usize) -> Bitboard7 {
        self.around[i % AROUND]
    }

    /// The 8-neighbourhood of a set (the set included), on the board. Specialised per board
    /// (constant shifts, and only the 4 words a 14x14 board uses in blitz); the same result as
    /// the kit's `Bitboard::dilate8`.
    #[inline]
    #[must_use]
    pub fn dilate8(&self, b: Bitboard7) -> Bitboard7 {
        if self.side == 20 {
            dilate::<7, 21>(b, self.mask)
        } else {
            dilate::<4, 15>(b, self.mask)
        }
    }

    /// Every cell of `within` 8-connected to `seed` inside `within`.
    #[inline]
    #[must_use]
    pub fn flood8(&self, seed: Bitboard7, within: Bitboard7) -> Bitboard7 {
        let mut cur = seed & within;
        loop {
            let next = self.dilate8(cur) & within;
            // Word by word (a plain `==` compiles to a call to `memcmp`).
            let changed = next.0.iter().zip(cur.0).fold(0, |d, (a, b)| d | (a ^ b));
            if changed == 0 {
                return cur;
            }
            cur = next;
        }
    }
}

/// Shift towards higher bit indices by `K` (0 < K < 64) over the first `W` words.
#[inline(always)]
fn shl<const W: usize, const K: usize>(b: &[u64; 7]) -> [u64; 7] {
    let mut o = [0u64; 7];
    o[0] = b[0] << K;
    for i in 1..W {
        o[i] = (b[i] << K) | (b[i - 1] >> (64 - K));
    }
    o
}

/// Shift towards lower bit indices by `K` (0 < K < 64) over the first `W` words.
#[inline(always)]
fn shr<const W: usize, const K: usize>(b: &[u64; 7]) -> [u64; 7] {
    let mut o = [0u64; 7];
    for i in 0..W - 1 {
        o[i] = (b[i] >> K) | (b[i + 1] << (64 - K));
    }
    o[W - 1] = b[W - 1] >> K;
    o
}

/// The 8-dilation over the first `W` words with stride `S`, masked by the board.
#[inline(always)]
fn dilate<const W: usize, const S: usize>(b: Bitboard7, mask: Bitboard7) -> Bitboard7 {
    let x = b.0;
    let (l, r) = (shl::<W, 1>(&x), shr::<W, 1>(&x));
    let mut row = [0u64; 7];
    for i in 0..W {
        row[i] = x[i] | l[i] | r[i];
    }
    let (u, d) = (shl::<W, S>(&row), shr::<W, S>(&row));
    let mut out = [0u64; 7];
    for i in 0..W {
        out[i] = (row[i] | u[i] | d[i]) & mask.0[i];
    }
    boardgame_kit::Bitboard(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::{RandomSource, SplitMix64};

    /// The specialised dilation and flood agree with the kit's generic ones on random sets.
    #[test]
    fn specialised_dilation_matches_the_kit() {
        let mut rng = SplitMix64::new(3);
        for size in [BoardSize::Full, BoardSize::Blitz] {
            let g = size.geometry();
            for _ in 0..2000 {
                let density = rng.below(64);
                let mut b = Bitboard7::EMPTY;
                let mut within = Bitboard7::EMPTY;
                for i in g.mask().iter() {
                    if rng.below(64) < density {
                        b.set(i);
                    }
                    if rng.below(2) == 0 {
                        within.set(i);
                    }
                }
                assert_eq!(g.dilate8(b), b.dilate8(g.mask(), g.stride()));
                assert_eq!(g.flood8(b, within), b.flood8(within, g.stride()));
            }
            for i in g.mask().iter() {
                assert_eq!(g.around(i), g.dilate8(Bitboard7::single(i)));
            }
        }
    }

    #[test]
    fn start_cells_lie_in_their_corners() {
        let g = BoardSize::Full.geometry();
        for s in 0..4 {
            assert_eq!(g.start_mask(Seat::of(s)).count(), 3);
            for c in g.start_cells(Seat::of(s)) {
                assert!(g.start_mask(Seat::of(s)).contains(g.index(*c)));
                assert_eq!(g.cell(g.index(*c)), *c);
            }
        }
        assert_eq!(
            BoardSize::Blitz.geometry().start_mask(Seat::of(1)).count(),
            1
        );
        assert_eq!(g.mask().count(), 400);
        assert_eq!(BoardSize::Blitz.geometry().mask().count(), 196);
    }
}
