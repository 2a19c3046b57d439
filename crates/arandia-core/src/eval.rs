//! The evaluation search agents use beyond their horizon.
//!
//! A player wins when its three ships stand on its target harbour together. A ship cannot
//! steer: away from the island and the harbours every action is a die roll, and the die picks
//! the direction, so a ship's way home is a random walk. The natural measure of how far a ship
//! still is from home is therefore not the hex distance but the **expected number of its own
//! actions** it still needs to reach its target harbour when its owner plays it well (rolls
//! everywhere, takes the better cell of a shoal's doubled number, the best island move or
//! harbour shuffle when that is better than rolling). [`expected_actions`] gives that number,
//! solved exactly for every seat and cell when the crate is compiled (value iteration on the
//! board's die table, rocks sending a ship home, closed harbours blocking).
//!
//! Each seat's fleet is home when its slowest ship is: the evaluation treats the ships' ways
//! home as independent exponential waiting times with these means, and the game as a race.
//!
//! - **Fleet time** `T`: the expected time until the last of the seat's ships is home, for
//!   exponential times with the ships' means `a, b, c` (inclusion-exclusion:
//!   `a + b + c - 1/(1/a + 1/b) - 1/(1/a + 1/c) - 1/(1/b + 1/c) + 1/(1/a + 1/b + 1/c)`; a ship
//!   already home adds nothing). A sunk or wrecked ship counts from its best home harbour cell
//!   (where it comes back).
//! - **Race**: the chance that a seat's fleet is home first is its rate `1/T` over the sum of
//!   every seat's rate (the first of independent exponential times); its value is that chance
//!   turned into the expected result, `2p - 1` (a win is `1`, anything else `-1`).
//!
//! A ship on its target harbour has a way home of 0: it stays there for ever by shuffling
//! inside the harbour (the playout policy does so), so it is worth much more than a ship one
//! step outside, which needs dozens of rolls on average. The values never saturate: the
//! leader still gains by bringing its last ship closer, however far behind the others are.
//! A finished game scores its outcome.

use crate::board::{self, CELLS, TABLES};
use crate::state::{State, SUNK};
use boardgame_kit::{Game, SeatValues, MAX_SEATS};

/// Fixed-point unit of the table: a sixty-fourth of an action.
const UNIT: u32 = 64;

/// How many actions a search playout plays before [`evaluate`] scores it (the game's
/// [`Game::playout_cutoff`]): about one turn of every player in a two-player game.
pub const PLAYOUT_CUTOFF: u32 = 24;

/// Expected actions to the target in sixty-fourths, per seat and cell: the fixed point
/// of the value iteration in the tests (`solve`), rounded, written out so that no build
/// has to solve it.
const EXPECTED: [[u32; CELLS]; 6] = TABLE;

/// The expected number of its own actions a ship of `seat` on `cell` still needs to reach
/// its target harbour, played well (see the module documentation): 0 on the target harbour.
///
/// ```
/// use arandia_core::eval::expected_actions;
/// use boardgame_kit::Seat;
/// let seat = Seat::of(0); // home f9 g9 h9, target b1 c1 d1
/// let at = |name: &str| expected_actions(seat, name.parse().unwrap());
/// assert_eq!(at("c1"), 0.0);
/// assert!(at("c2") < at("e5") && at("e5") < at("g9"));
/// ```
#[must_use]
pub fn expected_actions(seat: boardgame_kit::Seat, cell: board::Cell) -> f32 {
    EXPECTED[seat.index() % 6][cell.index()] as f32 / UNIT as f32
}

/// The way home of a ship code (location * 2 + acted) of `seat`, in sixty-fourths of an
/// action.
pub(crate) fn way_home(seat: usize, code: u8) -> u32 {
    let location = (code >> 1) as usize;
    let table = &EXPECTED[seat % 6];
    if location < CELLS {
        table[location]
    } else {
        debug_assert!(location >= SUNK as usize);
        TABLES.harbour[board::home_side(seat)]
            .iter()
            .map(|&h| table[h as usize])
            .min()
            .unwrap_or(0)
    }
}

