//! Move ordering: the table move, killers and the history of quiet moves that cut.

use super::AlphaBeta;
use boardgame_kit::game::KeyHasher;
use boardgame_kit::{Actions, Game};
use core::hash::{Hash, Hasher};

/// Slots in the history table of quiet moves that cut.
pub(super) const HISTORY: usize = 4096;

impl<G: Game> AlphaBeta<G> {
    pub(super) fn action_slot(action: &G::Action) -> usize {
        let mut h = KeyHasher::default();
        action.hash(&mut h);
        (h.finish() as usize) & (HISTORY - 1)
    }

    /// Credits an action that caused a cut: a killer at this ply and history by depth.
    pub(super) fn reward(&mut self, action: G::Action, ply: u32, depth: u32) {
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
    pub(super) fn order(
        &self,
        legal: &Actions<G>,
        tt_best: u16,
        ply: u32,
    ) -> smallvec::SmallVec<[u16; 512]> {
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
}
