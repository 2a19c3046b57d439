//! Exact solutions for the games that have a solver (Slime Trail): the result for the seat to
//! act, and the same seat's result after each legal action.

use boardgame_kit::{DynGame, Game, ToAct};
use std::fmt;
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::time::Duration;

/// Who wins with perfect play, from the seat to act's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Whether the seat to act wins.
    pub win: bool,
    /// Each legal action (sorted by text) and whether the same seat wins after it.
    pub actions: Vec<(String, bool)>,
}

/// Why a position could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The game has no exact solver.
    #[error("{0} has no exact solver (only slimetrail has one)")]
    NoSolver(&'static str),
    /// The saved progress could not be read or is not valid.
    #[error("--resume {path}: {error}")]
    Resume {
        /// The file.
        path: String,
        /// What was wrong.
        error: slimetrail_solver::ResumeError,
    },
    /// The progress could not be saved.
    #[error("--save {path}: {error}")]
    Save {
        /// The file.
        path: String,
        /// What went wrong.
        error: String,
    },
    /// No seat is to act.
    #[error("the game is over: no seat is to act")]
    GameOver,
    /// The search stopped before it finished: its budget of positions was spent
    /// ([`SolveOptions::positions`]) or its stop hook said stop ([`SolveOptions::stop`]).
    #[error("stopped before the position was solved")]
    Stopped,
}

/// How to run a solve: who to tell about progress, and where proven positions are read from
/// before the search and written to during and after it (so that a long solve can resume, even
/// when killed). The file is the solver's versioned text format
/// (`slimetrail_solver::Solver::save`).
#[derive(Clone, Default)]
pub struct SolveOptions {
    /// Told the positions searched every 65,536 positions.
    pub progress: Option<ProgressFn>,
    /// Read the proven positions saved in this file before searching.
    pub resume: Option<PathBuf>,
    /// Write the proven positions to this file during the search (every
    /// [`SolveOptions::save_every`]) and once solved; each write replaces the file whole.
    pub save: Option<PathBuf>,
    /// How often to save during the search ([`DEFAULT_SAVE_EVERY`] when `None`).
    pub save_every: Option<Duration>,
    /// Threads to search on, sharing one table (the same memory as one thread); `None`: the
    /// available cores ([`default_threads`]). The answer is the same for any number.
    pub threads: Option<usize>,
    /// Stop with [`SolveError::Stopped`] after searching this many positions in all (the
    /// value and every action's); `None`: no limit.
    pub positions: Option<u64>,
    /// Asked every 65,536 positions whether to stop (then [`SolveError::Stopped`]): a time
    /// budget, or Ctrl-C in the Python package. See `slimetrail_solver::Solver::stop_when`.
    pub stop: Option<slimetrail_solver::StopFn>,
}

/// The threads a solve uses unless told otherwise: the available cores
/// ([`std::thread::available_parallelism`]), or one where that is unknown.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How often a solve with a save file saves during the search unless told otherwise: ten
/// minutes (a 9x9 table of 2^24 entries is some 500 MB of text, written in seconds).
pub const DEFAULT_SAVE_EVERY: Duration = Duration::from_secs(600);

impl fmt::Debug for SolveOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolveOptions")
            .field("progress", &self.progress.is_some())
            .field("resume", &self.resume)
            .field("save", &self.save)
            .field("save_every", &self.save_every)
            .field("threads", &self.threads)
            .field("positions", &self.positions)
            .field("stop", &self.stop.is_some())
            .finish()
    }
}

/// Told the number of positions searched so far, every 65,536 positions (for a
/// progress line).
pub type ProgressFn = std::sync::Arc<dyn Fn(u64) + Send + Sync>;

/// log2 of the solver's table entries for a board of `size` cells a side (one table whatever
/// the threads: they share it). On 7x7 a table of
/// 2^18 entries (4 MiB) solves the start fastest: `boardgame solve slimetrail` took 1.08-1.27 s
/// CPU against 1.14 s with 2^16, 2.1-2.3 s with 2^20 and 3.0-3.1 s with 2^22 (clearing and
/// missing in a bigger table costs more than the entries it keeps). Larger boards search far
/// more positions and get 2^24 entries (256 MiB).
fn table_bits(size: u8) -> u32 {
    if size <= 7 {
        18
    } else {
        24
    }
}

/// Solves a Slime Trail position.
pub(crate) fn slimetrail(
    game: &dyn DynGame,
    options: &SolveOptions,
) -> Result<Solution, SolveError> {
    let state: &slimetrail_core::State = game
        .as_any()
        .downcast_ref()
        .ok_or(SolveError::NoSolver(game.name()))?;
    if Game::to_act(state) == ToAct::Over {
        return Err(SolveError::GameOver);
    }
    let mut solver = slimetrail_solver::Solver::new(table_bits(state.board().size()));
    solver.set_threads(options.threads.unwrap_or_else(default_threads));
    if let Some(path) = &options.resume {
        let resumed = File::open(path)
            .map_err(slimetrail_solver::ResumeError::from)
            .and_then(|file| solver.resume(BufReader::new(file)));
        resumed.map_err(|error| SolveError::Resume {
            path: path.display().to_string(),
            error,
        })?;
    }
    if let Some(path) = &options.save {
        solver.save_every(path, options.save_every.unwrap_or(DEFAULT_SAVE_EVERY));
    }
    if let Some(report) = options.progress.clone() {
        solver.on_progress(move |p| report(p.positions));
    }
    solver.stop_when(options.stop.clone());
    // The positions left of the budget.
    let (limit, before) = (options.positions.unwrap_or(u64::MAX), solver.nodes());
    let left = |s: &slimetrail_solver::Solver| limit.saturating_sub(s.nodes() - before);
    let searched = search(&mut solver, state, &left);
    if let Some(path) = &options.save {
        // The last save is always tried, also when the search was stopped (Ctrl-C, a budget):
        // once it is written, a failed periodic save on the way no longer matters (the file
        // holds every proven position) and a stopped run resumes from it.
        if matches!(searched, Ok(_) | Err(SolveError::Stopped)) {
            let saved = solver.save_file(path).map_err(|e| e.to_string());
            saved.map_err(|error| SolveError::Save {
                path: path.display().to_string(),
                error,
            })?;
        }
    }
    searched
}

/// The value of `state` and of each legal action, within the positions `left` allows.
fn search(
    solver: &mut slimetrail_solver::Solver,
    state: &slimetrail_core::State,
    left: &dyn Fn(&slimetrail_solver::Solver) -> u64,
) -> Result<Solution, SolveError> {
    let budget = left(solver);
    let win = solver
        .value_within(state, budget)
        .ok_or(SolveError::Stopped)?
        .is_win();
    let mut legal = boardgame_kit::Actions::<slimetrail_core::State>::new();
    state.legal_actions(&mut legal);
    let mut actions = Vec::with_capacity(legal.len());
    for &a in legal.iter() {
        let mut child = *state;
        child.play_unchecked(a);
        let budget = left(solver);
        let value = solver
            .value_within(&child, budget)
            .ok_or(SolveError::Stopped)?;
        actions.push((a.to_string(), !value.is_win()));
    }
    actions.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    Ok(Solution { win, actions })
}
