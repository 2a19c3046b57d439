//! Cross-checks of the bitboard engine against the slow reference model (`reference/mod.rs`):
//! legal lists on many random positions, whole random games step by step, and small perfts.

mod common;
mod reference;

use boardgame_kit::{Actions, Cell, Game, RandomSource, SplitMix64};
use common::{board_text, cell_names, legal_names};
use elements_core::{Params, Place, State};
use reference::Slow;

const PARAMS: [&str; 7] = [
    "",
    "board=blitz",
    "board=blitz,players=4",
    "players=3",
    "players=4",
    "board=blitz,players=3,per_turn=2",
    "board=blitz,players=4,per_turn=1",
];

/// The engine and the reference at the start of a game of `params`.
fn starts(params: &str) -> (State, Slow) {
    let params: Params = params.parse().unwrap();
    (State::new(&params), Slow::new(&params))
}

/// Whole random games: at every step the legal lists agree, and after every action the two
/// models hold the same state.
#[test]
fn random_games_agree_with_reference() {
    for (k, ps) in PARAMS.iter().enumerate() {
        let params: Params = ps.parse().unwrap();
        let games = if params.board == elements_core::BoardSize::Full {
            3
        } else {
            12
        };
        for g in 0..games {
            let mut rng = SplitMix64::new(1000 * k as u64 + g);
            let mut s = State::new(&params);
            let mut slow = Slow::new(&params);
            let mut buf = Actions::<State>::new();
            let mut step = 0;
            loop {
                assert_eq!(
                    Slow::from_state(&s),
                    slow,
                    "[{ps}] game {g} step {step}: states differ"
                );
                s.legal_actions(&mut buf);
                let want = cell_names(&slow.legal());
                assert_eq!(
                    legal_names(&s),
                    want,
                    "[{ps}] game {g} step {step}: legal lists differ"
                );
                if buf.is_empty() {
                    assert!(slow.over);
                    break;
                }
                let a = buf[rng.below(buf.len() as u64) as usize];
                s.play(a);
                slow.play(a.cell().file() as usize, a.cell().rank() as usize);
                step += 1;
            }
        }
    }
}

/// Random boards (not necessarily reachable in play): random blocks and mounds of every seat;
/// the legal cells of every seat that owns a block agree with the reference's breadth-first
/// search.
#[test]
fn random_boards_agree_with_reference() {
    let mut rng = SplitMix64::new(7);
    let letters = ['W', 'A', 'E', 'F', 'w', 'a', 'e', 'f'];
    let mut checked = 0;
    for trial in 0..400 {
        let (params, side) = if trial % 2 == 0 {
            ("players=4", 20)
        } else {
            ("board=blitz,players=4", 14)
        };
        let p: Params = params.parse().unwrap();
        // density from sparse to crowded
        let density = 5 + rng.below(90);
        let mut grid = vec![vec!['.'; side]; side];
        for row in grid.iter_mut() {
            for c in row.iter_mut() {
                if rng.below(100) < density {
                    *c = letters[rng.below(8) as usize];
                }
            }
        }
        let mut pieces: Vec<(String, char)> = Vec::new();
        for (r, row) in grid.iter().enumerate() {
            for (f, c) in row.iter().enumerate() {
                if *c != '.' {
                    pieces.push((Cell::new(f as u8, r as u8).to_string(), *c));
                }
            }
        }
        let refs: Vec<(&str, char)> = pieces.iter().map(|(n, c)| (n.as_str(), *c)).collect();
        let board = board_text(side, &refs);
        for seat in 0..4 {
            let letter = ['w', 'a', 'e', 'f'][seat];
            // Every seat with pieces has started; a seat without a block is out.
            let mut started = String::new();
            let mut out = String::new();
            for s in 0..4 {
                let has_block = grid.iter().flatten().any(|c| *c == letters[s]);
                let has_any = has_block || grid.iter().flatten().any(|c| *c == letters[s + 4]);
                if has_any {
                    started.push(['w', 'a', 'e', 'f'][s]);
                }
                if has_any && !has_block {
                    out.push(['w', 'a', 'e', 'f'][s]);
                }
            }
            let text = format!(
                "{board} {letter} 7 {} {}",
                if started.is_empty() { "-" } else { &started },
                if out.is_empty() { "-" } else { &out }
            );
            let Ok(s) = State::from_position(&p, &text) else {
                continue;
            };
            checked += 1;
            let slow = Slow::from_state(&s);
            let want = slow.legal();
            assert_eq!(legal_names(&s), cell_names(&want), "trial {trial}: {text}");
            assert_eq!(s.count_legal(), want.len());
            for f in 0..side as u8 {
                for r in 0..side as u8 {
                    let a = Place::new(Cell::new(f, r));
                    assert_eq!(s.is_legal(&a), want.contains(&(f as usize, r as usize)));
                }
            }
        }
    }
    assert!(
        checked > 800,
        "only {checked} random boards were valid positions"
    );
}

/// Perft of the engine equals perft of the reference on small depths of every parameter set.
#[test]
fn perft_agrees_with_reference() {
    for (ps, depth) in [
        ("", 4),
        ("board=blitz", 5),
        ("board=blitz,players=4,per_turn=1", 5),
        ("players=3,per_turn=2", 5),
    ] {
        let (mut s, slow) = starts(ps);
        for d in 0..=depth {
            assert_eq!(
                boardgame_kit::perft(&mut s, d),
                slow.perft(d),
                "[{ps}] depth {d}"
            );
        }
    }
}

/// Perft from late positions of random games (where eating, dead chains and eliminations
/// happen) equals the reference's.
#[test]
fn late_game_perft_agrees_with_reference() {
    let mut eats_seen = 0;
    for (k, ps) in [
        "board=blitz,players=4",
        "board=blitz",
        "board=blitz,players=3,per_turn=2",
        "players=4",
    ]
    .iter()
    .enumerate()
    {
        let params: Params = ps.parse().unwrap();
        for g in 0..4u64 {
            let mut rng = SplitMix64::new(77 + 10 * k as u64 + g);
            let mut s = State::new(&params);
            let target = 150 + rng.below(200);
            let mut buf = Actions::<State>::new();
            for _ in 0..target {
                s.legal_actions(&mut buf);
                if buf.is_empty() {
                    break;
                }
                let a = buf[rng.below(buf.len() as u64) as usize];
                if s.piece(a.cell()).is_some() {
                    eats_seen += 1;
                }
                s.play(a);
            }
            let slow = Slow::from_state(&s);
            let depth = if s.count_legal() > 12 { 2 } else { 3 };
            assert_eq!(
                boardgame_kit::perft(&mut s, depth),
                slow.perft(depth),
                "[{ps}] game {g}: {}",
                s.position()
            );
        }
    }
    assert!(eats_seen > 50);
}

/// Deeper perft against the reference (slow: run in release with `--ignored`).
#[test]
#[ignore]
fn deep_perft_agrees_with_reference() {
    for (ps, depth) in [
        ("", 6),
        ("board=blitz", 7),
        ("board=blitz,per_turn=2", 9),
        ("players=4,per_turn=3", 8),
        ("board=blitz,players=4,per_turn=1", 12),
    ] {
        let (mut s, slow) = starts(ps);
        assert_eq!(
            boardgame_kit::perft(&mut s, depth),
            slow.perft(depth),
            "[{ps}] depth {depth}"
        );
    }
}
