//! The Python methods of `boardgames.Game` (the class itself is in `game_core.rs`).

use crate::convert::{text, text_or_empty};
use crate::errors::setup;
use crate::game_core::Game;
use crate::state::State;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name, params = None))]
    fn new(name: &Bound<'_, PyString>, params: Option<&Bound<'_, PyString>>) -> PyResult<Game> {
        Game::open(&text(name), &text_or_empty(params))
    }

    /// The game's name (`slimetrail`).
    #[getter]
    fn name(&self) -> &'static str {
        self.entry.name()
    }

    /// The game's title for people (`Slime Trail`).
    #[getter]
    fn title(&self) -> &'static str {
        self.entry.title()
    }

    /// The parameters as the engine writes them: only the keys that differ from the defaults
    /// (`""` for all defaults).
    #[getter]
    fn params(&self) -> String {
        self.start.params_text()
    }

    /// The seats in play by name, in seat order (seat number `i` is `seats[i]`).
    #[getter]
    fn seats(&self) -> Vec<&'static str> {
        let g = self.dyn_game();
        g.seats().iter().map(|s| g.seat_name(s)).collect()
    }

    /// The number of seats in play.
    #[getter]
    fn num_players(&self) -> usize {
        self.start.seats().len()
    }

    /// The number of ids of players' actions: every action is an id in
    /// `range(num_distinct_actions)` that means the same in every position.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.start.num_distinct_actions()
    }

    /// The number of ids of chance outcomes (0 for games without dice).
    #[getter]
    fn max_chance_outcomes(&self) -> usize {
        self.start.max_chance_outcomes()
    }

    /// The shape of an observation (planes, rows, columns).
    #[getter]
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.start.observation_shape().dims())
    }

    /// The longest game the rules allow, in actions (chance outcomes included), or `None`
    /// when the rules give no bound.
    #[getter]
    fn max_game_length(&self) -> Option<u64> {
        self.start.max_game_length()
    }

    /// Whether the game has chance nodes (Arandia's die).
    #[getter]
    fn has_chance(&self) -> bool {
        self.entry.has_chance()
    }

    /// The rules in brief, a page for a person.
    #[getter]
    fn rules(&self) -> &'static str {
        self.entry.rules()
    }

    /// The four lines of `boardgame info` (action space, chance outcomes, observation
    /// shape, longest game).
    fn info(&self) -> String {
        self.start.info().to_string()
    }

    /// The start position as a new state.
    fn new_state(&self) -> PyResult<State> {
        State::new(self.start.clone_board(), None)
    }

    /// The state written `position` in the game's position notation (`NotationError` if it
    /// does not read or is not a position of this game).
    fn state(&self, position: &Bound<'_, PyString>) -> PyResult<State> {
        let position = text(position);
        let board = self
            .entry
            .board(&self.start.params_text(), Some(&position))
            .map_err(setup)?;
        State::new(board, Some(position))
    }

    fn __eq__(&self, other: PyRef<'_, Game>) -> bool {
        self.entry.name() == other.entry.name() && self.params() == other.params()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.entry.name(), self.params()).hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "boardgames.Game({:?}, {:?})",
            self.entry.name(),
            self.params()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let me = slf.get();
        Ok((
            slf.get_type().into_any(),
            (me.entry.name().to_string(), me.params()),
        ))
    }
}
