//! Max^n for three to six seats: every seat maximises its own component of a value vector.
//!
//! A node's value is the vector of the child that is best for the seat to act there (the
//! first of equals, in the legal order); a chance node's is the probability-weighted mean of
//! its outcomes' vectors. The only pruning is *immediate* pruning: a seat that finds a win at
//! the very next ply (the best value it can ever get) stops searching its node. Shallow
//! pruning needs a bound on the sum of the seats' values, which these values lack (a shared
//! win gives several seats +1, and the evaluations are relative), so it is not used; nor is
//! the transposition table, whose entries hold one score.

use super::{finished, AlphaBeta, Score};
use boardgame_kit::{Actions, ChanceOutcomes, Game, ToAct, MAX_SEATS};

/// A value per seat (the unused seats at 0).
pub(super) type Vector = [Score; MAX_SEATS];

impl<G: Game> AlphaBeta<G> {
    /// The max^n vector of `state`, searched `depth` player decisions deep.
    pub(super) fn maxn(&mut self, state: &mut G, depth: u32, ply: u32) -> Vector {
        self.nodes += 1;
        if self.out_of_budget() {
            return [0.0; MAX_SEATS];
        }
        match state.to_act() {
            ToAct::Seat(_) | ToAct::Chance if depth == 0 => {
                self.horizon = true;
                state.evaluate().unwrap_or_default().as_array()
            }
            ToAct::Seat(seat) => {
                let mut legal = Actions::<G>::new();
                state.legal_actions(&mut legal);
                if legal.is_empty() {
                    return self.finished_vector(state, ply);
                }
                // The value of a win at the next ply: nothing can be better for the seat.
                let fastest_win = finished(1.0, ply + 1);
                let s = seat.index();
                let mut best: Option<Vector> = None;
                for &a in legal.iter() {
                    let undo = state.play_unchecked(a);
                    let v = self.maxn(state, depth - 1, ply + 1);
                    state.undo(undo);
                    if self.aborted {
                        return [0.0; MAX_SEATS];
                    }
                    if best.is_none_or(|b| v[s] > b[s]) {
                        best = Some(v);
                        if v[s] >= fastest_win {
                            break;
                        }
                    }
                }
                best.unwrap_or([0.0; MAX_SEATS])
            }
            ToAct::Chance => {
                let mut outcomes = ChanceOutcomes::<G::Action>::new();
                state.chance_outcomes(&mut outcomes);
                let mut mean = [0.0; MAX_SEATS];
                for &(a, p) in outcomes.iter() {
                    let undo = state.play_unchecked(a);
                    let v = self.maxn(state, depth, ply + 1);
                    state.undo(undo);
                    if self.aborted {
                        return [0.0; MAX_SEATS];
                    }
                    let p = p.to_f64() as Score;
                    for (m, x) in mean.iter_mut().zip(v) {
                        *m += p * x;
                    }
                }
                mean
            }
            _ => self.finished_vector(state, ply),
        }
    }

    /// The scores of every seat in a finished game reached at `ply`.
    fn finished_vector(&self, state: &G, ply: u32) -> Vector {
        let mut v = [0.0; MAX_SEATS];
        if let Some(o) = state.outcome() {
            for seat in o.seats().iter() {
                v[seat.index()] = finished(self.config.shared.returns(&o, seat), ply);
            }
        }
        v
    }
}
