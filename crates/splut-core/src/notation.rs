//! The action notation of the rules (`e2-e3`, `e5-d5/p`, `e4-e5/w`, `d3-d4/c6`) and the
//! position notation of this crate.

use crate::action::parse_square;
use crate::board::{cell, NONE};
use crate::state::{State, Status, LEV_CLOSED, LEV_FRESH};
use crate::{Params, SEAT_NAMES};
use alloc::string::String;
use boardgame_kit::error::{mismatch, PositionCursor};
use boardgame_kit::{PositionError, Seat};
use core::fmt::Write;

// ---------------------------------------------------------------------------------------------
// Position notation
// ---------------------------------------------------------------------------------------------

fn push_sq(out: &mut String, sq: u8) {
    if sq == NONE {
        out.push('-');
    } else {
        let _ = write!(out, "{}", cell(sq));
    }
}

fn push_mask(out: &mut String, m: u8) {
    if m == 0 {
        out.push('-');
    } else {
        for r in 0..4 {
            if m & (1 << r) != 0 {
                out.push((b'0' + r) as char);
            }
        }
    }
}

/// Writes the position notation (see the crate docs and `docs/splut.md`).
pub(crate) fn write_position(s: &State) -> String {
    let mut out = String::with_capacity(96);
    for (i, &r) in s.rocks.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_sq(&mut out, r);
    }
    out.push(' ');
    let mut firstteam = true;
    for (seat, (name, team)) in SEAT_NAMES.iter().zip(s.pieces.iter()).enumerate() {
        if s.alive & (1 << seat) == 0 {
            continue;
        }
        if !firstteam {
            out.push(';');
        }
        firstteam = false;
        out.push_str(name);
        out.push(':');
        for (k, &p) in team.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            push_sq(&mut out, p);
        }
    }
    if firstteam {
        out.push('-');
    }
    out.push(' ');
    match s.status {
        Status::Playing => out.push_str(SEAT_NAMES[s.to_move as usize & 3]),
        Status::Won(w) => {
            out.push_str("won:");
            out.push_str(SEAT_NAMES[w as usize & 3]);
        }
        Status::Draw => out.push_str("draw"),
    }
    let _ = write!(out, " {} {} ", s.turn, s.steps_left);
    match s.lev {
        LEV_FRESH => out.push('-'),
        LEV_CLOSED => out.push('x'),
        r => out.push((b'0' + (r & 3)) as char),
    }
    out.push(' ');
    push_mask(&mut out, s.moved_this);
    out.push(' ');
    push_mask(&mut out, s.moved_prev);
    out
}

/// The fields of Splut!'s position notation, read at a cursor over the text (its syntax errors
/// stand at the first byte that cannot be what it should).
trait Fields {
    fn at_field_end(&self) -> bool;
    fn square(&mut self, dash_ok: bool) -> Result<u8, PositionError>;
    fn seat(&mut self) -> Result<u8, PositionError>;
    fn number(&mut self, expected: &'static str) -> Result<u32, PositionError>;
    fn mask(&mut self) -> Result<u8, PositionError>;
}

impl Fields for PositionCursor<'_> {
    /// Whether the next field ends here (a space or the end of the text).
    fn at_field_end(&self) -> bool {
        matches!(self.peek(), None | Some(b' '))
    }

    /// A square of the diamond, or `-` (an absent piece) when `dash_ok`.
    fn square(&mut self, dash_ok: bool) -> Result<u8, PositionError> {
        if dash_ok && self.peek() == Some(b'-') {
            self.at += 1;
            return Ok(NONE);
        }
        let (sq, end) = parse_square(self.text, self.at)?;
        self.at = end;
        Ok(sq)
    }

    /// A seat letter.
    fn seat(&mut self) -> Result<u8, PositionError> {
        let seat = self
            .peek()
            .and_then(|c| seat_of(core::str::from_utf8(&[c]).unwrap_or("")))
            .ok_or_else(|| self.err("a seat letter: s, w, n or e"))?;
        self.at += 1;
        Ok(seat)
    }

