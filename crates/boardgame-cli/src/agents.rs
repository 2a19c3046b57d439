//! The commands with agents: `best` and `solve`, and the `engine` protocol loop (`match` and
//! `tournament` are in `arena.rs`).

use crate::error::CliError;
use crate::out::Out;
use crate::progress::SearchProgress;
use crate::setup::{start, Setup};
use boardgames::Session;
use std::io::BufRead;
use std::path::PathBuf;

/// `best`: the action the agent chooses for the seat to act.
pub fn best(setup: &Setup, spec: &str, seed: u64, out: &mut Out) -> Result<(), CliError> {
    let game = start(setup)?;
    let mut agent = setup.game.agent(spec, seed)?;
    let action = agent.choose(game.as_ref())?;
    out.line(action)
}

/// How `solve` runs: `resume` and `save` name files of proven positions read before and
/// written during (every `save_every` seconds) and after the search (also when Ctrl-C stops it); `progress` prints the
/// progress on stderr even when it is not a terminal; `threads` (default: the available
/// cores) search sharing one table.
#[derive(Debug, Default)]
pub struct SolveRun {
    pub resume: Option<PathBuf>,
    pub save: Option<PathBuf>,
    pub save_every: Option<u64>,
    pub progress: bool,
    pub threads: Option<usize>,
}

/// `solve`: `win` or `loss` for the seat to act, then each legal action's result.
pub fn solve(setup: &Setup, run: SolveRun, out: &mut Out) -> Result<(), CliError> {
    let game = start(setup)?;
    if !setup.game.has_solver() {
        return Err(boardgames::solve::SolveError::NoSolver(setup.game.name()).into());
    }
    let progress = std::sync::Arc::new(SearchProgress::new("solve", run.progress));
    let report = progress.clone();
    // With a save file, Ctrl-C stops the search and the solve writes a last save before the
    // command exits (without one, Ctrl-C ends the process as usual).
    let interrupted = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stop: Option<std::sync::Arc<dyn Fn() -> bool + Send + Sync>> = match &run.save {
        Some(_) => {
            let flag = interrupted.clone();
            let caught = ctrlc::set_handler(move || {
                flag.store(true, std::sync::atomic::Ordering::Relaxed);
            });
            caught.ok().map(|()| {
                let flag = interrupted.clone();
                let stop: std::sync::Arc<dyn Fn() -> bool + Send + Sync> =
                    std::sync::Arc::new(move || flag.load(std::sync::atomic::Ordering::Relaxed));
                stop
            })
        }
        None => None,
    };
    let save = run.save.clone();
    let options = boardgames::solve::SolveOptions {
        progress: Some(std::sync::Arc::new(move |positions| {
            report.report(positions)
        })),
        resume: run.resume,
        save: run.save,
        save_every: run.save_every.map(std::time::Duration::from_secs),
        threads: run.threads,
        stop,
        ..boardgames::solve::SolveOptions::default()
    };
    let solution = setup.game.solve_with(game.as_ref(), &options);
    progress.finish();
    if let (Err(boardgames::solve::SolveError::Stopped), Some(path)) = (&solution, &save) {
        if interrupted.load(std::sync::atomic::Ordering::Relaxed) {
            let path = path.display();
            return Err(CliError::Interrupted(format!(
                "interrupted: the proven positions are saved in {path} (--resume {path} carries on)"
            )));
        }
    }
    let solution = solution?;
    let word = |win: bool| if win { "win" } else { "loss" };
    out.line(word(solution.win))?;
    for (action, win) in solution.actions {
        out.line(format_args!("{action} {}", word(win)))?;
    }
    Ok(())
}

/// `engine`: the line protocol on stdin and stdout until `quit` or the end of input.
pub fn engine(out: &mut Out) -> Result<(), CliError> {
    let mut session = Session::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input
            .read_until(b'\n', &mut line)
            .map_err(CliError::Input)?
            == 0
        {
            return Ok(());
        }
        if let Some(answer) = session.handle_bytes(&line) {
            out.text(&answer.to_string())?;
            out.flush()?;
            if answer.is_quit() {
                return Ok(());
            }
        }
    }
}
