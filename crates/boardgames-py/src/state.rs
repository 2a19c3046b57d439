//! `boardgames.State`: a position of a game, played forward and back.

use crate::convert::{action_arg, fraction, index, json_value, seat_arg, text, ActionArg, Count};
use crate::errors::{illegal, notation, play, setup, table_error};
use crate::game_core::Game;
use boardgame_kit::{DynBoard, DynGame, GameResult, Seat, ToAct};
use boardgames::arena::defaults;
use boardgames::{GameEntry, Table};
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// A position of a game, with the actions played since it was made (so that `undo()` takes
/// them back).
///
/// Seats are numbered from 0 in the order of `Game.seats` (seat number `i` is the `i`-th seat
/// in play); methods that take a seat also take its name. Actions are given as text (the
/// game's notation, as `legal_actions()` lists them) or as ids (`legal_ids()`, the fixed
/// action space of `Game.num_distinct_actions`; at a chance node the outcomes' ids).
///
/// Two states are equal when they are of the same game and parameters and at the same
/// position (the position notation records everything that decides how the game goes on);
/// the hash follows. `pickle` writes the game, the parameters, the position the state was made
/// from and the ids of the actions played since, and replays them, so a state read back can
/// still undo. `str(state)` is the board drawing for a person, `view()` the board as data.
#[pyclass(module = "boardgames", name = "State")]
pub(crate) struct State {
    /// The game in progress: the board, the position it was made from, the actions played
    /// with their ids and undos.
    table: Table,
    /// The seats in play, in seat order.
    seats: Vec<Seat>,
    /// A reused buffer for the ids of the legal actions.
    ids: Vec<usize>,
}

impl State {
    /// A state at `board` (a board of the registry), made from `start` (`None`: the start
    /// position).
    pub(crate) fn new(board: Box<dyn DynBoard>, start: Option<String>) -> PyResult<State> {
        let table = Table::from_board(board, start).map_err(table_error)?;
        Ok(State::of(table))
    }

    fn of(table: Table) -> State {
        let seats = table.game().seats().iter().collect();
        State {
            table,
            seats,
            ids: Vec::new(),
        }
    }

    /// The game's registry entry.
    pub(crate) fn entry(&self) -> &'static GameEntry {
        self.table.entry()
    }

    /// The dynamic game.
    pub(crate) fn game(&self) -> &dyn DynGame {
        self.table.game()
    }

    /// The seat number (among the seats in play) of `seat`.
    fn number(&self, seat: Seat) -> Option<usize> {
        self.seats.iter().position(|&s| s == seat)
    }

    /// Plays an action given as text or id; on error nothing changed.
    pub(crate) fn play_arg(&mut self, action: ActionArg) -> PyResult<()> {
        match action {
            ActionArg::Id(id) => self.table.play_id(id),
            ActionArg::Text(t) => {
                // A text that names no action of the game is refused as such first.
                self.table.game().text_id(&t).map_err(play)?;
                self.table.play(&t)
            }
        }
        .map_err(table_error)
    }

    /// The text of an action given as text or id, read in this state (`NotationError` if the
    /// text does not read, `IllegalAction` if no action has the id).
    pub(crate) fn action_text_of(&self, action: ActionArg) -> PyResult<String> {
        match action {
            ActionArg::Text(t) => {
                let id = self.table.board().text_id(&t).map_err(play)?;
                self.table
                    .board()
                    .id_text(id)
                    .ok_or_else(|| illegal(format!("no action has id {id} here")))
            }
            ActionArg::Id(id) => self.table.board().id_text(id).ok_or_else(|| {
                illegal(format!(
                    "no action has id {id} here (ids run from 0 to {})",
                    self.id_bound().saturating_sub(1)
                ))
            }),
        }
    }

    /// The number of ids of the kind this state asks for (chance outcomes at a chance node).
    fn id_bound(&self) -> usize {
        if self.table.board().to_act() == ToAct::Chance {
            self.table.board().max_chance_outcomes()
        } else {
            self.table.board().num_distinct_actions()
        }
    }

    /// A copy with the same undos and history.
    pub(crate) fn copy(&self) -> State {
        State::of(self.table.clone())
    }

    /// The default cap on a playout from this state: the game's bound on its length, or the
    /// match runner's default cap for games without one.
    fn default_cap(&self) -> u64 {
        let cap = defaults::of(self.entry().name()).cap;
        self.table
            .board()
            .max_game_length()
            .map_or(cap, |b| b.max(cap))
    }

    /// The seat an observation is seen from when none is given: the seat to act, else the
    /// first seat in play.
    fn default_seat(&self) -> Seat {
        match self.table.board().to_act() {
            ToAct::Seat(s) => s,
            _ => self.seats[0],
        }
    }

    fn key(&self) -> (&'static str, String, String) {
        (
            self.entry().name(),
            self.table.board().params_text(),
            self.table.board().position(),
        )
    }
}

