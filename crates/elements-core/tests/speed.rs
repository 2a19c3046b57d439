//! A CPU-time measurement of random playouts, less sensitive than wall-clock benches to other
//! jobs sharing the machine (Linux only; run in release):
//! `cargo test --release -p elements-core --test speed -- --ignored --nocapture`.

use boardgame_kit::{playout, Game, SplitMix64};
use elements_core::State;

/// User + system CPU time of this thread, in seconds (from `/proc/thread-self/stat`).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

#[test]
#[ignore]
fn playouts_per_cpu_second() {
    for ps in ["board=blitz", "board=blitz,players=4", "", "players=4"] {
        let start = State::new(&ps.parse().unwrap());
        let mut rng = SplitMix64::new(1);
        let (Some(t0), wall) = (cpu_seconds(), std::time::Instant::now()) else {
            return;
        };
        let mut n = 0u64;
        let mut actions = 0u64;
        while cpu_seconds().unwrap() - t0 < 3.0 {
            for _ in 0..100 {
                let mut s = start;
                actions += playout(&mut s, &mut rng, u64::MAX).length;
                n += 1;
            }
        }
        let cpu = cpu_seconds().unwrap() - t0;
        println!(
            "[{ps}] {n} playouts, {:.0} playouts per CPU second, {:.0} actions per playout, wall {:.1}s",
            n as f64 / cpu,
            actions as f64 / n as f64,
            wall.elapsed().as_secs_f64()
        );
    }
}
