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

use super::table::{Table, KEY_BITS};
use super::{Geometry, Solver};
use slimetrail_core::Board;
use std::ffi::OsString;
use std::fs::File;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::time::{Duration, Instant};
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

/// A periodic save (see [`Solver::save_every`]) failed; no further periodic saves are tried.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot save solver progress to {path}: {reason}")]
pub struct CheckpointError {
    /// The file that could not be written.
    pub path: String,
    /// What went wrong.
    pub reason: String,
}

/// Periodic saving during a search: where, how often, and how it went.
#[derive(Clone, Debug)]
pub(crate) struct Checkpoint {
    path: PathBuf,
    every: Duration,
    last: Instant,
    saves: u64,
    error: Option<CheckpointError>,
}

impl Checkpoint {
    /// Called on every progress tick: saves the table when the interval has passed.
    pub(crate) fn tick(&mut self, size: u8, table: &Table) {
        if self.error.is_some() || self.last.elapsed() < self.every {
            return;
        }
        match write_atomically(&self.path, size, table) {
            Ok(()) => self.saves += 1,
            Err(e) => {
                self.error = Some(CheckpointError {
                    path: self.path.display().to_string(),
                    reason: e.to_string(),
                })
            }
        }
        self.last = Instant::now();
    }
}

/// Writes the table in the saved-progress format.
fn write_table(mut out: impl Write, size: u8, table: &Table) -> std::io::Result<()> {
    writeln!(out, "{MAGIC} {SAVE_VERSION} size={size}")?;
    let mut count = 0usize;
    for (key, win, effort) in table.entries() {
        let value = if win { 'w' } else { 'l' };
        writeln!(out, "{key:x} {value} {effort}")?;
        count += 1;
    }
    writeln!(out, "end {count}")?;
    out.flush()
}

/// Writes the table to `path` through a temporary file next to it (`PATH.tmp`), renamed over
/// `path` once complete: a run killed while saving leaves the previous save whole.
fn write_atomically(path: &Path, size: u8, table: &Table) -> std::io::Result<()> {
    let mut tmp = OsString::from(path.as_os_str());
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut out = BufWriter::new(File::create(&tmp)?);
    write_table(&mut out, size, table)?;
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(&tmp, path)
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
    /// use slimetrail_core::State;
    /// use slimetrail_solver::Solver;
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
    pub fn save(&self, out: impl Write) -> std::io::Result<()> {
        write_table(out, self.geo.size(), &self.table)
    }

    /// [`Solver::save`] to a file, atomically: the positions are written to `PATH.tmp`, which
    /// then replaces `path`, so a run killed while saving leaves the earlier file whole.
    ///
    /// ```
    /// use boardgame_kit::Game;
    /// use slimetrail_core::State;
    /// use slimetrail_solver::Solver;
    /// let path = std::env::temp_dir().join(format!("st-save-file-{}.txt", std::process::id()));
    /// let mut solver = Solver::new(12);
    /// let _ = solver.value(&State::new(&"size=5".parse().unwrap()));
    /// solver.save_file(&path).unwrap();
    /// let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    /// assert!(Solver::new(12).resume(file).unwrap() > 0);
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn save_file(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        write_atomically(path.as_ref(), self.geo.size(), &self.table)
    }

    /// Saves the proven positions to `path` (as [`Solver::save_file`]) during later searches,
    /// each time `every` has passed since the last save (or since this call), checked every
    /// 65,536 positions: a long solve that is killed resumes from its last save with
    /// [`Solver::resume`]. A failed save is kept for [`Solver::checkpoints`] and stops the
    /// periodic saving; the search goes on.
    ///
    /// ```
    /// use boardgame_kit::Game;
    /// use slimetrail_core::State;
    /// use slimetrail_solver::Solver;
    /// use std::time::Duration;
    /// let path = std::env::temp_dir().join(format!("st-save-every-{}.txt", std::process::id()));
    /// let mut solver = Solver::new(16);
    /// solver.save_every(&path, Duration::ZERO);
    /// let mut s = State::default();
    /// for step in ["c4", "c5", "d5", "e5", "e4", "e3"] {
    ///     s.play(step.parse().unwrap());
    /// }
    /// let _ = solver.action_values(&s); // about 69,000 positions: one save
    /// assert!(solver.checkpoints().unwrap() > 0);
    /// assert!(std::fs::read_to_string(&path).unwrap().starts_with("slimetrail-solver 1 size=7"));
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn save_every(&mut self, path: impl Into<PathBuf>, every: Duration) {
        self.checkpoint = Some(Checkpoint {
            path: path.into(),
            every,
            last: Instant::now(),
            saves: 0,
            error: None,
        });
    }

    /// How many periodic saves [`Solver::save_every`] has made, or the failure that stopped
    /// them (zero when periodic saving is off).
    pub fn checkpoints(&self) -> Result<u64, CheckpointError> {
        match &self.checkpoint {
            None => Ok(0),
            Some(c) => c.error.clone().map_or(Ok(c.saves), Err),
        }
    }

    /// Reads positions saved by [`Solver::save`] into the table (the board size switches to
    /// the file's) and returns how many were read. A bad file (wrong header or version, a
    /// malformed line, a key off the board, cut off before its `end` line) is refused with
    /// the reason and leaves the solver unchanged.
    ///
    /// ```
    /// use slimetrail_solver::{ResumeError, Solver};
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
            self.table.store_mut(key, win, positions);
        }
        Ok(entries.len())
    }
}
