//! The fixed action space and the observation tensor ([`Encoding`]) for learning programs.
//!
//! ## Squares and steps
//!
//! Squares are numbered `0..41` rank by rank from the bottom, each rank from file `a` towards
//! `i`: `e1` = 0, `d2` = 1, `e2` = 2, `f2` = 3, `c3` = 4 .. `g3` = 8, `b4` = 9 .. `h4` = 15,
//! `a5` = 16 .. `i5` = 24, `b6` = 25 .. `h6` = 31, `c7` = 32 .. `g7` = 36, `d8` = 37, `e8` = 38,
//! `f8` = 39, `e9` = 40. Directions are numbered `s` = 0, `w` = 1, `e` = 2, `n` = 3.
//!
//! Every action is one step: a piece leaves a square in a direction. In each direction `d`,
//! exactly 32 of the 41 squares have a neighbour (the other 9 are on the diamond's edge that
//! way); the *rank* `i` of a square in direction `d` is its place, from 0, among those 32 in
//! square order. A step is the pair (`d`, `i`): its **edge** `e = 32 d + i`, in `0..128`.
//!
//! | `d` | the squares with a neighbour that way, by rank `0..32` |
//! | --- | --- |
//! | `s` (0) | `e2 d3 e3 f3 c4 d4 e4 f4 g4 b5 c5 d5 e5 f5 g5 h5 b6 c6 d6 e6 f6 g6 h6 c7 d7 e7 f7 g7 d8 e8 f8 e9` |
//! | `w` (1) | `e2 f2 d3 e3 f3 g3 c4 d4 e4 f4 g4 h4 b5 c5 d5 e5 f5 g5 h5 i5 c6 d6 e6 f6 g6 h6 d7 e7 f7 g7 e8 f8` |
//! | `e` (2) | `d2 e2 c3 d3 e3 f3 b4 c4 d4 e4 f4 g4 a5 b5 c5 d5 e5 f5 g5 h5 b6 c6 d6 e6 f6 g6 c7 d7 e7 f7 d8 e8` |
//! | `n` (3) | `e1 d2 e2 f2 c3 d3 e3 f3 g3 b4 c4 d4 e4 f4 g4 h4 b5 c5 d5 e5 f5 g5 h5 c6 d6 e6 f6 g6 d7 e7 f7 e8` |
//!
//! So `e2-e1` is edge 0, `e9-e8` edge 31, `e2-d2` edge 32, `e1-e2` edge 96, `e2-e3` edge 98
//! and `e8-e9` edge 127, the last.
//!
//! ## Action ids
//!
//! `N` = [`ACTIONS`] = 4864 for every parameter set; there is no chance (`M` = 0). Four ranges:
//!
//! | ids | actions | id |
//! | --- | --- | --- |
//! | `0..128` | plain steps `FROM-TO` (a Dwarf's push too) | `e` |
//! | `128..256` | Troll steps with a pull `FROM-TO/p` | `128 + e` |
//! | `256..768` | Troll throws `FROM-TO/t` | `256 + 4 e + t` (`t` the throw's direction) |
//! | `768..4864` | Sorcerer steps levitating a Rock `FROM-TO/SQ` | `768 + 32 e + j` |
//!
//! where `e` is the step's edge, and for a levitation `j` is the rank of the Rock's square
//! `SQ` in the step's direction (the Rock moves the same way as the Sorcerer: its move is an
//! edge of the same direction, `32 d + j`). The id depends only on the text of the action.
//! 4548 of the 4864 ids name an action; the others are holes (`action_of_id` reads them as
//! `None`, and the texts they would name have no id): a pull with no square behind the Troll
//! (28 ids), a throw off the board (the Rock's square has no neighbour that way, 60), a
//! levitation of a Rock on the Sorcerer's own square or on the square it enters (228). Ids
//! from 4864 on are `None`, and so are texts of no step (`e2-e4`).
//!
//! ## The observation
//!
//! Planes of 9 x 9 values: row `r` is rank `9 - r` (row 0 is rank 9, the top of the drawing
//! of [`State`]'s `Display`), column `c` is file `a + c`. The 40 cells off the diamond are 0 in
//! every plane but the constant ones (a scalar fills all 81 cells of its plane). With `P`
//! players (2, 3 or 4) there are `4 P + 9` planes (17, 21, 25). The seats of the game come in
//! turn order from the observer ([`boardgame_kit::encoding::seats_from`]): slot 0 is the
//! observer, slot 1 the next seat clockwise in the game, and so on; seats not in the game have
//! no slot (with the seats `swn`, `n` sees the slots `n`, `s`, `w`).
//!
//! | plane | content |
//! | --- | --- |
//! | `3 k`, `3 k + 1`, `3 k + 2` | slot `k`'s Sorcerer, Troll and Dwarf (1 on its square) |
//! | `B = 3 P` | the Rocks |
//! | `B + 1` | the Rocks barred from starting a levitation this turn (moved in the previous turn) |
//! | `B + 2` | the Rocks moved so far this turn (barred in the next turn) |
//! | `B + 3` | the Rock of the levitation run in progress, if any |
//! | `B + 4` | the diamond: 1 on its 41 squares (constant) |
//! | `B + 5 + k` | all 1 when slot `k` is to move (all 0 once the game is over) |
//! | `C = 4 P + 5` | all 1 while levitation is still open this turn (no run yet, or a run going on); 0 once a run has been broken, and once the game is over |
//! | `C + 1` | all `steps left / 3` (0 once the game is over) |
//! | `C + 2` | all `quota / 3`: the steps of the current turn (1 in the game's first turn, 2 in its second, then 3) |
//! | `C + 3` | with `turn_limit = L`, all `turn / L` (the current turn's number; 1 in the last turn); all 0 without a limit |
//!
//! A seat is in play exactly when its Sorcerer is on the board (a team leaves the board
//! whole when its Sorcerer is killed): the slot of a seat out of play is empty. A killed
//! Dwarf leaves its plane empty.
//!
//! Rocks have identities in the state and the position notation (the tip each started on),
//! but the rules follow a Rock by identity only to know whether it moved: the planes `B + 1`
//! to `B + 3` show that by square, so the observation does not show identities. Without a
//! turn limit, the turn number counts only through the quota (turns 1, 2, and 3 or later).
//! [`Encoding::same_observable`] compares states without these two (Rocks relabelled in
//! square order, the turn number capped at 3 without a limit), everything else exactly.
//!
//! ## Worked example
//!
//! ```
//! use boardgame_kit::encoding::Encoding;
//! use boardgame_kit::{Game, Seat};
//! use splut_core::State;
//!
//! let mut s = State::new(&Default::default()); // two players, s and n
//! assert_eq!(State::num_distinct_actions(&s.params()), 4864);
//! let id = |s: &State, t: &str| s.action_id(t.parse().unwrap());
//! assert_eq!(id(&s, "e2-e3"), Some(98)); // edge 3 * 32 + 2
//! assert_eq!(id(&s, "e2-e1"), Some(0)); // edge 0: e2 is the first square with a south neighbour
//! assert_eq!(id(&s, "e4-e5/w"), Some(256 + 4 * 108 + 1)); // e4 has rank 12 going north
//! assert_eq!(id(&s, "d3-d4/c6"), Some(768 + 32 * 101 + 23)); // ranks 5 and 23 going north
//! assert_eq!(id(&s, "e5-d5/p"), Some(128 + 32 + 15)); // e5 has rank 15 going west
//! assert_eq!(s.action_of_id(98).map(|a| a.to_string()).as_deref(), Some("e2-e3"));
//! assert_eq!(s.action_of_id(4864), None);
//!
//! // South's Dwarf steps; north steps twice; south's Sorcerer then levitates Rock 0 from e1
//! // to e2: a run in progress, 2 steps left in turn 3.
//! for a in ["e2-e3", "e8-e7", "e7-e6", "d2-d3/e1"] {
//!     s.play(a.parse().unwrap());
//! }
//! let shape = State::observation_shape(&s.params());
//! assert_eq!(shape.dims(), [17, 9, 9]); // 4 * 2 + 9
//! let mut obs = vec![0.0; shape.size()];
//! s.observe(Seat::of(2), &mut obs).unwrap(); // seen from north: slot 0 north, slot 1 south
//! let at = |plane: usize, c: &str| {
//!     let c: boardgame_kit::Cell = c.parse().unwrap();
//!     obs[shape.index(plane, 8 - c.rank() as usize, c.file() as usize)]
//! };
//! assert_eq!(at(2, "e6"), 1.0); // north's Dwarf
//! assert_eq!(at(3, "d3"), 1.0); // south's Sorcerer
//! assert_eq!((at(6, "e2"), at(8, "e2"), at(9, "e2")), (1.0, 1.0, 1.0)); // Rock, moved, run
//! assert_eq!(at(7, "e2"), 0.0); // nothing moved in the previous turn
//! assert_eq!((at(10, "a5"), at(10, "a1")), (1.0, 0.0)); // the diamond
//! assert_eq!((at(11, "e5"), at(12, "e5")), (0.0, 1.0)); // south (slot 1) is to move
//! assert_eq!((at(13, "a1"), at(14, "a1"), at(15, "a1")), (1.0, 2.0 / 3.0, 1.0));
//! assert_eq!(at(16, "a1"), 0.0); // no turn limit
//! ```