/// The expected time, in actions, until every ship is home, for independent exponential
/// times with these means (a mean of 0 is a ship already home).
fn fleet_time(means: [f32; 3]) -> f32 {
    let rate = |m: f32| if m > 0.0 { 1.0 / m } else { f32::INFINITY };
    let either = |x: f32, y: f32| 1.0 / (rate(x) + rate(y));
    let [a, b, c] = means;
    a + b + c - either(a, b) - either(a, c) - either(b, c) + 1.0 / (rate(a) + rate(b) + rate(c))
}

/// The position's value for every seat (see the module documentation).
///
/// ```
/// use arandia_core::State;
/// use boardgame_kit::{Game, Seat};
/// let s = State::new(&Default::default());
/// // Every fleet starts a whole crossing away: nobody is ahead.
/// assert_eq!(s.evaluate().unwrap().get(Seat::of(0)), 0.0);
/// ```
pub fn evaluate(state: &State) -> SeatValues {
    if let Some(outcome) = state.outcome() {
        return SeatValues::from_outcome(&outcome);
    }
    let mut rates = [0.0f32; MAX_SEATS];
    let mut total = 0.0;
    for seat in state.seats().iter() {
        let s = seat.index();
        let means = state.ships[s].map(|code| way_home(s, code) as f32 / UNIT as f32);
        // At least one ship is still out (the game is not won), so the time is positive.
        rates[s] = 1.0 / fleet_time(means).max(1.0);
        total += rates[s];
    }
    let mut values = [0.0f32; MAX_SEATS];
    for seat in state.seats().iter() {
        let s = seat.index();
        values[s] = 2.0 * rates[s] / total - 1.0;
    }
    // Two equal fleets are exactly even (and n equal fleets all equally behind).
    SeatValues::new(values)
}

#[rustfmt::skip]
const TABLE: [[u32; CELLS]; 6] = [
    [0, 5274, 5303, 6420, 0, 0, 3695, 4675, 5546, 6263, 6664, 0, 2362, 3988, 5085, 5779, 6277, 6600, 0, 2362, 3741, 4680, 5459, 6142, 6540, 6957, 0, 3695, 3988, 4680, 4744, 5939, 6474, 6881, 0, 5274, 4675, 5085, 5459, 5939, 6493, 6873, 7068, 5303, 5546, 5779, 6142, 6474, 6873, 7067, 6420, 6263, 6277, 6540, 6881, 7068, 0, 6664, 6600, 6957, 0],
    [0, 0, 0, 0, 0, 5274, 3695, 2362, 2362, 3695, 5274, 5303, 4675, 3988, 3741, 3988, 4675, 5303, 6420, 5546, 5085, 4680, 4680, 5085, 5546, 6420, 0, 6263, 5779, 5459, 4744, 5459, 5779, 6263, 0, 6664, 6277, 6142, 5939, 5939, 6142, 6277, 6664, 6600, 6540, 6474, 6493, 6474, 6540, 6600, 6957, 6881, 6873, 6873, 6881, 6957, 0, 7068, 7067, 7068, 0],
    [0, 6420, 5303, 5274, 0, 6664, 6263, 5546, 4675, 3695, 0, 6600, 6277, 5779, 5085, 3988, 2362, 0, 6957, 6540, 6142, 5459, 4680, 3741, 2362, 0, 0, 6881, 6474, 5939, 4744, 4680, 3988, 3695, 0, 7068, 6873, 6493, 5939, 5459, 5085, 4675, 5274, 7067, 6873, 6474, 6142, 5779, 5546, 5303, 7068, 6881, 6540, 6277, 6263, 6420, 0, 6957, 6600, 6664, 0],
    [0, 6957, 6600, 6664, 0, 7068, 6881, 6540, 6277, 6263, 6420, 7067, 6873, 6474, 6142, 5779, 5546, 5303, 7068, 6873, 6493, 5939, 5459, 5085, 4675, 5274, 0, 6881, 6474, 5939, 4744, 4680, 3988, 3695, 0, 6957, 6540, 6142, 5459, 4680, 3741, 2362, 0, 6600, 6277, 5779, 5085, 3988, 2362, 0, 6664, 6263, 5546, 4675, 3695, 0, 0, 6420, 5303, 5274, 0],
    [0, 7068, 7067, 7068, 0, 6957, 6881, 6873, 6873, 6881, 6957, 6600, 6540, 6474, 6493, 6474, 6540, 6600, 6664, 6277, 6142, 5939, 5939, 6142, 6277, 6664, 0, 6263, 5779, 5459, 4744, 5459, 5779, 6263, 0, 6420, 5546, 5085, 4680, 4680, 5085, 5546, 6420, 5303, 4675, 3988, 3741, 3988, 4675, 5303, 5274, 3695, 2362, 2362, 3695, 5274, 0, 0, 0, 0, 0],
    [0, 6664, 6600, 6957, 0, 6420, 6263, 6277, 6540, 6881, 7068, 5303, 5546, 5779, 6142, 6474, 6873, 7067, 5274, 4675, 5085, 5459, 5939, 6493, 6873, 7068, 0, 3695, 3988, 4680, 4744, 5939, 6474, 6881, 0, 0, 2362, 3741, 4680, 5459, 6142, 6540, 6957, 0, 2362, 3988, 5085, 5779, 6277, 6600, 0, 3695, 4675, 5546, 6263, 6664, 0, 5274, 5303, 6420, 0],
];

