//! The board drawing for a person.

use crate::state::State;
use boardgame_kit::{Cell, Game, Seat, ToAct};
use core::fmt;

/// Draws the board, top rank first, with coordinates: `@` the snail, `#` slime, `1` and `2`
/// the two goal corners (when the snail is not on them), `.` a clean cell; then who is to
/// move or the result.
///
/// ```
/// use slimetrail_core::State;
/// let s = State::default();
/// let text = s.to_string();
/// assert!(text.starts_with("7 . . . . . . 2\n"));
/// assert!(text.contains("4 . . . @ . . .\n"));
/// assert!(text.contains("1 1 . . . . . .\n  a b c d e f g\n"));
/// ```
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.board();
        for rank in (0..b.size()).rev() {
            write!(f, "{:>1}", rank + 1)?;
            for file in 0..b.size() {
                let c = Cell::new(file, rank);
                let i = b.index(c);
                let ch = if c == self.snail() {
                    '@'
                } else if self.slime() >> i & 1 != 0 {
                    '#'
                } else if i == b.corner(Seat::of(0)) {
                    '1'
                } else if i == b.corner(Seat::of(1)) {
                    '2'
                } else {
                    '.'
                };
                write!(f, " {ch}")?;
            }
            writeln!(f)?;
        }
        write!(f, " ")?;
        for file in 0..b.size() {
            write!(f, " {}", (b'a' + file) as char)?;
        }
        writeln!(f)?;
        match self.to_act() {
            ToAct::Seat(s) => write!(f, "seat {} to move", State::seat_name(s)),
            _ => match self.outcome() {
                Some(o) => write!(f, "game over: seat {} wins", o.summary(State::SEAT_NAMES)),
                None => Ok(()),
            },
        }
    }
}
