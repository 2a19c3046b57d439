//! `games`: the games the command knows, with their seats, player counts and parameters.

use crate::error::CliError;
use crate::out::Out;
use boardgames::GAMES;

/// Prints one block per game: a line for the game, then one indented line per parameter.
pub fn list(out: &mut Out) -> Result<(), CliError> {
    out.text(&overview())
}

/// The games and their parameters as text (also shown at the end of `boardgame --help`).
pub fn overview() -> String {
    let mut text = String::new();
    for g in GAMES {
        let players = if g.min_players() == g.max_players() {
            format!("{} players", g.min_players())
        } else {
            format!("{}-{} players", g.min_players(), g.max_players())
        };
        let chance = if g.has_chance() { "; dice" } else { "" };
        text.push_str(&format!(
            "{}: {}, {players}{chance}; seats {}\n",
            g.name(),
            g.title(),
            g.seat_names().join(" ")
        ));
        for spec in g.params() {
            text.push_str(&format!("  {spec}\n"));
        }
    }
    text
}
