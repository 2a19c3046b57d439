//! Why a match could not be set up or a game could not be played.

use crate::agents::ChooseError;
use crate::registry::SetupError;
use boardgame_ai::SpecError;
use boardgame_kit::{DynPlayError, ObserveError};

/// Why a match or a tournament could not be set up, or one of its games could not be played.
///
/// ```
/// use boardgames::arena::{ArenaError, MatchSpec};
/// let entry = boardgames::find("splut").unwrap();
/// let e = MatchSpec::new(entry, "players=9", None, &["random"]).unwrap_err();
/// assert!(matches!(e, ArenaError::Setup(_)));
/// let e = MatchSpec::new(entry, "", None, &["random", "gnugo"]).unwrap_err();
/// assert!(e.to_string().starts_with("unknown agent `gnugo`: expected one of random, mcts"));
/// assert_eq!(MatchSpec::new(entry, "", None, &[] as &[&str]).unwrap_err(), ArenaError::NoAgents);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// The parameters or the start position are not valid for the game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An agent SPEC names no agent of the game, or has bad settings.
    #[error(transparent)]
    Agent(#[from] SpecError),
    /// A match needs at least one agent.
    #[error("a match needs at least one agent SPEC")]
    NoAgents,
    /// A tournament needs at least two agents.
    #[error("a tournament needs at least two agent SPECs, got {0}")]
    TooFewAgents(usize),
    /// An agent could not choose (the start position is a finished game, for one).
    #[error(transparent)]
    Choose(#[from] ChooseError),
    /// An agent chose an action the game refused.
    #[error(transparent)]
    Play(#[from] DynPlayError),
    /// The game was stopped by the calling thread's cancellation hook
    /// (`boardgame_ai::budget::with_cancel`), such as Ctrl-C in the Python package.
    #[error("stopped: cancelled by the caller")]
    Cancelled,
    /// A seat's observation could not be written (a self-play sample).
    #[error(transparent)]
    Observe(#[from] ObserveError),
}
