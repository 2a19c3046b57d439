//! Plays matches between agents, seats rotated, and prints each agent's results per seat
//! played (the counting of `boardgame match`): a seat among the winners wins, a draw is a draw
//! for every seat, any other seat loses.
//!
//! ```text
//! cargo run --release -p boardgame-ai --example match -- GAME PARAMS GAMES SEED SPEC SPEC...
//! cargo run --release -p boardgame-ai --example match -- slimetrail "" 200 1 mcts:iterations=1000 random
//! ```
//!
//! Game `g` gives seat `i` (in seat order) agent number `(i + g) mod k` of the `k` agents.
//! Chance outcomes are drawn with their probabilities from a generator seeded with `SEED`.
//! `PARAMS` may be empty; `-` also means the defaults.

use boardgame_ai::{from_spec, Agent};
use boardgame_kit::{random_action, Actions, Game, GameResult, SplitMix64, ToAct};
use std::time::Instant;

/// Per-agent tally over the seats it played.
#[derive(Clone, Copy, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Tally {
    fn seats(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score share (a draw counts half) and its 95% normal interval.
    fn score(&self) -> (f64, f64) {
        let n = self.seats().max(1) as f64;
        let p = (self.wins as f64 + 0.5 * self.draws as f64) / n;
        (p, 1.96 * (p * (1.0 - p) / n).sqrt())
    }
}

fn run<G: Game>(params: &str, games: u32, seed: u64, specs: &[String]) {
    let params: G::Params = match params.parse() {
        Ok(p) => p,
        Err(_) => {
            eprintln!("bad params `{params}` for {}", G::NAME);
            std::process::exit(2);
        }
    };
    let k = specs.len();
    let mut agents: Vec<Box<dyn Agent<G>>> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            from_spec::<G>(s, seed.wrapping_add(i as u64 * 1_000_003)).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            })
        })
        .collect();
    let mut tally = vec![Tally::default(); k];
    let mut chance = SplitMix64::new(seed ^ 0xC0FF_EE00);
    let mut buf = Actions::<G>::new();
    let mut unfinished = 0;
    let mut plies = 0u64;
    let start = Instant::now();
    for g in 0..games as usize {
        let mut state = G::new(&params);
        for (i, a) in agents.iter_mut().enumerate() {
            // Different games from the same start: reseed through a fresh agent.
            *a = from_spec::<G>(&specs[i], seed.wrapping_add((g * k + i) as u64 * 7_919)).unwrap();
        }
        let seats: Vec<_> = state.seats().iter().collect();
        let agent_of = |seat: boardgame_kit::Seat| {
            let i = seats.iter().position(|&s| s == seat).unwrap_or(0);
            (i + g) % k
        };
        loop {
            let action = match state.to_act() {
                ToAct::Seat(seat) => agents[agent_of(seat)].choose(&state).expect("a seat acts"),
                ToAct::Chance => random_action(&state, &mut chance, &mut buf).expect("an outcome"),
                _ => break,
            };
            for a in agents.iter_mut() {
                a.inform(&state, action);
            }
            state.play(action);
            plies += 1;
        }
        let Some(outcome) = state.outcome() else {
            unfinished += 1;
            continue;
        };
        for &seat in &seats {
            let t = &mut tally[agent_of(seat)];
            match outcome.result() {
                GameResult::Draw => t.draws += 1,
                _ if outcome.is_winner(seat) => t.wins += 1,
                _ => t.losses += 1,
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} params={} games={} seed={} plies={} time={:.1}s unfinished={}",
        G::NAME,
        if params.to_string().is_empty() {
            "-".to_string()
        } else {
            params.to_string()
        },
        games,
        seed,
        plies,
        secs,
        unfinished
    );
    for (spec, t) in specs.iter().zip(&tally) {
        let (p, half) = t.score();
        println!(
            "{spec} wins={} draws={} losses={} score={:.1}% ±{:.1}",
            t.wins,
            t.draws,
            t.losses,
            100.0 * p,
            100.0 * half
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 6 {
        eprintln!("usage: match GAME PARAMS GAMES SEED SPEC SPEC...");
        std::process::exit(2);
    }
    let params = if args[1] == "-" { "" } else { args[1].as_str() };
    let games: u32 = args[2].parse().expect("GAMES is a number");
    let seed: u64 = args[3].parse().expect("SEED is a number");
    let specs = &args[4..];
    match args[0].as_str() {
        "slimetrail" => run::<slimetrail_core::State>(params, games, seed, specs),
        "splut" => run::<splut_core::State>(params, games, seed, specs),
        "elements" => run::<elements_core::State>(params, games, seed, specs),
        "repello" => run::<repello_core::State>(params, games, seed, specs),
        "arandia" => run::<arandia_core::State>(params, games, seed, specs),
        other => {
            eprintln!("unknown game `{other}`: slimetrail, splut, elements, repello, arandia");
            std::process::exit(2);
        }
    }
}
