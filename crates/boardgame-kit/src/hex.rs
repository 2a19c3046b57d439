//! Hex geometry: axial coordinates, the six directions, distance, rings, rotation, and the
//! file/rank names of a hexagonal board.
//!
//! A cell is `(file, rank)`: east is file + 1, north-west is rank + 1, north-east is both. These
//! are axial coordinates, so a hexagon of radius `R` centred on `(R, R)` is the set of cells with
//! `0 <= file, rank <= 2R` and `|file - rank| <= R`. With `R = 4` this is the 61-cell board of
//! Arandian checkers: rank 9 holds files `e..i`, rank 5 `a..i`, rank 1 `a..e`.

use crate::error::SyntaxError;
use core::fmt;

/// A hex cell (or a vector between cells) in axial coordinates.
///
/// ```
/// use boardgame_kit::{Hex, HexDir};
/// let c = Hex::new(4, 4);
/// assert_eq!(c + HexDir::NE.delta(), Hex::new(5, 5));
/// assert_eq!(Hex::new(0, 0).distance(Hex::new(4, 4)), 4);
/// assert_eq!(Hex::new(4, 0).distance(Hex::new(0, 4)), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    /// Rank (row from the bottom, 0-based).
    pub rank: i8,
    /// File (0-based; east is +1).
    pub file: i8,
}

impl Hex {
    /// The cell at (file, rank).
    #[must_use]
    pub const fn new(file: i8, rank: i8) -> Hex {
        Hex { rank, file }
    }

    /// The neighbour in a direction.
    #[must_use]
    pub fn neighbour(self, d: HexDir) -> Hex {
        self + d.delta()
    }

    /// The six neighbours, in [`HexDir::ALL`] order.
    #[must_use]
    pub fn neighbours(self) -> [Hex; 6] {
        HexDir::ALL.map(|d| self + d.delta())
    }

    /// Number of steps between two cells.
    #[must_use]
    pub fn distance(self, o: Hex) -> u8 {
        let df = (o.file - self.file) as i16;
        let dr = (o.rank - self.rank) as i16;
        df.abs().max(dr.abs()).max((df - dr).abs()) as u8
    }

    /// This vector turned 60 degrees counter-clockwise `k` times.
    ///
    /// ```
    /// use boardgame_kit::{Hex, HexDir};
    /// assert_eq!(HexDir::E.delta().rotate(1), HexDir::NE.delta());
    /// assert_eq!(HexDir::E.delta().rotate(3), HexDir::W.delta());
    /// assert_eq!(Hex::new(2, -1).rotate(6), Hex::new(2, -1));
    /// ```
    #[must_use]
    pub fn rotate(self, k: u8) -> Hex {
        let mut v = self;
        for _ in 0..k % 6 {
            v = Hex::new(v.file - v.rank, v.file);
        }
        v
    }

    /// This cell turned 60 degrees counter-clockwise `k` times about `centre`.
    #[must_use]
    pub fn rotate_about(self, centre: Hex, k: u8) -> Hex {
        centre + (self - centre).rotate(k)
    }
}

impl core::ops::Add for Hex {
    type Output = Hex;
    fn add(self, o: Hex) -> Hex {
        Hex::new(self.file + o.file, self.rank + o.rank)
    }
}

impl core::ops::Sub for Hex {
    type Output = Hex;
    fn sub(self, o: Hex) -> Hex {
        Hex::new(self.file - o.file, self.rank - o.rank)
    }
}

/// The six hex directions, counter-clockwise from east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HexDir {
    /// East: file + 1.
    E,
    /// North-east: file + 1, rank + 1.
    NE,
    /// North-west: rank + 1.
    NW,
    /// West: file - 1.
    W,
    /// South-west: file - 1, rank - 1.
    SW,
    /// South-east: rank - 1.
    SE,
}

impl HexDir {
    /// All six, counter-clockwise from east.
    pub const ALL: [HexDir; 6] = [
        HexDir::E,
        HexDir::NE,
        HexDir::NW,
        HexDir::W,
        HexDir::SW,
        HexDir::SE,
    ];

