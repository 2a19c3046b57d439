//! Slime Trail: from positions won for the side to move, the share of each agent's chosen
//! moves that keep the win, checked with the exact solver.
//!
//! ```text
//! cargo run --release -p boardgame-ai --features slimetrail --example keepwin -- SIZE POSITIONS SEED SPEC...
//! cargo run --release -p boardgame-ai --features slimetrail --example keepwin -- 7 200 1 random mcts:iterations=1000
//! ```
//!
//! Positions come from random play (8 to 24 plies from the start), kept when the side to move
//! wins and has a choice of at least two moves, of which at least one loses.

use boardgame_ai::from_spec;
use boardgame_kit::{Actions, Game, RandomSource, SplitMix64, ToAct};
use slimetrail_core::State;
use slimetrail_solver::Solver;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: keepwin SIZE POSITIONS SEED SPEC...");
        std::process::exit(2);
    }
    let params = format!("size={}", args[0])
        .parse()
        .expect("SIZE is 5, 7 or 9");
    let count: usize = args[1].parse().expect("POSITIONS is a number");
    let seed: u64 = args[2].parse().expect("SEED is a number");
    let mut solver = Solver::new(24);
    let mut rng = SplitMix64::new(seed);
    let mut buf = Actions::<State>::new();
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut s = State::new(&params);
        for _ in 0..8 + rng.below(17) {
            if s.to_act() == ToAct::Over {
                break;
            }
            s.legal_actions(&mut buf);
            s.play_unchecked(buf[rng.below(buf.len() as u64) as usize]);
        }
        let Some(mover) = s.to_act().seat() else {
            continue;
        };
        if solver.winner(&s) != mover {
            continue;
        }
        s.legal_actions(&mut buf);
        let losing = buf.iter().any(|&a| {
            let mut c = s;
            c.play_unchecked(a);
            solver.winner(&c) != mover
        });
        if buf.len() >= 2 && losing {
            positions.push(s);
        }
    }
    println!("size={} positions={count} seed={seed}", args[0]);
    for spec in &args[3..] {
        let mut kept = 0;
        let start = std::time::Instant::now();
        for (i, s) in positions.iter().enumerate() {
            let mut agent = from_spec::<State>(spec, seed + i as u64).expect("a valid SPEC");
            let a = agent.choose(s).expect("a seat is to act");
            let mover = s.to_act().seat().expect("a seat is to act");
            let mut c = *s;
            c.play(a);
            if solver.winner(&c) == mover {
                kept += 1;
            }
        }
        println!(
            "{spec}: kept the win in {kept}/{count} = {:.1}% ({:.1} ms per move)",
            100.0 * kept as f64 / count as f64,
            start.elapsed().as_secs_f64() * 1000.0 / count as f64
        );
    }
}