use crate::action::{Action, EXTRA_LEV, EXTRA_PULL, EXTRA_THROW};
use crate::board::{nb, opposite, CELL_OF_SQ, NB, NONE, SQUARES};
use crate::state::{code, quota, State, LEV_CLOSED, ROCK};
use boardgame_kit::encoding::{seats_from, Encoding, Shape};
use boardgame_kit::Seat;

/// The number of action ids, for every parameter set.
pub const ACTIONS: usize = FIRST_LEVITATION + EDGES * PER_DIR;
/// The first id of the pulls (`128 + edge`).
pub const FIRST_PULL: usize = EDGES;
/// The first id of the throws (`256 + 4 edge + direction`).
pub const FIRST_THROW: usize = FIRST_PULL + EDGES;
/// The first id of the levitations (`768 + 32 edge + rank of the Rock's square`).
pub const FIRST_LEVITATION: usize = FIRST_THROW + 4 * EDGES;
/// Squares with a neighbour in each direction.
const PER_DIR: usize = 32;
/// Steps (edges): a square with a neighbour, and the direction.
const EDGES: usize = 4 * PER_DIR;
/// Values in a plane.
const CELLS: usize = 81;

const fn build_ranks() -> ([[u8; 64]; 4], [[u8; PER_DIR]; 4]) {
    let mut rank = [[NONE; 64]; 4];
    let mut square = [[NONE; PER_DIR]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        let mut sq = 0;
        while sq < SQUARES {
            if NB[sq][d] != NONE {
                rank[d][sq] = i as u8;
                square[d][i] = sq as u8;
                i += 1;
            }
            sq += 1;
        }
        assert!(
            i == PER_DIR,
            "32 squares have a neighbour in each direction"
        );
        d += 1;
    }
    (rank, square)
}

