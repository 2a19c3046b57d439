//! The tree: descent (selection, expansion), backup, proofs and the analysis of the root.

use super::config::MctsConfig;
use super::node::{room, Kind, Node, LOSS, WIN};
use super::walker::{Rollout, Scratch, Walker};
use crate::analysis::{ActionStat, Analysis};
use crate::math;
use alloc::vec::Vec;
use boardgame_kit::{Game, Prob, RandomSource, Seat, SeatValues, SplitMix64, ToAct, MAX_SEATS};

/// Where a descent of the tree ended.
pub(super) enum Leaf {
    /// At a node whose value is known (exact), and whether it was proven just now.
    Known([f32; MAX_SEATS], bool),
    /// At a leaf to play out from.
    Open,
}

/// The tree: the arena of nodes and the settings in force for its root.
#[derive(Clone, Debug)]
pub(super) struct Tree<G: Game> {
    pub(super) nodes: Vec<Node<G::Action>>,
    pub(super) config: MctsConfig,
    /// The playout cutoff in force for the current root.
    pub(super) limit: u32,
    /// The RAVE equivalence in force for the current root (0: off).
    pub(super) rave: u32,
}

impl<G: Game> Tree<G> {
    pub(super) fn capacity(&self) -> usize {
        self.config.max_nodes.max(1) as usize
    }

    pub(super) fn rollout(&self) -> Rollout {
        Rollout {
            limit: self.limit,
            rave: self.rave > 0,
            shared: self.config.shared,
        }
    }

    /// Marks what `nodes[index]` is and creates its children if the arena has room.
    pub(super) fn expand(&mut self, scratch: &mut Scratch<G>, index: usize, state: &G) {
        let cap = self.capacity();
        let shared = self.config.shared;
        let nodes = &mut self.nodes;
        let one = Prob::new(1, 1);
        let first = nodes.len();
        let kind = match state.to_act() {
            ToAct::Seat(seat) => {
                state.legal_actions(&mut scratch.actions);
                if room(nodes, scratch.actions.len(), cap) {
                    nodes.extend(scratch.actions.iter().map(|&a| Node::new(Some(a), one)));
                }
                Kind::Seat(seat)
            }
            ToAct::Chance => {
                state.chance_outcomes(&mut scratch.outcomes);
                if room(nodes, scratch.outcomes.len(), cap) {
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
    pub(super) fn descend(&mut self, w: &mut Walker<G>, state: &mut G, virtual_loss: bool) -> Leaf {
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
    pub(super) fn ascend(
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
    pub(super) fn select(&self, rng: &mut SplitMix64, node: &Node<G::Action>, seat: Seat) -> usize {
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
    pub(super) fn sample(&self, rng: &mut SplitMix64, node: &Node<G::Action>) -> usize {
        let range = node.children();
        let probs = self.nodes[range.clone()].iter().map(|n| n.prob);
        let picked = boardgame_kit::drivers::sample_index(probs, rng);
        picked.map_or(range.end.saturating_sub(1), |i| range.start + i)
    }

    /// Updates the all-moves-as-first statistics of the children of every seat's node on the
    /// path: a child whose action the same seat played later in the iteration.
    pub(super) fn rave_update(&mut self, scratch: &mut Scratch<G>, value: &[f32; MAX_SEATS]) {
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
    pub(super) fn backup(&mut self, path: &[u32], mut value: [f32; MAX_SEATS], mut proved: bool) {
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
    pub(super) fn weighted_mean(&self, index: usize) -> [f32; MAX_SEATS] {
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
    pub(super) fn proof(&self, index: usize) -> Option<[f32; MAX_SEATS]> {
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
    pub(super) fn best_child(&self, index: usize, seat: Seat) -> Option<usize> {
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
    pub(super) fn analyse(&self, seat: Seat, iterations: u64, longest: u32) -> Analysis<G::Action> {
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
