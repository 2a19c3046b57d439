//! The slow, obviously-correct move generator of `reference/mod.rs`, written straight from the
//! rules text, cross-checked
//! against the engine's generator over many random positions (all parameter sets, random
//! boards of numbers).

use boardgame_kit::{random_action, Actions, Cell, Game, RandomSource, Seat, SplitMix64, ToAct};
use repello_core::{Action, Params, Phase, Piece, StackStatus, State};
mod reference;

use reference::*;

/// Checks the state after `a` against the rules.
fn check_apply(before: &State, a: Action, after: &State) {
    let (b, counts, capt) = reference_apply(before, a);
    let n = before.players();
    let me = before.to_act().seat().unwrap();
    for k in 0..n {
        let c = after.captured(Seat::of(k));
        assert_eq!(
            [c.black, c.silver, c.gold],
            capt[k],
            "captured of seat {k} after {a}"
        );
        assert_eq!(
            after.stack_count(Seat::of(k)),
            counts[k],
            "count of seat {k} after {a}"
        );
    }
    let turn_over = !(after.phase() == Phase::Repulsion && after.to_act() == ToAct::Seat(me))
        && before.phase() != Phase::Setup;
    for (i, &w) in b.iter().enumerate() {
        let mut want = w;
        if turn_over {
            if let Some(Piece::Stack(q)) = want {
                if counts[q.index()] == 0 {
                    want = None; // finished: leaves at the end of the turn
                }
            }
        }
        assert_eq!(
            after.piece(Cell::new((i % 13) as u8, (i / 13) as u8)),
            want,
            "square {i} after {a}: {}",
            before.position()
        );
    }
    if turn_over {
        let alive = |k: usize| {
            counts[k] > 0 || matches!(after.stack_status(Seat::of(k)), StackStatus::OnBoard(_))
        };
        let next = (1..=n).map(|j| (me.index() + j) % n).find(|&k| alive(k));
        match next {
            None => assert_eq!(after.to_act(), ToAct::Over),
            Some(k) => assert_eq!(after.to_act(), ToAct::Seat(Seat::of(k))),
        }
    }
}

fn random_numbers(rng: &mut SplitMix64) -> String {
    (0..169)
        .map(|_| char::from(b'1' + rng.below(6) as u8))
        .collect()
}

#[test]
fn engine_matches_reference_generator() {
    let mut rng = SplitMix64::new(99);
    let mut sets: Vec<String> = [
        "",
        "players=3",
        "players=4",
        "players=2,stack=3",
        "players=4,stack=20",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for _ in 0..4 {
        let players = 2 + rng.below(3);
        sets.push(format!(
            "players={players},stack={},numbers={}",
            1 + rng.below(20),
            random_numbers(&mut rng)
        ));
    }
    let games = if cfg!(debug_assertions) { 12 } else { 60 };
    let mut checked = 0;
    for set in &sets {
        let params: Params = set.parse().unwrap();
        for g in 0..games {
            let mut s = State::new(&params);
            let mut rng = SplitMix64::new(1000 + g);
            let mut buf = Actions::<State>::new();
            loop {
                s.legal_actions(&mut buf);
                let fast: Vec<Action> = buf.to_vec();
                let slow = reference_legal(&s);
                assert_eq!(fast, slow, "[{set}] {}", s.position());
                checked += 1;
                // Moves land where the reference walk says.
                if s.phase() == Phase::Turn {
                    let seat = s.to_act().seat().unwrap();
                    if let StackStatus::OnBoard(from) = s.stack_status(seat) {
                        let b = board_of(&s);
                        for &a in &fast {
                            if let Action::Move(d) = a {
                                let to = reference_move(&s, &b, from, d).unwrap();
                                let mut t = s.clone();
                                t.play(a);
                                if t.stack_count(seat) > 0 || t.phase() == Phase::Repulsion {
                                    assert_eq!(t.piece(to), Some(Piece::Stack(seat)));
                                }
                            }
                        }
                    }
                }
                let Some(a) = random_action(&s, &mut rng, &mut buf) else {
                    break;
                };
                let before = s.clone();
                s.play(a);
                check_apply(&before, a, &s);
            }
            let _ = Seat::of(0);
        }
    }
    assert!(checked > 1000);
}
