//! The solver against a plain minimax without a table, on small boards and late positions.

use boardgame_kit::{playout, Actions, Game, Seat, SplitMix64, ToAct};
use slimetrail_core::{Params, Solver, State};

/// Does the player to move win? Plain minimax over the rules, no table.
fn minimax_mover_wins(s: &State) -> bool {
    if s.to_act() == ToAct::Over {
        return false; // the game ended on the previous move: the mover did not win it
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

#[test]
fn solver_agrees_with_plain_minimax_on_random_positions() {
    let mut solver = Solver::new(18);
    for (size, ply) in [(5u8, 8u64), (5, 10), (7, 22), (9, 36)] {
        for seed in 0..25 {
            let mut s = State::new(&Params::with_size(size).unwrap());
            playout(&mut s, &mut SplitMix64::new(seed), ply);
            if s.to_act() == ToAct::Over {
                continue;
            }
            let want = if minimax_mover_wins(&s) {
                s.mover()
            } else {
                Seat::of(1 - s.mover().index())
            };
            assert_eq!(
                solver.winner(&s),
                want,
                "size {size}, position {}",
                s.position()
            );
            let best = solver.best_move(&s).unwrap();
            let mut c = s;
            c.play(best);
            assert_eq!(solver.winner(&c), want, "the best move keeps the result");
        }
    }
}

#[test]
fn the_5x5_game_is_solved() {
    let mut solver = Solver::new(20);
    let s = State::new(&"size=5".parse().unwrap());
    let w = solver.winner(&s);
    println!(
        "5x5: seat {} wins ({} nodes)",
        State::seat_name(w),
        solver.nodes()
    );
    // The first player can always reach a won line or not: whichever it is, playing the
    // solver's moves for the winner against any replies must win.
    let mut rng = SplitMix64::new(1);
    for _ in 0..50 {
        let mut g = s;
        while g.to_act() != ToAct::Over {
            let a = if g.mover() == w {
                solver.best_move(&g).unwrap()
            } else {
                let mut l = Actions::<State>::new();
                g.legal_actions(&mut l);
                l[boardgame_kit::RandomSource::below(&mut rng, l.len() as u64) as usize]
            };
            g.play(a);
        }
        assert!(g.outcome().unwrap().is_winner(w));
    }
}

#[test]
#[ignore = "solves the 7x7 start: about a minute in release (seat 1 wins, 2.0e8 nodes)"]
fn solve_7x7_start() {
    let mut solver = Solver::new(26);
    let s = State::default();
    let w = solver.winner(&s);
    println!(
        "7x7: seat {} wins with perfect play ({} nodes)",
        State::seat_name(w),
        solver.nodes()
    );
    assert_eq!(w, Seat::of(0));
}
