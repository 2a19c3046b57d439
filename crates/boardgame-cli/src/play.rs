//! `play`: a person plays one seat in the terminal; the other seats (an agent, `mcts` by
//! default) and chance move by themselves.
//!
//! The session says at the start who plays what, draws the board with its key, and then draws
//! the board once a turn: when the person is to act again after the others have played (each of
//! their actions, and each roll of the die, is a line saying what it did). `help`, `legal`,
//! `key`, `rules` and errors print their text and draw nothing. The end is one line: who won,
//! and whether that is the person.

use crate::args::Setup;
use crate::error::CliError;
use crate::notation;
use crate::out::Out;
use crate::scripted::start;
use boardgame_kit::{DynGame, DynUndo, Seat, SplitMix64, ToAct};
use boardgames::text::one_line;
use boardgames::{DynAgent, GameEntry};
use std::io::BufRead;

/// What a line typed at the prompt asks for.
enum Command<'a> {
    /// Nothing (an empty line).
    Nothing,
    /// Leave the game.
    Quit,
    /// The commands, the notation and examples.
    Help,
    /// The legal actions.
    Legal,
    /// The board again.
    Board,
    /// The key of the board.
    Key,
    /// The rules in brief.
    Rules,
    /// Take back the person's last action and the replies.
    Undo,
    /// An action to play.
    Action(&'a str),
}

impl<'a> Command<'a> {
    fn read(line: &'a str) -> Command<'a> {
        match line.trim() {
            "" => Command::Nothing,
            "quit" | "exit" => Command::Quit,
            "help" => Command::Help,
            "?" | "legal" => Command::Legal,
            "board" => Command::Board,
            "key" => Command::Key,
            "rules" => Command::Rules,
            "undo" => Command::Undo,
            text => Command::Action(text),
        }
    }
}

/// One game in the terminal: the game, who plays which seat, and what has been played.
struct Session<'a> {
    entry: &'a GameEntry,
    game: Box<dyn DynGame>,
    human: Seat,
    /// The agent of every other seat, by seat index.
    agents: Vec<Option<Box<dyn DynAgent>>>,
    rng: SplitMix64,
    /// Every action played, with whether the person played it.
    history: Vec<(DynUndo, bool)>,
    /// Whether other seats have played since the board was last drawn.
    redraw: bool,
    /// Whether anything was played since the person's last prompt.
    changed: bool,
}

impl Session<'_> {
    /// A seat as people call it in this game.
    fn label(&self, seat: Seat) -> String {
        self.entry.seat_label(self.game.as_ref(), seat)
    }

    /// What `action` does here, in words (empty if the game cannot say).
    fn describe(&self, action: &str) -> String {
        self.entry
            .describe(self.game.as_ref(), action)
            .unwrap_or_default()
    }

    /// The lines at the start: the game, who plays what, how to go on.
    fn intro(&self, spec: &str) -> Vec<String> {
        let game = self.game.as_ref();
        let others: Vec<String> = game
            .seats()
            .iter()
            .filter(|s| *s != self.human)
            .map(|s| self.label(s))
            .collect();
        let (verb, them) = match others.len() {
            1 => ("is", others.join("")),
            _ => ("are", others.join(", ")),
        };
        let mut lines = vec![format!(
            "{} ({}): you play {}; {them} {verb} played by the agent `{spec}`.",
            self.entry.title(),
            self.entry.name(),
            self.label(self.human)
        )];
        if self.entry.has_chance() {
            lines.push("The computer rolls the die for everybody.".into());
        }
        lines.push(
            "Type an action when asked; `help` shows the commands and the notation with \
             examples, `rules` the rules in brief."
                .into(),
        );
        lines
    }

    /// Plays an action of another seat (`who`) or of chance (`None`), telling every agent;
    /// the line says what it did.
    fn play_other(
        &mut self,
        who: Option<&str>,
        action: &str,
        out: &mut Out,
    ) -> Result<(), CliError> {
        let words = self.describe(action);
        match who {
            Some(who) => out.line(format_args!("{who} plays {action}: {words}"))?,
            None if words.is_empty() => out.line(format_args!("the die shows {action}"))?,
            None => out.line(format_args!("the die: {words}"))?,
        }
        for agent in self.agents.iter_mut().flatten() {
            agent.inform(self.game.as_ref(), action);
        }
        self.history.push((self.game.play_text(action)?, false));
        self.changed = true;
        Ok(())
    }

    /// Plays the person's action, telling every agent; the line says what it did.
    fn play_own(&mut self, index: usize, out: &mut Out) -> Result<(), CliError> {
        let played = self.game.action_text(index).unwrap_or_default();
        let words = self.describe(&played);
        for agent in self.agents.iter_mut().flatten() {
            agent.inform(self.game.as_ref(), &played);
        }
        self.history.push((self.game.play_index(index)?, true));
        self.changed = true;
        out.line(format_args!("you play {played}: {words}"))
    }

    /// Takes back the person's last action and everything played after it; false when the
    /// person has not acted yet.
    fn undo_turn(&mut self) -> bool {
        if !self.history.iter().any(|(_, by_human)| *by_human) {
            return false;
        }
        while let Some((u, by_human)) = self.history.pop() {
            // Every undo was made by this state.
            let _ = self.game.undo(u);
            if by_human {
                break;
            }
        }
        self.agents.iter_mut().flatten().for_each(|a| a.restart());
        true
    }

    /// The end from the person's side: who won, and whether that is the person.
    fn verdict(&self) -> String {
        let Some(o) = self.game.outcome() else {
            return "the game stopped: no seat can act".into();
        };
        let you = self.label(self.human);
        let winners: Vec<Seat> = o.winners().iter().collect();
        let names: Vec<String> = winners.iter().map(|s| self.label(*s)).collect();
        let scores = o.scores().map(|scores| {
            let each: Vec<String> = o
                .seats()
                .iter()
                .map(|s| format!("{} {}", self.label(s), scores[s.index()]))
                .collect();
            format!(" (scores: {})", each.join(", "))
        });
        let scores = scores.unwrap_or_default();
        let won = winners.contains(&self.human);
        match winners.len() {
            0 => format!("game over: a draw{scores}; you played {you}"),
            1 if won => format!("game over: {you} wins{scores}: that is you, you win"),
            1 => format!(
                "game over: {} wins{scores}; you played {you}: you lose",
                names[0]
            ),
            _ if won => format!(
                "game over: {} share the win{scores}: you share it",
                names.join(" and ")
            ),
            _ => format!(
                "game over: {} share the win{scores}; you played {you}: you lose",
                names.join(" and ")
            ),
        }
    }
}

