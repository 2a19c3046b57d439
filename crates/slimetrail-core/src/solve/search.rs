//! The search: does the player to move win? A depth-first win/loss search in the mover's frame
//! with a transposition table keyed on the snail and its component, the diagonal mirror folded
//! in, exact endgames by matching, and restricting moves first.

use super::geometry::{Geometry, OWN};
use super::matching::token_wins;
use super::table::Table;
use crate::board::Bits;

/// A position in the mover's frame: the free cells (neither slimed nor the snail; both corners
/// are always free) and the snail's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) free: Bits,
    pub(crate) snail: u8,
}

/// What the search reports every so many positions: the positions searched and the table (for
/// periodic saving).
pub(crate) type Tick<'a> = &'a mut dyn FnMut(u64, &Table);

/// Positions between two progress reports (a power of two).
pub(crate) const TICK_EVERY: u64 = 1 << 16;

/// The positions a search has counted, its progress tick and its budget.
pub(crate) struct Budget<'a> {
    pub(crate) nodes: u64,
    pub(crate) tick: Option<Tick<'a>>,
    /// The search stops once its count reaches this.
    pub(crate) limit: u64,
    /// Set when the limit was reached: results found from then on are not stored, and the
    /// search unwinds.
    pub(crate) stopped: bool,
}

impl Budget<'_> {
    /// Counts one position searched: a progress tick every [`TICK_EVERY`], a stop at the limit.
    #[inline]
    pub(crate) fn count(&mut self, table: &Table) {
        self.nodes += 1;
        if self.nodes & (TICK_EVERY - 1) == 0 {
            if let Some(t) = self.tick.as_mut() {
                t(self.nodes, table);
            }
        }
        if self.nodes >= self.limit {
            self.stopped = true;
        }
    }
}

/// One depth-first search over a table.
pub(crate) struct Search<'a> {
    pub(crate) geo: &'a Geometry,
    pub(crate) table: &'a mut Table,
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

impl Search<'_> {
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
        self.budget.count(self.table);
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
}