const RANKS: ([[u8; 64]; 4], [[u8; PER_DIR]; 4]) = build_ranks();

/// The rank of each square in each direction ([`NONE`] without a neighbour that way); 64
/// columns so that `& 63` needs no bounds check.
const RANK: [[u8; 64]; 4] = RANKS.0;

/// The square of each rank in each direction.
const SQUARE_OF_RANK: [[u8; PER_DIR]; 4] = RANKS.1;

const fn build_grid() -> ([u8; 64], [f32; CELLS]) {
    let mut grid = [NONE; 64];
    let mut diamond = [0.0; CELLS];
    let mut sq = 0;
    while sq < SQUARES {
        let (file, rank) = CELL_OF_SQ[sq];
        let g = (8 - rank as usize) * 9 + file as usize;
        grid[sq] = g as u8;
        diamond[g] = 1.0;
        sq += 1;
    }
    (grid, diamond)
}

const GRID_TABLES: ([u8; 64], [f32; CELLS]) = build_grid();

/// The offset of each square in a plane (row `8 - rank`, column `file`); [`NONE`] from 41 on.
const GRID: [u8; 64] = GRID_TABLES.0;

/// The diamond plane.
const DIAMOND: [f32; CELLS] = GRID_TABLES.1;

const fn build_edges() -> [[u8; 64]; 64] {
    let mut t = [[NONE; 64]; 64];
    let mut x = 0;
    while x < SQUARES {
        let mut d = 0;
        while d < 4 {
            let y = NB[x][d];
            if y != NONE {
                t[x][y as usize] = (d * PER_DIR) as u8 + RANK[d][x];
            }
            d += 1;
        }
        x += 1;
    }
    t
}

