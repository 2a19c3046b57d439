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

    /// The RAVE blend for the parent's seat: the shared mean weighs `sqrt(k / (3n + k))`
    /// after `n` visits of the node (all of it before the first), its own mean the rest.
    fn rave_mean(&self, seat: Seat, k: u32) -> f32 {
        let shared = if self.amaf_visits > 0 {
            self.amaf_value / self.amaf_visits as f32
        } else {
            0.0
        };
        if self.visits == 0 {
            return shared;
        }
        let k = k as f32;
        let beta = math::sqrt(k / (3.0 * self.visits as f32 + k));
        (1.0 - beta) * self.mean_for(seat) + beta * shared
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
    config: MctsConfig,
    budget: Budget,
    seed: u64,
    rng: SplitMix64,
    nodes: Vec<Node<G::Action>>,
    spare: Vec<Node<G::Action>>,
    root_state: Option<G>,
    scratch: Scratch<G>,
    last: Option<Analysis<G::Action>>,
    /// The playout cutoff in force for the current root.
    limit: u32,
    /// The longest playout since the last choice began.
    longest: u32,
    /// The RAVE equivalence in force for the current root (0: off).
    rave: u32,
}

impl<G: Game> Mcts<G> {
    /// The budget used when none is set: 10,000 iterations.
    pub const DEFAULT_BUDGET: Budget = Budget::iterations(10_000);