/// Refuses an `out` array that is not C-contiguous (Fortran order, a strided view): its
/// values are not one after another in C order, so writing the engine's values there in
/// order would scramble them. A `ValueError` that says how to get one.
fn c_order<T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &Bound<'_, numpy::PyArray<T, D>>,
) -> PyResult<()> {
    if array.is_c_contiguous() {
        return Ok(());
    }
    Err(PyValueError::new_err(
        "out must be a C-contiguous array (not Fortran-ordered or a strided view): \
         numpy.ascontiguousarray(out) or numpy.zeros(shape, dtype) gives one",
    ))
}

/// Rebuilds a pickled state: the game and parameters, the position it was made from (`None`:
/// the start) and the ids of the actions played since, replayed.
#[pyfunction]
#[pyo3(name = "_restore", signature = (name, params, start, history))]
pub(crate) fn restore(
    name: &Bound<'_, PyString>,
    params: &Bound<'_, PyString>,
    start: Option<&Bound<'_, PyString>>,
    history: Vec<Count>,
) -> PyResult<State> {
    let game = Game::open(&text(name), &text(params))?;
    let start = start.map(text);
    let board = game
        .entry
        .board(&game.start.params_text(), start.as_deref())
        .map_err(setup)?;
    let mut state = State::new(board, start)?;
    for id in history {
        let id =
            usize::try_from(id.0).map_err(|_| illegal(format!("no action has id {}", id.0)))?;
        state.play_arg(ActionArg::Id(id))?;
    }
    Ok(state)
}

