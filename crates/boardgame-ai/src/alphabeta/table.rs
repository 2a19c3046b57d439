//! The transposition table: entries keyed by position, and its memory.

use super::config::AlphaBetaConfig;
use super::order::HISTORY;
use super::{AlphaBeta, Score};
use crate::agent::AgentError;
use alloc::vec::Vec;
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
    /// Takes the table, the history and the killers' memory, fallibly: memory the system
    /// refuses is an [`AgentError::OutOfMemory`] and the agent holds no table until a later
    /// choice finds the memory.
    pub(super) fn reserve(&mut self) -> Result<(), AgentError> {
        let size = if self.config.tt_bits == 0 {
            1
        } else {
            1usize << self.config.tt_bits.clamp(4, AlphaBetaConfig::MAX_TT_BITS)
        };
        if self.table.len() != size {
            self.table = Vec::new();
            take(&mut self.table, size, EMPTY)?;
        }
        if self.history.len() != HISTORY {
            take(&mut self.history, HISTORY, 0)?;
        }
        let depth = self.config.max_depth as usize + 2;
        if self.killers.len() < depth {
            take(&mut self.killers, depth, [None, None])?;
        }
        Ok(())
    }

    pub(super) fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }
}

/// Grows `v` to `len` items of `fill`, taking the memory fallibly.
fn take<T: Clone>(v: &mut Vec<T>, len: usize, fill: T) -> Result<(), AgentError> {
    let more = len.saturating_sub(v.len());
    v.try_reserve_exact(more)
        .map_err(|_| AgentError::OutOfMemory {
            bytes: (len as u64).saturating_mul(core::mem::size_of::<T>() as u64),
        })?;
    v.resize(len, fill);
    Ok(())
}
