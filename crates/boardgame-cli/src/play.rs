//! `play`: a person plays one seat in the terminal; the other seats (an agent, `mcts` by
//! default) and chance move by themselves.
//!
//! The session says at the start who plays what, draws the board with its key, and then draws
//! the board once a turn: when the person is to act again after the others have played (each of
//! their actions, and each roll of the die, is a line saying what it did). `help`, `legal`,
//! `key`, `rules` and errors print their text and draw nothing. The end is one line: who won,
//! and whether that is the person.

use crate::error::CliError;
use crate::notation;
use crate::out::Out;
use crate::setup::Setup;
use boardgame_kit::{DynGame, DynPlayError, Seat, SplitMix64, ToAct};
use boardgames::text::one_line;
use boardgames::{GameEntry, Table};
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

/// One game in the terminal: the game at its table (with the agents of the other seats), who
/// the person plays, and what to draw next.
struct Session {
    table: Table,
    human: Seat,
    rng: SplitMix64,
    /// Whether other seats have played since the board was last drawn.
    redraw: bool,
    /// Whether anything was played since the person's last prompt.
    changed: bool,
}

impl Session {
    fn entry(&self) -> &'static GameEntry {
        self.table.entry()
    }

    fn game(&self) -> &dyn DynGame {
        self.table.game()
    }

    /// A seat as people call it in this game.
    fn label(&self, seat: Seat) -> String {
        self.entry().seat_label(self.game(), seat)
    }

    /// What `action` does here, in words (empty if the game cannot say).
    fn describe(&self, action: &str) -> String {
        self.entry()
            .describe(self.game(), action)
            .unwrap_or_default()
    }

    /// The lines at the start: the game, who plays what, how to go on.
    fn intro(&self, spec: &str) -> Vec<String> {
        let game = self.game();
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
        let entry = self.entry();
        let mut lines = vec![format!(
            "{} ({}): you play {}; {them} {verb} played by the agent `{spec}`.",
            entry.title(),
            entry.name(),
            self.label(self.human)
        )];
        if entry.has_chance() {
            lines.push("The computer rolls the die for everybody.".into());
        }
        lines.push(
            "Type an action when asked; `help` shows the commands and the notation with \
             examples, `rules` the rules in brief."
                .into(),
        );
        let me = self.game().seat_name(self.human);
        lines.push(format!(
            "The prompt `{me}>` means it is your turn (you are seat {me}); `undo` takes back \
             your last action and the replies to it, `quit` leaves the game."
        ));
        lines
    }

    /// Plays an action of another seat (`who`) or of chance (`None`); the line says what it
    /// did. The table tells every agent.
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
        self.table.play(action)?;
        self.changed = true;
        Ok(())
    }

    /// Plays the person's action (number `index` of the legal list); the line says what it
    /// did.
    fn play_own(&mut self, index: usize, out: &mut Out) -> Result<(), CliError> {
        let played = self.game().action_text(index).unwrap_or_default();
        let words = self.describe(&played);
        self.table.play(&played)?;
        self.changed = true;
        out.line(format_args!("you play {played}: {words}"))
    }

    /// Takes back the person's last action and everything played after it (the agents start
    /// afresh): the person's action and how many replies followed it; `None` when the person
    /// has not acted yet.
    fn undo_turn(&mut self) -> Option<(String, usize)> {
        let mine = Some(self.human.index());
        let moves = self.table.moves();
        let at = moves.iter().rposition(|m| m.seat == mine)?;
        let taken = (moves[at].text.clone(), moves.len() - at - 1);
        self.table.undo(moves.len() - at).ok()?;
        Some(taken)
    }

    /// The end from the person's side: who won, and whether that is the person.
    fn verdict(&self) -> String {
        let Some(o) = self.game().outcome() else {
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

/// A refused action in words for a person: a text that does not read says at which
/// character (counted from 1) and what was expected there.
fn refusal(e: &DynPlayError) -> String {
    let DynPlayError::Syntax(s) = e else {
        return e.to_string();
    };
    let where_ = match s.input.get(..s.at).map(|done| done.chars().count()) {
        Some(0) => "at the first character".to_string(),
        Some(n) if s.at >= s.input.len() => format!("after the last character ({n} read)"),
        Some(n) => format!("at character {}", n + 1),
        None => format!("at byte {}", s.at),
    };
    format!(
        "cannot read `{}` {where_}: expected {}",
        s.input, s.expected
    )
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
    let mut table = Table::new(setup.game.name(), &setup.params, setup.position.as_deref())?;
    let human = choose_seat(table.game(), seat)?;
    let seed = seed.unwrap_or_else(crate::setup::clock_seed);
    let others: Vec<Seat> = table
        .game()
        .seats()
        .iter()
        .filter(|&s| s != human)
        .collect();
    for s in others {
        table.seat_agent(s.index(), opponent, seed.wrapping_add(s.index() as u64))?;
    }
    let mut session = Session {
        table,
        human,
        rng: SplitMix64::new(seed),
        redraw: false,
        changed: false,
    };
    for line in session.intro(opponent) {
        out.line(line)?;
    }
    out.line(format_args!(
        "\n{}\n\n{}",
        session.game(),
        notation::key(session.entry(), session.game())
    ))?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        match session.game().to_act() {
            ToAct::Seat(s) if s == human => {
                // The board once a turn, when the others have played; within the person's own
                // turn, the status line (who acts, what is pending).
                if std::mem::take(&mut session.redraw) {
                    out.line(format_args!("\n{}", session.game()))?;
                } else if session.changed {
                    out.line(format_args!(
                        "  {} (`board` draws the board)",
                        status(session.game())
                    ))?;
                }
                session.changed = false;
                out.text(&format!("{}> ", session.game().seat_name(s)))?;
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
                let entry = session.entry();
                let game = session.game();
                match Command::read(&line) {
                    Command::Nothing => {}
                    Command::Quit => {
                        out.line("goodbye: the game is left unfinished (nothing is saved)")?;
                        return out.flush();
                    }
                    Command::Help => out.line(notation::help(entry, game))?,
                    Command::Legal => out.line(notation::legal(entry, game))?,
                    Command::Board => out.line(game)?,
                    Command::Key => out.line(notation::key(entry, game))?,
                    Command::Rules => out.text(entry.rules())?,
                    Command::Undo => match session.undo_turn() {
                        Some((action, 0)) => {
                            out.line(format_args!("took back your {action}"))?;
                            session.redraw = true;
                        }
                        Some((action, replies)) => {
                            let s = if replies == 1 { "" } else { "s" };
                            out.line(format_args!(
                                "took back your {action} and the {replies} action{s} \
                                     played after it"
                            ))?;
                            session.redraw = true;
                        }
                        None => out.line("nothing to undo")?,
                    },
                    Command::Action(text) => match game.action_index(text) {
                        Ok(index) => session.play_own(index, out)?,
                        Err(e) => out.line(format_args!("error: {}", one_line(&refusal(&e))))?,
                    },
                }
            }
            ToAct::Seat(x) => {
                let who = session.label(x);
                let Some(choice) = session.table.seat_choice()? else {
                    break;
                };
                session.play_other(Some(&who), &choice, out)?;
                session.redraw = true;
            }
            ToAct::Chance => {
                let Some(outcome) = session.table.draw_chance(&mut session.rng) else {
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
        board_without_status(session.game()),
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
