//! Monte Carlo tree search: UCT for any number of seats with a value per seat (max^n
//! backup), exact chance nodes, MCTS-Solver proofs, tree reuse, a memory cap and RAVE.
//!
//! The tree lives in an arena of [`Node`]s reserved up front (two arenas: the second one
//! receives the kept subtree when the root moves), so an iteration never allocates.

use crate::agent::{legal_for_seat, Agent, AgentError};
use crate::analysis::{ActionStat, Analysis};
use crate::budget::{Budget, Clock};
use crate::math;
use crate::SharedWin;
use alloc::vec::Vec;
use boardgame_kit::{
    Actions, ChanceOutcomes, Game, Prob, RandomSource, Seat, SeatValues, SplitMix64, ToAct,
    MAX_SEATS,
};

/// The settings of [`Mcts`] (the SPEC keys of `mcts`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// UCT exploration constant `c` for values in `-1..=1` (SPEC key `c`, default 1.0).
    pub exploration: f32,
    /// The most tree nodes kept (SPEC key `max_nodes`, default 2^20): once the arena is
    /// full, leaves are no longer expanded but playouts go on.
    pub max_nodes: u32,
    /// Playouts stop after this many actions and score the position with
    /// [`Game::evaluate`] (SPEC key `cutoff`). `None` (the default) applies the game's own
    /// [`Game::playout_cutoff`] where it sets one (Arandia, Elements), else
    /// [`Mcts::DEFAULT_CUTOFF`] to games that may last longer than that
    /// ([`Game::max_game_length`] above it or unknown, e.g. Arandia, Splut! and Repello
    /// without a turn limit) and plays shorter games to the end.
    pub cutoff: Option<u32>,
    /// Prove wins and losses (MCTS-Solver) where a subtree is fully known (SPEC key
    /// `solver`, default on).
    pub solver: bool,
    /// Keep the subtree of the actions played between choices (SPEC key `reuse`, default on).
    pub reuse: bool,
    /// RAVE, "all moves as first" (SPEC key `rave`): a child's mean is blended with the mean
    /// of every simulation in which the same seat played the same action later on, the two
    /// weighing alike after about this many visits of the child (`Some(0)` turns it off).
    /// `None` (the default) takes the game's own [`Game::rave_equivalence`], off for games
    /// that set none.
    pub rave: Option<u32>,
    /// The value of a win shared by several seats (SPEC key `shared`, default
    /// [`SharedWin::Full`]: worth a win).
    pub shared: SharedWin,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 1.0,
            max_nodes: 1 << 20,
            cutoff: None,
            solver: true,
            reuse: true,
            rave: None,
            shared: SharedWin::Full,
        }
    }
}

/// What a node stands for, known once the node is first reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Not reached yet.
    Fresh,
    /// A seat acts.
    Seat(Seat),
    /// A chance event.
    Chance,
    /// The game is over.
    Over,
}

/// One node of the tree: the action that leads to it, its statistics, and its children
/// (a contiguous block of the arena).
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    /// The action from the parent (`None` at the root).
    action: Option<A>,
    /// The probability of the action when the parent is a chance node.
    prob: Prob,
    /// Index of the first child.
    first: u32,
    /// Number of children (0: a leaf, or not expanded because the arena was full).
    len: u32,
    /// Times the node was on an iteration's path.
    visits: u32,
    /// What the node is.
    kind: Kind,
    /// Whether `value` holds the node's exact value rather than a sum of samples.
    exact: bool,
    /// Sum of the values backed up through the node per seat, or the exact value.
    value: [f32; MAX_SEATS],
    /// Simulations through the parent in which the parent's seat played this node's action
    /// at any later point (RAVE).
    amaf_visits: u32,
    /// The sum of those simulations' values for the parent's seat.
    amaf_value: f32,
    /// Threads on their way through the node now (tree parallelism): selection counts each
    /// as a visit that lost (a virtual loss), so that the other threads look elsewhere.
    pending: u32,
}

impl<A> Node<A> {
    fn new(action: Option<A>, prob: Prob) -> Self {
        Node {
            action,
            prob,
            first: 0,
            len: 0,
            visits: 0,
            kind: Kind::Fresh,
            exact: false,
            value: [0.0; MAX_SEATS],
            amaf_visits: 0,
            amaf_value: 0.0,
            pending: 0,
        }
    }

