//! `boardgames.VectorGame`: many games stepped together in Rust, writing into NumPy arrays the
//! vector owns.

use crate::convert::{text, text_or_empty, type_name};
use crate::errors::{illegal, notation, setup};
use crate::game_core::Game;
use boardgames::vector::{Buffers, Settings, VectorError, MAX_ENVS};
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyMemoryError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};
use std::sync::Mutex;

/// Many games of one game stepped together in Rust, on several threads with the interpreter
/// released: `VectorGame("slimetrail", "size=7", num_envs=1024, seed=0, threads=None)`.
///
/// The parameters are played with the learner defaults added (`learner_defaults`: every
/// episode ends; `game` is the `Game` played). `reset()` and `step(actions)` return NumPy
/// arrays the vector owns and overwrites at the next call (copy what you keep):
///
/// - `obs`: `float32 [num_envs, *observation_shape]`, each game seen from its seat to act;
/// - `mask`: `bool [num_envs, num_distinct_actions]`, `True` at the legal ids;
/// - `to_act`: `int64 [num_envs]`, the seat number to act;
/// - `rewards` (step): `float32 [num_envs, num_players]`, each seat's return in the games that
///   ended in this step (else 0);
/// - `terminated`, `truncated` (step): `bool [num_envs]`, the game ended by the rules / was cut
///   at `max_actions` in this step.
///
/// A game that ends is started again in the same step (its row of `obs` and `mask` shows the
/// new game). Chance outcomes are drawn inside from each game's generator (seeded from `seed`
/// and the game's index), so the same seed, `num_envs` and actions give the same games on any
/// number of threads. An illegal action raises `IllegalAction` and changes nothing.
///
/// With `opponent` (an agent SPEC), the learner plays seat `seat` of every game (`None`: a seat
/// drawn at each game's start) and the agent plays the others inside the step.
#[pyclass(module = "boardgames", name = "VectorGame")]
pub(crate) struct VectorGame {
    /// In a mutex only to be `Sync` (a Python object may be seen from several threads): the
    /// calls that use it take `&mut self`, so the lock is never contended.
    inner: Mutex<boardgames::vector::VectorGame>,
    game: Py<Game>,
    obs: Py<PyArrayDyn<f32>>,
    mask: Py<PyArray2<bool>>,
    to_act: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    final_obs: Py<PyArrayDyn<f32>>,
    seed: u64,
}

/// A vector's error as the package's exceptions.
fn vector_error(e: VectorError) -> PyErr {
    match e {
        VectorError::Setup(e) => setup(e),
        VectorError::Spec(e) => notation(e),
        VectorError::Illegal { .. } => illegal(e),
        VectorError::Memory(_) | VectorError::Thread(_) => PyMemoryError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A non-negative integer argument (`what` for messages): a `TypeError` for other types, a
/// `ValueError` for negative or too large numbers.
fn count(obj: &Bound<'_, PyAny>, what: &str, max: u64) -> PyResult<u64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} is an int, not a bool"
        )));
    }
    let bad = || PyValueError::new_err(format!("{what} must be an integer from 0 to {max}"));
    match obj.extract::<i64>() {
        Ok(n) => u64::try_from(n).ok().filter(|&n| n <= max).ok_or_else(bad),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => match obj.extract::<u64>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(bad()),
        },
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} is an int, not {}",
            type_name(obj)
        ))),
    }
}

fn optional_count(obj: Option<&Bound<'_, PyAny>>, what: &str, max: u64) -> PyResult<Option<u64>> {
    match obj {
        Some(o) if !o.is_none() => count(o, what, max).map(Some),
        _ => Ok(None),
    }
}

impl VectorGame {
    /// The buffers borrowed from the NumPy arrays, and `f` run on them with the interpreter
    /// released.
    fn with_buffers<'py, T: Send>(
        &mut self,
        py: Python<'py>,
        actions: Option<&[i64]>,
        f: impl FnOnce(&mut boardgames::vector::VectorGame, Option<&[i64]>, &mut Buffers<'_>) -> T
            + Send,
    ) -> PyResult<T> {
        let mut obs = self.obs.bind(py).try_readwrite().map_err(illegal)?;
        let mut mask = self.mask.bind(py).try_readwrite().map_err(illegal)?;
        let mut to_act = self.to_act.bind(py).try_readwrite().map_err(illegal)?;
        let mut rewards = self.rewards.bind(py).try_readwrite().map_err(illegal)?;
        let mut terminated = self.terminated.bind(py).try_readwrite().map_err(illegal)?;
        let mut truncated = self.truncated.bind(py).try_readwrite().map_err(illegal)?;
        let mut final_obs = self.final_obs.bind(py).try_readwrite().map_err(illegal)?;
        let mut buffers = Buffers {
            obs: obs.as_slice_mut().map_err(illegal)?,
            mask: mask.as_slice_mut().map_err(illegal)?,
            to_act: to_act.as_slice_mut().map_err(illegal)?,
            rewards: rewards.as_slice_mut().map_err(illegal)?,
            terminated: terminated.as_slice_mut().map_err(illegal)?,
            truncated: truncated.as_slice_mut().map_err(illegal)?,
            final_obs: final_obs.as_slice_mut().map_err(illegal)?,
        };
        let inner = self.inner.get_mut().unwrap_or_else(|p| p.into_inner());
        Ok(py.detach(move || f(inner, actions, &mut buffers)))
    }

    /// The vector, for reading.
    fn vector(&self) -> std::sync::MutexGuard<'_, boardgames::vector::VectorGame> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn head<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>) {
        (
            self.obs.bind(py).clone().into_any(),
            self.mask.bind(py).clone().into_any(),
            self.to_act.bind(py).clone().into_any(),
        )
    }
}

