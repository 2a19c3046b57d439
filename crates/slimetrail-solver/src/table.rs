//! The transposition table: solved positions by their canonical key, in two-slot buckets, one
//! table for every thread of a search.
//!
//! A bucket is four `AtomicU64` words: two entries of a low and a high word. An entry holds the
//! key's free cells in bits 0..89 (the padded layout of a board of at most 9x9 ends at bit 88),
//! the snail's cell in bits 89..96, the value (the mover wins) in bit 96 and the search effort
//! (log2 of the positions searched to solve it) in bits 97..104. The first slot of a bucket
//! keeps the entry that cost the most to solve, the second takes the latest. The first high
//! word also carries the bucket's lock (bit 104) and a write counter (bits 105..128).
//!
//! Two ways in. A search that owns the table (`&mut Table`: one thread) reads and writes the
//! words plainly ([`AtomicU64::get_mut`]), as fast as a table of plain integers. Threads that
//! share it (`&Table`) use each bucket as a sequence lock: a writer takes the lock bit with a
//! compare-exchange (a bucket another thread is writing is left alone: the entry is simply not
//! stored), writes the other words, then the first high word with the counter advanced and the
//! lock released; a reader reads the first high word, the others, then the first high word
//! again, and takes the words only when both reads of it are equal and unlocked. So no thread
//! reads an entry half-written by another: that would take 2^23 writes to one bucket between
//! two loads a few nanoseconds apart. Every entry is a finished proof (a search that was
//! stopped stores nothing), so whichever thread wrote it, its value is right.

use alloc::vec::Vec;
use core::sync::atomic::{fence, AtomicU64, Ordering};

/// Bits of a canonical key that hold the free cells (the snail's cell is above, at bit 100).
pub(crate) const KEY_BITS: u32 = 108;
/// The canonical key's snail cell starts here.
const SNAIL_SHIFT: u32 = 100;
/// Free cells a key can name: the padded 9x9 board ends at bit 88.
const CELL_BITS: u32 = 89;
const CELL_MASK: u128 = (1 << CELL_BITS) - 1;

// The high word (bits 64..128 of an entry).
/// The key's part of the high word: its cells 64..89 and the snail's cell.
const HI_KEY: u64 = (1 << 32) - 1;
const HI_WIN: u64 = 1 << 32;
const HI_WORK_SHIFT: u32 = 33;
const HI_LOCK: u64 = 1 << 40;
#[cfg(feature = "std")]
const HI_COUNT_SHIFT: u32 = 41;
/// The key, the value and the effort: what a write replaces.
const HI_ENTRY: u64 = HI_LOCK - 1;

/// A table of `2^bits` entries in buckets of two.
#[derive(Debug)]
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

/// Two entries (low word, high word, low word, high word), aligned so that a bucket never
/// straddles two cache lines (one miss a probe). The first high word carries the bucket's lock
/// and write counter.
#[derive(Debug, Default)]
#[repr(align(32))]
struct Bucket([AtomicU64; 4]);

/// The smallest table: 2^4 entries.
pub const MIN_TABLE_BITS: u32 = 4;
/// The largest table: 2^30 entries of 16 bytes (16 GiB).
pub const MAX_TABLE_BITS: u32 = 30;

/// A solver's table could not be made.
///
/// ```
/// use slimetrail_solver::{Solver, TableError, MAX_TABLE_BITS};
/// assert!(matches!(Solver::try_new(MAX_TABLE_BITS + 1), Err(TableError::TooLarge { .. })));
/// assert!(Solver::try_new(10).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// More than [`MAX_TABLE_BITS`] (or fewer than [`MIN_TABLE_BITS`]) bits asked for.
    #[error("a table of 2^{bits} entries is out of range: log2 of the entries must be {MIN_TABLE_BITS} to {MAX_TABLE_BITS}")]
    TooLarge {
        /// The bits asked for.
        bits: u32,
    },
    /// The system refused the memory.
    #[error("out of memory: a table of 2^{bits} entries takes {bytes} bytes the system refused")]
    OutOfMemory {
        /// log2 of the entries.
        bits: u32,
        /// The bytes asked for.
        bytes: u64,
    },
}

/// A bucket's two entries as plain words.
type Words = [u64; 4];

/// A key in the table's words: the low word, and the high word's key part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed {
    lo: u64,
    hi: u64,
}

#[inline(always)]
fn pack(key: u128) -> Packed {
    debug_assert!(key != 0 && key >> KEY_BITS == 0);
    debug_assert_eq!((key & ((1 << SNAIL_SHIFT) - 1)) >> CELL_BITS, 0);
    let packed = (key & CELL_MASK) | (key >> SNAIL_SHIFT) << CELL_BITS;
    Packed {
        lo: packed as u64,
        hi: (packed >> 64) as u64,
    }
}

