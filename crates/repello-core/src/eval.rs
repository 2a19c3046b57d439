//! The evaluation search agents use beyond their horizon.
//!
//! Repello is won on points (captured tokens: black 1, silver 3, gold 5), so the terms are the
//! score so far and what the next pushes may change. For each seat:
//!
//! - **Score** (`1.0` per point): the captured tokens.
//! - **Stack** (`0.3` per token): tokens left in the stack are turns still to play and, pushed
//!   off, what an opponent takes.
//! - **Threats**: a stack on the board's edge can be pushed off by the next push: its owner
//!   loses a token and its most valuable captured token (counted at half). A neutral token on
//!   the edge next to another piece can be pushed off at once: worth half its value to the
//!   seat to act.
//!
//! Each seat's value is its strength minus the best strength among the other seats, over a
//! scale of 6 points ([`SeatValues::relative`]).

use crate::board::{cell_of, is_piece, step, BLACK, GOLD, SIDE, SILVER};
use crate::state::{StackStatus, State};
use boardgame_kit::{Cell, Game, SeatValues, ToAct, MAX_SEATS};

const STACK_TOKEN: f32 = 0.3;
const AT_RISK: f32 = 0.5;
const SCALE: f32 = 6.0;

fn on_edge(c: Cell) -> bool {
    let last = SIDE as u8 - 1;
    c.file() == 0 || c.rank() == 0 || c.file() == last || c.rank() == last
}

/// The value of a neutral token code (0 for anything else).
fn token_value(code: u8) -> f32 {
    match code {
        BLACK => 1.0,
        SILVER => 3.0,
        GOLD => 5.0,
        _ => 0.0,
    }
}

/// The position's value for every seat (see the module documentation).
///
/// ```
/// use repello_core::State;
/// use boardgame_kit::{Game, Seat};
/// let s = State::new(&Default::default());
/// assert_eq!(s.evaluate().unwrap().get(Seat::of(0)), 0.0);
/// ```
pub fn evaluate(state: &State) -> SeatValues {
    let mut strength = [0.0f32; MAX_SEATS];
    for seat in state.seats().iter() {
        let s = seat.index();
        let captured = state.captured(seat);
        let mut v = state.score(seat) as f32 + STACK_TOKEN * state.stack_count(seat) as f32;
        if let StackStatus::OnBoard(c) = state.stack_status(seat) {
            if on_edge(c) {
                let best = if captured.gold > 0 {
                    5.0
                } else if captured.silver > 0 {
                    3.0
                } else if captured.black > 0 {
                    1.0
                } else {
                    0.0
                };
                v -= AT_RISK * (1.0 + best);
            }
        }
        strength[s] = v;
    }
    if let ToAct::Seat(mover) = state.to_act() {
        let board = &state.core.board;
        for (m, &code) in board.iter().enumerate() {
            let value = token_value(code);
            if value == 0.0 || !on_edge(cell_of(m)) {
                continue;
            }
            let pushable = (0..8).any(|d| is_piece(board[step(m, d)]));
            if pushable {
                strength[mover.index()] += AT_RISK * value;
            }
        }
    }
    SeatValues::relative(state.seats(), strength, SCALE)
}
