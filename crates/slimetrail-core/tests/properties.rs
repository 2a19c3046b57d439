//! Properties from the issue, over random reachable states and whole random games.

use boardgame_kit::{strategy::seeds, Actions, Game, RandomSource, Seat, SplitMix64, ToAct};
use proptest::prelude::*;
use slimetrail_core::{Params, State};

fn size() -> impl Strategy<Value = Params> {
    prop_oneof![Just(5u8), Just(7u8), Just(9u8)].prop_map(|n| Params::with_size(n).unwrap())
}

proptest! {
    #[test]
    fn whole_games_keep_the_invariants(params in size(), (seed, _) in seeds(0)) {
        let mut s = State::new(&params);
        let mut rng = SplitMix64::new(seed);
        let n = params.board().size() as u32;
        let mut played = 0u32;
        let mut list = Actions::<State>::new();
        loop {
            // The snail never stands on slime.
            let b = s.board();
            prop_assert_eq!(s.slime() >> b.index(s.snail()) & 1, 0);
            // Slime count equals actions played.
            prop_assert_eq!(s.slime().count_ones(), played);
            if s.to_act() == ToAct::Over {
                break;
            }
            s.legal_actions(&mut list);
            let a = list[rng.below(list.len() as u64) as usize];
            let mover = s.to_act().seat().unwrap();
            s.play(a);
            played += 1;
            if s.to_act() == ToAct::Over {
                let o = s.outcome().unwrap();
                // The winner is the owner of the corner entered...
                if let Some(owner) = s.corner_owner() {
                    prop_assert!(o.is_winner(owner));
                } else {
                    // ...or the opponent of the player left without a move (the mover).
                    prop_assert!(o.is_winner(mover));
                    prop_assert!(!o.is_winner(Seat::of(1 - mover.index())));
                }
            }
        }
        // Every game ends within size*size - 1 actions.
        prop_assert!(played < n * n);
    }
}

proptest! {
    #[test]
    fn fast_playout_reaches_the_end_and_names_the_winner(params in size(), (seed, len) in seeds(6)) {
        let mut s = State::new(&params);
        boardgame_kit::playout(&mut s, &mut SplitMix64::new(seed), len);
        let before = s.ply();
        let winner = s.random_playout(&mut SplitMix64::new(seed ^ 1));
        prop_assert_eq!(s.to_act(), ToAct::Over);
        prop_assert!(s.outcome().unwrap().is_winner(winner));
        prop_assert!(s.ply() >= before);
        // The final position is reachable and valid: it reads back from its notation.
        prop_assert_eq!(State::from_position(&params, &s.position()).unwrap(), s);
    }
}

proptest! {
    /// The fuzz harness on structured random text: parameters, a position, actions (as cells,
    /// as ids `#N` and observations from seat `@N` among them).
    #[test]
    fn fuzz_harness_on_random_text(
        params in "(size=[0-9]{1,2})?",
        position in "([1-9x@]{1,9}/){0,9}[1-9x@]{0,9} [0-3]",
        actions in proptest::collection::vec("[a-jA-J][0-9]{1,2}|#[0-9]{1,3}|@[0-9]{1,2}", 0..30),
    ) {
        let text = format!("{params}\n{position}\n{}", actions.join("\n"));
        boardgame_kit::fuzzing::run::<State>(text.as_bytes());
    }

    #[test]
    fn fuzz_harness_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        boardgame_kit::fuzzing::run::<State>(&bytes);
    }
}
