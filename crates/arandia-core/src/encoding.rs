//! The fixed action space and the observation tensor of learning programs
//! ([`Encoding`]).
//!
//! ## Action ids
//! With `P` players (2, 3, 4 or 6), a player's action has an id in `0..446 + P`, the same in
//! every position of a game with the same parameters:
//!
//! | ids | action | id |
//! | --- | --- | --- |
//! | `0..61` | `C`: roll for a ship on C, the cell chosen after a doubled roll, or the home cell after a wreck | the number of C, file by file: `a1` 0, `a2` 1 ... `e5` 30 ... `i9` 60 |
//! | `61..427` | `C-D`: a harbour shuffle or an island move | `61 + 6 * C + d`, `d` the direction from C to its neighbour D: 0 east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east (a sea cell's die label minus 1) |
//! | `427..445` | `+C`: a re-entry | `427 + 3 * side + j`, `j` the place of C in its harbour as the rules list it: side 0 `f9 g9 h9`, 1 `i8 i7 i6`, 2 `h4 g3 f2`, 3 `b1 c1 d1`, 4 `a2 a3 a4`, 5 `b6 c7 d8` |
//! | `445..445 + P` | `attack/S` | `445 + i`, `i` the place of seat S among the seats in play (two players: `attack/0` 445, `attack/3` 446) |
//! | `445 + P` | `decline` | |
//!
//! A die value `1`..`6` at a chance node is chance outcome `0..6` (its value minus 1). A
//! re-entry off a harbour, a move between cells that are not neighbours and an attack on a seat
//! not in play have no id; an id `61 + 6 * C + d` whose direction leads off the board reads as
//! no action. Moves only ever start from a harbour or the island, and no ship ever stands on a
//! rock, so some ids never occur in play: the layout keeps one rule per kind of action.
//!
//! ## Observation
//! `17 + 6P` planes of 9 x 9 squares (29, 35, 41 and 53 planes for 2, 3, 4 and 6 players). The
//! squares are the kit's axial coordinates: column = file (`a` 0 .. `i` 8), row = 9 - rank
//! (rank 9, the top of the printed board, is row 0; rank 1 is row 8). So `e9` is row 0
//! column 4, `e5` (the island) row 4 column 4, `b1` row 8 column 1: each row holds one rank,
//! shifted by half a cell per rank as the hexagon's rows are. The 20 squares where the file and
//! the rank differ by more than 4 are off the board: `a9 b9 c9 d9`, `a8 b8 c8`, `a7 b7`, `a6`,
//! `i4`, `h3 i3`, `g2 h2 i2`, `f1 g1 h1 i1`. They hold 0 in every plane except the constant
//! planes of a scalar, which fill all 81 squares.
//!
//! A count of ships is `count / 3` (a seat has three ships): 0, 1/3, 2/3 or 1.
//!
//! | planes | what |
//! | --- | --- |
//! | 0 | the board: 1 on the 61 cells |
//! | 1 | rocks (`e9 i9 i5 e1 a1 a5`) |
//! | 2 | harbours, every side's |
//! | 3 | the island `e5` |
//! | 4 | shoals (`g5 g7 e7 c5 c3 e3`) |
//! | `5 + 6k ..= 10 + 6k` | seat `k` in turn order from the observer (`k = 0` is the observer, then the seats that play after it, wrapping round), six planes: |
//! | `5 + 6k` | its ships on each cell (count / 3) |
//! | `6 + 6k` | constant: its sunk ships, waiting to re-enter (count / 3) |
//! | `7 + 6k` | its home harbour |
//! | `8 + 6k` | its target harbour (the opposite side) |
//! | `9 + 6k` | constant: 1 if it is to move (the winner once the game is won) |
//! | `10 + 6k` | constant: 1 if it defends in the combat being rolled |
//! | `T = 5 + 6P` | the mover's ships that have acted this turn, on each cell (count / 3) |
//! | `T + 1` | constant: the mover's sunk ships that have acted this turn (sunk as the attacker: they re-enter on its next turn), count / 3 |
//! | `T + 2 ..= T + 8` | constant, one of them 1 while the game goes on: the mover chooses a ship's action; chance: a ship's roll; the mover picks a cell after a doubled roll; the mover puts its wrecked ship on a home cell; the mover attacks or declines; chance: the attacker's roll; chance: the defender's roll |
//! | `T + 9` | the cell of the pending decision: the rolling ship's (roll), the ship's that rolled a doubled number (pick), the arrival cell (attack or decline, and both combat rolls) |
//! | `T + 10` | constant: the die already rolled, value / 6: after a doubled roll, that roll; at the defender's roll, the attacker's roll |
//! | `T + 11` | constant: completed turns / `turn_limit` (0 without a limit) |
//!
//! A wrecked ship awaiting its home cell stands on no plane: it is the mover's ship missing
//! from its ships on the board and its sunk ships while the wreck decision is pending. Only
//! the mover's ships ever have acted. When the game is over, the seven decision planes are 0.
//!
//! Two positions that differ only by the number of completed turns give the same observation
//! when there is no turn limit: the count bears on nothing then (only the limit uses it), and
//! it has no bound. [`Encoding::same_observable`] leaves it out for that case alone. With a
//! limit, the turn plane tells every count apart for limits up to 2^23 (8,388,608) turns;
//! beyond that, the nearest counts can round to the same `f32`.
//!
//! ## Example
//! ```
//! use arandia_core::encoding::{square, turn_plane};
//! use arandia_core::{Action, Cell, Params, State};
//! use boardgame_kit::{encoding::Encoding, Game, Seat};
//! let params = Params::default(); // two players, seats 0 and 3
//! let cell = |s: &str| s.parse::<Cell>().unwrap();
//! let s = State::new(&params);
//! assert_eq!(State::num_distinct_actions(&params), 448);
//! assert_eq!(s.action_id("g9".parse().unwrap()), Some(49)); // roll for g9, cell 49
//! assert_eq!(s.action_id("g9-h9".parse().unwrap()), Some(61 + 6 * 49)); // east
//! assert_eq!(s.action_id("g9-f9".parse().unwrap()), Some(61 + 6 * 49 + 3)); // west
//! assert_eq!(s.action_id("+b1".parse().unwrap()), Some(427 + 3 * 3));
//! assert_eq!(s.action_id("attack/3".parse().unwrap()), Some(446));
//! assert_eq!(s.action_id(Action::Decline), Some(447));
//! assert_eq!(s.action_id(Action::Die(4)), Some(3));
//! assert_eq!(s.action_of_id(358), Some("g9-f9".parse().unwrap()));
//!
//! // Seat 0 attacked seat 3 on e5 and rolled 4; the defender's die is next.
//! let s = State::from_position(&params, "0 defend:e5:3:4 t0 0:e5*,g9,h9 3:c1,d1,e5").unwrap();
//! let shape = State::observation_shape(&params);
//! assert_eq!(shape.dims(), [29, 9, 9]);
//! let mut obs = vec![0.0; shape.size()];
//! s.observe(Seat::of(3), &mut obs).unwrap(); // seen by seat 3: its planes first
//! let at = |plane: usize, c: &str| obs[plane * 81 + square(cell(c))];
//! assert_eq!(square(cell("e5")), 4 * 9 + 4);
//! assert_eq!(at(0, "e5"), 1.0); // on the board
//! assert_eq!(at(3, "e5"), 1.0); // the island
//! assert_eq!(at(5, "e5"), 1.0 / 3.0); // seat 3's ships: one on e5
//! assert_eq!(at(7, "b1"), 1.0); // seat 3's home harbour
//! assert_eq!(obs[10 * 81], 1.0); // seat 3 defends: a constant plane, off-board square 0 too
//! assert_eq!(at(11, "g9"), 1.0 / 3.0); // seat 0's ships
//! assert_eq!(at(15, "h9"), 1.0); // seat 0 is to move
//! let t = turn_plane(&params);
//! assert_eq!(t, 17);
//! assert_eq!(at(t, "e5"), 1.0 / 3.0); // seat 0's acted ship
//! assert_eq!(at(t + 8, "e5"), 1.0); // chance: the defender's roll
//! assert_eq!(at(t + 9, "e5"), 1.0); // the combat's cell
//! assert_eq!(at(t + 10, "e5"), 4.0 / 6.0); // the attacker rolled 4
//! ```

