//! The evaluation search agents use beyond their horizon.
//!
//! A player wins when its three ships stand on its target harbour, so the terms measure the
//! ships' way there. For each seat in play:
//!
//! - **Distance** (`-1.0` per step): for each ship, the hex distance to the nearest cell of its
//!   target harbour (a ship's moves are single steps chosen by the die, so the hex distance
//!   bounds the rolls it still needs). A sunk or wrecked ship counts as back at its home
//!   harbour: the whole crossing, 8 steps.
//! - **Arrived** (`+1.0` per ship on the target harbour): a ship there only has to stay.
//!
//! Each seat's value is its strength minus the best strength among the other seats, over a
//! scale of 8 steps ([`SeatValues::relative`]).

use crate::board::{harbour, target_side, Cell, CELLS};
use crate::state::State;
use boardgame_kit::{Game, SeatValues, MAX_SEATS};

const ARRIVED: f32 = 1.0;
/// The crossing from a home harbour to the opposite one.
const CROSSING: u8 = 8;
const SCALE: f32 = 8.0;

/// The hex distance from a ship's location to its target harbour.
fn distance_to(location: u8, target: &[Cell; 3]) -> u8 {
    if location as usize >= CELLS {
        return CROSSING;
    }
    let here = Cell::from_raw(location).hex();
    target
        .iter()
        .map(|c| c.hex().distance(here))
        .min()
        .unwrap_or(CROSSING)
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
    let mut strength = [0.0f32; MAX_SEATS];
    for seat in state.seats().iter() {
        let s = seat.index();
        let target = harbour(target_side(s));
        strength[s] = state.ships[s]
            .iter()
            .map(|&code| {
                let d = distance_to(code >> 1, &target);
                if d == 0 {
                    ARRIVED
                } else {
                    -(d as f32)
                }
            })
            .sum();
    }
    SeatValues::relative(state.seats(), strength, SCALE)
}
