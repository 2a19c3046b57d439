//! MCTS iterations per second against raw random playouts per second (the tree's overhead),
//! and alpha-beta nodes per second, for every game from a fixed midgame position.
//!
//! `cargo bench -p boardgame-ai --bench ai`

use boardgame_ai::{Agent, AlphaBeta, AlphaBetaConfig, Budget, Mcts, MctsConfig};
use boardgame_kit::{playout, random_action, Actions, Game, SplitMix64, ToAct};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// Iterations per MCTS measurement, and playouts per raw measurement.
const BATCH: u64 = 200;
/// Alpha-beta's node budget per measurement.
const AB_NODES: u64 = 20_000;

/// A position `plies` random actions from the start with a seat to act.
fn midgame<G: Game>(params: &str, plies: u32) -> G {
    let params: G::Params = params.parse().map_err(|_| params).unwrap();
    let mut rng = SplitMix64::new(12);
    let mut buf = Actions::<G>::new();
    loop {
        let mut s = G::new(&params);
        for _ in 0..plies {
            match random_action(&s, &mut rng, &mut buf) {
                Some(a) => {
                    s.play_unchecked(a);
                }
                None => break,
            }
        }
        if matches!(s.to_act(), ToAct::Seat(_)) {
            return s;
        }
    }
}

fn bench_game<G: Game>(c: &mut Criterion, label: &str, params: &str, plies: u32) {
    let state = midgame::<G>(params, plies);
    let mut group = c.benchmark_group(label);
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("raw random playouts", |b| {
        let mut rng = SplitMix64::new(1);
        b.iter(|| {
            for _ in 0..BATCH {
                let mut s = state.clone();
                black_box(playout(&mut s, &mut rng, u64::MAX));
            }
        })
    });
    // Playouts to the end, like the raw ones (no game cutoff), so the ratio is the tree's
    // overhead.
    let mcts_iterations = |b: &mut criterion::Bencher, rave: Option<u32>| {
        let config = MctsConfig {
            solver: false,
            cutoff: Some(u32::MAX),
            rave,
            ..MctsConfig::default()
        };
        let mut mcts = Mcts::<G>::new(config, Budget::iterations(BATCH), 1);
        b.iter(|| {
            mcts.restart();
            mcts.search(black_box(&state), BATCH);
        })
    };
    group.bench_function("mcts iterations", |b| mcts_iterations(b, None));
    // A fresh agent each time: its node arena grows as the search needs it (the default), or
    // is reserved whole first (`Mcts::reserve_arena`, as every agent did before).
    let fresh = |b: &mut criterion::Bencher, reserve: bool| {
        let config = MctsConfig {
            solver: false,
            cutoff: Some(u32::MAX),
            ..MctsConfig::default()
        };
        b.iter(|| {
            let mut mcts = Mcts::<G>::new(config, Budget::iterations(BATCH), 1);
            if reserve {
                mcts.reserve_arena().unwrap();
            }
            mcts.search(black_box(&state), BATCH);
            black_box(mcts.tree_size())
        })
    };
    group.bench_function("mcts fresh agent, arena grown", |b| fresh(b, false));
    group.bench_function("mcts fresh agent, arena reserved", |b| fresh(b, true));
    if G::rave_equivalence(&state.params()).is_some_and(|k| k > 0) {
        // The game asks for RAVE (Elements): the same search without it shows what it costs.
        group.bench_function("mcts iterations without rave", |b| {
            mcts_iterations(b, Some(0))
        });
    }
    let mut probe = AlphaBeta::<G>::new(AlphaBetaConfig::default(), Budget::nodes(AB_NODES));
    probe.choose(&state).unwrap();
    group.throughput(Throughput::Elements(probe.nodes()));
    group.bench_function("alphabeta nodes", |b| {
        let mut ab = AlphaBeta::<G>::new(AlphaBetaConfig::default(), Budget::nodes(AB_NODES));
        // Each run starts from a restarted agent (no table: the choice takes 4096 entries and
        // grows them as the search fills them, inside the timing); the restart stays out.
        b.iter_custom(|runs| {
            let mut total = std::time::Duration::ZERO;
            for _ in 0..runs {
                ab.restart();
                let start = std::time::Instant::now();
                black_box(ab.choose(black_box(&state)).unwrap());
                total += start.elapsed();
            }
            total
        })
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    bench_game::<slimetrail_core::State>(c, "slimetrail 7x7", "", 2);
    bench_game::<splut_core::State>(c, "splut 2p turn_limit=100", "turn_limit=100", 12);
    bench_game::<elements_core::State>(c, "elements blitz 2p", "board=blitz", 30);
    bench_game::<repello_core::State>(c, "repello 2p", "", 12);
    bench_game::<arandia_core::State>(c, "arandia 2p turn_limit=100", "turn_limit=100", 20);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = games
}
criterion_main!(benches);
