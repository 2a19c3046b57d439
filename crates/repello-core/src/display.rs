//! The board drawing for a person.

use crate::board::{mb, BLACK, GOLD, SIDE, SILVER, STACK0};
use crate::state::{Phase, StackStatus, State};
use boardgame_kit::{Game, Seat};
use core::fmt;

/// Draws the board: each square shows its number and its piece (`b` black, `s` silver, `g`
/// gold, `A`..`D` the stacks of seats 1..4 with their token counts, `.` empty; start-area
/// squares are marked `:`), then each seat's stack, captured tokens and score, and who acts.
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("    ")?;
        for file in 0..SIDE {
            write!(f, "  {}   ", (b'a' + file as u8) as char)?;
        }
        f.write_str("\n")?;
        for r in (0..SIDE).rev() {
            write!(f, "{:>3} ", r + 1)?;
            for file in 0..SIDE {
                let m = mb(file, r);
                let n = self.nums[m];
                let start = (4..=8).contains(&file) && (4..=8).contains(&r);
                let mark = if start { ':' } else { ' ' };
                let p = self.core.board[m];
                match p {
                    BLACK => write!(f, "{n}{mark}b   ")?,
                    SILVER => write!(f, "{n}{mark}s   ")?,
                    GOLD => write!(f, "{n}{mark}g   ")?,
                    p if (STACK0..STACK0 + 4).contains(&p) => {
                        let s = (p - STACK0) as usize;
                        write!(
                            f,
                            "{n}{mark}{}{:<2} ",
                            (b'A' + s as u8) as char,
                            self.core.count[s]
                        )?
                    }
                    _ => write!(f, "{n}{mark}.   ")?,
                }
            }
            writeln!(f, "{:>3}", r + 1)?;
        }
        f.write_str("    ")?;
        for file in 0..SIDE {
            write!(f, "  {}   ", (b'a' + file as u8) as char)?;
        }
        f.write_str("\n")?;
        for s in 0..self.players() {
            let seat = Seat::of(s);
            let letter = (b'A' + s as u8) as char;
            let where_ = match self.stack_status(seat) {
                StackStatus::Unplaced => alloc::string::String::from("not placed yet"),
                StackStatus::OnBoard(c) => alloc::format!("on {c}"),
                StackStatus::Off => {
                    alloc::string::String::from("off the board (returns next turn)")
                }
                StackStatus::Finished => alloc::string::String::from("finished"),
            };
            let cap = self.captured(seat);
            writeln!(
                f,
                "seat {} ({letter}): stack {} tokens, {where_}; captured {} gold, {} silver, {} black; score {}",
                s + 1,
                self.stack_count(seat),
                cap.gold,
                cap.silver,
                cap.black,
                cap.score()
            )?;
        }
        let who = self.core.seat + 1;
        match self.phase() {
            Phase::Setup => write!(f, "setup round: seat {who} places its stack"),
            Phase::Turn => write!(f, "seat {who} to play"),
            Phase::Repulsion => write!(
                f,
                "seat {who} must push ({} pushes since the move or last capture)",
                self.hist.pushes.len()
            ),
            Phase::Over => match self.outcome() {
                Some(o) => write!(f, "game over: {}", o.summary(State::SEAT_NAMES)),
                None => write!(f, "game over"),
            },
        }
    }
}
