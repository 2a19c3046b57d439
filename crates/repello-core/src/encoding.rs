//! The fixed action space and the observation tensor ([`Encoding`]) for learning programs.
//!
//! # Squares
//!
//! A square's index is `q = (13 - rank) * 13 + file`, with rank `1..=13` and file `a` = 0 ..
//! `m` = 12: rank 13 first, each rank from `a` to `m`, the order of the `numbers` parameter and
//! of the position notation. So `a13` is 0, `m13` is 12, `a1` is 156 and `m1` is 168, and `q` is
//! also the square's offset in every plane of the observation (row `q / 13` is rank
//! `13 - q / 13`, column `q % 13` is the file).
//!
//! # Action ids
//!
//! 1,529 ids with every parameter set (a square, a direction, or both; the chain reaction of a
//! repulsion phase is played one push at a time, each push its own id). Directions count
//! `n ne e se s sw w nw` = 0 to 7.
//!
//! | ids | action | id |
//! | --- | --- | --- |
//! | 0..169 | `e5`: place the stack on a square (setup, return, relocation) | `q` |
//! | 169..177 | `ne`: move the stack in a direction | `169 + dir` |
//! | 177..1529 | `c3/sw`: push the piece on a square in a direction | `177 + 8 q + dir` |
//!
//! Every square and direction has an id, even those no push can use (`a1/n` needs a piece on
//! `a0`), to keep the layout a product. A game has no chance nodes: `max_chance_outcomes` is 0.
//!
//! # Observation
//!
//! `8 P + 15` planes of 13 x 13 (`P` the players: 31, 39 or 47 planes), seen from the observing
//! seat. Square `q` of a plane is at offset `q` as above (rank 13 on row 0, file `a` on column
//! 0). A *constant* plane holds one scalar on all 169 squares.
//!
//! First, 8 planes for each seat, the observer's own first, then the next seats in turn order
//! (seat order, wrapping round; [`seats_from`](boardgame_kit::encoding::seats_from)); the
//! block of the seat `k` places after the observer starts at plane `8 k`:
//!
//! | plane | what |
//! | --- | --- |
//! | `8k + 0` | 1 on the square of the seat's stack (while it is on the board) |
//! | `8k + 1` | constant: the tokens in the stack / the `stack` parameter |
//! | `8k + 2` | constant 1: the stack is off the board (pushed off, waiting to return) |
//! | `8k + 3` | constant 1: the stack is finished |
//! | `8k + 4` | constant 1: the seat is to act |
//! | `8k + 5` | constant: captured black tokens / (4 + `P` x `stack`) (all black tokens) |
//! | `8k + 6` | constant: captured silver tokens / 4 |
//! | `8k + 7` | constant: captured gold tokens (0 or 1) |
//!
//! A stack not yet placed in the setup round shows only by its height (1); one emptied by its
//! move, which stays on the board until the end of its owner's turn, is on its square with
//! height 0; a finished one has height 0 and its plane `8k + 3`. Scores are not shown: they
//! follow from the captured tokens (black 1, silver 3, gold 5).
//!
//! Then 15 planes for the board and the turn, from `B = 8 P`:
//!
//! | plane | what |
//! | --- | --- |
//! | `B + 0` | 1 on each black token |
//! | `B + 1` | 1 on each silver token |
//! | `B + 2` | 1 on the gold token |
//! | `B + 3` .. `B + 8` | 1 on each square printed `1` .. `6` (the `numbers` parameter) |
//! | `B + 9` | 1 on each square of the start area `e5`..`i9` |
//! | `B + 10` | constant 1: the setup round (place the stack, away from every piece) |
//! | `B + 11` | constant 1: a turn starts, the stack on the board (move, or relocate) |
//! | `B + 12` | constant 1: a turn starts, the stack off the board (place it back) |
//! | `B + 13` | constant 1: the repulsion phase (push) |
//! | `B + 14` | constant: the pushes since the move, placement or last capture / 16, at most 1 |
//!
//! Once the game is over no phase plane and no "to act" plane is set.
//!
//! # What the observation leaves out
//!
//! The repetition rule forbids a push that recreates an arrangement met earlier in the same
//! repulsion phase (since its move or placement, or its last capture), so the state keeps
//! those arrangements, as many as the phase's pushes, which a fixed tensor cannot hold. The
//! observation shows only their number (plane `B + 14`, saturating at 16), and
//! [`Encoding::same_observable`] compares states without them: two states are the same
//! observable position when they have the same parameters, board, stacks, captured tokens,
//! seat to act and phase, whatever the earlier arrangements of the phase. (Which pushes the
//! history forbids now is in the legal list, which a learning program masks its policy
//! with.)
//!
//! # Example
//!
//! ```
//! use boardgame_kit::{encoding::{Encoding, Shape}, Game, Seat};
//! use repello_core::{Action, Params, State};
//! let params = Params::default(); // two players: 31 planes
//! assert_eq!(State::num_distinct_actions(&params), 1529);
//! assert_eq!(State::observation_shape(&params), Shape::planes(31, 13, 13));
//!
//! let mut s = State::new(&params);
//! let id = |s: &State, a: &str| s.action_id(a.parse::<Action>().unwrap()).unwrap();
//! assert_eq!(id(&s, "e5"), 8 * 13 + 4); // rank 5 is row 8
//! s.play("e5".parse().unwrap()); // seat 1 places
//! s.play("i9".parse().unwrap()); // seat 2 places: seat 1 moves
//! assert_eq!(id(&s, "n"), 169);
//! assert_eq!(id(&s, "nw"), 176);
//! assert_eq!(id(&s, "g7/n"), 177 + 8 * (6 * 13 + 6)); // g7 is square 84
//! assert_eq!(s.action_of_id(169), Some("n".parse().unwrap()));
//! assert_eq!(s.action_of_id(1529), None);
//!
//! let shape = State::observation_shape(&params);
//! let mut obs = vec![0.0; shape.size()];
//! s.observe(Seat::of(0), &mut obs).unwrap();
//! assert_eq!(obs[shape.index(0, 8, 4)], 1.0); // seat 1's own stack on e5
//! assert_eq!(obs[shape.index(8, 4, 8)], 1.0); // the next seat's (seat 2) on i9
//! assert_eq!(obs[shape.index(1, 0, 0)], 1.0); // 15 of 15 tokens
//! assert_eq!(obs[shape.index(4, 0, 0)], 1.0); // seat 1 is to act
//! assert_eq!(obs[shape.index(16 + 2, 6, 6)], 1.0); // the gold on g7
//! assert_eq!(obs[shape.index(16 + 3, 0, 0)], 1.0); // a13 is printed 1
//! assert_eq!(obs[shape.index(16 + 11, 0, 0)], 1.0); // a turn starts: move
//! s.observe(Seat::of(1), &mut obs).unwrap();
//! assert_eq!(obs[shape.index(0, 4, 8)], 1.0); // seen by seat 2: its own stack first
//! assert_eq!(obs[shape.index(8, 8, 4)], 1.0);
//! assert_eq!(obs[shape.index(4, 0, 0)], 0.0); // seat 2 is not to act,
//! assert_eq!(obs[shape.index(12, 0, 0)], 1.0); // the next seat (seat 1) is
//!
//! // The rules' chain reaction, two pushes in (seat 2 finished): `c5/w` is the only push.
//! let s = State::from_position(
//!     &"players=2,stack=5".parse().unwrap(),
//!     "13/13/13/13/13/13/13/13/2bb1b7/13/13/13/A12 5,0gssssbbbbbb push:1 d5/w,e5/w",
//! )
//! .unwrap();
//! assert_eq!(id(&s, "c5/w"), 177 + 8 * (8 * 13 + 2) + 6); // 1031
//! s.observe(Seat::of(0), &mut obs).unwrap();
//! assert_eq!(obs[shape.index(16, 8, 2)], 1.0); // a black token on c5
//! assert_eq!(obs[shape.index(16 + 13, 0, 0)], 1.0); // the repulsion phase
//! assert_eq!(obs[shape.index(16 + 14, 0, 0)], 2.0 / 16.0); // two pushes so far
//! assert_eq!(obs[shape.index(8 + 3, 0, 0)], 1.0); // seat 2's stack is finished
//! assert_eq!(obs[shape.index(8 + 5, 0, 0)], 6.0 / 14.0); // with 6 of the 14 blacks
//! ```

