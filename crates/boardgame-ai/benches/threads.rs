//! Root-parallel MCTS: one choice of 20,000 iterations from Slime Trail 7x7's start with 1 and
//! 2 threads (`mcts:iterations=20000,solver=off,threads=N`, a fresh agent per choice); the
//! iterations per second are 20,000 over the time per choice.

use boardgame_ai::from_spec;
use boardgame_kit::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn threads(c: &mut Criterion) {
    let state = slimetrail_core::State::new(&"size=7".parse().unwrap());
    let mut group = c.benchmark_group("mcts_threads");
    group.throughput(Throughput::Elements(20_000));
    group.sample_size(10);
    for n in [1, 2] {
        let spec = format!("mcts:iterations=20000,solver=off,threads={n}");
        group.bench_function(format!("slimetrail7_threads{n}"), |b| {
            b.iter(|| {
                let mut agent = from_spec::<slimetrail_core::State>(&spec, 1).unwrap();
                agent.choose(&state).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, threads);
criterion_main!(benches);
