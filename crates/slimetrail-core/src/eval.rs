//! The evaluation search agents use beyond their horizon, and the playout policy.
//!
//! Terms, for the seat to move (the other seat gets the opposite value):
//!
//! - **Race to the goals**: the king-step distance from the snail to each goal corner
//!   through unslimed cells. A goal the snail can no longer reach counts as far away. Being
//!   nearer one's own goal than the opponent's is good: `0.15` per step of difference.
//! - **Parity**: when neither goal can be reached, the game ends when the snail is walled in,
//!   and the player who makes the last move wins. With `n` free cells reachable, a player
//!   who could walk them all moves last when `n` is odd: `±0.3`, weaker than a real race.
//! - **Mobility**: `0.03` per legal move of the mover, minus a third of that per free cell
//!   around the snail the opponent could use next (more room to choose is good).
//!
//! The sum is clamped to `-0.9..=0.9`, below a proven result.
//!
//! The playout policy takes a step into the mover's own goal when there is one, never steps
//! into the opponent's goal unless that is the only move, and otherwise picks a uniformly
//! random step straight from the move mask (no action list).

use crate::action::Step;
use crate::board::Bits;
use crate::state::State;
use boardgame_kit::{RandomSource, Seat, SeatValues};

/// Race weight per step of difference between the distances to the two goals.
const RACE: f32 = 0.15;
/// Parity weight when both goals are cut off.
const PARITY: f32 = 0.3;
/// Mobility weight per legal move.
const MOBILITY: f32 = 0.03;
/// Distance standing for an unreachable goal.
const FAR: u32 = 12;

/// The snail's cell as a bit.
fn snail_bit(state: &State) -> Bits {
    1 << state.board().index(state.snail())
}

/// The cells reachable from `from` through `free` in one king step.
fn spread(state: &State, frontier: Bits, free: Bits) -> Bits {
    let board = state.board();
    let mut next = 0;
    let mut f = frontier;
    while f != 0 {
        let i = f.trailing_zeros() as u8;
        f &= f - 1;
        next |= board.king(i);
    }
    next & free
}

/// King-step distances from the snail to the two goals through free cells (`FAR` when cut
/// off), and the number of free cells reachable.
fn distances(state: &State) -> ([u32; 2], u32) {
    let board = state.board();
    let free = board.all() & !state.slime() & !snail_bit(state);
    let goals = [board.corner(Seat::of(0)), board.corner(Seat::of(1))];
    let mut dist = [FAR; 2];
    let mut seen: Bits = snail_bit(state);
    let mut frontier = seen;
    let mut step = 0;
    while frontier != 0 {
        step += 1;
        // Goal corners are entered but not left: they are in `free` and `king(goal)` is empty.
        frontier = spread(state, frontier, free) & !seen;
        seen |= frontier;
        for (d, &g) in dist.iter_mut().zip(&goals) {
            if *d == FAR && frontier >> g & 1 != 0 {
                *d = step;
            }
        }
    }
    (dist, seen.count_ones() - 1)
}

/// The position's value for both seats (see the module documentation).
///
/// ```
/// use slimetrail_core::State;
/// use boardgame_kit::{Game, Seat};
/// // After c3 b2, the mover (seat 1) is one step from its goal a1 and the opponent is far.
/// let mut s = State::default();
/// for m in ["c3", "b2"] { s.play(m.parse().unwrap()); }
/// let v = s.evaluate().unwrap();
/// assert!(v.get(Seat::of(0)) > 0.5);
/// assert_eq!(v.get(Seat::of(1)), -v.get(Seat::of(0)));
/// ```
pub fn evaluate(state: &State) -> SeatValues {
    let mover = state.mover();
    let other = Seat::of(1 - mover.index());
    let (dist, reachable) = distances(state);
    let own = dist[mover.index()];
    let theirs = dist[other.index()];
    let mut v = if own == FAR && theirs == FAR {
        if reachable % 2 == 1 {
            PARITY
        } else {
            -PARITY
        }
    } else {
        RACE * (theirs as f32 - own as f32)
    };
    let moves = state.moves();
    v += MOBILITY * moves.count_ones() as f32;
    let free = state.board().all() & !state.slime() & !snail_bit(state);
    v -= MOBILITY / 3.0 * spread(state, moves, free).count_ones() as f32;
    let v = v.clamp(-0.9, 0.9);
    let mut values = SeatValues::ZERO;
    values.set(mover, v);
    values.set(other, -v);
    values
}

/// The playout policy (see the module documentation); `None` once the game is over.
pub fn playout_step<R: RandomSource + ?Sized>(state: &State, rng: &mut R) -> Option<Step> {
    let moves = state.moves();
    if moves == 0 {
        return None;
    }
    let board = state.board();
    let mover = state.mover();
    let own = board.corner(mover);
    let theirs = board.corner(Seat::of(1 - mover.index()));
    let pick = if moves >> own & 1 != 0 {
        own
    } else {
        let safe = moves & !(1 << theirs);
        let pool = if safe != 0 { safe } else { moves };
        nth_bit(pool, rng.below(pool.count_ones() as u64) as u32)
    };
    Some(Step(board.cell(pick)))
}

/// The index of the `n`-th set bit (from the low end).
fn nth_bit(mut bits: Bits, n: u32) -> u8 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as u8
}