#[cfg(feature = "std")]
#[inline(always)]
fn unpack(lo: u64, hi: u64) -> u128 {
    let packed = (lo as u128) | ((hi & HI_KEY) as u128) << 64;
    (packed & CELL_MASK) | (packed >> CELL_BITS) << SNAIL_SHIFT
}

fn bucket(key: u128) -> usize {
    let x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (x ^ (x >> 29)) as usize
}

#[inline(always)]
fn work(hi: u64) -> u32 {
    (hi >> HI_WORK_SHIFT) as u32 & 0xff
}

/// The high word of an entry (no lock, counter zero).
#[inline(always)]
fn entry_hi(key: Packed, win: bool, positions: u64) -> u64 {
    let effort = 64 - positions.leading_zeros() as u64;
    key.hi | if win { HI_WIN } else { 0 } | effort << HI_WORK_SHIFT
}

/// The value stored for `key` among a bucket's words.
#[inline(always)]
fn find(w: &Words, k: Packed) -> Option<bool> {
    for slot in [0, 2] {
        if w[slot] == k.lo && w[slot + 1] & HI_KEY == k.hi {
            return Some(w[slot + 1] & HI_WIN != 0);
        }
    }
    None
}

/// Puts an entry into a bucket's words: the first slot keeps the entry that cost the most to
/// solve (or the same key), the second the latest; the lock and counter bits are kept.
#[inline(always)]
fn place(w: &mut Words, k: Packed, hi: u64) {
    let same = w[0] == k.lo && w[1] & HI_KEY == k.hi;
    if same || work(hi) >= work(w[1]) {
        if !same {
            w[2] = w[0];
            w[3] = w[1] & HI_ENTRY;
        }
        w[0] = k.lo;
        w[1] = (w[1] & !HI_ENTRY) | hi;
    } else {
        w[2] = k.lo;
        w[3] = hi;
    }
}

impl Bucket {
    /// The words, read by a thread that shares the table: `None` while another thread writes
    /// the bucket (or wrote it during the read).
    #[inline(always)]
    fn read(&self) -> Option<Words> {
        let first = self.0[1].load(Ordering::Acquire);
        if first & HI_LOCK != 0 {
            return None;
        }
        let w = [
            self.0[0].load(Ordering::Relaxed),
            first,
            self.0[2].load(Ordering::Relaxed),
            self.0[3].load(Ordering::Relaxed),
        ];
        fence(Ordering::Acquire);
        (self.0[1].load(Ordering::Relaxed) == first).then_some(w)
    }

    #[cfg(feature = "std")]
    /// Changes the words from a thread that shares the table, under the bucket's lock; does
    /// nothing when another thread holds it.
    #[inline(always)]
    fn update(&self, change: impl FnOnce(&mut Words)) {
        let first = self.0[1].load(Ordering::Relaxed);
        if first & HI_LOCK != 0
            || self.0[1]
                .compare_exchange(first, first | HI_LOCK, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        // Readers that see a new word see the lock (or what follows) after it.
        fence(Ordering::Release);
        let mut w = [
            self.0[0].load(Ordering::Relaxed),
            first,
            self.0[2].load(Ordering::Relaxed),
            self.0[3].load(Ordering::Relaxed),
        ];
        change(&mut w);
        self.0[0].store(w[0], Ordering::Relaxed);
        self.0[2].store(w[2], Ordering::Relaxed);
        self.0[3].store(w[3], Ordering::Relaxed);
        let count = (first >> HI_COUNT_SHIFT).wrapping_add(1) << HI_COUNT_SHIFT;
        self.0[1].store((w[1] & HI_ENTRY) | count, Ordering::Release);
    }

    /// The words of a table owned by one thread.
    #[inline(always)]
    fn words_mut(&mut self) -> Words {
        let [a, b, c, d] = &mut self.0;
        [*a.get_mut(), *b.get_mut(), *c.get_mut(), *d.get_mut()]
    }

    #[inline(always)]
    fn set_mut(&mut self, w: Words) {
        for (to, from) in self.0.iter_mut().zip(w) {
            *to.get_mut() = from;
        }
    }
}

impl Clone for Table {
    fn clone(&self) -> Table {
        let buckets = self
            .buckets
            .iter()
            .map(|b| {
                let w = b.read().unwrap_or_default();
                Bucket(w.map(AtomicU64::new))
            })
            .collect();
        Table {
            buckets,
            mask: self.mask,
        }
    }
}

impl Table {
    /// `2^bits` entries (`bits` clamped to 4..=30), the memory taken fallibly.
    pub(crate) fn try_new(bits: u32) -> Result<Table, TableError> {
        let clamped = bits.clamp(MIN_TABLE_BITS, MAX_TABLE_BITS);
        let buckets = 1usize << (clamped - 1);
        let mut v: Vec<Bucket> = Vec::new();
        v.try_reserve_exact(buckets)
            .map_err(|_| TableError::OutOfMemory {
                bits: clamped,
                bytes: (buckets as u64) * core::mem::size_of::<Bucket>() as u64,
            })?;
        v.extend((0..buckets).map(|_| Bucket::default()));
        Ok(Table {
            buckets: v,
            mask: (1 << (clamped - 1)) - 1,
        })
    }