use crate::action::Action;
use crate::board::{file_of, rank_of, BLACK, GOLD, MB, SIDE, SILVER, STACK0};
use crate::params::Params;
use crate::state::{Mode, StackStatus, State};
use boardgame_kit::encoding::{Encoding, Shape};
use boardgame_kit::{Cell, Dir8, Seat};

/// Squares of the board.
const SQUARES: usize = SIDE * SIDE;
/// The first id of a move.
const MOVE0: usize = SQUARES;
/// The first id of a push.
const PUSH0: usize = MOVE0 + 8;
/// The number of ids.
const IDS: usize = PUSH0 + 8 * SQUARES;

/// Planes of each seat's block.
const SEAT_PLANES: usize = 8;
/// In a seat's block: the stack's square.
const STACK: usize = 0;
/// In a seat's block: the stack's height.
const HEIGHT: usize = 1;
/// In a seat's block: the stack is off the board.
const OFF_BOARD: usize = 2;
/// In a seat's block: the stack is finished.
const FINISHED: usize = 3;
/// In a seat's block: the seat is to act.
const TO_ACT: usize = 4;
/// In a seat's block: the captured black, silver and gold tokens (three planes).
const CAPTURED: usize = 5;
/// Planes after the seats' blocks.
const BOARD_PLANES: usize = 15;
/// After the seats' blocks: the black, silver and gold tokens (three planes).
const TOKENS: usize = 0;
/// After the seats' blocks: the squares printed 1 to 6 (six planes).
const NUMBERS: usize = 3;
/// After the seats' blocks: the start area.
const START_AREA: usize = 9;
/// After the seats' blocks: the phases (setup, move, return, repulsion).
const SETUP: usize = 10;
const MOVE: usize = 11;
const RETURN: usize = 12;
const REPULSION: usize = 13;
/// After the seats' blocks: the pushes of the repulsion phase.
const PUSHES: usize = 14;
/// The number of pushes at which the pushes plane saturates.
const PUSH_SCALE: usize = 16;

