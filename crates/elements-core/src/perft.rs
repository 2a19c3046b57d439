//! The perft kernel behind [`Game::perft_kernel`](boardgame_kit::Game::perft_kernel) (so behind
//! `boardgame perft` and the kit's `perft`).
//!
//! Copy-make recursion on the state (its legal set and live mounds are kept incrementally),
//! bulk counting at the last ply, and a transposition table for the subtrees of two plies and
//! more. A turn is seven placements by one player, and most orders of the same placements give
//! the same board, so the table answers most subtrees.
//!
//! The table is exact by construction, not by key width. Every action moves one cell one step
//! along empty -> block -> mound and never back, so a position below the root differs from the
//! root exactly on the cells changed on the way there, and the sorted list of those cells with
//! their new pieces ([`Path`]) names the board; with the seat to place, its placements left,
//! the started and active seats and the depth, it names the subtree. Slots hold that whole
//! identity, and a hit is taken only when all of it is equal. Paths longer than [`PATH_MAX`]
//! placements are searched without the table.

use crate::state::State;
use crate::zobrist::{turn_key, PieceCode};
use alloc::vec;
use alloc::vec::Vec;

/// The longest path from the root (in changed cells) whose positions go into the table.
const PATH_MAX: usize = 16;

/// An unused entry of a [`Path`]: above every real entry, so the used entries stay first.
const UNUSED: u16 = u16::MAX;

/// The cells changed since the kernel's root, each with its piece now, sorted by cell: entry
/// `cell index << 3 | piece code`, unused entries [`UNUSED`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Path([u16; PATH_MAX]);

impl Path {
    const ROOT: Path = Path([UNUSED; PATH_MAX]);

    /// This path with cell `i` now holding `piece` (`None` once the path is full).
    #[inline]
    fn with(&self, i: usize, piece: PieceCode) -> Option<Path> {
        let entry = (i as u16) << 3 | u16::from(piece.get());
        let cell = entry >> 3;
        let mut out = *self;
        let j = self.0.iter().position(|&e| e == UNUSED || e >> 3 >= cell)?;
        if self.0[j] != UNUSED && self.0[j] >> 3 == cell {
            out.0[j] = entry;
            return Some(out);
        }
        if self.0[PATH_MAX - 1] != UNUSED {
            return None;
        }
        out.0[j + 1..].copy_from_slice(&self.0[j..PATH_MAX - 1]);
        out.0[j] = entry;
        Some(out)
    }
}

/// One slot: a subtree's identity (see the module) and its count.
#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    count: u64,
    path: Path,
    turn: u32,
    depth: u32,
}

const EMPTY_SLOT: Slot = Slot {
    key: 0,
    count: 0,
    path: Path::ROOT,
    turn: 0,
    // Below the shallowest depth stored, so an unused slot never matches.
    depth: 0,
};

/// The transposition table of one perft call (allocated once, always-replace).
struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table sized for a perft of `depth`: 2^12 slots at depth 4 up to 2^20 (56 MB)
    /// from depth 12 on.
    fn for_depth(depth: u32) -> Table {
        let bits = (depth * 2 - 4).clamp(12, 20);
        Table {
            slots: vec![EMPTY_SLOT; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }
}

/// The part of a state that is not its board, packed (the board is the root plus the path).
#[inline]
fn turn_of(s: &State) -> u32 {
    u32::from(s.current)
        | u32::from(s.left) << 2
        | u32::from(s.started) << 8
        | u32::from(s.active) << 12
}

/// The number of placement sequences of `depth` from `s` (any depth; `s` is not changed).
pub(crate) fn perft(s: &State, depth: u32) -> u64 {
    if depth < 4 {
        return plain(s, depth);
    }
    let mut table = Table::for_depth(depth);
    with_table(s, depth, &Path::ROOT, &mut table)
}

/// The piece that placing on bit index `i` leaves there (an eaten block becomes a mound).
#[inline]
fn piece_after(s: &State, i: usize) -> PieceCode {
    let p = s.current as usize & 3;
    if (s.all_blocks() & !s.blocks[p]).contains(i) {
        PieceCode::mound(p)
    } else {
        PieceCode::block(p)
    }
}

fn with_table(s: &State, depth: u32, path: &Path, table: &mut Table) -> u64 {
    if depth <= 2 {
        return plain(s, depth);
    }
    let turn = turn_of(s);
    let key = s.key ^ turn_key(u64::from(turn) | u64::from(depth) << 32);
    let at = key as usize & table.mask;
    let slot = &table.slots[at];
    if slot.key == key && slot.depth == depth && slot.turn == turn && slot.path == *path {
        return slot.count;
    }
    let mut total = 0;
    for i in s.moves.iter() {
        let next = path.with(i, piece_after(s, i));
        let mut t = *s;
        t.place_at(i);
        total += match next {
            Some(next) => with_table(&t, depth - 1, &next, table),
            None => plain(&t, depth - 1),
        };
    }
    table.slots[at] = Slot {
        key,
        count: total,
        path: *path,
        turn,
        depth,
    };
    total
}

/// Copy-make recursion without the table, bulk count at the last ply.
fn plain(s: &State, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(s.moves.count()),
        _ => s
            .moves
            .iter()
            .map(|i| {
                let mut t = *s;
                t.place_at(i);
                plain(&t, depth - 1)
            })
            .sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_sorted_and_keep_one_entry_per_cell() {
        let p = Path::ROOT
            .with(30, PieceCode::block(0))
            .unwrap()
            .with(5, PieceCode::block(0))
            .unwrap()
            .with(30, PieceCode::mound(2))
            .unwrap();
        assert_eq!(p.0[..3], [5 << 3, 30 << 3 | 6, UNUSED]);
        let q = Path::ROOT
            .with(5, PieceCode::block(0))
            .unwrap()
            .with(30, PieceCode::mound(2))
            .unwrap();
        assert_eq!(p, q);
        let mut full = Path::ROOT;
        for i in 0..PATH_MAX {
            full = full.with(i, PieceCode::block(1)).unwrap();
        }
        assert_eq!(full.with(99, PieceCode::block(1)), None);
        assert!(full.with(3, PieceCode::mound(0)).is_some());
    }
}
