//! The board: the printed board's description (rocks, harbours, island, shoals, die labels) and
//! the geometry tables derived from it at compile time.
//!
//! Everything that is printed on the board lives in the data block at the top of this file
//! ([`ROCKS`], [`HARBOURS`], [`ISLAND`], [`SEA_LABELS`], [`SHOALS`]): a different printed board
//! is a change to this block alone. Geometry is the kit's: [`HexBoard::new`]`(4)` with axial
//! `(file, rank)` coordinates where east is file + 1, north-east is file + 1 and rank + 1, and
//! north-west is rank + 1 (the directions of [`HexDir::ALL`]).
//!
//! Cells are numbered `0..61` **file by file** (`a1 a2 a3 a4 a5 b1 ... i9`), so that sorting by
//! number is sorting by the text of the cell's name; that makes legal lists come out sorted.

use boardgame_kit::{Hex, HexBoard, HexDir};
use core::fmt;

// ------------------------------------------------------------------------------------------
// The printed board (data).
// ------------------------------------------------------------------------------------------

/// Radius of the hexagon: 5 cells to a side.
pub const RADIUS: i8 = 4;

/// The rocks (the six corners).
pub const ROCKS: [&str; 6] = ["e9", "i9", "i5", "e1", "a1", "a5"];

/// The harbours by side number (clockwise from the top), each the three middle cells of a side,
/// in order along the side.
pub const HARBOURS: [[&str; 3]; 6] = [
    ["f9", "g9", "h9"],
    ["i8", "i7", "i6"],
    ["h4", "g3", "f2"],
    ["b1", "c1", "d1"],
    ["a2", "a3", "a4"],
    ["b6", "c7", "d8"],
];

/// The island (the centre).
pub const ISLAND: &str = "e5";

/// The die labels of a sea cell's sides, by direction in [`HexDir::ALL`] order (east,
/// north-east, north-west, west, south-west, south-east).
pub const SEA_LABELS: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// The shoals and their die labels by direction ([`HexDir::ALL`] order). The side facing the
/// island repeats the label of the side facing away from it.
pub const SHOALS: [(&str, [u8; 6]); 6] = [
    ("g5", [1, 2, 3, 1, 5, 6]),
    ("g7", [1, 2, 3, 4, 2, 6]),
    ("e7", [1, 2, 3, 4, 5, 3]),
    ("c5", [4, 2, 3, 4, 5, 6]),
    ("c3", [1, 5, 3, 4, 5, 6]),
    ("e3", [1, 2, 6, 4, 5, 6]),
];

// ------------------------------------------------------------------------------------------
// Derived tables.
// ------------------------------------------------------------------------------------------

/// The kit's hexagonal board of radius [`RADIUS`].
pub const BOARD: HexBoard = HexBoard::new(RADIUS);

/// Number of cells (61).
pub const CELLS: usize = 61;

const SPAN: usize = 2 * RADIUS as usize + 1;
const NONE: u8 = u8::MAX;

/// A cell of the board, numbered `0..61` file by file (`a1` is 0, `i9` is 60).
///
/// ```
/// use arandia_core::Cell;
/// let c: Cell = "e5".parse().unwrap();
/// assert_eq!(c.to_string(), "e5");
/// assert_eq!(c.hex(), boardgame_kit::Hex::new(4, 4));
/// assert!("a9".parse::<Cell>().is_err()); // off the hexagon
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell with this number, if it is below 61.
    #[must_use]
    pub const fn new(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// Its number `0..61`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its axial coordinates.
    #[must_use]
    pub const fn hex(self) -> Hex {
        TABLES.hex[self.0 as usize]
    }

    /// The cell at these coordinates, if it is on the board.
    #[must_use]
    pub const fn from_hex(h: Hex) -> Option<Cell> {
        if h.file < 0 || h.rank < 0 || h.file as usize >= SPAN || h.rank as usize >= SPAN {
            return None;
        }
        let i = TABLES.index[h.file as usize][h.rank as usize];
        if i == NONE {
            None
        } else {
            Some(Cell(i))
        }
    }

    /// What is printed on the cell.
    #[must_use]
    pub const fn terrain(self) -> Terrain {
        TABLES.terrain[self.0 as usize]
    }

    /// The neighbour in a direction, if it is on the board.
    #[must_use]
    pub const fn neighbour(self, d: HexDir) -> Option<Cell> {
        let n = TABLES.neigh[self.0 as usize][d as usize];
        if n == NONE {
            None
        } else {
            Some(Cell(n))
        }
    }

    /// The die label on the cell's side facing direction `d`.
    #[must_use]
    pub const fn label(self, d: HexDir) -> u8 {
        TABLES.labels[self.0 as usize][d as usize]
    }

    /// All cells in number order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    pub(crate) const fn raw(self) -> u8 {
        self.0
    }

    pub(crate) const fn from_raw(i: u8) -> Cell {
        Cell(i)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", BOARD.name(self.hex()))
    }
}

