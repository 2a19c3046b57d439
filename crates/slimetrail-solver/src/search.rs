//! The search: does the player to move win? A depth-first win/loss search in the mover's frame
//! with a transposition table keyed on the snail and its component, the diagonal mirror folded
//! in, exact endgames by matching, and restricting moves first.

use super::geometry::{Geometry, OWN};
use super::matching::token_wins;
use super::table::Table;
#[cfg(feature = "std")]
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use slimetrail_core::Bits;

/// A position in the mover's frame: the free cells (neither slimed nor the snail; both corners
/// are always free) and the snail's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) free: Bits,
    pub(crate) snail: u8,
}

/// What the search reports every so many positions: the positions searched and the table (for
/// periodic saving). It answers whether to go on: `false` stops the search (and its crew) as
/// a spent budget does.
pub(crate) type Tick<'a> = &'a mut dyn FnMut(u64, &Table) -> bool;

/// Positions between two progress reports (a power of two).
pub(crate) const TICK_EVERY: u64 = 1 << 16;

/// Positions between two looks at the other threads (a power of two, at most [`TICK_EVERY`]).
pub(crate) const POLL_EVERY: u64 = 1 << 10;

/// What the threads of one search share besides the table: the positions all have searched
/// (each adds its count every [`POLL_EVERY`] positions), their budget, and the flag that stops
/// them all (set by the first thread to finish, or once the budget is spent).
#[derive(Debug, Default)]
pub(crate) struct Crew {
    pub(crate) positions: AtomicU64,
    pub(crate) limit: u64,
    pub(crate) stop: AtomicBool,
}

/// The positions a search has counted, its progress tick and its budget.
pub(crate) struct Budget<'a> {
    pub(crate) nodes: u64,
    pub(crate) tick: Option<Tick<'a>>,
    /// The search stops once its count reaches this.
    pub(crate) limit: u64,
    /// Set when the limit was reached (or the crew was told to stop): results found from then
    /// on are not stored, and the search unwinds.
    pub(crate) stopped: bool,
    /// The other threads of the search, if any.
    pub(crate) crew: Option<&'a Crew>,
}

