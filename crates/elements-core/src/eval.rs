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
//!
//! Search playouts ([`playout_place`]) place uniformly among the legal cells, drawn straight
//! from the state's legal-cell bitboard (no action list), and stop after one round of turns
//! ([`playout_cutoff`]), where this evaluation scores them: whole games on the 20x20 board
//! last hundreds of placements, and the terms above already say who is growing.

use crate::state::State;
use crate::{Params, Place};
use boardgame_kit::{Cell, Game, RandomSource, SeatValues, MAX_SEATS};

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

/// How many placements a search playout makes before [`evaluate`] scores it: one round (a
/// turn of every player), at least 8.
///
/// ```
/// use elements_core::{eval::playout_cutoff, Params};
/// assert_eq!(playout_cutoff(&Params::default()), 14); // two players, seven placements each
/// ```
#[must_use]
pub fn playout_cutoff(params: &Params) -> u32 {
    (u32::from(params.per_turn) * u32::from(params.players)).max(8)
}

/// A uniform legal placement, drawn from the legal-cell bitboard; `None` once the game is over.
///
/// ```
/// use boardgame_kit::{Game, SplitMix64};
/// use elements_core::{eval::playout_place, State};
/// let s = State::new(&Default::default());
/// let place = playout_place(&s, &mut SplitMix64::new(1)).unwrap();
/// assert!(s.is_legal(&place));
/// ```
pub fn playout_place<R: RandomSource + ?Sized>(state: &State, rng: &mut R) -> Option<Place> {
    let moves = &state.moves;
    let n = moves.count();
    if state.is_over() || n == 0 {
        return None;
    }
    let mut k = rng.below(u64::from(n)) as u32;
    let stride = state.geo().stride();
    for (w, &word) in moves.0.iter().enumerate() {
        let here = word.count_ones();
        if k >= here {
            k -= here;
            continue;
        }
        let mut bits = word;
        for _ in 0..k {
            bits &= bits - 1;
        }
        let i = w * 64 + bits.trailing_zeros() as usize;
        return Some(Place::new(Cell::new(
            (i % stride) as u8,
            (i / stride) as u8,
        )));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::{Actions, SplitMix64};

    #[test]
    fn playout_placements_are_legal_and_cover_every_legal_cell() {
        for players in [2u8, 3, 4] {
            let params: Params = format!("players={players}").parse().unwrap();
            let mut s = State::new(&params);
            let mut rng = SplitMix64::new(u64::from(players));
            let mut list = Actions::<State>::new();
            let mut n = 0;
            while let Some(p) = playout_place(&s, &mut rng) {
                assert!(s.is_legal(&p), "{p} in {}", s.position());
                if n == 40 {
                    // Every legal cell is drawn sometimes: the draw is uniform over them.
                    s.legal_actions(&mut list);
                    let mut seen = std::collections::BTreeSet::new();
                    for _ in 0..100 * list.len() {
                        seen.insert(playout_place(&s, &mut rng).unwrap());
                    }
                    assert_eq!(seen.len(), list.len());
                }
                s.play(p);
                n += 1;
            }
            assert!(s.outcome().is_some());
        }
    }
}
