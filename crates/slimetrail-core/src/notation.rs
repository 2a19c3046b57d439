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
use boardgame_kit::grid::push_ranks;
use boardgame_kit::{Cell, Game, PositionError, SyntaxError};
use core::fmt::Write;

pub(crate) fn write_position(s: &State) -> String {
    let b = s.board();
    let mut out = String::new();
    push_ranks(
        &mut out,
        (0..b.size()).rev().map(|rank| {
            (0..b.size()).map(move |file| {
                let c = Cell::new(file, rank);
                if c == s.snail() {
                    Some('@')
                } else if s.slime() >> b.index(c) & 1 != 0 {
                    Some('x')
                } else {
                    None
                }
            })
        }),
    );
    let _ = write!(out, " {}", State::seat_name(s.mover()));
    out
}

pub(crate) fn read_position(params: &Params, text: &str) -> Result<State, PositionError> {
    let b = params.board();
    let n = b.size();
    let err = |at: usize, what: String| PositionError::Syntax(SyntaxError::new(text, at, what));
    // What may come where a rank is complete: `/` before the next rank, a space after the last.
    let after_rank = |rank: u8| {
        if rank == 0 {
            alloc::format!("a space and the seat to move (the board is {n}x{n})")
        } else {
            alloc::format!("`/` and the next rank (the board is {n}x{n})")
        }
    };
    let mut slime: Bits = 0;
    let mut snail = None;
    let (mut rank, mut file) = (n - 1, 0u8);
    let mut at = 0usize;
    let bytes = text.as_bytes();
    while let Some(&ch) = bytes.get(at) {
        match ch.to_ascii_lowercase() {
            b' ' | b'/' if file < n => {
                return Err(err(
                    at,
                    alloc::format!("more cells of the rank (the board is {n}x{n})"),
                ))
            }
            b' ' if rank > 0 => return Err(err(at, after_rank(rank))),
            b' ' => break,
            b'/' if rank == 0 => return Err(err(at, after_rank(0))),
            b'/' => {
                rank -= 1;
                file = 0;
            }
            d @ b'1'..=b'9' if file + (d - b'0') <= n => file += d - b'0',
            c @ (b'x' | b'@') if file < n => {
                let cell = Cell::new(file, rank);
                if c == b'@' {
                    if snail.is_some() {
                        return Err(err(at, String::from("a single snail")));
                    }
                    snail = Some(cell);
                } else {
                    slime |= 1 << b.index(cell);
                }
                file += 1;
            }
            _ if file == n => return Err(err(at, after_rank(rank))),
            _ => {
                return Err(err(
                    at,
                    alloc::format!(
                        "a count of clean cells from 1 to {}, `x` (slime) or `@` (the snail)",
                        n - file
                    ),
                ))
            }
        }
        at += 1;
    }
    if at == text.len() {
        return Err(err(
            at,
            if file < n {
                alloc::format!("more cells of the rank (the board is {n}x{n})")
            } else {
                after_rank(rank)
            },
        ));
    }
    let snail = snail.ok_or(PositionError::invalid("there is no snail"))?;
    let state = State::from_parts(b, slime, snail)?;
    let seat_at = at + 1;
    let seat_text = &text[seat_at..];
    match seat_text.as_bytes() {
        [b'1' | b'2'] => {
            if seat_text != State::seat_name(state.mover()) {
                return Err(PositionError::invalid(
                    "the seat to move disagrees with the slime count (seat 1 moves after an even number of actions)",
                ));
            }
        }
        [b'1' | b'2', ..] => return Err(err(seat_at + 1, String::from("the end of the position"))),
        _ => return Err(err(seat_at, String::from("the seat to move, `1` or `2`"))),
    }
    Ok(state)
}
