//! The root split over threads (feature `std`): the legal actions are shared out among worker
//! threads, each searching with its own copy of the solver's table.

use super::{Solver, Value};
use crate::state::{State, Step};
use alloc::vec::Vec;
use boardgame_kit::{Actions, Game};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

impl Solver {
    /// [`Solver::action_values`] with the actions shared out among `threads` threads (at least
    /// one). Each thread searches with a copy of this solver's table, so memory grows with the
    /// threads; the positions searched by all threads are added to [`Solver::nodes`], and each
    /// thread reports its own progress. The workers do not save periodically
    /// ([`Solver::save_every`]), and their tables are not merged back into this solver.
    ///
    /// ```
    /// use slimetrail_core::{Solver, State};
    /// use boardgame_kit::Game;
    /// let start = State::new(&"size=5".parse().unwrap());
    /// let mut solver = Solver::new(14);
    /// let split = solver.action_values_parallel(&start, 2);
    /// assert_eq!(split, Solver::new(14).action_values(&start));
    /// ```
    #[must_use]
    pub fn action_values_parallel(&mut self, state: &State, threads: usize) -> Vec<(Step, Value)> {
        let mut list = Actions::<State>::new();
        state.legal_actions(&mut list);
        let next = AtomicUsize::new(0);
        let results = Mutex::new(Vec::with_capacity(list.len()));
        let nodes = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads.clamp(1, list.len().max(1)) {
                let mut worker = self.clone();
                // Each worker holds only part of the work: none saves periodically.
                worker.checkpoint = None;
                let (list, next, results, nodes) = (&list, &next, &results, &nodes);
                scope.spawn(move || {
                    let before = worker.nodes();
                    while let Some(&a) = list.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let mut child = *state;
                        child.play_unchecked(a);
                        let value = !worker.value(&child);
                        results
                            .lock()
                            .unwrap_or_else(|poisoned| poisoned.into_inner())
                            .push((a, value));
                    }
                    nodes.fetch_add((worker.nodes() - before) as usize, Ordering::Relaxed);
                });
            }
        });
        self.nodes += nodes.into_inner() as u64;
        let mut out = results
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        out.sort_by_key(|&(a, _)| list.iter().position(|&b| b == a));
        out
    }
}