/// The square index of a cell on the board (rank 13 first), or `None`.
#[inline]
fn square(c: Cell) -> Option<usize> {
    let (f, r) = (c.file() as usize, c.rank() as usize);
    (f < SIDE && r < SIDE).then(|| (SIDE - 1 - r) * SIDE + f)
}

/// The cell of a square index below 169.
#[inline]
fn cell(q: usize) -> Cell {
    Cell::new((q % SIDE) as u8, (SIDE - 1 - q / SIDE) as u8)
}

/// The square index of an on-board mailbox index, or `None` for a border or out-of-range one.
#[inline]
fn square_of_mb(m: usize) -> Option<usize> {
    let (col, row) = (m % MB, m / MB);
    ((1..=SIDE).contains(&col) && (1..=SIDE).contains(&row))
        .then(|| (SIDE - 1 - rank_of(m)) * SIDE + file_of(m))
}

/// Plane `plane` of the buffer (shorter, or empty, where the buffer ends first).
#[inline]
fn plane_mut(out: &mut [f32], plane: usize) -> &mut [f32] {
    let start = plane.saturating_mul(SQUARES).min(out.len());
    let end = start.saturating_add(SQUARES).min(out.len());
    &mut out[start..end]
}

/// Fills plane `plane` with `v` (nothing for 0: the buffer holds zeros).
#[inline]
fn fill(out: &mut [f32], plane: usize, v: f32) {
    if v != 0.0 {
        plane_mut(out, plane).fill(v);
    }
}

/// Sets square `q` of plane `plane` to 1.
#[inline]
fn set(out: &mut [f32], plane: usize, q: usize) {
    if let Some(x) = plane_mut(out, plane).get_mut(q) {
        *x = 1.0;
    }
}

/// `n / d`, at most 1 (and 0 for `d` = 0).
#[inline]
fn ratio(n: usize, d: usize) -> f32 {
    if d == 0 {
        0.0
    } else {
        (n.min(d) as f32) / d as f32
    }
}

/// Repello's fixed action space and observation (see the [module docs](self)).
impl Encoding for State {
    fn num_distinct_actions(_: &Params) -> usize {
        IDS
    }

    #[inline]
    fn action_id(&self, action: Action) -> Option<usize> {
        match action {
            Action::Place(c) => square(c),
            Action::Move(d) => Some(MOVE0 + d as usize),
            Action::Push(c, d) => square(c).map(|q| PUSH0 + 8 * q + d as usize),
        }
    }

    #[inline]
    fn action_of_id(&self, id: usize) -> Option<Action> {
        if id < MOVE0 {
            Some(Action::Place(cell(id)))
        } else if id < PUSH0 {
            Some(Action::Move(Dir8::ALL[id - MOVE0]))
        } else if id < IDS {
            let k = id - PUSH0;
            Some(Action::Push(cell(k / 8), Dir8::ALL[k % 8]))
        } else {
            None
        }
    }