use crate::action::Action;
use crate::board::{Cell, Terrain, CELLS, HARBOURS, TABLES};
use crate::state::{Phase, State, SUNK};
use crate::Params;
use boardgame_kit::encoding::{seats_from, Encoding, Shape};
use boardgame_kit::{Game, Hex, HexDir, Seat, SeatSet, ToAct};

/// Rows and columns of the observation's grid.
pub const GRID: usize = 9;

/// Squares of one plane.
const PLANE: usize = GRID * GRID;

/// The first id of the moves (`C-D`).
pub const MOVE_IDS: usize = CELLS;

/// The first id of the re-entries (`+C`).
pub const ENTER_IDS: usize = MOVE_IDS + 6 * CELLS;

/// The first id of the attacks (`attack/S`).
pub const ATTACK_IDS: usize = ENTER_IDS + 18;

/// The board's planes, before the seats'.
pub const BOARD_PLANES: usize = 5;

/// Each seat's planes.
pub const SEAT_PLANES: usize = 6;

/// The planes of the turn, after the seats'.
pub const TURN_PLANES: usize = 12;

/// The number of the first plane of the turn (`T` in the module docs): `5 + 6P`.
///
/// ```
/// use arandia_core::{encoding::turn_plane, Params};
/// assert_eq!(turn_plane(&Params::default()), 17);
/// assert_eq!(turn_plane(&"players=6".parse().unwrap()), 41);
/// ```
#[must_use]
pub fn turn_plane(params: &Params) -> usize {
    BOARD_PLANES + SEAT_PLANES * params.seats().len()
}

