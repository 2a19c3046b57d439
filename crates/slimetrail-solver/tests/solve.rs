//! The solver against a plain minimax written from the rules (no table, no frame, no matching),
//! on the 5x5 start, on random 7x7 and 9x9 positions (the value of every legal action), and on
//! positions where neither corner can be reached any more (where the solver decides by
//! matching); the start values as golden data; the solver's play.

mod common;

use boardgame_kit::{playout, Actions, Game, RandomSource, Seat, SplitMix64, ToAct};
use common::{board, random_position, sample};
use slimetrail_core::{State, Step};
use slimetrail_solver::{Method, Solver, Value};

/// Does the player to move win? Plain minimax over the rules.
fn minimax_mover_wins(s: &State) -> bool {
    if s.to_act() == ToAct::Over {
        return s.corner_owner() == Some(s.mover());
    }
    let me = s.mover();
    let mut list = Actions::<State>::new();
    s.legal_actions(&mut list);
    list.iter().any(|&a| {
        let mut c = *s;
        c.play(a);
        match c.outcome() {
            Some(o) => o.is_winner(me),
            None => !minimax_mover_wins(&c),
        }
    })
}

/// Every legal action's value for the seat to act, by plain minimax.
fn minimax_action_values(s: &State) -> Vec<(Step, Value)> {
    let mut list = Actions::<State>::new();
    s.legal_actions(&mut list);
    list.iter()
        .map(|&a| {
            let mut c = *s;
            c.play(a);
            let win = !minimax_mover_wins(&c);
            (a, if win { Value::Win } else { Value::Loss })
        })
        .collect()
}

/// Can the snail still reach a goal corner (through free cells)?
fn corner_reachable(s: &State) -> bool {
    let b = s.board();
    let corners = [b.corner(Seat::of(0)), b.corner(Seat::of(1))];
    let mut seen = s.slime() | 1 << b.index(s.snail());
    let mut stack = vec![b.index(s.snail())];
    while let Some(i) = stack.pop() {
        let mut m = b.king(i) & !seen;
        while m != 0 {
            let j = m.trailing_zeros() as u8;
            m &= m - 1;
            if corners.contains(&j) {
                return true;
            }
            seen |= 1 << j;
            stack.push(j);
        }
    }
    // `king` is empty on corners, so a snail next to one is caught above.
    false
}

fn check_against_minimax(solver: &mut Solver, s: &State) {
    let want = minimax_action_values(s);
    assert_eq!(solver.action_values(s), want, "{}", s.position());
    let value = if want.iter().any(|(_, v)| v.is_win()) {
        Value::Win
    } else {
        Value::Loss
    };
    assert_eq!(solver.value(s), value, "{}", s.position());
}

/// Checks each position against plain minimax with a solver of a `2^bits` table; returns how
/// many were checked.
fn agree_with_minimax(bits: u32, positions: &[State]) -> usize {
    let mut solver = Solver::new(bits);
    for s in positions {
        check_against_minimax(&mut solver, s);
    }
    positions.len()
}

#[test]
fn the_5x5_start_agrees_with_plain_minimax() {
    let mut solver = Solver::new(16);
    check_against_minimax(&mut solver, &board(5));
}

#[test]
fn random_5x5_positions_agree_with_plain_minimax() {
    let plies: Vec<u64> = (1..16).collect();
    let checked = agree_with_minimax(16, &sample(5, &plies, 20, 31));
    assert!(checked > 200, "{checked}");
}

#[test]
fn random_7x7_positions_agree_with_plain_minimax() {
    let plies = [14, 16, 18, 20, 22, 24, 26, 28, 30];
    let checked = agree_with_minimax(18, &sample(7, &plies, 60, 1000));
    assert!(checked > 300, "{checked}");
}

#[test]
fn random_9x9_positions_agree_with_plain_minimax() {
    let plies = [44, 46, 48, 50, 52, 54];
    let checked = agree_with_minimax(18, &sample(9, &plies, 60, 7));
    assert!(checked > 50, "{checked}");
}

/// Proof-number search gives every legal action the value plain minimax gives it, on the
/// random positions the depth-first search is checked on.
#[test]
fn proof_number_search_agrees_with_plain_minimax() {
    let mut solver = Solver::new(16);
    solver.set_method(Method::ProofNumber).unwrap();
    let mut checked = 0;
    for (size, plies, seeds) in [
        (5u8, &[1u64, 2, 3, 5, 7, 9, 11][..], 20u64),
        (7, &[16, 20, 24, 28], 30),
        (9, &[46, 50, 54], 30),
    ] {
        for s in sample(size, plies, seeds, 131) {
            check_against_minimax(&mut solver, &s);
            checked += 1;
        }
    }
    assert!(checked > 200, "{checked}");
    check_against_minimax(&mut solver, &board(5));
}

/// Proof-number search agrees with the depth-first search where minimax is too slow: 7x7
/// positions ten to fourteen actions in and 9x9 positions thirty actions in, every action.
#[test]
fn proof_number_search_agrees_with_the_depth_first_search() {
    let mut depth_first = Solver::new(18);
    let mut pns = Solver::new(18);
    pns.set_method(Method::ProofNumber).unwrap();
    let mut checked = 0;
    for (size, ply, seeds) in [(7u8, 10u64, 6u64), (7, 14, 10), (9, 34, 6)] {
        for s in sample(size, &[ply], seeds, 17) {
            assert_eq!(
                pns.action_values(&s),
                depth_first.action_values(&s),
                "{}",
                s.position()
            );
            checked += 1;
        }
    }
    assert!(checked > 15, "{checked}");
}

