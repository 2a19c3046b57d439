//! Action notation (the target cell) and position notation.
//!
//! # Position notation
//!
//! One line of five fields separated by single spaces: `BOARD SEAT LEFT STARTED OUT`.
//!
//! - `BOARD`: the ranks from the top (rank 20, or 14 in blitz) down to rank 1, separated by
//!   `/`; in each rank, from file `a`, `W A E F` for a block of water, air, earth, fire,
//!   `w a e f` for their mounds, and a number for a run of empty cells (printed maximal, so
//!   an empty rank is `20`).
//! - `SEAT`: the seat to place (`w a e f`), or `-` once the game is over.
//! - `LEFT`: placements left in the current turn (`1..=per_turn`), or `-` once over.
//! - `STARTED`: the seats that have made their first placement, in seat order (`we`), or `-`.
//! - `OUT`: the eliminated seats, in seat order, or `-`.
//!
//! The start of the default game is
//! `20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 w 7 - -`.

pub use crate::action::Place;
use crate::params::Params;
use crate::state::{Kind, Piece, State, ELEMENTS};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use boardgame_kit::grid::push_ranks;
use boardgame_kit::{Bitboard7, Cell, Game, PositionError, Seat, SyntaxError};

const LETTERS: [u8; 4] = [b'w', b'a', b'e', b'f'];

fn seats_field(mask: u8) -> String {
    if mask == 0 {
        return String::from("-");
    }
    (0..4)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s| LETTERS[s] as char)
        .collect()
}

/// Writes the position notation.
pub(crate) fn write_position(s: &State) -> String {
    let geo = s.geo();
    let side = geo.side();
    let mut out = String::with_capacity(side as usize * side as usize + 32);
    push_ranks(
        &mut out,
        (0..side)
            .rev()
            .map(|r| (0..side).map(move |f| s.piece(Cell::new(f, r)).map(|p| p.letter()))),
    );
    if s.is_over() {
        out.push_str(" - -");
    } else {
        out.push(' ');
        out.push(LETTERS[s.current as usize & 3] as char);
        out.push_str(&format!(" {}", s.left));
    }
    out.push(' ');
    out.push_str(&seats_field(s.started));
    out.push(' ');
    out.push_str(&seats_field(s.in_play & !s.active));
    out
}

fn syntax(text: &str, at: usize, expected: &'static str) -> PositionError {
    PositionError::Syntax(SyntaxError::new(text, at, expected))
}

fn invalid(why: impl Into<Cow<'static, str>>) -> PositionError {
    PositionError::invalid(why)
}

/// Reads a seats field (`-` or letters in seat order, each once) starting at byte `at`.
fn read_seats(text: &str, field: &str, at: usize) -> Result<u8, PositionError> {
    if field == "-" {
        return Ok(0);
    }
    if field.is_empty() {
        return Err(syntax(text, at, "`-` or seat letters"));
    }
    let mut mask = 0u8;
    let mut last: i32 = -1;
    for (k, b) in field.bytes().enumerate() {
        let Some(s) = LETTERS.iter().position(|l| *l == b) else {
            return Err(syntax(text, at + k, "a seat letter: w a e f"));
        };
        if s as i32 <= last {
            return Err(syntax(
                text,
                at + k,
                "seat letters in the order w a e f, each once",
            ));
        }
        last = s as i32;
        mask |= 1 << s;
    }
    Ok(mask)
}

