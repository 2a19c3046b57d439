//! Criterion benches: move generation, push generation in a crowded phase, apply, perft and
//! random playouts (2 and 4 players), on fixed-seed positions; and the encoding (legal actions,
//! observation, ids of the legal actions) side by side on the same positions.
use boardgame_kit::encoding::Encoding;
use boardgame_kit::{perft, perft_generic, playout, Actions, Game, Seat, SplitMix64, ToAct};
use criterion::{criterion_group, criterion_main, Criterion};
use repello_core::{Params, Phase, State};
use std::hint::black_box;

/// The first position of a seeded random game that satisfies `want`.
fn find(params: &Params, want: impl Fn(&State) -> bool) -> State {
    for seed in 1.. {
        let mut s = State::new(params);
        let mut rng = SplitMix64::new(seed);
        let mut buf = Actions::<State>::new();
        while s.to_act() != ToAct::Over {
            if want(&s) {
                return s;
            }
            let a = boardgame_kit::random_action(&s, &mut rng, &mut buf).unwrap();
            s.play_unchecked(a);
        }
    }
    unreachable!()
}

fn benches(c: &mut Criterion) {
    let p2 = Params::default();
    let p4: Params = "players=4".parse().unwrap();
    let turn = find(&p2, |s| s.phase() == Phase::Turn && s.count_legal() >= 6);
    let crowded = find(&p2, |s| {
        s.phase() == Phase::Repulsion && s.count_legal() >= 12
    });
    let mut buf = Actions::<State>::new();
    c.bench_function("movegen (turn start)", |b| {
        b.iter(|| {
            black_box(&turn).legal_actions(&mut buf);
            buf.len()
        })
    });
    c.bench_function("pushgen (crowded phase)", |b| {
        b.iter(|| {
            black_box(&crowded).legal_actions(&mut buf);
            buf.len()
        })
    });
    let mut s = crowded.clone();
    crowded.legal_actions(&mut buf);
    let a = buf[0];
    c.bench_function("apply+undo (push)", |b| {
        b.iter(|| {
            let u = s.play_unchecked(black_box(a));
            s.undo(u);
        })
    });
    let mut start = State::new(&p2);
    c.bench_function("perft 4 (2 players, start)", |b| {
        b.iter(|| perft(&mut start, 4))
    });
    // The crate's kernel (behind `perft` and `boardgame perft`) and the generic driver, from
    // the start and (no symmetry to use) from the position after the first placement.
    let mut placed = State::new(&p2);
    placed.play("e5".parse().unwrap());
    let mut group = c.benchmark_group("perft 7 (2 players)");
    group.sample_size(10);
    for (name, s) in [("start", &mut start), ("after e5", &mut placed)] {
        group.bench_function(format!("kernel, {name}"), |b| b.iter(|| s.perft_kernel(7)));
        group.bench_function(format!("generic driver, {name}"), |b| {
            b.iter(|| perft_generic(s, 7))
        });
    }
    group.finish();
    let mut seed = 0u64;
    c.bench_function("playout (2 players)", |b| {
        b.iter(|| {
            seed += 1;
            let mut s = State::new(&p2);
            playout(&mut s, &mut SplitMix64::new(seed), u64::MAX).length
        })
    });
    c.bench_function("playout (4 players)", |b| {
        b.iter(|| {
            seed += 1;
            let mut s = State::new(&p4);
            playout(&mut s, &mut SplitMix64::new(seed), u64::MAX).length
        })
    });
}

/// Legal-action generation, the observation into a reused buffer, and the ids of all legal
/// actions into a reused buffer, on the same positions: the setup round's start, a turn start
/// (moves), a three-player repulsion phase four pushes in (the golden observation's), and
/// crowded repulsion phases (12 or more pushes) with two and four players (the largest
/// observation).
fn encoding(c: &mut Criterion) {
    let p2 = Params::default();
    let p4: Params = "players=4".parse().unwrap();
    let crowded = |s: &State| s.phase() == Phase::Repulsion && s.count_legal() >= 12;
    let golden: boardgame_kit::Record<State> = "repello players=3: h9 i6 f9 s g7/sw h9/n sw ne \
        g12/nw h11/n e l7/sw ne sw e9/w s se k3/w m4/ne w e9 d9/w b9/w f9/e g9/sw e9/nw c9/sw \
        b7/s a9/nw d10/se f8/se f6/sw g7/sw"
        .parse()
        .unwrap();
    let positions = [
        ("start", State::new(&p2)),
        (
            "turn start",
            find(&p2, |s| s.phase() == Phase::Turn && s.count_legal() >= 6),
        ),
        ("3p repulsion", golden.state().clone()),
        ("crowded repulsion", find(&p2, crowded)),
        ("4p crowded repulsion", find(&p4, crowded)),
    ];
    let mut group = c.benchmark_group("encoding");
    let mut buf = Actions::<State>::new();
    let mut ids: Vec<usize> = Vec::with_capacity(repello_core::MAX_ACTIONS);
    for (name, s) in &positions {
        let mut obs = vec![0.0f32; State::observation_shape(&s.params()).size()];
        group.bench_function(format!("legal actions, {name}"), |b| {
            b.iter(|| {
                black_box(s).legal_actions(&mut buf);
                buf.len()
            })
        });
        group.bench_function(format!("observe, {name}"), |b| {
            b.iter(|| black_box(s).observe(Seat::of(0), &mut obs))
        });
        s.legal_actions(&mut buf);
        group.bench_function(format!("ids of the legal actions, {name}"), |b| {
            b.iter(|| {
                let s = black_box(s);
                ids.clear();
                ids.extend(buf.iter().filter_map(|&a| s.action_id(a)));
                ids.len()
            })
        });
    }
    group.finish();
}

criterion_group!(g, benches, encoding);
criterion_main!(g);
