//! One criterion bench routine for any game of the workspace, through the uniform API: legal
//! generation at the start and in a random midgame, play + undo, perft, random playouts, and
//! what learning programs call at every step ([`Encoding`]): the observation of a position
//! and the ids of its legal actions, beside the legal generation of the same position.

use boardgame_kit::{perft, playout, random_action, Actions, Encoding, Game, SplitMix64};
use criterion::{Criterion, Throughput};
use std::hint::black_box;

/// What to measure for one game and parameter set.
#[derive(Clone, Debug)]
pub struct Spec<'a> {
    /// Label (game and parameters).
    pub label: &'a str,
    /// Parameters text.
    pub params: &'a str,
    /// Perft depth to time.
    pub perft_depth: u32,
    /// Random actions played to reach the midgame position.
    pub midgame_ply: u64,
    /// Cap on playout length (for games without a bound).
    pub max_actions: u64,
}

/// A reproducible midgame position: `ply` random actions from the start (seed 7).
pub fn midgame<G: Game>(params: &G::Params, ply: u64) -> G {
    let mut s = G::new(params);
    let mut rng = SplitMix64::new(7);
    let mut buf = Actions::<G>::new();
    for _ in 0..ply {
        match random_action(&s, &mut rng, &mut buf) {
            Some(a) => {
                s.play_unchecked(a);
            }
            None => break,
        }
    }
    s
}

/// The ids of the legal actions of `state` into `ids`, a buffer the caller keeps (what a
/// learner's action mask needs at every step).
pub fn legal_ids<G: Encoding>(state: &G, list: &mut Actions<G>, ids: &mut Vec<usize>) {
    state.legal_actions(list);
    ids.clear();
    ids.extend(list.iter().filter_map(|&a| state.action_id(a)));
}

/// Registers the benches of one game.
pub fn bench_game<G: Encoding>(c: &mut Criterion, spec: &Spec<'_>) {
    let params: G::Params = spec
        .params
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", spec.label));
    let start = G::new(&params);
    let mid = midgame::<G>(&params, spec.midgame_ply);
    let mut g = c.benchmark_group(spec.label);
    g.throughput(Throughput::Elements(1));
    g.bench_function("legal_actions start", |b| {
        let mut list = Actions::<G>::new();
        b.iter(|| {
            black_box(&start).legal_actions(&mut list);
            list.len()
        })
    });
    g.bench_function("legal_actions midgame", |b| {
        let mut list = Actions::<G>::new();
        b.iter(|| {
            black_box(&mid).legal_actions(&mut list);
            list.len()
        })
    });
    let observer = mid.seats().lowest().expect("a game has seats");
    let mut obs = vec![0.0f32; G::observation_shape(&params).size()];
    // The floor under any observation: writing the buffer's zeros (the kit's `observe` does
    // that before the game writes its ones).
    g.bench_function("zero fill", |b| {
        b.iter(|| {
            black_box(&mut obs).fill(0.0);
            obs.len()
        })
    });
    for (name, state) in [("start", &start), ("midgame", &mid)] {
        g.bench_function(format!("observe {name}"), |b| {
            b.iter(|| black_box(state).observe(observer, &mut obs).is_ok())
        });
        g.bench_function(format!("legal ids {name}"), |b| {
            let (mut list, mut ids) = (Actions::<G>::new(), Vec::with_capacity(1024));
            b.iter(|| {
                legal_ids(black_box(state), &mut list, &mut ids);
                ids.len()
            })
        });
    }
    let mut list = Actions::<G>::new();
    mid.legal_actions(&mut list);
    if let Some(&a) = list.first() {
        g.bench_function("play+undo midgame", |b| {
            let mut s = mid.clone();
            b.iter(|| {
                let u = black_box(&mut s).play_unchecked(black_box(a));
                s.undo(u);
            })
        });
    }
    g.bench_function("random playout", |b| {
        let mut rng = SplitMix64::new(1);
        b.iter(|| {
            let mut s = start.clone();
            playout(&mut s, &mut rng, spec.max_actions).length
        })
    });
    let leaves = perft(&mut start.clone(), spec.perft_depth);
    g.throughput(Throughput::Elements(leaves));
    g.sample_size(10);
    g.bench_function(format!("perft {}", spec.perft_depth), |b| {
        let mut s = start.clone();
        b.iter(|| perft(black_box(&mut s), spec.perft_depth))
    });
    g.finish();
}

/// The README's library example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