/// The grid square of a cell in a plane: `row * 9 + column`, the row `9 - rank` and the column
/// the file.
///
/// ```
/// use arandia_core::{encoding::square, Cell};
/// let sq = |s: &str| square(s.parse::<Cell>().unwrap());
/// assert_eq!(sq("e9"), 4); // top row
/// assert_eq!(sq("a5"), 4 * 9);
/// assert_eq!(sq("e1"), 8 * 9 + 4); // bottom row
/// ```
#[must_use]
pub const fn square(cell: Cell) -> usize {
    SQUARE[cell.index()] as usize
}

const SQUARE: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        let h = TABLES.hex[i];
        t[i] = ((GRID - 1 - h.rank as usize) * GRID + h.file as usize) as u8;
        i += 1;
    }
    t
};

const fn cell_of(name: &str) -> u8 {
    let b = name.as_bytes();
    match Cell::from_hex(Hex::new((b[0] - b'a') as i8, (b[1] - b'1') as i8)) {
        Some(c) => c.index() as u8,
        None => panic!("the board data names cells of the hexagon"),
    }
}

/// The cell of each re-entry id (side by side, each side's cells in the rules' order).
const ENTER_CELL: [u8; 18] = {
    let mut t = [0u8; 18];
    let mut k = 0;
    while k < 18 {
        t[k] = cell_of(HARBOURS[k / 3][k % 3]);
        k += 1;
    }
    t
};

/// The re-entry id offset (`3 * side + j`) of each harbour cell.
const ENTER_SLOT: [u8; CELLS] = {
    let mut t = [u8::MAX; CELLS];
    let mut k = 0;
    while k < 18 {
        t[ENTER_CELL[k] as usize] = k as u8;
        k += 1;
    }
    t
};

/// The five board planes, the same in every observation.
const BOARD: [f32; BOARD_PLANES * PLANE] = {
    let mut t = [0.0f32; BOARD_PLANES * PLANE];
    let mut i = 0;
    while i < CELLS {
        let sq = SQUARE[i] as usize;
        t[sq] = 1.0;
        let plane = match TABLES.terrain[i] {
            Terrain::Rock => 1,
            Terrain::Harbour(_) => 2,
            Terrain::Island => 3,
            Terrain::Shoal => 4,
            Terrain::Sea => 0,
        };
        t[plane * PLANE + sq] = 1.0;
        i += 1;
    }
    t
};

/// The direction of a move (its place in [`HexDir::ALL`]), if `to` is a neighbour of `from`.
#[inline]
fn direction(from: Cell, to: Cell) -> Option<usize> {
    let neighbours = TABLES.neigh[from.index()];
    let to = to.index() as u8;
    (0..6).find(|&d| neighbours[d] == to)
}

