//! # slimetrail-solver
//!
//! Exact solving of **Slime Trail** ([`slimetrail_core`]): the [`Value`] (win or loss) of a
//! position and of every legal action under perfect play, and a best action ([`Solver`]).
//!
//! The search works in the mover's frame (see `geometry.rs`): the player to move always
//! owns the bottom-left corner, so the two seats share every entry of the transposition table,
//! and a position and its mirror in the long diagonal share one too. The key is the snail's cell
//! and the free cells it can still reach: cells cut off never matter again. Once neither corner
//! can be reached the game is vertex geography and a maximum matching decides it without search
//! (`matching.rs`). See `docs/slimetrail.md` for the method and the measured results.
//!
//! The solver stands on the rules crate's public API alone (the board's cells and king-step
//! masks, a state's slime, snail and mover), so it is a crate of its own: a program that plays
//! Slime Trail does not build it.
//!
//! ## Features
//! - `std`: the solver measures elapsed time in its progress reports, splits the root over
//!   threads, and saves and resumes its proven positions ([`Solver::save`], [`Solver::resume`]).
//!
//! ## Example
//! ```
//! use boardgame_kit::Game;
//! use slimetrail_core::State;
//! use slimetrail_solver::{Solver, Value};
//! let start = State::new(&"size=5".parse().unwrap());
//! let mut solver = Solver::new(16);
//! assert_eq!(solver.value(&start), Value::Win); // the first player wins on 5x5
//! ```
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod dfpn;
mod geometry;
mod matching;
#[cfg(feature = "std")]
mod parallel;
#[cfg(feature = "std")]
mod saved;
mod search;
mod table;

use alloc::sync::Arc;
use alloc::vec::Vec;
use boardgame_kit::{Actions, Game, Seat, ToAct};
use core::fmt;
use core::time::Duration;
use dfpn::{Dfpn, PnTable};
use geometry::Geometry;
use search::{Budget, Node, Search};
use slimetrail_core::{Board, State, Step};
use table::Table;
pub use table::{TableError, MAX_TABLE_BITS, MIN_TABLE_BITS};

#[cfg(feature = "std")]
pub use saved::{CheckpointError, ResumeError, SAVE_VERSION};

/// The result of a position for one seat under perfect play by both sides. Slime Trail has no
/// draws.
///
/// ```
/// use slimetrail_solver::Value;
/// assert_eq!(Value::Win.to_string(), "win");
/// assert_eq!(!Value::Win, Value::Loss);
/// assert!(Value::Loss.is_loss());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// The seat loses whatever it does.
    Loss,
    /// The seat can force a win.
    Win,
}

impl Value {
    /// Whether this is [`Value::Win`].
    pub const fn is_win(self) -> bool {
        matches!(self, Value::Win)
    }

    /// Whether this is [`Value::Loss`].
    pub const fn is_loss(self) -> bool {
        matches!(self, Value::Loss)
    }

    const fn of(win: bool) -> Value {
        if win {
            Value::Win
        } else {
            Value::Loss
        }
    }
}

impl core::ops::Not for Value {
    type Output = Value;
    /// The value for the other seat.
    fn not(self) -> Value {
        Value::of(self.is_loss())
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_win() { "win" } else { "loss" })
    }
}

/// How a [`Solver`] searches. Both methods give the same values; they differ in the positions
/// searched and the memory used (see `docs/slimetrail.md` for measurements).
///
/// ```
/// use boardgame_kit::Game;
/// use slimetrail_core::State;
/// use slimetrail_solver::{Method, Solver};
/// let start = State::new(&"size=5".parse().unwrap());
/// let mut pns = Solver::new(14);
/// pns.set_method(Method::ProofNumber).unwrap();
/// assert_eq!(pns.action_values(&start), Solver::new(14).action_values(&start));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Method {
    /// Depth-first win/loss search: moves that restrict the opponent first, every child looked
    /// up before any is searched (the default).
    #[default]
    DepthFirst,
    /// Depth-first proof-number search (df-pn): always goes down the branch that looks
    /// cheapest to prove, keeping the proof and disproof numbers of unproven positions in a
    /// second table of the same number of entries (32 bytes each), made by
    /// [`Solver::set_method`] with the memory taken fallibly.
    ProofNumber,
}

