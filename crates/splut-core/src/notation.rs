//! The action notation of the rules (`e2-e3`, `e5-d5/p`, `e4-e5/w`, `d3-d4/c6`) and the
//! position notation of this crate.

use crate::board::{self, cell, dir_name, square, DIRS, NONE};
use crate::state::{State, Status, LEV_CLOSED, LEV_FRESH};
use crate::{Params, SEAT_NAMES};
use alloc::string::String;
use boardgame_kit::{Cell, Dir4, PositionError, Seat, SyntaxError};
use core::fmt::{self, Write};
use core::str::FromStr;

pub(crate) const EXTRA_PULL: u8 = 1;
pub(crate) const EXTRA_THROW: u8 = 2;
pub(crate) const EXTRA_LEV: u8 = 8;

/// One step: a piece moves from one square to a neighbouring one, with at most one option
/// (pull, throw direction or levitated Rock).
///
/// Text: `FROM-TO` with an optional suffix: `/p` (a Troll pulls the Rock behind it), `/n`,
/// `/e`, `/s`, `/w` (a Troll steps onto a Rock and throws it that way) or `/SQUARE` (a Sorcerer
/// levitates the Rock standing on that square before the step). Input is case-insensitive,
/// output lower-case. Only squares of the diamond can be written.
///
/// The order (`Ord`) is by origin square, destination square, then option, squares numbered
/// rank by rank from `e1`: the order in which the legal list is generated.
///
/// ```
/// use splut_core::{Action, ActionKind};
/// use boardgame_kit::Dir4;
/// let a: Action = "E4-E5/W".parse().unwrap();
/// assert_eq!(a.to_string(), "e4-e5/w");
/// assert_eq!(a.kind(), ActionKind::Throw(Dir4::W));
/// let l: Action = "d3-d4/c6".parse().unwrap();
/// assert_eq!(l.kind(), ActionKind::Levitate("c6".parse().unwrap()));
/// assert!("a1-a2".parse::<Action>().is_err()); // a1 is not on the diamond
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Action(u32);

/// What a step does besides moving its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A plain step (a Dwarf step that pushes is written the same way).
    Step,
    /// A Troll step pulling the Rock behind it.
    Pull,
    /// A Troll step onto a Rock, throwing it in this direction.
    Throw(Dir4),
    /// A Sorcerer step levitating the Rock that stands on this square.
    Levitate(Cell),
}

impl Action {
    #[inline(always)]
    pub(crate) const fn raw(from: u8, to: u8, extra: u8) -> Action {
        Action((from as u32) << 16 | (to as u32) << 8 | extra as u32)
    }

