//! The action: a player's decision or a die value, and its notation (`f9-g9`, `+g9`, `4`,
//! `attack/3`).

use crate::board::{Cell, BOARD};
use boardgame_kit::error::mismatch;
use boardgame_kit::{CellNames, Hex, Seat, SyntaxError};
use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

/// One action: a player's decision or a die value.
///
/// The same text means different things in different states (a cell alone is a roll, a chosen
/// cell or a home cell): it is read context-free into one action and the state interprets it.
///
/// ```
/// use arandia_core::{Action, Cell};
/// let a: Action = "f9-g9".parse().unwrap();
/// assert_eq!(a, Action::Move("f9".parse().unwrap(), "g9".parse().unwrap()));
/// assert_eq!("+G9".parse::<Action>().unwrap().to_string(), "+g9");
/// assert_eq!("4".parse::<Action>().unwrap(), Action::Die(4));
/// assert_eq!("attack/3".parse::<Action>().unwrap().to_string(), "attack/3");
/// assert!("7".parse::<Action>().is_err());
/// assert!("a9".parse::<Action>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A die value `1..=6` at a chance node.
    Die(u8),
    /// Attack a ship of this seat on the arrival cell.
    Attack(Seat),
    /// Decline to attack.
    Decline,
    /// Re-enter a sunk ship on this home harbour cell.
    Enter(Cell),
    /// A cell alone: roll for a ship on it, or the chosen cell after a doubled roll, or the home
    /// cell after a wreck.
    At(Cell),
    /// A harbour shuffle or an island move of a ship from the first cell to the second.
    Move(Cell, Cell),
}

impl Action {
    /// A key whose order is the order of the legal lists: within each kind of decision it is
    /// the order of the texts.
    fn key(self) -> u16 {
        match self {
            Action::Enter(c) => 0x100 + c.raw() as u16,
            Action::Die(n) => 0x200 + n as u16,
            Action::Attack(s) => 0x300 + s.index() as u16,
            Action::Decline => 0x3FF,
            Action::At(c) => 0x1000 + c.raw() as u16 * 64,
            Action::Move(c, t) => 0x1000 + c.raw() as u16 * 64 + 1 + t.raw() as u16,
        }
    }
}

impl Ord for Action {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Action {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Die(n) => write!(f, "{n}"),
            Action::Attack(s) => write!(f, "attack/{}", s.index()),
            Action::Decline => f.write_str("decline"),
            Action::Enter(c) => write!(f, "+{c}"),
            Action::At(c) => write!(f, "{c}"),
            Action::Move(a, b) => write!(f, "{a}-{b}"),
        }
    }
}

/// The cells of the hexagon, for reading cell names.
const NAMES: CellNames = CellNames::hex(BOARD.radius() as u8);

/// Reads a cell name at byte `at` of `s`: the cell and the byte after it.
pub(crate) fn cell_prefix(s: &str, at: usize) -> Result<(Cell, usize), SyntaxError> {
    let (c, end) = NAMES.read(s, at)?;
    Cell::from_hex(Hex::new(c.file() as i8, c.rank() as i8))
        .map(|cell| (cell, end))
        .ok_or_else(|| SyntaxError::new(s, at, "a cell on the hexagon"))
}

/// The words an action can be besides cells and die values.
const WORDS: [&str; 2] = ["decline", "attack/"];

impl FromStr for Action {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Action, SyntaxError> {
        let b = s.as_bytes();
        if s.eq_ignore_ascii_case("decline") {
            return Ok(Action::Decline);
        }
        if b.len() >= 7 && b[..7].eq_ignore_ascii_case(b"attack/") {
            return match &b[7..] {
                [d @ b'0'..=b'5'] => Ok(Action::Attack(Seat::of((d - b'0') as usize))),
                [b'0'..=b'5', ..] => Err(SyntaxError::new(s, 8, "the end of the action")),
                _ => Err(SyntaxError::new(s, 7, "a seat from 0 to 5")),
            };
        }
        match b.first() {
            Some(b'0'..=b'9') => {
                return match b {
                    [b'1'..=b'6'] => Ok(Action::Die(b[0] - b'0')),
                    [b'1'..=b'6', ..] => Err(SyntaxError::new(s, 1, "the end of the die value")),
                    _ => Err(SyntaxError::new(s, 0, "a die value from 1 to 6")),
                };
            }
            Some(b'+') => {
                let (c, n) = cell_prefix(s, 1)?;
                if n != b.len() {
                    return Err(SyntaxError::new(s, n, "the end of the action"));
                }
                return Ok(Action::Enter(c));
            }
            _ => {}
        }
        // A cell, unless the text goes further along `decline` or `attack/` than along a cell
        // name: the error is where the longest reading stops.
        let word = mismatch(s, &WORDS);
        let cell = cell_prefix(s, 0).map_err(|e| {
            if word > e.at {
                let what = if s[..word].eq_ignore_ascii_case(&"decline"[..word]) {
                    "the rest of `decline`"
                } else {
                    "the rest of `attack/` and a seat"
                };
                SyntaxError::new(s, word, what)
            } else if e.at == 0 {
                SyntaxError::new(
                    s,
                    0,
                    "a cell (file a to i), `+`, a die value, `attack/` or `decline`",
                )
            } else {
                e
            }
        });
        let (c, n) = cell?;
        if n == b.len() {
            return Ok(Action::At(c));
        }
        if b[n] != b'-' {
            return Err(SyntaxError::new(s, n, "`-` or the end of the action"));
        }
        let (t, m) = cell_prefix(s, n + 1)?;
        if m != b.len() {
            return Err(SyntaxError::new(s, m, "the end of the action"));
        }
        Ok(Action::Move(c, t))
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Action);
