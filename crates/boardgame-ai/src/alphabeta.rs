//! Alpha-beta search with iterative deepening, a transposition table and move ordering.
//!
//! Values are always those of the seat to act at the root: that seat maximises, every other
//! seat minimises. With two seats this is minimax; with three to six it is the paranoid
//! assumption (everyone else plays against the root seat), which keeps alpha-beta's pruning.
//! Chance nodes take the probability-weighted mean of their outcomes (expectimax) with
//! Ballard's Star1 pruning: the outcomes still to search are bounded by the extreme values, so
//! a chance node is cut as soon as its mean cannot enter the window, and each outcome is
//! searched with the narrowest window that can still matter. Positions beyond the depth limit
//! are scored with [`Game::evaluate`].

use crate::agent::{legal_for_seat, Agent, AgentError};
use crate::analysis::{ActionStat, Analysis};
use crate::budget::{Budget, Clock};
use alloc::vec::Vec;
use boardgame_kit::game::KeyHasher;
use boardgame_kit::{Actions, ChanceOutcomes, Game, Seat, SeatValues, ToAct};
use core::hash::{Hash, Hasher};

/// The settings of [`AlphaBeta`] (the SPEC keys of `alphabeta`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// The deepest iteration, in player decisions (SPEC key `depth`, default 64); chance
    /// events do not count.
    pub max_depth: u32,
    /// log2 of the transposition table's entries (SPEC key `tt`, default 20: 16 MiB); 0 turns
    /// the table off (every search then equals a plain fixed-depth search, for tests).
    pub tt_bits: u32,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            max_depth: 64,
            tt_bits: 20,
        }
    }
}

/// A search score, from the root seat's point of view: evaluations lie in `-1..=1`, finished
/// games at about ±[`WIN`] (sooner wins score higher), draws at 0.
type Score = f32;
/// The value of a won game (less a little per ply, so that sooner wins are preferred).
const WIN: Score = 10.0;
/// Scores beyond this are finished games.
const PROVEN: Score = 5.0;
/// How often (in nodes) the clock and node budget are checked.
const CHECK_EVERY: u64 = 1024;
/// Slots in the history table of quiet moves that cut.
const HISTORY: usize = 4096;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One transposition-table entry.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    score: Score,
    depth: u16,
    /// Index of the best action in the legal list (`u16::MAX`: none).
    best: u16,
    bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0.0,
    depth: 0,
    best: u16::MAX,
    bound: Bound::Exact,
};

/// The alpha-beta agent.
///
/// ```
/// use boardgame_ai::{Agent, AlphaBeta, AlphaBetaConfig, Budget};
/// use boardgame_kit::{testing::Nim, Game};
/// let game = Nim::new(&"stones=10".parse().unwrap());
/// let mut ab = AlphaBeta::new(AlphaBetaConfig::default(), Budget::nodes(100_000));
/// assert_eq!(ab.choose(&game).unwrap().to_string(), "1"); // leave 9, a multiple of three
/// assert!(ab.analysis().unwrap().exact);
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<G: Game> {
    config: AlphaBetaConfig,
    budget: Budget,
    table: Vec<Entry>,
    history: Vec<u32>,
    killers: Vec<[Option<G::Action>; 2]>,
    root: Seat,
    root_salt: u64,
    nodes: u64,
    node_limit: u64,
    clock: Option<Clock>,
    aborted: bool,
    horizon: bool,
    last: Option<Analysis<G::Action>>,
}

impl<G: Game> AlphaBeta<G> {
    /// The budget used when none is set: 200,000 nodes.
    pub const DEFAULT_BUDGET: Budget = Budget::nodes(200_000);

    /// An alpha-beta agent with these settings and budget (the table is reserved at the first
    /// choice).
    #[must_use]
    pub fn new(config: AlphaBetaConfig, budget: Budget) -> Self {
        AlphaBeta {
            config,
            budget,
            table: Vec::new(),
            history: Vec::new(),
            killers: Vec::new(),
            root: Seat::of(0),
            root_salt: 0,
            nodes: 0,
            node_limit: u64::MAX,
            clock: None,
            aborted: false,
            horizon: false,
            last: None,
        }
    }