/// Reads and validates a position.
pub(crate) fn read_position(params: &Params, text: &str) -> Result<State, PositionError> {
    let geo = params.board.geometry();
    let side = geo.side() as usize;
    let bytes = text.as_bytes();

    // Split into fields on single spaces, keeping their offsets; each field is checked when
    // its turn comes, so that an error in an earlier field is found first.
    let mut fields: alloc::vec::Vec<(usize, &str)> = alloc::vec::Vec::new();
    let mut start = 0usize;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b' ' {
            fields.push((start, &text[start..i]));
            start = i + 1;
        }
    }
    fields.push((start, &text[start..]));
    const NAMES: [&str; 5] = [
        "the board",
        "a space and the seat to place",
        "a space and the placements left",
        "a space and the seats that have started",
        "a space and the seats that are out",
    ];
    let field = |k: usize| -> Result<(usize, &str), PositionError> {
        match fields.get(k) {
            Some(&(at, "")) if k > 0 => Err(syntax(
                text,
                at,
                "a field (fields are separated by single spaces)",
            )),
            Some(&f) => Ok(f),
            None => Err(syntax(text, text.len(), NAMES[k])),
        }
    };

    // The board.
    let mut state = State::new(params);
    let board = field(0)?.1.as_bytes();
    let mut pos = 0usize;
    for r in (0..side).rev() {
        let mut f = 0usize;
        while f < side {
            let Some(&b) = board.get(pos) else {
                return Err(syntax(text, pos, "a cell, a run of empty cells or `/`"));
            };
            match b {
                b'1'..=b'9' => {
                    let mut run = 0usize;
                    let first = pos;
                    while let Some(d) = board.get(pos).filter(|d| d.is_ascii_digit()) {
                        run = run * 10 + (d - b'0') as usize;
                        if run > side - f {
                            return Err(syntax(
                                text,
                                pos,
                                if pos == first {
                                    "a run of empty cells that fits in the rank"
                                } else {
                                    "the end of the run (it would pass the end of the rank)"
                                },
                            ));
                        }
                        pos += 1;
                    }
                    f += run;
                }
                b'W' | b'A' | b'E' | b'F' | b'w' | b'a' | b'e' | b'f' => {
                    let s = LETTERS
                        .iter()
                        .position(|l| *l == b.to_ascii_lowercase())
                        .unwrap_or(0);
                    let i = geo.index(Cell::new(f as u8, r as u8));
                    if b.is_ascii_uppercase() {
                        state.blocks[s].set(i);
                    } else {
                        state.mounds[s].set(i);
                    }
                    pos += 1;
                    f += 1;
                }
                b'/' | b' ' => {
                    return Err(syntax(
                        text,
                        pos,
                        "more cells of the rank (a piece letter or a number of empty cells)",
                    ))
                }
                _ => {
                    return Err(syntax(
                        text,
                        pos,
                        "a piece letter (W A E F w a e f) or a number of empty cells",
                    ))
                }
            }
        }
        if r > 0 {
            if board.get(pos) != Some(&b'/') {
                return Err(syntax(text, pos, "`/` after a full rank"));
            }
            pos += 1;
        }
    }
    if pos != board.len() {
        return Err(syntax(text, pos, "a space after the last rank"));
    }

    // Seat, placements left, started, out.
    let (seat_at, seat_f) = field(1)?;
    let seat = match seat_f.as_bytes() {
        [b'-'] => None,
        [b, rest @ ..] => match LETTERS.iter().position(|l| l == b) {
            Some(_) if !rest.is_empty() => {
                return Err(syntax(text, seat_at + 1, "a space and the placements left"))
            }
            Some(s) => Some(s),
            None => return Err(syntax(text, seat_at, "the seat to place (w a e f) or `-`")),
        },
        [] => return Err(syntax(text, seat_at, "the seat to place (w a e f) or `-`")),
    };
    let (left_at, left_f) = field(2)?;
    let left = if left_f == "-" {
        None
    } else {
        let mut v = 0u8;
        for (k, d) in left_f.bytes().enumerate() {
            if !d.is_ascii_digit() || (k == 0 && d == b'0') || k == 2 {
                return Err(syntax(
                    text,
                    left_at + k,
                    if k == 0 {
                        "the number of placements left or `-`"
                    } else {
                        "a space and the seats that have started"
                    },
                ));
            }
            v = v * 10 + (d - b'0');
        }
        Some(v)
    };
    let (started_at, started_f) = field(3)?;
    let started = read_seats(text, started_f, started_at)?;
    let (out_at, out_f) = field(4)?;
    let out = read_seats(text, out_f, out_at)?;
    if let Some(&(extra, _)) = fields.get(5) {
        return Err(syntax(
            text,
            extra - 1,
            "the end of the position after five fields",
        ));
    }

    // Validation.
    let in_play = state.in_play;
    for (s, name) in ELEMENTS.iter().enumerate() {
        let has_pieces = !(state.blocks[s] | state.mounds[s]).is_empty();
        if in_play & (1 << s) == 0 {
            if has_pieces {
                return Err(invalid(format!(
                    "{name} is not in play but has pieces on the board"
                )));
            }
            if (started | out) & (1 << s) != 0 {
                return Err(invalid(format!("{name} is not in play")));
            }
            continue;
        }
        if started & (1 << s) == 0 && has_pieces {
            return Err(invalid(format!(
                "{name} has pieces but has not made its first placement"
            )));
        }
        if out & (1 << s) == 0 && started & (1 << s) != 0 && state.blocks[s].is_empty() {
            return Err(invalid(format!(
                "{name} has started and has no block left, so it cannot still be in the game"
            )));
        }
    }
    let active = in_play & !out;
    if active == 0 {
        return Err(invalid("every seat is eliminated"));
    }
    state.started = started;
    state.active = active;
    for s in 0..4 {
        state.recompute_live(s);
    }
    state.key = state.board_key_from_scratch();
    match (seat, left) {
        (None, None) => {
            if active.count_ones() != 1 {
                return Err(invalid(
                    "the game is marked over but more than one player is left",
                ));
            }
            state.current = active.trailing_zeros() as u8;
            state.left = 0;
            state.moves = Bitboard7::EMPTY;
        }
        (Some(s), Some(l)) => {
            if active.count_ones() == 1 {
                return Err(invalid(
                    "one player is left, so the game is over (write `- -`)",
                ));
            }
            if active & (1 << s) == 0 {
                return Err(invalid(format!(
                    "{} is to place but is not in the game",
                    ELEMENTS[s]
                )));
            }
            if l == 0 || l > params.per_turn {
                return Err(invalid(format!(
                    "placements left must be from 1 to {}",
                    params.per_turn
                )));
            }
            if started & (1 << s) == 0 && l != params.per_turn {
                return Err(invalid(format!(
                    "{} has not started, so its first placement opens its turn with {} left",
                    ELEMENTS[s], params.per_turn
                )));
            }
            state.current = s as u8;
            state.left = l;
            state.moves = state.legal_set(s);
            if state.moves.is_empty() {
                return Err(invalid(format!(
                    "{} is to place but has no legal placement (it would have been eliminated)",
                    ELEMENTS[s]
                )));
            }
        }
        _ => {
            return Err(invalid(
                "the seat and the placements left must both be `-` (game over) or neither",
            ))
        }
    }
    Ok(state)
}

