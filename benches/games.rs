//! `cargo bench -p boardgame-benches`: every game through the uniform API.

use boardgame_benches::{bench_game, Spec};
use criterion::{criterion_group, criterion_main, Criterion};

fn all(c: &mut Criterion) {
    bench_game::<slimetrail_core::State>(
        c,
        &Spec {
            label: "slimetrail",
            params: "",
            perft_depth: 8,
            midgame_ply: 6,
            max_actions: u64::MAX,
        },
    );
}

criterion_group!(games, all);
criterion_main!(games);
