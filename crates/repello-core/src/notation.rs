//! The action notation of the rules file (`e5`, `ne`, `c3/sw`) and the position notation.
//!
//! # Position notation
//!
//! One line of four (or five) fields separated by single spaces:
//!
//! `BOARD SEATS MODE [PUSHES]`
//!
//! - `BOARD`: the ranks from 13 down to 1, separated by `/`, each rank from file `a` to `m`:
//!   `b` a black token, `s` silver, `g` gold, `A` `B` `C` `D` the stacks of seats 1 to 4, and
//!   a number (1..=13) for a run of empty squares. Every rank covers 13 squares.
//! - `SEATS`: one entry per seat in seat order, joined by `,`: the number of tokens in the
//!   seat's stack, then the seat's captured tokens as letters, most valuable first (`g`, `s`,
//!   `b`; a token taken from a stack counts as `b`). `12gsb` is a stack of 12 tokens and a
//!   gold, a silver and a black captured. A stack that is not on the board is waiting to be
//!   placed (setup round), waiting to return (pushed off, tokens left) or finished (no token).
//! - `MODE`: `place:K` (setup round: seat K places its stack), `turn:K` (seat K's turn begins:
//!   it moves, returns its stack or relocates), `push:K` (seat K's repulsion phase), or
//!   `over`.
//! - `PUSHES` (only with `push:K`): the pushes of the current repulsion phase since its move
//!   or placement, or since its last capture if one happened, in order, joined by `,` (`-`
//!   for none). They rebuild the arrangements the repetition rule compares against: the
//!   current arrangement and each one before it back to the move or the last capture (earlier
//!   arrangements hold more pieces, so no push can recreate them).
//!
//! The start with the default parameters:
//! `13/6b6/2s7s2/13/13/13/1b4g4b1/13/13/13/2s7s2/6b6/13 15,15 place:1`

use crate::action::{decode_push, Action};
use crate::board::{
    cell_of, dir_index, is_piece, mb, mb_of, step, zkey, Bb, BLACK, CELLS, EMPTY_BOARD, GOLD, OFF,
    SIDE, SILVER, STACK0,
};
use crate::state::{Core, Hist, Mode, State, HIST};
use alloc::string::String;
use alloc::vec::Vec;
use boardgame_kit::error::mismatch;
use boardgame_kit::grid::push_ranks;
use boardgame_kit::{PositionError, SyntaxError};
use core::fmt::Write;
use smallvec::SmallVec;

/// The letter of a piece code in the position notation.
fn piece_char(p: u8) -> char {
    match p {
        BLACK => 'b',
        SILVER => 's',
        GOLD => 'g',
        _ => (b'A' + (p - STACK0)) as char,
    }
}

/// Writes the position notation of a state.
pub(crate) fn write_position(s: &State) -> String {
    let c = &s.core;
    let mut out = String::with_capacity(96);
    push_ranks(
        &mut out,
        (0..SIDE).rev().map(|r| {
            (0..SIDE).map(move |f| {
                let p = c.board[mb(f, r)];
                is_piece(p).then(|| piece_char(p))
            })
        }),
    );
    out.push(' ');
    for seat in 0..s.players() {
        if seat > 0 {
            out.push(',');
        }
        let _ = write!(out, "{}", c.count[seat]);
        let [bk, sv, gd] = c.capt[seat];
        for (n, ch) in [(gd, 'g'), (sv, 's'), (bk, 'b')] {
            for _ in 0..n {
                out.push(ch);
            }
        }
    }
    out.push(' ');
    let seat = c.seat + 1;
    match c.mode {
        Mode::Setup => {
            let _ = write!(out, "place:{seat}");
        }
        Mode::Turn => {
            let _ = write!(out, "turn:{seat}");
        }
        Mode::Over => out.push_str("over"),
        Mode::Push => {
            let _ = write!(out, "push:{seat} ");
            if s.hist.pushes.is_empty() {
                out.push('-');
            }
            for (i, &code) in s.hist.pushes.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let (x, d) = decode_push(code);
                let _ = write!(out, "{}/{}", cell_of(x), crate::board::dir_of(d));
            }
        }
    }
    out
}

fn syntax(text: &str, at: usize, expected: &'static str) -> PositionError {
    PositionError::Syntax(SyntaxError::new(text, at, expected))
}

