//! The transposition table: entries keyed by position, and its memory.

use super::order::HISTORY;
use super::{AlphaBeta, Score};
use boardgame_kit::Game;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One transposition-table entry.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) score: Score,
    pub(super) depth: u16,
    /// Index of the best action in the legal list (`u16::MAX`: none).
    pub(super) best: u16,
    pub(super) bound: Bound,
}

pub(super) const EMPTY: Entry = Entry {
    key: 0,
    score: 0.0,
    depth: 0,
    best: u16::MAX,
    bound: Bound::Exact,
};

impl<G: Game> AlphaBeta<G> {
    pub(super) fn reserve(&mut self) {
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

    pub(super) fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }
}
