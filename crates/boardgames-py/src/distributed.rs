//! What the Ray layer (`boardgames.distributed`) needs beyond the package's own functions,
//! so that work fanned out as tasks gives the command line's numbers:
//!
//! - [`tournament_game`] plays game number `n` of the round robin `boardgame tournament`
//!   plays (`boardgames::arena::tournament::Tournament::play_game`: the pair, its seed and
//!   its seats), and [`tournament_table`] adds such games up and fits them
//!   (`Standings::add`, `Standings::table`: the Bradley-Terry fit with its intervals), so the
//!   table is the command's for any way the games were shared out.
//! - [`SubtreeSolver`] decides the value alone of a Slime Trail position (no value per action,
//!   which costs several times more) with the positions it searched, in slices of a budget of
//!   positions so that the task running it can be cancelled between slices: a subtree of a
//!   solve split at a frontier.

use crate::convert::Count;
use crate::errors::{arena, illegal, setup};
use boardgames::arena::tournament::{Tournament, TournamentGame};
use boardgames::arena::{defaults, GameRecord, MatchSpec};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The round robin `boardgame tournament GAME --params P [--position POS] --agent A...
/// --games N --seed S [--max-actions M]` plays: the game's default turn limit and cap where
/// none is given, the pairs' seeds from `seed`.
fn tournament(
    game: &str,
    params: Option<&str>,
    agents: &[String],
    games: u64,
    seed: u64,
    max_actions: Option<u64>,
    position: Option<&str>,
) -> PyResult<Tournament> {
    let entry = boardgames::find(game).map_err(setup)?;
    let spec: MatchSpec =
        defaults::spec(entry, params.unwrap_or(""), position, agents, max_actions)
            .map_err(arena)?;
    Tournament::new(&spec.with_seed(seed), games).map_err(arena)
}

/// Plays game number `number` (0-based, `0..pairs * games`) of the round robin `boardgame
/// tournament` plays with the same arguments (`games` per pair), with the interpreter
/// released: game `number % games` of pair `number // games`, the same record wherever it is
/// played. Returns a dict: `index` (= `number`), `a`, `b` (the pair's agents, indices into
/// `agents`), `line` (the game's line of `boardgame tournament`) and `record` (the record's
/// JSON line, as `tournament_table` reads it back).
#[pyfunction]
#[pyo3(signature = (game, params = None, agents = Vec::new(), games = Count(100), seed = Count(0), number = Count(0), max_actions = None, position = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn tournament_game<'py>(
    py: Python<'py>,
    game: &str,
    params: Option<&str>,
    agents: Vec<String>,
    games: Count,
    seed: Count,
    number: Count,
    max_actions: Option<Count>,
    position: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let (games, seed, number) = (games.0, seed.0, number.0);
    let max_actions = max_actions.map(|c| c.0);
    let t = tournament(game, params, &agents, games, seed, max_actions, position)?;
    if number >= t.games() {
        return Err(illegal(format!(
            "game number {number} of a tournament of {} games",
            t.games()
        )));
    }
    let played = crate::interrupt::detached(py, || t.play_game(number))?.map_err(arena)?;
    let d = PyDict::new(py);
    d.set_item("index", played.index)?;
    d.set_item("a", played.a)?;
    d.set_item("b", played.b)?;
    d.set_item("line", played.to_string())?;
    d.set_item("record", played.record.to_json())?;
    Ok(d)
}

