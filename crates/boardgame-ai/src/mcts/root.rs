//! Root-parallel MCTS (feature `std`): `N` independent trees searched on `N` threads, their
//! root statistics merged.
//!
//! Each thread runs its own [`Mcts`] with a seed derived from the agent's seed and the
//! thread's number, on an equal share of the iteration budget (a time budget applies to each
//! thread whole). The choice is made from the merged root: a proven win in any tree, never a
//! proven loss when anything else exists, else the most visits summed over the trees (ties:
//! the higher visit-weighted mean). Every tree is told the actions played, so each keeps its
//! subtree. The same seed, thread count and budget without time give the same choice.

use super::seed::worker_seed;
use super::{Mcts, MctsConfig};
use crate::agent::{last_analysis_and_budget, legal_for_seat, Agent, AgentError};
use crate::analysis::{ActionStat, Analysis};
use crate::budget::Budget;
use alloc::vec::Vec;
use boardgame_kit::{Actions, Game, SeatValues, MAX_SEATS};

/// MCTS on several threads, one tree each (root parallelism).
///
/// ```
/// use boardgame_ai::{Agent, Budget, MctsConfig, ParallelMcts};
/// use boardgame_kit::{testing::Nim, Game};
/// let game = Nim::new(&Default::default());
/// let mut agent = ParallelMcts::new(MctsConfig::default(), Budget::iterations(2000), 1, 2);
/// assert_eq!(agent.choose(&game).unwrap().to_string(), "2");
/// assert!(agent.analysis().unwrap().iterations <= 2000); // each tree stops once it proves the win
/// ```
#[derive(Clone, Debug)]
pub struct ParallelMcts<G: Game> {
    workers: Vec<Mcts<G>>,
    budget: Budget,
    last: Option<Analysis<G::Action>>,
}

impl<G: Game> ParallelMcts<G> {
    /// The most threads accepted.
    pub const MAX_THREADS: usize = 64;

    /// An agent with `threads` trees (1 to [`ParallelMcts::MAX_THREADS`]); tree `i` is seeded
    /// from `seed` and `i`, and each tree keeps `config.max_nodes / threads` nodes at most.
    #[must_use]
    pub fn new(config: MctsConfig, budget: Budget, seed: u64, threads: usize) -> Self {
        let threads = threads.clamp(1, Self::MAX_THREADS);
        // The memory cap is the agent's, shared out among the trees (at least one node each),
        // so more threads never reserve more memory than one tree would.
        let per_tree = MctsConfig {
            max_nodes: (config.max_nodes / threads as u32).max(1),
            ..config
        };
        let workers = (0..threads)
            .map(|i| Mcts::new(per_tree, budget, worker_seed(seed, i)))
            .collect();
        ParallelMcts {
            workers,
            budget,
            last: None,
        }
    }

    /// The number of trees (threads).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Each tree's share of the budget: the iterations split evenly (the first trees take the
    /// remainder), time and nodes as they are.
    fn share(&self, i: usize) -> Budget {
        let budget = self.budget.or(Mcts::<G>::DEFAULT_BUDGET);
        match budget.iteration_limit() {
            Some(n) => {
                let k = self.workers.len() as u64;
                let part = n / k + u64::from((i as u64) < n % k);
                budget.with_iterations(part.max(1))
            }
            None => budget,
        }
    }

