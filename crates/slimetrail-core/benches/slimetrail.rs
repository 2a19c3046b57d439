//! Criterion benches: legal-move generation, apply, perft to depth 8 (bulk counting at the last
//! ply), random playouts, and the encoding (observation and action ids against legal-move
//! generation on the same positions).

use boardgame_kit::{perft, playout, Actions, Encoding, Game, SplitMix64};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use slimetrail_core::{Params, State};
use std::hint::black_box;

fn midgame() -> State {
    let mut s = State::default();
    for m in ["c3", "b4", "c5", "d5", "e6", "f5"] {
        s.play(m.parse().unwrap());
    }
    s
}

/// The heaviest observation met: 9x9, 69 actions in (69 slimed cells), the snail on `h8` with
/// seven moves (found by a search over corner-avoiding random games).
fn late_nine() -> State {
    let mut s = State::new(&"size=9".parse::<Params>().unwrap());
    let line = "f6 g5 f5 g4 h4 g3 f4 e4 d3 c3 b2 a2 a3 b3 a4 b5 b4 c5 d6 e6 d7 e8 e7 f7 g6 h6 h5 \
        i5 i4 i3 h3 h2 i1 i2 h1 g2 f1 g1 f2 e1 d1 c1 c2 d2 e2 f3 e3 d4 c4 d5 c6 c7 b7 b6 a5 a6 \
        a7 a8 b8 a9 b9 c8 d8 c9 d9 e9 f8 g9 h8";
    for m in line.split_whitespace() {
        s.try_play(m.parse().unwrap()).unwrap();
    }
    s
}

/// Legal-move generation, `observe` (from the mover, into a reused buffer) and the ids of all
/// legal actions (into a reused buffer) on the same positions, to compare in one run.
fn encoding(c: &mut Criterion) {
    let positions = [
        ("start 7x7", State::default()),
        ("midgame 7x7", midgame()),
        ("late 9x9", late_nine()),
    ];
    let mut g = c.benchmark_group("slimetrail/encoding");
    g.throughput(Throughput::Elements(1));
    for (name, s) in positions {
        g.bench_function(format!("legal_actions {name}"), |b| {
            let mut list = Actions::<State>::new();
            b.iter(|| {
                black_box(&s).legal_actions(&mut list);
                list.len()
            })
        });
        g.bench_function(format!("observe {name}"), |b| {
            let mut obs = vec![0.0f32; State::observation_shape(&s.params()).size()];
            let seat = s.mover();
            b.iter(|| black_box(&s).observe(black_box(seat), &mut obs))
        });
        g.bench_function(format!("action ids {name}"), |b| {
            let mut list = Actions::<State>::new();
            s.legal_actions(&mut list);
            let mut ids: Vec<usize> = Vec::with_capacity(8);
            b.iter(|| {
                ids.clear();
                let s = black_box(&s);
                ids.extend(list.iter().filter_map(|&a| s.action_id(a)));
                ids.len()
            })
        });
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    let start = State::default();
    let mid = midgame();

    let mut g = c.benchmark_group("slimetrail/movegen");
    g.throughput(Throughput::Elements(1));
    g.bench_function("legal_actions start", |b| {
        let mut list = Actions::<State>::new();
        b.iter(|| {
            black_box(&start).legal_actions(&mut list);
            list.len()
        })
    });
    g.bench_function("legal_actions midgame", |b| {
        let mut list = Actions::<State>::new();
        b.iter(|| {
            black_box(&mid).legal_actions(&mut list);
            list.len()
        })
    });
    g.bench_function("play+undo", |b| {
        let a = "e5".parse().unwrap();
        let mut s = mid;
        b.iter(|| {
            let u = black_box(&mut s).play_unchecked(black_box(a));
            s.undo(u);
        })
    });
    g.finish();

    let leaves = State::default().perft(8);
    let mut g = c.benchmark_group("slimetrail/perft");
    g.sample_size(10);
    g.throughput(Throughput::Elements(leaves));
    g.bench_function("perft 8 7x7 (kernel: masks, table, root symmetries)", |b| {
        b.iter(|| black_box(&start).perft(black_box(8)))
    });
    g.bench_function(
        "perft 8 7x7 (kit perft: the kernel through the hook)",
        |b| {
            let mut s = start;
            b.iter(|| perft(black_box(&mut s), black_box(8)))
        },
    );
    g.bench_function("perft 8 7x7 (generic kit driver)", |b| {
        let mut s = start;
        b.iter(|| boardgame_kit::perft_generic(black_box(&mut s), black_box(8)))
    });
    g.finish();

    // The depth of the C comparison (benches/c/compare.sh).
    let mut g = c.benchmark_group("slimetrail/perft-deep");
    g.sample_size(10);
    g.throughput(Throughput::Elements(State::default().perft(11)));
    g.bench_function("perft 11 7x7 (kernel)", |b| {
        b.iter(|| black_box(&start).perft(black_box(11)))
    });
    g.finish();

    let mut g = c.benchmark_group("slimetrail/playout");
    g.throughput(Throughput::Elements(1));
    g.bench_function("random playout 7x7 (fast path)", |b| {
        let mut rng = SplitMix64::new(1);
        b.iter(|| {
            let mut s = start;
            s.random_playout(&mut rng)
        })
    });
    g.bench_function("random playout 7x7 (generic kit driver)", |b| {
        let mut rng = SplitMix64::new(1);
        b.iter(|| {
            let mut s = start;
            playout(&mut s, &mut rng, u64::MAX).length
        })
    });
    let nine = State::new(&"size=9".parse::<Params>().unwrap());
    g.bench_function("random playout 9x9 (fast path)", |b| {
        let mut rng = SplitMix64::new(1);
        b.iter(|| {
            let mut s = nine;
            s.random_playout(&mut rng)
        })
    });
    g.finish();
}

criterion_group!(slimetrail, benches, encoding);
criterion_main!(slimetrail);
