//! The crate's fast paths against the kit's generic ones, on positions from random games of
//! every board and player count: the perft kernel (behind `Game::perft_kernel`) against
//! `perft_generic`, and the incremental position key against the key of the same position read
//! back from its text (computed from scratch).

use boardgame_kit::strategy::seeds;
use boardgame_kit::{perft_generic, random_action, Actions, Game, SplitMix64};
use elements_core::{Params, State};
use proptest::prelude::*;

const PARAMS: [&str; 5] = [
    "board=blitz,per_turn=1",
    "board=blitz,players=4,per_turn=2",
    "board=blitz,players=3",
    "players=4,per_turn=3",
    "per_turn=1",
];

/// Every position of a random game, start and end included.
fn game(params: &str, seed: u64) -> Vec<State> {
    let params: Params = params.parse().unwrap();
    let mut s = State::new(&params);
    let mut rng = SplitMix64::new(seed);
    let mut buf = Actions::<State>::new();
    let mut out = vec![s];
    while let Some(a) = random_action(&s, &mut rng, &mut buf) {
        s.play(a);
        out.push(s);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The kernel counts like the generic driver at depths 3 to 5 (as deep as the generic
    /// driver stays cheap), so the transposition table is used and hit, on positions where
    /// blocks get eaten and players are eliminated.
    #[test]
    fn perft_kernel_matches_the_generic_driver(
        (seed, _) in seeds(0),
        which in 0..PARAMS.len(),
        at in 0.0f64..1.0,
    ) {
        let positions = game(PARAMS[which], seed);
        let mut s = positions[((positions.len() - 1) as f64 * at) as usize];
        for depth in 3..=5 {
            let before = s;
            let slow = perft_generic(&mut s, depth);
            let fast = s.perft_kernel(depth);
            prop_assert_eq!(s, before, "the kernel changed the state");
            prop_assert_eq!(fast, slow, "depth {} from {}", depth, s.position());
            if slow > 50_000 {
                break;
            }
        }
    }

    /// The incremental key equals the key computed from scratch, at every step of a game.
    #[test]
    fn incremental_key_equals_key_from_scratch((seed, _) in seeds(0), which in 0..PARAMS.len()) {
        let params: Params = PARAMS[which].parse().unwrap();
        let positions = game(PARAMS[which], seed);
        let mut keys = Vec::new();
        for s in &positions {
            let read = State::from_position(&params, &s.position()).unwrap();
            prop_assert_eq!(read.position_key(), s.position_key(), "at {}", s.position());
            keys.push(s.position_key());
        }
        // Every action changes the board, so no position of a game repeats.
        keys.sort_unstable();
        keys.dedup();
        prop_assert_eq!(keys.len(), positions.len());
    }
}

/// Transpositions inside one turn: the kernel's table answers them and the counts stay those
/// of the generic driver (20x20, 2 players, deep enough for the table to matter).
#[test]
fn kernel_counts_through_the_table_from_the_start() {
    for (params, depth) in [("", 7), ("board=blitz,players=4,per_turn=1", 9)] {
        let mut s = State::new(&params.parse().unwrap());
        assert_eq!(
            s.perft_kernel(depth),
            perft_generic(&mut s, depth),
            "{params}"
        );
    }
}
