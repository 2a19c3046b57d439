//! The long help of `match` and `tournament`: how seats rotate, how games count, the default
//! caps and turn limits of every game, the record's lines.

use boardgames::arena::defaults;

/// The end of `help match`: how seats rotate, the default caps and turn limits, the record.
pub fn defaults_help() -> String {
    format!(
        "Game g gives seat i the agent (i + g) mod k for k agents; a seat among the winners \
         wins (a win shared by several seats, such as Repello's tie at the top, is a win for \
         each), a draw is a draw for every seat, any other seat loses.\n\n{}\n\nWith --record \
         FILE, each game is one JSON line: {{\"number\", \"game\", \"params\", \"position\", \
         \"seed\", \"seats\", \"agents\", \"actions\", \"result\": \"win\"|\"draw\"|\"unfinished\", \
         \"winners\", \"scores\"}}.",
        defaults_text()
    )
}

/// The end of `help tournament`: pairs, seats, the fit and the defaults.
pub fn tournament_help() -> String {
    format!(
        "Every pair of agents plays N games as a two-agent match (seats rotated: game g of a \
         pair gives seat i its first agent when i + g is even, else its second, so with more \
         than two seats they alternate around the table). A game is won by an agent when \
         every winning seat is its own; drawn games and wins shared between the two agents \
         count half a point each; unfinished games count for nobody. Ratings are Elo points \
         from a Bradley-Terry fit (maximum likelihood), anchored at a mean of 0, with 95% \
         intervals from the Fisher information; when some agent scored every point or none \
         against the rest, one virtual draw between every pair keeps them finite.\n\n{}",
        defaults_text()
    )
}

/// The default caps and turn limits, for the help.
fn defaults_text() -> String {
    let mut text = String::from(
        "Default --max-actions per game (raised to the game's bound on its length when the \
         parameters give one, such as a turn limit):",
    );
    for entry in boardgames::GAMES {
        let d = defaults::of(entry.name());
        text.push_str(&format!("\n  {}: {}", entry.name(), d.cap));
        if !d.turn_limits.is_empty() {
            let limits: Vec<String> = d
                .turn_limits
                .iter()
                .map(|(players, limit)| format!("{limit} turns for {players} players"))
                .collect();
            text.push_str(&format!(
                "; unless --params sets turn_limit (0: none), turn_limit is {}",
                limits.join(", ")
            ));
        }
    }
    text
}