/// The ratings table of the round robin `boardgame tournament` plays with these arguments,
/// from its games: `records` is `(number, record)` pairs as `tournament_game` returns them
/// (`index`, `record`), in any order; every game is read back against its pair's match
/// (`GameRecord::from_json`: game, parameters, seed, seats and agents must be the pair's) and
/// counted once (`NotationError` for a record that does not read, a number out of range or a
/// number given twice). Returns a dict: `rows`, one per agent, best first (`rank`, `agent`
/// (index), `spec`, `elo`, `low`, `high`, `games`, `score`, `line`: the command's line
/// `RANK SPEC elo=E low=L high=H games=G score=S`), `virtual_draws` (whether the fit added
/// one virtual draw between every pair), `unfinished` (games stopped at the cap, not
/// counted) and `games` (the games read).
#[pyfunction]
#[pyo3(signature = (game, params = None, agents = Vec::new(), games = Count(100), seed = Count(0), max_actions = None, position = None, records = Vec::new()))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn tournament_table<'py>(
    py: Python<'py>,
    game: &str,
    params: Option<&str>,
    agents: Vec<String>,
    games: Count,
    seed: Count,
    max_actions: Option<Count>,
    position: Option<&str>,
    records: Vec<(Count, String)>,
) -> PyResult<Bound<'py, PyDict>> {
    let (games, seed, max_actions) = (games.0, seed.0, max_actions.map(|c| c.0));
    let records: Vec<(u64, String)> = records.into_iter().map(|(n, r)| (n.0, r)).collect();
    let t = tournament(game, params, &agents, games, seed, max_actions, position)?;
    let mut standings = t.standings();
    let per = t.games_per_pair().max(1);
    let mut seen = std::collections::BTreeSet::new();
    for (number, json) in &records {
        let pairing = usize::try_from(number / per)
            .ok()
            .and_then(|p| t.pairings().get(p))
            .filter(|_| *number < t.games())
            .ok_or_else(|| {
                crate::errors::notation(format!(
                    "record of game {number}: a tournament of {} games",
                    t.games()
                ))
            })?;
        if !seen.insert(*number) {
            return Err(crate::errors::notation(format!(
                "record of game {number} given twice"
            )));
        }
        let record = GameRecord::from_json(&pairing.spec, json)
            .map_err(|e| crate::errors::notation(format!("record of game {number}: {e}")))?;
        if record.index() != number % per {
            return Err(crate::errors::notation(format!(
                "record of game {number}: it is game {} of its pair, not {}",
                record.number(),
                number % per + 1
            )));
        }
        standings.add(&TournamentGame {
            index: *number,
            a: pairing.a,
            b: pairing.b,
            record,
        });
    }
    let rows = PyList::empty(py);
    for row in standings.table() {
        let r = PyDict::new(py);
        r.set_item("rank", row.rank)?;
        r.set_item("agent", row.agent)?;
        r.set_item("spec", &row.spec)?;
        r.set_item("elo", row.elo)?;
        r.set_item("low", row.low)?;
        r.set_item("high", row.high)?;
        r.set_item("games", row.games)?;
        r.set_item("score", row.score)?;
        r.set_item("line", row.to_string())?;
        rows.append(r)?;
    }
    let d = PyDict::new(py);
    d.set_item("rows", rows)?;
    d.set_item("virtual_draws", standings.ratings().virtual_draws)?;
    d.set_item("unfinished", standings.unfinished())?;
    d.set_item("games", seen.len())?;
    Ok(d)
}

/// The value of Slime Trail positions for the seat to act, decided by the workspace's solver
/// (`slimetrail_solver::Solver`, depth-first, as `boardgame solve` searches) without the value
/// of every action: `SubtreeSolver("size=9")`, then `value(position)` or, in slices,
/// `value_within(position, positions)` until it answers.
///
/// The table (`2^bits` entries; by default as `boardgame solve` sizes it: 2^18 up to 7x7,
/// 2^24 above) is kept from call to call, so a search cut short by its budget goes on from
/// the positions it proved, and later positions reuse them. `nodes` counts the positions
/// searched by all calls.
///
/// A solver serves one call at a time: a call while another thread's call on it is running
/// raises `ValueError` and changes nothing.
#[pyclass(module = "boardgames._boardgames", name = "SubtreeSolver", frozen)]
pub(crate) struct SubtreeSolver {
    params: String,
    size: u8,
    solver: std::sync::Mutex<slimetrail_solver::Solver>,
}

