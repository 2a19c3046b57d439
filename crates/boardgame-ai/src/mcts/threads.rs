//! Tree parallelism (feature `std`): one tree searched by several threads under a lock,
//! with virtual loss.

use super::agent::CLOCK_EVERY;
use super::seed::worker_seed;
use super::tree::{Leaf, Tree};
use super::walker::Walker;
use super::Mcts;
use crate::budget::Clock;
use alloc::vec::Vec;
use boardgame_kit::{Game, MAX_SEATS};

impl<G: Game> Mcts<G> {
    /// The search of one choice on [`Mcts::threads`] threads sharing the tree; returns the
    /// iterations run. Each thread drives [`BATCH`] walkers: under one hold of the lock it
    /// backs up their last playouts and sends each down again (their virtual losses keep them
    /// apart), then plays them out without the lock, so that the lock changes hands once per
    /// batch rather than once per iteration.
    #[cfg(feature = "std")]
    pub(super) fn search_shared(
        &mut self,
        root: &G,
        limit: u64,
        nodes_limit: u64,
        clock: &Clock,
    ) -> u64 {
        let walkers = self.threads * BATCH;
        while self.helpers.len() < walkers {
            let seed = worker_seed(self.seed, self.helpers.len() + 1);
            self.helpers.push(Walker::new(seed));
        }
        for w in &mut self.helpers {
            w.reserve();
            w.longest = 0;
        }
        let shared = std::sync::Mutex::new(Shared {
            tree: &mut self.tree,
            started: 0,
            stop: false,
        });
        let budget = ShareBudget {
            limit,
            nodes_limit,
            clock: *clock,
        };
        std::thread::scope(|scope| {
            let mut crews = self.helpers[..walkers].chunks_mut(BATCH);
            let mine = crews.next();
            for crew in crews {
                let shared = &shared;
                // A thread the system refuses to start is done without: its crew sits out,
                // the others spend the budget.
                let _refused = std::thread::Builder::new()
                    .spawn_scoped(scope, move || walk(shared, crew, root, budget));
            }
            if let Some(crew) = mine {
                walk(&shared, crew, root, budget);
            }
        });
        let shared = shared
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        shared.started
    }
}

/// The tree of a shared-tree search and its counts, behind the lock.
#[cfg(feature = "std")]
struct Shared<'t, G: Game> {
    tree: &'t mut Tree<G>,
    /// Iterations begun (the iteration budget is checked against these); each is backed up
    /// before its thread returns, so at the end these are the iterations run.
    started: u64,
    /// Set by the first thread to find the budget spent or the root proven.
    stop: bool,
}

/// The budget of a shared-tree search.
#[cfg(feature = "std")]
#[derive(Clone, Copy)]
struct ShareBudget {
    limit: u64,
    nodes_limit: u64,
    clock: Clock,
}

/// The walkers each thread of a shared-tree search drives.
#[cfg(feature = "std")]
const BATCH: usize = 8;

/// Takes the lock of a shared-tree search: spinning first, since it is held only for short
/// stretches and a thread put to sleep takes far longer to wake than the wait it saves; then
/// waiting on it (a machine with more threads than cores).
#[cfg(feature = "std")]
fn hold<'m, T>(lock: &'m std::sync::Mutex<T>) -> std::sync::MutexGuard<'m, T> {
    for _ in 0..SPINS {
        match lock.try_lock() {
            Ok(guard) => return guard,
            Err(std::sync::TryLockError::Poisoned(e)) => return e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => core::hint::spin_loop(),
        }
    }
    lock.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Tries of [`hold`] before it waits.
#[cfg(feature = "std")]
const SPINS: u32 = 1 << 14;

/// One thread of a shared-tree search, driving `crew` (at most [`BATCH`] walkers): under the
/// lock, backs up their last playouts and sends each down again; plays them out without it.
#[cfg(feature = "std")]
fn walk<G: Game>(
    shared: &std::sync::Mutex<Shared<'_, G>>,
    crew: &mut [Walker<G>],
    root: &G,
    budget: ShareBudget,
) {
    let mut states: Vec<G> = crew.iter().map(|_| root.clone()).collect();
    let mut results: [Option<([f32; MAX_SEATS], bool)>; BATCH] = [None; BATCH];
    let mut open;
    let mut mine = 0u64;
    let mut clock_at = CLOCK_EVERY;
    loop {
        let mut s = hold(shared);
        for (i, w) in crew.iter_mut().enumerate() {
            if let Some((value, proved)) = results[i].take() {
                s.tree.ascend(w, value, proved, true);
                w.unwind(&mut states[i]);
            }
        }
        if mine >= clock_at {
            clock_at = mine + CLOCK_EVERY;
            if budget.clock.expired() {
                s.stop = true;
            }
        }
        open = [false; BATCH];
        for (i, w) in crew.iter_mut().enumerate() {
            let spent = s.started >= budget.limit
                || s.tree.nodes[0].exact
                || s.tree.nodes.len() as u64 >= budget.nodes_limit;
            if s.stop || spent {
                s.stop = true;
                break;
            }
            s.started += 1;
            mine += 1;
            match s.tree.descend(w, &mut states[i], true) {
                Leaf::Known(value, proved) => results[i] = Some((value, proved)),
                Leaf::Open => open[i] = true,
            }
        }
        let stopped = s.stop;
        let rollout = s.tree.rollout();
        drop(s);
        let mut any = false;
        for (i, w) in crew.iter_mut().enumerate() {
            if open[i] {
                results[i] = Some((w.playout(&mut states[i], rollout), false));
            }
            any |= results[i].is_some();
        }
        if stopped && !any {
            return;
        }
    }
}
