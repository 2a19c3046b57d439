//! The fixed action space and the observation tensor ([`Encoding`]), for learning programs.
//!
//! # Action ids
//!
//! An action is a placement on a cell, so its id is the target cell's number, counted rank by
//! rank from `a1`: `id = (rank - 1) x side + file`, with files `a` = 0, `b` = 1, ... and
//! `side` = 20 on the full board, 14 in blitz. There are `side x side` ids
//! ([`Encoding::num_distinct_actions`]: 400 on the full board, 196 in blitz), whatever the
//! number of players or `per_turn`:
//!
//! | board | `a1` | `t1` / `n1` | `a2` | `e5` | top-left corner | `t20` / `n14` |
//! | --- | --- | --- | --- | --- | --- | --- |
//! | full (20x20) | 0 | 19 | 20 | 84 | `a20` = 380 | 399 |
//! | blitz (14x14) | 0 | 13 | 14 | 60 | `a14` = 182 | 195 |
//!
//! Whether the placement makes a block or eats one follows from the cell, as in the notation,
//! so the id names the cell alone. A cell off the board (`u1` on the full board, `o1` in
//! blitz) has no id. Ids increase in the order of the legal list (rank first, then file). The
//! game has no chance: [`Encoding::max_chance_outcomes`] is 0.
//!
//! # Observation
//!
//! `5 x players + 1` planes of `side x side` values ([`Shape::planes`]): 11 planes for two
//! players, 16 for three, 21 for four. Row `r` of a plane is rank `r + 1` (row 0 is rank 1, the
//! bottom rank, on fire's and earth's side), column `c` is file `c` (column 0 is file `a`): the
//! value of a cell sits at the offset of its action id in every plane, `plane x side x side +
//! id`. The board is not turned: every seat sees it the same way up.
//!
//! The seats in play come in turn order starting from the observing seat (seat `k` = 0 is the
//! observer, 1 the next in turn, ...: water, air, earth, fire, wrapping round, skipping seats
//! not in play; eliminated seats keep their place). Seat `k` has planes `5k` to `5k + 4`, and
//! one plane comes after those of every seat:
//!
//! | plane | value |
//! | --- | --- |
//! | `5k` | 1 on each block of the seat |
//! | `5k + 1` | 1 on each mound of the seat |
//! | `5k + 2` | all 1 while the seat is still in the game (not eliminated) |
//! | `5k + 3` | all 1 once the seat has made its first placement (until then its placement must go on a marked start cell) |
//! | `5k + 4` | all 1 if the seat is to place |
//! | `5 x players` | all `placements left in the turn / per_turn` (0 once the game is over) |
//!
//! Everything else is 0. Once the game is over no seat is to place and the last plane is 0;
//! the winner is the one seat still in the game.
//!
//! The observation holds the whole state: the pieces, who is in the game and who has started,
//! the seat to place and its placements left. Two states with the same observations are equal
//! ([`Encoding::same_observable`] is `==`). The live mounds (those chained to a block of their
//! owner) and the cells each seat can reach follow from the pieces and have no planes of their
//! own: a reachability plane would add a dilation and one more plane to write to an observation
//! whose writing (4,400 values for two players on the full board, 8,400 for four) already costs
//! several times more than listing the legal placements, which the state keeps ready.
//!
//! # Example
//!
//! ```
//! use boardgame_kit::{encoding::Encoding, Game, Seat};
//! use elements_core::{Params, Place, State};
//!
//! let params: Params = "board=blitz".parse().unwrap(); // 14x14, water and earth
//! let mut s = State::new(&params);
//! for cell in ["a14", "b13", "c12", "d11", "e10", "f9", "g8", "n1", "m2"] {
//!     s.play(cell.parse().unwrap()); // water's turn of seven, then two placements of earth
//! }
//! let id = |c: &str| s.action_id(c.parse::<Place>().unwrap()).unwrap();
//! assert_eq!((id("a1"), id("n1"), id("m2"), id("a14"), id("n14")), (0, 13, 26, 182, 195));
//! assert_eq!(s.action_of_id(26), Some("m2".parse().unwrap()));
//! assert_eq!(s.action_of_id(196), None);
//! assert_eq!(s.action_id("o1".parse().unwrap()), None); // off the 14x14 board
//!
//! let shape = State::observation_shape(&params);
//! assert_eq!(shape.dims(), [11, 14, 14]);
//! let mut obs = vec![0.0; shape.size()];
//! s.observe(Seat::of(2), &mut obs).unwrap(); // seen from earth: earth planes 0..5, water 5..10
//! let at = |plane: usize, cell: &str| obs[plane * 196 + id(cell)];
//! assert_eq!((at(0, "n1"), at(0, "m2"), at(0, "a14")), (1.0, 1.0, 0.0)); // earth's blocks
//! assert_eq!((at(5, "a14"), at(5, "g8"), at(5, "n1")), (1.0, 1.0, 0.0)); // water's blocks
//! // earth: in the game, started, to place
//! assert_eq!((at(2, "a1"), at(3, "a1"), at(4, "a1")), (1.0, 1.0, 1.0));
//! assert_eq!((at(7, "a1"), at(8, "a1"), at(9, "a1")), (1.0, 1.0, 0.0)); // water: not to place
//! assert_eq!(at(10, "a1"), 5.0 / 7.0); // five placements of seven left
//!
//! s.observe(Seat::of(0), &mut obs).unwrap(); // seen from water: the seat planes swap
//! assert_eq!((obs[182], obs[5 * 196 + 13]), (1.0, 1.0)); // water's a14, earth's n1
//! assert!(s.observe(Seat::of(1), &mut obs).is_err()); // air does not play
//! ```