#[pymethods]
impl VectorGame {
    #[new]
    #[pyo3(signature = (game, params = None, num_envs = None, seed = None, threads = None, *, opponent = None, seat = None, max_actions = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyString>,
        params: Option<&Bound<'_, PyString>>,
        num_envs: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        opponent: Option<&Bound<'_, PyString>>,
        seat: Option<&Bound<'_, PyAny>>,
        max_actions: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VectorGame> {
        let entry = boardgames::find(&text(game)).map_err(setup)?;
        let played = boardgames::learn::params(entry, &text_or_empty(params)).map_err(setup)?;
        let num_envs = optional_count(num_envs, "num_envs", MAX_ENVS as u64)?.unwrap_or(1);
        let settings = Settings {
            num_envs: num_envs as usize,
            seed: optional_count(seed, "seed", u64::MAX)?.unwrap_or(0),
            threads: optional_count(threads, "threads", u32::MAX as u64)?.map(|t| t as usize),
            opponent: opponent.map(text),
            seat: optional_count(seat, "seat", u32::MAX as u64)?.map(|s| s as usize),
            max_actions: optional_count(max_actions, "max_actions", u64::MAX)?,
        };
        let inner =
            boardgames::vector::VectorGame::new(entry, &played, &settings).map_err(vector_error)?;
        let g = Game::open(entry.name(), &played)?;
        let n = inner.num_envs();
        let mut shape = vec![n];
        shape.extend(g.dyn_game().observation_shape().dims());
        let obs = PyArrayDyn::<f32>::zeros(py, shape.clone(), false);
        let final_obs = PyArrayDyn::<f32>::zeros(py, shape, false);
        let mask = PyArray2::<bool>::zeros(py, [n, inner.num_actions()], false);
        let to_act = PyArray1::<i64>::zeros(py, n, false);
        let rewards = PyArray2::<f32>::zeros(py, [n, inner.num_players()], false);
        let terminated = PyArray1::<bool>::zeros(py, n, false);
        let truncated = PyArray1::<bool>::zeros(py, n, false);
        let mut vector = VectorGame {
            inner: Mutex::new(inner),
            game: Py::new(py, g)?,
            obs: obs.unbind(),
            mask: mask.unbind(),
            to_act: to_act.unbind(),
            rewards: rewards.unbind(),
            terminated: terminated.unbind(),
            truncated: truncated.unbind(),
            final_obs: final_obs.unbind(),
            seed: settings.seed,
        };
        vector
            .with_buffers(py, None, |v, _, b| v.reset(None, b))?
            .map_err(vector_error)?;
        Ok(vector)
    }

    /// The game played (its parameters with the learner defaults).
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.vector().num_envs()
    }

    /// The threads the games are stepped on.
    #[getter]
    fn threads(&self) -> usize {
        self.vector().threads()
    }

    /// `float32 [num_envs, *observation_shape]`: for the games that ended in the last step
    /// (`terminated | truncated`), their last position seen from the seat that acted (the
    /// learner's with an opponent); other rows are stale.
    #[getter]
    fn final_obs<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f32>> {
        self.final_obs.bind(py).clone()
    }

    /// The seed the vector was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// `(obs, mask, to_act)` after starting every game anew (the generators reseeded from
    /// `seed` when one is given).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let seed = optional_count(seed, "seed", u64::MAX)?;
        if let Some(s) = seed {
            self.seed = s;
        }
        self.with_buffers(py, None, |v, _, b| v.reset(seed, b))?
            .map_err(vector_error)?;
        let (o, m, a) = self.head(py);
        PyTuple::new(py, [o, m, a])
    }

    /// `(obs, mask, to_act, rewards, terminated, truncated)` after playing `actions[i]` (an
    /// action id, int) in game `i` for its seat to act.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let np = py.import("numpy")?;
        let arr = np.call_method1("asarray", (actions,))?;
        let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
        if kind != "i" && kind != "u" {
            return Err(PyTypeError::new_err(format!(
                "actions are integer action ids, not an array of dtype {}",
                arr.getattr("dtype")?.str()?
            )));
        }
        let kw = PyDict::new(py);
        kw.set_item("dtype", np.getattr("int64")?)?;
        let arr = np.call_method("ascontiguousarray", (arr,), Some(&kw))?;
        let arr = arr.cast_into::<PyArrayDyn<i64>>().map_err(|_| {
            PyTypeError::new_err("actions are a one-dimensional array of integer action ids")
        })?;
        if arr.ndim() != 1 {
            return Err(PyValueError::new_err(format!(
                "actions are one id per game: shape ({},), not {:?}",
                self.vector().num_envs(),
                arr.shape()
            )));
        }
        let ro = arr.try_readonly().map_err(illegal)?;
        let ids = ro.as_slice().map_err(illegal)?;
        self.with_buffers(py, Some(ids), |v, a, b| v.step(a.unwrap_or(&[]), b))?
            .map_err(vector_error)?;
        let (o, m, a) = self.head(py);
        PyTuple::new(
            py,
            [
                o,
                m,
                a,
                self.rewards.bind(py).clone().into_any(),
                self.terminated.bind(py).clone().into_any(),
                self.truncated.bind(py).clone().into_any(),
            ],
        )
    }

    /// Each game's position in the game's notation.
    fn positions(&self) -> Vec<String> {
        self.vector().positions()
    }

    fn __len__(&self) -> usize {
        self.vector().num_envs()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let g = self.game.bind(py).get();
        let (n, threads) = {
            let v = self.vector();
            (v.num_envs(), v.threads())
        };
        format!(
            "boardgames.VectorGame({:?}, {:?}, num_envs={}, seed={}, threads={})",
            g.entry.name(),
            g.start.params_text(),
            n,
            self.seed,
            threads
        )
    }
}
