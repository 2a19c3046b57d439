//! `boardgames.Game`: one game of the registry with its parameters, and its Rust-side
//! constructor. Its Python methods are in `game.rs`: a game makes states there, and a state
//! gives its game (`state.rs`), so this shared piece stands apart from both.

use crate::errors::setup;
use boardgame_kit::{DynBoard, DynGame, Seat};
use boardgames::GameEntry;
use pyo3::prelude::*;

/// A game with its parameters: `Game("splut", "players=3")`.
///
/// `name` is one of `boardgames.games()`; `params` are `key=value` pairs joined by commas
/// (`""`: the defaults). Raises `NotationError` for an unknown game or bad parameters. The
/// game knows its seats in play (`seats`, by name, in seat order: seat number `i` of every
/// method is `seats[i]`), its fixed action space (`num_distinct_actions`,
/// `max_chance_outcomes`), the shape of its observations and the longest game its rules
/// allow; `new_state()` is its start, `state(position)` any position in its notation.
#[pyclass(module = "boardgames", name = "Game", frozen)]
pub(crate) struct Game {
    pub(crate) entry: &'static GameEntry,
    pub(crate) start: Box<dyn DynBoard>,
}

impl Game {
    /// The game called `name` with parameters `params` (text).
    pub(crate) fn open(name: &str, params: &str) -> PyResult<Game> {
        let entry = boardgames::find(name).map_err(setup)?;
        let start = entry.board(params, None).map_err(setup)?;
        Ok(Game { entry, start })
    }

    /// The dynamic game at the start.
    pub(crate) fn dyn_game(&self) -> &dyn DynGame {
        self.start.as_ref()
    }

    /// The seats in play, in seat order.
    pub(crate) fn seat_list(&self) -> Vec<Seat> {
        self.start.seats().iter().collect()
    }
}
