//! Criterion benches: legal-move generation, apply, perft to depth 8 (bulk counting at the last
//! ply) and random playouts.

use boardgame_kit::{perft, playout, Actions, Game, SplitMix64};
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

criterion_group!(slimetrail, benches);
criterion_main!(slimetrail);
