//! Properties of whole random games (proptest): mounds never change; every placement fills an
//! empty cell with a block of the mover or turns an enemy block into a mound of the mover; an
//! eliminated player never acts again; the game ends with exactly one winner.

use boardgame_kit::strategy::seeds;
use boardgame_kit::{random_action, Actions, Cell, Game, GameResult, Seat, SplitMix64, ToAct};
use elements_core::{Kind, Params, State};
use proptest::prelude::*;

/// Plays a whole random game from `seed`, checking every property at every step.
fn check_game(params: &str, seed: u64) -> Result<(), TestCaseError> {
    let params: Params = params.parse().unwrap();
    let side = params.board.side();
    let mut s = State::new(&params);
    let mut rng = SplitMix64::new(seed);
    let mut buf = Actions::<State>::new();
    let mut out_seen: Vec<Seat> = Vec::new();
    let bound = State::max_game_length(&params).unwrap();
    let mut steps = 0u64;
    while let Some(a) = random_action(&s, &mut rng, &mut buf) {
        let mover = s.to_act().seat().unwrap();
        prop_assert!(!out_seen.contains(&mover), "an eliminated player acts");
        prop_assert!(!s.is_eliminated(mover));
        let before = s;
        let undo = s.play_unchecked(a);
        steps += 1;
        // Exactly one cell changed, as the rules say.
        let mut changed = 0;
        for f in 0..side {
            for r in 0..side {
                let cell = Cell::new(f, r);
                let (was, now) = (before.piece(cell), s.piece(cell));
                if let Some(m) = was.filter(|p| p.kind == Kind::Mound) {
                    prop_assert_eq!(now, Some(m), "a mound changed on {}", cell);
                }
                if was != now {
                    changed += 1;
                    prop_assert_eq!(cell, a.cell());
                    let now = now.unwrap();
                    prop_assert_eq!(now.seat, mover);
                    match was {
                        None => prop_assert_eq!(now.kind, Kind::Block),
                        Some(w) => {
                            prop_assert_eq!(w.kind, Kind::Block);
                            prop_assert_ne!(w.seat, mover);
                            prop_assert_eq!(now.kind, Kind::Mound);
                        }
                    }
                }
            }
        }
        prop_assert_eq!(changed, 1);
        // Eliminated players stay eliminated; newly eliminated are remembered.
        for seat in s.seats().iter() {
            if before.is_eliminated(seat) {
                prop_assert!(s.is_eliminated(seat));
            }
            if s.is_eliminated(seat) && !out_seen.contains(&seat) {
                out_seen.push(seat);
            }
        }
        // Settled: over, or someone is to act with a legal placement.
        if let ToAct::Seat(next) = s.to_act() {
            prop_assert!(s.count_legal() > 0);
            prop_assert!(!s.is_eliminated(next));
        }
        // Undo restores.
        let mut t = s;
        t.undo(undo);
        prop_assert_eq!(t, before);
        prop_assert!(steps <= bound);
    }
    prop_assert_eq!(s.to_act(), ToAct::Over);
    let o = s.outcome().unwrap();
    match o.result() {
        GameResult::Winners(w) => {
            prop_assert_eq!(w.len(), 1, "exactly one winner");
            let winner = w.single().unwrap();
            prop_assert!(!s.is_eliminated(winner));
            prop_assert_eq!(out_seen.len() + 1, s.seats().len());
        }
        other => prop_assert!(false, "no draws in this game: {:?}", other),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn blitz_two_players((seed, _) in seeds(0)) {
        check_game("board=blitz", seed)?;
    }

    #[test]
    fn blitz_four_players((seed, _) in seeds(0)) {
        check_game("board=blitz,players=4", seed)?;
    }

    #[test]
    fn blitz_three_players_short_turns((seed, _) in seeds(0)) {
        check_game("board=blitz,players=3,per_turn=2", seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, .. ProptestConfig::default() })]

    #[test]
    fn full_board_games((seed, k) in seeds(2)) {
        check_game(["", "players=3", "players=4"][k as usize], seed)?;
    }

    #[test]
    fn positions_round_trip(s in boardgame_kit::strategy::reachable::<State>("board=blitz,players=4".parse().unwrap(), 300)) {
        let back = State::from_position(&s.params(), &s.position()).unwrap();
        prop_assert_eq!(back, s);
        prop_assert_eq!(back.position(), s.position());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Reading any text as a position never panics.
    #[test]
    fn position_reader_never_panics(text in ".{0,80}", k in 0usize..3) {
        let params: Params = ["", "board=blitz", "players=4"][k].parse().unwrap();
        let _ = State::from_position(&params, &text);
    }

    /// Mutating a real position's text never panics the reader, and whatever reads back
    /// re-prints identically.
    #[test]
    fn mutated_positions_never_panic(seed in any::<u64>(), at in any::<usize>(), pick in any::<usize>()) {
        let alphabet = b"0123456789/-WAEFwaef x";
        let params: Params = "board=blitz,players=4".parse().unwrap();
        let mut s = State::new(&params);
        boardgame_kit::playout(&mut s, &mut SplitMix64::new(seed), seed % 200);
        let mut text = s.position().into_bytes();
        let i = at % text.len();
        text[i] = alphabet[pick % alphabet.len()];
        let text = String::from_utf8(text).unwrap();
        if let Ok(t) = State::from_position(&params, &text) {
            prop_assert_eq!(State::from_position(&params, &t.position()).unwrap(), t);
        }
    }

    /// The fuzz harness on random bytes and on action scripts.
    #[test]
    fn fuzz_harness_smoke(data in proptest::collection::vec(any::<u8>(), 0..200), seed in any::<u64>()) {
        boardgame_kit::fuzzing::run::<State>(&data);
        let mut s = State::new(&"board=blitz".parse().unwrap());
        boardgame_kit::playout(&mut s, &mut SplitMix64::new(seed), seed % 100);
        let script = format!("board=blitz\n{}\na1\nb2\nn14\nc3\nzz\nm13", s.position());
        boardgame_kit::fuzzing::run::<State>(script.as_bytes());
    }
}