    /// Positions searched by the last choice.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn reserve(&mut self) {
        let size = if self.config.tt_bits == 0 {
            1
        } else {
            1usize << self.config.tt_bits.clamp(4, 28)
        };
        if self.table.len() != size {
            self.table = alloc::vec![EMPTY; size];
        }
        if self.history.len() != HISTORY {
            self.history = alloc::vec![0; HISTORY];
        }
        let depth = self.config.max_depth as usize + 2;
        if self.killers.len() < depth {
            self.killers.resize(depth, [None, None]);
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn action_slot(action: &G::Action) -> usize {
        let mut h = KeyHasher::default();
        action.hash(&mut h);
        (h.finish() as usize) & (HISTORY - 1)
    }

    /// Whether the search must stop (budget or clock), checked every [`CHECK_EVERY`] nodes.
    fn out_of_budget(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(CHECK_EVERY) {
            self.aborted = self.nodes >= self.node_limit || self.clock.is_some_and(|c| c.expired());
        }
        self.aborted
    }

    fn terminal(&self, state: &G, ply: u32) -> Score {
        let r = state
            .outcome()
            .map_or(0.0, |o| o.returns(self.root) as Score);
        r * (WIN - ply as Score * 0.001)
    }

    fn evaluate(&mut self, state: &G) -> Score {
        self.horizon = true;
        state.evaluate().map_or(0.0, |v| v.get(self.root))
    }

    fn search(&mut self, state: &mut G, depth: u32, ply: u32, alpha: Score, beta: Score) -> Score {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0.0;
        }
        match state.to_act() {
            ToAct::Seat(seat) => {
                if depth == 0 {
                    self.evaluate(state)
                } else {
                    self.seat_node(state, seat, depth, ply, alpha, beta)
                }
            }
            ToAct::Chance => {
                if depth == 0 {
                    self.evaluate(state)
                } else {
                    self.chance_node(state, depth, ply, alpha, beta)
                }
            }
            _ => self.terminal(state, ply),
        }
    }

    /// Expectimax with Star1 pruning: the unsearched outcomes are bounded by ±WIN.
    fn chance_node(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let mut outcomes = ChanceOutcomes::<G::Action>::new();
        state.chance_outcomes(&mut outcomes);
        let (lo, hi) = (-WIN, WIN);
        let mut sum = 0.0;
        let mut rest = 1.0;
        for &(a, p) in outcomes.iter() {
            let p = p.to_f64() as Score;
            rest -= p;
            let rest_now = rest.max(0.0);
            let child_alpha = ((alpha - sum - rest_now * hi) / p).max(lo);
            let child_beta = ((beta - sum - rest_now * lo) / p).min(hi);
            let undo = state.play_unchecked(a);
            let v = self.search(state, depth, ply + 1, child_alpha, child_beta);
            state.undo(undo);
            if self.aborted {
                return 0.0;
            }
            sum += p * v;
            if v <= child_alpha {
                return sum + rest_now * hi;
            }
            if v >= child_beta {
                return sum + rest_now * lo;
            }
        }
        sum
    }

