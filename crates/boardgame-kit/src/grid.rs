//! Square-grid geometry: cells with their names (`e5`, `t20`), boards up to 26x26 (the games use
//! at most 20x20), the 4 and 8 directions, and the board field of the position notations
//! ([`push_ranks`]).

use crate::error::SyntaxError;
use core::fmt;
use core::str::FromStr;

/// A cell of a square grid: 0-based file (column from the left) and rank (row from the bottom).
///
/// Written as the file letter and the 1-based rank, `e5`; parsing is case-insensitive, printing
/// lower-case.
///
/// ```
/// use boardgame_kit::Cell;
/// let c: Cell = "E5".parse().unwrap();
/// assert_eq!((c.file(), c.rank()), (4, 4));
/// assert_eq!(c.to_string(), "e5");
/// assert_eq!(Cell::new(19, 19).to_string(), "t20");
/// assert!("e0".parse::<Cell>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    rank: u8,
    file: u8,
}

/// The largest number of files or ranks a [`Cell`] name can express here.
pub const MAX_SIDE: u8 = 26;

impl Cell {
    /// The cell on 0-based `file` and `rank` (each below [`MAX_SIDE`]).
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Cell {
        Cell { rank, file }
    }

    /// 0-based file (column from the left).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.file
    }

    /// 0-based rank (row from the bottom).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The cell `df` files and `dr` ranks away, if both stay in `0..MAX_SIDE`.
    #[must_use]
    pub fn offset(self, df: i8, dr: i8) -> Option<Cell> {
        let f = self.file as i16 + df as i16;
        let r = self.rank as i16 + dr as i16;
        if (0..MAX_SIDE as i16).contains(&f) && (0..MAX_SIDE as i16).contains(&r) {
            Some(Cell::new(f as u8, r as u8))
        } else {
            None
        }
    }

    /// The neighbour in a direction (not checked against any board).
    #[must_use]
    pub fn step(self, dir: Dir8) -> Option<Cell> {
        let (df, dr) = dir.delta();
        self.offset(df, dr)
    }

    /// Parses a cell name at the start of `s`; returns the cell and the number of bytes used.
    /// The rank is the longest run of digits (`a10` is file a, rank 10).
    ///
    /// ```
    /// use boardgame_kit::Cell;
    /// assert_eq!(Cell::parse_prefix("c11/sw", 0).unwrap(), (Cell::new(2, 10), 3));
    /// ```
    pub fn parse_prefix(s: &str, offset: usize) -> Result<(Cell, usize), SyntaxError> {
        let b = s.as_bytes();
        let file = match b.first() {
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_lowercase() - b'a',
            _ => return Err(SyntaxError::new(s, offset, "a file letter")),
        };
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return Err(SyntaxError::new(s, offset + 1, "a rank number"));
        }
        if digits > 2 || b[1] == b'0' {
            return Err(SyntaxError::new(s, offset + 1, "a rank from 1 to 26"));
        }
        let rank: u32 = s[1..1 + digits].parse().unwrap_or(0);
        if rank == 0 || rank > MAX_SIDE as u32 {
            return Err(SyntaxError::new(s, offset + 1, "a rank from 1 to 26"));
        }
        Ok((Cell::new(file, rank as u8 - 1), 1 + digits))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u16 + 1)
    }
}

impl FromStr for Cell {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Cell, SyntaxError> {
        let (c, n) = Cell::parse_prefix(s, 0)?;
        if n != s.len() {
            return Err(SyntaxError::new(s, n, "the end of the cell name"));
        }
        Ok(c)
    }
}

/// A rectangular board of `width` x `height` cells (each at most [`MAX_SIDE`]), and its mapping
/// between cells and bit indices in a padded layout: index = rank * (width + 1) + file. The spare
/// column keeps horizontal bit shifts from wrapping onto the next rank (see [`crate::Bitboard`]).
///
/// ```
/// use boardgame_kit::{Cell, SquareGrid};
/// let g = SquareGrid::new(7, 7);
/// assert!(g.contains(Cell::new(6, 6)));
/// assert!(!g.contains(Cell::new(7, 0)));
/// assert_eq!(g.cell(g.index(Cell::new(3, 3))), Cell::new(3, 3));
/// assert_eq!(g.parse_cell("g7").unwrap(), Cell::new(6, 6));
/// assert!(g.parse_cell("h1").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareGrid {
    width: u8,
    height: u8,
}

