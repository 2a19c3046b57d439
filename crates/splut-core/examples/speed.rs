//! Quick speed check (perft and playouts), for profiling: `cargo run --release --example speed`.
use boardgame_kit::{perft, playout, Game, SplitMix64};
use splut_core::State;
use std::time::Instant;

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    if what == "kplayout" {
        let start = State::new(&"turn_limit=200".parse().unwrap());
        let mut len = 0;
        let games: u64 = std::env::args()
            .nth(2)
            .and_then(|x| x.parse().ok())
            .unwrap_or(300);
        for seed in 0..games {
            let mut s = start;
            len += s.random_playout(&mut SplitMix64::new(seed), u64::MAX).0;
        }
        println!("{len} steps");
        return;
    }
    if what == "legal" {
        use boardgame_kit::Actions;
        let p = "turn_limit=200".parse().unwrap();
        let mut states = vec![];
        let mut buf = Actions::<State>::new();
        for seed in 0..100 {
            let mut s = State::new(&p);
            s.random_playout(&mut SplitMix64::new(seed), 100);
            states.push(s);
        }
        let mut tot = 0;
        for _ in 0..100 {
            for s in &states {
                s.legal_actions(&mut buf);
                tot += buf.len();
            }
        }
        println!("{tot}");
        return;
    }
    if what == "show" {
        show();
        return;
    }
    if what == "components" {
        components();
        return;
    }
    if what != "playout" {
        let mut s = State::new(&"".parse().unwrap());
        let t = Instant::now();
        let n = perft(&mut s, 8);
        let e = t.elapsed().as_secs_f64();
        println!("perft 8: {n} leaves, {:.1} M leaves/s", n as f64 / e / 1e6);
        let t = Instant::now();
        let n = s.perft(8);
        let e = t.elapsed().as_secs_f64();
        println!(
            "kernel perft 8: {n} leaves, {:.1} M leaves/s",
            n as f64 / e / 1e6
        );
    }
    if what != "perft" {
        let p = "turn_limit=200".parse().unwrap();
        let start = State::new(&p);
        let t = Instant::now();
        let games: u64 = std::env::args()
            .nth(2)
            .and_then(|x| x.parse().ok())
            .unwrap_or(20_000);
        let mut len = 0;
        for seed in 0..games {
            let mut s = start;
            len += playout(&mut s, &mut SplitMix64::new(seed), u64::MAX).length;
        }
        let e = t.elapsed().as_secs_f64();
        println!(
            "playouts: {:.0} games/s, {:.1} steps/game",
            games as f64 / e,
            len as f64 / games as f64
        );
        let t = Instant::now();
        let mut len = 0;
        for seed in 0..games {
            let mut s = start;
            len += s.random_playout(&mut SplitMix64::new(seed), u64::MAX).0;
        }
        let e = t.elapsed().as_secs_f64();
        println!(
            "kernel playouts: {:.0} games/s, {:.1} steps/game",
            games as f64 / e,
            len as f64 / games as f64
        );
    }
}

/// Component timing over recorded positions.
#[allow(dead_code)]
pub fn components() {
    use boardgame_kit::{Actions, RandomSource};
    let p = "turn_limit=200".parse().unwrap();
    let mut states = vec![];
    let mut acts = vec![];
    let mut buf = Actions::<State>::new();
    for seed in 0..300 {
        let mut s = State::new(&p);
        let mut rng = SplitMix64::new(seed);
        while let Some(a) = boardgame_kit::random_action(&s, &mut rng, &mut buf) {
            states.push(s);
            acts.push(a);
            s.play_unchecked(a);
        }
    }
    let n = states.len();
    for _ in 0..3 {
        let t = Instant::now();
        let mut tot = 0;
        for s in &states {
            s.legal_actions(&mut buf);
            tot += buf.len();
        }
        let e1 = t.elapsed().as_secs_f64() / n as f64 * 1e9;
        let t = Instant::now();
        for s in &states {
            tot += s.count_legal();
        }
        let e2 = t.elapsed().as_secs_f64() / n as f64 * 1e9;
        let t = Instant::now();
        for (s, a) in states.iter().zip(&acts) {
            let mut c = *s;
            c.play_unchecked(*a);
            tot += c.steps_left() as usize;
        }
        let e3 = t.elapsed().as_secs_f64() / n as f64 * 1e9;
        let mut rng = SplitMix64::new(1);
        let t = Instant::now();
        for s in &states {
            tot += rng.below(20 + (s.turn() as u64 & 7)) as usize;
        }
        let e4 = t.elapsed().as_secs_f64() / n as f64 * 1e9;
        println!("{n} positions: legal {e1:.1} ns, count {e2:.1} ns, play {e3:.1} ns, below {e4:.1} ns ({tot})");
    }
}

/// Prints the start.
#[allow(dead_code)]
pub fn show() {
    println!("{}", State::new(&"players=4".parse().unwrap()));
}
