//! `play`: a person plays one seat in the terminal; the other seats and chance move by
//! themselves.

use crate::args::Setup;
use crate::error::CliError;
use crate::out::Out;
use crate::scripted::start;
use boardgame_kit::{DynGame, DynUndo, Seat, SplitMix64, ToAct};
use boardgames::text::one_line;
use boardgames::DynAgent;
use std::io::BufRead;

const HELP: &str = "commands: an action in the game's notation; `legal` (or `?`) lists the legal \
actions; `undo` takes back your last action and the replies to it; `help`; `quit`";

/// Runs `play`: the person plays `seat`, every other seat is an agent made from `opponent`.
pub fn play(
    setup: &Setup,
    seat: Option<&str>,
    opponent: &str,
    seed: Option<u64>,
    out: &mut Out,
) -> Result<(), CliError> {
    let mut game = start(setup)?;
    let human = choose_seat(game.as_ref(), seat)?;
    let seed = seed.unwrap_or_else(crate::selfplay::clock_seed);
    let mut rng = SplitMix64::new(seed);
    let mut agents: Vec<Option<Box<dyn DynAgent>>> = Vec::new();
    for s in 0..boardgame_kit::MAX_SEATS {
        let plays = Seat::new(s).is_some_and(|x| x != human && game.seats().contains(x));
        agents.push(if plays {
            Some(setup.game.agent(opponent, seed.wrapping_add(s as u64))?)
        } else {
            None
        });
    }
    let mut history: Vec<(DynUndo, bool)> = Vec::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    out.line(format_args!(
        "You play seat {}. Type an action, or `help`.",
        game.seat_name(human)
    ))?;
    loop {
        out.line(format_args!("\n{game}"))?;
        match game.to_act() {
            ToAct::Over => return out.line(verdict(game.as_ref(), human)),
            ToAct::Seat(s) if s == human => {
                out.text(&format!("{}> ", game.seat_name(s)))?;
                out.flush()?;
                let mut bytes = Vec::new();
                if input
                    .read_until(b'\n', &mut bytes)
                    .map_err(CliError::Input)?
                    == 0
                {
                    return out.flush();
                }
                let Ok(line) = String::from_utf8(bytes) else {
                    out.line("error: the line is not valid UTF-8")?;
                    continue;
                };
                match line.trim() {
                    "" => {}
                    "quit" | "exit" => return out.flush(),
                    "?" | "legal" => {
                        out.line(format_args!("legal: {}", game.legal_sorted().join(" ")))?
                    }
                    "help" => out.line(HELP)?,
                    "undo" => {
                        if undo_turn(game.as_mut(), &mut history) {
                            agents.iter_mut().flatten().for_each(|a| a.restart());
                        } else {
                            out.line("nothing to undo")?;
                        }
                    }
                    text => match game.action_index(text) {
                        Ok(index) => {
                            let played = game.action_text(index).unwrap_or_default();
                            for agent in agents.iter_mut().flatten() {
                                agent.inform(game.as_ref(), &played);
                            }
                            history.push((game.play_index(index)?, true));
                        }
                        Err(e) => out.line(format_args!("error: {}", one_line(&e.to_string())))?,
                    },
                }
            }
            other => {
                let (who, a) = match other {
                    ToAct::Seat(x) => match agents.get_mut(x.index()).and_then(Option::as_mut) {
                        Some(agent) => (game.seat_name(x), agent.choose(game.as_ref())?),
                        None => return out.line(verdict(game.as_ref(), human)),
                    },
                    _ => match game.random_action_text(&mut rng) {
                        Some(a) => ("chance", a),
                        None => return out.line(verdict(game.as_ref(), human)),
                    },
                };
                out.line(format_args!("{who} plays {a}"))?;
                for agent in agents.iter_mut().flatten() {
                    agent.inform(game.as_ref(), &a);
                }
                history.push((game.play_text(&a)?, false));
            }
        }
    }
}

/// The seat called `name` (default: the first seat of the game).
fn choose_seat(game: &dyn DynGame, name: Option<&str>) -> Result<Seat, CliError> {
    let seats = game.seats();
    match name {
        None => seats
            .lowest()
            .ok_or_else(|| CliError::Usage("the game has no seats".into())),
        Some(name) => Seat::from_name(name, game.seat_names())
            .filter(|s| seats.contains(*s))
            .ok_or_else(|| {
                let names: Vec<&str> = seats.iter().map(|s| game.seat_name(s)).collect();
                CliError::Usage(format!(
                    "--seat: `{name}` is not a seat of this game (seats: {})",
                    names.join(", ")
                ))
            }),
    }
}

/// Takes back the person's last action and everything played after it; false when the
/// person has not acted yet.
fn undo_turn(game: &mut dyn DynGame, history: &mut Vec<(DynUndo, bool)>) -> bool {
    if !history.iter().any(|(_, by_human)| *by_human) {
        return false;
    }
    while let Some((u, by_human)) = history.pop() {
        // Every undo was made by this state.
        let _ = game.undo(u);
        if by_human {
            break;
        }
    }
    true
}

/// The end of the game from the person's side.
fn verdict(game: &dyn DynGame, human: Seat) -> String {
    let Some(o) = game.outcome() else {
        return "the game stopped".into();
    };
    let summary = o.summary(game.seat_names());
    let winners = o.winners();
    let words = if winners.is_empty() {
        "a draw".to_string()
    } else if winners.contains(human) && winners.len() == 1 {
        "you win".to_string()
    } else if winners.contains(human) {
        "you share the win".to_string()
    } else {
        "you lose".to_string()
    };
    format!("over: {summary} ({words})")
}