    /// The step vector.
    #[must_use]
    pub const fn delta(self) -> Hex {
        match self {
            HexDir::E => Hex::new(1, 0),
            HexDir::NE => Hex::new(1, 1),
            HexDir::NW => Hex::new(0, 1),
            HexDir::W => Hex::new(-1, 0),
            HexDir::SW => Hex::new(-1, -1),
            HexDir::SE => Hex::new(0, -1),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> HexDir {
        HexDir::ALL[(self as usize + 3) % 6]
    }

    /// The name in words, for people.
    ///
    /// ```
    /// assert_eq!(boardgame_kit::HexDir::NW.long_name(), "north-west");
    /// ```
    #[must_use]
    pub const fn long_name(self) -> &'static str {
        [
            "east",
            "north-east",
            "north-west",
            "west",
            "south-west",
            "south-east",
        ][self as usize]
    }
}

/// A hexagonal board of radius `R` (side `R + 1` cells), centred on `(R, R)`.
///
/// ```
/// use boardgame_kit::{Hex, HexBoard};
/// let b = HexBoard::new(4);
/// assert_eq!(b.iter().count(), 61);
/// assert_eq!(b.parse("e5").unwrap(), Hex::new(4, 4));
/// assert_eq!(b.name(Hex::new(8, 8)).to_string(), "i9");
/// assert!(b.parse("a9").is_err()); // not on the hexagon
/// assert_eq!(b.ring(1).count(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexBoard {
    radius: i8,
}

impl HexBoard {
    /// A board of the given radius (at most 12, so names stay within `a..y`).
    #[must_use]
    pub const fn new(radius: i8) -> HexBoard {
        HexBoard {
            radius: if radius > 12 {
                12
            } else if radius < 0 {
                0
            } else {
                radius
            },
        }
    }

    /// The radius.
    #[must_use]
    pub const fn radius(self) -> i8 {
        self.radius
    }

    /// The centre cell.
    #[must_use]
    pub const fn centre(self) -> Hex {
        Hex::new(self.radius, self.radius)
    }

    /// Whether the cell is on the board.
    #[must_use]
    pub fn contains(self, c: Hex) -> bool {
        let d = 2 * self.radius;
        (0..=d).contains(&c.file)
            && (0..=d).contains(&c.rank)
            && (c.file - c.rank).abs() <= self.radius
    }

    /// All cells, rank by rank from the bottom, files left to right.
    pub fn iter(self) -> impl Iterator<Item = Hex> {
        let d = 2 * self.radius;
        (0..=d)
            .flat_map(move |r| (0..=d).map(move |f| Hex::new(f, r)))
            .filter(move |c| self.contains(*c))
    }

    /// The cells at distance `k` from the centre.
    pub fn ring(self, k: u8) -> impl Iterator<Item = Hex> {
        let c = self.centre();
        self.iter().filter(move |h| h.distance(c) == k)
    }

    /// A dense index `0..cells` of an on-board cell, rank by rank from the bottom.
    #[must_use]
    pub fn index(self, c: Hex) -> usize {
        self.iter().position(|h| h == c).unwrap_or(usize::MAX)
    }

    /// The name of a cell: file letter, 1-based rank (`e5`).
    #[must_use]
    pub fn name(self, c: Hex) -> HexName {
        HexName(c)
    }

    /// Parses a cell name (case-insensitive) and checks it is on the board.
    pub fn parse(self, s: &str) -> Result<Hex, SyntaxError> {
        let (c, n) = self.parse_prefix(s, 0)?;
        if n != s.len() {
            return Err(SyntaxError::new(s, n, "the end of the cell name"));
        }
        Ok(c)
    }

    /// Parses a cell name at the start of `s` (reporting positions from `offset`); returns the
    /// cell and the bytes used.
    pub fn parse_prefix(self, s: &str, offset: usize) -> Result<(Hex, usize), SyntaxError> {
        let (cell, n) = crate::grid::Cell::parse_prefix(s, offset)?;
        let h = Hex::new(cell.file() as i8, cell.rank() as i8);
        if self.contains(h) {
            Ok((h, n))
        } else {
            Err(SyntaxError::new(s, offset, "a cell on the hexagon"))
        }
    }
}

/// Display adaptor for a hex cell name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexName(Hex);

impl fmt::Display for HexName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.0.file as u8) as char,
            self.0.rank as i16 + 1
        )
    }
}