impl Budget<'_> {
    /// Counts one position searched: a look at the crew every [`POLL_EVERY`], a progress tick
    /// every [`TICK_EVERY`] (in a crew: at every look, see `search_together`), a stop at the
    /// limit.
    #[inline]
    pub(crate) fn count(&mut self, table: &Table) {
        self.nodes += 1;
        if self.nodes & (POLL_EVERY - 1) == 0 {
            self.poll(table);
        }
        if self.nodes >= self.limit {
            self.stopped = true;
        }
    }

    #[cold]
    #[inline(never)]
    fn poll(&mut self, table: &Table) {
        if let Some(crew) = self.crew {
            let all = crew.positions.fetch_add(POLL_EVERY, Ordering::Relaxed) + POLL_EVERY;
            if all >= crew.limit {
                crew.stop.store(true, Ordering::Relaxed);
            }
            if crew.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        // A lone search reports every TICK_EVERY positions; in a crew, the tick is told at
        // every look and reports when the positions of all threads have passed a multiple.
        if self.crew.is_some() || self.nodes & (TICK_EVERY - 1) == 0 {
            if let Some(t) = self.tick.as_mut() {
                if !t(self.nodes, table) {
                    self.stopped = true;
                    if let Some(crew) = self.crew {
                        crew.stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    }
}

/// How a search reaches the table: owned by one thread (`&mut Table`, plain reads and writes),
/// or shared by several ([`Team`]).
pub(crate) trait Access {
    /// Whether other threads search at the same time.
    const SHARED: bool;
    /// The stored value of a position's key.
    fn probe(&mut self, key: u128) -> Option<bool>;
    /// Stores a proven position with the positions its proof took.
    fn store(&mut self, key: u128, win: bool, positions: u64);
    /// The table (for progress ticks and periodic saves).
    fn table(&self) -> &Table;
    /// Whether the threads share out the children of a position with this many free cells.
    fn shares(&self, _cells: u32) -> bool {
        false
    }
    /// Whether another thread is searching this position now.
    fn busy(&self, _key: u128) -> bool {
        false
    }
    /// Marks this position as being searched by this thread (returns the mark to clear).
    fn claim(&self, _key: u128) -> Option<usize> {
        None
    }
    /// Clears a mark.
    fn release(&self, _mark: Option<usize>) {}
}

impl Access for &mut Table {
    const SHARED: bool = false;
    #[inline(always)]
    fn probe(&mut self, key: u128) -> Option<bool> {
        self.probe_mut(key)
    }
    #[inline(always)]
    fn store(&mut self, key: u128, win: bool, positions: u64) {
        self.store_mut(key, win, positions)
    }
    #[inline(always)]
    fn table(&self) -> &Table {
        self
    }
}

#[cfg(feature = "std")]
/// Marks of the positions the threads are searching now, by a fingerprint of the key in a slot
/// chosen by its hash (a collision only loses a mark: marks order the search, they decide
/// nothing).
#[derive(Debug)]
pub(crate) struct Marks(Vec<AtomicU64>);

#[cfg(feature = "std")]
/// Slots of [`Marks`].
const MARK_SLOTS: usize = 1 << 12;

#[cfg(feature = "std")]
impl Marks {
    pub(crate) fn new() -> Marks {
        Marks((0..MARK_SLOTS).map(|_| AtomicU64::new(0)).collect())
    }
}

#[cfg(feature = "std")]
fn fingerprint(key: u128) -> (usize, u64) {
    let x = (key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((key >> 64) as u64);
    let x = (x ^ (x >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let x = x ^ (x >> 32);
    (x as usize & (MARK_SLOTS - 1), x | 1)
}

#[cfg(feature = "std")]
/// How many free cells fewer than the root a position may have and still be shared: kept where
/// every thread finds it, and its children shared out (see `parallel.rs`).
pub(crate) const SHARED_DEPTH: u32 = 12;

#[cfg(feature = "std")]
/// The free cells of a key's component.
#[inline(always)]
fn cells(key: u128) -> u32 {
    (key & ((1 << 100) - 1)).count_ones()
}

#[cfg(feature = "std")]
/// One thread's way to the table it shares with others: positions with at least `shared_from`
/// free cells go to their home bucket, where every thread looks; smaller ones to this thread's
/// own part of the table ([`Table::own_bucket`]). With them, the marks of what each thread is
/// searching.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Team<'a> {
    pub(crate) table: &'a Table,
    pub(crate) marks: &'a Marks,
    pub(crate) shared_from: u32,
    /// This thread's part of the table, and log2 of the number of parts.
    pub(crate) part: usize,
    pub(crate) parts_log: u32,
}

#[cfg(feature = "std")]
impl Access for Team<'_> {
    const SHARED: bool = true;
    #[inline(always)]
    fn probe(&mut self, key: u128) -> Option<bool> {
        if cells(key) >= self.shared_from {
            self.table.probe(key)
        } else {
            let at = self.table.own_bucket(key, self.part, self.parts_log);
            self.table.probe_at(key, at)
        }
    }
    #[inline(always)]
    fn store(&mut self, key: u128, win: bool, positions: u64) {
        if cells(key) >= self.shared_from {
            self.table.store(key, win, positions)
        } else {
            let at = self.table.own_bucket(key, self.part, self.parts_log);
            self.table.store_at(key, win, positions, at)
        }
    }
    #[inline(always)]
    fn table(&self) -> &Table {
        self.table
    }
    #[inline(always)]
    fn shares(&self, cells: u32) -> bool {
        // Its children are shared too.
        cells > self.shared_from
    }
    fn busy(&self, key: u128) -> bool {
        let (slot, print) = fingerprint(key);
        self.marks.0[slot].load(Ordering::Relaxed) == print
    }
    fn claim(&self, key: u128) -> Option<usize> {
        let (slot, print) = fingerprint(key);
        self.marks.0[slot]
            .compare_exchange(0, print, Ordering::Relaxed, Ordering::Relaxed)
            .ok()
            .map(|_| slot)
    }
    fn release(&self, mark: Option<usize>) {
        if let Some(slot) = mark {
            self.marks.0[slot].store(0, Ordering::Relaxed);
        }
    }
}

/// One depth-first search over a table.
pub(crate) struct Search<'a, T: Access> {
    pub(crate) geo: &'a Geometry,
    pub(crate) table: T,
    pub(crate) budget: Budget<'a>,
}

impl Node {
    /// The position after the mover steps to `to`, in the opponent's frame.
    #[inline(always)]
    pub(crate) fn child(self, geo: &Geometry, to: u8) -> Node {
        Node {
            free: geo.rotate(self.free & !(1 << to)),
            snail: geo.rotate_cell(to),
        }
    }

    /// The legal moves.
    #[inline(always)]
    pub(crate) fn moves(self, geo: &Geometry) -> Bits {
        geo.near(self.snail) & self.free
    }

    /// The moves that do not lose at once: not into the opponent's corner, and not next to it
    /// (the opponent would step in).
    #[inline(always)]
    pub(crate) fn safe_moves(self, geo: &Geometry) -> Bits {
        self.moves(geo) & !(1 << geo.far()) & !geo.near(geo.far())
    }

    /// The free cells the snail can still reach without passing through a corner.
    #[inline(always)]
    pub(crate) fn component(self, geo: &Geometry) -> Bits {
        let open = self.free & !(1 << OWN | 1 << geo.far());
        geo.flood(geo.near(self.snail) & open, open)
    }
}

/// The canonical key of a snail and its component (given with its mirror): the smaller of the
/// position and its mirror.
#[inline(always)]
pub(crate) fn canonical_key(geo: &Geometry, component: Bits, mirror: Bits, snail: u8) -> u128 {
    let a = component | (snail as u128) << 100;
    let b = mirror | (geo.transpose_cell(snail) as u128) << 100;
    a.min(b)
}

/// A position that needs a search: its safe moves, its component (and the component's mirror)
/// and its key.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Open {
    pub(crate) node: Node,
    pub(crate) safe: Bits,
    pub(crate) component: Bits,
    pub(crate) mirror: Bits,
    pub(crate) key: u128,
}

/// How a child's component is found: by a flood, or (when the parent's component is connected
/// without the parent's snail) as the parent's component less the child's snail cell.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Known {
    /// Flood the child's free cells.
    Flood,
    /// The parent's component and its mirror, in the parent's frame.
    Whole(Bits, Bits),
}

impl Open {
    /// A position decided by its moves alone (`Ok`: whether the mover wins), or what the search
    /// needs to know about it.
    #[inline]
    pub(crate) fn examine(geo: &Geometry, node: Node, known: Known) -> Result<bool, Open> {
        if node.moves(geo) >> OWN & 1 != 0 {
            return Ok(true);
        }
        let safe = node.safe_moves(geo);
        if safe == 0 {
            return Ok(false);
        }
        let (component, mirror) = match known {
            Known::Flood => {
                let component = node.component(geo);
                (component, geo.transpose(component))
            }
            Known::Whole(component, mirror) => {
                // The child's snail, back in the parent's frame.
                let to = geo.rotate_cell(node.snail);
                (
                    geo.rotate(component & !(1 << to)),
                    geo.rotate(mirror & !(1 << geo.transpose_cell(to))),
                )
            }
        };
        Err(Open {
            node,
            safe,
            component,
            mirror,
            key: canonical_key(geo, component, mirror, node.snail),
        })
    }
}

impl Open {
    /// How the children's components are found. Each child's region is its component and its
    /// snail: when this component stays connected without this snail, that is all of it, so no
    /// flood is needed.
    #[inline]
    pub(crate) fn child_component(&self, geo: &Geometry) -> Known {
        if geo.ring_connected(self.component, self.node.snail) {
            Known::Whole(self.component, self.mirror)
        } else {
            Known::Flood
        }
    }
}

impl<T: Access> Search<'_, T> {
    /// Does the player to move win?
    pub(crate) fn wins(&mut self, node: Node) -> bool {
        self.count();
        match Open::examine(self.geo, node, Known::Flood) {
            Ok(win) => win,
            Err(open) => match self.table.probe(open.key) {
                Some(win) => win,
                None => self.solve_open(open),
            },
        }
    }

    fn count(&mut self) {
        self.budget.count(self.table.table());
    }

    /// Solves a position whose key is not in the table, and stores it.
    fn solve_open(&mut self, open: Open) -> bool {
        let geo = self.geo;
        let before = self.budget.nodes;
        let region = open.component | 1 << open.node.snail;
        let win = if region & geo.near_corners() == 0 {
            token_wins(geo, region, open.node.snail)
        } else {
            self.any_child_loses(open)
        };
        if !self.budget.stopped {
            self.table
                .store(open.key, win, self.budget.nodes - before + 1);
        }
        win
    }

    /// Looks at every safe move (a child already known lost wins at once), then searches the
    /// rest, those that leave the opponent fewest safe replies first; among equals the one
    /// nearer the opponent's corner.
    fn any_child_loses(&mut self, open: Open) -> bool {
        let geo = self.geo;
        let mut order = [(0u8, open); 8];
        let mut n = 0;
        let mut m = open.safe;
        let known = open.child_component(geo);
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            let child = match Open::examine(geo, open.node.child(geo, to), known) {
                Ok(false) => return true,
                Ok(true) => continue,
                Err(child) => child,
            };
            match self.table.probe(child.key) {
                Some(false) => return true,
                Some(true) => continue,
                None => {}
            }
            let rank = child.safe.count_ones() as u8 * 16 + geo.distance(to, geo.far());
            let mut k = n;
            while k > 0 && order[k - 1].0 > rank {
                order[k] = order[k - 1];
                k -= 1;
            }
            order[k] = (rank, child);
            n += 1;
        }
        if T::SHARED && self.table.shares(open.component.count_ones()) {
            return self.share_children(&order[..n]);
        }
        order[..n].iter().any(|&(_, child)| {
            if self.budget.stopped {
                // Unwind: nothing found from here on is stored.
                return true;
            }
            self.count();
            // Its key was not in the table a moment ago: searching a sibling rarely adds it.
            !self.solve_open(child)
        })
    }

    /// The children's search when threads share the work: the first child by every thread,
    /// then those no other thread is searching (each marked while searched), then the rest,
    /// each looked up again first (another thread may have proven it meanwhile).
    fn share_children(&mut self, order: &[(u8, Open)]) -> bool {
        let mut later = 0u8;
        for (i, &(_, child)) in order.iter().enumerate() {
            if self.budget.stopped {
                return true;
            }
            if i > 0 {
                match self.table.probe(child.key) {
                    Some(false) => return true,
                    Some(true) => continue,
                    None => {}
                }
                if self.table.busy(child.key) {
                    later |= 1 << i;
                    continue;
                }
            }
            self.count();
            let mark = self.table.claim(child.key);
            let lost = !self.solve_open(child);
            self.table.release(mark);
            if lost {
                return true;
            }
        }
        while later != 0 {
            let (_, child) = order[later.trailing_zeros() as usize];
            later &= later - 1;
            if self.budget.stopped {
                return true;
            }
            match self.table.probe(child.key) {
                Some(false) => return true,
                Some(true) => continue,
                None => {}
            }
            self.count();
            if !self.solve_open(child) {
                return true;
            }
        }
        false
    }
}