    /// The playout cutoff (in actions) used when [`MctsConfig::cutoff`] is `None` and the
    /// game may last longer than this.
    pub const DEFAULT_CUTOFF: u32 = 200;

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
        self.config
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
        self.config
            .rave
            .or_else(|| G::rave_equivalence(&state.params()))
            .unwrap_or(0)
    }

    /// An MCTS agent with these settings, budget and seed. The arena is reserved at the
    /// first choice.
    #[must_use]
    pub fn new(config: MctsConfig, budget: Budget, seed: u64) -> Self {
        Mcts {
            config,
            budget,
            seed,
            rng: SplitMix64::new(seed),
            nodes: Vec::new(),
            spare: Vec::new(),
            root_state: None,
            scratch: Scratch {
                undo: Vec::new(),
                path: Vec::new(),
                played: Vec::new(),
                mine: Vec::new(),
                actions: Actions::<G>::new(),
                outcomes: ChanceOutcomes::new(),
            },
            last: None,
            limit: PLAYOUT_GUARD,
            longest: 0,
            rave: 0,
        }
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> MctsConfig {
        self.config
    }

    /// Nodes in the tree now.
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// Runs `iterations` more iterations from `state` (a player's or chance's turn) without
    /// choosing: for benchmarks and for analysis that goes on while nobody is to act.
    pub fn search(&mut self, state: &G, iterations: u64) {
        let mut root = state.clone();
        self.prepare_root(&root);
        for _ in 0..iterations {
            if self.nodes[0].exact {
                break;
            }
            self.iterate(&mut root);
        }
    }

    fn capacity(&self) -> usize {
        self.config.max_nodes.max(1) as usize
    }

    /// Reserves the arenas and makes `state` the root (keeping the tree if it already is).
    fn prepare_root(&mut self, state: &G) {
        self.limit = self.playout_cutoff(state);
        self.rave = self.rave_equivalence(state);
        let cap = self.capacity();
        if self.nodes.capacity() < cap {
            self.nodes.reserve_exact(cap - self.nodes.len());
        }
        if self.spare.capacity() < cap {
            self.spare.reserve_exact(cap - self.spare.len());
        }
        if self.scratch.undo.capacity() < 1024 {
            self.scratch.undo.reserve(1024);
            self.scratch.path.reserve(1024);
            self.scratch.played.reserve(RAVE_ACTIONS);
            self.scratch.mine.reserve(RAVE_ACTIONS);
        }
        let same = self.config.reuse && self.root_state.as_ref() == Some(state);
        if !same || self.nodes.is_empty() {
            self.nodes.clear();
            self.nodes.push(Node::new(None, Prob::new(1, 1)));
            self.root_state = Some(state.clone());
        }
        if self.nodes[0].kind == Kind::Fresh {
            Self::expand(
                &mut self.nodes,
                &mut self.scratch,
                0,
                state,
                cap,
                self.config.shared,
            );
        }
    }

    /// Marks what `nodes[index]` is and creates its children if the arena has room.
    fn expand(
        nodes: &mut Vec<Node<G::Action>>,
        scratch: &mut Scratch<G>,
        index: usize,
        state: &G,
        cap: usize,
        shared: SharedWin,
    ) {
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

    /// One iteration: select down the tree, expand a leaf, play out, back up.
    fn iterate(&mut self, state: &mut G) {
        let cap = self.capacity();
        self.scratch.path.clear();
        self.scratch.path.push(0);
        self.scratch.played.clear();
        let mut index = 0usize;
        let mut proved = false;
        let value = loop {
            let node = self.nodes[index];
            if node.exact {
                break node.value;
            }
            if node.kind == Kind::Fresh {
                Self::expand(
                    &mut self.nodes,
                    &mut self.scratch,
                    index,
                    state,
                    cap,
                    self.config.shared,
                );
                if self.nodes[index].exact {
                    proved = true;
                    break self.nodes[index].value;
                }
                break self.playout(state);
            }
            if node.len == 0 {
                break self.playout(state);
            }
            let child = match node.kind {
                Kind::Seat(seat) => self.select(&node, seat),
                _ => self.sample(&node),
            };
            if let Some(a) = self.nodes[child].action {
                if self.rave > 0 {
                    let seat = match node.kind {
                        Kind::Seat(s) => Some(s),
                        _ => None,
                    };
                    self.record(seat, a);
                }
                self.scratch.undo.push(state.play_unchecked(a));
            }
            self.scratch.path.push(child as u32);
            index = child;
        };
        self.backup(value, proved);
        if self.rave > 0 {
            self.rave_update(&value);
        }
        while let Some(u) = self.scratch.undo.pop() {
            state.undo(u);
        }
    }

    /// UCT for the seat to act: an unvisited child first (from a random start), else the
    /// highest mean plus exploration; exact children are known and get no exploration bonus.
    /// With RAVE every child is scored, the unvisited ones by their shared statistics alone.
    fn select(&mut self, node: &Node<G::Action>, seat: Seat) -> usize {
        let range = node.children();
        let len = range.len();
        if self.rave == 0 && node.visits < 2 * len as u32 {
            let start = self.rng.below(len as u64) as usize;
            for k in 0..len {
                let i = range.start + (start + k) % len;
                if self.nodes[i].visits == 0 && !self.nodes[i].exact {
                    return i;
                }
            }
        }
        let c = self.config.exploration * math::sqrt(math::ln(node.visits.max(1) as f32));
        let mut best = range.start;
        let mut best_score = f32::NEG_INFINITY;
        for i in range {
            let child = &self.nodes[i];
            let score = if child.exact {
                child.value[seat.index()]
            } else if self.rave > 0 {
                child.rave_mean(seat, self.rave) + c / math::sqrt(child.visits as f32 + 1.0)
            } else if child.visits == 0 {
                f32::INFINITY
            } else {
                child.mean_for(seat) + c / math::sqrt(child.visits as f32)
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Draws a chance outcome with its exact probability.
    fn sample(&mut self, node: &Node<G::Action>) -> usize {
        let range = node.children();
        let probs = self.nodes[range.clone()].iter().map(|n| n.prob);
        let picked = boardgame_kit::drivers::sample_index(probs, &mut self.rng);
        picked.map_or(range.end.saturating_sub(1), |i| range.start + i)
    }

    /// Notes an action of the iteration for RAVE, up to the reserved room ([`RAVE_ACTIONS`]:
    /// later actions of a long playout are left out rather than allocating).
    fn record(&mut self, seat: Option<Seat>, action: G::Action) {
        if self.scratch.played.len() < RAVE_ACTIONS {
            self.scratch.played.push((seat, action));
        }
    }

    /// Updates the all-moves-as-first statistics of the children of every seat's node on the
    /// path: a child whose action the same seat played later in the iteration.
    fn rave_update(&mut self, value: &[f32; MAX_SEATS]) {
        for k in 0..self.scratch.path.len() {
            let index = self.scratch.path[k] as usize;
            let Kind::Seat(seat) = self.nodes[index].kind else {
                continue;
            };
            self.scratch.mine.clear();
            for &(s, a) in self.scratch.played.get(k..).unwrap_or(&[]) {
                if s == Some(seat) {
                    self.scratch.mine.push(a);
                }
            }
            if self.scratch.mine.is_empty() {
                continue;
            }
            let v = value[seat.index()];
            for i in self.nodes[index].children() {
                let child = &mut self.nodes[i];
                if let Some(a) = child.action {
                    if self.scratch.mine.contains(&a) {
                        child.amaf_visits += 1;
                        child.amaf_value += v;
                    }
                }
            }
        }
    }

    /// Plays the game's playout policy to the end (or the cutoff) and scores the end.
    fn playout(&mut self, state: &mut G) -> [f32; MAX_SEATS] {
        let limit = self.limit;
        let mut steps = 0;
        loop {
            self.longest = self.longest.max(steps);
            if steps >= limit {
                return state.evaluate().unwrap_or_default().as_array();
            }
            match state.playout_action(&mut self.rng, &mut self.scratch.actions) {
                Some(a) => {
                    if self.rave > 0 {
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
                        .map(|o| self.config.shared.values(&o))
                        .unwrap_or_default()
                        .as_array()
                }
            }
        }
    }

    /// Adds the value to every node of the path; chance nodes keep the probability-weighted
    /// mean of their children; with the solver, proofs climb as far as they hold.
    fn backup(&mut self, mut value: [f32; MAX_SEATS], mut proved: bool) {
        for k in (0..self.scratch.path.len()).rev() {
            let index = self.scratch.path[k] as usize;
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
    fn analyse(&self, seat: Seat, iterations: u64) -> Analysis<G::Action> {
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
            longest_playout: u64::from(self.longest),
        }
    }

    /// Moves the root to the child reached by `action`, copying that subtree into the spare
    /// arena (breadth first, so every block of children stays contiguous). Returns whether the
    /// child existed.
    fn reroot(&mut self, action: G::Action) -> bool {
        let Some(root) = self.nodes.first().copied() else {
            return false;
        };
        let Some(child) = root
            .children()
            .find(|&i| self.nodes[i].action == Some(action))
        else {
            return false;
        };
        self.spare.clear();
        let mut top = self.nodes[child];
        top.action = None;
        top.prob = Prob::new(1, 1);
        self.spare.push(top);
        let mut i = 0;
        while i < self.spare.len() {
            let n = self.spare[i];
            if n.len > 0 {
                let first = self.spare.len();
                self.spare.extend_from_slice(&self.nodes[n.children()]);
                self.spare[i].first = first as u32;
            }
            i += 1;
        }
        core::mem::swap(&mut self.nodes, &mut self.spare);
        true
    }
}

impl<G: Game> Agent<G> for Mcts<G> {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, AgentError> {
        let seat = legal_for_seat(state, &mut self.scratch.actions)?;
        let budget = self.budget.or(Self::DEFAULT_BUDGET);
        self.prepare_root(state);
        let clock = Clock::start(&budget);
        let limit = budget.iteration_limit().unwrap_or(u64::MAX);
        let nodes_limit = budget.node_limit().unwrap_or(u64::MAX);
        let mut root = state.clone();
        self.longest = 0;
        let mut done = 0u64;
        while done < limit && !self.nodes[0].exact && (self.nodes.len() as u64) < nodes_limit {
            if done.is_multiple_of(CLOCK_EVERY) && done > 0 && clock.expired() {
                break;
            }
            self.iterate(&mut root);
            done += 1;
        }
        let analysis = self.analyse(seat, done);
        let action = match self.best_child(0, seat).and_then(|i| self.nodes[i].action) {
            Some(a) => a,
            None => {
                // The arena had no room for the root's children: fall back to a legal action.
                state.legal_actions(&mut self.scratch.actions);
                self.scratch.actions[self.rng.below(self.scratch.actions.len() as u64) as usize]
            }
        };
        self.last = Some(analysis);
        Ok(action)
    }

    fn inform(&mut self, state: &G, action: G::Action) {
        let matches = self.config.reuse && self.root_state.as_ref() == Some(state);
        if matches && self.reroot(action) {
            let mut next = state.clone();
            next.play_unchecked(action);
            self.root_state = Some(next);
        } else {
            self.nodes.clear();
            self.root_state = None;
        }
    }

    fn restart(&mut self) {
        self.nodes.clear();
        self.root_state = None;
        self.rng = SplitMix64::new(self.seed);
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