#[pymethods]
impl State {
    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.entry().name()
    }

    /// The game and its parameters.
    #[getter(game)]
    fn game_of(&self) -> PyResult<Game> {
        Game::open(self.entry().name(), &self.table.board().params_text())
    }

    /// The number of the seat to act among the seats in play, or `None` at a chance node
    /// and once the game is over.
    fn current_seat(&self) -> Option<usize> {
        match self.table.board().to_act() {
            ToAct::Seat(s) => self.number(s),
            _ => None,
        }
    }

    /// Whether the next action is a chance outcome (a roll of the die).
    fn is_chance(&self) -> bool {
        self.table.board().to_act() == ToAct::Chance
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.table.board().to_act() == ToAct::Over
    }

    /// The legal actions as text, in the game's order (the outcomes at a chance node; empty
    /// once the game is over).
    fn legal_actions(&self) -> Vec<String> {
        self.table.board().legal_texts()
    }

    /// The ids of the legal actions, in the order of `legal_actions()`.
    fn legal_ids<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.table.game().legal_ids_into(&mut self.ids);
        PyList::new(py, &self.ids)
    }

    /// A mask of the legal actions over the whole action space: a NumPy `int8` array of
    /// `num_distinct_actions` values (`max_chance_outcomes` at a chance node), 1 at the id of
    /// every legal action. With `out` (an `int8` array of that size) it is written there.
    #[pyo3(signature = (out = None))]
    fn legal_mask<'py>(
        &mut self,
        py: Python<'py>,
        out: Option<Bound<'py, PyArrayDyn<i8>>>,
    ) -> PyResult<Bound<'py, PyArrayDyn<i8>>> {
        let size = self.id_bound();
        let array = match out {
            Some(a) => a,
            None => PyArrayDyn::<i8>::zeros(py, vec![size], false),
        };
        if array.len() != size {
            return Err(illegal(format!(
                "the mask has {size} values but the array holds {}",
                array.len()
            )));
        }
        c_order(&array)?;
        self.table.game().legal_ids_into(&mut self.ids);
        {
            let mut rw = array.try_readwrite().map_err(illegal)?;
            let slice = rw.as_slice_mut().map_err(illegal)?;
            slice.fill(0);
            for &id in &self.ids {
                if let Some(v) = slice.get_mut(id) {
                    *v = 1;
                }
            }
        }
        Ok(array)
    }

    /// The chance outcomes with their exact probabilities, as `(text, fractions.Fraction)`
    /// pairs in the game's order; empty when this is not a chance node.
    fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Vec<(String, Bound<'py, PyAny>)>> {
        self.table
            .board()
            .chance_outcomes()
            .into_iter()
            .map(|(t, p)| Ok((t, fraction(py, p)?)))
            .collect()
    }

    /// The chance outcomes as `(id, probability)` pairs with the probability a `float`
    /// (OpenSpiel's form); empty when this is not a chance node.
    fn chance_ids(&self) -> PyResult<Vec<(usize, f64)>> {
        self.table
            .board()
            .chance_outcomes()
            .into_iter()
            .map(|(t, p)| Ok((self.table.board().text_id(&t).map_err(play)?, p.to_f64())))
            .collect()
    }

    /// Plays an action: its text in the game's notation (or `#ID`) or its id (an `int`).
    /// Raises `NotationError` for text that does not read, `IllegalAction` for an action
    /// that cannot be played here; either way the state is unchanged.
    fn play(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = action_arg(action)?;
        self.play_arg(action)
    }

    /// Takes back the last action played (`IllegalAction` when none was played since the
    /// state was made).
    fn undo(&mut self) -> PyResult<()> {
        if self.table.ply() == 0 {
            return Err(illegal(
                "there is no action to take back (none was played since this state was made)",
            ));
        }
        self.table.undo(1).map_err(table_error)
    }

    /// The actions played since the state was made, as text.
    fn history(&self) -> Vec<String> {
        self.table.history().map(String::from).collect()
    }

    /// The ids of the actions played since the state was made.
    fn history_ids(&self) -> Vec<usize> {
        self.table.history_ids().collect()
    }

    /// The one-line position notation.
    fn position(&self) -> String {
        self.table.board().position()
    }

    /// Each seat's return once the game is over, in seat order: +1 for a seat that won alone,
    /// -1 for a seat that lost, 0 in a draw; a win shared by `k` of `n` seats gives each
    /// winner `(n - k) / (n - 1)` (0 when every seat shares it), so that two-player games are
    /// zero-sum. With `split=False` every winner gets +1. All 0 while the game goes on.
    #[pyo3(signature = (split = true))]
    fn returns(&self, split: bool) -> Vec<f64> {
        match self.table.board().outcome() {
            Some(o) => self
                .seats
                .iter()
                .map(|&s| {
                    if split {
                        o.split_returns(s)
                    } else {
                        o.returns(s)
                    }
                })
                .collect(),
            None => vec![0.0; self.seats.len()],
        }
    }

    /// The end of the game as a dict (`winners`: seat numbers, `draw`, `scores` in seat order
    /// or `None`, `summary` in the game's words), or `None` while it goes on.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(o) = self.table.board().outcome() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        let winners: Vec<usize> = o.winners().iter().filter_map(|s| self.number(s)).collect();
        d.set_item("winners", winners)?;
        d.set_item("draw", matches!(o.result(), GameResult::Draw))?;
        let scores: Option<Vec<i32>> = o
            .scores()
            .map(|sc| self.seats.iter().map(|s| sc[s.index()]).collect());
        d.set_item("scores", scores)?;
        d.set_item(
            "summary",
            self.table.board().outcome_summary().unwrap_or_default(),
        )?;
        Ok(Some(d))
    }

    /// The seat numbers still in the game (not eliminated), in seat order.
    fn in_play(&self) -> Vec<usize> {
        let in_play = self.table.board().in_play();
        (0..self.seats.len())
            .filter(|&i| in_play.contains(self.seats[i]))
            .collect()
    }

    /// The observation seen from `seat` (number or name; default: the seat to act, else the
    /// first seat) as a NumPy `float32` array of `Game.observation_shape`, written by the
    /// engine straight into the array's memory. With `out` (a C-contiguous `float32` array of
    /// that many values) it is written there and returned, with no allocation at all.
    #[pyo3(signature = (seat = None, out = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
        out: Option<Bound<'py, PyArrayDyn<f32>>>,
    ) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let seat = match seat {
            Some(s) => seat_arg(self.game(), &self.seats, s)?,
            None => self.default_seat(),
        };
        let shape = self.table.board().observation_shape();
        let array = match out {
            Some(a) => a,
            None => PyArrayDyn::<f32>::zeros(py, shape.dims().to_vec(), false),
        };
        c_order(&array)?;
        {
            let mut rw = array.try_readwrite().map_err(illegal)?;
            let slice = rw.as_slice_mut().map_err(illegal)?;
            self.table.board().observe(seat, slice).map_err(illegal)?;
        }
        Ok(array)
    }

    /// The id of the action written `action` (legal here or not; a chance outcome's id at a
    /// chance node).
    fn action_id(&self, action: &Bound<'_, PyString>) -> PyResult<usize> {
        self.table.board().text_id(&text(action)).map_err(play)
    }

    /// The text of the action with id `id` as this state reads it (legal or not).
    fn action_text(&self, id: &Bound<'_, PyAny>) -> PyResult<String> {
        let id = index(id, "an action id", "an int", &|n| {
            format!("no action has id {n}")
        })?;
        self.action_text_of(ActionArg::Id(id))
    }

    /// What a legal action does here, in words (`Dwarf e2 steps north to e3`).
    fn describe(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let action = action_arg(action)?;
        let t = self.action_text_of(action)?;
        self.table.board().action_index(&t).map_err(play)?;
        self.entry()
            .describe(self.game(), &t)
            .ok_or_else(|| notation(format!("`{t}` does not read")))
    }

    /// The status line of `boardgame trace` (`SEAT: A B C`, `chance: 1 2 3` or `over: W`).
    fn status_line(&self) -> String {
        self.table.board().status_line()
    }

    /// The board as data (the view model of the browser build): geometry, cells with their
    /// names, terrain and pieces, a line per seat, the status.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_value(py, &self.table.board().board_view())
    }

    /// Plays `n` random playouts from this state in Rust, the interpreter released (the state
    /// is unchanged): each seat's actions uniform among the legal ones, chance outcomes by
    /// their probabilities, one generator seeded with `seed`, each playout stopped after
    /// `max_actions` actions (default: the game's bound on its length, or the match runner's
    /// cap). Returns a dict: `playouts`, `actions` (in all), `longest`, `wins` (per seat, in
    /// seat order; a shared win counts for each winner), `draws`, `unfinished`.
    #[pyo3(signature = (n, seed = Count(0), max_actions = None))]
    fn playouts<'py>(
        slf: &Bound<'py, Self>,
        n: Count,
        seed: Count,
        max_actions: Option<Count>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        // On a copy, with the state free for other threads while the interpreter is released.
        let (board, seats, cap) = {
            let me = slf.borrow();
            let cap = max_actions.map_or_else(|| me.default_cap(), |c| c.0);
            (me.table.board().clone_board(), me.seats.clone(), cap)
        };
        let game: &dyn DynGame = board.as_ref();
        // In batches that grow while they take under 10 ms, the generator going on from batch
        // to batch (the same playouts as one call), Ctrl-C looked at between two.
        let stats = crate::interrupt::detached(py, || {
            let mut rng = boardgame_kit::SplitMix64::new(seed.0);
            let mut stats = boardgame_kit::PlayoutStats::default();
            let mut batch = 1u64;
            while stats.playouts < n.0 && !boardgame_ai::budget::cancelled() {
                let began = std::time::Instant::now();
                stats.add(&game.playouts_from(batch.min(n.0 - stats.playouts), &mut rng, cap));
                if began.elapsed() < std::time::Duration::from_millis(10) {
                    batch = batch.saturating_mul(2);
                }
            }
            stats
        })?;
        let d = PyDict::new(py);
        d.set_item("playouts", stats.playouts)?;
        d.set_item("actions", stats.actions)?;
        d.set_item("longest", stats.longest)?;
        let wins: Vec<u64> = seats.iter().map(|s| stats.wins[s.index()]).collect();
        d.set_item("wins", wins)?;
        d.set_item("draws", stats.draws)?;
        d.set_item("unfinished", stats.unfinished)?;
        Ok(d)
    }

    /// The number of action sequences of exactly `depth` actions from here (perft, chance
    /// outcomes counted as actions), in Rust with the interpreter released. `IllegalAction`
    /// for a depth above the game's bound on perft depths.
    fn perft(slf: &Bound<'_, Self>, depth: Count) -> PyResult<u64> {
        let depth = u32::try_from(depth.0).unwrap_or(u32::MAX);
        // On a copy, with the state free for other threads while the interpreter is released.
        let mut copy = slf.borrow().table.board().clone_board();
        let board = &mut copy;
        let py = slf.py();
        // Counted in parts, Ctrl-C looked at between two (`boardgames::perft::perft_until`).
        let count = crate::interrupt::detached(py, move || {
            let game: &mut dyn DynGame = board.as_mut();
            boardgames::perft::perft_until(game, depth, &mut || boardgame_ai::budget::cancelled())
        })?;
        // `None` only once the hook said stop, and then the call raised above.
        count
            .map_err(illegal)?
            .ok_or_else(|| illegal("perft was stopped"))
    }

    /// A copy of the state, with the actions it can undo.
    fn clone(&self) -> State {
        self.copy()
    }

    fn __copy__(&self) -> State {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.copy()
    }

    fn __eq__(&self, other: PyRef<'_, State>) -> bool {
        self.key() == other.key()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.table.board().to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<boardgames.State {} {:?} {:?}>",
            self.entry().name(),
            self.table.board().params_text(),
            self.table.board().position()
        )
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("boardgames._boardgames")?.getattr("_restore")?;
        let args = (
            self.entry().name(),
            self.table.params(),
            self.table.start(),
            self.history_ids(),
        )
            .into_pyobject(py)?;
        Ok((restore, args))
    }
}