/// The last line of the drawing: who acts, or the result.
fn status(game: &dyn DynGame) -> String {
    let text = game.to_string();
    text.lines().last().unwrap_or_default().to_string()
}

/// The drawing without its last line (the status), for the end, where the verdict says it.
fn board_without_status(game: &dyn DynGame) -> String {
    let text = game.to_string();
    match text.rsplit_once('\n') {
        Some((board, _)) => board.to_string(),
        None => text,
    }
}

/// Runs `play`: the person plays `seat`, every other seat is an agent made from `opponent`.
pub fn play(
    setup: &Setup,
    seat: Option<&str>,
    opponent: &str,
    seed: Option<u64>,
    out: &mut Out,
) -> Result<(), CliError> {
    let game = start(setup)?;
    let human = choose_seat(game.as_ref(), seat)?;
    let seed = seed.unwrap_or_else(crate::selfplay::clock_seed);
    let mut agents: Vec<Option<Box<dyn DynAgent>>> = Vec::new();
    for s in 0..boardgame_kit::MAX_SEATS {
        let plays = Seat::new(s).is_some_and(|x| x != human && game.seats().contains(x));
        agents.push(if plays {
            Some(setup.game.agent(opponent, seed.wrapping_add(s as u64))?)
        } else {
            None
        });
    }
    let mut session = Session {
        entry: setup.game,
        game,
        human,
        agents,
        rng: SplitMix64::new(seed),
        history: Vec::new(),
        redraw: false,
        changed: false,
    };
    for line in session.intro(opponent) {
        out.line(line)?;
    }
    out.line(format_args!(
        "\n{}\n\n{}",
        session.game,
        notation::key(session.entry, session.game.as_ref())
    ))?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        match session.game.to_act() {
            ToAct::Seat(s) if s == human => {
                // The board once a turn, when the others have played; within the person's own
                // turn, the status line (who acts, what is pending).
                if std::mem::take(&mut session.redraw) {
                    out.line(format_args!("\n{}", session.game))?;
                } else if session.changed {
                    out.line(format_args!(
                        "  {} (`board` draws the board)",
                        status(session.game.as_ref())
                    ))?;
                }
                session.changed = false;
                out.text(&format!("{}> ", session.game.seat_name(s)))?;
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
                let entry = session.entry;
                match Command::read(&line) {
                    Command::Nothing => {}
                    Command::Quit => return out.flush(),
                    Command::Help => out.line(notation::help(entry, session.game.as_ref()))?,
                    Command::Legal => out.line(notation::legal(entry, session.game.as_ref()))?,
                    Command::Board => out.line(&session.game)?,
                    Command::Key => out.line(notation::key(entry, session.game.as_ref()))?,
                    Command::Rules => out.text(entry.rules())?,
                    Command::Undo => {
                        if session.undo_turn() {
                            session.redraw = true;
                        } else {
                            out.line("nothing to undo")?;
                        }
                    }
                    Command::Action(text) => match session.game.action_index(text) {
                        Ok(index) => session.play_own(index, out)?,
                        Err(e) => out.line(format_args!("error: {}", one_line(&e.to_string())))?,
                    },
                }
            }
            ToAct::Seat(x) => {
                let who = session.label(x);
                let game = session.game.as_ref();
                let choice = match session.agents.get_mut(x.index()).and_then(Option::as_mut) {
                    Some(agent) => agent.choose(game)?,
                    None => break,
                };
                session.play_other(Some(&who), &choice, out)?;
                session.redraw = true;
            }
            ToAct::Chance => {
                let Some(outcome) = session.game.random_action_text(&mut session.rng) else {
                    break;
                };
                session.play_other(None, &outcome, out)?;
            }
            // Over (or anything a later kit adds): the end.
            _ => break,
        }
    }
    out.line(format_args!(
        "\n{}\n{}",
        board_without_status(session.game.as_ref()),
        session.verdict()
    ))
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
