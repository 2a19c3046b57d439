//! `games`: the games the command knows, with their seats and player counts.

use crate::error::CliError;
use crate::out::Out;
use boardgames::GAMES;

/// Prints one block per game.
pub fn list(out: &mut Out) -> Result<(), CliError> {
    for g in GAMES {
        let players = if g.min_players() == g.max_players() {
            format!("{} players", g.min_players())
        } else {
            format!("{}-{} players", g.min_players(), g.max_players())
        };
        let chance = if g.has_chance() { "; dice" } else { "" };
        out.line(format_args!(
            "{}: {}, {players}{chance}; seats {}",
            g.name(),
            g.title(),
            g.seat_names().join(" ")
        ))?;
    }
    Ok(())
}
