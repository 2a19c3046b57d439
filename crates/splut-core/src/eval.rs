//! The evaluation search agents use beyond their horizon.
//!
//! Splut! is won by being the last team with a Sorcerer, and Sorcerers die only to thrown
//! Rocks, so the terms are about Sorcerers and the Troll/Rock geometry around them. For each
//! team in play, a strength:
//!
//! - **Sorcerer under fire** (`-1.5` each, `-3` when the thrower's team is to move): a Rock
//!   that the Sorcerer "sees" along a file or rank (only empty squares and Dwarves between
//!   them, which a flying Rock passes over), with an enemy Troll right behind that Rock, ready
//!   to step onto it and throw it at the Sorcerer.
//! - **Attack** (`+0.6` each): the same threats made by the team's own Troll.
//! - **Exposure** (`-0.15` per Rock): Rocks a Sorcerer sees, whoever could throw them later.
//! - **Troll to Rock** (`-0.06` per step): the Manhattan distance from the team's Troll to the
//!   nearest Rock; a Troll far from every Rock threatens nobody.
//!
//! Teams out of play get the lowest strength. Each seat's value is its strength minus the best
//! strength among the other seats, over a scale of 3 ([`SeatValues::relative`]).

use crate::board::{cell, nb, NONE};
use crate::state::{idx_of, kind_of, State, DWARF, EMPTY, ROCK, SORCERER, TROLL};
use boardgame_kit::{Game, SeatValues, MAX_SEATS};

const UNDER_FIRE: f32 = 1.5;
const ATTACK: f32 = 0.6;
const EXPOSURE: f32 = 0.15;
const TROLL_TO_ROCK: f32 = 0.06;
const OUT: f32 = -10.0;
const SCALE: f32 = 3.0;

/// What a Sorcerer sees in one direction: the square of the first Rock along a clear line, if
/// the line ends on a Rock.
fn rock_in_sight(state: &State, from: u8, dir: usize) -> Option<u8> {
    let mut sq = nb(from, dir);
    while sq != NONE {
        let c = state.board[sq as usize];
        if c == EMPTY || kind_of(c) == DWARF {
            sq = nb(sq, dir);
            continue;
        }
        return (kind_of(c) == ROCK).then_some(sq);
    }
    None
}

fn manhattan(a: u8, b: u8) -> u32 {
    let (a, b) = (cell(a), cell(b));
    a.file().abs_diff(b.file()) as u32 + a.rank().abs_diff(b.rank()) as u32
}

/// The position's value for every seat (see the module documentation).
///
/// ```
/// use splut_core::State;
/// use boardgame_kit::{Game, Seat};
/// let s = State::new(&Default::default());
/// let v = s.evaluate().unwrap();
/// // The start is symmetric: nobody is ahead.
/// assert!(v.get(Seat::of(0)).abs() < 0.2);
/// ```
pub fn evaluate(state: &State) -> SeatValues {
    let mut strength = [OUT; MAX_SEATS];
    let seats = state.seats();
    for seat in seats.iter() {
        let t = seat.index();
        if state.alive >> t & 1 != 0 {
            strength[t] = 0.0;
        }
    }
    for seat in seats.iter() {
        let t = seat.index();
        if state.alive >> t & 1 == 0 {
            continue;
        }
        let sorcerer = state.pieces[t][SORCERER as usize - 1];
        if sorcerer == NONE {
            continue;
        }
        for dir in 0..4 {
            let Some(rock) = rock_in_sight(state, sorcerer, dir) else {
                continue;
            };
            strength[t] -= EXPOSURE;
            let behind = nb(rock, dir);
            if behind == NONE {
                continue;
            }
            let c = state.board[behind as usize];
            if c != EMPTY && kind_of(c) == TROLL && idx_of(c) as usize != t {
                let thrower = idx_of(c) as usize;
                let urgent = thrower == state.to_move as usize;
                strength[t] -= if urgent { 2.0 * UNDER_FIRE } else { UNDER_FIRE };
                strength[thrower] += ATTACK;
            }
        }
        let troll = state.pieces[t][TROLL as usize - 1];
        if troll != NONE {
            let nearest = state
                .rocks
                .iter()
                .filter(|&&r| r != NONE)
                .map(|&r| manhattan(troll, r))
                .min()
                .unwrap_or(0);
            strength[t] -= TROLL_TO_ROCK * nearest as f32;
        }
    }
    SeatValues::relative(seats, strength, SCALE)
}