    fn seat_node(
        &mut self,
        state: &mut G,
        seat: Seat,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        let use_table = self.config.tt_bits != 0;
        let key = if use_table {
            state.position_key() ^ self.root_salt
        } else {
            0
        };
        let slot = self.slot(key);
        let entry = self.table[slot];
        let mut tt_best = u16::MAX;
        if use_table && entry.key == key {
            tt_best = entry.best;
            if entry.depth as u32 >= depth {
                let s = entry.score;
                match entry.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut legal = Actions::<G>::new();
        state.legal_actions(&mut legal);
        if legal.is_empty() {
            return self.terminal(state, ply);
        }
        let order = self.order(&legal, tt_best, ply);
        let maximise = seat == self.root;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximise {
            -Score::INFINITY
        } else {
            Score::INFINITY
        };
        let mut best_index = u16::MAX;
        for &i in order.iter() {
            let a = legal[i as usize];
            let undo = state.play_unchecked(a);
            let v = self.search(state, depth - 1, ply + 1, alpha, beta);
            state.undo(undo);
            if self.aborted {
                return 0.0;
            }
            let better = if maximise { v > best } else { v < best };
            if better {
                best = v;
                best_index = i;
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.reward(a, ply, depth);
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if use_table && (entry.key != key || depth >= entry.depth as u32) {
            self.table[slot] = Entry {
                key,
                score: best,
                depth: depth.min(u16::MAX as u32) as u16,
                best: best_index,
                bound,
            };
        }
        best
    }

    /// Credits an action that caused a cut: a killer at this ply and history by depth.
    fn reward(&mut self, action: G::Action, ply: u32, depth: u32) {
        let slot = Self::action_slot(&action);
        self.history[slot] = self.history[slot].saturating_add(depth * depth);
        if let Some(k) = self.killers.get_mut(ply as usize) {
            if k[0] != Some(action) {
                k[1] = k[0];
                k[0] = Some(action);
            }
        }
    }

    /// The search order of the legal list: the table's best move, the killers of this ply,
    /// then by history.
    fn order(&self, legal: &Actions<G>, tt_best: u16, ply: u32) -> smallvec::SmallVec<[u16; 512]> {
        let killers = self
            .killers
            .get(ply as usize)
            .copied()
            .unwrap_or([None, None]);
        let mut order: smallvec::SmallVec<[(u32, u16); 512]> = legal
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let score = if i as u16 == tt_best {
                    u32::MAX
                } else if killers[0] == Some(*a) {
                    u32::MAX - 1
                } else if killers[1] == Some(*a) {
                    u32::MAX - 2
                } else {
                    self.history[Self::action_slot(a)].min(u32::MAX - 3)
                };
                (score, i as u16)
            })
            .collect();
        order.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        order.iter().map(|&(_, i)| i).collect()
    }

    /// The principal line from the table, as far as it goes.
    fn line(&self, state: &G, first: G::Action, depth: u32) -> Vec<G::Action> {
        let mut line = alloc::vec![first];
        let mut s = state.clone();
        s.play_unchecked(first);
        let mut legal = Actions::<G>::new();
        for _ in 1..depth {
            if !matches!(s.to_act(), ToAct::Seat(_)) {
                break;
            }
            let key = s.position_key() ^ self.root_salt;
            let e = self.table[self.slot(key)];
            s.legal_actions(&mut legal);
            match legal.get(e.best as usize) {
                Some(&a) if e.key == key => {
                    line.push(a);
                    s.play_unchecked(a);
                }
                _ => break,
            }
        }
        line
    }
}

/// A score as a value in `-1..=1` for the analysis.
fn to_value(score: Score) -> f32 {
    score.clamp(-1.0, 1.0)
}

impl<G: Game> Agent<G> for AlphaBeta<G> {
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, AgentError> {
        let mut legal = Actions::<G>::new();
        let seat = legal_for_seat(state, &mut legal)?;
        self.reserve();
        let budget = self.budget.or(Self::DEFAULT_BUDGET);
        self.clock = Some(Clock::start(&budget));
        self.node_limit = budget.node_limit().unwrap_or(u64::MAX);
        self.nodes = 0;
        self.aborted = false;
        self.root = seat;
        self.root_salt = (seat.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        let mut root = state.clone();
        let mut best = (legal[0], 0.0);
        let mut scores: Vec<(G::Action, Score, bool)> = Vec::new();
        let mut completed = 0;
        let mut exact = false;
        for depth in 1..=self.config.max_depth.max(1) {
            self.horizon = false;
            let mut order: Vec<u16> = (0..legal.len() as u16).collect();
            // Search last iteration's best action first.
            if let Some(p) = legal.iter().position(|a| *a == best.0) {
                order.swap(0, p);
            }
            let mut alpha = -Score::INFINITY;
            let mut round: Vec<(G::Action, Score, bool)> = Vec::with_capacity(legal.len());
            let mut round_best = None;
            for &i in &order {
                let a = legal[i as usize];
                let undo = root.play_unchecked(a);
                let v = self.search(&mut root, depth - 1, 1, alpha, Score::INFINITY);
                root.undo(undo);
                if self.aborted && depth > 1 {
                    break;
                }
                round.push((a, v, v > alpha));
                if round_best.is_none_or(|(_, b)| v > b) {
                    round_best = Some((a, v));
                }
                alpha = alpha.max(v);
            }
            if self.aborted && depth > 1 {
                break;
            }
            if let Some(b) = round_best {
                best = b;
            }
            scores = round;
            completed = depth;
            if best.1.abs() >= PROVEN || !self.horizon {
                exact = true;
                break;
            }
        }
        let mut values = SeatValues::ZERO;
        values.set(seat, to_value(best.1));
        if state.seats().len() == 2 {
            for s in state.seats().iter().filter(|&s| s != seat) {
                values.set(s, -to_value(best.1));
            }
        }
        let actions = legal
            .iter()
            .map(|&a| {
                let found = scores.iter().find(|(x, _, _)| *x == a);
                let (value, is_exact) = found.map_or((0.0, false), |&(_, v, tight)| {
                    (to_value(v), exact && (tight || v.abs() >= PROVEN))
                });
                ActionStat::new(a, 0, value, is_exact)
            })
            .collect();
        self.last = Some(Analysis {
            seat,
            values,
            exact,
            line: self.line(state, best.0, completed),
            actions,
            iterations: completed as u64,
            nodes: self.nodes,
            longest_playout: 0,
        });
        Ok(best.0)
    }

    fn restart(&mut self) {
        self.table.iter_mut().for_each(|e| *e = EMPTY);
        self.history.iter_mut().for_each(|h| *h = 0);
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
