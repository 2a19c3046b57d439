//! Saved progress: the solver's proven positions written to a text file and read back, so that
//! a long solve (9x9) can stop and resume.
//!
//! The format (version 1) is plain text, one record a line:
//!
//! ```text
//! slimetrail-solver 1 size=9
//! 0000000000000000000001e3c7f w 17
//! ...
//! end 12345
//! ```
//!
//! The header names the format, its version and the board size. Each entry is a canonical key
//! (hexadecimal: the snail's cell in bits 100..108, its free component below, in the mover's
//! frame), `w` or `l` (the mover wins or loses) and the proof's effort (log2 of the positions it
//! took, which decides what the table keeps). The last line counts the entries, so a cut-off
//! file is refused. Every key is checked against the board before anything is stored.

use super::table::KEY_BITS;
use super::{Geometry, Solver};
use crate::board::Board;
use std::io::{BufRead, Write};
use std::string::{String, ToString};
use std::vec::Vec;

/// The first word of a saved-progress file.
const MAGIC: &str = "slimetrail-solver";
/// The format version this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// Why saved progress could not be read. Reading a bad file leaves the solver unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResumeError {
    /// The file could not be read.
    #[error("cannot read saved progress: {0}")]
    Io(String),
    /// The first line is not `slimetrail-solver VERSION size=N`.
    #[error("not a Slime Trail solver file (first line must be `slimetrail-solver 1 size=N`)")]
    BadHeader,
    /// The file was written in another format version.
    #[error("saved progress has format version {0}, this build reads version 1")]
    Version(u32),
    /// The board size is not a Slime Trail size.
    #[error("saved progress is for size {0}, which is not a board size (odd, 5 to 9)")]
    Size(u32),
    /// An entry line is malformed or names cells off the board.
    #[error("saved progress line {line}: {reason}")]
    Line {
        /// The 1-based line number.
        line: usize,
        /// What was wrong.
        reason: &'static str,
    },
    /// The file ends before its `end COUNT` line, or the count disagrees.
    #[error("saved progress is cut off: expected `end {0}` as the last line")]
    Truncated(usize),
}

impl From<std::io::Error> for ResumeError {
    fn from(e: std::io::Error) -> ResumeError {
        ResumeError::Io(e.to_string())
    }
}

/// One parsed entry: key, whether the mover wins, effort.
type Entry = (u128, bool, u32);

/// Parses and checks a saved-progress file; nothing is stored until all of it is good.
fn parse(input: impl BufRead) -> Result<(Board, Vec<Entry>), ResumeError> {
    let mut lines = input.lines();
    let header = lines.next().ok_or(ResumeError::BadHeader)??;
    let mut words = header.split(' ');
    if words.next() != Some(MAGIC) {
        return Err(ResumeError::BadHeader);
    }
    let version: u32 = words
        .next()
        .and_then(|v| v.parse().ok())
        .ok_or(ResumeError::BadHeader)?;
    if version != SAVE_VERSION {
        return Err(ResumeError::Version(version));
    }
    let size: u32 = words
        .next()
        .and_then(|w| w.strip_prefix("size="))
        .and_then(|v| v.parse().ok())
        .ok_or(ResumeError::BadHeader)?;
    if words.next().is_some() {
        return Err(ResumeError::BadHeader);
    }
    let board = u8::try_from(size)
        .ok()
        .and_then(Board::new)
        .ok_or(ResumeError::Size(size))?;
    let geo = Geometry::new(board);
    let mut entries = Vec::new();
    for (i, line) in lines.enumerate() {
        let line = line?;
        let number = i + 2;
        if let Some(count) = line.strip_prefix("end ") {
            if count.parse() != Ok(entries.len()) {
                return Err(ResumeError::Truncated(entries.len()));
            }
            return Ok((board, entries));
        }
        entries.push(
            parse_entry(&geo, &line).map_err(|reason| ResumeError::Line {
                line: number,
                reason,
            })?,
        );
    }
    Err(ResumeError::Truncated(entries.len()))
}

/// One entry line: `KEY w|l EFFORT`.
fn parse_entry(geo: &Geometry, line: &str) -> Result<Entry, &'static str> {
    let mut words = line.split(' ');
    let (Some(key), Some(value), Some(effort), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err("expected `KEY w|l EFFORT`");
    };
    let key = u128::from_str_radix(key, 16).map_err(|_| "the key is not hexadecimal")?;
    let snail = (key >> 100) as u32;
    let cells = key & ((1 << 100) - 1);
    if key >> KEY_BITS != 0 || snail >= 100 || geo.all() >> snail & 1 == 0 {
        return Err("the key's snail cell is off the board");
    }
    if cells & !geo.all() != 0 {
        return Err("the key names cells off the board");
    }
    let win = match value {
        "w" => true,
        "l" => false,
        _ => return Err("the value must be `w` or `l`"),
    };
    let effort: u32 = effort.parse().map_err(|_| "the effort is not a number")?;
    if effort > 64 {
        return Err("the effort is above 64");
    }
    Ok((key, win, effort))
}

impl Solver {
    /// Writes the positions this solver has proven (its table) to `out`, in the text format
    /// described in `docs/slimetrail.md` (versioned; [`Solver::resume`] reads it back).
    ///
    /// ```
    /// use boardgame_kit::Game;
    /// use slimetrail_core::{Solver, State};
    /// let start = State::new(&"size=5".parse().unwrap());
    /// let mut solver = Solver::new(12);
    /// let value = solver.value(&start);
    /// let mut saved = Vec::new();
    /// solver.save(&mut saved).unwrap();
    /// let mut again = Solver::new(12);
    /// assert!(again.resume(&saved[..]).unwrap() > 0);
    /// assert_eq!(again.value(&start), value);
    /// assert!(again.nodes() < solver.nodes());
    /// ```
    pub fn save(&self, mut out: impl Write) -> std::io::Result<()> {
        writeln!(out, "{MAGIC} {SAVE_VERSION} size={}", self.geo.size())?;
        let mut count = 0usize;
        for (key, win, effort) in self.table.entries() {
            let value = if win { 'w' } else { 'l' };
            writeln!(out, "{key:x} {value} {effort}")?;
            count += 1;
        }
        writeln!(out, "end {count}")?;
        out.flush()
    }

    /// Reads positions saved by [`Solver::save`] into the table (the board size switches to
    /// the file's) and returns how many were read. A bad file (wrong header or version, a
    /// malformed line, a key off the board, cut off before its `end` line) is refused with
    /// the reason and leaves the solver unchanged.
    ///
    /// ```
    /// use slimetrail_core::{ResumeError, Solver};
    /// let mut solver = Solver::new(12);
    /// assert_eq!(solver.resume(&b"chess 1 size=7\n"[..]), Err(ResumeError::BadHeader));
    /// assert_eq!(solver.resume(&b"slimetrail-solver 1 size=7\n"[..]), Err(ResumeError::Truncated(0)));
    /// ```
    pub fn resume(&mut self, input: impl BufRead) -> Result<usize, ResumeError> {
        let (board, entries) = parse(input)?;
        if board.size() != self.geo.size() {
            self.geo = Geometry::new(board);
            self.table.clear();
        }
        for &(key, win, effort) in &entries {
            let positions = if effort == 0 { 0 } else { 1u64 << (effort - 1) };
            self.table.store(key, win, positions);
        }
        Ok(entries.len())
    }
}
