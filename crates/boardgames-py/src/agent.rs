//! `boardgames.Agent`: a player of the registry made from a SPEC.

use crate::convert::{action_arg, text, Count};
use crate::errors::{illegal, play, setup};
use crate::game_core::Game;
use crate::state::State;
use boardgame_kit::{DynGame, Seat};
use boardgames::{DynAgent, GameEntry};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::{Mutex, MutexGuard, TryLockError};

/// A player for one game, made from a SPEC: `Agent("mcts:iterations=1000", game, seed=0)`.
///
/// SPECs are a name with optional settings (`random`, `mcts`, `mcts:iterations=5000`,
/// `mcts:time=50ms`, `alphabeta:nodes=100000`, `solver` for Slime Trail); a bad SPEC raises
/// `NotationError`. The same SPEC, seed and position give the same choice (unless it has a
/// `time` budget).
///
/// The agent follows a game of its own: `inform(action)` tells it every action played (the
/// other seats' and chance outcomes too), so `mcts` keeps its tree from one choice to the
/// next. `choose(state)` searches `state` with the interpreter released and returns the
/// action's text (nothing is played); when `state` is not the position the agent was
/// following, it starts afresh from `state`.
///
/// An agent serves one call at a time: a call made while another thread's call on the same
/// agent is running (a search releases the interpreter) raises `ValueError` ("this Agent is
/// busy") and changes nothing. Use one agent per thread.
#[pyclass(module = "boardgames", name = "Agent", frozen)]
pub(crate) struct Agent {
    entry: &'static GameEntry,
    spec: String,
    seed: u64,
    params: String,
    /// The seats in play, in seat order.
    seats: Vec<Seat>,
    /// What calls change, one call at a time.
    inner: Mutex<Inner>,
}

/// The agent and the position it follows.
struct Inner {
    agent: Box<dyn DynAgent>,
    /// The position the agent follows (where `inform` plays).
    mirror: Box<dyn DynGame>,
}

impl Inner {
    /// Starts the agent afresh following `mirror`.
    fn follow(&mut self, mirror: Box<dyn DynGame>) {
        self.agent.restart();
        self.mirror = mirror;
    }
}

impl Agent {
    /// The agent for this call, or `ValueError` while another thread's call has it.
    fn inner(&self) -> PyResult<MutexGuard<'_, Inner>> {
        match self.inner.try_lock() {
            Ok(inner) => Ok(inner),
            // A poisoned lock only means a search panicked, which the engines never do; the
            // agent is still usable.
            Err(TryLockError::Poisoned(e)) => Ok(e.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyValueError::new_err(
                "this Agent is busy: another thread's call on it is running (an Agent serves \
                 one call at a time; use one Agent per thread)",
            )),
        }
    }

    /// Refuses a state of another game or other parameters.
    fn check_game(&self, state: &State) -> PyResult<()> {
        let g = state.game();
        if state.entry().name() != self.entry.name() || g.params_text() != self.params {
            return Err(illegal(format!(
                "this agent plays {} with parameters `{}`, not {} with `{}`",
                self.entry.name(),
                self.params,
                g.name(),
                g.params_text()
            )));
        }
        Ok(())
    }
}

#[pymethods]
impl Agent {
    #[new]
    #[pyo3(signature = (spec, game, seed = Count(0)))]
    fn new(spec: &Bound<'_, PyString>, game: PyRef<'_, Game>, seed: Count) -> PyResult<Agent> {
        let seed = seed.0;
        let spec = text(spec);
        let agent = game.entry.agent(&spec, seed).map_err(crate::errors::spec)?;
        let start = game.dyn_game().clone_box();
        Ok(Agent {
            entry: game.entry,
            seed,
            params: start.params_text(),
            seats: game.seat_list(),
            inner: Mutex::new(Inner {
                agent,
                mirror: start,
            }),
            spec,
        })
    }

