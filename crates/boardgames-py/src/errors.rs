//! The two exceptions of the package and how the engines' typed errors map onto them.
//!
//! `NotationError`: a text that does not read as what it should be (a game name, parameters,
//! a position, an action, an agent SPEC, a seat name). `IllegalAction`: a well-formed request
//! the game refuses (an illegal action or id, a play after the end, an undo with nothing to
//! take back, an agent asked to choose at a chance node, a seat that does not play...). Both
//! subclass `ValueError` and carry the engine's one-line message.

use boardgame_ai::{AgentError, SpecError};
use boardgame_kit::DynPlayError;
use boardgames::agents::ChooseError;
use boardgames::arena::ArenaError;
use boardgames::{SetupError, TableError};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::PyErr;
use std::fmt::Display;

pyo3::create_exception!(
    boardgames,
    NotationError,
    PyValueError,
    "A text that does not read: a game name, parameters, a position, an action, an agent SPEC \
     or a seat name. The message is the engine's, naming the first byte that cannot be what it \
     should."
);

pyo3::create_exception!(
    boardgames,
    IllegalAction,
    PyValueError,
    "A well-formed request the game refuses: an illegal action or action id, a play after the \
     end, an undo with nothing to take back, a choice asked at a chance node, a seat that does \
     not play. Nothing changed."
);

/// A `NotationError` with the message of `e` ([`short`]).
pub(crate) fn notation(e: impl Display) -> PyErr {
    NotationError::new_err(short(e.to_string()))
}

/// An `IllegalAction` with the message of `e` ([`short`]).
pub(crate) fn illegal(e: impl Display) -> PyErr {
    IllegalAction::new_err(short(e.to_string()))
}

/// The longest message an exception of the package carries, in characters.
const LONGEST: usize = 400;

/// A message of at most about [`LONGEST`] characters: one that quotes a long input keeps its
/// beginning and its end (where the engines say what was wrong), with the number of
/// characters left out between.
fn short(message: String) -> String {
    let count = message.chars().count();
    if count <= LONGEST {
        return message;
    }
    let (head, tail) = (LONGEST * 2 / 3, LONGEST / 3);
    let start: String = message.chars().take(head).collect();
    let end: String = message.chars().skip(count - tail).collect();
    format!("{start}[... {} characters ...]{end}", count - head - tail)
}

/// A refused play: text that does not read is a `NotationError`, anything else (illegal, no
/// such id or index) an `IllegalAction`.
pub(crate) fn play(e: DynPlayError) -> PyErr {
    match e {
        DynPlayError::Syntax(_) => notation(e),
        _ => illegal(e),
    }
}

/// A refusal of a game in progress: text that does not read (an action, a position, a SPEC)
/// is a `NotationError`, anything else an `IllegalAction`.
pub(crate) fn table_error(e: TableError) -> PyErr {
    match e {
        TableError::Play(e) => play(e),
        TableError::Setup(e) => setup(e),
        TableError::Spec(_) => notation(e),
        _ => illegal(e),
    }
}

/// A game that could not be started: always a text that does not read (name, parameters,
/// position).
pub(crate) fn setup(e: SetupError) -> PyErr {
    notation(e)
}

/// A match that could not be set up (texts: `NotationError`) or whose game could not go on
/// (`IllegalAction`).
pub(crate) fn arena(e: ArenaError) -> PyErr {
    match e {
        ArenaError::Choose(c) => choose(c),
        ArenaError::Agent(a) => spec(a),
        ArenaError::Play(_) | ArenaError::Observe(_) => illegal(e),
        _ => notation(e),
    }
}

/// An agent that cannot choose: `MemoryError` when the memory its settings ask for was refused,
/// else `IllegalAction` (a chance node, a finished game, another game's state).
pub(crate) fn choose(e: ChooseError) -> PyErr {
    match e {
        ChooseError::Agent(AgentError::OutOfMemory { .. }) => {
            PyMemoryError::new_err(short(e.to_string()))
        }
        e => illegal(e),
    }
}

/// An agent SPEC that cannot be made: `MemoryError` when the memory it asks for (the `solver`'s
/// table) was refused, else `NotationError` (no such agent, a bad key or value, out of bounds).
pub(crate) fn spec(e: SpecError) -> PyErr {
    match e {
        SpecError::OutOfMemory { .. } => PyMemoryError::new_err(short(e.to_string())),
        e => notation(e),
    }
}
