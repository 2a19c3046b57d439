//! Criterion benches of Arandian checkers: action generation, apply (+ undo), perft and random
//! playouts with a turn limit, for 2 and 6 players, on fixed-seed positions; and the encoding
//! (legal actions, observation and action ids side by side, `arandia/encoding/...`).

use arandia_core::{Params, State};
use boardgame_kit::game::KeyHasher;
use boardgame_kit::{perft, perft_generic, playout, Actions, Encoding, Game, Seat, SplitMix64};
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

/// The encoding next to legal-action generation, per position: the legal list, the
/// observation from the seat to act (seat 0 once the game is over) into a reused buffer (and,
/// for scale, zeroing that buffer alone, which the kit's `observe` does first), and the ids of
/// every legal action (lists made beforehand) into a reused buffer.
fn encoding(c: &mut Criterion) {
    let one = |p: &str, text: &str| vec![State::from_position(&p.parse().unwrap(), text).unwrap()];
    let cases: Vec<(&str, Vec<State>)> = vec![
        ("2p start", vec![State::new(&Params::default())]),
        // The longest legal list: a ship on the island, one mid-harbour, a sunk ship (13).
        ("2p heaviest", one("", "0 - t3 0:e5,g9,x 3:c1,d1,e4")),
        (
            "4p mid-combat",
            one(
                "players=4,turn_limit=60",
                "1 defend:h8:0:6 t5 0:f9,g9,h8 1:h8*,i8*,x* 3:c1,c1,d2 4:a2,a3,b4",
            ),
        ),
        ("2p 64 mid-game", positions("turn_limit=1000000", 64)),
        (
            "6p 64 mid-game",
            positions("players=6,turn_limit=1000000", 64),
        ),
    ];
    let mut g = c.benchmark_group("arandia/encoding");
    for (name, states) in &cases {
        let params = states[0].params();
        let mut buf = Actions::<State>::new();
        let lists: Vec<Vec<_>> = states
            .iter()
            .map(|s| {
                s.legal_actions(&mut buf);
                buf.to_vec()
            })
            .collect();
        let mut obs = vec![0.0f32; State::observation_shape(&params).size()];
        let mut ids = [0usize; arandia_core::MAX_ACTIONS];
        g.throughput(Throughput::Elements(states.len() as u64));
        g.bench_function(format!("{name}: legal actions (per position)"), |b| {
            b.iter(|| {
                let mut n = 0;
                for s in states {
                    black_box(s).legal_actions(&mut buf);
                    n += buf.len();
                }
                n
            })
        });
        g.bench_function(
            format!("{name}: zeroing the buffer alone (per position)"),
            |b| {
                b.iter(|| {
                    for _ in states {
                        black_box(&mut obs[..]).fill(0.0);
                    }
                    obs[0]
                })
            },
        );
        g.bench_function(format!("{name}: observe (per position)"), |b| {
            b.iter(|| {
                for s in states {
                    let seat = s.to_act().seat().unwrap_or(Seat::of(0));
                    black_box(s).observe(seat, &mut obs).unwrap();
                }
                obs[0]
            })
        });
        g.bench_function(
            format!("{name}: ids of the legal actions (per position)"),
            |b| {
                b.iter(|| {
                    let mut n = 0;
                    for (s, list) in states.iter().zip(&lists) {
                        for (id, &a) in ids.iter_mut().zip(list) {
                            *id = black_box(s).action_id(a).unwrap_or(usize::MAX);
                        }
                        n += ids[0];
                    }
                    n
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, bench, encoding);
criterion_main!(benches);
