//! The MCTS agent: its settings, its tree kept across turns, its search of one choice.

use super::config::MctsConfig;
use super::node::{room, Kind, Node};
use super::tree::{Leaf, Tree};
use super::walker::Walker;
use crate::agent::{last_analysis_and_budget, legal_for_seat, Agent, AgentError};
use crate::analysis::Analysis;
use crate::budget::{Budget, Clock};
use alloc::vec::Vec;
use boardgame_kit::{Game, Prob, RandomSource, SplitMix64};

/// How often (in iterations) the clock is read.
pub(super) const CLOCK_EVERY: u64 = 16;
/// Playouts of games whose length is bounded by at most [`Mcts::DEFAULT_CUTOFF`] go to
/// the end; this guard only stops a game that breaks its own bound.
pub(super) const PLAYOUT_GUARD: u32 = 100_000;

/// The MCTS agent.
///
/// ```
/// use boardgame_ai::{Agent, Budget, Mcts, MctsConfig};
/// use boardgame_kit::{testing::Nim, Game};
/// // Five stones: taking two leaves a multiple of three, the only winning move.
/// let game = Nim::new(&Default::default());
/// let mut mcts = Mcts::new(MctsConfig::default(), Budget::iterations(2000), 1);
/// assert_eq!(mcts.choose(&game).unwrap().to_string(), "2");
/// let analysis = mcts.analysis().unwrap();
/// assert!(analysis.exact); // the solver proved the win
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<G: Game> {
    pub(super) budget: Budget,
    pub(super) seed: u64,
    pub(super) tree: Tree<G>,
    pub(super) spare: Vec<Node<G::Action>>,
    pub(super) root_state: Option<G>,
    /// The walker of the calling thread (the only one without tree parallelism).
    pub(super) main: Walker<G>,
    /// The walkers of the other threads of a shared-tree search.
    pub(super) helpers: Vec<Walker<G>>,
    /// The threads searching the tree (1: the calling thread alone).
    pub(super) threads: usize,
    pub(super) last: Option<Analysis<G::Action>>,
}

impl<G: Game> Mcts<G> {
    /// The budget used when none is set: 10,000 iterations.
    pub const DEFAULT_BUDGET: Budget = Budget::iterations(10_000);

    /// The playout cutoff (in actions) used when [`MctsConfig::cutoff`] is `None` and the
    /// game may last longer than this.
    pub const DEFAULT_CUTOFF: u32 = 200;

    /// The most threads of one tree ([`Mcts::with_threads`]).
    pub const MAX_THREADS: usize = 64;
    /// The playout cutoff this agent applies to games like `state`: the configured one, else
    /// the game's own ([`Game::playout_cutoff`]), else [`Mcts::DEFAULT_CUTOFF`] when [`Game::max_game_length`] is larger or
    /// unknown (and no cutoff for shorter games, which play to the end).
    ///
    /// ```
    /// use boardgame_ai::{Budget, Mcts, MctsConfig};
    /// use boardgame_kit::{testing::Nim, Game};
    /// let nim = Nim::new(&Default::default()); // a short game: played to the end
    /// let mcts = Mcts::<Nim>::new(MctsConfig::default(), Budget::UNLIMITED, 1);
    /// assert!(mcts.playout_cutoff(&nim) > Mcts::<Nim>::DEFAULT_CUTOFF);
    /// let cut = MctsConfig { cutoff: Some(7), ..MctsConfig::default() };
    /// assert_eq!(Mcts::<Nim>::new(cut, Budget::UNLIMITED, 1).playout_cutoff(&nim), 7);
    /// ```
    #[must_use]
    pub fn playout_cutoff(&self, state: &G) -> u32 {
        let params = state.params();
        self.tree
            .config
            .cutoff
            .or_else(|| G::playout_cutoff(&params))
            .unwrap_or_else(|| match G::max_game_length(&params) {
                Some(n) if n <= u64::from(Self::DEFAULT_CUTOFF) => PLAYOUT_GUARD,
                _ => Self::DEFAULT_CUTOFF,
            })
    }

    /// The RAVE equivalence this agent applies to games like `state`: the configured one,
    /// else the game's own ([`Game::rave_equivalence`]), else 0 (off).
    ///
    /// ```
    /// use boardgame_ai::{Budget, Mcts, MctsConfig};
    /// use boardgame_kit::{testing::Nim, Game};
    /// let nim = Nim::new(&Default::default());
    /// let mcts = Mcts::<Nim>::new(MctsConfig::default(), Budget::UNLIMITED, 1);
    /// assert_eq!(mcts.rave_equivalence(&nim), 0); // Nim sets none
    /// let rave = MctsConfig { rave: Some(300), ..MctsConfig::default() };
    /// assert_eq!(Mcts::<Nim>::new(rave, Budget::UNLIMITED, 1).rave_equivalence(&nim), 300);
    /// ```
    #[must_use]
    pub fn rave_equivalence(&self, state: &G) -> u32 {
        self.tree
            .config
            .rave
            .or_else(|| G::rave_equivalence(&state.params()))
            .unwrap_or(0)
    }

