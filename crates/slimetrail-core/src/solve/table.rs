//! The transposition table: solved positions by their canonical key, in two-slot buckets.
//!
//! One entry is a `u128`: the key in bits 0..108, the search effort (log2 of the positions
//! searched to solve it) in bits 112..120, and the value (the mover wins) in bit 127. The first
//! slot of a bucket keeps the entry that cost the most to solve, the second takes the latest.

use alloc::vec;
use alloc::vec::Vec;

/// Bits of an entry that hold the key.
pub(crate) const KEY_BITS: u32 = 108;
const KEY_MASK: u128 = (1 << KEY_BITS) - 1;
const WORK_SHIFT: u32 = 112;
const WIN: u128 = 1 << 127;

/// A table of `2^bits` entries in buckets of two.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

/// Two entries, aligned so that a bucket never straddles two cache lines (one miss a probe).
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(32))]
struct Bucket([u128; 2]);

fn bucket(key: u128) -> usize {
    let x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (x ^ (x >> 29)) as usize
}

fn work(entry: u128) -> u32 {
    (entry >> WORK_SHIFT) as u32 & 0xff
}

impl Table {
    /// `2^bits` entries (`bits` clamped to 4..=30).
    pub(crate) fn new(bits: u32) -> Table {
        let bits = bits.clamp(4, 30);
        Table {
            buckets: vec![Bucket::default(); 1 << (bits - 1)],
            mask: (1 << (bits - 1)) - 1,
        }
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    /// Number of entries.
    pub(crate) fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Every stored entry: key, whether the mover wins, effort (log2 of the positions its
    /// proof took).
    #[cfg(feature = "std")]
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u128, bool, u32)> + '_ {
        self.buckets
            .iter()
            .flat_map(|b| b.0)
            .filter(|&e| e != 0)
            .map(|e| (e & KEY_MASK, e & WIN != 0, work(e)))
    }

    /// The stored value of a key (nonzero, below `2^KEY_BITS`): whether the mover wins.
    #[inline]
    pub(crate) fn probe(&self, key: u128) -> Option<bool> {
        let b = &self.buckets[bucket(key) & self.mask];
        for e in b.0 {
            if e & KEY_MASK == key {
                return Some(e & WIN != 0);
            }
        }
        None
    }

    /// Stores a solved key with the number of positions its proof took.
    #[inline]
    pub(crate) fn store(&mut self, key: u128, win: bool, positions: u64) {
        let b = &mut self.buckets[bucket(key) & self.mask].0;
        let effort = 64 - positions.leading_zeros();
        let entry = key | (effort as u128) << WORK_SHIFT | if win { WIN } else { 0 };
        let deep = b[0];
        if deep & KEY_MASK == key || effort >= work(deep) {
            if deep & KEY_MASK != key {
                b[1] = deep;
            }
            b[0] = entry;
        } else {
            b[1] = entry;
        }
    }
}
