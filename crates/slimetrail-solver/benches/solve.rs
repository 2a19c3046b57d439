//! Criterion benches of the exact solver: the proof of the 7x7 start (its value, and the value
//! of every first action as `boardgame solve slimetrail` gives them), and every action's value
//! in a set of 7x7 mid-game positions, by both search methods, each from an empty table.

use boardgame_kit::{Game, RandomSource, SplitMix64};
use criterion::{criterion_group, criterion_main, Criterion};
use slimetrail_core::{State, Step};
use slimetrail_solver::{Method, Solver};
use std::hint::black_box;

/// Twelve positions ten actions into a 7x7 game, reached by random walks that avoid corners.
fn midgames() -> Vec<State> {
    let mut out = Vec::new();
    let mut rng = SplitMix64::new(7);
    while out.len() < 12 {
        let mut s = State::default();
        let b = s.board();
        let corners = 1 | 1 << b.corner(boardgame_kit::Seat::of(1));
        for _ in 0..10 {
            let mut m = s.moves() & !corners;
            if m == 0 {
                break;
            }
            for _ in 0..rng.below(m.count_ones() as u64) {
                m &= m - 1;
            }
            s.play(Step(b.cell(m.trailing_zeros() as u8)));
        }
        if s.ply() == 10 && s.moves() != 0 {
            out.push(s);
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("slimetrail/solve");
    g.sample_size(10);
    g.bench_function("7x7 start value (2^18 table)", |b| {
        b.iter(|| Solver::new(18).value(black_box(&State::default())))
    });
    g.bench_function("7x7 start value and every first action (2^18 table)", |b| {
        b.iter(|| {
            let mut solver = Solver::new(18);
            let start = State::default();
            let value = solver.value(black_box(&start));
            (value, solver.action_values(&start))
        })
    });
    let mid = midgames();
    g.bench_function(
        "12 7x7 mid-game positions, every action (2^16 table)",
        |b| {
            b.iter(|| {
                let mut solver = Solver::new(16);
                mid.iter()
                    .map(|s| solver.action_values(black_box(s)).len())
                    .sum::<usize>()
            })
        },
    );
    g.bench_function(
        "12 7x7 mid-game positions, every action, df-pn (2^16 tables)",
        |b| {
            b.iter(|| {
                let mut solver = Solver::new(16);
                solver.set_method(Method::ProofNumber).unwrap();
                mid.iter()
                    .map(|s| solver.action_values(black_box(s)).len())
                    .sum::<usize>()
            })
        },
    );
    g.finish();
}

criterion_group!(solve, benches);
criterion_main!(solve);
