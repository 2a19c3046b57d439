//! The perft kernel behind [`Game::perft_kernel`](boardgame_kit::Game::perft_kernel) (so behind
//! `boardgame perft` and the kit's `perft`).
//!
//! Copy-make recursion on the state (its legal set and live mounds are kept incrementally),
//! bulk counting at the last ply, the last two plies counted mostly without placing (a block on
//! an empty cell changes the mover's legal set only around it, and the next seat's not at all:
//! see [`perft2`]), and a transposition table for the subtrees of three plies and more. A turn is seven placements by one player, and most orders of the same placements give
//! the same board, so the table answers most subtrees.
//!
//! The table is exact by construction, not by key width. Every action moves one cell one step
//! along empty -> block -> mound and never back, so a position below the root differs from the
//! root exactly on the cells changed on the way there, and the sorted list of those cells with
//! their new pieces ([`Path`]) names the board; with the seat to place, its placements left,
//! the started and active seats and the depth, it names the subtree. Slots hold that whole
//! identity, and a hit is taken only when all of it is equal. Paths longer than [`PATH_MAX`]
//! placements are searched without the table.

use crate::key::{turn_key, PieceCode};
use crate::state::State;
use alloc::vec;
use alloc::vec::Vec;
use boardgame_kit::Bitboard7;

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

/// The number of placement pairs from `s` (perft 2). While the mover's turn goes on, a block
/// on an empty cell that wakes no mound leaves the mover's legal set as it was, minus that
/// cell, plus the new cells around it: that count needs no placement. Other placements (eating,
/// waking mounds, ending the turn, a first placement) are made and counted.
fn perft2(s: &State) -> u64 {
    if s.moves.is_empty() {
        return 0; // the game is over
    }
    let p = s.current as usize & 3;
    let enemy = s.all_blocks() & !s.blocks[p];
    let placed = |i: usize| {
        let mut t = *s;
        t.place_at(i);
        u64::from(t.moves.count())
    };
    if s.left == 1 {
        return last_of_turn(s, enemy, placed);
    }
    if s.started & (1 << p) == 0 {
        return s.moves.iter().map(placed).sum();
    }
    let geo = s.geo();
    let fresh = !(s.all_mounds() | s.blocks[p] | s.moves);
    let dead = s.mounds[p] & !s.live[p];
    let base = u64::from(s.moves.count()) - 1;
    s.moves
        .iter()
        .map(|i| {
            let around = geo.around(i);
            let after = base + u64::from((around & fresh).count());
            if enemy.contains(i) || around.intersects(&dead) || after == 0 {
                placed(i)
            } else {
                after
            }
        })
        .sum()
}

/// [`perft2`] when the placement ends the mover's turn: a block on an empty cell leaves the
/// next seat's legal set as it is now (a block of another seat is still a target), except that
/// before its first placement the cell is no longer an empty start cell. Eating, and a next
/// seat left with nothing (eliminations follow), are made and counted.
fn last_of_turn(s: &State, enemy: Bitboard7, placed: impl Fn(usize) -> u64) -> u64 {
    let p = s.current as usize & 3;
    let Some(q) = (1..4)
        .map(|k| (p + k) % 4)
        .find(|&q| s.active & (1 << q) != 0)
    else {
        return s.moves.iter().map(placed).sum();
    };
    let next = s.legal_set(q);
    let count = u64::from(next.count());
    let first = s.started & (1 << q) == 0;
    s.moves
        .iter()
        .map(|i| {
            let after = count - u64::from(first && next.contains(i));
            if enemy.contains(i) || after == 0 {
                placed(i)
            } else {
                after
            }
        })
        .sum()
}

/// Copy-make recursion without the table, bulk count at the last ply.
fn plain(s: &State, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(s.moves.count()),
        2 => perft2(s),
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
    use boardgame_kit::testing::walk_random_games;
    use boardgame_kit::Game;

    /// The counted-without-placing shortcuts of perft 2 equal placing and counting, at every
    /// position of random games (first placements, turn ends, eating, waking mounds, players
    /// stuck or eliminated).
    #[test]
    fn perft2_equals_placing_and_counting() {
        walk_random_games(
            &[
                "",
                "players=4,per_turn=3",
                "board=blitz,players=3,per_turn=1",
                "board=blitz,players=4,per_turn=2",
            ],
            4,
            |ps, seed, s: &State| {
                let slow: u64 = s
                    .moves
                    .iter()
                    .map(|i| {
                        let mut t = *s;
                        t.place_at(i);
                        u64::from(t.moves.count())
                    })
                    .sum();
                assert_eq!(perft2(s), slow, "{ps} seed {seed}: {}", s.position());
            },
        );
    }

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
