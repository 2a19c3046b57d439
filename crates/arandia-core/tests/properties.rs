//! Properties of random games (proptest), checked at every step of the game:
//! - every seat always has three ships, on the board or sunk (or, for a moment, wrecked and
//!   awaiting its home cell: only the mover's ship, only in the wreck phase);
//! - a wreck never leaves a ship on a rock, and no ship ever stands in a harbour closed to it;
//! - the winner's ships are all in its target harbour;
//! - position round trip, and undo restores the state.

use arandia_core::{board, Params, Phase, Place, State, Terrain};
use boardgame_kit::strategy::{reachable, seeds};
use boardgame_kit::{drivers::random_action, Actions, Game, GameResult, SplitMix64};
use proptest::prelude::*;

fn params_strategy() -> impl Strategy<Value = Params> {
    (
        prop::sample::select(vec![2u8, 3, 4, 6]),
        prop::sample::select(vec![0u32, 0, 5, 20]),
    )
        .prop_map(|(p, t)| format!("players={p},turn_limit={t}").parse().unwrap())
}

fn check_invariants(s: &State) -> Result<(), TestCaseError> {
    for seat in s.seats().iter() {
        let ships = s.ships(seat);
        prop_assert_eq!(ships.len(), 3);
        for ship in ships {
            match ship.place {
                Place::At(c) => {
                    prop_assert!(
                        c.terrain() != Terrain::Rock,
                        "a ship on the rock {}: {}",
                        c,
                        s.position()
                    );
                    if let Terrain::Harbour(side) = c.terrain() {
                        let side = side as usize;
                        prop_assert!(
                            side == board::home_side(seat.index())
                                || side == board::target_side(seat.index()),
                            "a ship in a closed harbour: {}",
                            s.position()
                        );
                    }
                }
                Place::Sunk => {}
                Place::Wrecked => {
                    prop_assert_eq!(seat, s.mover());
                    prop_assert_eq!(s.phase(), Phase::Wreck);
                }
            }
            if ship.acted {
                prop_assert_eq!(seat, s.mover());
            }
        }
    }
    if let Some(o) = s.outcome() {
        if let GameResult::Winners(w) = o.result() {
            for winner in w.iter() {
                let target = board::harbour(board::target_side(winner.index()));
                for ship in s.ships(winner) {
                    prop_assert!(
                        matches!(ship.place, Place::At(c) if target.contains(&c)),
                        "{}",
                        s.position()
                    );
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn invariants_hold_along_random_games(params in params_strategy(), (seed, len) in seeds(1500)) {
        let mut s = State::new(&params);
        let mut rng = SplitMix64::new(seed);
        let mut buf = Actions::<State>::new();
        check_invariants(&s)?;
        for _ in 0..len {
            let Some(a) = random_action(&s, &mut rng, &mut buf) else { break };
            let before = s;
            let u = s.play_unchecked(a);
            check_invariants(&s)?;
            let pos = s.position();
            prop_assert_eq!(State::from_position(&params, &pos).ok(), Some(s));
            let mut back = s;
            back.undo(u);
            prop_assert_eq!(back, before);
        }
    }

    #[test]
    fn reachable_states_round_trip(s in reachable::<State>("players=6".parse().unwrap(), 600)) {
        check_invariants(&s)?;
        let back = State::from_position(&s.params(), &s.position()).unwrap();
        prop_assert_eq!(back, s);
    }
}

/// Wins happen in random play from positions near the end, and the winner's ships are in place.
#[test]
fn random_games_reach_wins() {
    let mut wins = 0;
    for (p, text) in [
        ("turn_limit=400", "0 - t0 0:b1,c1,c2 3:f8,g9,h8"),
        (
            "players=6,turn_limit=400",
            "0 - t0 0:b1,c2,d2 1:i6,i7,i8 2:f2,g3,h4 3:e8,g8,h8 4:a2,a3,a4 5:b6,c7,d8",
        ),
        (
            "players=3,turn_limit=400",
            "2 - t0 0:f9,g9,h9 2:b5,c6,c7 4:h7,h6,h5",
        ),
    ] {
        let params: Params = p.parse().unwrap();
        for seed in 0..30 {
            let mut s = State::from_position(&params, text).unwrap();
            boardgame_kit::playout(&mut s, &mut SplitMix64::new(seed), u64::MAX);
            let o = s.outcome().unwrap();
            if matches!(o.result(), GameResult::Winners(_)) {
                wins += 1;
                let mut runner = proptest::test_runner::TestRunner::default();
                runner.run(&Just(s), |s| check_invariants(&s)).unwrap();
            }
        }
    }
    assert!(wins > 10, "only {wins} random games were won");
}

/// Lines from a small alphabet close to the notations: the fuzz harness must never find a
/// panic, and whatever parses must round-trip.
fn fuzz_line() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "0",
        "3",
        "6",
        " ",
        "-",
        "t",
        "t0",
        "x",
        "w",
        "*",
        ",",
        ":",
        "f9",
        "g9",
        "e5",
        "e7",
        "i9",
        "z9",
        "roll:",
        "pick:",
        "wreck",
        "arrive:",
        "attack:",
        "defend:",
        "won",
        "drawn",
        "attack/",
        "decline",
        "+",
        "0:f9,g9,h9",
        "3:b1,c1,d1",
        "\u{e9}",
        "99999999999",
    ]);
    prop::collection::vec(pieces, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn fuzz_harness_never_panics(lines in prop::collection::vec(fuzz_line(), 0..8)) {
        boardgame_kit::fuzzing::run::<State>(lines.join("\n").as_bytes());
    }

    #[test]
    fn fuzz_harness_with_real_positions(s in reachable::<State>("players=3".parse().unwrap(), 300), extra in prop::collection::vec(fuzz_line(), 0..6)) {
        let mut text = format!("players=3\n{}\n", s.position());
        let mut l = Actions::<State>::new();
        s.legal_actions(&mut l);
        for a in l.iter() {
            text.push_str(&format!("{a}\n"));
        }
        text.push_str(&extra.join("\n"));
        boardgame_kit::fuzzing::run::<State>(text.as_bytes());
    }
}

#[test]
fn worst_case_action_list_fits_the_buffer() {
    // The island (roll + 6 moves), the middle of the home harbour (roll + 2), a sunk ship (3).
    let s = State::from_position(&Params::default(), "0 - t0 0:e5,g9,x 3:b1,c1,d1").unwrap();
    assert_eq!(s.count_legal(), arandia_core::MAX_ACTIONS);
    let s = State::from_position(&Params::default(), "0 - t0 0:c1,e5,g9 3:b2,c2,d2").unwrap();
    assert_eq!(s.count_legal(), arandia_core::MAX_ACTIONS);
}
