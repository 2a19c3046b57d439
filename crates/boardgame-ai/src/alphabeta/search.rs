//! The search of a position: seat nodes under the model of the other seats (minimax,
//! paranoid, best-reply search), the horizon and finished games.

use super::table::{Bound, Entry};
use super::{finished, AlphaBeta, Score};
use boardgame_kit::{Actions, Game, Seat, ToAct};

/// Where best-reply search stands between two turns of the root seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Round {
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
pub(super) enum Turn {
    /// The seat searches all its actions; the children are in this round.
    Branch { maximise: bool, next: Round },
    /// Best-reply search, no reply yet: the seat either replies (all its actions, the
    /// children in its round) or plays its greedy action (the round stays open).
    Choose,
    /// Best-reply search, another seat replies: the seat plays its greedy action.
    Greedy,
}

impl<G: Game> AlphaBeta<G> {
    pub(super) fn terminal(&self, state: &G, ply: u32) -> Score {
        finished(
            state
                .outcome()
                .map_or(0.0, |o| self.config.shared.returns(&o, self.root)),
            ply,
        )
    }

    pub(super) fn evaluate(&mut self, state: &G) -> Score {
        self.horizon = true;
        state.evaluate().map_or(0.0, |v| v.get(self.root))
    }

    pub(super) fn search(
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
    pub(super) fn turn(&self, seat: Seat, round: Round) -> Turn {
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

    /// The action searched first at a seat node: the table's move, else the best by killers
    /// and history.
    pub(super) fn first_action(&self, state: &G, ply: u32, round: Round) -> Option<G::Action> {
        let mut legal = Actions::<G>::new();
        state.legal_actions(&mut legal);
        let tt_best = if self.config.tt_bits != 0 {
            let key = state.position_key() ^ self.root_salt ^ round.salt();
            let e = self.table.get(key);
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
    pub(super) fn greedy_action(&mut self, state: &mut G, seat: Seat) -> Option<G::Action> {
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

    pub(super) fn seat_node(
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
        let entry = self.table.get(key);
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
            self.table.put(Entry {
                key,
                score: best,
                depth: depth.min(u16::MAX as u32) as u16,
                best: best_index,
                bound,
            });
        }
        best
    }
}
