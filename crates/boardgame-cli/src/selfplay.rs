//! `selfplay`: random games, a line per game and a summary (for people, not part of the
//! scripted contract).

use crate::error::CliError;
use crate::out::{note, Out};
use crate::progress::Progress;
use crate::setup::{clock_seed, start, Setup};
use boardgame_kit::{SplitMix64, MAX_SEATS};
use std::fmt::Write as _;
use std::time::Instant;

/// How `selfplay` runs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Number of games.
    pub games: u64,
    /// Seed of the random choices, if given.
    pub seed: Option<u64>,
    /// Cap on the actions of one game.
    pub max_actions: u64,
    /// Draw the board after every action.
    pub show: bool,
    /// Only the summary.
    pub quiet: bool,
}

/// Runs `selfplay`.
pub fn selfplay(setup: &Setup, opts: Options, out: &mut Out) -> Result<(), CliError> {
    let first = start(setup)?;
    let seed = opts.seed.unwrap_or_else(|| {
        let seed = clock_seed();
        note(format_args!(
            "seed {seed} (repeat this run with --seed {seed})"
        ));
        seed
    });
    let names = first.seat_names();
    let mut wins = [0u64; MAX_SEATS];
    let (mut draws, mut unfinished, mut total_len, mut max_len) = (0u64, 0u64, 0u64, 0u64);
    let mut progress = Progress::new(opts.games, "selfplay", opts.quiet || opts.show);
    let clock = Instant::now();
    for g in 0..opts.games {
        let mut game = first.clone_box();
        let mut rng = SplitMix64::new(seed.wrapping_add(g));
        let len = if opts.show {
            // The first board with its key, as `show` and `play` draw it.
            let key = crate::notation::key(setup.game, game.as_ref());
            out.line(format_args!("{game}\n\n{key}\n"))?;
            let mut len = 0;
            while len < opts.max_actions {
                let Some(a) = game.random_action_text(&mut rng) else {
                    break;
                };
                game.play_text(&a)?;
                len += 1;
                out.line(format_args!("{len}. {a}\n{game}\n"))?;
            }
            len
        } else {
            game.playout(&mut rng, opts.max_actions).length
        };
        total_len += len;
        max_len = max_len.max(len);
        let line = match game.outcome() {
            Some(o) => {
                let winners = o.winners();
                if winners.is_empty() {
                    draws += 1;
                }
                winners.iter().for_each(|x| wins[x.index()] += 1);
                format!("game {}: over: {} ({len} actions)", g + 1, o.summary(names))
            }
            None => {
                unfinished += 1;
                format!(
                    "game {}: unfinished, stopped at the cap of {len} actions",
                    g + 1
                )
            }
        };
        if !opts.quiet {
            out.line(line)?;
        }
        progress.inc();
    }
    progress.finish();
    let secs = clock.elapsed().as_secs_f64();
    let mut summary = String::from("wins:");
    for seat in first.seats().iter() {
        let _ = write!(summary, " {}={}", first.seat_name(seat), wins[seat.index()]);
    }
    out.line(format_args!(
        "{summary} draws={draws} unfinished={unfinished}"
    ))?;
    let mean = total_len as f64 / opts.games.max(1) as f64;
    if opts.show {
        out.line(format_args!("length: mean {mean:.1} max {max_len} actions"))?;
    } else {
        let rate = if secs > 0.0 {
            opts.games as f64 / secs
        } else {
            0.0
        };
        out.line(format_args!(
            "length: mean {mean:.1} max {max_len} actions; {rate:.0} playouts/s"
        ))?;
    }
    if unfinished > 0 {
        note(format_args!(
            "{unfinished} of {} games were stopped unfinished at {} actions (raise --max-actions, \
             or set a turn limit in --params where the game has one)",
            opts.games, opts.max_actions
        ));
    }
    Ok(())
}
