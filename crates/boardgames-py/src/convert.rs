//! Arguments from Python (texts, actions, seats) and results to Python (fractions, JSON-shaped
//! dicts).

use crate::errors::{illegal, notation, setup};
use boardgame_kit::{DynGame, Prob, Seat};
use boardgames::GameEntry;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

/// The text of a Python `str`. A string that is not valid Unicode (a lone surrogate) is read
/// with replacement characters, so that the engine refuses it with its own message.
pub(crate) fn text(s: &Bound<'_, PyString>) -> String {
    s.to_string_lossy().into_owned()
}

/// The text of an optional `str` (`""` for `None`).
pub(crate) fn text_or_empty(s: Option<&Bound<'_, PyString>>) -> String {
    s.map(text).unwrap_or_default()
}

/// The game, parameters and position a function's arguments name: the game's registry entry
/// (`NotationError` for an unknown game), the parameters' text (`""` for `None`) and the
/// position's text, if any. The parameters and position are read by whatever starts the game.
pub(crate) struct Setting {
    /// The game.
    pub(crate) entry: &'static GameEntry,
    /// Its parameters as given.
    pub(crate) params: String,
    /// The position to start from (`None`: the start).
    pub(crate) position: Option<String>,
}

impl Setting {
    /// Reads the arguments `game`, `params` and `position`.
    pub(crate) fn read(
        game: &Bound<'_, PyString>,
        params: Option<&Bound<'_, PyString>>,
        position: Option<&Bound<'_, PyString>>,
    ) -> PyResult<Setting> {
        Ok(Setting {
            entry: boardgames::find(&text(game)).map_err(setup)?,
            params: text_or_empty(params),
            position: position.map(text),
        })
    }
}

/// An action as Python gives it: its text in the game's notation, or its id.
pub(crate) enum ActionArg {
    /// The notation (or `#ID`).
    Text(String),
    /// An id of the fixed action space (a chance outcome's id at a chance node).
    Id(usize),
}

/// Reads an action argument: a `str` (notation) or an integer (an `int`, a NumPy integer,
/// anything with `__index__`). A negative or huge integer is no action's id
/// (`IllegalAction`); any other type is a `TypeError`.
pub(crate) fn action_arg(obj: &Bound<'_, PyAny>) -> PyResult<ActionArg> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(ActionArg::Text(text(s)));
    }
    index(
        obj,
        "an action",
        "its notation (str) or its id (int)",
        &|n| format!("no action has id {n}"),
    )
    .map(ActionArg::Id)
}

/// A non-negative integer argument that names something by number: an `int` or anything with
/// `__index__` (not a `bool`). A negative or huge number is an `IllegalAction` with the
/// message `missing` writes for it.
pub(crate) fn index(
    obj: &Bound<'_, PyAny>,
    what: &str,
    expected: &str,
    missing: &dyn Fn(String) -> String,
) -> PyResult<usize> {
    let py = obj.py();
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} is {expected}, not a bool"
        )));
    }
    match obj.extract::<i64>() {
        Ok(n) => usize::try_from(n).map_err(|_| illegal(missing(n.to_string()))),
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => {
            let shown = obj.str().map(|s| text(&s)).unwrap_or_default();
            Err(illegal(missing(shown)))
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} is {expected}, not {}",
            type_name(obj)
        ))),
    }
}

/// A count, a seed, a size or a number of something from Python: an `int` (or anything with
/// `__index__`) from 0 to 2^64-1. A negative or larger number is a `ValueError` (not the
/// `OverflowError` of a plain conversion: the package raises only what `docs/python.md`
/// lists); any other type a `TypeError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Count(pub(crate) u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Count {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Count> {
        match obj.extract::<u64>() {
            Ok(n) => Ok(Count(n)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let shown = obj.str().map(|s| text(&s)).unwrap_or_default();
                Err(PyValueError::new_err(format!(
                    "{}: counts, seeds and sizes run from 0 to 2^64-1",
                    excerpt(&shown)
                )))
            }
            Err(e) => Err(e),
        }
    }
}

impl Count {
    /// The count, or `ValueError` naming `what` and the bound `max` when it is larger.
    pub(crate) fn at_most(self, what: &str, max: u64) -> PyResult<u64> {
        if self.0 > max {
            return Err(PyValueError::new_err(format!(
                "{what}={}: at most {max}",
                self.0
            )));
        }
        Ok(self.0)
    }
}

/// `s` as a message quotes an input: escaped and cut short as every error of the engines
/// quotes one (the kit's `Excerpt`).
pub(crate) fn excerpt(s: &str) -> String {
    boardgame_kit::error::Excerpt(s).to_string()
}

/// The name of an object's type, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| text(&n))
        .unwrap_or_else(|_| "this type".to_string())
}

/// A seat as Python gives it: its number among the seats in play (`0` is the first seat of
/// [`DynGame::seats`]) or its name in the game's notation.
pub(crate) fn seat_arg(
    game: &dyn DynGame,
    seats: &[Seat],
    obj: &Bound<'_, PyAny>,
) -> PyResult<Seat> {
    if let Ok(s) = obj.cast::<PyString>() {
        let name = text(s);
        return match Seat::from_name(&name, game.seat_names()) {
            Some(seat) if seats.contains(&seat) => Ok(seat),
            Some(_) => Err(illegal(format!(
                "seat `{name}` does not play this game (seats in play: {})",
                seat_list(game, seats)
            ))),
            None => Err(notation(format!(
                "`{name}` is not a seat of {} (seats in play: {})",
                game.name(),
                seat_list(game, seats)
            ))),
        };
    }
    let n = index(
        obj,
        "a seat",
        "its number among the seats in play (int) or its name (str)",
        &|n| format!("there is no seat number {n}"),
    )?;
    seats.get(n).copied().ok_or_else(|| {
        illegal(format!(
            "there is no seat number {n} ({} seats in play, numbered from 0: {})",
            seats.len(),
            seat_list(game, seats)
        ))
    })
}

/// The seats in play by name, for messages.
fn seat_list(game: &dyn DynGame, seats: &[Seat]) -> String {
    let names: Vec<&str> = seats.iter().map(|s| game.seat_name(*s)).collect();
    names.join(" ")
}

/// An exact probability as a `fractions.Fraction`.
pub(crate) fn fraction<'py>(py: Python<'py>, p: Prob) -> PyResult<Bound<'py, PyAny>> {
    py.import("fractions")?
        .getattr("Fraction")?
        .call1((p.num(), p.den()))
}

/// A serialisable value as the Python object its JSON reads as (dicts, lists, str, int,
/// float, bool, None).
pub(crate) fn json_value<'py, T: serde::Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let text =
        serde_json::to_string(value).map_err(|e| illegal(format!("not serialisable: {e}")))?;
    json_text(py, &text)
}

/// A JSON text as the Python object it reads as.
pub(crate) fn json_text<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}