/// Where neither corner can be reached the solver answers by a maximum matching, without
/// search: checked here against plain minimax on many such positions, wins and losses both.
#[test]
fn sealed_positions_agree_with_plain_minimax() {
    let mut solver = Solver::new(16);
    let (mut wins, mut losses) = (0, 0);
    for size in [5u8, 7, 9] {
        for seed in 0..3000u64 {
            let mut s = board(size);
            let mut rng = SplitMix64::new(seed);
            let mut list = Actions::<State>::new();
            // Walk at random until the corners are sealed off (or the game ends).
            while s.to_act() != ToAct::Over && corner_reachable(&s) {
                s.legal_actions(&mut list);
                s.play(list[rng.below(list.len() as u64) as usize]);
            }
            if s.to_act() == ToAct::Over || (s.moves().count_ones() + 2) * 6 < s.ply() {
                continue;
            }
            let value = solver.value(&s);
            assert_eq!(value.is_win(), minimax_mover_wins(&s), "{}", s.position());
            if value.is_win() {
                wins += 1;
            } else {
                losses += 1;
            }
        }
    }
    assert!(wins > 100 && losses > 100, "{wins} wins, {losses} losses");
}

/// Golden data: the 5x5 start is a first-player win and these are its winning first actions.
#[test]
fn golden_5x5_start() {
    let mut solver = Solver::new(16);
    let s = board(5);
    assert_eq!(solver.value(&s), Value::Win);
    assert_eq!(solver.winner(&s), Seat::of(0));
    let winning: Vec<String> = solver
        .action_values(&s)
        .iter()
        .filter(|(_, v)| v.is_win())
        .map(|(a, _)| a.to_string())
        .collect();
    assert_eq!(winning, GOLDEN_5X5_WINNING);
    println!("5x5 start and first actions: {} positions", solver.nodes());
}

const GOLDEN_5X5_WINNING: &[&str] = &["c2", "b3", "d3", "c4"];

/// Golden data: the 7x7 start is a first-player win, by every first action.
#[test]
fn golden_7x7_start_value() {
    let mut solver = Solver::new(18);
    assert_eq!(solver.value(&State::default()), Value::Win);
    println!("7x7 start: {} positions", solver.nodes());
}

#[test]
#[ignore = "every first action of 7x7: about 2 s in release (9 million positions); all eight win"]
fn golden_7x7_first_actions() {
    let mut solver = Solver::new(20);
    let values = solver.action_values(&State::default());
    println!("{} positions", solver.nodes());
    assert_eq!(values.len(), 8);
    assert!(values.iter().all(|(_, v)| v.is_win()), "{values:?}");
}

/// The winner's solver moves beat any defence; from a lost position the solver's action is
/// legal and never throws the game away at once while something else is possible.
#[test]
fn best_action_keeps_the_win_and_resists() {
    let mut solver = Solver::new(18);
    for size in [5u8, 7] {
        let start = board(size);
        let winner = solver.winner(&start);
        let mut rng = SplitMix64::new(size as u64);
        for _ in 0..30 {
            let mut g = start;
            while g.to_act() != ToAct::Over {
                let a = solver.best_action(&g).unwrap();
                let mut list = Actions::<State>::new();
                g.legal_actions(&mut list);
                assert!(list.contains(&a));
                let played = if g.mover() == winner {
                    a
                } else {
                    // The loser plays the solver's resistance half the time.
                    if rng.below(2) == 0 {
                        a
                    } else {
                        list[rng.below(list.len() as u64) as usize]
                    }
                };
                if g.mover() != winner && played == a {
                    let mut c = g;
                    c.play(a);
                    let b = g.board();
                    let theirs = b.cell(b.corner(Seat::of(1 - g.mover().index())));
                    let only_bad = list.iter().all(|x| {
                        let mut d = g;
                        d.play(*x);
                        d.outcome().is_some() || d.moves() >> b.index(theirs) & 1 != 0
                    });
                    assert!(
                        only_bad
                            || (c.outcome().is_none() && c.moves() >> b.index(theirs) & 1 == 0),
                        "{} resists with {a}",
                        g.position()
                    );
                }
                g.play(played);
            }
            assert!(g.outcome().unwrap().is_winner(winner));
        }
    }
    assert_eq!(
        solver.best_action(&{
            let mut s = board(5);
            playout(&mut s, &mut SplitMix64::new(1), u64::MAX);
            s
        }),
        None
    );
}

/// How the 9x9 effort grows with the actions played: positions searched for random positions
/// (corner-avoiding walks) at several plies. Prints one line per position; the figures and the
/// projection are in `docs/slimetrail.md`.
#[test]
#[ignore = "9x9 effort samples: minutes in release; prints positions searched per ply"]
fn nine_by_nine_effort_by_ply() {
    for ply in [36u64, 32, 28, 24, 20] {
        for seed in 0..6 {
            let Some(s) = random_position(9, ply, seed) else {
                continue;
            };
            let mut solver = Solver::new(22);
            let started = std::time::Instant::now();
            let value = solver.value(&s);
            println!(
                "ply {ply} seed {seed}: {value} {} positions {:.2?} {}",
                solver.nodes(),
                started.elapsed(),
                s.position()
            );
        }
    }
}
