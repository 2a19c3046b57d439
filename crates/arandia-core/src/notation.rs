//! The action notation and the position notation (parse and print).
//!
//! ## Actions
//! - `f9`: at a ship choice, act with a ship on `f9` by rolling; after a roll with two usable
//!   cells, the chosen cell; after a wreck, the home cell the ship is put on;
//! - `f9-g9`: act with a ship on `f9` by a harbour shuffle or an island move to `g9`;
//! - `+g9`: re-enter a sunk ship on `g9`;
//! - `1`..`6`: a die value at a chance node;
//! - `attack/3`: after an arrival among enemies, attack a ship of seat 3 there; `decline`.
//!
//! ## Positions
//! `MOVER PHASE tTURNS GROUP...`, single spaces:
//! - `MOVER`: the seat whose turn it is (`0`..`5`);
//! - `PHASE`: `-` (the mover chooses a ship's action), `roll:C` (the die is rolled for the
//!   mover's ship on C), `pick:C:K` (the ship on C rolled K and has two usable cells),
//!   `wreck` (the wrecked ship awaits its home cell), `arrive:C` (the ship that arrived on C may
//!   attack), `attack:C:S` (the attacker's die, against seat S on C), `defend:C:S:K` (the
//!   defender's die; the attacker rolled K), `won` (the mover has won), `drawn` (the turn limit
//!   is reached);
//! - `tTURNS`: the number of completed turns;
//! - one `GROUP` per seat in play, in seat order: `S:A,B,C`, its three ships, each a cell, `x`
//!   (sunk) or `w` (wrecked, awaiting its home cell), followed by `*` if it has acted this turn.
//!   Ships are printed in cell order (`x` then `w` last).
//!
//! The start of a two-player game is `0 - t0 0:f9,g9,h9 3:b1,c1,d1`.

use crate::action::cell_prefix;
pub use crate::action::Action;
use crate::board::Cell;
use crate::state::{Phase, State, SUNK, WRECK};
use crate::Params;
use alloc::string::String;
use boardgame_kit::error::{mismatch, PositionCursor};
use boardgame_kit::{PositionError, Seat, SyntaxError};
use core::fmt::Write;

// ------------------------------------------------------------------------------------------
// Position notation.
// ------------------------------------------------------------------------------------------

fn write_ship(out: &mut String, code: u8) {
    let loc = code >> 1;
    if loc == SUNK {
        out.push('x');
    } else if loc == WRECK {
        out.push('w');
    } else {
        let _ = write!(out, "{}", Cell::from_raw(loc));
    }
    if code & 1 == 1 {
        out.push('*');
    }
}

pub(crate) fn write_position(s: &State) -> String {
    let mut out = String::new();
    let _ = write!(out, "{} ", s.mover);
    match s.phase {
        Phase::Choose => out.push('-'),
        Phase::Roll { from } => {
            let _ = write!(out, "roll:{from}");
        }
        Phase::Pick { from, die } => {
            let _ = write!(out, "pick:{from}:{die}");
        }
        Phase::Wreck => out.push_str("wreck"),
        Phase::Arrive { at } => {
            let _ = write!(out, "arrive:{at}");
        }
        Phase::AttackRoll { at, def } => {
            let _ = write!(out, "attack:{at}:{}", def.index());
        }
        Phase::DefendRoll { at, def, roll } => {
            let _ = write!(out, "defend:{at}:{}:{roll}", def.index());
        }
        Phase::Won => out.push_str("won"),
        Phase::Drawn => out.push_str("drawn"),
    }
    let _ = write!(out, " t{}", s.turns);
    for seat in s.params.seats().iter() {
        let _ = write!(out, " {}:", seat.index());
        for (i, &code) in s.ships[seat.index()].iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_ship(&mut out, code);
        }
    }
    out
}

/// The fields of Arandia's position notation, read at a cursor over the text.
trait Fields {
    fn word(&mut self, w: &str) -> bool;
    fn digit(&mut self, lo: u8, hi: u8, expected: &'static str) -> Result<u8, PositionError>;
    fn number(&mut self) -> Result<u32, PositionError>;
    fn cell(&mut self) -> Result<Cell, PositionError>;
}

impl Fields for PositionCursor<'_> {
    fn word(&mut self, w: &str) -> bool {
        let rest = self.text.as_bytes().get(self.at..).unwrap_or(&[]);
        if rest.len() >= w.len() && rest[..w.len()].eq_ignore_ascii_case(w.as_bytes()) {
            self.at += w.len();
            true
        } else {
            false
        }
    }