    /// The SPEC the agent was made from.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// The agent's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The agent's name (`mcts`).
    #[getter]
    fn name(&self) -> PyResult<&'static str> {
        Ok(self.inner()?.agent.name())
    }

    /// The action (text) the agent chooses for the seat to act in `state`; nothing is
    /// played. Searches with the interpreter released. `IllegalAction` at a chance node, once
    /// the game is over, or for a state of another game.
    fn choose(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<String> {
        self.check_game(&state)?;
        let game = state.game();
        let mut inner = self.inner()?;
        if inner.mirror.position() != game.position() {
            inner.follow(game.clone_box());
        }
        let agent = &mut inner.agent;
        // `Python::detach` is pyo3's `allow_threads` (renamed in 0.26): the GIL is released
        // while the agent searches, so other Python threads run meanwhile.
        // Ctrl-C stops the search and raises here (`crate::interrupt`).
        let chosen = crate::interrupt::detached(py, || agent.choose(game))?;
        chosen.map_err(crate::errors::choose)
    }

    /// Tells the agent that `action` (text or id) is played at the position it follows, and
    /// plays it there. `NotationError` / `IllegalAction` if it cannot be played there
    /// (nothing changed).
    fn inform(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut inner = self.inner()?;
        let text = match action_arg(action)? {
            crate::convert::ActionArg::Text(t) => t,
            crate::convert::ActionArg::Id(id) => inner.mirror.id_text(id).ok_or_else(|| {
                illegal(format!(
                    "no action has id {id} at the position this agent follows"
                ))
            })?,
        };
        inner.mirror.action_index(&text).map_err(play)?;
        let Inner { agent, mirror } = &mut *inner;
        agent.inform(mirror.as_ref(), &text);
        mirror.play_text(&text).map_err(play)?;
        Ok(())
    }

    /// Forgets the game so far and follows `state` (default: the game's start).
    #[pyo3(signature = (state = None))]
    fn restart(&self, state: Option<PyRef<'_, State>>) -> PyResult<()> {
        let mut inner = self.inner()?;
        let mirror = match state {
            Some(s) => {
                self.check_game(&s)?;
                s.game().clone_box()
            }
            None => self.entry.new_game(&self.params).map_err(setup)?,
        };
        inner.follow(mirror);
        Ok(())
    }

    /// The position the agent follows (where `inform` plays).
    fn position(&self) -> PyResult<String> {
        Ok(self.inner()?.mirror.position())
    }

    /// What the last choice found, as a dict, or `None` before the first choice: `seat` (the
    /// number of the seat that chose), `values` (the position's value for every seat in play,
    /// in `-1..1`), `exact` (solved), `line` (the chosen action and the expected
    /// continuation), `actions` (per legal action: `action`, `visits`, `value`, `exact`),
    /// `iterations`, `nodes`, `longest_playout`.
    fn analysis<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let seats = self.seats.clone();
        let Some(a) = self.inner()?.agent.analysis() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("seat", seats.iter().position(|&s| s == a.seat))?;
        let values: Vec<f32> = seats.iter().map(|&s| a.values.get(s)).collect();
        d.set_item("values", values)?;
        d.set_item("exact", a.exact)?;
        d.set_item("line", a.line.clone())?;
        let actions = pyo3::types::PyList::empty(py);
        for s in &a.actions {
            let row = PyDict::new(py);
            row.set_item("action", &s.action)?;
            row.set_item("visits", s.visits)?;
            row.set_item("value", s.value)?;
            row.set_item("exact", s.exact)?;
            actions.append(row)?;
        }
        d.set_item("actions", actions)?;
        d.set_item("iterations", a.iterations)?;
        d.set_item("nodes", a.nodes)?;
        d.set_item("longest_playout", a.longest_playout)?;
        Ok(Some(d))
    }

    fn __repr__(&self) -> String {
        format!(
            "boardgames.Agent({:?}, boardgames.Game({:?}, {:?}), seed={})",
            self.spec,
            self.entry.name(),
            self.params,
            self.seed
        )
    }
}