    /// The node's value per seat: exact, or the mean of its samples.
    fn mean(&self) -> [f32; MAX_SEATS] {
        if self.exact {
            self.value
        } else if self.visits == 0 {
            [0.0; MAX_SEATS]
        } else {
            let inv = 1.0 / self.visits as f32;
            self.value.map(|v| v * inv)
        }
    }

    fn mean_for(&self, seat: Seat) -> f32 {
        let i = seat.index();
        if self.exact {
            self.value[i]
        } else if self.visits == 0 {
            0.0
        } else {
            self.value[i] / self.visits as f32
        }
    }

    /// The visits selection sees: the finished ones and the threads on their way.
    fn seen_visits(&self) -> u32 {
        self.visits + self.pending
    }

    /// The mean for `seat` that selection sees: each thread on its way through the node
    /// counts as a visit that lost (the plain mean when none is).
    fn seen_mean(&self, seat: Seat) -> f32 {
        if self.pending == 0 || self.exact {
            return self.mean_for(seat);
        }
        let losses = LOSS * self.pending as f32;
        (self.value[seat.index()] + losses) / self.seen_visits() as f32
    }

    /// The RAVE blend for the parent's seat: the shared mean weighs `sqrt(k / (3n + k))`
    /// after `n` visits of the node (all of it before the first), its own mean the rest.
    fn rave_mean(&self, seat: Seat, k: u32) -> f32 {
        let shared = if self.amaf_visits > 0 {
            self.amaf_value / self.amaf_visits as f32
        } else {
            0.0
        };
        if self.seen_visits() == 0 {
            return shared;
        }
        let k = k as f32;
        let beta = math::sqrt(k / (3.0 * self.seen_visits() as f32 + k));
        (1.0 - beta) * self.seen_mean(seat) + beta * shared
    }

    fn children(&self) -> core::ops::Range<usize> {
        if self.len == 0 {
            // A leaf's `first` may point past the arena (it was full, or the node was
            // copied to the other arena): it has no children anywhere.
            return 0..0;
        }
        self.first as usize..(self.first + self.len) as usize
    }
}

/// A win for the seat: the best value a seat can get.
const WIN: f32 = 1.0;
/// A loss for the seat: the worst value.
const LOSS: f32 = -1.0;
/// How often (in iterations) the clock is read.
const CLOCK_EVERY: u64 = 16;
/// The most actions of one iteration that RAVE takes into account.
const RAVE_ACTIONS: usize = 4096;
/// Playouts of games whose length is bounded by at most [`Mcts::DEFAULT_CUTOFF`] go to
/// the end; this guard only stops a game that breaks its own bound.
const PLAYOUT_GUARD: u32 = 100_000;

/// Scratch space reused by every iteration.
#[derive(Clone, Debug)]
struct Scratch<G: Game> {
    undo: Vec<G::Undo>,
    path: Vec<u32>,
    /// With RAVE, the actions of the iteration so far, with the seat that played each
    /// (`None`: a chance outcome); entry `k` leads from `path[k]` to `path[k + 1]`.
    played: Vec<(Option<Seat>, G::Action)>,
    /// With RAVE, the actions of one seat among `played`.
    mine: Vec<G::Action>,
    actions: Actions<G>,
    outcomes: ChanceOutcomes<G::Action>,
}

/// What one searching thread owns: its generator, its scratch space and its longest playout.
#[derive(Clone, Debug)]
struct Walker<G: Game> {
    rng: SplitMix64,
    scratch: Scratch<G>,
    /// The longest playout since the last choice began.
    longest: u32,
}

impl<G: Game> Walker<G> {
    fn new(seed: u64) -> Self {
        Walker {
            rng: SplitMix64::new(seed),
            scratch: Scratch {
                undo: Vec::new(),
                path: Vec::new(),
                played: Vec::new(),
                mine: Vec::new(),
                actions: Actions::<G>::new(),
                outcomes: ChanceOutcomes::new(),
            },
            longest: 0,
        }
    }