    /// An MCTS agent with these settings, budget and seed. The arena is reserved at the
    /// first choice.
    #[must_use]
    pub fn new(config: MctsConfig, budget: Budget, seed: u64) -> Self {
        Mcts {
            budget,
            seed,
            tree: Tree {
                nodes: Vec::new(),
                config,
                limit: PLAYOUT_GUARD,
                rave: 0,
            },
            spare: Vec::new(),
            root_state: None,
            main: Walker::new(seed),
            helpers: Vec::new(),
            threads: 1,
            last: None,
        }
    }

    /// The same agent searching its one tree on `threads` threads (1 to
    /// [`Mcts::MAX_THREADS`]; tree parallelism, feature `std`): each thread selects down the
    /// shared tree, expands a leaf and backs up its playout under the tree's lock, and plays
    /// out without it. A thread on its way through a node counts there as a visit that lost
    /// (a virtual loss) until its playout is backed up, so that the threads spread over the
    /// tree instead of piling onto one line. The iteration and node budgets are the agent's
    /// whole; with several threads the choice depends on how the threads interleave, so the
    /// same seed no longer gives the same choice.
    ///
    /// ```
    /// use boardgame_ai::{Agent, Budget, Mcts, MctsConfig};
    /// use boardgame_kit::{testing::Nim, Game};
    /// let game = Nim::new(&Default::default());
    /// let mut mcts = Mcts::new(MctsConfig::default(), Budget::iterations(2000), 1).with_threads(2);
    /// assert_eq!(mcts.threads(), 2);
    /// assert_eq!(mcts.choose(&game).unwrap().to_string(), "2");
    /// assert!(mcts.analysis().unwrap().iterations <= 2000);
    /// ```
    #[cfg(feature = "std")]
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.clamp(1, Self::MAX_THREADS);
        self
    }

    /// The threads searching the tree (see [`Mcts::with_threads`]; 1 unless set).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> MctsConfig {
        self.tree.config
    }

    /// Nodes in the tree now.
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.tree.nodes.len()
    }

    /// Runs `iterations` more iterations from `state` (a player's or chance's turn) without
    /// choosing: for benchmarks and for analysis that goes on while nobody is to act.
    /// Does nothing where the arena cannot take the root (memory refused).
    pub fn search(&mut self, state: &G, iterations: u64) {
        let mut root = state.clone();
        if self.prepare_root(&root).is_err() {
            return;
        }
        for _ in 0..iterations {
            if self.tree.nodes[0].exact {
                break;
            }
            self.iterate(&mut root);
        }
    }

    /// Reserves both arenas whole now (`max_nodes` nodes each, [`MctsConfig::max_nodes`])
    /// instead of letting them grow as the search needs, so that no search reallocates;
    /// memory the system refuses is an [`AgentError::OutOfMemory`], the agent stays usable.
    ///
    /// ```
    /// use boardgame_ai::{Agent, AgentError, Budget, Mcts, MctsConfig};
    /// use boardgame_kit::testing::Nim;
    /// let small = MctsConfig { max_nodes: 1000, ..MctsConfig::default() };
    /// let mut mcts = Mcts::<Nim>::new(small, Budget::iterations(100), 1);
    /// assert!(mcts.reserve_arena().is_ok());
    /// ```
    pub fn reserve_arena(&mut self) -> Result<(), AgentError> {
        let cap = self.tree.capacity();
        for arena in [&mut self.tree.nodes, &mut self.spare] {
            let more = cap.saturating_sub(arena.len());
            arena
                .try_reserve_exact(more)
                .map_err(|_| AgentError::OutOfMemory {
                    bytes: (cap as u64)
                        .saturating_mul(core::mem::size_of::<Node<G::Action>>() as u64),
                })?;
        }
        Ok(())
    }

    /// Makes `state` the root (keeping the tree if it already is); the arena grows as the
    /// search needs it ([`room`]). An error where not even the root finds memory.
    fn prepare_root(&mut self, state: &G) -> Result<(), AgentError> {
        self.tree.limit = self.playout_cutoff(state);
        self.tree.rave = self.rave_equivalence(state);
        self.main.reserve();
        let same = self.tree.config.reuse && self.root_state.as_ref() == Some(state);
        let nodes = &mut self.tree.nodes;
        if !same || nodes.is_empty() {
            nodes.clear();
            if !room(nodes, 1, usize::MAX) {
                self.root_state = None;
                return Err(AgentError::OutOfMemory {
                    bytes: core::mem::size_of::<Node<G::Action>>() as u64,
                });
            }
            nodes.push(Node::new(None, Prob::new(1, 1)));
            self.root_state = Some(state.clone());
        }
        if self.tree.nodes[0].kind == Kind::Fresh {
            self.tree.expand(&mut self.main.scratch, 0, state);
        }
        Ok(())
    }

    /// One iteration on the calling thread: select down the tree, expand a leaf, play out,
    /// back up.
    fn iterate(&mut self, state: &mut G) {
        let (value, proved) = match self.tree.descend(&mut self.main, state, false) {
            Leaf::Known(value, proved) => (value, proved),
            Leaf::Open => (self.main.playout(state, self.tree.rollout()), false),
        };
        self.tree.ascend(&mut self.main, value, proved, false);
        self.main.unwind(state);
    }

    /// The search of one choice on the calling thread alone; returns the iterations run.
    fn search_alone(&mut self, root: &mut G, limit: u64, nodes_limit: u64, clock: &Clock) -> u64 {
        let mut done = 0u64;
        while done < limit
            && !self.tree.nodes[0].exact
            && (self.tree.nodes.len() as u64) < nodes_limit
        {
            if done.is_multiple_of(CLOCK_EVERY) && done > 0 && clock.expired() {
                break;
            }
            self.iterate(root);
            done += 1;
        }
        done
    }

    /// Moves the root to the child reached by `action`, copying that subtree into the spare
    /// arena (breadth first, so every block of children stays contiguous). Returns whether the
    /// child existed.
    fn reroot(&mut self, action: G::Action) -> bool {
        let nodes = &mut self.tree.nodes;
        let Some(root) = nodes.first().copied() else {
            return false;
        };
        let Some(child) = root.children().find(|&i| nodes[i].action == Some(action)) else {
            return false;
        };
        self.spare.clear();
        let mut top = nodes[child];
        top.action = None;
        top.prob = Prob::new(1, 1);
        // The subtree is copied into the spare arena, grown fallibly: where memory is
        // refused the tree is dropped (the caller starts a new one) rather than aborting.
        if !room(&mut self.spare, 1, usize::MAX) {
            return false;
        }
        self.spare.push(top);
        let mut i = 0;
        while i < self.spare.len() {
            let n = self.spare[i];
            if n.len > 0 {
                let first = self.spare.len();
                if !room(&mut self.spare, n.len as usize, usize::MAX) {
                    return false;
                }
                self.spare.extend_from_slice(&nodes[n.children()]);
                self.spare[i].first = first as u32;
            }
            i += 1;
        }
        core::mem::swap(nodes, &mut self.spare);
        true
    }
}