    /// Origin square index.
    #[inline(always)]
    pub(crate) const fn f(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// Destination square index.
    #[inline(always)]
    pub(crate) const fn t(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// The option code (0 plain, pull, throws, levitations).
    #[inline(always)]
    pub(crate) const fn x(self) -> u8 {
        self.0 as u8
    }

    /// A step from `from` to `to` with an option; `None` when a square (or the levitated
    /// Rock's square) is off the diamond.
    #[must_use]
    pub fn new(from: Cell, to: Cell, kind: ActionKind) -> Option<Action> {
        let (from, to) = (square(from)?, square(to)?);
        let extra = match kind {
            ActionKind::Step => 0,
            ActionKind::Pull => EXTRA_PULL,
            ActionKind::Throw(d) => EXTRA_THROW + board::dir_index(d) as u8,
            ActionKind::Levitate(c) => EXTRA_LEV + square(c)?,
        };
        Some(Action::raw(from, to, extra))
    }

    /// The square the piece leaves.
    #[must_use]
    pub fn from(&self) -> Cell {
        cell(self.f())
    }

    /// The square the piece enters.
    #[must_use]
    pub fn to(&self) -> Cell {
        cell(self.t())
    }

    /// The option of the step.
    #[must_use]
    pub fn kind(&self) -> ActionKind {
        match self.x() {
            0 => ActionKind::Step,
            EXTRA_PULL => ActionKind::Pull,
            e if e < EXTRA_LEV => ActionKind::Throw(DIRS[(e - EXTRA_THROW) as usize & 3]),
            e => ActionKind::Levitate(cell(e - EXTRA_LEV)),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", cell(self.f()), cell(self.t()))?;
        match self.x() {
            0 => Ok(()),
            EXTRA_PULL => f.write_str("/p"),
            e if e < EXTRA_LEV => write!(f, "/{}", dir_name((e - EXTRA_THROW) as usize)),
            e => write!(f, "/{}", cell(e - EXTRA_LEV)),
        }
    }
}

/// Reads a square of the diamond at the start of `s` (which starts at byte `at` of `whole`).
fn parse_square(whole: &str, at: usize) -> Result<(u8, usize), SyntaxError> {
    let rest = whole.get(at..).unwrap_or("");
    let (c, n) = Cell::parse_prefix(rest, at).map_err(|e| e.within(whole, 0))?;
    let sq = square(c).ok_or_else(|| SyntaxError::new(whole, at, "a square of the diamond"))?;
    Ok((sq, n))
}

impl FromStr for Action {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Action, SyntaxError> {
        let (from, n) = parse_square(s, 0)?;
        let b = s.as_bytes();
        if b.get(n) != Some(&b'-') {
            return Err(SyntaxError::new(s, n, "`-`"));
        }
        let (to, m) = parse_square(s, n + 1)?;
        let mut at = n + 1 + m;
        let extra = match b.get(at) {
            None => 0,
            Some(b'/') => {
                at += 1;
                match b.get(at).map(|c| c.to_ascii_lowercase()) {
                    Some(c @ (b'p' | b'n' | b'e' | b's' | b'w'))
                        if !b.get(at + 1).is_some_and(|d| d.is_ascii_digit()) =>
                    {
                        at += 1;
                        match c {
                            b'p' => EXTRA_PULL,
                            b's' => EXTRA_THROW,
                            b'w' => EXTRA_THROW + 1,
                            b'e' => EXTRA_THROW + 2,
                            _ => EXTRA_THROW + 3,
                        }
                    }
                    Some(c) if c.is_ascii_alphabetic() => {
                        let (q, k) = parse_square(s, at)?;
                        at += k;
                        EXTRA_LEV + q
                    }
                    _ => {
                        return Err(SyntaxError::new(
                            s,
                            at,
                            "`p`, a direction (n, e, s, w) or a square",
                        ))
                    }
                }
            }
            Some(_) => return Err(SyntaxError::new(s, at, "`/` or the end of the action")),
        };
        if at != s.len() {
            return Err(SyntaxError::new(s, at, "the end of the action"));
        }
        Ok(Action::raw(from, to, extra))
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Action);

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

/// A cursor over the position text, producing syntax errors with byte offsets.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn err(&self, at: usize, expected: &'static str) -> PositionError {
        PositionError::Syntax(SyntaxError::new(self.text, at, expected))
    }

    /// The next space-separated field and its offset.
    fn field(&mut self, expected: &'static str) -> Result<(&'a str, usize), PositionError> {
        let rest = &self.text[self.at..];
        if rest.is_empty() {
            return Err(self.err(self.at, expected));
        }
        let len = rest.find(' ').unwrap_or(rest.len());
        if len == 0 {
            return Err(self.err(self.at, expected));
        }
        let start = self.at;
        self.at += len;
        if self.at < self.text.len() {
            self.at += 1; // the space
            if self.at == self.text.len() {
                return Err(self.err(self.at, "another field after the space"));
            }
        }
        Ok((&rest[..len], start))
    }

    fn square(&self, f: &str, at: usize, dash_ok: bool) -> Result<u8, PositionError> {
        if dash_ok && f == "-" {
            return Ok(NONE);
        }
        let (c, n) =
            Cell::parse_prefix(f, at).map_err(|e| PositionError::Syntax(e.within(self.text, 0)))?;
        if n != f.len() {
            return Err(self.err(at + n, "`,` or the end of the square"));
        }
        square(c).ok_or_else(|| self.err(at, "a square of the diamond"))
    }

    fn number(&self, f: &str, at: usize, expected: &'static str) -> Result<u32, PositionError> {
        if f.is_empty() || f.len() > 9 || !f.bytes().all(|c| c.is_ascii_digit()) {
            return Err(self.err(at, expected));
        }
        f.parse().map_err(|_| self.err(at, expected))
    }

    fn mask(&self, f: &str, at: usize) -> Result<u8, PositionError> {
        if f == "-" {
            return Ok(0);
        }
        let mut m = 0u8;
        for (i, c) in f.bytes().enumerate() {
            match c {
                b'0'..=b'3' => {
                    let bit = 1 << (c - b'0');
                    if m & bit != 0 {
                        return Err(self.err(at + i, "each Rock id at most once"));
                    }
                    m |= bit;
                }
                _ => return Err(self.err(at + i, "Rock ids 0 to 3, or `-`")),
            }
        }
        Ok(m)
    }
}

fn seat_of(name: &str) -> Option<u8> {
    Seat::from_name(&name.to_ascii_lowercase(), SEAT_NAMES).map(|s| s.index() as u8)
}

/// Reads a position (see [`write_position`]).
pub(crate) fn read_position(params: &Params, text: &str) -> Result<State, PositionError> {
    let mut r = Reader { text, at: 0 };
    let mut st = State::empty(*params);

    // 1. Rocks.
    let (f, at) = r.field("the four Rock squares")?;
    let mut off = 0;
    for i in 0..4 {
        let part_end = if i < 3 {
            match f[off..].find(',') {
                Some(k) => off + k,
                None => return Err(r.err(at + f.len(), "`,` and four Rock squares")),
            }
        } else {
            f.len()
        };
        let sq = r.square(&f[off..part_end], at + off, false)?;
        st.rocks[i] = sq;
        off = part_end + 1;
    }

    // 2. Teams.
    let (f, at) = r.field("the teams (`s:d2,f2,e2;...` or `-`)")?;
    if f != "-" {
        let mut off = 0;
        for part in f.split(';') {
            let pat = at + off;
            off += part.len() + 1;
            let (name, pieces) = part
                .split_once(':')
                .ok_or_else(|| r.err(pat, "`SEAT:SORCERER,TROLL,DWARF`"))?;
            let seat = seat_of(name).ok_or_else(|| r.err(pat, "a seat name: s, w, n or e"))?;
            if st.alive & (1 << seat) != 0 {
                return Err(r.err(pat, "each seat at most once"));
            }
            st.alive |= 1 << seat;
            let mut poff = pat + name.len() + 1;
            let mut k = 0;
            for sqtext in pieces.split(',') {
                if k == 3 {
                    return Err(r.err(poff - 1, "three squares: Sorcerer, Troll, Dwarf"));
                }
                let sq = r.square(sqtext, poff, k > 0)?;
                st.pieces[seat as usize][k] = sq;
                poff += sqtext.len() + 1;
                k += 1;
            }
            if k != 3 {
                return Err(r.err(poff - 1, "three squares: Sorcerer, Troll, Dwarf"));
            }
        }
    }

    // 3. To move / result.
    let (f, at) = r.field("the seat to move, `won:SEAT` or `draw`")?;
    st.status = if f == "draw" {
        Status::Draw
    } else if let Some(w) = f.strip_prefix("won:") {
        Status::Won(seat_of(w).ok_or_else(|| r.err(at + 4, "a seat name: s, w, n or e"))?)
    } else {
        st.to_move = seat_of(f).ok_or_else(|| r.err(at, "a seat name: s, w, n or e"))?;
        Status::Playing
    };

    // 4-5. Turn and steps.
    let (f, at) = r.field("the turn number")?;
    st.turn = r.number(f, at, "the turn number")?;
    let (f, at) = r.field("the steps left")?;
    st.steps_left = r.number(f, at, "the steps left (0 to 3)")?.min(255) as u8;

    // 6. Levitation.
    let (f, at) = r.field("the levitation state (`-`, `x` or a Rock id)")?;
    st.lev = match f {
        "-" => LEV_FRESH,
        "x" | "X" => LEV_CLOSED,
        "0" | "1" | "2" | "3" => f.as_bytes()[0] - b'0',
        _ => return Err(r.err(at, "the levitation state (`-`, `x` or a Rock id)")),
    };

    // 7-8. Rocks moved this turn and the turn before.
    let (f, at) = r.field("the Rocks moved this turn")?;
    st.moved_this = r.mask(f, at)?;
    let (f, at) = r.field("the Rocks moved in the previous turn")?;
    st.moved_prev = r.mask(f, at)?;
    if r.at != text.len() {
        return Err(r.err(r.at, "the end of the position"));
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