/// Value iteration from below (it stops when a sweep changes nothing by more than 1e-9):
/// `E[target] = 0`; elsewhere `E[c] = 1 + min(mean over the die of the value after the roll,
/// best free move)`, where a roll with no usable cell stays, one onto a rock goes to the best
/// home cell, and a doubled number takes the better cell.
#[cfg(test)]
fn solve(seat: usize) -> [f64; CELLS] {
    use crate::board::{CLOSED, NO_CELL};
    let closed = CLOSED[seat];
    let target = TABLES.harbour_mask[board::target_side(seat)];
    let home = TABLES.harbour[board::home_side(seat)];
    let usable = |x: u8| x != NO_CELL && closed & (1u64 << x) == 0;
    let mut e = [0.0f64; CELLS];
    loop {
        let mut change = 0.0f64;
        let best_home = home.iter().map(|&h| e[h as usize]).fold(f64::MAX, f64::min);
        for c in 0..CELLS {
            if target & (1u64 << c) != 0 || TABLES.rock_mask & (1u64 << c) != 0 {
                continue;
            }
            let mut sum = 0.0;
            for die in 1..=6 {
                let best = TABLES.cand[c][die]
                    .into_iter()
                    .filter(|&x| usable(x))
                    .map(|x| {
                        if TABLES.rock_mask & (1u64 << x) != 0 {
                            best_home
                        } else {
                            e[x as usize]
                        }
                    })
                    .fold(f64::MAX, f64::min);
                sum += if best == f64::MAX { e[c] } else { best };
            }
            let free = TABLES.free[c]
                .into_iter()
                .filter(|&x| usable(x))
                .map(|x| e[x as usize])
                .fold(f64::MAX, f64::min);
            let next = 1.0 + (sum / 6.0).min(free);
            change = change.max((next - e[c]).abs());
            e[c] = next;
        }
        if change < 1e-9 {
            return e;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::Seat;

    fn at(seat: usize, name: &str) -> f32 {
        expected_actions(Seat::of(seat), name.parse().unwrap())
    }

    #[test]
    fn the_written_table_is_the_solved_one() {
        for (seat, row) in EXPECTED.iter().enumerate() {
            let solved = solve(seat);
            for (cell, (&got, want)) in row.iter().zip(solved).enumerate() {
                assert_eq!(
                    got,
                    (want * f64::from(UNIT)).round() as u32,
                    "seat {seat} cell {cell}"
                );
            }
        }
    }

    #[test]
    fn the_target_harbour_is_zero_and_everything_else_costs_at_least_one_action() {
        for seat in 0..6 {
            let target = board::harbour(board::target_side(seat));
            for cell in board::Cell::all() {
                let e = expected_actions(Seat::of(seat), cell);
                if target.contains(&cell) {
                    assert_eq!(e, 0.0);
                } else if cell.terrain() != crate::Terrain::Rock {
                    assert!(e >= 1.0, "seat {seat} {cell}: {e}");
                }
            }
        }
    }

    #[test]
    fn a_ship_next_to_its_target_is_closer_than_one_at_home() {
        // Seat 0 sails from f9 g9 h9 to b1 c1 d1. From c2 a 6 enters c1 at once (rules,
        // worked example 7); from home the whole crossing is still to do, by random steps.
        assert!(at(0, "c2") >= 1.0);
        assert!(at(0, "g9") > 2.0 * at(0, "c2"));
        // The board is symmetric under a half turn: seat 3 from b1 is seat 0 from h9.
        assert!((at(3, "c1") - at(0, "g9")).abs() < 0.1);
    }

    fn value(position: &str, seat: usize) -> f32 {
        let s = State::from_position(&Default::default(), position).unwrap();
        s.evaluate().unwrap().get(Seat::of(seat))
    }

    #[test]
    fn all_three_ships_on_the_target_harbour_is_a_win() {
        // Seat 0 (target b1 c1 d1) rolls its ship on d2: a 6 is south-east, onto d1.
        let mut s =
            State::from_position(&Default::default(), "0 - t4 0:c1,d1,d2 3:b1,c1,d1").unwrap();
        s.play("d2".parse().unwrap());
        s.play("6".parse().unwrap());
        let v = s.evaluate().unwrap();
        assert_eq!((v.get(Seat::of(0)), v.get(Seat::of(3))), (1.0, -1.0));
        // One ship short of it, far ahead of a fleet still at home: nearly a win, not quite.
        let near = value("0 - t4 0:c1,d1,d2 3:b1,c1,d1", 0);
        assert!(near > 0.5 && near < 1.0, "{near}");
    }

    #[test]
    fn a_ship_on_its_target_harbour_is_worth_more_than_one_outside() {
        let home = value("0 - t4 0:c1,d1,e5 3:b1,c1,d1", 0);
        let out = value("0 - t4 0:c2,d1,e5 3:b1,c1,d1", 0);
        let further = value("0 - t4 0:c3,d1,e5 3:b1,c1,d1", 0);
        assert!(home > out && out > further, "{home} {out} {further}");
        // The fleet is home when its slowest ship is: three ships one step from the target
        // are better placed than two ships home and the third far away.
        let laggard = value("0 - t4 0:c1,d1,g8 3:b1,c1,d1", 0);
        let close = value("0 - t4 0:c2,c2,c2 3:b1,c1,d1", 0);
        assert!(close > laggard, "{close} {laggard}");
    }

    #[test]
    fn sinking_an_enemy_ship_near_its_target_helps_the_attacker() {
        // Seat 3 sails to f9 g9 h9; its ship on g8 is one step away. Sunk, it starts again.
        let before = value("0 - t4 0:c2,d2,e2 3:b1,c1,g8", 0);
        let after = value("0 - t4 0:c2,d2,e2 3:b1,c1,x", 0);
        assert!(after > before, "{after} {before}");
    }

    #[test]
    fn the_island_move_counts_one_action_to_the_best_neighbour() {
        // From the island (e5) a ship may move to any neighbour instead of rolling.
        let best = ["f5", "f6", "e6", "d5", "d4", "e4"]
            .iter()
            .map(|n| at(0, n))
            .fold(f32::INFINITY, f32::min);
        assert!(at(0, "e5") <= 1.0 + best + 0.05);
    }
}
