//! MCTS on threads: one choice of 20,000 iterations from Slime Trail 7x7's start on one
//! thread, on 2 threads with a tree each (root parallelism) and on 2 threads sharing one tree
//! (`mcts:iterations=20000,solver=off,threads=N[,parallel=tree]`, a fresh agent per choice);
//! the iterations per second are 20,000 over the time per choice. The same for 2,000
//! iterations from two-player Splut!'s start (long random playouts, cut at 200 actions).

use boardgame_ai::from_spec;
use boardgame_kit::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// One choice of a fresh agent of each SPEC from `state` (`iterations` in its SPEC), named
/// `name`, in the group `mcts_threads`.
fn choices<G: Game>(c: &mut Criterion, state: &G, iterations: u64, specs: &[(&str, &str)]) {
    let mut group = c.benchmark_group("mcts_threads");
    group.throughput(Throughput::Elements(iterations));
    group.sample_size(10);
    for &(name, spec) in specs {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut agent = from_spec::<G>(spec, 1).unwrap();
                agent.choose(state).unwrap()
            })
        });
    }
    group.finish();
}

fn threads(c: &mut Criterion) {
    choices(
        c,
        &slimetrail_core::State::new(&"size=7".parse().unwrap()),
        20_000,
        &[
            ("slimetrail7_threads1", "mcts:iterations=20000,solver=off"),
            (
                "slimetrail7_threads2",
                "mcts:iterations=20000,solver=off,threads=2",
            ),
            (
                "slimetrail7_threads2_tree",
                "mcts:iterations=20000,solver=off,threads=2,parallel=tree",
            ),
        ],
    );
    choices(
        c,
        &splut_core::State::new(&Default::default()),
        2_000,
        &[
            ("splut2_threads1", "mcts:iterations=2000"),
            ("splut2_threads2", "mcts:iterations=2000,threads=2"),
            (
                "splut2_threads2_tree",
                "mcts:iterations=2000,threads=2,parallel=tree",
            ),
        ],
    );
}

criterion_group!(benches, threads);
criterion_main!(benches);