impl SubtreeSolver {
    /// The solver for this call, or `ValueError` while another thread's call has it.
    fn solver(&self) -> PyResult<std::sync::MutexGuard<'_, slimetrail_solver::Solver>> {
        use std::sync::TryLockError;
        match self.solver.try_lock() {
            Ok(s) => Ok(s),
            Err(TryLockError::Poisoned(e)) => Ok(e.into_inner()),
            Err(TryLockError::WouldBlock) => Err(pyo3::exceptions::PyValueError::new_err(
                "this SubtreeSolver is busy: another thread's call on it is running",
            )),
        }
    }

    /// The position `position` of this solver's board (its parameters).
    fn state(&self, position: &str) -> PyResult<slimetrail_core::State> {
        let entry = boardgames::find("slimetrail").map_err(setup)?;
        let game = entry.start(&self.params, Some(position)).map_err(setup)?;
        let state = game
            .as_any()
            .downcast_ref::<slimetrail_core::State>()
            .copied()
            .ok_or_else(|| illegal("not a Slime Trail position"))?;
        Ok(state)
    }
}

/// `"win"` or `"loss"`.
fn word(value: slimetrail_solver::Value) -> &'static str {
    if value.is_win() {
        "win"
    } else {
        "loss"
    }
}

#[pymethods]
impl SubtreeSolver {
    #[new]
    #[pyo3(signature = (params = None, bits = None))]
    fn new(params: Option<&str>, bits: Option<Count>) -> PyResult<SubtreeSolver> {
        let bits = bits.map(|b| b.0.min(u64::from(u32::MAX)) as u32);
        let params = params.unwrap_or("").to_string();
        let entry = boardgames::find("slimetrail").map_err(setup)?;
        let start = entry.start(&params, None).map_err(setup)?;
        let size = start
            .as_any()
            .downcast_ref::<slimetrail_core::State>()
            .map(|s| s.board().size())
            .ok_or_else(|| illegal("not a Slime Trail position"))?;
        // The table `boardgame solve` gives the board (boardgames::solve::table_bits).
        let bits = bits.unwrap_or(if size <= 7 { 18 } else { 24 });
        if !(4..=30).contains(&bits) {
            return Err(illegal(format!("bits={bits}: the table takes 4 to 30")));
        }
        // The table is taken fallibly: a size the system refuses is a MemoryError, not an abort.
        let solver = slimetrail_solver::Solver::try_new(bits).map_err(|e| match e {
            slimetrail_solver::TableError::OutOfMemory { .. } => {
                pyo3::exceptions::PyMemoryError::new_err(e.to_string())
            }
            _ => pyo3::exceptions::PyValueError::new_err(e.to_string()),
        })?;
        Ok(SubtreeSolver {
            params,
            size,
            solver: std::sync::Mutex::new(solver),
        })
    }

    /// The board's size (cells a side).
    #[getter]
    fn size(&self) -> u8 {
        self.size
    }

    /// The positions searched by every call so far.
    #[getter]
    fn nodes(&self) -> PyResult<u64> {
        Ok(self.solver()?.nodes())
    }

    /// `"win"` or `"loss"`: the value of `position` for the seat to act (once the game is
    /// over, for the seat that would have acted), searched with the interpreter released.
    fn value(&self, py: Python<'_>, position: &str) -> PyResult<&'static str> {
        self.value_within(py, position, Count(u64::MAX))?
            .ok_or_else(|| illegal("the search was stopped before it found the value"))
    }

    /// Like `value`, but stops after searching `positions` more positions without an answer
    /// and returns `None`; the positions proven so far stay in the table, so the next call
    /// goes on from them.
    fn value_within(
        &self,
        py: Python<'_>,
        position: &str,
        positions: Count,
    ) -> PyResult<Option<&'static str>> {
        let positions = positions.0;
        let state = self.state(position)?;
        let mut guard = self.solver()?;
        let solver = &mut *guard;
        // Ctrl-C (and Ray's cancel) stop the search through the solver's stop hook.
        let ended = crate::interrupt::detached_until(py, None, |hook| {
            solver.stop_when(Some(hook.clone()));
            let value = solver.value_within(&state, positions);
            solver.stop_when(None);
            value
        })?;
        Ok(ended.map(word))
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "SubtreeSolver({:?}, nodes={})",
            self.params,
            self.solver()?.nodes()
        ))
    }
}