fn invalid(why: &'static str) -> PositionError {
    PositionError::invalid(why)
}

/// Reads the position notation.
pub(crate) fn read_position(params: &crate::Params, text: &str) -> Result<State, PositionError> {
    let players = params.players() as usize;
    let full = params.stack();
    // Split into fields at single spaces, keeping offsets.
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut start = 0;
    for (i, ch) in text.char_indices() {
        if ch == ' ' {
            fields.push((start, &text[start..i]));
            start = i + 1;
        }
    }
    fields.push((start, &text[start..]));
    // Each field is checked when its turn comes, so that an error in an earlier field is
    // found first.
    let field = |k: usize, what: &'static str| -> Result<(usize, &str), PositionError> {
        match fields.get(k) {
            Some(&(at, "")) => Err(syntax(
                text,
                at,
                "a field (fields are separated by single spaces)",
            )),
            Some(&f) => Ok(f),
            None => Err(syntax(text, text.len(), what)),
        }
    };

    // Board.
    let mut board = EMPTY_BOARD;
    let (b0, btext) = field(0, "the board")?;
    let bb = btext.as_bytes();
    let mut i = 0;
    let mut stacks_seen = [false; 4];
    for r in (0..SIDE).rev() {
        let mut f = 0usize;
        while f < SIDE {
            let Some(&ch) = bb.get(i) else {
                return Err(syntax(text, b0 + i, "more squares of the rank"));
            };
            match ch {
                b'1'..=b'9' => {
                    // A run of `n` empty squares read up to byte `at` must end within the rank.
                    let within = |n: usize, at: usize, expected: &'static str| {
                        if f + n > SIDE {
                            Err(syntax(text, b0 + at, expected))
                        } else {
                            Ok(n)
                        }
                    };
                    let mut n = within(
                        (ch - b'0') as usize,
                        i,
                        "a run that ends within the rank's 13 squares",
                    )?;
                    i += 1;
                    if let Some(&d2) = bb.get(i) {
                        if d2.is_ascii_digit() && n == 1 {
                            n = within(
                                10 + (d2 - b'0') as usize,
                                i,
                                "the end of the run (it would pass the rank's 13 squares)",
                            )?;
                            i += 1;
                        }
                    }
                    f += n;
                }
                b'b' | b's' | b'g' | b'A'..=b'D' => {
                    let p = match ch {
                        b'b' => BLACK,
                        b's' => SILVER,
                        b'g' => GOLD,
                        _ => STACK0 + (ch - b'A'),
                    };
                    if p >= STACK0 {
                        let k = (p - STACK0) as usize;
                        if k >= players {
                            return Err(invalid("a stack of a seat that does not play"));
                        }
                        if stacks_seen[k] {
                            return Err(invalid("a stack stands on two squares"));
                        }
                        stacks_seen[k] = true;
                    }
                    board[mb(f, r)] = p;
                    f += 1;
                    i += 1;
                }
                b'/' => {
                    return Err(syntax(
                        text,
                        b0 + i,
                        "more squares of the rank (a piece or a count of empty squares)",
                    ))
                }
                _ => {
                    return Err(syntax(
                        text,
                        b0 + i,
                        "a piece (b s g A B C D) or a count of empty squares",
                    ))
                }
            }
        }
        if r > 0 {
            if bb.get(i) != Some(&b'/') {
                return Err(syntax(text, b0 + i, "`/` after 13 squares"));
            }
            i += 1;
        }
    }
    if i != bb.len() {
        return Err(syntax(text, b0 + i, "the end of the board after 13 ranks"));
    }

    // Seats.
    let (s0, stext) = field(1, "a space and the seats field")?;
    let mut count = [0u8; 4];
    let mut capt = [[0u8; 3]; 4];
    let mut seat = 0usize;
    let sb = stext.as_bytes();
    let mut i = 0;
    loop {
        if seat >= 4 {
            return Err(syntax(text, s0 + i, "at most four seats"));
        }
        let ds = i;
        let mut n = 0u8;
        while i < sb.len() && sb[i].is_ascii_digit() {
            let next = u32::from(n) * 10 + u32::from(sb[i] - b'0');
            if next > 20 || (i > ds && n == 0) {
                return Err(syntax(
                    text,
                    s0 + i,
                    "the end of the number of tokens (a stack holds 0 to 20)",
                ));
            }
            n = next as u8;
            i += 1;
        }
        if i == ds {
            return Err(syntax(text, s0 + i, "the number of tokens in the stack"));
        }
        count[seat] = n;
        while i < sb.len() && sb[i] != b',' {
            let k = match sb[i] {
                b'b' => 0,
                b's' => 1,
                b'g' => 2,
                _ => {
                    return Err(syntax(
                        text,
                        s0 + i,
                        "a captured token (g s b), `,` or the end of the seats",
                    ))
                }
            };
            if capt[seat][k] >= 99 {
                return Err(invalid("too many captured tokens"));
            }
            capt[seat][k] += 1;
            i += 1;
        }
        seat += 1;
        if i == sb.len() {
            break;
        }
        i += 1; // ','
    }
    if seat != players {
        return Err(invalid(
            "the seats field does not have one entry per player",
        ));
    }

    // Mode.
    let (m0, mtext) = field(2, "a space and the mode field")?;
    let (mode, who) = if mtext == "over" {
        (Mode::Over, 0usize)
    } else {
        const MODES: [&str; 4] = ["place:", "turn:", "push:", "over"];
        let (kind, num) = match mtext.split_once(':') {
            Some((kind @ ("place" | "turn" | "push"), num)) => (kind, num),
            _ => {
                return Err(syntax(
                    text,
                    m0 + mismatch(mtext, &MODES),
                    "a mode: place:K, turn:K, push:K or over",
                ))
            }
        };
        let mode = match kind {
            "place" => Mode::Setup,
            "turn" => Mode::Turn,
            _ => Mode::Push,
        };
        let num_at = m0 + kind.len() + 1;
        let k = match num.as_bytes() {
            [d @ b'1'..=b'4'] => (d - b'1') as usize,
            [b'1'..=b'4', ..] => return Err(syntax(text, num_at + 1, "the end of the mode")),
            _ => return Err(syntax(text, num_at, "a seat: 1, 2, 3 or 4")),
        };
        if k >= players {
            return Err(invalid("the seat to act does not play"));
        }
        (mode, k)
    };

    // Pushes.
    let mut pushes: SmallVec<[u16; HIST]> = SmallVec::new();
    match (mode, fields.len()) {
        (Mode::Push, 4) => {
            let (p0, ptext) = field(3, "the pushes of the phase (or `-`)")?;
            if ptext != "-" {
                let mut off = 0;
                for item in ptext.split(',') {
                    let a: Action = item.parse().map_err(|e: SyntaxError| {
                        PositionError::Syntax(e.within(text, p0 + off))
                    })?;
                    let Action::Push(c, d) = a else {
                        return Err(syntax(text, p0 + off, "a push (c3/sw)"));
                    };
                    let Some(x) = mb_of(c) else {
                        return Err(invalid("a push from a square off the board"));
                    };
                    if pushes.len() >= 100_000 {
                        return Err(invalid("too many pushes"));
                    }
                    pushes.push(crate::action::encode_push(x, dir_index(d)));
                    off += item.len() + 1;
                }
            }
        }
        (Mode::Push, n) => {
            let at = if n < 4 { text.len() } else { fields[4].0 };
            return Err(syntax(
                text,
                at,
                if n < 4 {
                    "` ` and the pushes of the phase (or `-`)"
                } else {
                    "the end of the position"
                },
            ));
        }
        (_, 3) => {}
        (_, _) => return Err(syntax(text, fields[3].0, "the end of the position")),
    }

    build(params, board, count, capt, mode, who, pushes, full)
}