    /// A number of at most nine digits.
    fn number(&mut self, expected: &'static str) -> Result<u32, PositionError> {
        let start = self.at;
        let mut n: u32 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            if self.at - start == 9 {
                return Err(self.err("the end of the number (at most nine digits)"));
            }
            n = n * 10 + u32::from(d - b'0');
            self.at += 1;
        }
        if self.at == start {
            return Err(self.err(expected));
        }
        Ok(n)
    }

    /// A set of Rock ids (`02`) or `-`.
    fn mask(&mut self) -> Result<u8, PositionError> {
        if self.peek() == Some(b'-') {
            self.at += 1;
            return Ok(0);
        }
        let mut m = 0u8;
        loop {
            match self.peek() {
                Some(c @ b'0'..=b'3') => {
                    let bit = 1 << (c - b'0');
                    if m & bit != 0 {
                        return Err(self.err("each Rock id at most once"));
                    }
                    m |= bit;
                    self.at += 1;
                }
                _ if m != 0 && self.at_field_end() => return Ok(m),
                _ if m != 0 => return Err(self.err("another Rock id (0 to 3) or a space")),
                _ => return Err(self.err("Rock ids 0 to 3, or `-`")),
            }
        }
    }
}

fn seat_of(name: &str) -> Option<u8> {
    Seat::from_name(&name.to_ascii_lowercase(), SEAT_NAMES).map(|s| s.index() as u8)
}

/// Reads a position (see [`write_position`]).
pub(crate) fn read_position(params: &Params, text: &str) -> Result<State, PositionError> {
    let mut r = PositionCursor::new(text);
    let mut st = State::empty(*params);

    // 1. Rocks.
    for i in 0..4 {
        if i > 0 {
            r.eat(b',', "`,` and the next Rock's square (Rocks 0, 1, 2 and 3)")?;
        }
        st.rocks[i] = r.square(false)?;
    }
    r.eat(b' ', "a space and the teams (after the four Rock squares)")?;

    // 2. Teams.
    if r.peek() == Some(b'-') && matches!(text.as_bytes().get(r.at + 1), None | Some(b' ')) {
        r.at += 1;
    } else {
        loop {
            let seat = r.seat()?;
            if st.alive & (1 << seat) != 0 {
                r.at -= 1;
                return Err(r.err("each seat at most once"));
            }
            st.alive |= 1 << seat;
            r.eat(b':', "`:` and the team's squares (Sorcerer, Troll, Dwarf)")?;
            for k in 0..3 {
                if k > 0 {
                    r.eat(
                        b',',
                        "`,` and the next square (a team is a Sorcerer, a Troll and a Dwarf)",
                    )?;
                }
                st.pieces[seat as usize][k] = r.square(k > 0)?;
            }
            if r.peek() != Some(b';') {
                break;
            }
            r.at += 1;
        }
    }
    r.eat(
        b' ',
        "a space and the seat to move (or `;` and another team)",
    )?;

    // 3. To move / result.
    let rest = &text[r.at..];
    let word = &rest[..rest.find(' ').unwrap_or(rest.len())];
    let first_is_seat = word.get(..1).and_then(seat_of).is_some();
    st.status = if word.eq_ignore_ascii_case("draw") {
        r.at += 4;
        Status::Draw
    } else if word
        .get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case("won:"))
    {
        r.at += 4;
        Status::Won(r.seat()?)
    } else if first_is_seat && mismatch(word, &["won:"]) <= 1 {
        st.to_move = r.seat()?;
        Status::Playing
    } else {
        r.at += mismatch(word, &["draw", "won:"]);
        return Err(r.err("the seat to move (s, w, n or e), `won:SEAT` or `draw`"));
    };
    r.eat(b' ', "a space and the turn number")?;

    // 4-5. Turn and steps.
    st.turn = r.number("the turn number")?;
    r.eat(b' ', "a space and the steps left in the turn")?;
    st.steps_left = r.number("the steps left (0 to 3)")?.min(255) as u8;
    r.eat(b' ', "a space and the levitation state")?;

    // 6. Levitation.
    st.lev = match r.peek() {
        Some(b'-') => LEV_FRESH,
        Some(b'x' | b'X') => LEV_CLOSED,
        Some(c @ b'0'..=b'3') => c - b'0',
        _ => return Err(r.err("the levitation state (`-`, `x` or a Rock id 0 to 3)")),
    };
    r.at += 1;
    r.eat(b' ', "a space and the Rocks moved this turn")?;

    // 7-8. Rocks moved this turn and the turn before.
    st.moved_this = r.mask()?;
    r.eat(b' ', "a space and the Rocks moved in the previous turn")?;
    st.moved_prev = r.mask()?;
    if r.at != text.len() {
        return Err(r.err("the end of the position"));
    }

    st.validate()?;
    Ok(st)
}

