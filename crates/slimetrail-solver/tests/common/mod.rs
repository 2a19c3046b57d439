//! Positions the solver tests search: the start of a board, and random walks into a game.

// Each test file uses the helpers it needs.
#![allow(dead_code)]

use boardgame_kit::{Game, RandomSource, Seat, SplitMix64, ToAct};
use slimetrail_core::{Params, State, Step};

/// The start position on a board of this side.
pub fn board(size: u8) -> State {
    State::new(&Params::with_size(size).unwrap())
}

/// A random position `ply` actions into a game that never entered a corner, if the walk did
/// not get stuck first.
pub fn random_position(size: u8, ply: u64, seed: u64) -> Option<State> {
    let mut s = board(size);
    let b = s.board();
    let corners = (1 << b.corner(Seat::of(0))) | (1 << b.corner(Seat::of(1)));
    let mut rng = SplitMix64::new(seed);
    for _ in 0..ply {
        let mut m = s.moves() & !corners;
        if m == 0 {
            return None;
        }
        for _ in 0..rng.below(m.count_ones() as u64) {
            m &= m - 1;
        }
        s.play(Step(b.cell(m.trailing_zeros() as u8)));
    }
    (s.to_act() != ToAct::Over).then_some(s)
}

/// The positions of `size` at each of `plies` (in this order), one walk per seed number below
/// `seeds`, walk `seed` of ply `ply` seeded with `seed * stride + ply`; walks that got stuck
/// are left out.
pub fn sample(size: u8, plies: &[u64], seeds: u64, stride: u64) -> Vec<State> {
    let mut out = Vec::new();
    for &ply in plies {
        for seed in 0..seeds {
            out.extend(random_position(size, ply, seed * stride + ply));
        }
    }
    out
}
