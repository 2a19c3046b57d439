//! The rate of batch work from a game's start, in Rust: what `State.playouts` and `State.perft`
//! of the Python package run, timed here without Python, beside the loop of the criterion
//! bench (`benches/lib.rs`: a clone of the concrete state and the kit's `playout` per
//! playout) so that the binding's rate can be compared in one session
//! (`crates/boardgames-py/bench/batch.py` runs both).
//!
//! ```sh
//! cargo run --release -p boardgames --example batch_rate -- slimetrail "" 1000000 5
//! ```
//! prints `dyn_playouts_per_s R`, `bench_playouts_per_s R` and `perft_leaves_per_s R` (perft
//! of the given depth through `DynGame::perft`, best of three, and the kit's `perft` on the
//! concrete type).

use boardgame_kit::{perft, playout, DynGame, Game, SplitMix64};
use std::time::Instant;

/// Playouts per second of the bench's loop on the concrete type `G`.
fn bench_loop<G: Game>(start: &dyn DynGame, n: u64, cap: u64) -> Option<f64> {
    let start: &G = start.as_any().downcast_ref()?;
    let mut rng = SplitMix64::new(1);
    let t = Instant::now();
    let mut total = 0u64;
    for _ in 0..n {
        let mut s = start.clone();
        total += playout(&mut s, &mut rng, cap).length;
    }
    std::hint::black_box(total);
    Some(n as f64 / t.elapsed().as_secs_f64())
}

/// Leaves per second of the kit's perft on the concrete type `G`.
fn bench_perft<G: Game>(start: &dyn DynGame, depth: u32) -> Option<f64> {
    let mut s: G = start.as_any().downcast_ref::<G>()?.clone();
    let mut best = 0.0f64;
    for _ in 0..3 {
        let t = Instant::now();
        let leaves = perft(&mut s, depth);
        best = best.max(leaves as f64 / t.elapsed().as_secs_f64());
    }
    Some(best)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (name, params) = match (args.first(), args.get(1)) {
        (Some(n), Some(p)) => (n.as_str(), p.as_str()),
        _ => {
            eprintln!("usage: batch_rate GAME PARAMS [PLAYOUTS] [PERFT_DEPTH] [CAP]");
            std::process::exit(2);
        }
    };
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let depth: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(4);
    let start = match boardgames::start(name, params, None) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let cap: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        boardgames::arena::defaults::max_actions(boardgames::find(name).unwrap(), params, None)
    });

    let t = Instant::now();
    let stats = start.playouts(n, 1, cap);
    let dyn_rate = n as f64 / t.elapsed().as_secs_f64();
    std::hint::black_box(stats);
    let g = start.as_ref();
    let bench = bench_loop::<slimetrail_core::State>(g, n, cap)
        .or_else(|| bench_loop::<splut_core::State>(g, n, cap))
        .or_else(|| bench_loop::<elements_core::State>(g, n, cap))
        .or_else(|| bench_loop::<repello_core::State>(g, n, cap))
        .or_else(|| bench_loop::<arandia_core::State>(g, n, cap))
        .unwrap_or(0.0);
    // Best of three: the first perft of a process also pays for faulting in the pages of its
    // tables, which a long-lived process (the Python one) has already done.
    let mut p = start.clone_box();
    let (mut leaves, mut perft_rate) = (0, 0.0f64);
    for _ in 0..3 {
        let t = Instant::now();
        leaves = p.perft(depth);
        perft_rate = perft_rate.max(leaves as f64 / t.elapsed().as_secs_f64());
    }
    let kit_perft = bench_perft::<slimetrail_core::State>(g, depth)
        .or_else(|| bench_perft::<splut_core::State>(g, depth))
        .or_else(|| bench_perft::<elements_core::State>(g, depth))
        .or_else(|| bench_perft::<repello_core::State>(g, depth))
        .or_else(|| bench_perft::<arandia_core::State>(g, depth))
        .unwrap_or(0.0);
    println!("dyn_playouts_per_s {dyn_rate:.0}");
    println!("bench_playouts_per_s {bench:.0}");
    println!("perft_leaves {leaves}");
    println!("perft_leaves_per_s {perft_rate:.0}");
    println!("bench_perft_leaves_per_s {kit_perft:.0}");
}