impl State {
    /// Fills the board from the piece lists and checks that the position can be played on.
    fn validate(&mut self) -> Result<(), PositionError> {
        let bad = PositionError::invalid;
        let params = self.params;
        self.board = [0; 64];
        for r in 0..4 {
            let sq = self.rocks[r];
            if self.board[sq as usize] != 0 {
                return Err(bad("two Rocks on one square"));
            }
            self.board[sq as usize] = crate::state::code(crate::state::ROCK, r as u8);
        }
        self.rocks_bb = self.rocks.iter().fold(0u64, |m, &s| m | 1 << s);
        for seat in 0..4u8 {
            if self.alive & (1 << seat) == 0 {
                continue;
            }
            if !params.seats().contains(Seat::of(seat as usize)) {
                return Err(bad(
                    "a team of a seat that is not in this game is on the board",
                ));
            }
            if self.pieces[seat as usize][0] == NONE {
                return Err(bad("a team without its Sorcerer is on the board"));
            }
            for k in 0..3 {
                let sq = self.pieces[seat as usize][k];
                if sq == NONE {
                    continue;
                }
                if self.board[sq as usize] != 0 {
                    return Err(bad("two pieces on one square"));
                }
                self.board[sq as usize] = crate::state::code(k as u8 + 1, seat);
            }
        }
        self.recompute_occ();
        let quota = crate::state::quota(self.turn);
        if self.turn == 0 {
            return Err(bad("turns are numbered from 1"));
        }
        let (lev, this, prev) = (self.lev, self.moved_this, self.moved_prev);
        match self.status {
            Status::Playing => {
                if self.alive.count_ones() < 2 {
                    return Err(bad("a game in play needs two teams on the board"));
                }
                if self.alive & (1 << self.to_move) == 0 {
                    return Err(bad("the seat to move has no team on the board"));
                }
                if self.steps_left == 0 || self.steps_left > quota {
                    return Err(bad("the steps left do not fit the turn's quota"));
                }
                if self.steps_left == quota && (this != 0 || lev != LEV_FRESH) {
                    return Err(bad(
                        "nothing can have moved before the first step of a turn",
                    ));
                }
                if lev < 4 && (this & (1 << lev) == 0 || prev & (1 << lev) != 0) {
                    return Err(bad(
                        "the levitated Rock must have moved this turn and not in the previous one",
                    ));
                }
                if lev == LEV_CLOSED && this == 0 {
                    return Err(bad("a broken levitation run needs a Rock moved this turn"));
                }
                if self.turn == 1 && prev != 0 {
                    return Err(bad("no Rock moved before the first turn"));
                }
                let limit = params.turn_limit();
                if limit > 0 && self.turn > limit {
                    return Err(bad("the turn limit has been reached: the game is over"));
                }
                if !self.can_step(self.to_move) {
                    return Err(bad("the seat to move has no legal step"));
                }
            }
            Status::Won(w) => {
                if self.alive != 1 << w {
                    return Err(bad("the winner must be the only team on the board"));
                }
                if self.steps_left != 0 || lev != LEV_FRESH {
                    return Err(bad("a finished game has no steps left and no levitation"));
                }
            }
            Status::Draw => {
                if self.steps_left != 0 || lev != LEV_FRESH {
                    return Err(bad("a finished game has no steps left and no levitation"));
                }
            }
        }
        Ok(())
    }
}