/// The edge of the step from each square to each square ([`NONE`] unless neighbours): one
/// lookup, no search over the directions.
const EDGE: [[u8; 64]; 64] = build_edges();

/// Option codes of an action: plain, pull, four throws, two unused, then a Rock's square.
const OPTIONS: usize = EXTRA_LEV as usize + SQUARES;

/// No id (a hole, or an option no step has).
const NO_ID: u16 = u16::MAX;

const fn build_ids() -> [[u16; OPTIONS]; EDGES] {
    let mut ids = [[NO_ID; OPTIONS]; EDGES];
    let mut e = 0;
    while e < EDGES {
        let d = e / PER_DIR;
        let x = SQUARE_OF_RANK[d][e % PER_DIR] as usize;
        let y = NB[x][d] as usize;
        ids[e][0] = e as u16;
        if NB[x][opposite(d)] != NONE {
            ids[e][EXTRA_PULL as usize] = (FIRST_PULL + e) as u16;
        }
        let mut t = 0;
        while t < 4 {
            if NB[y][t] != NONE {
                ids[e][EXTRA_THROW as usize + t] = (FIRST_THROW + 4 * e + t) as u16;
            }
            t += 1;
        }
        let mut q = 0;
        while q < SQUARES {
            let j = RANK[d][q];
            if q != x && q != y && j != NONE {
                ids[e][EXTRA_LEV as usize + q] =
                    (FIRST_LEVITATION + PER_DIR * e + j as usize) as u16;
            }
            q += 1;
        }
        e += 1;
    }
    ids
}

/// The id of every step (edge) with every option code, [`NO_ID`] for the holes: `action_id`
/// is two lookups.
const IDS: [[u16; OPTIONS]; EDGES] = build_ids();

/// The step of an edge: its square, the square it enters and its direction.
#[inline(always)]
fn step_of(e: usize) -> (u8, u8, usize) {
    let d = (e / PER_DIR) & 3;
    let x = SQUARE_OF_RANK[d][e % PER_DIR];
    (x, nb(x, d), d)
}

/// Sets the value of square `sq` in plane `plane` of `out` to 1 (nothing for an absent piece
/// or a plane past the end).
#[inline(always)]
fn mark(out: &mut [f32], plane: usize, sq: u8) {
    let g = usize::from(GRID[usize::from(sq) & 63]);
    if g < CELLS {
        if let Some(v) = out.get_mut(plane * CELLS + g) {
            *v = 1.0;
        }
    }
}

/// Fills plane `plane` of `out` with `value` (nothing for a plane past the end; a zero is
/// already there).
#[inline(always)]
fn fill(out: &mut [f32], plane: usize, value: f32) {
    if value != 0.0 {
        if let Some(p) = out.get_mut(plane * CELLS..(plane + 1) * CELLS) {
            p.fill(value);
        }
    }
}

impl State {
    /// The state with what the observation leaves out normalised: the Rocks relabelled in
    /// square order (their moved marks and levitation run following them), and without a turn
    /// limit the turn number capped at 3.
    fn observable(&self) -> State {
        let mut s = *self;
        let mut by_square = [0usize, 1, 2, 3];
        by_square.sort_unstable_by_key(|&r| self.rocks[r]);
        let (mut this, mut prev) = (0, 0);
        for (new, &old) in by_square.iter().enumerate() {
            let sq = self.rocks[old];
            s.rocks[new] = sq;
            if let Some(c) = s.board.get_mut(usize::from(sq)) {
                *c = code(ROCK, new as u8);
            }
            this |= ((self.moved_this >> old) & 1) << new;
            prev |= ((self.moved_prev >> old) & 1) << new;
            if usize::from(self.lev) == old {
                s.lev = new as u8;
            }
        }
        s.moved_this = this;
        s.moved_prev = prev;
        if self.params.turn_limit() == 0 {
            s.turn = s.turn.min(3);
        }
        s
    }
}

/// See the [module docs](self): 4864 action ids by step edge and option, and `4 P + 9`
/// planes of 9 x 9.
impl Encoding for State {
    fn num_distinct_actions(_: &Self::Params) -> usize {
        ACTIONS
    }

