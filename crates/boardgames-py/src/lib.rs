//! # boardgames (Python)
//!
//! The Rust half of the Python package `boardgames`: the module `boardgames._boardgames`,
//! re-exported by the pure-Python `boardgames/__init__.py` beside the OpenSpiel and PettingZoo
//! layers (`boardgames.openspiel`, `boardgames.pettingzoo`). Everything here goes through the
//! `boardgames` crate: the registry of the five games (the classes `Game` and `State`), the
//! agents from SPECs (`Agent`), the match runner `boardgames::arena` (`match`, `play_game`)
//! and the Slime Trail solver (`solve`).
//!
//! Bad input never panics: text that does not read (game names, parameters, positions,
//! actions, SPECs) raises `NotationError`, a well-formed request the game refuses raises
//! `IllegalAction`; both are `ValueError`s carrying the engine's message (module `errors`).
//! Long work (searches, matches, playouts, perft, the solver) runs with the interpreter
//! released.

mod agent;
mod convert;
mod distributed;
mod errors;
mod functions;
mod game;
mod game_core;
mod interrupt;
mod learn;
mod selfplay;
mod state;
mod tally;
mod vector;

use pyo3::prelude::*;

/// The module `boardgames._boardgames`.
#[pymodule]
fn _boardgames(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("NotationError", py.get_type::<errors::NotationError>())?;
    m.add("IllegalAction", py.get_type::<errors::IllegalAction>())?;
    m.add_class::<game_core::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<agent::Agent>()?;
    m.add_class::<vector::VectorGame>()?;
    m.add_function(wrap_pyfunction!(learn::learner_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(functions::games, m)?)?;
    m.add_function(wrap_pyfunction!(functions::game_info, m)?)?;
    m.add_function(wrap_pyfunction!(functions::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(functions::play_game, m)?)?;
    m.add_function(wrap_pyfunction!(functions::solve, m)?)?;
    m.add_function(wrap_pyfunction!(functions::match_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(state::restore, m)?)?;
    // The Ray layer's bindings (boardgames.distributed).
    m.add_function(wrap_pyfunction!(distributed::tournament_game, m)?)?;
    m.add_function(wrap_pyfunction!(distributed::tournament_table, m)?)?;
    m.add_class::<distributed::SubtreeSolver>()?;
    m.add_class::<tally::Tally>()?;
    m.add_function(wrap_pyfunction!(tally::read_tally, m)?)?;
    m.add_function(wrap_pyfunction!(tally::match_tally, m)?)?;
    m.add_function(wrap_pyfunction!(selfplay::selfplay_games, m)?)?;
    Ok(())
}