impl core::str::FromStr for Cell {
    type Err = boardgame_kit::SyntaxError;
    fn from_str(s: &str) -> Result<Cell, Self::Err> {
        let c = boardgame_kit::CellNames::hex(RADIUS as u8).parse(s)?;
        Cell::from_hex(Hex::new(c.file() as i8, c.rank() as i8))
            .ok_or_else(|| boardgame_kit::SyntaxError::new(s, 0, "a cell on the hexagon"))
    }
}

/// What is printed on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Open sea: sides labelled 1..6.
    Sea,
    /// A rock: a ship whose move ends here is wrecked.
    Rock,
    /// A harbour cell of the given side (0..6).
    Harbour(u8),
    /// The island (the centre).
    Island,
    /// A shoal: one label doubled, one missing.
    Shoal,
}

pub(crate) struct Tables {
    pub hex: [Hex; CELLS],
    pub index: [[u8; SPAN]; SPAN],
    pub neigh: [[u8; 6]; CELLS],
    pub labels: [[u8; 6]; CELLS],
    pub terrain: [Terrain; CELLS],
    /// For each cell and die value 1..=6 (index 0 unused): the on-board neighbours whose side
    /// carries that label, in cell order (`NONE` fills).
    pub cand: [[[u8; 2]; 7]; CELLS],
    /// Harbour cells by side, in cell order.
    pub harbour: [[u8; 3]; 6],
    /// Mask of each side's harbour.
    pub harbour_mask: [u64; 6],
    /// Mask of the rocks.
    pub rock_mask: u64,
    /// The island.
    pub island: u8,
    /// Shuffle / island targets of each cell, in cell order (`NONE` fills).
    pub free: [[u8; 6]; CELLS],
}

const fn parse_name(name: &str) -> Hex {
    let b = name.as_bytes();
    assert!(
        b.len() == 2,
        "cell names of the board data have two characters"
    );
    Hex::new((b[0] - b'a') as i8, (b[1] - b'1') as i8)
}

const fn on_board(f: i8, r: i8) -> bool {
    let d = 2 * RADIUS;
    f >= 0 && f <= d && r >= 0 && r <= d && (f - r).abs() <= RADIUS
}

const fn build() -> Tables {
    let mut t = Tables {
        hex: [Hex::new(0, 0); CELLS],
        index: [[NONE; SPAN]; SPAN],
        neigh: [[NONE; 6]; CELLS],
        labels: [SEA_LABELS; CELLS],
        terrain: [Terrain::Sea; CELLS],
        cand: [[[NONE; 2]; 7]; CELLS],
        harbour: [[NONE; 3]; 6],
        harbour_mask: [0; 6],
        rock_mask: 0,
        island: NONE,
        free: [[NONE; 6]; CELLS],
    };
    // Number the cells file by file.
    let mut n = 0usize;
    let mut f = 0i8;
    while f < SPAN as i8 {
        let mut r = 0i8;
        while r < SPAN as i8 {
            if on_board(f, r) {
                t.hex[n] = Hex::new(f, r);
                t.index[f as usize][r as usize] = n as u8;
                n += 1;
            }
            r += 1;
        }
        f += 1;
    }
    assert!(n == CELLS, "the hexagon has 61 cells");
    // Neighbours.
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 6 {
            let delta = HexDir::ALL[d].delta();
            let (nf, nr) = (t.hex[i].file + delta.file, t.hex[i].rank + delta.rank);
            if on_board(nf, nr) {
                t.neigh[i][d] = t.index[nf as usize][nr as usize];
            }
            d += 1;
        }
        i += 1;
    }
    // Terrain.
    let mut k = 0;
    while k < ROCKS.len() {
        let h = parse_name(ROCKS[k]);
        let c = t.index[h.file as usize][h.rank as usize];
        t.terrain[c as usize] = Terrain::Rock;
        t.rock_mask |= 1u64 << c;
        k += 1;
    }
    let mut s = 0;
    while s < 6 {
        let mut j = 0;
        while j < 3 {
            let h = parse_name(HARBOURS[s][j]);
            let c = t.index[h.file as usize][h.rank as usize];
            t.terrain[c as usize] = Terrain::Harbour(s as u8);
            t.harbour_mask[s] |= 1u64 << c;
            j += 1;
        }
        // Harbour cells in cell order.
        cells_in_order(t.harbour_mask[s], &mut t.harbour[s]);
        s += 1;
    }
    let h = parse_name(ISLAND);
    t.island = t.index[h.file as usize][h.rank as usize];
    t.terrain[t.island as usize] = Terrain::Island;
    let mut k = 0;
    while k < SHOALS.len() {
        let h = parse_name(SHOALS[k].0);
        let c = t.index[h.file as usize][h.rank as usize];
        t.terrain[c as usize] = Terrain::Shoal;
        t.labels[c as usize] = SHOALS[k].1;
        k += 1;
    }
    // Candidates by die value, and free (shuffle / island) moves.
    let mut i = 0;
    while i < CELLS {
        let mut v = 1;
        while v <= 6 {
            // Collect neighbours carrying label v, then order them by cell number.
            let mut got = [NONE; 2];
            let mut g = 0;
            let mut d = 0;
            while d < 6 {
                if t.labels[i][d] == v as u8 && t.neigh[i][d] != NONE {
                    assert!(g < 2, "a label appears at most twice on a cell");
                    got[g] = t.neigh[i][d];
                    g += 1;
                }
                d += 1;
            }
            if g == 2 && got[0] > got[1] {
                got = [got[1], got[0]];
            }
            t.cand[i][v] = got;
            v += 1;
        }
        let mut mask = 0u64;
        match t.terrain[i] {
            Terrain::Harbour(s) => {
                let mut d = 0;
                while d < 6 {
                    let nb = t.neigh[i][d];
                    if nb != NONE && t.harbour_mask[s as usize] & (1u64 << nb) != 0 {
                        mask |= 1u64 << nb;
                    }
                    d += 1;
                }
            }
            Terrain::Island => {
                let mut d = 0;
                while d < 6 {
                    let nb = t.neigh[i][d];
                    if nb != NONE {
                        mask |= 1u64 << nb;
                    }
                    d += 1;
                }
            }
            _ => {}
        }
        cells_in_order(mask, &mut t.free[i]);
        i += 1;
    }
    t
}