    fn action_id(&self, action: Action) -> Option<usize> {
        let (x, y) = (usize::from(action.f()), usize::from(action.t()));
        if x.max(y) >= SQUARES {
            return None;
        }
        let e = EDGE[x][y];
        let id = *IDS.get(usize::from(e))?.get(usize::from(action.x()))?;
        (id != NO_ID).then_some(usize::from(id))
    }

    fn action_of_id(&self, id: usize) -> Option<Action> {
        if id < FIRST_PULL {
            let (x, y, _) = step_of(id);
            Some(Action::raw(x, y, 0))
        } else if id < FIRST_THROW {
            let (x, y, d) = step_of(id - FIRST_PULL);
            (nb(x, opposite(d)) != NONE).then(|| Action::raw(x, y, EXTRA_PULL))
        } else if id < FIRST_LEVITATION {
            let k = id - FIRST_THROW;
            let (x, y, _) = step_of(k / 4);
            let t = k % 4;
            (nb(y, t) != NONE).then(|| Action::raw(x, y, EXTRA_THROW + t as u8))
        } else if id < ACTIONS {
            let k = id - FIRST_LEVITATION;
            let (x, y, d) = step_of(k / PER_DIR);
            let q = SQUARE_OF_RANK[d][k % PER_DIR];
            (q != x && q != y).then(|| Action::raw(x, y, EXTRA_LEV + q))
        } else {
            None
        }
    }

    fn observation_shape(params: &Self::Params) -> Shape {
        Shape::planes(4 * params.players() + 9, 9, 9)
    }

    /// `out` holds zeros: only the ones and the other scalars are written. The buffer is
    /// cleared once by `observe` (`memset`, faster than writing zero planes one by one).
    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let playing = self.is_playing();
        let seats = self.params.seats();
        let b = 3 * seats.len();
        for (k, s) in seats_from(seats, seat).enumerate() {
            let i = s.index() & 3;
            for (j, &sq) in self.pieces[i].iter().enumerate() {
                mark(out, 3 * k + j, sq);
            }
            if playing && usize::from(self.to_move) == i {
                fill(out, b + 5 + k, 1.0);
            }
        }
        for (r, &sq) in self.rocks.iter().enumerate() {
            mark(out, b, sq);
            if self.moved_prev >> r & 1 != 0 {
                mark(out, b + 1, sq);
            }
            if self.moved_this >> r & 1 != 0 {
                mark(out, b + 2, sq);
            }
        }
        if let Some(&sq) = self.rocks.get(usize::from(self.lev)) {
            mark(out, b + 3, sq);
        }
        if let Some(p) = out.get_mut((b + 4) * CELLS..(b + 5) * CELLS) {
            p.copy_from_slice(&DIAMOND);
        }
        let c = b + 5 + seats.len();
        fill(
            out,
            c,
            f32::from(u8::from(playing && self.lev != LEV_CLOSED)),
        );
        fill(out, c + 1, f32::from(self.steps_left.min(3)) / 3.0);
        fill(out, c + 2, f32::from(quota(self.turn)) / 3.0);
        let limit = self.params.turn_limit();
        if limit > 0 {
            fill(out, c + 3, self.turn.min(limit) as f32 / limit as f32);
        }
    }

    /// Equality but for the Rocks' identities (the observation shows Rocks by square; the
    /// rules follow them by identity only for the moved marks, which it shows by square) and,
    /// without a turn limit, the turn number past 3 (it counts only through the quota).
    fn same_observable(&self, other: &Self) -> bool {
        self.observable() == other.observable()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::Game;

    #[test]
    fn ids_round_trip_and_count_the_holes() {
        let s = State::new(&Default::default());
        let mut some = 0;
        for id in 0..ACTIONS + 10 {
            if let Some(a) = s.action_of_id(id) {
                assert_eq!(s.action_id(a), Some(id), "{a}");
                some += 1;
            }
        }
        // 128 steps, 100 pulls; levitations: 4096 less the Sorcerer's own square (128) and
        // the square it enters when that one has a neighbour the same way (100).
        let throws: usize = (0..EDGES)
            .map(|e| {
                let (_, y, _) = step_of(e);
                (0..4).filter(|&t| nb(y, t) != NONE).count()
            })
            .sum();
        assert_eq!(some, 128 + 100 + throws + 4096 - 128 - 100);
        assert_eq!(some, 4548);
    }
}
