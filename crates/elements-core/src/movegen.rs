//! Legal-placement generation with bitboards (heap-free).
//!
//! For a player P who has made its first placement:
//!
//! - its *live* mounds are the 8-connected groups of its mounds that touch one of its blocks
//!   (`flood8` of `mounds ∩ dilate8(blocks)` inside `mounds`); the state keeps them up to date
//!   incrementally (see `State::place`), so generation never floods;
//! - the *reachable* cells are `dilate8(blocks ∪ live mounds)`;
//! - the legal cells are the reachable ones that hold no mound of anyone and no block of P
//!   (empty cells and other players' blocks).
//!
//! Before its first placement the legal cells are its empty marked start cells.

use crate::state::State;
use boardgame_kit::{Actions, Bitboard7, Cell, Seat};

impl State {
    /// Every mound on the board.
    #[inline]
    pub(crate) fn all_mounds(&self) -> Bitboard7 {
        self.mounds[0] | self.mounds[1] | self.mounds[2] | self.mounds[3]
    }

    /// Every block on the board.
    #[inline]
    pub(crate) fn all_blocks(&self) -> Bitboard7 {
        self.blocks[0] | self.blocks[1] | self.blocks[2] | self.blocks[3]
    }

    /// The legal target cells of seat index `p` if it were to place now.
    #[inline]
    pub(crate) fn legal_set(&self, p: usize) -> Bitboard7 {
        let geo = self.geo();
        if self.started & (1 << p) == 0 {
            let occupied = self.all_blocks() | self.all_mounds();
            geo.start_mask(Seat::of(p)) & !occupied
        } else {
            let reach = geo.dilate8(self.blocks[p] | self.live[p]);
            reach & !(self.all_mounds() | self.blocks[p])
        }
    }

    /// The cells reachable for a seat under the reachability rule (8-adjacent to one of its
    /// blocks, or to one of its mounds chained to one of its blocks), whatever they hold.
    ///
    /// ```
    /// use boardgame_kit::{Game, Seat};
    /// use elements_core::State;
    /// let mut s = State::new(&Default::default());
    /// s.play("a20".parse().unwrap());
    /// assert_eq!(s.reachable_cells(Seat::of(0)).count(), 4); // a20 and its three neighbours
    /// ```
    #[must_use]
    pub fn reachable_cells(&self, seat: Seat) -> Bitboard7 {
        let p = seat.index() & 3;
        self.geo().dilate8(self.blocks[p] | self.live[p])
    }

    /// The cells where a seat could place now if it were its turn (its empty marked start
    /// cells before its first placement), as a bitboard in the board's bit layout.
    ///
    /// ```
    /// use boardgame_kit::{Game, Seat};
    /// use elements_core::State;
    /// let s = State::new(&Default::default());
    /// assert_eq!(s.legal_cells(Seat::of(0)).count(), 3); // a20 b20 a19
    /// ```
    #[must_use]
    pub fn legal_cells(&self, seat: Seat) -> Bitboard7 {
        self.legal_set(seat.index() & 3)
    }

    /// Writes the legal placements (sorted: bit order is `Place` order).
    #[inline]
    pub(crate) fn gen_legal(&self, out: &mut Actions<State>) {
        out.clear();
        if self.geo().side() == 20 {
            push_cells::<21>(self.moves, out);
        } else {
            push_cells::<15>(self.moves, out);
        }
    }
}

/// Pushes the cells of a bitboard with stride `S`, lowest bit first. The list's inline
/// capacity (400) holds any legal set, so pushes never reallocate.
#[inline(always)]
fn push_cells<const S: usize>(set: Bitboard7, out: &mut Actions<State>) {
    for (k, mut w) in set.0.into_iter().enumerate() {
        let base = k * 64;
        while w != 0 {
            let i = base + w.trailing_zeros() as usize;
            w &= w - 1;
            out.push(crate::Place::new(Cell::new((i % S) as u8, (i / S) as u8)));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::State;
    use boardgame_kit::testing::walk_random_games;
    use boardgame_kit::Game;

    /// The legal set and the live mounds that placements update incrementally equal the ones
    /// computed from scratch, at every step of random games (eating, waking chains of mounds,
    /// eliminations and all).
    #[test]
    fn incremental_sets_equal_sets_from_scratch() {
        walk_random_games(
            &[
                "",
                "players=4",
                "board=blitz,players=3,per_turn=2",
                "board=blitz,per_turn=20",
            ],
            6,
            |ps, seed, s: &State| {
                let mut fresh = *s;
                for p in 0..4 {
                    fresh.recompute_live(p);
                }
                assert_eq!(fresh.live, s.live, "{ps} seed {seed}: {}", s.position());
                if !s.is_over() {
                    let legal = fresh.legal_set(s.current as usize);
                    assert_eq!(legal, s.moves, "{ps} seed {seed}: {}", s.position());
                }
            },
        );
    }
}
