//! Reading the cell names of one board, with errors at the first character that cannot belong
//! to a cell of that board.
//!
//! [`Cell`]'s own parser reads any name from `a1` to `z26`: on a 7x7 board `zz9` fails only at
//! its second letter ("a rank number"), though its first letter already names no file of the
//! board. [`CellNames`] knows the board's files and, for every file, its ranks (a rectangle,
//! Splut!'s diamond, a hexagon), so a name is refused at the first byte that cannot continue it,
//! saying what could stand there: `a file letter from a to g`, `a rank from 3 to 7 on file g`,
//! `the end of the rank (file e runs from e1 to e13)`.
//!
//! ```
//! use boardgame_kit::{Cell, CellNames};
//! let board = CellNames::rect(7, 7);
//! assert_eq!(board.parse("c3").unwrap(), Cell::new(2, 2));
//! let e = board.parse("zz9").unwrap_err();
//! assert_eq!((e.at, &*e.expected), (0, "a file letter from a to g"));
//! let e = board.parse("e8").unwrap_err();
//! assert_eq!((e.at, &*e.expected), (1, "a rank from 1 to 7"));
//! let diamond = CellNames::diamond(9);
//! let e = diamond.parse("a1").unwrap_err();
//! assert_eq!((e.at, &*e.expected), (1, "the rank 5 (file a has one cell, a5)"));
//! ```

use crate::error::SyntaxError;
use crate::grid::{Cell, MAX_SIDE};
use alloc::format;

/// The cell names of one board: its files, and the ranks of every file (a contiguous range).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellNames {
    files: u8,
    /// Per file, the lowest and highest rank, 1-based.
    ranks: [(u8, u8); MAX_SIDE as usize],
}

impl CellNames {
    /// A board of `files` x `ranks` squares (each from 1 to [`MAX_SIDE`]).
    ///
    /// ```
    /// let b = boardgame_kit::CellNames::rect(20, 20);
    /// assert!(b.parse("t20").is_ok() && b.parse("u1").is_err());
    /// ```
    #[must_use]
    pub const fn rect(files: u8, ranks: u8) -> CellNames {
        let files = clamp_side(files);
        let ranks = clamp_side(ranks);
        CellNames {
            files,
            ranks: [(1, ranks); MAX_SIDE as usize],
        }
    }

    /// The squares of a `size` x `size` grid (odd size) whose orthogonal distance to the centre
    /// is at most `size / 2` (Splut!'s diamond for 9).
    ///
    /// ```
    /// let d = boardgame_kit::CellNames::diamond(9);
    /// assert!(d.parse("e1").is_ok() && d.parse("a5").is_ok() && d.parse("b3").is_err());
    /// ```
    #[must_use]
    pub const fn diamond(size: u8) -> CellNames {
        let size = clamp_side(size);
        let c = size / 2;
        let mut ranks = [(1, 1); MAX_SIDE as usize];
        let mut f = 0;
        while f < size {
            let d = f.abs_diff(c);
            ranks[f as usize] = (d + 1, 2 * c - d + 1);
            f += 1;
        }
        CellNames { files: size, ranks }
    }

    /// A hexagon of `radius` rings around its centre in the kit's axial naming
    /// ([`crate::HexBoard`]): file `x` holds the ranks `y` with `|x - y| <= radius`.
    ///
    /// ```
    /// let h = boardgame_kit::CellNames::hex(4);
    /// assert!(h.parse("e9").is_ok() && h.parse("a5").is_ok() && h.parse("a6").is_err());
    /// ```
    #[must_use]
    pub const fn hex(radius: u8) -> CellNames {
        let radius = if radius > 12 { 12 } else { radius };
        let files = 2 * radius + 1;
        let mut ranks = [(1, 1); MAX_SIDE as usize];
        let mut x = 0;
        while x < files {
            let lo = x.saturating_sub(radius);
            let hi = if x + radius < files - 1 {
                x + radius
            } else {
                files - 1
            };
            ranks[x as usize] = (lo + 1, hi + 1);
            x += 1;
        }
        CellNames { files, ranks }
    }

    /// The number of files.
    #[must_use]
    pub const fn files(&self) -> u8 {
        self.files
    }

    /// Whether the cell is on the board.
    #[must_use]
    pub const fn contains(&self, c: Cell) -> bool {
        let (lo, hi) = self.ranks[(c.file() % MAX_SIDE) as usize];
        c.file() < self.files && c.rank() + 1 >= lo && c.rank() < hi
    }

