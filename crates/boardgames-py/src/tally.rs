//! `Tally`: a match's results as the match runner counts them (`boardgames::arena::Tally`),
//! so that the parts of a match played elsewhere (Ray tasks) are merged by the runner's own
//! `Tally::merge`, and `match_tally`, which plays a slice of a match's games into one.

use crate::convert::Count;
use crate::errors::{arena, notation};
use crate::functions::{match_spec, tally_dict};
use boardgames::arena::{self, ArenaError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

/// The results of some games of a match, per agent (`results()`: what `match` returns) and
/// per game. Tallies of other games of the same match merge into one (`merge`), in any order,
/// to the totals of the whole match; a tally pickles (its counts), so tasks can return one.
#[pyclass(module = "boardgames", name = "Tally")]
#[derive(Clone)]
pub(crate) struct Tally {
    agents: Vec<String>,
    tally: arena::Tally,
}

#[pymethods]
impl Tally {
    /// An empty tally for the agents (their SPECs, in the order of the match).
    #[new]
    fn new(agents: Vec<String>) -> Tally {
        Tally {
            tally: arena::Tally::new(agents.len()),
            agents,
        }
    }

    /// The agents' SPECs.
    #[getter]
    fn agents(&self) -> Vec<String> {
        self.agents.clone()
    }

    /// The games counted (unfinished ones included).
    #[getter]
    fn games(&self) -> u64 {
        self.tally.games()
    }

    /// Adds the games of `other`, a tally of the same agents (`ValueError` otherwise; nothing
    /// changed). Returns `self`.
    fn merge<'py>(
        mut slf: PyRefMut<'py, Self>,
        other: PyRef<'py, Tally>,
    ) -> PyResult<PyRefMut<'py, Self>> {
        if slf.agents != other.agents {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "a tally of {:?} cannot take the games of a tally of {:?}",
                slf.agents, other.agents
            )));
        }
        slf.tally.merge(&other.tally);
        Ok(slf)
    }

    /// One dict per agent, in the order of the match: `agent` (its SPEC), `wins`, `draws`,
    /// `losses`, `shared`, `unfinished`, as `match` returns them.
    fn results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for (a, spec) in self.agents.iter().enumerate() {
            out.append(tally_dict(py, spec, &self.tally.agent(a))?)?;
        }
        Ok(out)
    }

    fn __eq__(&self, other: PyRef<'_, Tally>) -> bool {
        self.agents == other.agents && self.tally == other.tally
    }

    fn __repr__(&self) -> String {
        format!(
            "<boardgames.Tally of {} games between {:?}>",
            self.tally.games(),
            self.agents
        )
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let read = py.import("boardgames._boardgames")?.getattr("_tally")?;
        let counts = serde_json::to_string(&self.tally)
            .map_err(|e| notation(format!("a tally that does not write: {e}")))?;
        Ok((read, (self.agents.clone(), counts).into_pyobject(py)?))
    }
}

/// Reads a pickled tally back (`NotationError` for counts that do not read or do not fit
/// the agents).
#[pyfunction]
#[pyo3(name = "_tally")]
pub(crate) fn read_tally(agents: Vec<String>, counts: &str) -> PyResult<Tally> {
    let tally: arena::Tally = serde_json::from_str(counts)
        .map_err(|e| notation(format!("tally counts that do not read: {e}")))?;
    if tally.agents() != agents.len() {
        return Err(notation(format!(
            "tally counts for {} agents, given {} SPECs",
            tally.agents(),
            agents.len()
        )));
    }
    Ok(Tally { agents, tally })
}

/// Plays games `start..stop` (0-based numbers) of the match `match` plays with the same
/// arguments, one after another with the interpreter released, and returns their `Tally`:
/// the tallies of the slices of a match merge into the match's.
#[pyfunction]
#[pyo3(signature = (game, params = None, agents = Vec::new(), seed = Count(0), start = Count(0), stop = Count(0), max_actions = None, position = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn match_tally<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyString>,
    params: Option<&Bound<'py, PyString>>,
    agents: Vec<Bound<'py, PyString>>,
    seed: Count,
    start: Count,
    stop: Count,
    max_actions: Option<Count>,
    position: Option<&Bound<'py, PyString>>,
) -> PyResult<Tally> {
    let (seed, start, stop) = (seed.0, start.0, stop.0);
    let max_actions = max_actions.map(|c| c.0);
    let spec = match_spec(game, params, &agents, seed, max_actions, position)?;
    let tally = crate::interrupt::detached(py, || {
        let mut tally = arena::Tally::new(spec.agents().len());
        for number in start..stop.max(start) {
            tally.add(&arena::play_game(&spec, number)?);
        }
        Ok::<_, ArenaError>(tally)
    })?;
    Ok(Tally {
        agents: spec.agents().to_vec(),
        tally: tally.map_err(arena)?,
    })
}
