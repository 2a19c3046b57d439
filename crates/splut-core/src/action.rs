//! The action: one step of a piece, with at most one option (pull, throw or levitation), and
//! its notation (`e2-e3`, `e5-d5/p`, `e4-e5/w`, `d3-d4/c6`).

use crate::board::{self, cell, dir_name, square, DIRS};
use boardgame_kit::{Cell, CellNames, Dir4, SyntaxError};
use core::fmt;
use core::str::FromStr;

pub(crate) const EXTRA_PULL: u8 = 1;
pub(crate) const EXTRA_THROW: u8 = 2;
pub(crate) const EXTRA_LEV: u8 = 8;

/// One step: a piece moves from one square to a neighbouring one, with at most one option
/// (pull, throw direction or levitated Rock).
///
/// Text: `FROM-TO` with an optional suffix: `/p` (a Troll pulls the Rock behind it), `/n`,
/// `/e`, `/s`, `/w` (a Troll steps onto a Rock and throws it that way) or `/SQUARE` (a Sorcerer
/// levitates the Rock standing on that square before the step). Input is case-insensitive,
/// output lower-case. Only squares of the diamond can be written.
///
/// The order (`Ord`) is by origin square, destination square, then option, squares numbered
/// rank by rank from `e1`: the order in which the legal list is generated.
///
/// ```
/// use splut_core::{Action, ActionKind};
/// use boardgame_kit::Dir4;
/// let a: Action = "E4-E5/W".parse().unwrap();
/// assert_eq!(a.to_string(), "e4-e5/w");
/// assert_eq!(a.kind(), ActionKind::Throw(Dir4::W));
/// let l: Action = "d3-d4/c6".parse().unwrap();
/// assert_eq!(l.kind(), ActionKind::Levitate("c6".parse().unwrap()));
/// assert!("a1-a2".parse::<Action>().is_err()); // a1 is not on the diamond
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Action(u32);

/// What a step does besides moving its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A plain step (a Dwarf step that pushes is written the same way).
    Step,
    /// A Troll step pulling the Rock behind it.
    Pull,
    /// A Troll step onto a Rock, throwing it in this direction.
    Throw(Dir4),
    /// A Sorcerer step levitating the Rock that stands on this square.
    Levitate(Cell),
}

impl Action {
    #[inline(always)]
    pub(crate) const fn raw(from: u8, to: u8, extra: u8) -> Action {
        Action((from as u32) << 16 | (to as u32) << 8 | extra as u32)
    }

    /// Origin square index.
    #[inline(always)]
    pub(crate) const fn f(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// Destination square index.
    #[inline(always)]
    pub(crate) const fn t(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// The option code (0 plain, pull, throws, levitations).
    #[inline(always)]
    pub(crate) const fn x(self) -> u8 {
        self.0 as u8
    }

    /// A step from `from` to `to` with an option; `None` when a square (or the levitated
    /// Rock's square) is off the diamond.
    #[must_use]
    pub fn new(from: Cell, to: Cell, kind: ActionKind) -> Option<Action> {
        let (from, to) = (square(from)?, square(to)?);
        let extra = match kind {
            ActionKind::Step => 0,
            ActionKind::Pull => EXTRA_PULL,
            ActionKind::Throw(d) => EXTRA_THROW + board::dir_index(d) as u8,
            ActionKind::Levitate(c) => EXTRA_LEV + square(c)?,
        };
        Some(Action::raw(from, to, extra))
    }

    /// The square the piece leaves.
    #[must_use]
    pub fn from(&self) -> Cell {
        cell(self.f())
    }

    /// The square the piece enters.
    #[must_use]
    pub fn to(&self) -> Cell {
        cell(self.t())
    }

    /// The option of the step.
    #[must_use]
    pub fn kind(&self) -> ActionKind {
        match self.x() {
            0 => ActionKind::Step,
            EXTRA_PULL => ActionKind::Pull,
            e if e < EXTRA_LEV => ActionKind::Throw(DIRS[(e - EXTRA_THROW) as usize & 3]),
            e => ActionKind::Levitate(cell(e - EXTRA_LEV)),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", cell(self.f()), cell(self.t()))?;
        match self.x() {
            0 => Ok(()),
            EXTRA_PULL => f.write_str("/p"),
            e if e < EXTRA_LEV => write!(f, "/{}", dir_name((e - EXTRA_THROW) as usize)),
            e => write!(f, "/{}", cell(e - EXTRA_LEV)),
        }
    }
}

/// The squares of the diamond, for reading square names.
const SQUARES: CellNames = CellNames::diamond(9);

/// Reads a square of the diamond at byte `at` of `whole`: the square and the byte after it.
pub(crate) fn parse_square(whole: &str, at: usize) -> Result<(u8, usize), SyntaxError> {
    let (c, end) = SQUARES.read(whole, at)?;
    let sq = square(c).ok_or_else(|| SyntaxError::new(whole, at, "a square of the diamond"))?;
    Ok((sq, end))
}

impl FromStr for Action {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Action, SyntaxError> {
        let (from, n) = parse_square(s, 0)?;
        let b = s.as_bytes();
        if b.get(n) != Some(&b'-') {
            return Err(SyntaxError::new(
                s,
                n,
                "`-` and the square the piece steps to",
            ));
        }
        let (to, mut at) = parse_square(s, n + 1)?;
        let extra = match b.get(at) {
            None => 0,
            Some(b'/') => {
                at += 1;
                let square_next = b.get(at + 1).is_some_and(|d| d.is_ascii_digit());
                match b.get(at).map(|c| c.to_ascii_lowercase()) {
                    Some(c @ (b'p' | b'n' | b'e' | b's' | b'w')) if !square_next => {
                        at += 1;
                        match c {
                            b'p' => EXTRA_PULL,
                            b's' => EXTRA_THROW,
                            b'w' => EXTRA_THROW + 1,
                            b'e' => EXTRA_THROW + 2,
                            _ => EXTRA_THROW + 3,
                        }
                    }
                    Some(b'a'..=b'i') => {
                        let (q, end) = parse_square(s, at)?;
                        at = end;
                        EXTRA_LEV + q
                    }
                    _ => {
                        return Err(SyntaxError::new(
                            s,
                            at,
                            "`p` (pull), a throw direction (n, e, s, w) or the square of a \
                             levitated Rock",
                        ))
                    }
                }
            }
            Some(_) => return Err(SyntaxError::new(s, at, "`/` or the end of the action")),
        };
        if at != s.len() {
            return Err(SyntaxError::new(s, at, "the end of the action"));
        }
        Ok(Action::raw(from, to, extra))
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Action);