    fn observation_shape(params: &Params) -> Shape {
        Shape::planes(
            SEAT_PLANES * params.players() as usize + BOARD_PLANES,
            SIDE,
            SIDE,
        )
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let n = self.players();
        let me = seat.index();
        if me >= n {
            return;
        }
        let c = &self.core;
        let stack = self.params_ref().stack() as usize;
        let blacks = 4 + n * stack;
        let b = SEAT_PLANES * n;
        // How many places seat `s` comes after the observer in turn order: its block.
        let rel = |s: usize| (s + n - me) % n;

        for s in 0..n {
            let p = SEAT_PLANES * rel(s);
            let status = self.stack_status(Seat::of(s));
            fill(out, p + HEIGHT, ratio(c.count[s] as usize, stack));
            match status {
                StackStatus::Off => fill(out, p + OFF_BOARD, 1.0),
                StackStatus::Finished => fill(out, p + FINISHED, 1.0),
                StackStatus::Unplaced | StackStatus::OnBoard(_) => {}
            }
            let [black, silver, gold] = c.capt[s];
            fill(out, p + CAPTURED, ratio(black as usize, blacks));
            fill(out, p + CAPTURED + 1, ratio(silver as usize, 4));
            fill(out, p + CAPTURED + 2, ratio(gold as usize, 1));
        }

        // The pieces, from the board itself.
        for m in c.occ.iter() {
            let Some(q) = square_of_mb(m) else { continue };
            let plane = match c.board[m] {
                BLACK => b + TOKENS,
                SILVER => b + TOKENS + 1,
                GOLD => b + TOKENS + 2,
                p if (STACK0..STACK0 + 4).contains(&p) && ((p - STACK0) as usize) < n => {
                    SEAT_PLANES * rel((p - STACK0) as usize) + STACK
                }
                _ => continue,
            };
            set(out, plane, q);
        }

        // The printed numbers (`numbers` is in square order: plane `k - 1` of the six holds 1
        // where it reads `k`, a whole plane at a time, which compiles to vector compares) and
        // the start area (ranks 9 to 5 are rows 4 to 8, files `e` to `i` columns 4 to 8).
        let numbers = self.params_ref().numbers();
        for k in 1..=6u8 {
            let plane = plane_mut(out, b + NUMBERS + usize::from(k) - 1);
            for (x, &printed) in plane.iter_mut().zip(numbers) {
                *x = f32::from(u8::from(printed == k));
            }
        }
        let area = plane_mut(out, b + START_AREA);
        for row in 4..=8 {
            if let Some(squares) = area.get_mut(row * SIDE + 4..row * SIDE + 9) {
                squares.fill(1.0);
            }
        }

        // Who acts, and how.
        let phase = match c.mode {
            Mode::Setup => Some(SETUP),
            Mode::Turn if c.pos.get(c.seat as usize).is_some_and(|&m| m != 0) => Some(MOVE),
            Mode::Turn => Some(RETURN),
            Mode::Push => Some(REPULSION),
            Mode::Over => None,
        };
        if let Some(phase) = phase {
            fill(out, b + phase, 1.0);
            if (c.seat as usize) < n {
                fill(out, SEAT_PLANES * rel(c.seat as usize) + TO_ACT, 1.0);
            }
        }
        if c.mode == Mode::Push {
            fill(out, b + PUSHES, ratio(self.hist.pushes.len(), PUSH_SCALE));
        }
    }

    /// Equal apart from the arrangements met earlier in the current repulsion phase, which the
    /// observation shows only by their number (see the [module docs](self)).
    fn same_observable(&self, other: &Self) -> bool {
        self.params_ref() == other.params_ref() && self.core == other.core
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{mb, CELLS};
    use boardgame_kit::encoding::relative_index;
    use boardgame_kit::SeatSet;

    #[test]
    fn squares_and_mailbox_indices_agree() {
        for q in 0..SQUARES {
            let c = cell(q);
            assert_eq!(square(c), Some(q));
            let m = mb(c.file() as usize, c.rank() as usize);
            assert_eq!(square_of_mb(m), Some(q));
        }
        assert_eq!(square(Cell::new(13, 0)), None);
        assert_eq!(square(Cell::new(0, 13)), None);
        for m in [0, 14, 15, 29, CELLS - 1, CELLS, 300] {
            assert_eq!(square_of_mb(m), None, "{m}");
        }
    }

    #[test]
    fn relative_seats_are_the_kits_turn_order() {
        for n in 2..=4 {
            for me in 0..n {
                for s in 0..n {
                    let kit = relative_index(SeatSet::first(n), Seat::of(me), Seat::of(s));
                    assert_eq!(kit, Some((s + n - me) % n));
                }
            }
        }
    }
}
