//! The alpha-beta agent: iterative deepening at the root, its analysis and its budget.

use super::config::{AlphaBetaConfig, MultiSeat};
use super::search::Round;
use super::table::Table;
use super::{to_value, Score, CHECK_EVERY, PROVEN, TIE};
use crate::agent::{last_analysis_and_budget, legal_for_seat, Agent, AgentError};
use crate::analysis::{ActionStat, Analysis};
use crate::budget::{Budget, Clock};
use alloc::vec::Vec;
use boardgame_kit::{Actions, Game, Seat, SeatValues, ToAct};

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
    pub(super) config: AlphaBetaConfig,
    pub(super) budget: Budget,
    pub(super) table: Table,
    pub(super) history: Vec<u32>,
    pub(super) killers: Vec<[Option<G::Action>; 2]>,
    pub(super) root: Seat,
    pub(super) root_salt: u64,
    /// Best-reply search is on (three or more seats and `multi=brs`).
    pub(super) brs: bool,
    /// Best-reply search: nodes this many plies deep are scored by the evaluation (the greedy
    /// actions cost no depth, this bounds them).
    pub(super) ply_cap: u32,
    pub(super) nodes: u64,
    pub(super) next_check: u64,
    pub(super) node_limit: u64,
    pub(super) clock: Option<Clock>,
    pub(super) aborted: bool,
    pub(super) horizon: bool,
    pub(super) last: Option<Analysis<G::Action>>,
}

impl<G: Game> AlphaBeta<G> {
    /// The budget used when none is set: 200,000 nodes.
    pub const DEFAULT_BUDGET: Budget = Budget::nodes(200_000);

    /// An alpha-beta agent with these settings and budget (the table is taken at the first
    /// choice, and grows as the searches fill it).
    #[must_use]
    pub fn new(config: AlphaBetaConfig, budget: Budget) -> Self {
        AlphaBeta {
            config,
            budget,
            table: Table::default(),
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

    /// Whether the search must stop (budget or clock), checked every [`CHECK_EVERY`] nodes.
    pub(super) fn out_of_budget(&mut self) -> bool {
        if !self.aborted && self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            self.aborted = self.nodes >= self.node_limit || self.clock.is_some_and(|c| c.expired());
        }
        self.aborted
    }

    /// The principal line from the table, as far as it goes.
    pub(super) fn line(&self, state: &G, first: G::Action, depth: u32) -> Vec<G::Action> {
        let mut line = alloc::vec![first];
        let mut s = state.clone();
        s.play_unchecked(first);
        let mut legal = Actions::<G>::new();
        for _ in 1..depth {
            if !matches!(s.to_act(), ToAct::Seat(_)) {
                break;
            }
            let key = s.position_key() ^ self.root_salt;
            let e = self.table.get(key);
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

impl<G: Game> Agent<G> for AlphaBeta<G> {
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, AgentError> {
        let mut legal = Actions::<G>::new();
        let seat = legal_for_seat(state, &mut legal)?;
        self.reserve()?;
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
        // The next choice takes a fresh table (it grows again as that search needs it).
        self.table = Table::default();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.last = None;
    }

    last_analysis_and_budget!(G, searching);
}
