//! Criterion benches of Arandian checkers: action generation, apply (+ undo), perft and random
//! playouts with a turn limit, for 2 and 6 players, on fixed-seed positions.

use arandia_core::{Params, State};
use boardgame_kit::game::KeyHasher;
use boardgame_kit::{perft, perft_generic, playout, Actions, Game, SplitMix64};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hash::{Hash, Hasher};
use std::hint::black_box;

/// Positions reached by fixed-seed random play from the start (chance nodes included).
fn positions(params: &str, n: usize) -> Vec<State> {
    let params: Params = params.parse().unwrap();
    (0..n as u64)
        .map(|seed| {
            let mut s = State::new(&params);
            playout(&mut s, &mut SplitMix64::new(seed), 40 + seed * 7);
            s
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for (name, params) in [
        ("2p", "turn_limit=1000000"),
        ("6p", "players=6,turn_limit=1000000"),
    ] {
        let states = positions(params, 64);
        let mut buf = Actions::<State>::new();
        let mut g = c.benchmark_group(format!("arandia/{name}"));
        g.throughput(Throughput::Elements(states.len() as u64));
        g.bench_function("generate (per position)", |b| {
            b.iter(|| {
                let mut n = 0;
                for s in &states {
                    black_box(s).legal_actions(&mut buf);
                    n += buf.len();
                }
                n
            })
        });
        g.bench_function("position_key, Zobrist (per position)", |b| {
            b.iter(|| {
                states
                    .iter()
                    .fold(0u64, |k, s| k ^ black_box(s).position_key())
            })
        });
        g.bench_function("key by hashing the state (per position)", |b| {
            b.iter(|| {
                states.iter().fold(0u64, |k, s| {
                    let mut h = KeyHasher::default();
                    black_box(s).hash(&mut h);
                    k ^ h.finish()
                })
            })
        });
        let pairs: Vec<(State, Vec<_>)> = states
            .iter()
            .map(|s| {
                let mut l = Actions::<State>::new();
                s.legal_actions(&mut l);
                (*s, l.to_vec())
            })
            .collect();
        g.throughput(Throughput::Elements(
            pairs.iter().map(|(_, l)| l.len() as u64).sum(),
        ));
        g.bench_function("apply+undo (per action)", |b| {
            b.iter(|| {
                let mut n = 0u32;
                for (s, list) in &pairs {
                    let mut s = *s;
                    for &a in list {
                        let u = s.play_unchecked(black_box(a));
                        n = n.wrapping_add(s.turns());
                        s.undo(u);
                    }
                }
                n
            })
        });
        g.finish();
    }
    // Perft from the start: the crate's kernel (through the kit's `perft`) and the generic
    // driver, in leaves per second.
    for (name, params) in [("2p", ""), ("6p", "players=6")] {
        let start = State::new(&params.parse().unwrap());
        let mut g = c.benchmark_group(format!("arandia/{name}/perft"));
        for depth in [8, 11] {
            g.throughput(Throughput::Elements(perft(&mut start.clone(), depth)));
            g.bench_function(format!("kernel {depth} from start"), |b| {
                b.iter(|| perft(&mut black_box(start), depth))
            });
        }
        g.throughput(Throughput::Elements(perft(&mut start.clone(), 8)));
        g.bench_function("generic 8 from start", |b| {
            b.iter(|| perft_generic(&mut black_box(start), 8))
        });
        g.finish();
    }
    for (name, params) in [("2p", "turn_limit=100"), ("6p", "players=6,turn_limit=100")] {
        let params: Params = params.parse().unwrap();
        let mut seed = 0u64;
        c.bench_function(&format!("arandia/{name}/playout 100 turns"), |b| {
            b.iter(|| {
                seed += 1;
                let mut s = State::new(&params);
                playout(&mut s, &mut SplitMix64::new(seed), u64::MAX).length
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