/// Builds a position from a list of pieces (for tests, puzzles and tools): every seat that owns
/// a piece counts as started, nobody is out, `seat` is to place with `left` placements left.
///
/// ```
/// use boardgame_kit::{Cell, Game, Seat};
/// use elements_core::{setup, Kind, Params, Piece};
/// let w = Piece { seat: Seat::of(0), kind: Kind::Block };
/// let e = Piece { seat: Seat::of(2), kind: Kind::Block };
/// let s = setup(&Params::default(), &[("e10", w), ("t1", e)], Seat::of(0), 7).unwrap();
/// assert_eq!(s.count_legal(), 8);
/// ```
pub fn setup(
    params: &Params,
    pieces: &[(&str, Piece)],
    seat: Seat,
    left: u8,
) -> Result<State, PositionError> {
    let geo = params.board.geometry();
    let mut s = State::new(params);
    let mut started = 0u8;
    for (name, piece) in pieces {
        let cell = geo.grid().parse_cell(name)?;
        let i = geo.index(cell);
        let o = piece.seat.index() & 3;
        for q in 0..4 {
            s.blocks[q].clear(i);
            s.mounds[q].clear(i);
        }
        match piece.kind {
            Kind::Block => s.blocks[o].set(i),
            Kind::Mound => s.mounds[o].set(i),
        }
        started |= 1 << o;
    }
    s.started = started;
    s.current = (seat.index() & 3) as u8;
    s.left = left;
    read_position(params, &write_position(&s))
}
