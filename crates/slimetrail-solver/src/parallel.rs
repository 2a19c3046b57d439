//! Searching on several threads (feature `std`): every thread searches the same position over
//! the one table they share, and the first to finish stops the others.
//!
//! Shared work comes from the table: a position one thread has proven, the others look up.
//! To keep the threads off one another's positions, a search below a position with at least
//! [`SHARE_FROM`](super::search::SHARE_FROM) free cells marks each child while it searches it,
//! and leaves to the end the children another thread has marked (by then often proven, else
//! searched by both, which split again further down). The first child of such a position is
//! searched by every thread: a well-ordered search mostly decides a position by its first
//! child, and the other children would then be wasted work. This is ABDADA (Weill 1996) for a
//! win/loss search.
//!
//! Every thread's answer is the position's exact value: an entry is stored only when its proof
//! is complete (a thread told to stop stores nothing more), and the table never returns an
//! entry half-written by another thread (see `table.rs`). So the answer does not depend on which
//! thread finishes first.

use super::geometry::Geometry;
use super::search::{Budget, Crew, Marks, Node, Search, Team, Tick, SHARED_DEPTH, TICK_EVERY};
use super::table::Table;
use super::{Solver, Value};
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU8, Ordering};
use slimetrail_core::{State, Step};

/// Searches `node` on `threads` threads over `table`, within `limit` positions in all (checked
/// every [`POLL_EVERY`](super::search::POLL_EVERY) positions of each thread). Returns whether
/// the mover wins (`None` if the budget ran out first) and the positions searched by all
/// threads. `tick` is the progress report, told the solver's count (`before` plus the positions
/// of all threads in this search): called from the first thread each time that count passes a
/// multiple of [`TICK_EVERY`], and once at the end if the last multiple passed went unreported
/// (so that many short searches, one per action, add up to their reports, as on one thread).
pub(crate) fn search_together(
    geo: &Geometry,
    table: &Table,
    threads: usize,
    limit: u64,
    node: Node,
    before: u64,
    tick: Tick<'_>,
) -> (Option<bool>, u64) {
    let crew = Crew {
        limit,
        ..Crew::default()
    };
    let together = Together {
        geo,
        table,
        marks: &Marks::new(),
        crew: &crew,
        found: &AtomicU8::new(0),
        node,
        parts_log: table.parts_log(threads),
        shared_from: node
            .component(geo)
            .count_ones()
            .saturating_sub(SHARED_DEPTH),
    };
    let nodes = std::thread::scope(|scope| {
        let together = &together;
        // Every thread searches the whole position: a thread the system refuses to start is
        // done without.
        let helpers: Vec<_> = (1..threads)
            .filter_map(|part| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || together.run(part, None))
                    .ok()
            })
            .collect();
        let mut reported = before / TICK_EVERY;
        let mut all = |_: u64, t: &Table| {
            let positions = crew.positions.load(Ordering::Relaxed);
            let passed = (before + positions) / TICK_EVERY;
            if passed > reported {
                reported = passed;
                return tick(before + positions, t);
            }
            true
        };
        let mut nodes = together.run(0, Some(&mut all));
        for h in helpers {
            nodes += h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
        if (before + nodes) / TICK_EVERY > reported {
            let _ = tick(before + nodes, table);
        }
        nodes
    });
    let win = match together.found.load(Ordering::Relaxed) {
        0 => None,
        f => Some(f == 2),
    };
    (win, nodes)
}

/// What the threads of one search share.
struct Together<'a> {
    geo: &'a Geometry,
    table: &'a Table,
    marks: &'a Marks,
    crew: &'a Crew,
    /// 0 while no thread has finished, then 1 + whether the mover wins.
    found: &'a AtomicU8,
    node: Node,
    parts_log: u32,
    shared_from: u32,
}

impl<'a> Together<'a> {
    /// One thread's search, keeping its small positions in part `part` of the table; returns
    /// its positions searched.
    fn run(&self, part: usize, tick: Option<Tick<'a>>) -> u64 {
        let mut search = Search {
            geo: self.geo,
            table: Team {
                table: self.table,
                marks: self.marks,
                shared_from: self.shared_from,
                part,
                parts_log: self.parts_log,
            },
            budget: Budget {
                nodes: 0,
                tick,
                limit: u64::MAX,
                stopped: false,
                crew: Some(self.crew),
            },
        };
        let win = search.wins(self.node);
        if !search.budget.stopped {
            self.found.store(1 + win as u8, Ordering::Relaxed);
            self.crew.stop.store(true, Ordering::Relaxed);
        }
        search.budget.nodes
    }
}

impl Solver {
    /// [`Solver::action_values`] on `threads` threads (at least one) sharing this solver's
    /// table, as after [`Solver::set_threads`] (the solver's own thread count is left as it
    /// was).
    ///
    /// ```
    /// use slimetrail_core::State;
    /// use slimetrail_solver::Solver;
    /// use boardgame_kit::Game;
    /// let start = State::new(&"size=5".parse().unwrap());
    /// let mut solver = Solver::new(14);
    /// let split = solver.action_values_parallel(&start, 2);
    /// assert_eq!(split, Solver::new(14).action_values(&start));
    /// assert_eq!(solver.threads(), 1);
    /// ```
    #[must_use]
    pub fn action_values_parallel(&mut self, state: &State, threads: usize) -> Vec<(Step, Value)> {
        let own = self.threads;
        self.set_threads(threads);
        let values = self.action_values(state);
        self.threads = own;
        values
    }
}