/// A progress report, given to the callback of [`Solver::on_progress`] every 65,536 positions
/// searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions searched in the current call so far.
    pub positions: u64,
    /// Time since the current call began (measured only with the `std` feature).
    pub elapsed: Option<Duration>,
}

/// The progress callback (shared by clones of a solver).
type ProgressFn = Arc<dyn Fn(Progress) + Send + Sync>;

/// A hook a search asks, every 65,536 positions, whether to stop ([`Solver::stop_when`]).
pub type StopFn = Arc<dyn Fn() -> bool + Send + Sync>;

/// An exact solver with a transposition table of `2^bits` entries (16 bytes each), kept between
/// calls so that the positions of one game share work. Cloning copies the tables (the memory
/// taken as any `Vec` clone takes it). Tables of 2^20 entries (16 MiB) prove the 7x7 start in
/// well under a second.
///
/// All values are for the seat to act in the state given (or, once the game is over, the seat
/// that would act next).
///
/// ```
/// use slimetrail_core::State;
/// use slimetrail_solver::{Solver, Value};
/// use boardgame_kit::{Game, Seat};
/// let mut solver = Solver::new(16);
/// let start = State::new(&"size=5".parse().unwrap());
/// assert_eq!(solver.value(&start), Value::Win); // seat 1 wins 5x5
/// let winning: Vec<String> = solver
///     .action_values(&start)
///     .into_iter()
///     .filter(|(_, v)| v.is_win())
///     .map(|(a, _)| a.to_string())
///     .collect();
/// assert!(!winning.is_empty());
/// // After c3 b2, seat 1 to move steps into a1 and wins.
/// let mut s = State::default();
/// for m in ["c3", "b2"] { s.play(m.parse().unwrap()); }
/// assert_eq!(solver.winner(&s), Seat::of(0));
/// assert_eq!(solver.best_action(&s).unwrap().to_string(), "a1");
/// assert!(solver.nodes() > 0);
/// ```
#[derive(Clone)]
pub struct Solver {
    geo: Geometry,
    table: Table,
    nodes: u64,
    progress: Option<ProgressFn>,
    stop: Option<StopFn>,
    /// log2 of the table entries (the size of the proof-number table).
    bits: u32,
    /// The proof-number table: there while the method is [`Method::ProofNumber`].
    numbers: Option<PnTable>,
    /// Threads of a depth-first search (see [`Solver::set_threads`]).
    threads: usize,
    /// Periodic saving during searches (see [`Solver::save_every`]).
    #[cfg(feature = "std")]
    checkpoint: Option<saved::Checkpoint>,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("size", &self.geo.size())
            .field("table_entries", &self.table.capacity())
            .field("nodes", &self.nodes)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// A solver with `2^bits` table entries (`bits` is clamped to 4..=30). Where `bits` comes
    /// from a user, [`Solver::try_new`] refuses a size out of range and memory the system
    /// refuses instead of aborting.
    pub fn new(bits: u32) -> Solver {
        Self::with_table(bits, Table::new(bits))
    }

    /// A solver with `2^bits` table entries: `bits` from [`MIN_TABLE_BITS`] to
    /// [`MAX_TABLE_BITS`] (2^30 entries take 16 GiB), the memory taken fallibly.
    ///
    /// ```
    /// use slimetrail_solver::{Solver, TableError};
    /// assert!(matches!(Solver::try_new(31), Err(TableError::TooLarge { bits: 31 })));
    /// assert!(matches!(Solver::try_new(3), Err(TableError::TooLarge { bits: 3 })));
    /// assert!(Solver::try_new(12).is_ok());
    /// ```
    pub fn try_new(bits: u32) -> Result<Solver, TableError> {
        if !(MIN_TABLE_BITS..=MAX_TABLE_BITS).contains(&bits) {
            return Err(TableError::TooLarge { bits });
        }
        Ok(Self::with_table(bits, Table::try_new(bits)?))
    }