    /// The merged analysis and choice of the trees' last choices.
    fn merge(&self, legal: &Actions<G>) -> Option<(G::Action, Analysis<G::Action>)> {
        let analyses: Vec<&Analysis<G::Action>> =
            self.workers.iter().filter_map(|w| w.analysis()).collect();
        let first = analyses.first()?;
        let seat = first.seat;
        let mut actions: Vec<ActionStat<G::Action>> = legal
            .iter()
            .map(|&a| ActionStat::new(a, 0, 0.0, false))
            .collect();
        for stat in analyses.iter().flat_map(|a| a.actions.iter()) {
            let Some(m) = actions.iter_mut().find(|m| m.action == stat.action) else {
                continue;
            };
            if m.exact {
                m.visits += stat.visits;
                continue;
            }
            if stat.exact {
                m.value = stat.value;
                m.exact = true;
            } else {
                let total = m.visits + stat.visits;
                if total > 0 {
                    m.value = (m.value * m.visits as f32 + stat.value * stat.visits as f32)
                        / total as f32;
                }
            }
            m.visits += stat.visits;
        }
        let tier = |s: &ActionStat<G::Action>| match (s.exact, s.value) {
            (true, v) if v >= 1.0 => 2,
            (true, v) if v <= -1.0 => 0,
            _ => 1,
        };
        // The first of equals in the legal order.
        let mut best = actions.first()?;
        for s in &actions[1..] {
            let order = tier(s)
                .cmp(&tier(best))
                .then(s.visits.cmp(&best.visits))
                .then(s.value.total_cmp(&best.value));
            if order == core::cmp::Ordering::Greater {
                best = s;
            }
        }
        let chosen = best.action;
        let proven = analyses.iter().find(|a| a.exact);
        let total: u64 = analyses.iter().map(|a| a.iterations).sum::<u64>().max(1);
        let mut values = [0.0f32; MAX_SEATS];
        match proven {
            Some(p) => values = p.values.as_array(),
            None => {
                for a in &analyses {
                    let w = a.iterations as f32 / total as f32;
                    for (v, x) in values.iter_mut().zip(a.values.as_array()) {
                        *v += w * x;
                    }
                }
            }
        }
        // The line of the tree that gave the chosen action the most visits.
        let line = analyses
            .iter()
            .filter(|a| a.line.first() == Some(&chosen))
            .max_by_key(|a| {
                a.actions
                    .iter()
                    .find(|s| s.action == chosen)
                    .map_or(0, |s| s.visits)
            })
            .map_or_else(|| alloc::vec![chosen], |a| a.line.clone());
        let analysis = Analysis {
            seat,
            values: SeatValues::new(values),
            exact: proven.is_some(),
            line,
            actions,
            iterations: analyses.iter().map(|a| a.iterations).sum(),
            nodes: analyses.iter().map(|a| a.nodes).sum(),
            longest_playout: analyses
                .iter()
                .map(|a| a.longest_playout)
                .max()
                .unwrap_or(0),
        };
        Some((chosen, analysis))
    }
}

impl<G: Game> Agent<G> for ParallelMcts<G> {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, AgentError> {
        let mut legal = Actions::<G>::new();
        legal_for_seat(state, &mut legal)?;
        let shares: Vec<Budget> = (0..self.workers.len()).map(|i| self.share(i)).collect();
        // The first tree is searched on the calling thread (which keeps its cancellation
        // hook), the others on threads handed that hook.
        let cancel = crate::budget::cancel_hook();
        let results: Vec<Result<G::Action, AgentError>> = std::thread::scope(|scope| {
            let mut workers = self.workers.iter_mut().zip(shares);
            let mine = workers.next();
            let handles: Vec<_> = workers
                .map(|(worker, share)| {
                    worker.set_budget(share);
                    let cancel = cancel.clone();
                    scope.spawn(move || crate::budget::with_cancel(cancel, || worker.choose(state)))
                })
                .collect();
            let first = mine.map(|(worker, share)| {
                worker.set_budget(share);
                worker.choose(state)
            });
            first
                .into_iter()
                .chain(handles.into_iter().map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                }))
                .collect()
        });
        for r in &results {
            r.as_ref().map_err(|e| *e)?;
        }
        let (action, analysis) = self.merge(&legal).ok_or(AgentError::NoLegalAction)?;
        self.last = Some(analysis);
        Ok(action)
    }

    fn inform(&mut self, state: &G, action: G::Action) {
        for w in &mut self.workers {
            w.inform(state, action);
        }
    }

    fn restart(&mut self) {
        for w in &mut self.workers {
            w.restart();
        }
        self.last = None;
    }

    last_analysis_and_budget!(G, searching);
}
