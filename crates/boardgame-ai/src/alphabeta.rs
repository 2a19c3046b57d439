//! Alpha-beta search with iterative deepening, a transposition table and move ordering.
//!
//! Values are those of the seat to act at the root. With two seats the search is minimax;
//! with three to six seats [`MultiSeat`] picks the model of the other seats:
//!
//! - **paranoid** (the default): every other seat minimises the root seat's value, which keeps
//!   alpha-beta's pruning;
//! - **best-reply search** (BRS+): between two turns of the root seat, only one of the other
//!   seats searches all its actions (the best reply) while the others play the action that
//!   looks best for them one ply ahead (by [`Game::evaluate`]); that forced action costs no
//!   depth, so the root seat looks further ahead than with paranoid at equal depth;
//! - **max^n**: every seat maximises its own component of a value vector (see the `maxn`
//!   module), with immediate pruning (a seat that finds the fastest possible win stops).
//!
//! Chance nodes take the probability-weighted mean of their outcomes (expectimax) with
//! Ballard's Star1 and Star2 pruning ([`ChancePruning`]): Star1 bounds the outcomes still to
//! search by the extreme values, so a chance node is cut as soon as its mean cannot enter the
//! window, and searches each outcome with the narrowest window that can still matter; Star2
//! first *probes* every outcome by searching one action of the position it leads to (a lower
//! bound where the root seat acts next, an upper bound where an opponent does), cuts if those
//! bounds already decide the node, and otherwise hands the tighter bounds to Star1. Positions
//! beyond the depth limit are scored with [`Game::evaluate`].

mod maxn;

use crate::agent::{legal_for_seat, Agent, AgentError};
use crate::analysis::{ActionStat, Analysis};
use crate::budget::{Budget, Clock};
use crate::SharedWin;
use alloc::vec::Vec;
use boardgame_kit::game::KeyHasher;
use boardgame_kit::{Actions, ChanceOutcomes, Game, Seat, SeatValues, ToAct};
use core::hash::{Hash, Hasher};
use smallvec::SmallVec;

/// How chance nodes are searched (SPEC key `star` of `alphabeta`: `0`, `1` or `2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ChancePruning {
    /// Plain expectimax: every outcome searched with a full window (`star=0`).
    Expectimax,
    /// Star1: bounds from the outcomes searched so far and the extreme values (`star=1`, the
    /// default: on Arandia Star2's probes cost more nodes than they save).
    #[default]
    Star1,
    /// Star2: Star1 after a probing pass that searches one action after each outcome
    /// (`star=2`).
    Star2,
}

/// How three to six seats are modelled (SPEC key `multi` of `alphabeta`). Two-seat games are
/// always searched with minimax, whatever this says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MultiSeat {
    /// Every other seat plays against the root seat (`multi=paranoid`, the default).
    #[default]
    Paranoid,
    /// Best-reply search: one other seat replies between two turns of the root seat, the
    /// others play their greedy action (`multi=brs`).
    BestReply,
    /// Max^n: every seat maximises its own value (`multi=maxn`).
    MaxN,
}

impl MultiSeat {
    /// The SPEC name (`paranoid`, `brs`, `maxn`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MultiSeat::Paranoid => "paranoid",
            MultiSeat::BestReply => "brs",
            MultiSeat::MaxN => "maxn",
        }
    }
}

/// The settings of [`AlphaBeta`] (the SPEC keys of `alphabeta`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct AlphaBetaConfig {
    /// The deepest iteration, in player decisions (SPEC key `depth`, default 64); chance
    /// events do not count, nor the greedy actions of best-reply search.
    pub max_depth: u32,
    /// log2 of the transposition table's entries (SPEC key `tt`, default 20: 16 MiB); 0 turns
    /// the table off (every search then equals a plain fixed-depth search, for tests). Max^n
    /// uses no table.
    pub tt_bits: u32,
    /// Pruning at chance nodes (SPEC key `star`, default Star1).
    pub chance: ChancePruning,
    /// The model of the other seats with three to six seats (SPEC key `multi`, default
    /// paranoid).
    pub multi: MultiSeat,
    /// The value of a win shared by several seats (SPEC key `shared`, default
    /// [`SharedWin::Full`]: worth a win).
    pub shared: SharedWin,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            max_depth: 64,
            tt_bits: 20,
            chance: ChancePruning::default(),
            multi: MultiSeat::default(),
            shared: SharedWin::Full,
        }
    }
}