    fn digit(&mut self, lo: u8, hi: u8, expected: &'static str) -> Result<u8, PositionError> {
        match self.peek() {
            Some(d) if (b'0' + lo..=b'0' + hi).contains(&d) => {
                self.at += 1;
                Ok(d - b'0')
            }
            _ => Err(self.err(expected)),
        }
    }

    fn number(&mut self) -> Result<u32, PositionError> {
        let start = self.at;
        let mut n: u32 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            n = n
                .checked_mul(10)
                .and_then(|n| n.checked_add((d - b'0') as u32))
                .ok_or_else(|| {
                    PositionError::Syntax(SyntaxError::new(
                        self.text,
                        start,
                        "a turn count that fits in 32 bits",
                    ))
                })?;
            self.at += 1;
        }
        if self.at == start {
            return Err(self.err("a number of completed turns"));
        }
        Ok(n)
    }

    fn cell(&mut self) -> Result<Cell, PositionError> {
        let (c, n) = cell_prefix(self.text, self.at)?;
        self.at = n;
        Ok(c)
    }
}

/// The words a phase starts with.
const PHASES: [&str; 9] = [
    "-", "roll:", "pick:", "wreck", "arrive:", "attack:", "defend:", "won", "drawn",
];

pub(crate) fn read_position(params: &Params, text: &str) -> Result<State, PositionError> {
    let mut r = PositionCursor::new(text);
    let mover = r.digit(0, 5, "the seat to act, 0 to 5")?;
    r.eat(b' ', "a space")?;
    let phase = if r.word("-") {
        Phase::Choose
    } else if r.word("roll:") {
        Phase::Roll { from: r.cell()? }
    } else if r.word("pick:") {
        let from = r.cell()?;
        r.eat(b':', "`:`")?;
        let die = r.digit(1, 6, "a die value from 1 to 6")?;
        Phase::Pick { from, die }
    } else if r.word("wreck") {
        Phase::Wreck
    } else if r.word("arrive:") {
        Phase::Arrive { at: r.cell()? }
    } else if r.word("attack:") {
        let at = r.cell()?;
        r.eat(b':', "`:`")?;
        let def = Seat::of(r.digit(0, 5, "a seat from 0 to 5")? as usize);
        Phase::AttackRoll { at, def }
    } else if r.word("defend:") {
        let at = r.cell()?;
        r.eat(b':', "`:`")?;
        let def = Seat::of(r.digit(0, 5, "a seat from 0 to 5")? as usize);
        r.eat(b':', "`:`")?;
        let roll = r.digit(1, 6, "a die value from 1 to 6")?;
        Phase::DefendRoll { at, def, roll }
    } else if r.word("won") {
        Phase::Won
    } else if r.word("drawn") {
        Phase::Drawn
    } else {
        let rest = &text[r.at..];
        r.at += mismatch(&rest[..rest.find(' ').unwrap_or(rest.len())], &PHASES);
        return Err(
            r.err("a phase: -, roll:, pick:, wreck, arrive:, attack:, defend:, won or drawn")
        );
    };
    r.eat(b' ', "a space")?;
    r.eat(b't', "`t` and the number of completed turns")?;
    let turns = r.number()?;
    let mut ships = [[0u8; 3]; 6];
    for seat in params.seats().iter() {
        r.eat(b' ', "a space and the next seat's ships")?;
        let s = r.digit(0, 5, "a seat from 0 to 5")?;
        if s as usize != seat.index() {
            return Err(PositionError::invalid(alloc::format!(
                "the ships of seat {} are expected here (one group per seat in play, in seat order), not seat {s}",
                seat.index()
            )));
        }
        r.eat(b':', "`:`")?;
        for (i, slot) in ships[seat.index()].iter_mut().enumerate() {
            if i > 0 {
                r.eat(b',', "`,` and the next ship")?;
            }
            let loc = match r.peek() {
                Some(b'x' | b'X')
                    if !matches!(r.text.as_bytes().get(r.at + 1), Some(b'0'..=b'9')) =>
                {
                    r.at += 1;
                    SUNK
                }
                Some(b'w' | b'W')
                    if !matches!(r.text.as_bytes().get(r.at + 1), Some(b'0'..=b'9')) =>
                {
                    r.at += 1;
                    WRECK
                }
                _ => r.cell()?.raw(),
            };
            let acted = if r.peek() == Some(b'*') {
                r.at += 1;
                1
            } else {
                0
            };
            *slot = loc * 2 + acted;
        }
    }
    if r.at != text.len() {
        return Err(r.err("the end of the position"));
    }
    let mut state = State::from_parts(*params, mover, phase, turns, ships);
    state.validate()?;
    state.canonicalise();
    Ok(state)
}
