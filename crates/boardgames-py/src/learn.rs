//! `boardgames.learner_defaults`: the defaults of the learning faces (OpenSpiel, PettingZoo,
//! `VectorGame`, Gymnasium), from `boardgames::learn`.

use crate::convert::{text, text_or_empty};
use crate::errors::setup;
use boardgames::learn;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// The defaults a learning face plays `game` with `params` by: a dict with `params` (with the
/// game's learner turn limit added where it has one and `params` sets none), `turn_limit` (the
/// limit added, or `None`), `max_actions` (the cap on the actions of an episode: a game still
/// running then is truncated) and `in_effect`, every parameter key with its value in effect
/// (the rules' default where not given), in the game's order of keys.
#[pyfunction]
#[pyo3(signature = (game, params = None))]
pub(crate) fn learner_defaults<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyString>,
    params: Option<&Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyDict>> {
    let entry = boardgames::find(&text(game)).map_err(setup)?;
    let given = text_or_empty(params);
    let played = learn::params(entry, &given).map_err(setup)?;
    let before = entry.new_game(&given).map_err(setup)?.params_text();
    let d = PyDict::new(py);
    let added = (played != before)
        .then_some(learn::of(entry.name()).turn_limit)
        .flatten();
    d.set_item("turn_limit", added)?;
    d.set_item(
        "max_actions",
        learn::max_actions(entry, &played).map_err(setup)?,
    )?;
    let in_effect = PyDict::new(py);
    for (k, v) in learn::in_effect(entry, &played).map_err(setup)? {
        in_effect.set_item(k, v)?;
    }
    d.set_item("in_effect", in_effect)?;
    d.set_item("params", played)?;
    Ok(d)
}
