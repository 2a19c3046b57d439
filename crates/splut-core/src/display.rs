//! The board drawing for a person.

use crate::board::{on_board, SQ_OF_CELL};
use crate::state::{idx_of, kind_of, State, Status, EMPTY, ROCK, SORCERER, TROLL};
use crate::SEAT_NAMES;
use core::fmt;

/// Team colour letters by seat: red, yellow, green, blue.
pub const COLOURS: [char; 4] = ['r', 'y', 'g', 'b'];
const COLOUR_NAMES: [&str; 4] = ["red", "yellow", "green", "blue"];

/// Draws the diamond, rank 9 at the top: `rS`, `yT`, `gD`... for the pieces (colour letter,
/// then Sorcerer, Troll or Dwarf), `O0`..`O3` for the Rocks (with their ids), `.` for empty
/// squares; then whose turn it is and the steps left.
///
/// ```
/// use boardgame_kit::Game;
/// let s = splut_core::State::new(&Default::default());
/// let text = s.to_string();
/// assert!(text.contains("rS rD rT"));
/// assert!(text.contains("to move: s (red), turn 1, 1 step left"));
/// ```
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..9i32).rev() {
            write!(f, "{} ", rank + 1)?;
            let mut line = alloc::string::String::new();
            for file in 0..9i32 {
                if !on_board(file, rank) {
                    line.push_str("   ");
                    continue;
                }
                let sq = SQ_OF_CELL[(rank * 9 + file) as usize];
                let c = self.board[sq as usize];
                if c == EMPTY {
                    line.push_str(" . ");
                } else {
                    let i = idx_of(c) as usize;
                    match kind_of(c) {
                        ROCK => {
                            line.push('O');
                            line.push((b'0' + i as u8) as char);
                        }
                        k => {
                            line.push(COLOURS[i]);
                            line.push(match k {
                                SORCERER => 'S',
                                TROLL => 'T',
                                _ => 'D',
                            });
                        }
                    }
                    line.push(' ');
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        writeln!(f, "   a  b  c  d  e  f  g  h  i")?;
        match self.status {
            Status::Playing => {
                let s = self.to_move as usize & 3;
                let n = self.steps_left;
                write!(
                    f,
                    "to move: {} ({}), turn {}, {} step{} left",
                    SEAT_NAMES[s],
                    COLOUR_NAMES[s],
                    self.turn,
                    n,
                    if n == 1 { "" } else { "s" }
                )
            }
            Status::Won(w) => write!(
                f,
                "over: {} ({}) wins",
                SEAT_NAMES[w as usize & 3],
                COLOUR_NAMES[w as usize & 3]
            ),
            Status::Draw => write!(f, "over: draw"),
        }
    }
}