    /// Reserves the scratch space once, so that iterations do not allocate.
    fn reserve(&mut self) {
        let scratch = &mut self.scratch;
        if scratch.undo.capacity() < 1024 {
            scratch.undo.reserve(1024);
            scratch.path.reserve(1024);
            scratch.played.reserve(RAVE_ACTIONS);
            scratch.mine.reserve(RAVE_ACTIONS);
        }
    }

    /// Notes an action of the iteration for RAVE, up to the reserved room ([`RAVE_ACTIONS`]:
    /// later actions of a long playout are left out rather than allocating).
    fn record(&mut self, seat: Option<Seat>, action: G::Action) {
        if self.scratch.played.len() < RAVE_ACTIONS {
            self.scratch.played.push((seat, action));
        }
    }

    /// Takes back every action of the iteration, leaving `state` at the root again.
    fn unwind(&mut self, state: &mut G) {
        while let Some(u) = self.scratch.undo.pop() {
            state.undo(u);
        }
    }

    /// Plays the game's playout policy to the end (or the cutoff) and scores the end.
    fn playout(&mut self, state: &mut G, rollout: Rollout) -> [f32; MAX_SEATS] {
        let mut steps = 0;
        loop {
            self.longest = self.longest.max(steps);
            if steps >= rollout.limit {
                return state.evaluate().unwrap_or_default().as_array();
            }
            match state.playout_action(&mut self.rng, &mut self.scratch.actions) {
                Some(a) => {
                    if rollout.rave {
                        if let ToAct::Seat(s) = state.to_act() {
                            self.record(Some(s), a);
                        }
                    }
                    self.scratch.undo.push(state.play_unchecked(a));
                    steps += 1;
                }
                None => {
                    return state
                        .outcome()
                        .map(|o| rollout.shared.values(&o))
                        .unwrap_or_default()
                        .as_array()
                }
            }
        }
    }
}

/// What a playout needs to know of the tree (copied out, so that a thread of a shared-tree
/// search plays out without holding the tree).
#[derive(Clone, Copy, Debug)]
struct Rollout {
    limit: u32,
    rave: bool,
    shared: SharedWin,
}

/// Where a descent of the tree ended.
enum Leaf {
    /// At a node whose value is known (exact), and whether it was proven just now.
    Known([f32; MAX_SEATS], bool),
    /// At a leaf to play out from.
    Open,
}

/// The tree: the arena of nodes and the settings in force for its root.
#[derive(Clone, Debug)]
struct Tree<G: Game> {
    nodes: Vec<Node<G::Action>>,
    config: MctsConfig,
    /// The playout cutoff in force for the current root.
    limit: u32,
    /// The RAVE equivalence in force for the current root (0: off).
    rave: u32,
}

impl<G: Game> Tree<G> {
    fn capacity(&self) -> usize {
        self.config.max_nodes.max(1) as usize
    }

    fn rollout(&self) -> Rollout {
        Rollout {
            limit: self.limit,
            rave: self.rave > 0,
            shared: self.config.shared,
        }
    }

    /// Marks what `nodes[index]` is and creates its children if the arena has room.
    fn expand(&mut self, scratch: &mut Scratch<G>, index: usize, state: &G) {
        let cap = self.capacity();
        let shared = self.config.shared;
        let nodes = &mut self.nodes;
        let one = Prob::new(1, 1);
        let first = nodes.len();
        let kind = match state.to_act() {
            ToAct::Seat(seat) => {
                state.legal_actions(&mut scratch.actions);
                if first + scratch.actions.len() <= cap {
                    nodes.extend(scratch.actions.iter().map(|&a| Node::new(Some(a), one)));
                }
                Kind::Seat(seat)
            }
            ToAct::Chance => {
                state.chance_outcomes(&mut scratch.outcomes);
                if first + scratch.outcomes.len() <= cap {
                    nodes.extend(scratch.outcomes.iter().map(|&(a, p)| Node::new(Some(a), p)));
                }
                Kind::Chance
            }
            _ => Kind::Over,
        };
        let len = nodes.len() - first;
        let node = &mut nodes[index];
        node.kind = kind;
        node.first = first as u32;
        node.len = len as u32;
        if kind == Kind::Over {
            node.exact = true;
            node.value = state
                .outcome()
                .map(|o| shared.values(&o))
                .unwrap_or_default()
                .as_array();
        }
    }