impl AlphaBetaConfig {
    /// These settings with another deepest iteration.
    #[must_use]
    pub const fn with_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// These settings with another table size (log2 of the entries; 0: no table).
    #[must_use]
    pub const fn with_table(mut self, tt_bits: u32) -> Self {
        self.tt_bits = tt_bits;
        self
    }

    /// These settings with another pruning at chance nodes.
    #[must_use]
    pub const fn with_chance(mut self, chance: ChancePruning) -> Self {
        self.chance = chance;
        self
    }

    /// These settings with another model of three to six seats.
    #[must_use]
    pub const fn with_multi(mut self, multi: MultiSeat) -> Self {
        self.multi = multi;
        self
    }
}

/// A search score, from the root seat's point of view: evaluations lie in `-1..=1`, finished
/// games at about ±[`WIN`] (sooner wins score higher), draws at 0.
type Score = f32;
/// The value of a won game (less a little per ply, so that sooner wins are preferred).
const WIN: Score = 2.0;
/// Scores beyond this are finished games.
const PROVEN: Score = 1.5;
/// How often (in nodes) the clock and node budget are checked.
const CHECK_EVERY: u64 = 1024;
/// Root values closer than this are equal (sums of probabilities times values are rounded
/// differently by differently pruned searches).
const TIE: Score = 1e-4;
/// Slots in the history table of quiet moves that cut.
const HISTORY: usize = 4096;

/// The score of a finished game for a seat with these returns, reached at `ply`.
fn finished(returns: f64, ply: u32) -> Score {
    returns as Score * (WIN - ply as Score * 0.001)
}

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

/// Where best-reply search stands between two turns of the root seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Round {
    /// No other seat has replied yet (also: every search but best-reply).
    Open,
    /// This seat is the one that replies; the others play their greedy action.
    Reply(Seat),
}

impl Round {
    /// Mixed into the table key: the same position has different values in different rounds.
    fn salt(self) -> u64 {
        match self {
            Round::Open => 0,
            Round::Reply(s) => (s.index() as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93),
        }
    }
}

/// What a seat node does under the search's model of the other seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    /// The seat searches all its actions; the children are in this round.
    Branch { maximise: bool, next: Round },
    /// Best-reply search, no reply yet: the seat either replies (all its actions, the
    /// children in its round) or plays its greedy action (the round stays open).
    Choose,
    /// Best-reply search, another seat replies: the seat plays its greedy action.
    Greedy,
}