impl SquareGrid {
    /// A grid; `width` and `height` are clamped to `1..=MAX_SIDE`.
    #[must_use]
    pub const fn new(width: u8, height: u8) -> SquareGrid {
        let w = if width == 0 {
            1
        } else if width > MAX_SIDE {
            MAX_SIDE
        } else {
            width
        };
        let h = if height == 0 {
            1
        } else if height > MAX_SIDE {
            MAX_SIDE
        } else {
            height
        };
        SquareGrid {
            width: w,
            height: h,
        }
    }

    /// Number of files.
    #[must_use]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    #[must_use]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Distance in bits between vertically adjacent cells (`width + 1`).
    #[must_use]
    pub const fn stride(self) -> usize {
        self.width as usize + 1
    }

    /// Number of bits the padded layout spans.
    #[must_use]
    pub const fn bits(self) -> usize {
        self.stride() * self.height as usize
    }

    /// Number of cells.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether the cell lies on the board.
    #[must_use]
    pub const fn contains(self, c: Cell) -> bool {
        c.file < self.width && c.rank < self.height
    }

    /// The cell's bit index (the cell must be on the board).
    #[must_use]
    pub const fn index(self, c: Cell) -> usize {
        c.rank as usize * self.stride() + c.file as usize
    }

    /// The cell at a bit index of an on-board cell.
    #[must_use]
    pub const fn cell(self, index: usize) -> Cell {
        Cell::new((index % self.stride()) as u8, (index / self.stride()) as u8)
    }

    /// All cells, rank by rank from `a1`.
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let w = self.width;
        (0..self.height).flat_map(move |r| (0..w).map(move |f| Cell::new(f, r)))
    }

    /// The neighbour of `c` in direction `d`, if on the board.
    #[must_use]
    pub fn step(self, c: Cell, d: Dir8) -> Option<Cell> {
        c.step(d).filter(|n| self.contains(*n))
    }

    /// Parses a cell name and checks it lies on this board.
    pub fn parse_cell(self, s: &str) -> Result<Cell, SyntaxError> {
        let c: Cell = s.parse()?;
        if self.contains(c) {
            Ok(c)
        } else {
            Err(SyntaxError::new(s, 0, "a cell on the board"))
        }
    }
}

/// One of the eight directions, in the order `n ne e se s sw w nw`.
///
/// ```
/// use boardgame_kit::Dir8;
/// assert_eq!(Dir8::NE.delta(), (1, 1));
/// assert_eq!(Dir8::NE.opposite(), Dir8::SW);
/// assert_eq!("se".parse::<Dir8>().unwrap(), Dir8::SE);
/// assert_eq!(Dir8::W.to_string(), "w");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir8 {
    /// North (rank + 1).
    N,
    /// North-east.
    NE,
    /// East (file + 1).
    E,
    /// South-east.
    SE,
    /// South (rank - 1).
    S,
    /// South-west.
    SW,
    /// West (file - 1).
    W,
    /// North-west.
    NW,
}

impl Dir8 {
    /// All eight, clockwise from north.
    pub const ALL: [Dir8; 8] = [
        Dir8::N,
        Dir8::NE,
        Dir8::E,
        Dir8::SE,
        Dir8::S,
        Dir8::SW,
        Dir8::W,
        Dir8::NW,
    ];

    /// (file, rank) step.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir8::N => (0, 1),
            Dir8::NE => (1, 1),
            Dir8::E => (1, 0),
            Dir8::SE => (1, -1),
            Dir8::S => (0, -1),
            Dir8::SW => (-1, -1),
            Dir8::W => (-1, 0),
            Dir8::NW => (-1, 1),
        }
    }

    /// The direction with this (file, rank) step, each in `-1..=1`, not both 0.
    #[must_use]
    pub fn from_delta(df: i8, dr: i8) -> Option<Dir8> {
        Dir8::ALL.into_iter().find(|d| d.delta() == (df, dr))
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Dir8 {
        Dir8::ALL[(self as usize + 4) % 8]
    }

    /// Whether the direction is orthogonal.
    #[must_use]
    pub const fn is_orthogonal(self) -> bool {
        (self as usize).is_multiple_of(2)
    }

    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        ["n", "ne", "e", "se", "s", "sw", "w", "nw"][self as usize]
    }

    /// The name in words, for people.
    ///
    /// ```
    /// assert_eq!(boardgame_kit::Dir8::SW.long_name(), "south-west");
    /// ```
    #[must_use]
    pub const fn long_name(self) -> &'static str {
        [
            "north",
            "north-east",
            "east",
            "south-east",
            "south",
            "south-west",
            "west",
            "north-west",
        ][self as usize]
    }
}

