//! Board geometry: the padded bit layout of a `size` x `size` board in a `u128`, and the
//! precomputed king-move masks.
//!
//! Cell `(file, rank)` is bit `rank * (size + 1) + file`: the spare column keeps the layout
//! identical to [`boardgame_kit::SquareGrid`]. A 9x9 board spans 90 bits.

use boardgame_kit::{Cell, Seat, SquareGrid};

/// Whether two distinct cells are a king's step apart.
pub(crate) fn adjacent(a: Cell, b: Cell) -> bool {
    a != b && a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1
}

/// A set of cells as bits of the padded layout.
pub type Bits = u128;

/// Smallest board side.
pub const MIN_SIZE: u8 = 5;
/// Largest board side.
pub const MAX_SIZE: u8 = 9;
const SLOTS: usize = (MAX_SIZE as usize + 1) * MAX_SIZE as usize;

const fn king_table(size: usize) -> [Bits; SLOTS] {
    let stride = size + 1;
    let mut t = [0u128; SLOTS];
    let mut r = 0;
    while r < size {
        let mut f = 0;
        while f < size {
            let mut m = 0u128;
            let mut dr = -1i32;
            while dr <= 1 {
                let mut df = -1i32;
                while df <= 1 {
                    let (nf, nr) = (f as i32 + df, r as i32 + dr);
                    if (df != 0 || dr != 0)
                        && nf >= 0
                        && nr >= 0
                        && nf < size as i32
                        && nr < size as i32
                    {
                        m |= 1u128 << (nr as usize * stride + nf as usize);
                    }
                    df += 1;
                }
                dr += 1;
            }
            // A goal corner ends the game when entered: no move ever leaves it.
            let goal = (f == 0 && r == 0) || (f == size - 1 && r == size - 1);
            t[r * stride + f] = if goal { 0 } else { m };
            f += 1;
        }
        r += 1;
    }
    t
}

static KING: [[Bits; SLOTS]; 3] = [king_table(5), king_table(7), king_table(9)];

const fn narrow(t: [Bits; SLOTS]) -> [u64; SLOTS] {
    let mut out = [0u64; SLOTS];
    let mut i = 0;
    while i < SLOTS {
        out[i] = t[i] as u64;
        i += 1;
    }
    out
}

/// The 5x5 and 7x7 tables in 64-bit words (their layouts span 30 and 56 bits).
static KING64: [[u64; SLOTS]; 2] = [narrow(king_table(5)), narrow(king_table(7))];

/// Number of slots in the move tables (the 9x9 padded layout).
pub(crate) const TABLE_SLOTS: usize = SLOTS;

/// Number of board symmetries that keep the pair of goal corners: the identity, the mirror in
/// the a1 diagonal, the mirror in the other diagonal, and the half turn (see
/// [`Board::symmetry`]).
pub const SYMMETRIES: u8 = 4;

/// The geometry of one board size (5, 7 or 9).
///
/// ```
/// use slimetrail_core::Board;
/// use boardgame_kit::Cell;
/// let b = Board::new(7).unwrap();
/// assert_eq!(b.cell(b.centre()), Cell::new(3, 3)); // d4
/// assert_eq!(b.king(b.centre()).count_ones(), 8);
/// assert_eq!(b.king(b.index(Cell::new(0, 1))).count_ones(), 5); // a2
/// assert_eq!(b.king(b.index(Cell::new(0, 0))), 0); // a goal corner: the game is over
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
}

impl Board {
    /// The standard 7x7 board.
    pub const STANDARD: Board = Board { size: 7 };

    /// The board of an odd side from 5 to 9.
    #[must_use]
    pub const fn new(size: u8) -> Option<Board> {
        if size >= MIN_SIZE && size <= MAX_SIZE && size % 2 == 1 {
            Some(Board { size })
        } else {
            None
        }
    }

    /// Side length.
    #[must_use]
    pub const fn size(self) -> u8 {
        self.size
    }

    /// Bit distance between ranks.
    #[must_use]
    pub const fn stride(self) -> u8 {
        self.size + 1
    }

    /// The kit's grid of this board.
    #[must_use]
    pub const fn grid(self) -> SquareGrid {
        SquareGrid::new(self.size, self.size)
    }

    /// Whether a cell lies on the board.
    #[must_use]
    pub const fn contains(self, c: Cell) -> bool {
        c.file() < self.size && c.rank() < self.size
    }

    /// Bit index of an on-board cell.
    #[must_use]
    pub const fn index(self, c: Cell) -> u8 {
        c.rank() * self.stride() + c.file()
    }

    /// The cell of a bit index.
    #[must_use]
    pub const fn cell(self, i: u8) -> Cell {
        Cell::new(i % self.stride(), i / self.stride())
    }

    /// Every on-board cell.
    #[must_use]
    pub fn all(self) -> Bits {
        self.grid().iter().fold(0, |m, c| m | 1 << self.index(c))
    }

    /// The centre cell (the snail's start).
    #[must_use]
    pub const fn centre(self) -> u8 {
        let h = self.size / 2;
        h * self.stride() + h
    }

    /// The goal corner owned by a seat: seat `1` (index 0) owns `a1`, seat `2` the top-right.
    #[must_use]
    pub const fn corner(self, seat: Seat) -> u8 {
        if seat.index() == 0 {
            0
        } else {
            (self.size - 1) * self.stride() + self.size - 1
        }
    }

    /// The move table in 64-bit words, for boards whose layout fits (5x5 and 7x7).
    pub(crate) fn table64(self) -> Option<&'static [u64; SLOTS]> {
        KING64.get((self.size as usize - 5) / 2)
    }

    /// The move table in 128-bit words.
    pub(crate) fn table128(self) -> &'static [Bits; SLOTS] {
        &KING[(self.size as usize - 5) / 2]
    }

    /// The snail's moves from bit `i` on a clean board: the cells a king's step away, or none
    /// from a goal corner (entering one ends the game).
    #[inline(always)]
    #[must_use]
    pub fn king(self, i: u8) -> Bits {
        KING[(self.size as usize - 5) / 2][i as usize]
    }

    /// Bit index `i` under symmetry `g` (`0..SYMMETRIES`): 0 the identity, 1 the mirror in the
    /// a1 diagonal (file and rank swapped), 2 the mirror in the other diagonal, 3 the half
    /// turn. Each maps king steps to king steps and the two goal corners to goal corners, so
    /// the image of a position has the same perft.
    ///
    /// ```
    /// use slimetrail_core::Board;
    /// use boardgame_kit::Cell;
    /// let b = Board::new(7).unwrap();
    /// let c2 = b.index(Cell::new(2, 1));
    /// assert_eq!(b.cell(b.map_index(1, c2)), Cell::new(1, 2)); // b3
    /// assert_eq!(b.cell(b.map_index(3, c2)), Cell::new(4, 5)); // e6
    /// ```
    pub const fn map_index(self, g: u8, i: u8) -> u8 {
        let (f, r) = (i % self.stride(), i / self.stride());
        let last = self.size - 1;
        let (f, r) = match g {
            1 => (r, f),
            2 => (last - r, last - f),
            3 => (last - f, last - r),
            _ => (f, r),
        };
        r * self.stride() + f
    }

    /// A set of cells under symmetry `g` (see [`Board::map_index`]).
    pub fn symmetry(self, g: u8, mut bits: Bits) -> Bits {
        let mut out = 0;
        while bits != 0 {
            out |= 1 << self.map_index(g, bits.trailing_zeros() as u8);
            bits &= bits - 1;
        }
        out
    }
}
