//! temp
use boardgame_kit::{perft, Game};
use splut_core::State;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let p = args[1].parse().unwrap();
    let lo: u32 = args[2].parse().unwrap();
    let max: u32 = args[3].parse().unwrap();
    for d in lo..=max {
        let mut s = State::new(&p);
        let t = std::time::Instant::now();
        let n = perft(&mut s, d);
        let e = t.elapsed().as_secs_f64();
        println!("{}\t{}\t{}\t{:.2}s {:.1}M/s", if args[1].is_empty() { "-" } else { &args[1] }, d, n, e, n as f64 / e / 1e6);
    }
}
