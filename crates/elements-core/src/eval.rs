//! The evaluation search agents use beyond their horizon.
//!
//! A player stays in the game while it owns a block and can reach a cell to place on, so the
//! terms count what keeps it alive and what lets it grow. For each player still in the game:
//!
//! - **Blocks** (`1.0` each): a player with no block is out.
//! - **Live mounds** (`0.5` each): mounds chained to one of the player's blocks, which conduct
//!   its reach (dead mounds are only walls).
//! - **Reach** (`0.25` per cell): the cells touching the player's blocks and live mounds that it
//!   could place on (empty, or another player's block to eat), its room for the next turn.
//!
//! Eliminated players get the lowest strength. Each seat's value is its strength minus the best
//! strength among the other seats, over a scale that grows with the pieces on the board
//! ([`SeatValues::relative`]).

use crate::state::State;
use boardgame_kit::{Game, SeatValues, MAX_SEATS};

const BLOCK: f32 = 1.0;
const LIVE_MOUND: f32 = 0.5;
const REACH: f32 = 0.25;
const OUT: f32 = -1.0e6;

/// The position's value for every seat (see the module documentation).
///
/// ```
/// use elements_core::State;
/// use boardgame_kit::{Game, Seat};
/// let s = State::new(&Default::default());
/// // Nobody has placed yet: nobody is ahead.
/// assert_eq!(s.evaluate().unwrap().get(Seat::of(0)), 0.0);
/// ```
pub fn evaluate(state: &State) -> SeatValues {
    let geo = state.geo();
    let (mask, stride) = (geo.mask(), geo.stride());
    let mut all_mounds = state.mounds[0];
    for m in &state.mounds[1..] {
        all_mounds |= *m;
    }
    let mut strength = [OUT; MAX_SEATS];
    let mut pieces = 0;
    for seat in state.seats().iter() {
        let s = seat.index();
        if state.active >> s & 1 == 0 {
            continue;
        }
        let blocks = state.blocks[s];
        let live = state.live[s];
        let reach = (blocks | live).dilate8(mask, stride) & !blocks & !all_mounds;
        pieces += blocks.count() + live.count();
        strength[s] = BLOCK * blocks.count() as f32
            + LIVE_MOUND * live.count() as f32
            + REACH * reach.count() as f32;
    }
    SeatValues::relative(state.seats(), strength, 8.0 + pieces as f32 / 4.0)
}
