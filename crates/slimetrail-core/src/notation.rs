//! Position notation: the ranks from the top, `/`-separated, then the seat to move.
//!
//! Within a rank, from file `a`: a digit `1`-`9` is that many clean cells, `x` a slimed cell,
//! `@` the snail. The start of the 7x7 game is `7/7/7/3@3/7/7/7 1`. Input is
//! case-insensitive. The seat must agree with the slime count (seat `1` moves after an even
//! number of actions), since every action slimes exactly one cell.

use crate::board::Bits;
use crate::params::Params;
use crate::state::State;
use alloc::string::String;
use boardgame_kit::{Cell, Game, PositionError, SyntaxError};
use core::fmt::Write;

pub(crate) fn write_position(s: &State) -> String {
    let b = s.board();
    let mut out = String::new();
    for rank in (0..b.size()).rev() {
        let mut run = 0;
        for file in 0..b.size() {
            let c = Cell::new(file, rank);
            let i = b.index(c);
            let ch = if c == s.snail() {
                '@'
            } else if s.slime() >> i & 1 != 0 {
                'x'
            } else {
                run += 1;
                continue;
            };
            if run > 0 {
                let _ = write!(out, "{run}");
                run = 0;
            }
            out.push(ch);
        }
        if run > 0 {
            let _ = write!(out, "{run}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let _ = write!(out, " {}", State::seat_name(s.mover()));
    out
}

pub(crate) fn read_position(params: &Params, text: &str) -> Result<State, PositionError> {
    let b = params.board();
    let n = b.size();
    let err =
        |at: usize, what: &'static str| PositionError::Syntax(SyntaxError::new(text, at, what));
    let (board_text, seat_text) = match text.split_once(' ') {
        Some(p) => p,
        None => return Err(err(text.len(), "a space and the seat to move")),
    };
    let mut slime: Bits = 0;
    let mut snail = None;
    let mut rank = n;
    let mut pos = 0usize;
    for row in board_text.split('/') {
        if rank == 0 {
            return Err(err(pos, "no more ranks: the board has this many"));
        }
        rank -= 1;
        let mut file = 0u8;
        for (k, ch) in row.char_indices() {
            let at = pos + k;
            match ch.to_ascii_lowercase() {
                d @ '1'..='9' => file += d as u8 - b'0',
                'x' | '@' if file < n => {
                    let i = b.index(Cell::new(file, rank));
                    if ch == '@' {
                        if snail.is_some() {
                            return Err(err(at, "a single snail"));
                        }
                        snail = Some(Cell::new(file, rank));
                    } else {
                        slime |= 1 << i;
                    }
                    file += 1;
                }
                'x' | '@' => return Err(err(at, "the end of the rank")),
                _ => return Err(err(at, "a digit, `x` (slime) or `@` (the snail)")),
            }
            if file > n {
                return Err(err(at, "a rank no wider than the board"));
            }
        }
        if file != n {
            return Err(err(pos + row.len(), "a rank as wide as the board"));
        }
        pos += row.len() + 1;
    }
    if rank != 0 {
        return Err(err(board_text.len(), "as many ranks as the board has"));
    }
    let snail = snail.ok_or(PositionError::invalid("there is no snail"))?;
    let state = State::from_parts(b, slime, snail)?;
    let seat_at = board_text.len() + 1;
    match seat_text {
        "1" | "2" => {
            if seat_text != State::seat_name(state.mover()) {
                return Err(PositionError::invalid(
                    "the seat to move disagrees with the slime count (seat 1 moves after an even number of actions)",
                ));
            }
        }
        _ => return Err(err(seat_at, "the seat to move, `1` or `2`")),
    }
    Ok(state)
}
