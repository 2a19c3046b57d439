//! One node of the tree and what it stands for.

use crate::math;
use alloc::vec::Vec;
use boardgame_kit::{Prob, Seat, MAX_SEATS};

/// What a node stands for, known once the node is first reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Not reached yet.
    Fresh,
    /// A seat acts.
    Seat(Seat),
    /// A chance event.
    Chance,
    /// The game is over.
    Over,
}

/// One node of the tree: the action that leads to it, its statistics, and its children
/// (a contiguous block of the arena).
#[derive(Clone, Copy, Debug)]
pub(super) struct Node<A> {
    /// The action from the parent (`None` at the root).
    pub(super) action: Option<A>,
    /// The probability of the action when the parent is a chance node.
    pub(super) prob: Prob,
    /// Index of the first child.
    pub(super) first: u32,
    /// Number of children (0: a leaf, or not expanded because the arena was full).
    pub(super) len: u32,
    /// Times the node was on an iteration's path.
    pub(super) visits: u32,
    /// What the node is.
    pub(super) kind: Kind,
    /// Whether `value` holds the node's exact value rather than a sum of samples.
    pub(super) exact: bool,
    /// Sum of the values backed up through the node per seat, or the exact value.
    pub(super) value: [f32; MAX_SEATS],
    /// Simulations through the parent in which the parent's seat played this node's action
    /// at any later point (RAVE).
    pub(super) amaf_visits: u32,
    /// The sum of those simulations' values for the parent's seat.
    pub(super) amaf_value: f32,
    /// Threads on their way through the node now (tree parallelism): selection counts each
    /// as a visit that lost (a virtual loss), so that the other threads look elsewhere.
    pub(super) pending: u32,
}

impl<A> Node<A> {
    pub(super) fn new(action: Option<A>, prob: Prob) -> Self {
        Node {
            action,
            prob,
            first: 0,
            len: 0,
            visits: 0,
            kind: Kind::Fresh,
            exact: false,
            value: [0.0; MAX_SEATS],
            amaf_visits: 0,
            amaf_value: 0.0,
            pending: 0,
        }
    }

    /// The node's value per seat: exact, or the mean of its samples.
    pub(super) fn mean(&self) -> [f32; MAX_SEATS] {
        if self.exact {
            self.value
        } else if self.visits == 0 {
            [0.0; MAX_SEATS]
        } else {
            let inv = 1.0 / self.visits as f32;
            self.value.map(|v| v * inv)
        }
    }

    pub(super) fn mean_for(&self, seat: Seat) -> f32 {
        let i = seat.index();
        if self.exact {
            self.value[i]
        } else if self.visits == 0 {
            0.0
        } else {
            self.value[i] / self.visits as f32
        }
    }

    /// The visits selection sees: the finished ones and the threads on their way.
    pub(super) fn seen_visits(&self) -> u32 {
        self.visits + self.pending
    }

    /// The mean for `seat` that selection sees: each thread on its way through the node
    /// counts as a visit that lost (the plain mean when none is).
    pub(super) fn seen_mean(&self, seat: Seat) -> f32 {
        if self.pending == 0 || self.exact {
            return self.mean_for(seat);
        }
        let losses = LOSS * self.pending as f32;
        (self.value[seat.index()] + losses) / self.seen_visits() as f32
    }

    /// The RAVE blend for the parent's seat: the shared mean weighs `sqrt(k / (3n + k))`
    /// after `n` visits of the node (all of it before the first), its own mean the rest.
    pub(super) fn rave_mean(&self, seat: Seat, k: u32) -> f32 {
        let shared = if self.amaf_visits > 0 {
            self.amaf_value / self.amaf_visits as f32
        } else {
            0.0
        };
        if self.seen_visits() == 0 {
            return shared;
        }
        let k = k as f32;
        let beta = math::sqrt(k / (3.0 * self.seen_visits() as f32 + k));
        (1.0 - beta) * self.seen_mean(seat) + beta * shared
    }

    pub(super) fn children(&self) -> core::ops::Range<usize> {
        if self.len == 0 {
            // A leaf's `first` may point past the arena (it was full, or the node was
            // copied to the other arena): it has no children anywhere.
            return 0..0;
        }
        self.first as usize..(self.first + self.len) as usize
    }
}

/// A win for the seat: the best value a seat can get.
pub(super) const WIN: f32 = 1.0;
/// A loss for the seat: the worst value.
pub(super) const LOSS: f32 = -1.0;

/// The first room an arena takes when it starts to grow (nodes).
const FIRST_ROOM: usize = 1024;

/// Makes room in an arena for `more` nodes without going past `cap` nodes in all: true when
/// there is room. The arena grows as the search needs it, doubling, and fallibly: where memory
/// is refused the arena is full for the search (leaves are no longer expanded), nothing aborts.
pub(super) fn room<A>(nodes: &mut Vec<Node<A>>, more: usize, cap: usize) -> bool {
    let len = nodes.len();
    if len + more > cap {
        return false;
    }
    if nodes.capacity() - len >= more {
        return true;
    }
    let grow = len.max(FIRST_ROOM).max(more).min(cap - len);
    nodes.try_reserve_exact(grow).is_ok()
}