    /// Reads the cell name starting at byte `at` of `input` (case-insensitive) and gives the
    /// cell and the byte after its name. A rank takes as many digits as can still make a rank
    /// of the file, and a digit after that is an error at that digit, so `e14` on a board of
    /// 13 ranks fails at its `4`. Errors quote the whole input.
    ///
    /// ```
    /// use boardgame_kit::{Cell, CellNames};
    /// let b = CellNames::rect(13, 13);
    /// assert_eq!(b.read("c11/sw", 0).unwrap(), (Cell::new(2, 10), 3));
    /// assert_eq!(b.read("+e5", 1).unwrap(), (Cell::new(4, 4), 3));
    /// let e = b.read("e14", 0).unwrap_err();
    /// assert_eq!(e.at, 2);
    /// assert_eq!(e.to_string(), "cannot read `e14` at byte 2: expected the end of the rank (file e runs from e1 to e13)");
    /// ```
    pub fn read(&self, input: &str, at: usize) -> Result<(Cell, usize), SyntaxError> {
        let b = input.as_bytes();
        let file = match b.get(at) {
            Some(c) if c.is_ascii_alphabetic() && c.to_ascii_lowercase() - b'a' < self.files => {
                c.to_ascii_lowercase() - b'a'
            }
            _ => return Err(SyntaxError::new(input, at, self.file_expected())),
        };
        let (lo, hi) = self.ranks[file as usize];
        let rank_at = at + 1;
        let mut rank: u32 = 0;
        let mut i = rank_at;
        while let Some(d) = b.get(i).filter(|d| d.is_ascii_digit()) {
            let next = rank * 10 + u32::from(d - b'0');
            if next == 0 || next > u32::from(hi) {
                if i == rank_at {
                    break;
                }
                return Err(SyntaxError::new(
                    input,
                    i,
                    format!(
                        "the end of the rank (file {} runs from {} to {})",
                        letter(file),
                        Cell::new(file, lo - 1),
                        Cell::new(file, hi - 1)
                    ),
                ));
            }
            rank = next;
            i += 1;
        }
        if rank < u32::from(lo) {
            return Err(SyntaxError::new(input, rank_at, self.rank_expected(file)));
        }
        Ok((Cell::new(file, rank as u8 - 1), i))
    }

    /// Reads a text that is one cell name and nothing else.
    ///
    /// ```
    /// let e = boardgame_kit::CellNames::rect(9, 9).parse("e5x").unwrap_err();
    /// assert_eq!((e.at, &*e.expected), (2, "the end of the cell name"));
    /// ```
    pub fn parse(&self, input: &str) -> Result<Cell, SyntaxError> {
        let (c, n) = self.read(input, 0)?;
        if n != input.len() {
            return Err(SyntaxError::new(input, n, "the end of the cell name"));
        }
        Ok(c)
    }

    /// What a file letter must be: `a file letter from a to g`.
    fn file_expected(&self) -> alloc::string::String {
        format!("a file letter from a to {}", letter(self.files - 1))
    }

    /// What the rank of `file` must be: `a rank from 1 to 7`, `a rank from 3 to 7 on file g`,
    /// `the rank 5 (file a has one cell, a5)`.
    fn rank_expected(&self, file: u8) -> alloc::string::String {
        let (lo, hi) = self.ranks[file as usize];
        let full = self.ranks[..self.files as usize]
            .iter()
            .all(|r| *r == (lo, hi));
        if lo == hi {
            format!(
                "the rank {lo} (file {} has one cell, {})",
                letter(file),
                Cell::new(file, lo - 1)
            )
        } else if full {
            format!("a rank from {lo} to {hi}")
        } else {
            format!("a rank from {lo} to {hi} on file {}", letter(file))
        }
    }
}

/// A side kept within `1..=MAX_SIDE`.
const fn clamp_side(n: u8) -> u8 {
    if n == 0 {
        1
    } else if n > MAX_SIDE {
        MAX_SIDE
    } else {
        n
    }
}

/// The letter of a 0-based file.
fn letter(file: u8) -> char {
    (b'a' + file) as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_of_each_shape_reads_back_and_nothing_else_does() {
        for (names, count) in [
            (CellNames::rect(7, 7), 49),
            (CellNames::rect(20, 14), 280),
            (CellNames::diamond(9), 41),
            (CellNames::hex(4), 61),
        ] {
            let mut n = 0;
            for f in 0..MAX_SIDE {
                for r in 0..MAX_SIDE {
                    let c = Cell::new(f, r);
                    let text = alloc::string::ToString::to_string(&c);
                    match names.parse(&text) {
                        Ok(back) => {
                            assert_eq!(back, c);
                            assert!(names.contains(c));
                            n += 1;
                        }
                        Err(_) => assert!(!names.contains(c), "{text}"),
                    }
                }
            }
            assert_eq!(n, count, "{names:?}");
        }
    }

    #[test]
    fn errors_point_at_the_first_byte_that_cannot_continue_the_name() {
        let b = CellNames::rect(7, 7);
        let at = |names: &CellNames, s: &str| {
            let e = names.parse(s).unwrap_err();
            (e.at, e.expected.into_owned())
        };
        assert_eq!(at(&b, ""), (0, "a file letter from a to g".into()));
        assert_eq!(at(&b, "9"), (0, "a file letter from a to g".into()));
        assert_eq!(at(&b, "h1"), (0, "a file letter from a to g".into()));
        assert_eq!(at(&b, "e"), (1, "a rank from 1 to 7".into()));
        assert_eq!(at(&b, "e0"), (1, "a rank from 1 to 7".into()));
        assert_eq!(at(&b, "ex"), (1, "a rank from 1 to 7".into()));
        assert_eq!(
            at(&b, "e12"),
            (2, "the end of the rank (file e runs from e1 to e7)".into())
        );
        let d = CellNames::diamond(9);
        assert_eq!(at(&d, "g9"), (1, "a rank from 3 to 7 on file g".into()));
        assert_eq!(d.parse("E5").unwrap(), Cell::new(4, 4));
        let wide = CellNames::rect(20, 20);
        assert_eq!(wide.parse("t20").unwrap(), Cell::new(19, 19));
        assert_eq!(
            at(&wide, "a21"),
            (2, "the end of the rank (file a runs from a1 to a20)".into())
        );
        assert_eq!(at(&wide, "a01"), (1, "a rank from 1 to 20".into()));
    }
}
