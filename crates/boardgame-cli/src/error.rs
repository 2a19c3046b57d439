//! Everything that can go wrong: a bad input (exit 2 and one line on stderr) or an output that
//! went away (a closed pipe ends the command quietly).

use boardgame_kit::PerftError;
use boardgame_kit::{DynPlayError, ParamError, PositionError, SequenceError};
use boardgames::agents::ChooseError;
use boardgames::arena::ArenaError;
use boardgames::solve::SolveError;
use boardgames::{SetupError, TableError};
use std::io;

/// Why a command stopped before finishing.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// No such game.
    #[error("{0}")]
    UnknownGame(SetupError),
    /// Bad command line (beyond what the parser catches).
    #[error("{0}")]
    Usage(String),
    /// Bad parameters.
    #[error("--params: {0}")]
    Params(ParamError),
    /// Bad position.
    #[error("--position: {0}")]
    Position(PositionError),
    /// An action that cannot be read or played, with its 1-based index.
    #[error("{0}")]
    Action(#[from] SequenceError),
    /// A single action that cannot be played.
    #[error("{0}")]
    Play(#[from] DynPlayError),
    /// An agent SPEC that names no agent, or bad settings.
    #[error("--agent: {0}")]
    Agent(#[from] boardgame_ai::SpecError),
    /// The agent cannot choose here (a chance node, a finished game).
    #[error("{0}")]
    Choose(#[from] ChooseError),
    /// No exact solution here.
    #[error("{0}")]
    Solve(#[from] SolveError),
    /// A perft depth that is not searched.
    #[error("{0}")]
    Perft(#[from] PerftError),
    /// Ctrl-C stopped the command (exit 130, as a shell reports SIGINT); the one line says what
    /// was kept.
    #[error("{0}")]
    Interrupted(String),
    /// A load test that could not run.
    #[error("{0}")]
    Load(#[from] boardgames_load::LoadError),
    /// The `--record` file could not be written.
    #[error("--record {}: {error}", path.display())]
    Record {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        error: io::Error,
    },
    /// Writing the output failed for another reason than a closed pipe.
    #[error("cannot write the output: {0}")]
    Output(io::Error),
    /// Reading standard input failed.
    #[error("cannot read standard input: {0}")]
    Input(io::Error),
    /// The reader of the output went away (a closed pipe): stop quietly.
    #[error("the output was closed")]
    Closed,
}

impl From<SetupError> for CliError {
    fn from(e: SetupError) -> Self {
        match e {
            SetupError::Params(p) => CliError::Params(p),
            SetupError::Position(p) => CliError::Position(p),
            other => CliError::UnknownGame(other),
        }
    }
}

impl From<ArenaError> for CliError {
    fn from(e: ArenaError) -> Self {
        match e {
            ArenaError::Setup(e) => e.into(),
            ArenaError::Agent(e) => CliError::Agent(e),
            ArenaError::Choose(e) => CliError::Choose(e),
            ArenaError::Play(e) => CliError::Play(e),
            other => CliError::Usage(format!("--agent: {other}")),
        }
    }
}

impl From<TableError> for CliError {
    fn from(e: TableError) -> Self {
        match e {
            TableError::Setup(e) => e.into(),
            TableError::Play(e) => CliError::Play(e),
            TableError::Spec(e) => CliError::Agent(e),
            TableError::Choose(e) => CliError::Choose(e),
            TableError::Perft(e) => CliError::Perft(e),
            other => CliError::Usage(other.to_string()),
        }
    }
}

impl CliError {
    /// The error for a failed write to standard output.
    pub fn from_write(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::Closed
        } else {
            CliError::Output(e)
        }
    }
}