    fn with_table(bits: u32, table: Table) -> Solver {
        Solver {
            geo: Geometry::new(Board::STANDARD),
            table,
            nodes: 0,
            progress: None,
            stop: None,
            bits,
            numbers: None,
            threads: 1,
            #[cfg(feature = "std")]
            checkpoint: None,
        }
    }

    /// Chooses how later calls search ([`Method::DepthFirst`] unless told otherwise). Proven
    /// positions are shared: what one method proved, the other reads from the table.
    ///
    /// [`Method::ProofNumber`] makes its table of proof and disproof numbers here, as large as
    /// the solver's (`2^bits` entries of 32 bytes: twice the solver's memory), the memory
    /// taken fallibly: [`TableError::OutOfMemory`] when the system refuses it, and the method
    /// stays as it was. [`Method::DepthFirst`] frees that table (the numbers of unproven
    /// positions are forgotten; what was proven stays in the solver's table).
    ///
    /// ```
    /// use boardgame_kit::Game;
    /// use slimetrail_core::State;
    /// use slimetrail_solver::{Method, Solver, TableError, Value};
    /// let mut solver = Solver::try_new(14)?;
    /// solver.set_method(Method::ProofNumber)?; // 2^14 entries of 32 bytes: 512 KiB more
    /// assert_eq!(solver.method(), Method::ProofNumber);
    /// assert_eq!(solver.value(&State::new(&"size=5".parse().unwrap())), Value::Win);
    /// solver.set_method(Method::DepthFirst)?;
    /// # Ok::<(), TableError>(())
    /// ```
    pub fn set_method(&mut self, method: Method) -> Result<(), TableError> {
        match method {
            Method::DepthFirst => self.numbers = None,
            Method::ProofNumber => {
                if self.numbers.is_none() {
                    self.numbers = Some(PnTable::try_new(self.bits)?);
                }
            }
        }
        Ok(())
    }

    /// How this solver searches.
    pub fn method(&self) -> Method {
        if self.numbers.is_some() {
            Method::ProofNumber
        } else {
            Method::DepthFirst
        }
    }

    /// The most threads of one search ([`Solver::set_threads`] takes at most this many; a
    /// thread the system refuses to start is done without).
    pub const MAX_THREADS: usize = 256;

