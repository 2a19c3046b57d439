//! `selfplay_games`: self-play games played by the match runner
//! (`boardgames::arena::selfplay`) and their samples as NumPy arrays, for
//! `boardgames.distributed.selfplay`.

use crate::convert::{text, Count, Setting};
use crate::errors::arena;
use boardgames::arena::selfplay::{self, SelfPlayGame};
use boardgames::arena::ArenaError;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// Plays self-play games `start..stop` (0-based numbers) of `agent` (a SPEC, in every seat)
/// with the interpreter released: game `g` is game `g` of the match `boardgame match GAME
/// --params P [--position POS] --agent SPEC --seed S [--max-actions M]` plays (the same
/// seeds, dice and record), so the command replays it. Returns a dict of NumPy arrays with
/// one row per seat's choice, `n` in all:
///
/// `observation` float32 `[n, *observation_shape]` (seen from the acting seat),
/// `legal_mask` uint8 `[n, num_distinct_actions]`, `policy` float32 `[n,
/// num_distinct_actions]` (the search's visit distribution; one-hot on the chosen action for
/// an agent without visits), `returns` float32 `[n, seats]` (the game's split returns, all 0
/// for a game stopped at the cap), `seat` int16, `action` int32 (the chosen id), `game`
/// int64 (the game's number), `finished` bool (ended by the rules).
#[pyfunction]
#[pyo3(signature = (game, params = None, agent = None, seed = Count(0), start = Count(0), stop = Count(0), max_actions = None, position = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn selfplay_games<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyString>,
    params: Option<&Bound<'py, PyString>>,
    agent: Option<&Bound<'py, PyString>>,
    seed: Count,
    start: Count,
    stop: Count,
    max_actions: Option<Count>,
    position: Option<&Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (seed, start, stop) = (seed.0, start.0, stop.0);
    let max_actions = max_actions.map(|c| c.0);
    let setting = Setting::read(game, params, position)?;
    let agent = agent.map_or_else(|| "mcts".to_string(), text);
    let spec = selfplay::spec(
        setting.entry,
        &setting.params,
        setting.position.as_deref(),
        &agent,
        max_actions,
    )
    .map_err(arena)?
    .with_seed(seed);
    let games = crate::interrupt::detached(py, || {
        (start..stop.max(start))
            .map(|g| selfplay::play(&spec, g))
            .collect::<Result<Vec<SelfPlayGame>, ArenaError>>()
    })?;
    let games = games.map_err(arena)?;
    let start_game = spec.start();
    let actions = start_game.num_distinct_actions();
    let shape = start_game.observation_shape().dims().to_vec();
    let seats = start_game.seats().len();
    let n: usize = games.iter().map(|g| g.samples.len()).sum();
    let mut observation = Vec::new();
    let mut legal_mask = vec![0u8; n * actions];
    let mut policy = vec![0f32; n * actions];
    let mut returns = Vec::with_capacity(n * seats);
    let (mut seat, mut action, mut number, mut finished) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut row = 0;
    for (g, played) in (start..).zip(&games) {
        let game_returns: Vec<f32> = played.returns().iter().map(|&r| r as f32).collect();
        for s in &played.samples {
            observation.extend_from_slice(&s.observation);
            for &id in &s.legal {
                if let Some(v) = legal_mask.get_mut(row * actions + id) {
                    *v = 1;
                }
            }
            for &(id, p) in &s.policy {
                if let Some(v) = policy.get_mut(row * actions + id) {
                    *v = p;
                }
            }
            returns.extend_from_slice(&game_returns);
            seat.push(s.seat as i16);
            action.push(s.action as i32);
            number.push(g as i64);
            finished.push(played.finished());
            row += 1;
        }
    }
    let mut obs_shape = vec![n];
    obs_shape.extend(shape);
    let d = PyDict::new(py);
    d.set_item(
        "observation",
        PyArray1::from_vec(py, observation).reshape(obs_shape)?,
    )?;
    d.set_item(
        "legal_mask",
        PyArray1::from_vec(py, legal_mask).reshape([n, actions])?,
    )?;
    d.set_item(
        "policy",
        PyArray1::from_vec(py, policy).reshape([n, actions])?,
    )?;
    d.set_item(
        "returns",
        PyArray1::from_vec(py, returns).reshape([n, seats])?,
    )?;
    d.set_item("seat", PyArray1::from_vec(py, seat))?;
    d.set_item("action", PyArray1::from_vec(py, action))?;
    d.set_item("game", PyArray1::from_vec(py, number))?;
    d.set_item("finished", PyArray1::from_vec(py, finished))?;
    Ok(d)
}