impl<G: Game> Agent<G> for Mcts<G> {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, AgentError> {
        let seat = legal_for_seat(state, &mut self.main.scratch.actions)?;
        let budget = self.budget.or(Self::DEFAULT_BUDGET);
        self.prepare_root(state)?;
        let clock = Clock::start(&budget);
        let limit = budget.iteration_limit().unwrap_or(u64::MAX);
        let nodes_limit = budget.node_limit().unwrap_or(u64::MAX);
        let mut root = state.clone();
        self.main.longest = 0;
        #[cfg(feature = "std")]
        let done = if self.threads > 1 {
            self.search_shared(&root, limit, nodes_limit, &clock)
        } else {
            self.search_alone(&mut root, limit, nodes_limit, &clock)
        };
        #[cfg(not(feature = "std"))]
        let done = self.search_alone(&mut root, limit, nodes_limit, &clock);
        let longest = self
            .helpers
            .iter()
            .map(|w| w.longest)
            .fold(self.main.longest, u32::max);
        let analysis = self.tree.analyse(seat, done, longest);
        let action = match self
            .tree
            .best_child(0, seat)
            .and_then(|i| self.tree.nodes[i].action)
        {
            Some(a) => a,
            None => {
                // The arena had no room for the root's children: fall back to a legal action.
                let actions = &mut self.main.scratch.actions;
                state.legal_actions(actions);
                actions[self.main.rng.below(actions.len() as u64) as usize]
            }
        };
        self.last = Some(analysis);
        Ok(action)
    }

    fn inform(&mut self, state: &G, action: G::Action) {
        let matches = self.tree.config.reuse && self.root_state.as_ref() == Some(state);
        if matches && self.reroot(action) {
            let mut next = state.clone();
            next.play_unchecked(action);
            self.root_state = Some(next);
        } else {
            self.tree.nodes.clear();
            self.root_state = None;
        }
    }

    fn restart(&mut self) {
        self.tree.nodes.clear();
        self.root_state = None;
        self.main.rng = SplitMix64::new(self.seed);
        self.helpers.clear();
        self.last = None;
    }

    last_analysis_and_budget!(G, searching);
}