    /// Selects down from the root to a leaf (expanding it if it is fresh), playing the
    /// actions on `state` and noting the path in the walker. With `virtual_loss`, every node
    /// of the path counts the walker as on its way until [`Tree::ascend`].
    fn descend(&mut self, w: &mut Walker<G>, state: &mut G, virtual_loss: bool) -> Leaf {
        w.scratch.path.clear();
        w.scratch.path.push(0);
        w.scratch.played.clear();
        if virtual_loss {
            self.nodes[0].pending += 1;
        }
        let mut index = 0usize;
        loop {
            let node = self.nodes[index];
            if node.exact {
                return Leaf::Known(node.value, false);
            }
            if node.kind == Kind::Fresh {
                self.expand(&mut w.scratch, index, state);
                if self.nodes[index].exact {
                    return Leaf::Known(self.nodes[index].value, true);
                }
                return Leaf::Open;
            }
            if node.len == 0 {
                return Leaf::Open;
            }
            let child = match node.kind {
                Kind::Seat(seat) => self.select(&mut w.rng, &node, seat),
                _ => self.sample(&mut w.rng, &node),
            };
            if let Some(a) = self.nodes[child].action {
                if self.rave > 0 {
                    let seat = match node.kind {
                        Kind::Seat(s) => Some(s),
                        _ => None,
                    };
                    w.record(seat, a);
                }
                w.scratch.undo.push(state.play_unchecked(a));
            }
            w.scratch.path.push(child as u32);
            if virtual_loss {
                self.nodes[child].pending += 1;
            }
            index = child;
        }
    }

    /// Backs up the value of the walker's iteration (and its RAVE statistics), first taking
    /// back its virtual losses if it left them.
    fn ascend(
        &mut self,
        w: &mut Walker<G>,
        value: [f32; MAX_SEATS],
        proved: bool,
        virtual_loss: bool,
    ) {
        if virtual_loss {
            for &index in &w.scratch.path {
                let node = &mut self.nodes[index as usize];
                node.pending = node.pending.saturating_sub(1);
            }
        }
        self.backup(&w.scratch.path, value, proved);
        if self.rave > 0 {
            self.rave_update(&mut w.scratch, &value);
        }
    }

