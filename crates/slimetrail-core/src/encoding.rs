//! The fixed action space and the observation tensor ([`Encoding`]), for learning programs.
//!
//! Cells are numbered rank by rank from `a1`: the cell on file `f` and rank `r` (both from 0)
//! is number `r * size + f`, so `a1` is 0, `b1` is 1, `a2` is `size` and the top-right corner
//! is `size * size - 1`. The same number names a cell in the action space and in every plane
//! of the observation.
//!
//! ## Action ids
//!
//! An action is the snail's destination cell, and its id is that cell's number:
//! `num_distinct_actions` is `size * size` (25, 49 and 81). The id of `a1` is 0, of `b1` 1, of
//! the top-right corner `size * size - 1`; on 7x7, `c3` is 16 and `g7` 48. Every cell has an
//! id, including the centre, which is never a legal destination (it is slimed when the snail
//! first leaves it): the one unused id keeps the layout a plain cell number. A cell off the
//! board has no id, and ids from `size * size` on name no action. There are no chance
//! outcomes (`max_chance_outcomes` is 0).
//!
//! ## Observation
//!
//! Five planes of `size` x `size` values, each 0 or 1 ([`Plane`], shape `5 size size`). Row
//! `r` of a plane is rank `r + 1` (row 0 is rank 1, the `a1` side: the board upside down from
//! its drawing) and column `f` is file `f` (column 0 is file `a`), so the value of cell number
//! `k` is at offset `k` of its plane. From the observing seat:
//!
//! | plane | name | ones on |
//! | --- | --- | --- |
//! | 0 | [`Plane::Snail`] | the snail's cell |
//! | 1 | [`Plane::Slime`] | the slimed cells |
//! | 2 | [`Plane::OwnGoal`] | the observer's goal corner (`a1` for seat `1`, the top-right corner for seat `2`) |
//! | 3 | [`Plane::OpponentGoal`] | the other seat's goal corner |
//! | 4 | [`Plane::ToMove`] | every cell when the observer is the mover, none otherwise |
//!
//! The mover is the seat whose turn it is, which the slime count already gives (seat `1`
//! after an even number of actions): plane 4 says it outright, since a network adds up cells
//! badly. After the end it is still the seat that would move next, so a game ended by a
//! walled-in snail shows its loser, and a game ended in a corner shows its winner in planes 0
//! and 2 or 3 (the snail on a goal).
//!
//! The two seats see the same planes 0 and 1, planes 2 and 3 swapped, and plane 4 the other
//! way round. The planes give back the whole state (the snail, the slime, and the size from
//! the shape), so two different states never share an observation, finished ones with
//! different winners included. Nothing is left out: [`Encoding::same_observable`] is state
//! equality.
//!
//! ## Cost
//!
//! [`Encoding::observe`] zeroes the buffer; [`Encoding::write_observation`] then writes the
//! snail, the two corners, plane 4 when it is full, and the slime from rank 1 up to the last
//! slimed rank, each rank's row whole (its zeros too) from the rank's bits. The board's side is
//! a constant in that loop, so a row is a few vector stores and the snail's cell number a
//! multiplication: no division, no heap. Writing only the slime's ones, a set bit at a time,
//! was as fast early in the game and up to twice as slow late in it (figures at `write_rows`
//! in the source).
//!
//! ## Example
//!
//! ```
//! use slimetrail_core::encoding::Plane;
//! use slimetrail_core::kit::Cell;
//! use slimetrail_core::prelude::*;
//! // After c3 b2 b1 on 7x7 the snail is on b1, the trail d4 c3 b2, and seat 2 is to move.
//! let mut s = State::default();
//! for m in ["c3", "b2", "b1"] {
//!     s.play(m.parse().unwrap());
//! }
//! assert_eq!(State::num_distinct_actions(&s.params()), 49);
//! let mut legal = Actions::<State>::new();
//! s.legal_actions(&mut legal);
//! let ids: Vec<usize> = legal.iter().filter_map(|&a| s.action_id(a)).collect();
//! assert_eq!(ids, [0, 2, 7, 9]); // a1 c1 a2 c2
//! assert_eq!(s.action_of_id(48), Some("g7".parse().unwrap()));
//! assert_eq!(s.action_of_id(49), None);
//!
//! let shape = State::observation_shape(&s.params());
//! assert_eq!(shape.dims(), [5, 7, 7]);
//! let mut obs = vec![0.0; shape.size()];
//! s.observe(Seat::of(1), &mut obs).unwrap(); // seat 2
//! let at = |plane: Plane, cell: &str| {
//!     let c: Cell = cell.parse().unwrap();
//!     obs[shape.index(plane.index(), c.rank().into(), c.file().into())]
//! };
//! assert_eq!(at(Plane::Snail, "b1"), 1.0);
//! assert_eq!((at(Plane::Slime, "d4"), at(Plane::Slime, "b2"), at(Plane::Slime, "b1")), (1.0, 1.0, 0.0));
//! assert_eq!((at(Plane::OwnGoal, "g7"), at(Plane::OpponentGoal, "a1")), (1.0, 1.0));
//! assert_eq!(at(Plane::ToMove, "e5"), 1.0);
//! assert_eq!(obs.iter().sum::<f32>(), 1.0 + 3.0 + 1.0 + 1.0 + 49.0);
//! // Cell number k is at offset k of its plane: b2 is 8, in plane 1 from offset 49.
//! assert_eq!(obs[49 + 8], 1.0);
//!
//! s.observe(Seat::of(0), &mut obs).unwrap(); // seat 1: the goals swap, it is not to move
//! assert_eq!(obs[2 * 49], 1.0); // its own goal a1
//! assert_eq!(obs[3 * 49 + 48], 1.0); // seat 2's goal g7
//! assert!(obs[4 * 49..].iter().all(|&v| v == 0.0));
//! ```

