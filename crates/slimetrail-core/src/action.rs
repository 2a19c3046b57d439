//! The action: the snail's destination cell.

use boardgame_kit::Cell;
use boardgame_kit::CellNames;
use core::fmt;
use core::str::FromStr;

/// One action: the snail's destination cell (`e5`).
///
/// Reading on its own accepts the cells of the largest board (`a1` to `i9`); a state reads
/// only the cells of its own board ([`Game::parse_action`](boardgame_kit::Game::parse_action)), so an error points at the first
/// character that cannot belong to one of its cells.
///
/// ```
/// use slimetrail_core::{State, Step};
/// use boardgame_kit::Game;
/// let s: Step = "C3".parse().unwrap();
/// assert_eq!(s.to_string(), "c3");
/// assert!("c".parse::<Step>().is_err());
/// let e = State::default().parse_action("zz9").unwrap_err();
/// assert_eq!(e.to_string(), "cannot read `zz9` at byte 0: expected a file letter from a to g");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Step(pub Cell);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Step {
    type Err = boardgame_kit::SyntaxError;
    fn from_str(s: &str) -> Result<Step, Self::Err> {
        CellNames::rect(crate::board::MAX_SIZE, crate::board::MAX_SIZE)
            .parse(s)
            .map(Step)
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Step);
