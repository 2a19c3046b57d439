//! The action: a placement of the stack, a move of the stack or a push, and its notation
//! (`e5`, `ne`, `c3/sw`); the compact code of a push in the repetition history.

use crate::board::SIDE;
use boardgame_kit::error::mismatch;
use boardgame_kit::{Cell, CellNames, Dir8, SyntaxError};
use core::fmt;
use core::str::FromStr;

/// One action: a placement of the stack (setup, return or relocation), a move of the stack,
/// or a push.
///
/// Written as in the rules file: `e5` (place on e5), `ne` (move north-east), `c3/sw` (push the
/// piece on c3 one square south-west, away from the piece on d4). Reading is case-insensitive.
///
/// ```
/// use repello_core::Action;
/// use boardgame_kit::{Cell, Dir8};
/// assert_eq!("e5".parse::<Action>().unwrap(), Action::Place(Cell::new(4, 4)));
/// assert_eq!("NE".parse::<Action>().unwrap(), Action::Move(Dir8::NE));
/// let push: Action = "c3/sw".parse().unwrap();
/// assert_eq!(push, Action::Push(Cell::new(2, 2), Dir8::SW));
/// assert_eq!(push.to_string(), "c3/sw");
/// assert!("c3/x".parse::<Action>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Place the stack on a square: in the setup round, when it returns after being pushed
    /// off, or when it relocates because no direction is legal.
    Place(Cell),
    /// Move the stack in a direction, by the number on the first square.
    Move(Dir8),
    /// Push the piece on the cell one square in the direction (away from the piece on the
    /// opposite side).
    Push(Cell, Dir8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(c) => write!(f, "{c}"),
            Action::Move(d) => write!(f, "{d}"),
            Action::Push(c, d) => write!(f, "{c}/{d}"),
        }
    }
}

const ACTION_EXPECTED: &str =
    "an action: a cell (e5), a direction (ne) or a push (c3/sw); files go from a to m";

/// The squares of the board, for reading square names.
const SQUARES: CellNames = CellNames::rect(SIDE as u8, SIDE as u8);

/// The directions as written.
const DIRECTIONS: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];

/// Reads a direction that makes up the whole of `s[at..]`; an error points at the first byte
/// that cannot continue one.
fn direction(s: &str, at: usize) -> Result<Dir8, SyntaxError> {
    let rest = &s[at..];
    if let Ok(d) = rest.parse::<Dir8>() {
        return Ok(d);
    }
    let k = mismatch(rest, &DIRECTIONS);
    if k > 0 && rest[..k].parse::<Dir8>().is_ok() {
        Err(SyntaxError::new(s, at + k, "the end of the action"))
    } else {
        Err(SyntaxError::new(
            s,
            at + k,
            "a direction: n ne e se s sw w nw",
        ))
    }
}

impl FromStr for Action {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Action, SyntaxError> {
        let b = s.as_bytes();
        let file = b
            .first()
            .is_some_and(|c| (b'a'..=b'm').contains(&c.to_ascii_lowercase()));
        if file && b.get(1).is_some_and(u8::is_ascii_digit) {
            let (cell, n) = SQUARES.read(s, 0)?;
            if n == s.len() {
                return Ok(Action::Place(cell));
            }
            if b[n] != b'/' {
                return Err(SyntaxError::new(
                    s,
                    n,
                    "`/` and a direction, or the end of the action",
                ));
            }
            return Ok(Action::Push(cell, direction(s, n + 1)?));
        }
        if mismatch(s, &DIRECTIONS) > 0 {
            return direction(s, 0).map(Action::Move);
        }
        if file {
            return Err(SyntaxError::new(s, 1, "a rank from 1 to 13"));
        }
        Err(SyntaxError::new(s, 0, ACTION_EXPECTED))
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Action);

/// The history code of a push: mailbox index and direction.
#[inline]
pub(crate) const fn encode_push(x: usize, d: usize) -> u16 {
    ((x as u16) << 3) | d as u16
}

/// The mailbox index and direction of a push code.
#[inline]
pub(crate) const fn decode_push(code: u16) -> (usize, usize) {
    ((code >> 3) as usize, (code & 7) as usize)
}