/// The place of `seat` among the seats in play, in seat order.
fn seat_place(seats: SeatSet, seat: Seat) -> Option<usize> {
    let bit = 1u8 << seat.index();
    (seats.bits() & bit != 0).then(|| (seats.bits() & (bit - 1)).count_ones() as usize)
}

/// The `n`-th seat in play, in seat order.
fn nth_seat(seats: SeatSet, n: usize) -> Option<Seat> {
    seats.iter().nth(n)
}

/// `value` on one square of a plane (nothing if either is out of range).
#[inline]
fn put(out: &mut [f32], plane: usize, square: usize, value: f32) {
    if let Some(x) = out.get_mut(plane * PLANE + square) {
        *x = value;
    }
}

/// One ship of three.
const THIRD: f32 = 1.0 / 3.0;

/// One third more on one square (a ship more on a cell).
#[inline]
fn add_ship(out: &mut [f32], plane: usize, square: usize) {
    if let Some(x) = out.get_mut(plane * PLANE + square) {
        *x = (*x + THIRD).min(1.0);
    }
}

/// A constant plane (nothing if it is out of range).
#[inline]
fn fill(out: &mut [f32], plane: usize, value: f32) {
    if let Some(p) = out.get_mut(plane * PLANE..(plane + 1) * PLANE) {
        p.fill(value);
    }
}

/// The harbour of a side on a plane.
fn harbour(out: &mut [f32], plane: usize, side: usize) {
    for &c in &TABLES.harbour[side % 6] {
        put(out, plane, SQUARE[c as usize % CELLS] as usize, 1.0);
    }
}

/// The pending decision's plane (`0..7` after `T + 2`, none once the game is over), its cell
/// and the die already rolled (0 for none).
fn pending(phase: Phase) -> (Option<usize>, Option<Cell>, u8) {
    match phase {
        Phase::Choose => (Some(0), None, 0),
        Phase::Roll { from } => (Some(1), Some(from), 0),
        Phase::Pick { from, die } => (Some(2), Some(from), die),
        Phase::Wreck => (Some(3), None, 0),
        Phase::Arrive { at } => (Some(4), Some(at), 0),
        Phase::AttackRoll { at, .. } => (Some(5), Some(at), 0),
        Phase::DefendRoll { at, roll, .. } => (Some(6), Some(at), roll),
        Phase::Won | Phase::Drawn => (None, None, 0),
    }
}

/// See the [module docs](self) for the action ids and the planes.
impl Encoding for State {
    fn num_distinct_actions(params: &Params) -> usize {
        ATTACK_IDS + params.seats().len() + 1
    }

    fn max_chance_outcomes(_: &Params) -> usize {
        6
    }

    #[inline]
    fn action_id(&self, action: Action) -> Option<usize> {
        match action {
            Action::Die(k) => (1..=6).contains(&k).then(|| k as usize - 1),
            Action::At(c) => Some(c.index()),
            Action::Move(from, to) => direction(from, to).map(|d| MOVE_IDS + 6 * from.index() + d),
            Action::Enter(c) => match ENTER_SLOT[c.index()] {
                u8::MAX => None,
                slot => Some(ENTER_IDS + slot as usize),
            },
            Action::Attack(s) => seat_place(self.params.seats(), s).map(|i| ATTACK_IDS + i),
            Action::Decline => Some(ATTACK_IDS + self.params.seats().len()),
        }
    }

    fn action_of_id(&self, id: usize) -> Option<Action> {
        if self.to_act() == ToAct::Chance {
            return (id < 6).then(|| Action::Die(id as u8 + 1));
        }
        let seats = self.params.seats();
        if id < MOVE_IDS {
            Cell::new(id).map(Action::At)
        } else if id < ENTER_IDS {
            let (from, d) = ((id - MOVE_IDS) / 6, (id - MOVE_IDS) % 6);
            let from = Cell::new(from)?;
            from.neighbour(HexDir::ALL[d])
                .map(|to| Action::Move(from, to))
        } else if id < ATTACK_IDS {
            Some(Action::Enter(Cell::from_raw(ENTER_CELL[id - ENTER_IDS])))
        } else if id < ATTACK_IDS + seats.len() {
            nth_seat(seats, id - ATTACK_IDS).map(Action::Attack)
        } else if id == ATTACK_IDS + seats.len() {
            Some(Action::Decline)
        } else {
            None
        }
    }