use crate::action::Step;
use crate::board::Bits;
use crate::params::Params;
use crate::state::State;
use boardgame_kit::encoding::{Encoding, Shape};
use boardgame_kit::{Cell, Seat};

/// The planes of the observation, in order (see the [module docs](self)).
///
/// ```
/// use slimetrail_core::encoding::{Plane, PLANES};
/// assert_eq!(PLANES, 5);
/// assert_eq!(Plane::Slime.index(), 1);
/// assert_eq!(Plane::ALL[4], Plane::ToMove);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Plane {
    /// The snail's cell.
    Snail,
    /// The slimed cells.
    Slime,
    /// The observer's goal corner.
    OwnGoal,
    /// The opponent's goal corner.
    OpponentGoal,
    /// Every cell when the observer is the mover (also after the end: the seat that would
    /// move next).
    ToMove,
}

impl Plane {
    /// Every plane, in order.
    pub const ALL: [Plane; 5] = [
        Plane::Snail,
        Plane::Slime,
        Plane::OwnGoal,
        Plane::OpponentGoal,
        Plane::ToMove,
    ];

    /// The plane's place in the observation (from 0).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The number of planes of the observation.
pub const PLANES: usize = Plane::ALL.len();

/// The side of the board as a `usize`.
fn side(params: &Params) -> usize {
    usize::from(params.board().size())
}

/// Sets value `k` of `out` to 1 (nothing when it is out of range).
#[inline(always)]
fn one(out: &mut [f32], k: usize) {
    if let Some(v) = out.get_mut(k) {
        *v = 1.0;
    }
}

/// Planes 0 and 1 (the snail, the slime) on a board of side `N`. `N` is a constant here, so
/// each row of slime is a fixed run of stores and the snail's division a multiplication.
#[inline(always)]
fn write_trail<const N: usize>(state: &State, out: &mut [f32]) {
    write_rows::<N>(state.slime(), out.get_mut(N * N..).unwrap_or_default());
    // The padded layout has one spare bit per rank below the snail's.
    let i = usize::from(state.snail_index());
    one(out, i - i / (N + 1));
}

/// Writes the cells of `bits` (the padded layout of a board of side `N`, see [`Board`]) as the
/// rows of a plane of side `N`, from rank 1 up to the last rank with a set bit: 1 on a set
/// cell, 0 elsewhere. Rows past the end of `plane` are left out.
///
/// Whole rows, zeros included, with the width known at compile time: the compiler writes a
/// row a vector at a time. The ranks go by 64-bit words: shifting the `u128` rank by rank cost
/// 1 to 3 ns more. Measured on the whole `observe` from the mover (release, best of 15 rounds
/// of 600 batches of 1,000 calls, shared two-core machine): 17, 22, 23 and 31 ns on the 7x7
/// start, 6 and 35 actions into 7x7, and 69 actions into 9x9; writing only the ones instead, a
/// set bit at a time, 16, 22, 36 and 57 ns. Rows copied from a table (four values for each
/// four bits, or eight for each byte) were no faster.
///
/// [`Board`]: crate::Board
#[inline(always)]
fn write_rows<const N: usize>(bits: Bits, plane: &mut [f32]) {
    let (rows, _) = plane.as_chunks_mut::<N>();
    // The ranks that fit in a 64-bit word (all of them but for 9x9), then the others.
    let per_word = 64 / (N + 1);
    let (low, high) = rows.split_at_mut(per_word.min(rows.len()));
    write_word::<N>(bits as u64, low);
    write_word::<N>((bits >> (per_word * (N + 1))) as u64, high);
}

/// [`write_rows`] on one word: rank after rank until no bit is left.
#[inline(always)]
fn write_word<const N: usize>(mut bits: u64, rows: &mut [[f32; N]]) {
    for row in rows {
        if bits == 0 {
            break;
        }
        let rank = bits as u32; // the row's `N` bits and more, which are not read
        *row = core::array::from_fn(|file| if rank >> file & 1 != 0 { 1.0 } else { 0.0 });
        bits >>= N + 1;
    }
}

impl Encoding for State {
    /// One id per cell: `size * size`.
    fn num_distinct_actions(params: &Params) -> usize {
        side(params) * side(params)
    }