#[allow(clippy::too_many_arguments)]
fn build(
    params: &crate::Params,
    board: [u8; CELLS],
    count: [u8; 4],
    capt: [[u8; 3]; 4],
    mode: Mode,
    who: usize,
    pushes: SmallVec<[u16; HIST]>,
    full: u8,
) -> Result<State, PositionError> {
    let players = params.players() as usize;
    let mut pos = [0u8; 4];
    let mut occ = Bb::EMPTY;
    let mut hash = 0u64;
    let mut on_board = [0u32; 4];
    for (m, &p) in board.iter().enumerate() {
        if is_piece(p) {
            occ.set(m);
            hash ^= zkey(p, m);
            if p >= STACK0 {
                pos[(p - STACK0) as usize] = m as u8;
            } else {
                on_board[p as usize] += 1;
            }
        }
    }
    // Conservation of tokens.
    let capt_of = |k: usize| capt.iter().map(|c| c[k] as u32).sum::<u32>();
    if on_board[SILVER as usize] + capt_of(1) != 4 {
        return Err(invalid(
            "there must be four silver tokens, on the board or captured",
        ));
    }
    if on_board[GOLD as usize] + capt_of(2) != 1 {
        return Err(invalid(
            "there must be one gold token, on the board or captured",
        ));
    }
    let in_stacks: u32 = count.iter().map(|&c| c as u32).sum();
    if on_board[BLACK as usize] + capt_of(0) + in_stacks != 4 + players as u32 * full as u32 {
        return Err(invalid(
            "the black tokens (on the board, in stacks, captured) do not add up",
        ));
    }
    for s in 0..players {
        if count[s] > full {
            return Err(invalid("a stack holds more tokens than it started with"));
        }
        let on = pos[s] != 0;
        if on && count[s] == 0 && !(mode == Mode::Push && s == who) {
            return Err(invalid(
                "an empty stack on the board outside its owner's turn",
            ));
        }
    }
    match mode {
        Mode::Setup => {
            for s in 0..players {
                if (pos[s] != 0) != (s < who) {
                    return Err(invalid(
                        "in the setup round exactly the seats before the one to act have placed",
                    ));
                }
                if count[s] != full || capt[s] != [0; 3] {
                    return Err(invalid("no token moves in the setup round"));
                }
            }
            if !occ.and(occ.around()).is_empty() {
                return Err(invalid("pieces are adjacent in the setup round"));
            }
        }
        Mode::Turn | Mode::Push => {
            if pos[who] == 0 && (mode == Mode::Push || count[who] == 0) {
                return Err(invalid("the seat to act has no stack to play"));
            }
        }
        Mode::Over => {
            if (0..players).any(|s| pos[s] != 0 || count[s] != 0) {
                return Err(invalid(
                    "the game is over only when every stack is finished",
                ));
            }
        }
    }
    if mode != Mode::Over && (0..players).all(|s| pos[s] == 0 && count[s] == 0) {
        return Err(invalid("every stack is finished: the game is over"));
    }

    // Rebuild the arrangements of the phase, walking the pushes backwards.
    let mut hist: SmallVec<[u64; HIST]> = SmallVec::new();
    if mode == Mode::Push {
        let mut b = board;
        let mut h = hash;
        let mut rev: Vec<u64> = Vec::with_capacity(pushes.len() + 1);
        rev.push(h);
        for &code in pushes.iter().rev() {
            let (x, d) = decode_push(code);
            let t = step(x, d);
            if b[t] == OFF {
                return Err(invalid(
                    "a push off the board (a capture) among the pushes since the last capture",
                ));
            }
            let p = b[t];
            if !is_piece(p) || b[x] != crate::board::EMPTY {
                return Err(invalid("the pushes of the phase do not lead to this board"));
            }
            b[t] = crate::board::EMPTY;
            b[x] = p;
            h ^= zkey(p, t) ^ zkey(p, x);
            if !is_piece(b[step(x, (d + 4) & 7)]) {
                return Err(invalid(
                    "a push of the phase has no piece to push away from",
                ));
            }
            rev.push(h);
        }
        rev.reverse();
        let mut sorted = rev.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(invalid("the pushes of the phase repeat an arrangement"));
        }
        hist.extend(rev);
    }
    let core = Core {
        board,
        occ,
        hash,
        pos,
        count,
        capt,
        seat: if mode == Mode::Over { 0 } else { who as u8 },
        mode,
    };
    let state = State::from_core(
        params.clone(),
        core,
        Hist {
            hashes: hist,
            pushes,
        },
    );
    match mode {
        Mode::Push if !state.any_push() => Err(invalid(
            "the repulsion phase is over: no legal push remains",
        )),
        Mode::Setup if state.placement_set().is_empty() => {
            Err(invalid("the seat to act has nowhere to place its stack"))
        }
        _ => Ok(state),
    }
}
