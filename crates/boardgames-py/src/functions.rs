//! The module's functions: the registry (`games`, `game_info`), matches through the library's
//! match runner (`match`, `play_game`) and the Slime Trail solver (`solve`).

use crate::convert::{json_text, text, Count, Setting};
use crate::errors::{arena, illegal, setup};
use boardgame_kit::params::ParamValues;
use boardgames::arena::{self, defaults, AgentTally, ArenaError, MatchSpec, Tally};
use boardgames::solve::{SolveError, SolveOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// The names of the games, in the registry's order.
#[pyfunction]
pub(crate) fn games() -> Vec<&'static str> {
    boardgames::GAMES.iter().map(|g| g.name()).collect()
}

/// What the registry knows of a game without starting it, as a dict: `name`, `title`,
/// `seat_names` (every seat a game of it can have), `min_players`, `max_players`,
/// `has_chance`, `has_solver`, and `params`: per parameter key a dict with `key`, `kind`
/// (`int`, `choice` or `text`), `min` / `max` (ints) or `choices` (words), `default` (its
/// value under the default parameters, as text), `default_rule` (how the default follows
/// from other keys, or `None`) and `help`.
#[pyfunction]
pub(crate) fn game_info<'py>(
    py: Python<'py>,
    name: &Bound<'py, PyString>,
) -> PyResult<Bound<'py, PyDict>> {
    let entry = boardgames::find(&text(name)).map_err(setup)?;
    let d = PyDict::new(py);
    d.set_item("name", entry.name())?;
    d.set_item("title", entry.title())?;
    d.set_item("seat_names", entry.seat_names().to_vec())?;
    d.set_item("min_players", entry.min_players())?;
    d.set_item("max_players", entry.max_players())?;
    d.set_item("has_chance", entry.has_chance())?;
    d.set_item("has_solver", entry.has_solver())?;
    let params = PyList::empty(py);
    for spec in entry.params() {
        let p = PyDict::new(py);
        p.set_item("key", spec.key())?;
        match spec.values() {
            ParamValues::Int { min, max } => {
                p.set_item("kind", "int")?;
                p.set_item("min", min)?;
                p.set_item("max", max)?;
            }
            ParamValues::Choice(words) => {
                p.set_item("kind", "choice")?;
                p.set_item("choices", words.to_vec())?;
            }
            ParamValues::Text(what) => {
                p.set_item("kind", "text")?;
                p.set_item("shape", what)?;
            }
            _ => p.set_item("kind", "text")?,
        }
        p.set_item("default", spec.default())?;
        p.set_item("default_rule", spec.default_rule())?;
        p.set_item("help", spec.help())?;
        params.append(p)?;
    }
    d.set_item("params", params)?;
    Ok(d)
}

/// The match `boardgame match` plays for these arguments (the game's default turn limit and
/// cap where none is given), with its seed.
pub(crate) fn match_spec(
    game: &Bound<'_, PyString>,
    params: Option<&Bound<'_, PyString>>,
    agents: &[Bound<'_, PyString>],
    seed: u64,
    max_actions: Option<u64>,
    position: Option<&Bound<'_, PyString>>,
) -> PyResult<MatchSpec> {
    let setting = Setting::read(game, params, position)?;
    let agents: Vec<String> = agents.iter().map(text).collect();
    let spec = defaults::spec(
        setting.entry,
        &setting.params,
        setting.position.as_deref(),
        &agents,
        max_actions,
    )
    .map_err(arena)?;
    Ok(spec.with_seed(seed))
}

/// The defaults a match of `game` with `params` plays with (those of `boardgame match`): a
/// dict with `params` (with the game's default turn limit added where it has one and
/// `params` sets none: Arandia), `turn_limit` (the limit added, or `None`) and `max_actions`
/// (the default cap on one game: the game's cap, or its bound on the length of a game when
/// that is larger).
#[pyfunction]
#[pyo3(signature = (game, params = None, position = None))]
pub(crate) fn match_defaults<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyString>,
    params: Option<&Bound<'py, PyString>>,
    position: Option<&Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyDict>> {
    let Setting {
        entry,
        params: given,
        position,
    } = Setting::read(game, params, position)?;
    entry.start(&given, position.as_deref()).map_err(setup)?;
    let played = defaults::params(entry, &given);
    let d = PyDict::new(py);
    d.set_item("turn_limit", defaults::turn_limit(entry, &given))?;
    d.set_item(
        "max_actions",
        defaults::max_actions(entry, &played, position.as_deref()),
    )?;
    d.set_item("params", played)?;
    Ok(d)
}

/// The most games a match plays at once (`jobs`), one thread each: as `boardgame match
/// --jobs`.
pub(crate) const MAX_JOBS: u64 = 256;

/// One agent's tally as a dict.
pub(crate) fn tally_dict<'py>(
    py: Python<'py>,
    spec: &str,
    t: &AgentTally,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("agent", spec)?;
    d.set_item("wins", t.wins)?;
    d.set_item("draws", t.draws)?;
    d.set_item("losses", t.losses)?;
    d.set_item("shared", t.shared)?;
    d.set_item("unfinished", t.unfinished)?;
    Ok(d)
}

