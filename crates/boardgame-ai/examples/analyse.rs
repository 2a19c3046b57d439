//! What an agent sees in a position, as a front end would show it: the value of the position
//! for every seat, the principal line, and the visits and value of every legal action.
//!
//! ```text
//! cargo run --release -p boardgame-ai --example analyse -- GAME PARAMS SPEC [ACTION...]
//! cargo run --release -p boardgame-ai --example analyse -- slimetrail size=5 mcts:iterations=2000 c2
//! cargo run --release -p boardgame-ai --example analyse -- arandia players=3 mcts f9 3
//! ```
//!
//! The actions (in the game's notation, die values included) are played from the start
//! position; `PARAMS` `-` means the defaults. At a chance node the example lists the outcomes
//! and their probabilities instead: agents choose only for a seat.

use boardgame_ai::from_spec;
use boardgame_kit::{ChanceOutcomes, Game, ToAct};

fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("{message}");
    std::process::exit(2)
}

fn run<G: Game>(params: &str, spec: &str, actions: &[String]) {
    let params: G::Params = params
        .parse()
        .unwrap_or_else(|_| fail(format_args!("bad params `{params}` for {}", G::NAME)));
    let mut state = G::new(&params);
    for (i, text) in actions.iter().enumerate() {
        let action = state
            .parse_action(text)
            .unwrap_or_else(|e| fail(format_args!("action {} `{text}`: {e}", i + 1)));
        if let Err(e) = state.try_play(action) {
            fail(format_args!("action {} `{text}`: {e}", i + 1));
        }
    }
    println!("{}", state.position());
    let seat = match state.to_act() {
        ToAct::Seat(seat) => seat,
        ToAct::Chance => {
            let mut outcomes = ChanceOutcomes::<G::Action>::new();
            state.chance_outcomes(&mut outcomes);
            for (action, p) in outcomes.iter() {
                println!("chance: {action} with probability {p}");
            }
            return;
        }
        _ => {
            println!("the game is over");
            return;
        }
    };
    let mut agent = from_spec::<G>(spec, 1).unwrap_or_else(|e| fail(e));
    let choice = agent.choose(&state).unwrap_or_else(|e| fail(e));
    let Some(analysis) = agent.analysis() else {
        println!("{spec} chose {choice} (no analysis)");
        return;
    };
    println!(
        "{} to act; {spec}: {} iterations, {} nodes",
        G::seat_name(seat),
        analysis.iterations,
        analysis.nodes
    );
    let values: Vec<String> = state
        .seats()
        .iter()
        .map(|s| format!("{} {:+.3}", G::seat_name(s), analysis.values.get(s)))
        .collect();
    let exact = if analysis.exact { " (exact)" } else { "" };
    println!("values: {}{exact}", values.join(", "));
    let line: Vec<String> = analysis.line.iter().map(|a| a.to_string()).collect();
    println!("line: {}", line.join(" "));
    let mut stats = analysis.actions.clone();
    stats.sort_by_key(|s| std::cmp::Reverse(s.visits));
    println!("{:>10} {:>8} {:>7}", "action", "visits", "value");
    for s in &stats {
        let exact = if s.exact { " exact" } else { "" };
        println!(
            "{:>10} {:>8} {:>+7.3}{exact}",
            s.action.to_string(),
            s.visits,
            s.value
        );
    }
    println!("choice: {choice}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        fail("usage: analyse GAME PARAMS SPEC [ACTION...]");
    }
    let params = if args[1] == "-" { "" } else { args[1].as_str() };
    let (spec, actions) = (args[2].as_str(), &args[3..]);
    match args[0].as_str() {
        "slimetrail" => run::<slimetrail_core::State>(params, spec, actions),
        "splut" => run::<splut_core::State>(params, spec, actions),
        "elements" => run::<elements_core::State>(params, spec, actions),
        "repello" => run::<repello_core::State>(params, spec, actions),
        "arandia" => run::<arandia_core::State>(params, spec, actions),
        other => fail(format_args!(
            "unknown game `{other}`: slimetrail, splut, elements, repello, arandia"
        )),
    }
}
