//! The scripted commands of the command-line contract: `perft`, `legal`, `apply`, `trace`
//! (their stdout is read by programs and stays byte for byte as documented), for learning
//! programs `info` and `observe` (likewise), and `show` (a picture for a person: the board and
//! its key).

use crate::error::CliError;
use crate::out::Out;
use crate::progress::Progress;
use crate::setup::{start, Setup};

/// `perft GAME DEPTH [--divide]`.
pub fn perft(setup: &Setup, depth: u32, divide: bool, out: &mut Out) -> Result<(), CliError> {
    let mut game = start(setup)?;
    let beyond_the_end = boardgames::perft::beyond_the_end(game.as_ref(), depth)?;
    if depth == 0 {
        return out.line(1);
    }
    if !divide {
        // One call on the whole position, so the game's kernel shares its transposition table
        // and root symmetries across all first actions (no per-action progress bar here).
        let total = if beyond_the_end { 0 } else { game.perft(depth) };
        return out.line(total);
    }
    // Every row is counted from one first action; a depth beyond the longest possible game
    // counts nothing (no sequence that long exists).
    let count = game.legal_count();
    let mut progress = Progress::new(count as u64, "perft", false);
    let mut rows = Vec::with_capacity(if divide { count } else { 0 });
    let mut total = 0u64;
    for index in 0..count {
        let mut child = game.clone_box();
        let text = game.action_text(index).unwrap_or_default();
        let n = if beyond_the_end {
            0
        } else {
            child.play_index(index)?;
            child.perft(depth - 1)
        };
        total += n;
        if divide {
            rows.push((text, n));
        }
        progress.inc();
    }
    progress.finish();
    rows.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    for (text, n) in rows {
        out.line(format_args!("{text} {n}"))?;
    }
    out.line(total)
}

/// `legal GAME [--ids]`.
pub fn legal(setup: &Setup, ids: bool, out: &mut Out) -> Result<(), CliError> {
    let game = start(setup)?;
    // The legal list and the chance outcomes come in the same (the game's) order.
    let probs: Vec<String> = game
        .chance_outcomes()
        .into_iter()
        .map(|(_, p)| format!(" {p}"))
        .collect();
    let mut rows: Vec<(String, String, usize)> = game
        .legal_texts()
        .into_iter()
        .zip(game.legal_ids())
        .enumerate()
        .map(|(i, (a, id))| (a, probs.get(i).cloned().unwrap_or_default(), id))
        .collect();
    rows.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    for (a, p, id) in rows {
        if ids {
            out.line(format_args!("{a}{p} {id}"))?;
        } else {
            out.line(format_args!("{a}{p}"))?;
        }
    }
    Ok(())
}

/// `info GAME [--params P]`.
pub fn info(
    game: &'static boardgames::GameEntry,
    params: &str,
    out: &mut Out,
) -> Result<(), CliError> {
    let game = game.start(params, None)?;
    out.text(&game.info().to_string())
}

/// `observe GAME [--seat SEAT]`.
pub fn observe(setup: &Setup, seat: Option<&str>, out: &mut Out) -> Result<(), CliError> {
    let game = start(setup)?;
    let seat = match seat {
        None => boardgames::engine::observer(game.as_ref()),
        Some(name) => boardgame_kit::Seat::from_name(name, game.seat_names())
            .filter(|s| game.seats().contains(*s))
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "--seat: `{}` is not a seat of this game (seats: {})",
                    boardgames::text::one_line(name),
                    game.seats()
                        .iter()
                        .map(|s| game.seat_name(s))
                        .collect::<Vec<_>>()
                        .join(" ")
                ))
            })?,
    };
    let values = game
        .observation(seat)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    out.line(boardgames::engine::values_text(&values))
}

/// `apply GAME ACTION...`.
pub fn apply(setup: &Setup, actions: &[String], out: &mut Out) -> Result<(), CliError> {
    let mut game = start(setup)?;
    let texts: Vec<&str> = actions.iter().map(String::as_str).collect();
    game.play_all(&texts)?;
    out.line(game.position())
}

/// `trace GAME ACTION...`: the lines up to the offending action are printed before the error.
pub fn trace(setup: &Setup, actions: &[String], out: &mut Out) -> Result<(), CliError> {
    let mut game = start(setup)?;
    out.line(game.status_line())?;
    for (k, text) in actions.iter().enumerate() {
        game.play_text(text)
            .map_err(|error| boardgame_kit::SequenceError {
                index: k + 1,
                text: text.clone(),
                error,
            })?;
        out.line(game.status_line())?;
    }
    Ok(())
}

/// `show GAME`: the board, then the key of its symbols.
pub fn show(setup: &Setup, out: &mut Out) -> Result<(), CliError> {
    let game = start(setup)?;
    out.line(format_args!(
        "{game}

{}",
        crate::notation::key(setup.game, game.as_ref())
    ))
}