/// Star1/Star2 bounds of a chance node's outcomes: probability, lower and upper bound.
type OutcomeBounds = SmallVec<[(Score, Score, Score); 64]>;

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
    /// Best-reply search is on (three or more seats and `multi=brs`).
    brs: bool,
    /// Best-reply search: nodes this many plies deep are scored by the evaluation (the greedy
    /// actions cost no depth, this bounds them).
    ply_cap: u32,
    nodes: u64,
    next_check: u64,
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
            brs: false,
            ply_cap: u32::MAX,
            nodes: 0,
            next_check: 0,
            node_limit: u64::MAX,
            clock: None,
            aborted: false,
            horizon: false,
            last: None,
        }
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> AlphaBetaConfig {
        self.config
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
        if !self.aborted && self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            self.aborted = self.nodes >= self.node_limit || self.clock.is_some_and(|c| c.expired());
        }
        self.aborted
    }

    fn terminal(&self, state: &G, ply: u32) -> Score {
        finished(
            state
                .outcome()
                .map_or(0.0, |o| self.config.shared.returns(&o, self.root)),
            ply,
        )
    }

    fn evaluate(&mut self, state: &G) -> Score {
        self.horizon = true;
        state.evaluate().map_or(0.0, |v| v.get(self.root))
    }

    fn search(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: u32,
        window: (Score, Score),
        round: Round,
    ) -> Score {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0.0;
        }
        match state.to_act() {
            ToAct::Seat(_) | ToAct::Chance if depth == 0 || ply >= self.ply_cap => {
                self.evaluate(state)
            }
            ToAct::Seat(seat) => self.seat_node(state, seat, depth, ply, window, round),
            ToAct::Chance => self.chance_node(state, depth, ply, window, round),
            _ => self.terminal(state, ply),
        }
    }

    /// What `seat` does at a node of `round`.
    fn turn(&self, seat: Seat, round: Round) -> Turn {
        if seat == self.root {
            return Turn::Branch {
                maximise: true,
                next: Round::Open,
            };
        }
        if !self.brs {
            return Turn::Branch {
                maximise: false,
                next: Round::Open,
            };
        }
        match round {
            Round::Open => Turn::Choose,
            Round::Reply(s) if s == seat => Turn::Branch {
                maximise: false,
                next: round,
            },
            Round::Reply(_) => Turn::Greedy,
        }
    }

    /// Expectimax, with Star1 (and Star2's probing first) unless [`ChancePruning::Expectimax`].
    fn chance_node(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: u32,
        (alpha, beta): (Score, Score),
        round: Round,
    ) -> Score {
        let mut outcomes = ChanceOutcomes::<G::Action>::new();
        state.chance_outcomes(&mut outcomes);
        if self.config.chance == ChancePruning::Expectimax {
            let mut sum = 0.0;
            for &(a, p) in outcomes.iter() {
                let undo = state.play_unchecked(a);
                let full = (-Score::INFINITY, Score::INFINITY);
                let v = self.search(state, depth, ply + 1, full, round);
                state.undo(undo);
                if self.aborted {
                    return 0.0;
                }
                sum += p.to_f64() as Score * v;
            }
            return sum;
        }
        let mut bounds: OutcomeBounds = outcomes
            .iter()
            .map(|&(_, p)| (p.to_f64() as Score, -WIN, WIN))
            .collect();
        if self.config.chance == ChancePruning::Star2 {
            let cut = self.probe(
                state,
                &outcomes,
                &mut bounds,
                depth,
                ply,
                (alpha, beta),
                round,
            );
            if self.aborted {
                return 0.0;
            }
            if let Some(cut) = cut {
                return cut;
            }
        }
        // Star1: `low`/`high` bound the outcomes not searched yet, `sum` the searched ones.
        let mut low: Score = bounds.iter().map(|&(p, l, _)| p * l).sum();
        let mut high: Score = bounds.iter().map(|&(p, _, h)| p * h).sum();
        let mut sum = 0.0;
        for (&(a, _), &(p, l, h)) in outcomes.iter().zip(bounds.iter()) {
            low -= p * l;
            high -= p * h;
            let child_alpha = ((alpha - sum - high) / p).max(-WIN);
            let child_beta = ((beta - sum - low) / p).min(WIN);
            let v = if l == h {
                l
            } else {
                let undo = state.play_unchecked(a);
                let v = self.search(state, depth, ply + 1, (child_alpha, child_beta), round);
                state.undo(undo);
                if self.aborted {
                    return 0.0;
                }
                v
            };
            sum += p * v;
            if v <= child_alpha {
                return sum + high;
            }
            if v >= child_beta {
                return sum + low;
            }
        }
        sum
    }

    /// Star2's probing pass: bounds every outcome by one action of the position it leads to,
    /// and returns the chance node's bound if those bounds already put it outside the window.
    #[allow(clippy::too_many_arguments)]
    fn probe(
        &mut self,
        state: &mut G,
        outcomes: &ChanceOutcomes<G::Action>,
        bounds: &mut OutcomeBounds,
        depth: u32,
        ply: u32,
        (alpha, beta): (Score, Score),
        round: Round,
    ) -> Option<Score> {
        // `low`/`high`: the node's bounds from every outcome's current bounds;
        // `reach_low`/`reach_high`: the outcomes probed so far at their bounds, the others at
        // their best (for a fail high) or worst (for a fail low) case.
        let mut low: Score = bounds.iter().map(|&(p, l, _)| p * l).sum();
        let mut high: Score = bounds.iter().map(|&(p, _, h)| p * h).sum();
        let (mut reach_high, mut reach_low) = (high, low);
        for (&(a, _), b) in outcomes.iter().zip(bounds.iter_mut()) {
            let (p, l0, h0) = *b;
            if reach_high < beta && reach_low > alpha {
                // No probe result can cut the node any more.
                break;
            }
            // What this outcome must reach for a cut, the outcomes not probed yet at their
            // best case: beyond the extreme values, its probe is skipped.
            let need = (
                (beta - (reach_high - p * h0)) / p,
                (alpha - (reach_low - p * l0)) / p,
            );
            let undo = state.play_unchecked(a);
            let (l, h) = self.probe_outcome(state, depth, ply + 1, need, round);
            state.undo(undo);
            if self.aborted {
                return None;
            }
            low += p * (l - l0);
            high += p * (h - h0);
            reach_high += p * (l - h0);
            reach_low += p * (h - l0);
            *b = (p, l, h);
            if low >= beta {
                return Some(low);
            }
            if high <= alpha {
                return Some(high);
            }
        }
        None
    }

    /// Bounds of a chance outcome's position from one of its actions: a lower bound where the
    /// root seat acts (it can do at least that well), an upper bound where another seat does;
    /// exact where the game is over or the depth is spent; none after another chance event.
    fn probe_outcome(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: u32,
        (need_low, need_high): (Score, Score),
        round: Round,
    ) -> (Score, Score) {
        let seat = match state.to_act() {
            ToAct::Seat(_) | ToAct::Chance if depth == 0 || ply >= self.ply_cap => {
                let v = self.evaluate(state);
                return (v, v);
            }
            ToAct::Seat(seat) => seat,
            ToAct::Chance => return (-WIN, WIN),
            _ => {
                let v = self.terminal(state, ply);
                return (v, v);
            }
        };
        let turn = self.turn(seat, round);
        let maximise = matches!(turn, Turn::Branch { maximise: true, .. });
        if (maximise && need_low > WIN) || (!maximise && need_high < -WIN) {
            // No result of this probe can cut the node.
            return (-WIN, WIN);
        }
        self.nodes += 1;
        let (action, depth, next) = match turn {
            Turn::Branch { next, .. } => match self.first_action(state, ply, round) {
                Some(a) => (a, depth - 1, next),
                None => {
                    let v = self.terminal(state, ply);
                    return (v, v);
                }
            },
            Turn::Choose | Turn::Greedy => match self.greedy_action(state, seat) {
                Some(a) => (a, depth, round),
                None => {
                    let v = self.terminal(state, ply);
                    return (v, v);
                }
            },
        };
        let undo = state.play_unchecked(action);
        let v = if maximise {
            // Full window below: the result is exact or a lower bound, never an upper one.
            self.search(state, depth, ply + 1, (-Score::INFINITY, need_low), next)
        } else {
            self.search(state, depth, ply + 1, (need_high, Score::INFINITY), next)
        };
        state.undo(undo);
        if maximise {
            (v.max(-WIN), WIN)
        } else {
            (-WIN, v.min(WIN))
        }
    }

    /// The action searched first at a seat node: the table's move, else the best by killers
    /// and history.
    fn first_action(&self, state: &G, ply: u32, round: Round) -> Option<G::Action> {
        let mut legal = Actions::<G>::new();
        state.legal_actions(&mut legal);
        let tt_best = if self.config.tt_bits != 0 {
            let key = state.position_key() ^ self.root_salt ^ round.salt();
            let e = self.table[self.slot(key)];
            if e.key == key {
                e.best
            } else {
                u16::MAX
            }
        } else {
            u16::MAX
        };
        let order = self.order(&legal, tt_best, ply);
        order.first().map(|&i| legal[i as usize])
    }

    /// Best-reply search's model of a seat that does not reply: the action after which the
    /// game's evaluation (or the finished game) is best for that seat; the first of equals in
    /// the legal order. `None` when the seat has no action.
    fn greedy_action(&mut self, state: &mut G, seat: Seat) -> Option<G::Action> {
        let mut legal = Actions::<G>::new();
        state.legal_actions(&mut legal);
        let mut best: Option<(G::Action, Score)> = None;
        for &a in legal.iter() {
            let undo = state.play_unchecked(a);
            let v = match state.outcome() {
                Some(o) => finished(self.config.shared.returns(&o, seat), 0),
                None => state.evaluate().map_or(0.0, |v| v.get(seat)),
            };
            state.undo(undo);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((a, v));
            }
        }
        best.map(|(a, _)| a)
    }

    fn seat_node(
        &mut self,
        state: &mut G,
        seat: Seat,
        depth: u32,
        ply: u32,
        (mut alpha, mut beta): (Score, Score),
        round: Round,
    ) -> Score {
        let (maximise, next) = match self.turn(seat, round) {
            Turn::Branch { maximise, next } => (maximise, next),
            Turn::Greedy => {
                return match self.greedy_action(state, seat) {
                    Some(a) => {
                        let undo = state.play_unchecked(a);
                        let v = self.search(state, depth, ply + 1, (alpha, beta), round);
                        state.undo(undo);
                        v
                    }
                    None => self.terminal(state, ply),
                };
            }
            Turn::Choose => (false, Round::Reply(seat)),
        };
        let use_table = self.config.tt_bits != 0;
        let key = if use_table {
            state.position_key() ^ self.root_salt ^ round.salt()
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
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximise {
            -Score::INFINITY
        } else {
            Score::INFINITY
        };
        if round == Round::Open && next == Round::Reply(seat) {
            // Best-reply search: first the branch where this seat does not reply.
            if let Some(a) = self.greedy_action(state, seat) {
                let undo = state.play_unchecked(a);
                best = self.search(state, depth, ply + 1, (alpha, beta), Round::Open);
                state.undo(undo);
                if self.aborted {
                    return 0.0;
                }
                beta = beta.min(best);
                if alpha >= beta {
                    return best;
                }
            }
        }
        let mut legal = Actions::<G>::new();
        state.legal_actions(&mut legal);
        if legal.is_empty() {
            return self.terminal(state, ply);
        }
        let order = self.order(&legal, tt_best, ply);
        let mut best_index = u16::MAX;
        for &i in order.iter() {
            let a = legal[i as usize];
            let undo = state.play_unchecked(a);
            let v = self.search(state, depth - 1, ply + 1, (alpha, beta), next);
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
        self.next_check = 0;
        self.aborted = false;
        self.root = seat;
        let many = state.seats().len() > 2;
        self.brs = many && self.config.multi == MultiSeat::BestReply;
        let maxn = many && self.config.multi == MultiSeat::MaxN;
        self.root_salt = (seat.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        let mut root = state.clone();
        let mut best = (legal[0], 0.0);
        let mut scores: Vec<(G::Action, Score, bool)> = Vec::new();
        let mut best_values = None;
        let mut completed = 0;
        let mut exact = false;
        for depth in 1..=self.config.max_depth.max(1) {
            self.horizon = false;
            self.ply_cap = if self.brs { 4 * depth + 8 } else { u32::MAX };
            let mut order: Vec<u16> = (0..legal.len() as u16).collect();
            // Search last iteration's best action first.
            if let Some(p) = legal.iter().position(|a| *a == best.0) {
                order.swap(0, p);
            }
            let mut alpha = -Score::INFINITY;
            let mut round: Vec<(G::Action, Score, bool)> = Vec::with_capacity(legal.len());
            let mut round_best = None;
            let mut round_values = None;
            for &i in &order {
                let a = legal[i as usize];
                let undo = root.play_unchecked(a);
                let (v, values) = if maxn {
                    let values = self.maxn(&mut root, depth - 1, 1);
                    (values[seat.index()], Some(values))
                } else {
                    let window = (alpha, Score::INFINITY);
                    let v = self.search(&mut root, depth - 1, 1, window, Round::Open);
                    (v, None)
                };
                root.undo(undo);
                if self.aborted && depth > 1 {
                    break;
                }
                round.push((a, v, maxn || v > alpha));
                // Values within float rounding of each other are ties: the first one stays.
                if round_best.is_none_or(|(_, b)| v > b + TIE) {
                    round_best = Some((a, v));
                    round_values = values;
                }
                if !maxn {
                    alpha = alpha.max(v);
                }
            }
            if self.aborted && depth > 1 {
                break;
            }
            if let Some(b) = round_best {
                best = b;
                best_values = round_values;
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
        if let Some(all) = best_values {
            for s in state.seats().iter() {
                values.set(s, to_value(all[s.index()]));
            }
        } else if state.seats().len() == 2 {
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
