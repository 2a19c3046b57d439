//! The board drawing for a person.

use crate::state::{State, ELEMENTS};
use boardgame_kit::Cell;
use core::fmt;

/// Draws the board with files along the top and bottom and ranks along both sides: blocks
/// upper-case (`W A E F`), mounds lower-case, empty cells `.`; then who is to place.
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.geo().side();
        let files = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            f.write_str("   ")?;
            for x in 0..side {
                write!(f, " {}", (b'a' + x) as char)?;
            }
            writeln!(f)
        };
        files(f)?;
        for r in (0..side).rev() {
            write!(f, "{:>3}", r + 1)?;
            for x in 0..side {
                let c = match self.piece(Cell::new(x, r)) {
                    Some(p) => p.letter(),
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f, " {}", r + 1)?;
        }
        files(f)?;
        if self.is_over() {
            write!(f, "game over: {} wins", ELEMENTS[self.current as usize & 3])
        } else {
            let p = self.current as usize & 3;
            write!(
                f,
                "{} to place, {} placement(s) left this turn",
                ELEMENTS[p], self.left
            )?;
            let out: alloc::vec::Vec<&str> = (0..4)
                .filter(|s| self.in_play & !self.active & (1 << s) != 0)
                .map(|s| ELEMENTS[s])
                .collect();
            if !out.is_empty() {
                write!(f, "; out: {}", out.join(", "))?;
            }
            Ok(())
        }
    }
}