/// Plays a match through the library's match runner (`boardgames::arena`), exactly as
/// `boardgame match GAME --params P --agent A... --games N --seed S --jobs J --max-actions M
/// [--position POS]` does: game `g` gives seat `i` agent `(i + g) mod k`, with the game's
/// default turn limit (Arandia) and cap on actions unless `params` / `max_actions` set them.
/// Returns one dict per agent, in the order given: `agent` (its SPEC), `wins`, `draws`,
/// `losses` (the numbers of the command's last lines, counted per seat played), `shared`
/// (of the wins, those shared with other seats) and `unfinished` (seats of games stopped at
/// the cap, not counted). `jobs` games are played at once on as many threads, the
/// interpreter released. Bad arguments raise `NotationError`.
#[pyfunction]
#[pyo3(name = "match", signature = (game, params = None, agents = Vec::new(), games = Count(100), seed = Count(0), jobs = Count(1), max_actions = None, position = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_match<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyString>,
    params: Option<&Bound<'py, PyString>>,
    agents: Vec<Bound<'py, PyString>>,
    games: Count,
    seed: Count,
    jobs: Count,
    max_actions: Option<Count>,
    position: Option<&Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyList>> {
    let (games, seed, max_actions) = (games.0, seed.0, max_actions.map(|c| c.0));
    let jobs = jobs.at_most("jobs", MAX_JOBS)? as usize;
    let spec = match_spec(game, params, &agents, seed, max_actions, position)?;
    let tally = crate::interrupt::detached(py, || {
        arena::run::<ArenaError>(&spec, games, jobs.max(1), &mut |_| Ok(()))
    })?;
    let tally = tally.map_err(arena)?;
    let out = PyList::empty(py);
    for (a, spec) in spec.agents().iter().enumerate() {
        out.append(tally_dict(py, spec, &tally.agent(a))?)?;
    }
    Ok(out)
}

/// Plays game number `number` (0-based: the `g` of the seat rotation) of the match that
/// `match` plays with the same arguments, on its own, with the interpreter released: the
/// same record wherever and in whatever order it is played (so games can be fanned out as
/// tasks and their tallies added). Returns the record as `boardgame match --record` writes
/// it (`number` 1-based, `game`, `params`, `position`, `seed`, `seats`, `agents` per seat,
/// `actions`, `result`, `winners`, `scores`) plus `index` (= `number`), `seating` (the
/// agent number of each seat), `line` (the game's line of `boardgame match`) and `tally`
/// (per agent in the order given, the counts this game adds to `match`'s result).
#[pyfunction]
#[pyo3(signature = (game, params = None, agents = Vec::new(), seed = Count(0), number = Count(0), max_actions = None, position = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_game<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyString>,
    params: Option<&Bound<'py, PyString>>,
    agents: Vec<Bound<'py, PyString>>,
    seed: Count,
    number: Count,
    max_actions: Option<Count>,
    position: Option<&Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (seed, number, max_actions) = (seed.0, number.0, max_actions.map(|c| c.0));
    let spec = match_spec(game, params, &agents, seed, max_actions, position)?;
    let record = crate::interrupt::detached(py, || arena::play_game(&spec, number))?;
    let record = record.map_err(arena)?;
    let d = json_text(py, &record.to_json())?;
    d.set_item("index", record.index())?;
    d.set_item("seating", record.seating().to_vec())?;
    d.set_item("line", record.to_string())?;
    let mut tally = Tally::new(spec.agents().len());
    tally.add(&record);
    let per_agent = PyList::empty(py);
    for (a, s) in spec.agents().iter().enumerate() {
        per_agent.append(tally_dict(py, s, &tally.agent(a))?)?;
    }
    d.set_item("tally", per_agent)?;
    Ok(d)
}

/// Solves a position exactly (Slime Trail, the one game with a solver), with the interpreter
/// released: `{"value": "win" | "loss", "moves": {ACTION: "win" | "loss"}}`, the result for
/// the seat to act and, per legal action (sorted by text), the same seat's result after it,
/// as `boardgame solve` prints them. `IllegalAction` for a game without a solver or a
/// finished game.
///
/// Keyword budgets: `time` (seconds, a float) and `nodes` (positions searched in all); when
/// either is spent before the position is solved, `None` is returned (the solve can take
/// hours on 9x9). Ctrl-C stops the search within a fraction of a second and raises
/// `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (game, params = None, position = None, *, time = None, nodes = None))]
pub(crate) fn solve<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyString>,
    params: Option<&Bound<'py, PyString>>,
    position: Option<&Bound<'py, PyString>>,
    time: Option<f64>,
    nodes: Option<Count>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let setting = Setting::read(game, params, position)?;
    let state = setting
        .entry
        .start(&setting.params, setting.position.as_deref())
        .map_err(setup)?;
    let deadline = match time {
        None => None,
        Some(t) if t.is_finite() && t >= 0.0 => {
            std::time::Instant::now().checked_add(std::time::Duration::from_secs_f64(t.min(1e9)))
        }
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "time={t}: a budget is a number of seconds, 0 or more"
            )))
        }
    };
    let ended = crate::interrupt::detached_until(py, deadline, |hook| {
        let options = SolveOptions {
            positions: nodes.map(|n| n.0),
            stop: Some(hook.clone()),
            ..SolveOptions::default()
        };
        setting.entry.solve_with(state.as_ref(), &options)
    })?;
    let solution = match ended {
        Err(SolveError::Stopped) => return Ok(None),
        other => other.map_err(|e: SolveError| illegal(e))?,
    };
    let word = |win: bool| if win { "win" } else { "loss" };
    let d = PyDict::new(py);
    d.set_item("value", word(solution.win))?;
    let moves = PyDict::new(py);
    for (action, win) in &solution.actions {
        moves.set_item(action, word(*win))?;
    }
    d.set_item("moves", moves)?;
    Ok(Some(d))
}
