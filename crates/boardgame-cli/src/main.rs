//! `boardgame`: drive any game of the workspace from the command line.
//!
//! The scripted commands (`perft`, `legal`, `apply`, `trace`, `best`, `solve`, `match`,
//! `engine`, `info`, `observe`) print exactly what the command-line contract in the README
//! says; `show` prints a picture for a person, and `selfplay`, `play`, `games` and `rules` are
//! for people. Bad
//! input exits with status 2 and one line on stderr; a closed output pipe ends quietly.

mod agents;
mod arena;
mod args;
mod error;
mod games;
mod help;
mod loadtest;
mod notation;
mod out;
mod play;
mod progress;
mod rules;
mod scripted;
mod selfplay;
mod serve;
mod setup;

use args::Command;
use boardgames::text::one_line;
use clap::error::ErrorKind;
use error::CliError;
use out::{note, Out};
use std::ffi::OsString;
use std::process::ExitCode;

/// What `boardgame` alone prints: the commands a person starts with.
fn starter() -> String {
    format!(
        "boardgame: play and study five board games from the terminal. Start with:
  boardgame games          the games, their seats and parameters
  boardgame rules GAME     a game's rules in brief (GAME: {})
  boardgame play GAME      play GAME against the computer (type `help` at the prompt)
  boardgame show GAME      the board at the start, with a key of its symbols
Every command: boardgame --help",
        boardgames::names()
    )
}

fn run(command: Command, out: &mut Out) -> Result<(), CliError> {
    match command {
        Command::Perft {
            setup,
            depth,
            divide,
        } => scripted::perft(&setup, depth, divide, out),
        Command::Legal { setup, ids } => scripted::legal(&setup, ids, out),
        Command::Info { game, params } => scripted::info(game, &params, out),
        Command::Observe { setup, seat } => scripted::observe(&setup, seat.as_deref(), out),
        Command::Apply { setup, actions } => scripted::apply(&setup, &actions, out),
        Command::Trace { setup, actions } => scripted::trace(&setup, &actions, out),
        Command::Show { setup } => scripted::show(&setup, out),
        Command::Selfplay {
            setup,
            games,
            seed,
            max_actions,
            show,
            quiet,
        } => selfplay::selfplay(
            &setup,
            selfplay::Options {
                games,
                seed,
                max_actions,
                show,
                quiet,
            },
            out,
        ),
        Command::Play {
            setup,
            seat,
            opponent,
            seed,
        } => play::play(&setup, seat.as_deref(), &opponent, seed, out),
        Command::Best { setup, agent, seed } => agents::best(&setup, &agent, seed, out),
        Command::Match {
            setup,
            play,
            games,
            record,
        } => arena::play_match(&setup, &play.options(games, record), out),
        Command::Tournament { setup, play, games } => {
            arena::tournament(&setup, &play.options(games, None), out)
        }
        Command::Solve {
            setup,
            resume,
            save,
            save_every,
            progress,
            threads,
        } => agents::solve(
            &setup,
            agents::SolveRun {
                resume,
                save,
                save_every,
                progress,
                threads: threads.map(usize::from),
            },
            out,
        ),
        Command::Loadtest(load) => loadtest::loadtest(&load, out),
        Command::Engine => agents::engine(out),
        Command::Games => games::list(out),
        Command::Serve(args) => serve::serve(args, out),
        Command::Rules { game } => rules::rules(game, out),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut args::command(), "boardgame", &mut script);
            out.text(&String::from_utf8_lossy(&script))
        }
    }
}

/// A clap error as one line: the message without the usage block and tips, user text escaped.
/// The message is rendered again from arguments whose control characters are escaped, so that
/// text quoted from the command line cannot break the line.
fn usage_line(error: &clap::Error, argv: &[OsString]) -> String {
    let escaped: Vec<OsString> = argv
        .iter()
        .map(|a| OsString::from(one_line(&a.to_string_lossy()).into_owned()))
        .collect();
    let rendered = match args::parse(&escaped) {
        Err(again) if again.kind() == error.kind() => again.render().to_string(),
        _ => error.render().to_string(),
    };
    let body = rendered.split("\nUsage:").next().unwrap_or_default();
    let parts: Vec<&str> = body
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("tip:") && !l.starts_with("For more"))
        .collect();
    let text = parts
        .join(" ")
        .replace("unrecognized subcommand", "unknown command");
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    let command = argv
        .get(1)
        .and_then(|a| a.to_str())
        .filter(|a| args::command().find_subcommand(a).is_some());
    match command {
        Some(c) => format!("{} (see `boardgame help {c}`)", one_line(text)),
        None => format!("{} (see `boardgame --help`)", one_line(text)),
    }
}

fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    if let Some(k) = argv.iter().skip(1).position(|a| a.to_str().is_none()) {
        let lossy = argv[k + 1].to_string_lossy();
        note(format_args!(
            "boardgame: argument {} `{}` is not valid UTF-8",
            k + 1,
            one_line(&lossy)
        ));
        return ExitCode::from(2);
    }
    if argv.len() == 1 {
        // No command: the commands a person starts with (on stderr: nothing ran).
        note(starter());
        return ExitCode::from(2);
    }
    let cli = match args::parse(&argv) {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let mut out = Out::stdout();
            let mut text = e.render().to_string();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            return match out.text(&text).and_then(|()| out.flush()) {
                Ok(()) | Err(CliError::Closed) => ExitCode::SUCCESS,
                Err(err) => {
                    note(format_args!("boardgame: {err}"));
                    ExitCode::from(2)
                }
            };
        }
        Err(e) => {
            note(format_args!("boardgame: {}", usage_line(&e, &argv)));
            return ExitCode::from(2);
        }
    };
    let mut out = Out::stdout();
    let result = run(cli.command, &mut out).and_then(|()| out.flush());
    let flushed = out.flush();
    match result.and(flushed) {
        Ok(()) | Err(CliError::Closed) => ExitCode::SUCCESS,
        Err(CliError::Interrupted(what)) => {
            note(format_args!("boardgame: {what}"));
            ExitCode::from(130)
        }
        Err(e) => {
            note(format_args!("boardgame: {}", one_line(&e.to_string())));
            ExitCode::from(2)
        }
    }
}