    fn observation_shape(params: &Params) -> Shape {
        Shape::planes(turn_plane(params) + TURN_PLANES, GRID, GRID)
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let seats = self.params.seats();
        if let Some(board) = out.get_mut(..BOARD.len()) {
            board.copy_from_slice(&BOARD);
        }
        let t = turn_plane(&self.params);
        let m = self.mover as usize;
        let def = match self.phase {
            Phase::AttackRoll { def, .. } | Phase::DefendRoll { def, .. } => Some(def),
            _ => None,
        };
        for (k, s) in seats_from(seats, seat).enumerate() {
            let base = BOARD_PLANES + SEAT_PLANES * k;
            let i = s.index();
            let mut sunk = 0u8;
            let mut sunk_acted = 0u8;
            for &code in self.ships.get(i).unwrap_or(&[0; 3]) {
                let loc = code >> 1;
                let acted = code & 1 == 1;
                if let Some(&sq) = SQUARE.get(loc as usize) {
                    add_ship(out, base, sq as usize);
                    if acted && i == m {
                        add_ship(out, t, sq as usize);
                    }
                } else if loc == SUNK {
                    sunk += 1;
                    sunk_acted += u8::from(acted && i == m);
                }
            }
            if sunk > 0 {
                fill(out, base + 1, f32::from(sunk.min(3)) / 3.0);
            }
            harbour(out, base + 2, crate::board::home_side(i));
            harbour(out, base + 3, crate::board::target_side(i));
            if i == m {
                fill(out, base + 4, 1.0);
                if sunk_acted > 0 {
                    fill(out, t + 1, f32::from(sunk_acted.min(3)) / 3.0);
                }
            }
            if def == Some(s) {
                fill(out, base + 5, 1.0);
            }
        }
        let (decision, cell, die) = pending(self.phase);
        if let Some(d) = decision {
            fill(out, t + 2 + d, 1.0);
        }
        if let Some(c) = cell {
            put(out, t + 9, square(c), 1.0);
        }
        if die > 0 {
            fill(out, t + 10, f32::from(die.min(6)) / 6.0);
        }
        let limit = self.params.turn_limit();
        if limit > 0 && self.turns > 0 {
            let done = (f64::from(self.turns.min(limit)) / f64::from(limit)) as f32;
            fill(out, t + 11, done);
        }
    }

    /// Equality, except that without a turn limit the number of completed turns is left out:
    /// it bears on nothing then, and the observation does not show it (see the
    /// [module docs](self)).
    fn same_observable(&self, other: &Self) -> bool {
        let mut other = *other;
        if self.params.turn_limit() == 0 {
            other.turns = self.turns;
        }
        *self == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{ROCKS, SHOALS};

    #[test]
    fn tables_follow_the_board_data() {
        assert_eq!(ATTACK_IDS, 445);
        for (k, &c) in ENTER_CELL.iter().enumerate() {
            assert_eq!(ENTER_SLOT[c as usize] as usize, k);
            assert!(
                matches!(Cell::from_raw(c).terrain(), Terrain::Harbour(s) if s as usize == k / 3)
            );
        }
        assert_eq!(BOARD[..PLANE].iter().sum::<f32>(), 61.0);
        let sq = |name: &str| square(name.parse().unwrap());
        for name in ROCKS {
            assert_eq!(BOARD[PLANE + sq(name)], 1.0);
        }
        for (name, _) in SHOALS {
            assert_eq!(BOARD[4 * PLANE + sq(name)], 1.0);
        }
        assert_eq!(BOARD[3 * PLANE + sq("e5")], 1.0);
        assert_eq!(BOARD[2 * PLANE..3 * PLANE].iter().sum::<f32>(), 18.0);
        let mut squares: alloc::vec::Vec<u8> = SQUARE.to_vec();
        squares.sort_unstable();
        squares.dedup();
        assert_eq!(squares.len(), CELLS);
    }
}
