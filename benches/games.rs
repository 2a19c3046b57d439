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
    bench_game::<arandia_core::State>(
        c,
        &Spec {
            label: "arandia",
            params: "players=2,turn_limit=100",
            perft_depth: 6,
            midgame_ply: 20,
            max_actions: u64::MAX,
        },
    );
    bench_game::<arandia_core::State>(
        c,
        &Spec {
            label: "arandia 6p",
            params: "players=6,turn_limit=100",
            perft_depth: 6,
            midgame_ply: 20,
            max_actions: u64::MAX,
        },
    );
    bench_game::<repello_core::State>(
        c,
        &Spec {
            label: "repello",
            params: "",
            perft_depth: 4,
            midgame_ply: 12,
            max_actions: 100_000,
        },
    );
    bench_game::<repello_core::State>(
        c,
        &Spec {
            label: "repello 4p",
            params: "players=4",
            perft_depth: 4,
            midgame_ply: 16,
            max_actions: 100_000,
        },
    );
    bench_game::<elements_core::State>(
        c,
        &Spec {
            label: "elements",
            params: "",
            perft_depth: 4,
            midgame_ply: 30,
            max_actions: u64::MAX,
        },
    );
    bench_game::<elements_core::State>(
        c,
        &Spec {
            label: "elements blitz 4p",
            params: "board=blitz,players=4",
            perft_depth: 4,
            midgame_ply: 40,
            max_actions: u64::MAX,
        },
    );
    bench_game::<splut_core::State>(
        c,
        &Spec {
            label: "splut",
            params: "",
            perft_depth: 5,
            midgame_ply: 20,
            max_actions: 100_000,
        },
    );
    bench_game::<splut_core::State>(
        c,
        &Spec {
            label: "splut 4p",
            params: "players=4",
            perft_depth: 5,
            midgame_ply: 30,
            max_actions: 100_000,
        },
    );
}

criterion_group!(games, all);
criterion_main!(games);