use crate::action::Place;
use crate::params::Params;
use crate::state::State;
use boardgame_kit::encoding::{seats_from, Encoding, Shape};
use boardgame_kit::{Bitboard7, Cell, Game, Seat};

/// Planes per seat in play: blocks, mounds, in the game, started, to place.
pub const PLANES_PER_SEAT: usize = 5;

/// The id of a placement on `cell` on a board of `side` x `side`, or `None` off the board.
///
/// ```
/// use elements_core::encoding::cell_id;
/// assert_eq!(cell_id(20, "e5".parse().unwrap()), Some(84));
/// assert_eq!(cell_id(14, "n14".parse().unwrap()), Some(195));
/// assert_eq!(cell_id(14, "o1".parse().unwrap()), None);
/// ```
#[inline]
#[must_use]
pub const fn cell_id(side: u8, cell: Cell) -> Option<usize> {
    if cell.file() < side && cell.rank() < side {
        Some(cell.rank() as usize * side as usize + cell.file() as usize)
    } else {
        None
    }
}

/// The cell of an id on a board of `side` x `side`, or `None` past the last cell.
///
/// ```
/// use elements_core::encoding::id_cell;
/// assert_eq!(id_cell(20, 84).map(|c| c.to_string()).as_deref(), Some("e5"));
/// assert_eq!(id_cell(20, 400), None);
/// ```
#[inline]
#[must_use]
pub const fn id_cell(side: u8, id: usize) -> Option<Cell> {
    let side = side as usize;
    if id < side * side {
        Some(Cell::new((id % side) as u8, (id / side) as u8))
    } else {
        None
    }
}

impl Encoding for State {
    /// One id per cell of the board: 400 on the full board, 196 in blitz.
    fn num_distinct_actions(params: &Params) -> usize {
        params.board.geometry().cells()
    }

    #[inline]
    fn action_id(&self, action: Place) -> Option<usize> {
        cell_id(self.params.board.side(), action.cell())
    }

    #[inline]
    fn action_of_id(&self, id: usize) -> Option<Place> {
        id_cell(self.params.board.side(), id).map(Place::new)
    }

    /// `5 x players + 1` planes of `side x side` (see the [module docs](self)).
    fn observation_shape(params: &Params) -> Shape {
        let side = params.board.side() as usize;
        Shape::planes(PLANES_PER_SEAT * params.seats().len() + 1, side, side)
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        if self.params.board.side() == 20 {
            self.write_planes::<20, 21>(seat, out);
        } else {
            self.write_planes::<14, 15>(seat, out);
        }
    }
}

/// A plane of ones of the largest board, copied into the constant planes (a `memcpy`, faster
/// than a fill loop).
static ONES: [f32; 400] = [1.0; 400];

impl State {
    /// [`Encoding::write_observation`] on a board of `SIDE` cells a side, whose bit layout has
    /// stride `STRIDE` (`SIDE + 1`), into a zeroed buffer. Writes nothing out of `out`'s range.
    #[inline]
    fn write_planes<const SIDE: usize, const STRIDE: usize>(&self, seat: Seat, out: &mut [f32]) {
        let mut planes = out.chunks_exact_mut(SIDE * SIDE);
        let ones = &ONES[..SIDE * SIDE];
        let to_place = self.to_act().seat();
        for s in seats_from(self.seats(), seat) {
            let p = s.index() & 3;
            let bit = 1u8 << p;
            for board in [self.blocks[p], self.mounds[p]] {
                if let Some(plane) = planes.next() {
                    mark::<SIDE, STRIDE>(board, plane);
                }
            }
            for on in [
                self.active & bit != 0,
                self.started & bit != 0,
                to_place == Some(s),
            ] {
                match planes.next() {
                    Some(plane) if on => plane.copy_from_slice(ones),
                    _ => {}
                }
            }
        }
        if let Some(plane) = planes.next() {
            let per_turn = self.params.per_turn.max(1);
            plane.fill(f32::from(self.left.min(per_turn)) / f32::from(per_turn));
        }
    }
}

/// Writes 1 on the cells of `board` (bit layout of stride `STRIDE`) into a zeroed plane of
/// `SIDE` x `SIDE` values, rank by rank from rank 1. Rows without a cell are left alone; the
/// others are written whole (a few vector stores, cheaper than a store per cell).
#[inline(always)]
fn mark<const SIDE: usize, const STRIDE: usize>(board: Bitboard7, plane: &mut [f32]) {
    for (r, row) in plane.chunks_exact_mut(SIDE).enumerate() {
        let bits = row_bits(&board, r * STRIDE) & ((1 << SIDE) - 1);
        if bits != 0 {
            for (j, v) in row.iter_mut().enumerate() {
                *v = if bits & (1 << j) != 0 { 1.0 } else { 0.0 };
            }
        }
    }
}

/// The 32 bits of a bitboard from bit index `from` on (0 past its end).
#[inline(always)]
fn row_bits(board: &Bitboard7, from: usize) -> u32 {
    let (w, off) = (from / 64, from % 64);
    let lo = board.0.get(w).map_or(0, |x| x >> off);
    let hi = match off {
        0 => 0,
        _ => board.0.get(w + 1).map_or(0, |x| x << (64 - off)),
    };
    (lo | hi) as u32
}
