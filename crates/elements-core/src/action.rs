//! The action: a placement on a cell.

use boardgame_kit::{Cell, CellNames, SyntaxError};
use core::fmt;
use core::str::FromStr;

/// One action: a placement on a cell (a block on an empty cell, or eating an enemy block).
///
/// Written as the cell name (`e5`, `t20`); reading is case-insensitive. `Ord` is rank first,
/// then file: the order of the board's bit indices, so generation comes out sorted. On its
/// own a placement reads any cell of the full board (`a1` to `t20`); a state reads only the
/// cells of its own board ([`Game::parse_action`](boardgame_kit::Game::parse_action): `o1` is refused at its `o` in blitz), and a
/// placement built off the board is refused as illegal.
///
/// ```
/// use elements_core::Place;
/// let p: Place = "E5".parse().unwrap();
/// assert_eq!(p.to_string(), "e5");
/// assert!("t20".parse::<Place>().unwrap() > "a20".parse::<Place>().unwrap());
/// assert!("a2".parse::<Place>().unwrap() > "t1".parse::<Place>().unwrap());
/// assert!("e".parse::<Place>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place(Cell);

impl Place {
    /// The placement on a cell.
    #[must_use]
    pub const fn new(cell: Cell) -> Place {
        Place(cell)
    }

    /// The target cell.
    #[must_use]
    pub const fn cell(self) -> Cell {
        self.0
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The names of the cells of the full 20x20 board.
const FULL: CellNames = CellNames::rect(20, 20);

impl FromStr for Place {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Place, SyntaxError> {
        FULL.parse(s).map(Place)
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Place);