    /// The destination's cell number, `rank * size + file`; `None` off the board.
    #[inline]
    fn action_id(&self, action: Step) -> Option<usize> {
        let b = self.board();
        let c = action.0;
        b.contains(c)
            .then(|| usize::from(c.rank()) * usize::from(b.size()) + usize::from(c.file()))
    }

    /// The step to cell number `id`, for every `id` below `size * size`.
    #[inline]
    fn action_of_id(&self, id: usize) -> Option<Step> {
        let n = usize::from(self.board().size());
        if id >= n * n {
            return None;
        }
        // Both below `size`, at most 9.
        Some(Step(Cell::new((id % n) as u8, (id / n) as u8)))
    }

    /// `5 size size`.
    fn observation_shape(params: &Params) -> Shape {
        Shape::planes(PLANES, side(params), side(params))
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        match self.board().size() {
            5 => write_trail::<5>(self, out),
            7 => write_trail::<7>(self, out),
            _ => write_trail::<9>(self, out),
        }
        let n = usize::from(self.board().size());
        let area = n * n;
        let at = |plane: Plane| plane.index() * area;
        let (mine, theirs) = if seat.index() == 0 {
            (0, area - 1)
        } else {
            (area - 1, 0)
        };
        one(out, at(Plane::OwnGoal) + mine);
        one(out, at(Plane::OpponentGoal) + theirs);
        if self.mover() == seat {
            let to_move = at(Plane::ToMove);
            if let Some(plane) = out.get_mut(to_move..to_move + area) {
                plane.fill(1.0);
            }
        }
    }
}
