//! What the examples share: reading their arguments and the position they name.

use boardgame_kit::Game;
use slimetrail_core::{Params, State};

/// The command's arguments (its name left out); with fewer than `at_least`, prints `usage`
/// and exits with status 2.
pub fn args(usage: &str, at_least: usize) -> Vec<String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < at_least {
        eprintln!("usage: {usage}");
        std::process::exit(2);
    }
    args
}

/// The position after `actions` (in the notation) from the start of `params`.
pub fn after(params: &Params, actions: &[String]) -> State {
    let mut s = State::new(params);
    for a in actions {
        s.play(a.parse().expect("an action"));
    }
    s
}
