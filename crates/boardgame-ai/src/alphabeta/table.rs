//! The transposition table: entries keyed by position, grown as the search fills it, and the
//! agent's memory.

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

/// The transposition table: at most `2^tt_bits` entries, one a slot, the slot of a key its low
/// `tt_bits` bits. It starts with [`START_BITS`] bits' worth of entries and doubles whenever
/// half of them are taken, up to the whole size, so a short search takes little memory and a
/// long one reaches the whole table. While smaller than the whole, it holds each slot of the
/// whole table (what the whole table would hold there, or nothing) by linear probing from the
/// slot's low bits: it answers every probe and takes every write exactly as the whole table
/// would, so the searches are the same at every size. (The one exception: a key of 0, one in
/// 2^64, is not stored.) Once whole, every slot sits where its bits say and a probe is one
/// read.
#[derive(Clone, Debug, Default)]
pub(super) struct Table {
    entries: Vec<Entry>,
    /// The whole table's slot of a key: `key & whole`.
    whole: u64,
    /// Entries taken.
    used: usize,
}

/// log2 of the entries a table starts with (4096 entries, 96 KiB).
pub(super) const START_BITS: u32 = 12;

impl Table {
    /// An empty table of at most `2^bits` entries, taking its first [`START_BITS`] bits'
    /// worth of memory fallibly.
    fn try_new(bits: u32) -> Result<Table, AgentError> {
        let mut entries = Vec::new();
        take(&mut entries, 1 << bits.min(START_BITS), EMPTY)?;
        Ok(Table {
            entries,
            whole: (1u64 << bits) - 1,
            used: 0,
        })
    }

    /// The index holding the whole table's slot of `key`, or the empty one where it would go.
    #[inline(always)]
    fn find(&self, key: u64) -> usize {
        let mask = self.entries.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let e = &self.entries[i];
            if e.key == 0 || (e.key ^ key) & self.whole == 0 {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The entry in the slot of `key` (whichever key it holds; [`EMPTY`] if none).
    #[inline]
    pub(super) fn get(&self, key: u64) -> Entry {
        self.entries[self.find(key)]
    }

    /// Writes `entry` into the slot of its key, in place of whatever the slot held.
    #[inline]
    pub(super) fn put(&mut self, entry: Entry) {
        if entry.key == 0 {
            return;
        }
        let mut i = self.find(entry.key);
        if self.entries[i].key == 0 {
            if (self.used + 1) * 2 > self.entries.len() && (self.entries.len() as u64) <= self.whole
            {
                // Memory the system refuses leaves the table as it is: a probe needs an empty
                // entry to stop at, so it then takes no more slots than all but one.
                if self.grow().is_err() && self.used + 2 > self.entries.len() {
                    return;
                }
                i = self.find(entry.key);
            }
            self.used += 1;
        }
        self.entries[i] = entry;
    }

    /// Twice the entries, each put back where it belongs.
    #[cold]
    fn grow(&mut self) -> Result<(), AgentError> {
        let mut bigger = Table {
            entries: Vec::new(),
            whole: self.whole,
            used: self.used,
        };
        take(&mut bigger.entries, self.entries.len() * 2, EMPTY)?;
        for e in self.entries.iter().filter(|e| e.key != 0) {
            let i = bigger.find(e.key);
            bigger.entries[i] = *e;
        }
        *self = bigger;
        Ok(())
    }
}

impl<G: Game> AlphaBeta<G> {
    /// Takes the table, the history and the killers' memory, fallibly: memory the system
    /// refuses is an [`AgentError::OutOfMemory`] and the agent holds no table until a later
    /// choice finds the memory.
    pub(super) fn reserve(&mut self) -> Result<(), AgentError> {
        let bits = if self.config.tt_bits == 0 {
            0
        } else {
            self.config.tt_bits.clamp(4, AlphaBetaConfig::MAX_TT_BITS)
        };
        if self.table.entries.is_empty() || self.table.whole != (1u64 << bits) - 1 {
            self.table = Table::default();
            self.table = Table::try_new(bits)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::{RandomSource, SplitMix64};

    /// The growing table answers every probe as the whole table (one entry a slot, written in
    /// place) would, through every doubling, whether the keys fill it or share few slots.
    #[test]
    fn the_growing_table_answers_as_the_whole_table() {
        let bits = 14;
        for distinct in [1u64 << 6, 1 << 13, 1 << 16] {
            let mut table = Table::try_new(bits).unwrap();
            let mut whole = alloc::vec![EMPTY; 1 << bits];
            let mut rng = SplitMix64::new(distinct);
            for n in 0..200_000u32 {
                // Keys from a pool of `distinct`, spread over the high bits too.
                let key = (rng.next_u64() % distinct + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let slot = key as usize & ((1 << bits) - 1);
                let (got, want) = (table.get(key), whole[slot]);
                assert_eq!((got.key, got.depth), (want.key, want.depth), "probe {n}");
                if !rng.next_u64().is_multiple_of(3) {
                    let e = Entry {
                        key,
                        depth: n as u16,
                        ..EMPTY
                    };
                    table.put(e);
                    whole[slot] = e;
                }
            }
            let taken = whole.iter().filter(|e| e.key != 0).count();
            assert_eq!(table.used, taken);
            assert!(table.entries.len() >= 2 * taken || table.entries.len() == whole.len());
            if distinct == 1 << 6 {
                assert_eq!(table.entries.len(), 1 << START_BITS, "64 keys: no growth");
            }
        }
    }
}
