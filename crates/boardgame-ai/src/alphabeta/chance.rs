//! Chance nodes: expectimax with Star1 and Star2 pruning.

use super::config::ChancePruning;
use super::search::{Round, Turn};
use super::{AlphaBeta, Score, WIN};
use boardgame_kit::{ChanceOutcomes, Game, ToAct};
use smallvec::SmallVec;

/// Star1/Star2 bounds of a chance node's outcomes: probability, lower and upper bound.
pub(super) type OutcomeBounds = SmallVec<[(Score, Score, Score); 64]>;

impl<G: Game> AlphaBeta<G> {
    /// Expectimax, with Star1 (and Star2's probing first) unless [`ChancePruning::Expectimax`].
    pub(super) fn chance_node(
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
    pub(super) fn probe(
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
    pub(super) fn probe_outcome(
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
}