    /// UCT for the seat to act: an unvisited child first (from a random start), else the
    /// highest mean plus exploration; exact children are known and get no exploration bonus.
    /// With RAVE every child is scored, the unvisited ones by their shared statistics alone.
    /// Threads on their way count as visits that lost (see [`Node::seen_mean`]).
    fn select(&self, rng: &mut SplitMix64, node: &Node<G::Action>, seat: Seat) -> usize {
        let range = node.children();
        let len = range.len();
        if self.rave == 0 && node.seen_visits() < 2 * len as u32 {
            let start = rng.below(len as u64) as usize;
            for k in 0..len {
                let i = range.start + (start + k) % len;
                let n = &self.nodes[i];
                if n.seen_visits() == 0 && !n.exact {
                    return i;
                }
            }
        }
        let c = self.config.exploration * math::sqrt(math::ln(node.seen_visits().max(1) as f32));
        let mut best = range.start;
        let mut best_score = f32::NEG_INFINITY;
        for i in range {
            let child = &self.nodes[i];
            let visits = child.seen_visits();
            let score = if child.exact {
                child.value[seat.index()]
            } else if self.rave > 0 {
                child.rave_mean(seat, self.rave) + c / math::sqrt(visits as f32 + 1.0)
            } else if visits == 0 {
                f32::INFINITY
            } else {
                child.seen_mean(seat) + c / math::sqrt(visits as f32)
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Draws a chance outcome with its exact probability.
    fn sample(&self, rng: &mut SplitMix64, node: &Node<G::Action>) -> usize {
        let range = node.children();
        let probs = self.nodes[range.clone()].iter().map(|n| n.prob);
        let picked = boardgame_kit::drivers::sample_index(probs, rng);
        picked.map_or(range.end.saturating_sub(1), |i| range.start + i)
    }

    /// Updates the all-moves-as-first statistics of the children of every seat's node on the
    /// path: a child whose action the same seat played later in the iteration.
    fn rave_update(&mut self, scratch: &mut Scratch<G>, value: &[f32; MAX_SEATS]) {
        for k in 0..scratch.path.len() {
            let index = scratch.path[k] as usize;
            let Kind::Seat(seat) = self.nodes[index].kind else {
                continue;
            };
            scratch.mine.clear();
            for &(s, a) in scratch.played.get(k..).unwrap_or(&[]) {
                if s == Some(seat) {
                    scratch.mine.push(a);
                }
            }
            if scratch.mine.is_empty() {
                continue;
            }
            let v = value[seat.index()];
            for i in self.nodes[index].children() {
                let child = &mut self.nodes[i];
                if let Some(a) = child.action {
                    if scratch.mine.contains(&a) {
                        child.amaf_visits += 1;
                        child.amaf_value += v;
                    }
                }
            }
        }
    }

    /// Adds the value to every node of the path; chance nodes keep the probability-weighted
    /// mean of their children; with the solver, proofs climb as far as they hold.
    fn backup(&mut self, path: &[u32], mut value: [f32; MAX_SEATS], mut proved: bool) {
        for &index in path.iter().rev() {
            let index = index as usize;
            self.nodes[index].visits += 1;
            if self.nodes[index].exact {
                continue;
            }
            if proved && self.config.solver {
                if let Some(exact) = self.proof(index) {
                    let node = &mut self.nodes[index];
                    node.exact = true;
                    node.value = exact;
                    value = exact;
                    continue;
                }
            }
            proved = false;
            if self.nodes[index].kind == Kind::Chance {
                let mean = self.weighted_mean(index);
                let node = &mut self.nodes[index];
                let visits = node.visits as f32;
                node.value = mean.map(|v| v * visits);
            } else {
                let node = &mut self.nodes[index];
                for (sum, v) in node.value.iter_mut().zip(value) {
                    *sum += v;
                }
            }
        }
    }

    /// The probability-weighted mean of a chance node's children that have a value.
    fn weighted_mean(&self, index: usize) -> [f32; MAX_SEATS] {
        let mut total = [0.0f32; MAX_SEATS];
        let mut weight = 0.0f32;
        for child in &self.nodes[self.nodes[index].children()] {
            if child.exact || child.visits > 0 {
                let p = child.prob.to_f64() as f32;
                weight += p;
                for (t, v) in total.iter_mut().zip(child.mean()) {
                    *t += p * v;
                }
            }
        }
        if weight > 0.0 {
            total.map(|t| t / weight)
        } else {
            total
        }
    }

    /// The exact value of a node whose children's values prove it: a child that wins for
    /// the seat to act, or every child exact (max^n for a seat, the weighted mean for chance).
    fn proof(&self, index: usize) -> Option<[f32; MAX_SEATS]> {
        let node = &self.nodes[index];
        if node.len == 0 {
            return None;
        }
        let children = &self.nodes[node.children()];
        match node.kind {
            Kind::Seat(seat) => {
                let s = seat.index();
                if let Some(win) = children.iter().find(|c| c.exact && c.value[s] >= WIN) {
                    return Some(win.value);
                }
                if !children.iter().all(|c| c.exact) {
                    return None;
                }
                children
                    .iter()
                    .max_by(|a, b| a.value[s].total_cmp(&b.value[s]))
                    .map(|c| c.value)
            }
            Kind::Chance if children.iter().all(|c| c.exact) => Some(self.weighted_mean(index)),
            _ => None,
        }
    }

    /// The child of `index` to play: a proven win, else the most visited child that is not
    /// a proven loss (ties: the higher mean).
    fn best_child(&self, index: usize, seat: Seat) -> Option<usize> {
        let node = &self.nodes[index];
        let s = seat.index();
        let rank = |i: usize| {
            let c = &self.nodes[i];
            let tier = match (c.exact, c.value[s]) {
                (true, v) if v >= WIN => 2,
                (true, v) if v <= LOSS => 0,
                _ => 1,
            };
            let mean = c.mean_for(seat);
            (tier, c.visits, mean)
        };
        node.children().max_by(|&a, &b| {
            let (ta, va, ma) = rank(a);
            let (tb, vb, mb) = rank(b);
            ta.cmp(&tb).then(va.cmp(&vb)).then(ma.total_cmp(&mb))
        })
    }

    /// The analysis of the root after a search.
    fn analyse(&self, seat: Seat, iterations: u64, longest: u32) -> Analysis<G::Action> {
        let root = &self.nodes[0];
        let actions = self.nodes[root.children()]
            .iter()
            .filter_map(|c| {
                c.action
                    .map(|a| ActionStat::new(a, c.visits as u64, c.mean_for(seat), c.exact))
            })
            .collect();
        let mut line = Vec::new();
        let mut index = 0;
        let mut mover = seat;
        while let Some(child) = self.best_child(index, mover) {
            let node = &self.nodes[child];
            if node.visits == 0 && !node.exact {
                break;
            }
            match node.action {
                Some(a) => line.push(a),
                None => break,
            }
            index = child;
            mover = match node.kind {
                Kind::Seat(s) => s,
                Kind::Chance => mover,
                _ => break,
            };
        }
        Analysis {
            seat,
            values: SeatValues::new(root.mean()),
            exact: root.exact,
            line,
            actions,
            iterations,
            nodes: self.nodes.len() as u64,
            longest_playout: u64::from(longest),
        }
    }
}

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
    budget: Budget,
    seed: u64,
    tree: Tree<G>,
    spare: Vec<Node<G::Action>>,
    root_state: Option<G>,
    /// The walker of the calling thread (the only one without tree parallelism).
    main: Walker<G>,
    /// The walkers of the other threads of a shared-tree search.
    helpers: Vec<Walker<G>>,
    /// The threads searching the tree (1: the calling thread alone).
    threads: usize,
    last: Option<Analysis<G::Action>>,
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
    pub fn search(&mut self, state: &G, iterations: u64) {
        let mut root = state.clone();
        self.prepare_root(&root);
        for _ in 0..iterations {
            if self.tree.nodes[0].exact {
                break;
            }
            self.iterate(&mut root);
        }
    }

    /// Reserves the arenas and makes `state` the root (keeping the tree if it already is).
    fn prepare_root(&mut self, state: &G) {
        self.tree.limit = self.playout_cutoff(state);
        self.tree.rave = self.rave_equivalence(state);
        let cap = self.tree.capacity();
        let nodes = &mut self.tree.nodes;
        if nodes.capacity() < cap {
            nodes.reserve_exact(cap - nodes.len());
        }
        if self.spare.capacity() < cap {
            self.spare.reserve_exact(cap - self.spare.len());
        }
        self.main.reserve();
        let same = self.tree.config.reuse && self.root_state.as_ref() == Some(state);
        if !same || nodes.is_empty() {
            nodes.clear();
            nodes.push(Node::new(None, Prob::new(1, 1)));
            self.root_state = Some(state.clone());
        }
        if self.tree.nodes[0].kind == Kind::Fresh {
            self.tree.expand(&mut self.main.scratch, 0, state);
        }
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

    /// The search of one choice on [`Mcts::threads`] threads sharing the tree; returns the
    /// iterations run. Each thread drives [`BATCH`] walkers: under one hold of the lock it
    /// backs up their last playouts and sends each down again (their virtual losses keep them
    /// apart), then plays them out without the lock, so that the lock changes hands once per
    /// batch rather than once per iteration.
    #[cfg(feature = "std")]
    fn search_shared(&mut self, root: &G, limit: u64, nodes_limit: u64, clock: &Clock) -> u64 {
        let walkers = self.threads * BATCH;
        while self.helpers.len() < walkers {
            let seed = crate::parallel::worker_seed(self.seed, self.helpers.len() + 1);
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
                scope.spawn(move || walk(shared, crew, root, budget));
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
        self.spare.push(top);
        let mut i = 0;
        while i < self.spare.len() {
            let n = self.spare[i];
            if n.len > 0 {
                let first = self.spare.len();
                self.spare.extend_from_slice(&nodes[n.children()]);
                self.spare[i].first = first as u32;
            }
            i += 1;
        }
        core::mem::swap(nodes, &mut self.spare);
        true
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

impl<G: Game> Agent<G> for Mcts<G> {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, AgentError> {
        let seat = legal_for_seat(state, &mut self.main.scratch.actions)?;
        let budget = self.budget.or(Self::DEFAULT_BUDGET);
        self.prepare_root(state);
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

    fn analysis(&self) -> Option<&Analysis<G::Action>> {
        self.last.as_ref()
    }

    fn budget(&self) -> Budget {
        self.budget
    }

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }
}