/// `Display` and `FromStr` for a direction type: it prints as its short name, and reads from
/// it in any case (`expected` is the error's "expected" text).
macro_rules! direction_text {
    ($Dir:ident, $expected:literal) => {
        impl fmt::Display for $Dir {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $Dir {
            type Err = SyntaxError;
            fn from_str(s: &str) -> Result<$Dir, SyntaxError> {
                let l = s.to_ascii_lowercase();
                $Dir::ALL
                    .into_iter()
                    .find(|d| d.name() == l)
                    .ok_or_else(|| SyntaxError::new(s, 0, $expected))
            }
        }
    };
}

direction_text!(Dir8, "a direction: n ne e se s sw w nw");

/// One of the four orthogonal directions, in the order `n e s w`.
///
/// ```
/// use boardgame_kit::{Dir4, Dir8};
/// assert_eq!(Dir4::W.delta(), (-1, 0));
/// assert_eq!(Dir4::N.opposite(), Dir4::S);
/// assert_eq!(Dir8::from(Dir4::E), Dir8::E);
/// assert_eq!("S".parse::<Dir4>().unwrap(), Dir4::S);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir4 {
    /// North (rank + 1).
    N,
    /// East (file + 1).
    E,
    /// South (rank - 1).
    S,
    /// West (file - 1).
    W,
}

impl Dir4 {
    /// All four, clockwise from north.
    pub const ALL: [Dir4; 4] = [Dir4::N, Dir4::E, Dir4::S, Dir4::W];

    /// (file, rank) step.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir4::N => (0, 1),
            Dir4::E => (1, 0),
            Dir4::S => (0, -1),
            Dir4::W => (-1, 0),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Dir4 {
        Dir4::ALL[(self as usize + 2) % 4]
    }

    /// The direction with this (file, rank) step.
    #[must_use]
    pub fn from_delta(df: i8, dr: i8) -> Option<Dir4> {
        Dir4::ALL.into_iter().find(|d| d.delta() == (df, dr))
    }

    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        ["n", "e", "s", "w"][self as usize]
    }
}

impl From<Dir4> for Dir8 {
    fn from(d: Dir4) -> Dir8 {
        Dir8::ALL[d as usize * 2]
    }
}

direction_text!(Dir4, "a direction: n e s w");

#[cfg(feature = "serde")]
crate::impl_serde_text!(Cell);
#[cfg(feature = "serde")]
crate::impl_serde_text!(Dir8);
#[cfg(feature = "serde")]
crate::impl_serde_text!(Dir4);

/// Writes a board as the position notations of the square-board games write it: the ranks in
/// the order given (the top rank first), joined by `/`; in each rank, every run of empty cells
/// (`None`) as its length and every other cell as its letter.
///
/// ```
/// use boardgame_kit::grid::push_ranks;
/// let mut text = String::new();
/// push_ranks(&mut text, [[None, None, Some('W')], [None; 3], [Some('x'), None, Some('@')]]);
/// assert_eq!(text, "2W/3/x1@");
/// ```
pub fn push_ranks<R, C>(out: &mut alloc::string::String, ranks: R)
where
    R: IntoIterator<Item = C>,
    C: IntoIterator<Item = Option<char>>,
{
    for (k, rank) in ranks.into_iter().enumerate() {
        if k > 0 {
            out.push('/');
        }
        let mut run = 0u32;
        for cell in rank {
            match cell {
                None => run += 1,
                Some(letter) => {
                    if run > 0 {
                        push_count(out, run);
                        run = 0;
                    }
                    out.push(letter);
                }
            }
        }
        if run > 0 {
            push_count(out, run);
        }
    }
}

/// Writes a count in decimal without a formatting machine.
fn push_count(out: &mut alloc::string::String, n: u32) {
    if n >= 10 {
        push_count(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}