    /// `2^bits` entries (`bits` clamped to 4..=30).
    pub(crate) fn new(bits: u32) -> Table {
        let bits = bits.clamp(4, 30);
        Table {
            buckets: (0..1usize << (bits - 1))
                .map(|_| Bucket::default())
                .collect(),
            mask: (1 << (bits - 1)) - 1,
        }
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        for b in &mut self.buckets {
            b.set_mut([0; 4]);
        }
    }

    /// Number of entries.
    pub(crate) fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Every stored entry: key, whether the mover wins, effort (log2 of the positions its
    /// proof took). Safe while other threads write: buckets being written are left out.
    #[cfg(feature = "std")]
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u128, bool, u32)> + '_ {
        self.buckets
            .iter()
            .filter_map(Bucket::read)
            .flat_map(|w| [(w[0], w[1]), (w[2], w[3])])
            .filter(|&(lo, hi)| lo != 0 || hi & HI_KEY != 0)
            .map(|(lo, hi)| (unpack(lo, hi), hi & HI_WIN != 0, work(hi)))
    }

    /// The stored value of a key (nonzero, below `2^KEY_BITS`): whether the mover wins. For
    /// the thread that owns the table.
    #[inline]
    pub(crate) fn probe_mut(&mut self, key: u128) -> Option<bool> {
        let k = pack(key);
        find(&self.buckets[bucket(key) & self.mask].words_mut(), k)
    }

    /// Stores a solved key with the number of positions its proof took. For the thread that
    /// owns the table.
    #[inline]
    pub(crate) fn store_mut(&mut self, key: u128, win: bool, positions: u64) {
        let k = pack(key);
        let b = &mut self.buckets[bucket(key) & self.mask];
        let mut w = b.words_mut();
        place(&mut w, k, entry_hi(k, win, positions));
        b.set_mut(w);
    }

    #[cfg(feature = "std")]
    /// [`Table::probe_mut`] for threads that share the table.
    #[inline]
    pub(crate) fn probe(&self, key: u128) -> Option<bool> {
        let k = pack(key);
        find(&self.buckets[bucket(key) & self.mask].read()?, k)
    }

    #[cfg(feature = "std")]
    /// log2 of the parts a table is cut into for `threads` threads (the next power of two, at
    /// most one bucket a part).
    pub(crate) fn parts_log(&self, threads: usize) -> u32 {
        threads
            .next_power_of_two()
            .trailing_zeros()
            .min((self.mask + 1).trailing_zeros())
    }

    #[cfg(feature = "std")]
    /// The bucket of `key` in part `part` of `2^parts_log` equal parts of the table: its home
    /// bucket when that lies in the part, else the bucket at the same place in the part.
    #[inline(always)]
    pub(crate) fn own_bucket(&self, key: u128, part: usize, parts_log: u32) -> usize {
        let inside = (self.mask + 1) >> parts_log;
        part * inside + (bucket(key) & (inside - 1))
    }

    #[cfg(feature = "std")]
    /// [`Table::probe`] in a given bucket.
    #[inline]
    pub(crate) fn probe_at(&self, key: u128, at: usize) -> Option<bool> {
        let k = pack(key);
        find(&self.buckets[at].read()?, k)
    }

    #[cfg(feature = "std")]
    /// [`Table::store`] into a given bucket.
    #[inline]
    pub(crate) fn store_at(&self, key: u128, win: bool, positions: u64, at: usize) {
        let k = pack(key);
        let hi = entry_hi(k, win, positions);
        self.buckets[at].update(|w| place(w, k, hi));
    }

    #[cfg(feature = "std")]
    /// [`Table::store_mut`] for threads that share the table. An entry stored by two threads
    /// into one bucket at the same moment may be dropped (it is a cache).
    #[inline]
    pub(crate) fn store(&self, key: u128, win: bool, positions: u64) {
        let k = pack(key);
        let hi = entry_hi(k, win, positions);
        self.buckets[bucket(key) & self.mask].update(|w| place(w, k, hi));
    }
}

