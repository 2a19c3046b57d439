//! Geometry of the 41-square diamond: square indices, cell names and neighbour tables.
//!
//! Squares are numbered `0..41` rank by rank from the bottom (`e1` = 0, `d2` = 1, `e2` = 2,
//! `f2` = 3, ..., `e9` = 40), each rank from file `a` towards `i`. In this order a square's
//! neighbour to the south has the smallest index, then west, east and north: generating steps
//! in the direction order [`DIRS`] lists them sorted by destination.

use boardgame_kit::{Cell, Dir4};

/// Number of squares of the board.
pub const SQUARES: usize = 41;

/// "No square": off the board, or an absent piece.
pub const NONE: u8 = 255;

/// The four directions in generation order (destination indices increasing): s, w, e, n.
pub const DIRS: [Dir4; 4] = [Dir4::S, Dir4::W, Dir4::E, Dir4::N];

/// Index of a direction in [`DIRS`].
#[inline]
pub const fn dir_index(d: Dir4) -> usize {
    match d {
        Dir4::S => 0,
        Dir4::W => 1,
        Dir4::E => 2,
        Dir4::N => 3,
    }
}

/// The opposite of a direction index of [`DIRS`] (s <-> n, w <-> e).
#[inline]
pub const fn opposite(d: usize) -> usize {
    3 - d
}

/// Whether the 0-based (file, rank) lies on the diamond.
pub const fn on_board(file: i32, rank: i32) -> bool {
    let df = if file > 4 { file - 4 } else { 4 - file };
    let dr = if rank > 4 { rank - 4 } else { 4 - rank };
    file >= 0 && file < 9 && rank >= 0 && rank < 9 && df + dr <= 4
}

const fn build_tables() -> ([u8; 81], [(u8, u8); SQUARES]) {
    let mut of_cell = [NONE; 81];
    let mut cells = [(0u8, 0u8); SQUARES];
    let mut n = 0;
    let mut rank = 0;
    while rank < 9 {
        let mut file = 0;
        while file < 9 {
            if on_board(file, rank) {
                of_cell[(rank * 9 + file) as usize] = n as u8;
                cells[n] = (file as u8, rank as u8);
                n += 1;
            }
            file += 1;
        }
        rank += 1;
    }
    (of_cell, cells)
}

const TABLES: ([u8; 81], [(u8, u8); SQUARES]) = build_tables();

/// Square index of each cell of the 9x9 grid (`rank * 9 + file`), [`NONE`] off the diamond.
pub const SQ_OF_CELL: [u8; 81] = TABLES.0;

/// (file, rank) of each square.
pub const CELL_OF_SQ: [(u8, u8); SQUARES] = TABLES.1;

const fn build_nb() -> [[u8; 4]; 64] {
    let mut nb = [[NONE; 4]; 64];
    let mut s = 0;
    while s < SQUARES {
        let (f, r) = CELL_OF_SQ[s];
        let (f, r) = (f as i32, r as i32);
        // s, w, e, n
        let deltas = [(0, -1), (-1, 0), (1, 0), (0, 1)];
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + deltas[d].0, r + deltas[d].1);
            if on_board(nf, nr) {
                nb[s][d] = SQ_OF_CELL[(nr * 9 + nf) as usize];
            }
            d += 1;
        }
        s += 1;
    }
    nb
}

/// Neighbour of each square in each direction of [`DIRS`], [`NONE`] off the board; 64 rows
/// (rows 41.. are all [`NONE`]) so that `NB[sq & 63]` needs no bounds check.
pub const NB: [[u8; 4]; 64] = build_nb();

const fn build_nb_bits() -> [[u64; 4]; 64] {
    let mut t = [[0u64; 4]; 64];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 4 {
            let n = NB[s][d];
            if n != NONE {
                t[s][d] = 1u64 << n;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// The neighbour of each square in each direction as a one-bit mask (0 off the board).
pub const NB_BIT: [[u64; 4]; 64] = build_nb_bits();

const fn build_rays() -> ([[u64; 4]; 64], [u64; 64], [u64; 64]) {
    let mut ray = [[0u64; 4]; 64];
    let mut all = [0u64; 64];
    let mut nbm = [0u64; 64];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < 4 {
            let mut z = NB[s][d];
            if z != NONE {
                nbm[s] |= 1u64 << z;
            }
            while z != NONE {
                ray[s][d] |= 1u64 << z;
                z = NB[z as usize][d];
            }
            all[s] |= ray[s][d];
            d += 1;
        }
        s += 1;
    }
    (ray, all, nbm)
}

const RAYS: ([[u64; 4]; 64], [u64; 64], [u64; 64]) = build_rays();

/// The squares from a square (excluded) to the edge in each direction: a Dwarf can step that
/// way exactly when one of them is empty (the first empty one ends the pushed line).
pub const RAY: [[u64; 4]; 64] = RAYS.0;

/// The union of the four rays of a square.
pub const RAY_ALL: [u64; 64] = RAYS.1;

/// The neighbours of a square, as a mask.
pub const NB_MASK: [u64; 64] = RAYS.2;

/// The neighbour of `sq` in direction index `d`, [`NONE`] off the board (or for a bad square).
#[inline(always)]
pub fn nb(sq: u8, d: usize) -> u8 {
    NB[sq as usize & 63][d & 3]
}

/// The direction index from `a` to an orthogonal neighbour `b`, if they are neighbours.
#[inline]
pub fn dir_between(a: u8, b: u8) -> Option<usize> {
    let row = NB.get(a as usize)?;
    row.iter().position(|&x| x == b)
}

/// The square of a cell, if it is on the diamond.
pub fn square(c: Cell) -> Option<u8> {
    if c.file() >= 9 || c.rank() >= 9 {
        return None;
    }
    let s = SQ_OF_CELL[c.rank() as usize * 9 + c.file() as usize];
    (s != NONE).then_some(s)
}

/// The cell of a square (`sq < 41`).
pub fn cell(sq: u8) -> Cell {
    let (f, r) = CELL_OF_SQ[sq as usize % SQUARES];
    Cell::new(f, r)
}

/// The name of a direction index of [`DIRS`]: `s`, `w`, `e`, `n`.
pub const fn dir_name(d: usize) -> &'static str {
    match d & 3 {
        0 => "s",
        1 => "w",
        2 => "e",
        _ => "n",
    }
}

/// The long name of a direction index of [`DIRS`].
pub const fn dir_long_name(d: usize) -> &'static str {
    match d & 3 {
        0 => "south",
        1 => "west",
        2 => "east",
        _ => "north",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_has_41_squares_in_order() {
        assert_eq!(cell(0).to_string(), "e1");
        assert_eq!(cell(1).to_string(), "d2");
        assert_eq!(cell(40).to_string(), "e9");
        assert_eq!(cell(16).to_string(), "a5");
        assert_eq!(cell(24).to_string(), "i5");
        for s in 0..SQUARES as u8 {
            assert_eq!(square(cell(s)), Some(s));
            for d in 0..4 {
                let n = nb(s, d);
                if n != NONE {
                    assert!(n > s || d < 2, "order");
                    assert_eq!(nb(n, opposite(d)), s);
                }
            }
        }
        assert_eq!(square("a1".parse().unwrap()), None);
    }
}
