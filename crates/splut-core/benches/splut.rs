//! Criterion benches: step generation (start, midgame, crowded), apply + undo, position keys,
//! the encoding (legal steps against the observation and the ids of the legal steps), perft
//! and random playouts with `turn_limit=200`, all on fixed-seed positions.

use boardgame_kit::drivers::playout_generic;
use boardgame_kit::encoding::Encoding;
use boardgame_kit::game::KeyHasher;
use boardgame_kit::{perft, playout, Actions, Game, SplitMix64};
use core::hash::{Hash, Hasher};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use splut_core::{Params, State};
use std::hint::black_box;

/// The position after `steps` random steps of the generic driver (the crate's playout kernel
/// draws other games for a seed: through it, seed 7 ends the game before step 60).
fn after(params: &str, seed: u64, steps: u64) -> State {
    let mut s = State::new(&params.parse().unwrap());
    let p = playout_generic(&mut s, &mut SplitMix64::new(seed), steps);
    assert_eq!(p.length, steps, "the benched position is in play");
    s
}

/// A crowded four-player position: every team on the board and the Rocks in the middle.
fn crowded() -> State {
    State::from_position(
        &"players=4".parse().unwrap(),
        "d5,e6,f5,e4 s:d3,e3,f4;w:c5,c4,d4;n:e7,d6,f6;e:g5,f3,e5 s 5 3 - - -",
    )
    .unwrap()
}

/// The most legal steps met in a random search of two-player set-ups (36): the Troll among
/// the four Rocks (16 throws), the Sorcerer free to levitate them.
fn heaviest() -> State {
    State::from_position(
        &Params::default(),
        "c4,b5,d5,c6 s:g4,c5,f7;n:e6,h6,f5 s 5 3 - - -",
    )
    .unwrap()
}

fn positions() -> Vec<(&'static str, State)> {
    vec![
        ("start", State::new(&Params::default())),
        ("midgame", after("", 7, 60)),
        ("crowded", crowded()),
    ]
}

fn generation(c: &mut Criterion) {
    let mut g = c.benchmark_group("legal_actions");
    for (name, s) in positions() {
        let mut buf = Actions::<State>::new();
        g.bench_function(name, |b| {
            b.iter(|| {
                black_box(&s).legal_actions(&mut buf);
                black_box(buf.len())
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("count_legal");
    for (name, s) in positions() {
        g.bench_function(name, |b| b.iter(|| black_box(&s).count_legal()));
    }
    g.finish();
}

fn apply(c: &mut Criterion) {
    let mut g = c.benchmark_group("apply_undo");
    for (name, s) in positions() {
        let mut buf = Actions::<State>::new();
        s.legal_actions(&mut buf);
        g.throughput(Throughput::Elements(buf.len() as u64));
        g.bench_function(name, |b| {
            let mut st = s;
            b.iter(|| {
                for &a in buf.iter() {
                    let u = st.play_unchecked(black_box(a));
                    st.undo(u);
                }
            })
        });
    }
    g.finish();
}

/// `Game::position_key` (the compact form, hashed) against the kit's default, a hash of the
/// whole state.
fn position_key(c: &mut Criterion) {
    let mut g = c.benchmark_group("position_key");
    for (name, s) in positions() {
        g.bench_function(format!("{name} compact"), |b| {
            b.iter(|| black_box(&s).position_key())
        });
        g.bench_function(format!("{name} default hash"), |b| {
            b.iter(|| {
                let mut h = KeyHasher::default();
                black_box(&s).hash(&mut h);
                h.finish()
            })
        });
    }
    g.finish();
}

/// The encoding against generation on the same positions: the legal steps, the observation
/// seen from the seat to move (into a reused buffer), and the ids of every legal step (into a
/// reused buffer); on the usual positions, a four-player midgame and the heaviest set-up known.
/// `clear` is the floor of `observe`: zeroing the buffer alone, as the kit's
/// `observe` does before the game writes its values. The four-player positions have the
/// largest observation (25 planes of 81 values).
fn encoding(c: &mut Criterion) {
    let mut g = c.benchmark_group("encoding");
    let mut all = positions();
    all.push(("midgame_4p", after("players=4", 7, 60)));
    all.push(("heaviest", heaviest()));
    for (name, s) in all {
        let mut buf = Actions::<State>::new();
        g.bench_function(format!("{name} legal_actions"), |b| {
            b.iter(|| {
                black_box(&s).legal_actions(&mut buf);
                black_box(buf.len())
            })
        });
        let seat = s.to_act().seat().expect("the benched position is in play");
        let mut obs = vec![0.0f32; State::observation_shape(&s.params()).size()];
        g.bench_function(format!("{name} observe"), |b| {
            b.iter(|| {
                black_box(&s).observe(seat, &mut obs).unwrap();
                black_box(obs[0])
            })
        });
        g.bench_function(format!("{name} clear"), |b| {
            b.iter(|| {
                black_box(&mut obs[..]).fill(0.0);
                black_box(obs[0])
            })
        });
        s.legal_actions(&mut buf);
        let mut ids = Vec::with_capacity(buf.len());
        g.bench_function(format!("{name} action_ids"), |b| {
            b.iter(|| {
                ids.clear();
                let st = black_box(&s);
                ids.extend(buf.iter().filter_map(|&a| st.action_id(a)));
                black_box(ids.len())
            })
        });
    }
    g.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, params, depth, leaves) in [
        ("2p_d7", "", 7, 448_272u64),
        ("4p_d9", "players=4", 9, 2_316_399),
        ("midgame_d4", "mid", 4, 0),
    ] {
        let mut s = if params == "mid" {
            after("", 7, 60)
        } else {
            State::new(&params.parse().unwrap())
        };
        let leaves = if leaves == 0 {
            perft(&mut s, depth)
        } else {
            leaves
        };
        g.throughput(Throughput::Elements(leaves));
        g.bench_function(format!("{name} generic"), |b| {
            b.iter(|| assert_eq!(perft(&mut s, depth), leaves))
        });
        g.bench_function(format!("{name} kernel"), |b| {
            b.iter(|| assert_eq!(black_box(&s).perft(depth), leaves))
        });
    }
    g.finish();
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("playout");
    for (name, params) in [
        ("2p_limit200", "turn_limit=200"),
        ("4p_limit200", "players=4,turn_limit=200"),
    ] {
        let p: Params = params.parse().unwrap();
        let start = State::new(&p);
        g.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        g.bench_function(format!("{name} generic"), |b| {
            b.iter_batched(
                || {
                    seed += 1;
                    (start, SplitMix64::new(seed))
                },
                |(mut s, mut rng)| playout(&mut s, &mut rng, u64::MAX).length,
                BatchSize::SmallInput,
            )
        });
        g.bench_function(format!("{name} kernel"), |b| {
            b.iter_batched(
                || {
                    seed += 1;
                    (start, SplitMix64::new(seed))
                },
                |(mut s, mut rng)| s.random_playout(&mut rng, u64::MAX).0,
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    generation,
    apply,
    position_key,
    encoding,
    perft_bench,
    playouts
);
criterion_main!(benches);
