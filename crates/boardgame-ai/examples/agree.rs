//! How often two agents would choose the same action: plays games with agent `PLAYER` in every
//! seat and, at every `EVERY`-th decision with more than one legal action, also asks a fresh
//! agent `PROBE` (no tree from earlier turns) for its choice. Prints how many actions were
//! chance outcomes, forced (one legal action) or real choices, and how often the two agreed.
//! A game whose agents of different budgets agree on nearly every real choice is decided by
//! something else (in Arandia, the dice). At each probe it also reads the probe's analysis:
//! how much less the probe values the player's action than its own choice (values in -1..=1
//! for the seat to act; an upper estimate, since the probe's values favour its own choice),
//! and how far apart the values of all the legal actions lie.
//!
//! ```text
//! cargo run --release -p boardgame-ai --example agree -- GAME PARAMS GAMES SEED EVERY PLAYER PROBE
//! cargo run --release -p boardgame-ai --example agree -- arandia players=3 2 1 10 mcts:iterations=1000 mcts:iterations=10000
//! ```

use boardgame_ai::{from_spec, Agent};
use boardgame_kit::{random_action, Actions, Game, SplitMix64, ToAct};

#[derive(Default)]
struct Counts {
    chance: u64,
    forced: u64,
    choices: u64,
    probed: u64,
    agreed: u64,
    /// Per probe, by the probe's own values for the seat to act: how much the player's
    /// action is worth less than the probe's choice.
    losses: Vec<f32>,
    /// Per probe: the best action's value less the worst's.
    spreads: Vec<f32>,
}

fn run<G: Game>(params: &str, games: u64, seed: u64, every: u64, player: &str, probe: &str) {
    let Ok(params) = params.parse::<G::Params>() else {
        eprintln!("bad params `{params}` for {}", G::NAME);
        std::process::exit(2);
    };
    let mut counts = Counts::default();
    let mut chance = SplitMix64::new(seed ^ 0xC0FF_EE00);
    let mut buf = Actions::<G>::new();
    for g in 0..games {
        let mut state = G::new(&params);
        let mut players: Vec<Box<dyn Agent<G>>> = state
            .seats()
            .iter()
            .map(|s| from_spec::<G>(player, seed * 1_000 + g * 10 + s.index() as u64))
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            });
        let mut probe_agent =
            from_spec::<G>(probe, seed.wrapping_mul(7_919) + g).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            });
        let seats: Vec<_> = state.seats().iter().collect();
        loop {
            let action = match state.to_act() {
                ToAct::Seat(seat) => {
                    let i = seats.iter().position(|&s| s == seat).unwrap_or(0);
                    let a = players[i].choose(&state).expect("a seat acts");
                    if state.count_legal() == 1 {
                        counts.forced += 1;
                    } else {
                        counts.choices += 1;
                        if counts.choices % every == 0 {
                            probe_agent.restart();
                            counts.probed += 1;
                            let c = probe_agent.choose(&state).expect("a seat acts");
                            if c == a {
                                counts.agreed += 1;
                            }
                            if let Some(an) = probe_agent.analysis() {
                                let value =
                                    |x| an.actions.iter().find(|s| s.action == x).map(|s| s.value);
                                if let (Some(vc), Some(va)) = (value(c), value(a)) {
                                    counts.losses.push(vc - va);
                                }
                                let (lo, hi) =
                                    an.actions.iter().fold((f32::MAX, f32::MIN), |(lo, hi), s| {
                                        (lo.min(s.value), hi.max(s.value))
                                    });
                                counts.spreads.push(hi - lo);
                            }
                        }
                    }
                    a
                }
                ToAct::Chance => {
                    counts.chance += 1;
                    random_action(&state, &mut chance, &mut buf).expect("an outcome")
                }
                _ => break,
            };
            for p in players.iter_mut() {
                p.inform(&state, action);
            }
            state.play(action);
        }
    }
    let total = counts.chance + counts.forced + counts.choices;
    let pct = |n: u64, d: u64| 100.0 * n as f64 / d.max(1) as f64;
    println!(
        "{} games={games} actions={total} chance={} ({:.1}%) forced={} ({:.1}%) choices={} ({:.1}%) probed={} agreed={} ({:.1}%)",
        G::NAME,
        counts.chance,
        pct(counts.chance, total),
        counts.forced,
        pct(counts.forced, total),
        counts.choices,
        pct(counts.choices, total),
        counts.probed,
        counts.agreed,
        pct(counts.agreed, counts.probed),
    );
    // Values are in -1..=1 for the seat to act; a loss is counted by the probe's own values,
    // which favour its own choice, so it is an upper estimate.
    let median = |v: &mut Vec<f32>| {
        v.sort_by(f32::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    let n = counts.losses.len().max(1) as f64;
    let mean_loss = counts.losses.iter().map(|&x| x as f64).sum::<f64>() / n;
    let big = counts.losses.iter().filter(|&&x| x > 0.01).count();
    let max_loss = counts.losses.iter().copied().fold(0.0f32, f32::max);
    println!(
        "by the probe's values: player's choice worse by {mean_loss:.4} on average (max {max_loss:.4}; more than 0.01 in {big} of {} probes); median spread of the action values {:.4}",
        counts.losses.len(),
        median(&mut counts.spreads),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 7 {
        eprintln!("usage: agree GAME PARAMS GAMES SEED EVERY PLAYER PROBE");
        std::process::exit(2);
    }
    let params = if args[1] == "-" { "" } else { args[1].as_str() };
    let number = |i: usize| -> u64 {
        args[i].parse().unwrap_or_else(|_| {
            eprintln!("`{}` is not a number", args[i]);
            std::process::exit(2)
        })
    };
    let (games, seed, every) = (number(2), number(3), number(4).max(1));
    let (player, probe) = (args[5].as_str(), args[6].as_str());
    match args[0].as_str() {
        "slimetrail" => run::<slimetrail_core::State>(params, games, seed, every, player, probe),
        "splut" => run::<splut_core::State>(params, games, seed, every, player, probe),
        "elements" => run::<elements_core::State>(params, games, seed, every, player, probe),
        "repello" => run::<repello_core::State>(params, games, seed, every, player, probe),
        "arandia" => run::<arandia_core::State>(params, games, seed, every, player, probe),
        other => {
            eprintln!("unknown game `{other}`: slimetrail, splut, elements, repello, arandia");
            std::process::exit(2);
        }
    }
}