// The shared ways into the table exist with `std` only (the threaded search).
#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// A key as the search makes them: cells below bit 89, the snail's cell at bit 100.
    fn key(cells: u128, snail: u8) -> u128 {
        cells | (snail as u128) << SNAIL_SHIFT
    }

    #[test]
    fn keys_round_trip_through_the_words() {
        for k in [
            key(1, 0),
            key(CELL_MASK, 88),
            key(0x1_5678_9abc_def0_1357_9bdf, 47),
            key(1 << 88 | 1 << 64 | 1 << 63, 1),
        ] {
            let p = pack(k);
            assert_eq!(unpack(p.lo, p.hi), k);
            assert_eq!(p.hi & !HI_KEY, 0);
        }
    }

    #[test]
    fn owned_and_shared_ways_agree() {
        let mut t = Table::new(6);
        let keys: Vec<u128> = (1..200u128)
            .map(|i| key(i * 0x1_0000_0001_0001, (i % 80) as u8))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            if i % 2 == 0 {
                t.store_mut(k, i % 3 == 0, i as u64);
            } else {
                t.store(k, i % 3 == 0, i as u64);
            }
        }
        let mut found = 0;
        for (i, &k) in keys.iter().enumerate() {
            let shared = t.probe(k);
            assert_eq!(shared, t.probe_mut(k));
            if let Some(win) = shared {
                assert_eq!(win, i % 3 == 0);
                found += 1;
            }
        }
        // 64 slots for 199 keys: some are kept, the latest one surely.
        assert!(found > 0 && found <= 64);
        assert_eq!(t.probe(keys[198]), Some(198 % 3 == 0));
        #[cfg(feature = "std")]
        assert_eq!(t.entries().count(), found);
    }

    #[test]
    fn the_deeper_proof_keeps_the_first_slot() {
        let t = Table::new(4);
        // Three keys in one bucket.
        let mut same = (1..)
            .map(|i| key(i, 3))
            .filter(|&k| bucket(k) & t.mask == 0);
        let (a, b, c) = (
            same.next().unwrap(),
            same.next().unwrap(),
            same.next().unwrap(),
        );
        t.store(a, true, 1 << 20);
        t.store(b, false, 10);
        t.store(c, true, 12);
        assert_eq!(t.probe(a), Some(true));
        assert_eq!(t.probe(b), None);
        assert_eq!(t.probe(c), Some(true));
        let mut owned = t.clone();
        owned.store_mut(b, false, 1 << 21);
        assert_eq!(
            (owned.probe_mut(a), owned.probe_mut(b), owned.probe_mut(c)),
            (Some(true), Some(false), None)
        );
        owned.clear();
        assert_eq!(owned.probe_mut(b), None);
    }

    /// Two threads write and two read a table of 16 entries: every key's value is a function
    /// of its low word, and all keys share their high word, so a read that took one entry's low
    /// word with another's high word would give a wrong value. None may. (Reading without the
    /// lock bit and the second look at the high word fails this in most runs.)
    #[test]
    fn threads_never_read_a_half_written_entry() {
        use std::sync::atomic::AtomicUsize;
        let t = Table::new(4);
        // Low words with every bit pattern, one high word: the snail on cell 5, cells up to 63.
        let keys: Vec<u128> = (0..16u64)
            .map(|i| key((i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1) as u128, 5))
            .collect();
        let value = |k: u128| (k as u64).count_ones().is_multiple_of(2);
        let (hits, writing) = (AtomicUsize::new(0), AtomicUsize::new(2));
        let start = std::sync::Barrier::new(4);
        std::thread::scope(|scope| {
            for w in 0..2 {
                let (t, keys, start, writing) = (&t, &keys, &start, &writing);
                scope.spawn(move || {
                    start.wait();
                    for i in 0..1_000_000u64 {
                        let k = keys[((i * 7 + w * 3) % 16) as usize];
                        t.store(k, value(k), i % 1000);
                    }
                    writing.fetch_sub(1, Ordering::Relaxed);
                });
            }
            for r in 0..2 {
                let (t, keys, hits, start, writing) = (&t, &keys, &hits, &start, &writing);
                scope.spawn(move || {
                    start.wait();
                    let mut i = r * 5;
                    while writing.load(Ordering::Relaxed) > 0 || i < 100_000 {
                        let k = keys[i % 16];
                        if let Some(win) = t.probe(k) {
                            assert_eq!(win, value(k), "a torn entry for {k:x}");
                            hits.fetch_add(1, Ordering::Relaxed);
                        }
                        i += 11;
                    }
                });
            }
        });
        // The readers found entries (the check above ran).
        assert!(hits.into_inner() > 1000);
        for &k in &keys {
            assert!(t.probe(k).is_none_or(|w| w == value(k)));
        }
    }
}