    /// Runs later depth-first searches on `threads` threads (1 to [`Solver::MAX_THREADS`]; one
    /// unless told otherwise), all sharing this solver's one table: no copy per thread, so the memory is
    /// the same as with one thread. Each thread searches the whole position; below positions
    /// with many free cells a thread leaves to the end the moves another thread is searching, so
    /// the threads share out the work through the table. The values are the same with any
    /// number of threads (every stored entry is a finished proof, and no thread reads an entry
    /// half-written by another); the positions searched ([`Solver::nodes`]) vary from run to
    /// run with the threads' timing. The proof-number search ([`Method::ProofNumber`]) runs on
    /// one thread whatever this says. Feature `std`.
    ///
    /// ```
    /// use boardgame_kit::Game;
    /// use slimetrail_core::State;
    /// use slimetrail_solver::Solver;
    /// let start = State::new(&"size=5".parse().unwrap());
    /// let mut two = Solver::new(14);
    /// two.set_threads(2);
    /// assert_eq!(two.threads(), 2);
    /// assert_eq!(two.action_values(&start), Solver::new(14).action_values(&start));
    /// ```
    #[cfg(feature = "std")]
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, Self::MAX_THREADS);
    }

    /// The threads of a depth-first search (see [`Solver::set_threads`]).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Calls `report` every 65,536 positions searched (for a progress line).
    ///
    /// ```
    /// use slimetrail_core::State;
    /// use slimetrail_solver::Solver;
    /// let mut solver = Solver::new(12);
    /// solver.on_progress(|p| eprintln!("{} positions", p.positions));
    /// solver.value(&State::default());
    /// ```
    pub fn on_progress(&mut self, report: impl Fn(Progress) + Send + Sync + 'static) {
        self.progress = Some(Arc::new(report));
    }

    /// Asks `stop` every 65,536 positions a search counts (on several threads: each time
    /// their total passes a multiple, from the calling thread) whether to stop; once it says
    /// yes the search stops as a spent budget does: [`Solver::value_within`] returns `None`,
    /// and the positions proven so far stay in the table. `None` removes the hook. This is
    /// how a caller stops a long solve from outside (Ctrl-C in the Python package, a time
    /// budget).
    ///
    /// ```
    /// use slimetrail_core::State;
    /// use slimetrail_solver::Solver;
    /// use std::sync::Arc;
    /// let mut solver = Solver::new(16);
    /// solver.stop_when(Some(Arc::new(|| true)));
    /// assert_eq!(solver.value_within(&State::default(), u64::MAX), None);
    /// assert!(solver.nodes() < 100_000); // the 7x7 start takes some 1.7 million
    /// solver.stop_when(None);
    /// assert!(solver.value_within(&State::default(), u64::MAX).is_some());
    /// ```
    pub fn stop_when(&mut self, stop: Option<StopFn>) {
        self.stop = stop;
    }

    /// Positions searched so far, over all calls.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `state` for the seat to act.
    #[must_use]
    pub fn value(&mut self, state: &State) -> Value {
        if state.to_act() == ToAct::Over {
            return Value::of(state.corner_owner() == Some(state.mover()));
        }
        let node = self.node(state);
        Value::of(self.run(u64::MAX, node).unwrap_or(false))
    }

    /// [`Solver::value`] within a budget: `None` when the search stops after searching
    /// `positions` positions without an answer. Every position proven before it stopped stays in
    /// the table (and is saved by [`Solver::save`]), so a later call goes on from there.
    ///
    /// ```
    /// use slimetrail_core::State;
    /// use slimetrail_solver::{Solver, Value};
    /// let mut solver = Solver::new(16);
    /// assert_eq!(solver.value_within(&State::default(), 1000), None);
    /// assert_eq!(solver.nodes(), 1000);
    /// assert_eq!(solver.value_within(&State::default(), u64::MAX), Some(Value::Win));
    /// ```
    #[must_use]
    pub fn value_within(&mut self, state: &State, positions: u64) -> Option<Value> {
        if state.to_act() == ToAct::Over {
            return Some(self.value(state));
        }
        let node = self.node(state);
        self.run(positions, node).map(Value::of)
    }

    /// Every legal action with its value for the seat to act (the seat's result after playing
    /// it), in the order of [`Game::legal_actions`]; empty once the game is over.
    #[must_use]
    pub fn action_values(&mut self, state: &State) -> Vec<(Step, Value)> {
        let mut list = Actions::<State>::new();
        state.legal_actions(&mut list);
        list.iter()
            .map(|&a| {
                let mut child = *state;
                child.play_unchecked(a);
                (a, !self.value(&child))
            })
            .collect()
    }

    /// The seat that wins from `state` with perfect play by both sides (the winner, if the
    /// game is over).
    #[must_use]
    pub fn winner(&mut self, state: &State) -> Seat {
        let mover = state.mover();
        match self.value(state) {
            Value::Win => mover,
            Value::Loss => Seat::of(1 - mover.index()),
        }
    }

    /// The action to play: from a won position one that keeps the win (stepping into the own
    /// corner when it can), from a lost one the longest resistance found cheaply (see
    /// [`Solver::resistance`]); `None` once the game is over.
    #[must_use]
    pub fn best_action(&mut self, state: &State) -> Option<Step> {
        let values = self.action_values(state);
        let own = state.board().cell(state.board().corner(state.mover()));
        if let Some(&(a, _)) = values.iter().find(|(a, _)| a.0 == own) {
            return Some(a);
        }
        if let Some(&(a, _)) = values.iter().find(|(_, v)| v.is_win()) {
            return Some(a);
        }
        values
            .iter()
            .map(|&(a, _)| a)
            .max_by_key(|&a| self.resistance(state, a))
    }

    /// Same as [`Solver::best_action`].
    #[must_use]
    pub fn best_move(&mut self, state: &State) -> Option<Step> {
        self.best_action(state)
    }

    /// How hard a losing action makes the opponent's task, higher is better: an action that
    /// loses at once (into the opponent's corner, or next to it) scores lowest; otherwise fewer
    /// winning replies for the opponent score higher, and among equals more replies in all
    /// (more ways to go wrong).
    #[must_use]
    pub fn resistance(&mut self, state: &State, action: Step) -> (bool, i32, u32) {
        let mut child = *state;
        child.play_unchecked(action);
        if child.to_act() == ToAct::Over {
            return (false, 0, 0);
        }
        let board = state.board();
        let theirs = board.corner(child.mover());
        let replies = self.action_values(&child);
        let next_to_goal = replies.iter().any(|(a, _)| board.index(a.0) == theirs);
        let winning = replies.iter().filter(|(_, v)| v.is_win()).count() as i32;
        (!next_to_goal, -winning, replies.len() as u32)
    }

    /// The state in the mover's frame; the table is cleared when the board size changes.
    fn node(&mut self, state: &State) -> Node {
        let board = state.board();
        if board.size() != self.geo.size() {
            self.geo = Geometry::new(board);
            self.table.clear();
            if let Some(numbers) = self.numbers.as_mut() {
                numbers.clear();
            }
        }
        let snail = board.index(state.snail());
        let free = self.geo.all() & !state.slime() & !(1 << snail);
        let node = Node { free, snail };
        if state.mover().index() == 0 {
            node
        } else {
            Node {
                free: self.geo.rotate(free),
                snail: self.geo.rotate_cell(snail),
            }
        }
    }

    /// Runs one search of at most `limit` positions (`None` if it stopped there), counting its
    /// positions, reporting progress and saving periodically.
    fn run(&mut self, limit: u64, node: Node) -> Option<bool> {
        let report = self.progress.clone();
        let stop = self.stop.clone();
        let size = self.geo.size();
        #[cfg(feature = "std")]
        let checkpoint = &mut self.checkpoint;
        // The clock is read only when someone listens: `Instant::now` panics on
        // `wasm32-unknown-unknown` even with `std`.
        #[cfg(feature = "std")]
        let started = report.as_ref().map(|_| std::time::Instant::now());
        // The search counts on from the solver's total, so that the ticks of many short
        // searches (one per action) add up.
        let before = self.nodes;
        let mut tick = |total: u64, _table: &Table| {
            let positions = total - before;
            if let Some(r) = report.as_ref() {
                #[cfg(feature = "std")]
                let elapsed = started.map(|t| t.elapsed());
                #[cfg(not(feature = "std"))]
                let elapsed = None;
                r(Progress { positions, elapsed });
            }
            #[cfg(feature = "std")]
            if let Some(c) = checkpoint.as_mut() {
                c.tick(size, _table);
            }
            let _ = size;
            !stop.as_ref().is_some_and(|s| s())
        };
        #[cfg(feature = "std")]
        if self.threads > 1 && self.numbers.is_none() {
            let (win, nodes) = parallel::search_together(
                &self.geo,
                &self.table,
                self.threads,
                limit.max(1),
                node,
                before,
                &mut tick,
            );
            self.nodes += nodes;
            return win;
        }
        let budget = Budget {
            nodes: before,
            tick: Some(&mut tick),
            limit: before.saturating_add(limit.max(1)),
            stopped: false,
            crew: None,
        };
        let (win, budget) = match self.numbers.as_mut() {
            None => {
                let mut search = Search {
                    geo: &self.geo,
                    table: &mut self.table,
                    budget,
                };
                (search.wins(node), search.budget)
            }
            Some(numbers) => {
                let mut search = Dfpn {
                    geo: &self.geo,
                    proven: &mut self.table,
                    numbers,
                    budget,
                };
                (search.wins(node), search.budget)
            }
        };
        self.nodes = budget.nodes;
        (!budget.stopped).then_some(win)
    }
}

// The README's example is a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