/// Writes the cells of `mask` in cell order at the start of `out` (the rest is left as it is).
const fn cells_in_order(mut mask: u64, out: &mut [u8]) {
    let mut j = 0;
    while mask != 0 {
        out[j] = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        j += 1;
    }
}

pub(crate) const TABLES: Tables = build();

pub(crate) const NO_CELL: u8 = NONE;

/// The home side of a seat (its seat number).
#[must_use]
pub const fn home_side(seat: usize) -> usize {
    seat % 6
}

/// The target side of a seat: the opposite side, `seat + 3 (mod 6)`.
#[must_use]
pub const fn target_side(seat: usize) -> usize {
    (seat + 3) % 6
}

/// The cells of a side's harbour, in cell order.
pub fn harbour(side: usize) -> [Cell; 3] {
    TABLES.harbour[side % 6].map(Cell)
}

/// Mask of the cells closed to a ship of `seat`: every harbour other than its home and target.
pub(crate) const fn closed_mask(seat: usize) -> u64 {
    let mut m = 0;
    let mut s = 0;
    while s < 6 {
        if s != home_side(seat) && s != target_side(seat) {
            m |= TABLES.harbour_mask[s];
        }
        s += 1;
    }
    m
}

pub(crate) const CLOSED: [u64; 6] = [
    closed_mask(0),
    closed_mask(1),
    closed_mask(2),
    closed_mask(3),
    closed_mask(4),
    closed_mask(5),
];

/// The most actions any one ship's action can take in a turn: choose, die, pick (shoal),
/// placement after a wreck, attack or decline, attacker's roll, defender's roll. A pick is
/// followed by a wreck only if a doubled label of a shoal points at a rock; on the printed
/// board none does, so the bound is 6.
pub(crate) const fn actions_per_ship() -> u64 {
    let mut i = 0;
    while i < CELLS {
        let mut v = 1;
        while v <= 6 {
            let c = TABLES.cand[i][v];
            if c[1] != NONE && (TABLES.rock_mask & ((1u64 << c[0]) | (1u64 << c[1]))) != 0 {
                return 7;
            }
            v += 1;
        }
        i += 1;
    }
    6
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn numbering_agrees_with_the_kit() {
        let mut n = 0;
        for h in BOARD.iter() {
            let c = Cell::from_hex(h).unwrap();
            assert_eq!(c.hex(), h);
            assert_eq!(c.to_string(), BOARD.name(h).to_string());
            n += 1;
        }
        assert_eq!(n, CELLS);
        for w in Cell::all().collect::<alloc::vec::Vec<_>>().windows(2) {
            assert!(w[0].to_string() < w[1].to_string());
        }
    }

    #[test]
    fn terrain_counts() {
        let count = |k: fn(Terrain) -> bool| Cell::all().filter(|c| k(c.terrain())).count();
        assert_eq!(count(|t| t == Terrain::Rock), 6);
        assert_eq!(count(|t| matches!(t, Terrain::Harbour(_))), 18);
        assert_eq!(count(|t| t == Terrain::Shoal), 6);
        assert_eq!(count(|t| t == Terrain::Island), 1);
        assert_eq!(actions_per_ship(), 6);
    }
}
