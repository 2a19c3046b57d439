//! Exact solving: who wins with perfect play, by a win/loss search with a transposition table.

use crate::board::Bits;
use crate::state::State;
use alloc::vec;
use alloc::vec::Vec;
use boardgame_kit::{Game, Seat, ToAct};

/// A solver with a direct-mapped transposition table of `2^bits` entries (16 bytes each), kept
/// between calls so that positions of one game share work.
///
/// ```
/// use slimetrail_core::{Solver, State};
/// use boardgame_kit::{Game, Seat};
/// let mut solver = Solver::new(16);
/// // After c3 b2, seat 1 to move steps into a1 and wins.
/// let mut s = State::default();
/// for m in ["c3", "b2"] { s.play(m.parse().unwrap()); }
/// assert_eq!(solver.winner(&s), Seat::of(0));
/// assert_eq!(solver.best_move(&s).unwrap().to_string(), "a1");
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    table: Vec<(u128, u8)>,
    mask: usize,
    nodes: u64,
}

const EMPTY: u8 = 0;
const WIN: u8 = 1;
const LOSS: u8 = 2;

impl Solver {
    /// A solver with `2^bits` table entries (`bits` is clamped to 4..=28).
    pub fn new(bits: u32) -> Solver {
        let bits = bits.clamp(4, 28);
        Solver {
            table: vec![(0, EMPTY); 1 << bits],
            mask: (1 << bits) - 1,
            nodes: 0,
        }
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The seat that wins from `state` with perfect play by both sides (the winner, if the game
    /// is over).
    pub fn winner(&mut self, state: &State) -> Seat {
        if let Some(o) = state.outcome() {
            return if o.is_winner(Seat::of(0)) {
                Seat::of(0)
            } else {
                Seat::of(1)
            };
        }
        let mover = state.mover();
        if self.mover_wins(state) {
            mover
        } else {
            Seat::of(1 - mover.index())
        }
    }

    /// A move that keeps a won position won (the first such in the legal order), or any legal
    /// move of a lost position; `None` once the game is over.
    pub fn best_move(&mut self, state: &State) -> Option<crate::Step> {
        if state.to_act() == ToAct::Over {
            return None;
        }
        let mover = state.mover();
        let mut list = boardgame_kit::Actions::<State>::new();
        state.legal_actions(&mut list);
        for &a in list.iter() {
            let mut child = *state;
            child.play_unchecked(a);
            if self.winner(&child) == mover {
                return Some(a);
            }
        }
        list.first().copied()
    }

    fn mover_wins(&mut self, s: &State) -> bool {
        self.nodes += 1;
        let b = s.board();
        let moves = s.moves();
        if moves == 0 {
            return false;
        }
        let snail = b.index(s.snail());
        let own = b.corner(s.mover());
        let other = b.corner(Seat::of(1 - s.mover().index()));
        if moves >> own & 1 != 0 {
            return true;
        }
        let key = s.slime() | (snail as u128 + 1) << 100;
        let slot = (hash(key) as usize) & self.mask;
        match self.table[slot] {
            (k, r) if k == key && r != EMPTY => return r == WIN,
            _ => {}
        }
        let mut m: Bits = moves & !(1 << other);
        let mut win = false;
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            let mut child = *s;
            child.play_unchecked(crate::Step(b.cell(to)));
            if !self.mover_wins(&child) {
                win = true;
                break;
            }
        }
        self.table[slot] = (key, if win { WIN } else { LOSS });
        win
    }
}

fn hash(k: u128) -> u64 {
    let x = (k as u64) ^ ((k >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}
