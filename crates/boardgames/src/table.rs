//! One game in progress, whatever the game: [`Table`] holds the registry entry, the board, the
//! position it started from and every action played (its canonical text, its id, who played
//! it, and what takes it back), and answers what every front end asks: who acts, the legal
//! actions, the status line, observations, chance outcomes drawn with their exact
//! probabilities, and agents that follow the game. The engine protocol ([`crate::Session`]),
//! the command line's `play`, the browser build and the Python package are thin faces over
//! it, and so is the online play server.
//!
//! ```
//! use boardgames::Table;
//! let mut t = Table::new("slimetrail", "size=5", None).unwrap();
//! t.play("c2").unwrap();
//! let id = t.game().text_id("b1").unwrap();
//! t.play(&format!("#{id}")).unwrap(); // an action id works too; the history keeps the notation
//! assert_eq!(t.history().collect::<Vec<_>>(), ["c2", "b1"]);
//! assert_eq!(t.status_line(), "1: a1 a2 b2 c1");
//! t.undo(1).unwrap();
//! assert_eq!(t.ply(), 1);
//! let again = Table::replay("slimetrail", "size=5", None, &["c2", "b1"]).unwrap();
//! assert_eq!(again.history_ids().count(), 2);
//! ```

use crate::agents::{ChooseError, DynAgent};
use crate::registry::{find, GameEntry, SetupError};
use boardgame_ai::{Analysis, SpecError};
use boardgame_kit::{
    DynBoard, DynGame, DynPlayError, DynUndo, ObserveError, PerftError, RandomSource, Seat, ToAct,
};
use std::fmt;
use std::sync::Mutex;

/// Why a [`Table`] refused a request; the table is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The game, its parameters or the position could not be read.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The action does not read, cannot be played now, or no action has the id.
    #[error(transparent)]
    Play(#[from] DynPlayError),
    /// A seat tried to act out of turn ([`Table::play_as`]).
    #[error("seat {seat} is not to act: {to_act}")]
    OutOfTurn {
        /// The seat index that tried to act.
        seat: usize,
        /// Who acts instead, in words (`seat 1 (w) acts`, `chance acts`, `the game is over`).
        to_act: String,
    },
    /// The seat index does not play this game.
    #[error("seat number {seat} does not play this game")]
    NoSeat {
        /// The seat index given.
        seat: usize,
    },
    /// More actions to take back than were played since the table was set.
    #[error("cannot undo {asked} action(s): {played} played since the start")]
    Undo {
        /// Actions asked to take back.
        asked: usize,
        /// Actions played since the table was set.
        played: usize,
    },
    /// The agent SPEC does not read.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The agent could not choose (a chance node, a finished game).
    #[error(transparent)]
    Choose(#[from] ChooseError),
    /// The observation could not be made.
    #[error(transparent)]
    Observe(#[from] ObserveError),
    /// The perft depth was refused.
    #[error(transparent)]
    Perft(#[from] PerftError),
}

/// One action played at a [`Table`]: its text in the game's notation, its id and who played
/// it.
///
/// ```
/// let mut t = boardgames::Table::new("arandia", "", None).unwrap();
/// t.play("f9").unwrap();
/// t.play("3").unwrap(); // the die
/// let moves = t.moves();
/// assert_eq!((moves[0].text.as_str(), moves[0].seat), ("f9", Some(0)));
/// assert_eq!((moves[1].text.as_str(), moves[1].seat), ("3", None));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The action's text in the game's notation (as `legal` lists it).
    pub text: String,
    /// Its id in the game's fixed action space (a chance outcome's id for an outcome).
    pub id: usize,
    /// The index of the seat that played it; `None` for a chance outcome.
    pub seat: Option<usize>,
}

/// What a [`Table`] needs to be set again exactly: the game, the parameters, the start
/// position and the actions played (JSON through serde).
///
/// ```
/// let mut t = boardgames::Table::new("arandia", "", None).unwrap();
/// t.play_all(&["f9", "4"]).unwrap();
/// let record = t.record();
/// assert_eq!(record.actions, ["f9", "4"]);
/// let back = record.replay().unwrap();
/// assert_eq!(back.position(), t.position());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableRecord {
    /// The game's name.
    pub game: String,
    /// The parameters as the engine writes them.
    pub params: String,
    /// The position the table was set at (`None`: the start position).
    pub start: Option<String>,
    /// The actions played, in the game's notation.
    pub actions: Vec<String>,
}

impl TableRecord {
    /// The table the record describes ([`Table::replay`]).
    ///
    /// ```
    /// let r = boardgames::TableRecord {
    ///     game: "slimetrail".into(), params: "size=5".into(), start: None,
    ///     actions: vec!["c2".into(), "zz".into()],
    /// };
    /// assert_eq!(r.replay().unwrap_err().0, 1);
    /// ```
    pub fn replay(&self) -> Result<Table, (usize, TableError)> {
        Table::replay(
            &self.game,
            &self.params,
            self.start.as_deref(),
            &self.actions,
        )
    }
}

/// An agent kept by a table with what it was made from.
struct Kept {
    spec: String,
    seed: u64,
    /// Behind a lock only so that the table can be shared between threads (`Sync`); every
    /// use goes through `&mut self`, so the lock is never contended.
    agent: Mutex<Box<dyn DynAgent>>,
}

impl Kept {
    fn agent(&mut self) -> &mut Box<dyn DynAgent> {
        // A poisoned lock only means a search panicked, which agents never do.
        self.agent.get_mut().unwrap_or_else(|e| e.into_inner())
    }
}

/// A game in progress: see the [module documentation](self).
///
/// Seats are named by their index ([`Seat::index`]; a two-player Arandia game plays seats 0
/// and 3). Every refusal is a [`TableError`] and changes nothing. A clone has the same board
/// and history (it can undo the same actions) but no agents.
pub struct Table {
    entry: &'static GameEntry,
    board: Box<dyn DynBoard>,
    /// The position the table was set at (`None`: the start position).
    start: Option<String>,
    moves: Vec<Move>,
    /// One undo per move, last last.
    undos: Vec<DynUndo>,
    /// The agent of [`Table::choose`].
    kept: Option<Kept>,
    /// The agents that play seats ([`Table::seat_agent`]), by seat index.
    seat_agents: Vec<Option<Kept>>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.entry.name())
            .field("params", &self.params())
            .field("start", &self.start)
            .field("history", &self.moves)
            .field("agent", &self.kept.as_ref().map(|k| k.spec.as_str()))
            .finish_non_exhaustive()
    }
}

impl Clone for Table {
    fn clone(&self) -> Table {
        Table {
            entry: self.entry,
            board: self.board.clone_board(),
            start: self.start.clone(),
            moves: self.moves.clone(),
            undos: self.undos.clone(),
            kept: None,
            seat_agents: Vec::new(),
        }
    }
}

/// Who acts, in words, for [`TableError::OutOfTurn`].
fn who_acts(game: &dyn DynGame) -> String {
    match game.to_act() {
        ToAct::Seat(s) => format!("seat {} ({}) acts", s.index(), game.seat_name(s)),
        ToAct::Chance => "chance acts".into(),
        _ => "the game is over".into(),
    }
}

impl Table {
    /// The game called `game` with parameters `params` (`""`: the defaults), at `position`
    /// (the game's notation) or at the start.
    ///
    /// ```
    /// let t = boardgames::Table::new("splut", "players=3", None).unwrap();
    /// assert_eq!(t.game().seats().len(), 3);
    /// assert!(boardgames::Table::new("chess", "", None).is_err());
    /// ```
    pub fn new(game: &str, params: &str, position: Option<&str>) -> Result<Table, TableError> {
        let entry = find(game)?;
        let board = entry.board(params, position)?;
        Ok(Table::at(entry, board, position.map(String::from)))
    }

    /// A table at `board`, a board of the registry's game `board.name()`, set at `start` (the
    /// position text it was made from; `None`: the start position).
    ///
    /// ```
    /// let entry = boardgames::find("repello").unwrap();
    /// let t = boardgames::Table::from_board(entry.board("", None).unwrap(), None).unwrap();
    /// assert_eq!(t.entry().name(), "repello");
    /// ```
    pub fn from_board(
        board: Box<dyn DynBoard>,
        start: Option<String>,
    ) -> Result<Table, TableError> {
        let entry = find(board.name())?;
        Ok(Table::at(entry, board, start))
    }

    fn at(entry: &'static GameEntry, board: Box<dyn DynBoard>, start: Option<String>) -> Table {
        Table {
            entry,
            board,
            start,
            moves: Vec::new(),
            undos: Vec::new(),
            kept: None,
            seat_agents: Vec::new(),
        }
    }

    /// A table set up like [`Table::new`] with `actions` played (text or `#ID`); the error
    /// gives the index (from 0) of the first action that could not be played (0 with a
    /// [`TableError::Setup`] when the game could not be set up).
    ///
    /// ```
    /// let t = boardgames::Table::replay("slimetrail", "size=5", None, &["c2", "b1"]).unwrap();
    /// assert_eq!(t.ply(), 2);
    /// let (at, _) = boardgames::Table::replay("slimetrail", "size=5", None, &["c2", "zz"]).unwrap_err();
    /// assert_eq!(at, 1);
    /// ```
    pub fn replay(
        game: &str,
        params: &str,
        position: Option<&str>,
        actions: &[impl AsRef<str>],
    ) -> Result<Table, (usize, TableError)> {
        let mut table = Table::new(game, params, position).map_err(|e| (0, e))?;
        for (k, action) in actions.iter().enumerate() {
            table.play(action.as_ref()).map_err(|e| (k, e))?;
        }
        Ok(table)
    }

    /// The game's registry entry (its name, seats, rules, explanations).
    ///
    /// ```
    /// let t = boardgames::Table::new("repello", "", None).unwrap();
    /// assert_eq!(t.entry().title(), "Repello");
    /// ```
    pub fn entry(&self) -> &'static GameEntry {
        self.entry
    }

    /// The current state as a game.
    ///
    /// ```
    /// let t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// assert_eq!(t.game().name(), "slimetrail");
    /// ```
    pub fn game(&self) -> &dyn DynGame {
        self.board.as_ref()
    }

    /// The current state as a board (its view model and the cells its actions touch).
    ///
    /// ```
    /// let t = boardgames::Table::new("splut", "", None).unwrap();
    /// assert!(!t.board().board_view().cells.is_empty());
    /// ```
    pub fn board(&self) -> &dyn DynBoard {
        self.board.as_ref()
    }

    /// The parameters as the engine writes them (only the keys that differ from the
    /// defaults).
    ///
    /// ```
    /// let t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// assert_eq!(t.params(), "size=5");
    /// ```
    pub fn params(&self) -> String {
        self.board.params_text()
    }

    /// The position text the table was set at (`None`: the start position).
    ///
    /// ```
    /// let t = boardgames::Table::new("slimetrail", "size=5", Some("5/5/2@2/5/5 1")).unwrap();
    /// assert_eq!(t.start(), Some("5/5/2@2/5/5 1"));
    /// ```
    pub fn start(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The number of actions played since the table was set (chance outcomes included).
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// t.play_all(&["c3", "b2"]).unwrap();
    /// assert_eq!(t.ply(), 2);
    /// ```
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The actions played since the table was set, first first.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// t.play("c3").unwrap();
    /// assert_eq!(t.moves()[0].id, t.history_ids().next().unwrap());
    /// ```
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The texts of the actions played, in the game's notation (chance outcomes included).
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// t.play("c3").unwrap();
    /// assert_eq!(t.history().collect::<Vec<_>>(), ["c3"]);
    /// ```
    pub fn history(&self) -> impl Iterator<Item = &str> + '_ {
        self.moves.iter().map(|m| m.text.as_str())
    }

    /// The ids of the actions played.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// let id = t.game().text_id("c3").unwrap();
    /// t.play(&format!("#{id}")).unwrap();
    /// assert_eq!(t.history_ids().collect::<Vec<_>>(), [id]);
    /// ```
    pub fn history_ids(&self) -> impl Iterator<Item = usize> + '_ {
        self.moves.iter().map(|m| m.id)
    }

    /// The record of the game so far ([`TableRecord::replay`] sets the table again).
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// t.play("c2").unwrap();
    /// assert_eq!(t.record().replay().unwrap().history().collect::<Vec<_>>(), ["c2"]);
    /// ```
    pub fn record(&self) -> TableRecord {
        TableRecord {
            game: self.entry.name().to_string(),
            params: self.params(),
            start: self.start.clone(),
            actions: self.history().map(String::from).collect(),
        }
    }

    /// Who acts next.
    ///
    /// ```
    /// use boardgame_kit::{Seat, ToAct};
    /// let t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// assert_eq!(t.to_act(), ToAct::Seat(Seat::of(0)));
    /// ```
    pub fn to_act(&self) -> ToAct {
        self.board.to_act()
    }

    /// The index of the seat to act; `None` at a chance node and once the game is over.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// t.play("c3").unwrap();
    /// assert_eq!(t.seat_to_act(), Some(1));
    /// ```
    pub fn seat_to_act(&self) -> Option<usize> {
        self.to_act().seat().map(Seat::index)
    }

    /// The status line of `boardgame trace`: `SEAT: A B C`, `chance: 1 2 3` or `over: W`.
    ///
    /// ```
    /// let t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// assert_eq!(t.status_line(), "1: b2 b3 b4 c2 c4 d2 d3 d4");
    /// ```
    pub fn status_line(&self) -> String {
        self.board.status_line()
    }

    /// The legal actions (the outcomes at a chance node) as text, sorted by their bytes.
    ///
    /// ```
    /// let t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// assert_eq!(t.legal()[0], "b2");
    /// ```
    pub fn legal(&self) -> Vec<String> {
        self.board.legal_sorted()
    }

    /// The position in the game's notation.
    ///
    /// ```
    /// let t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// assert_eq!(t.position(), "5/5/2@2/5/5 1");
    /// ```
    pub fn position(&self) -> String {
        self.board.position()
    }

    /// The observation seen from the seat with index `seat` ([`boardgame_kit::Encoding`]).
    ///
    /// ```
    /// let t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// assert_eq!(t.observe(1).unwrap().len(), t.game().observation_shape().size());
    /// assert!(t.observe(2).is_err());
    /// ```
    pub fn observe(&self, seat: usize) -> Result<Vec<f32>, TableError> {
        let s = Seat::new(seat).ok_or(TableError::NoSeat { seat })?;
        Ok(self.board.observation(s)?)
    }

    /// Sets the table at another position of the same game and parameters: the history is
    /// cleared and the agents are dropped.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// t.play("c2").unwrap();
    /// t.set_position("5/5/2x2/2x2/1@3 1").unwrap();
    /// assert_eq!((t.ply(), t.start()), (0, Some("5/5/2x2/2x2/1@3 1")));
    /// assert!(t.set_position("nonsense").is_err());
    /// ```
    pub fn set_position(&mut self, position: &str) -> Result<(), TableError> {
        let board = self.entry.board(&self.params(), Some(position))?;
        *self = Table::at(self.entry, board, Some(position.to_string()));
        Ok(())
    }

    /// Plays an action written `action` (the game's notation, or `#ID` for the action with
    /// that id); the history records its text in the game's notation.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// t.play("c2").unwrap();
    /// assert!(t.play("c2").is_err()); // refused: nothing changed
    /// assert_eq!(t.ply(), 1);
    /// ```
    pub fn play(&mut self, action: &str) -> Result<(), TableError> {
        self.play_all(&[action]).map_err(|(_, e)| e)
    }

    /// Plays `action` for the seat with index `seat`, refusing it with
    /// [`TableError::OutOfTurn`] when that seat is not to act.
    ///
    /// ```
    /// use boardgames::{Table, TableError};
    /// let mut t = Table::new("slimetrail", "", None).unwrap();
    /// assert!(matches!(t.play_as(1, "c3"), Err(TableError::OutOfTurn { seat: 1, .. })));
    /// t.play_as(0, "c3").unwrap();
    /// ```
    pub fn play_as(&mut self, seat: usize, action: &str) -> Result<(), TableError> {
        if self.seat_to_act() != Some(seat) {
            return Err(TableError::OutOfTurn {
                seat,
                to_act: who_acts(self.game()),
            });
        }
        self.play(action)
    }

    /// Plays the action with id `id` (a chance outcome's id at a chance node), as
    /// [`Table::play`] plays `#ID`.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// let id = t.game().text_id("c3").unwrap();
    /// t.play_id(id).unwrap();
    /// assert_eq!(t.history().next(), Some("c3"));
    /// assert!(t.play_id(usize::MAX).is_err());
    /// ```
    pub fn play_id(&mut self, id: usize) -> Result<(), TableError> {
        self.play(&format!("#{id}"))
    }

    /// Plays one action, telling no agent; the move and its undo on success.
    fn play_quiet(&mut self, action: &str) -> Result<(Move, DynUndo), DynPlayError> {
        // The id (and from it the notation) is read before playing; the refusal, if any, is
        // the play's own.
        let id = self.board.text_id(action).ok();
        let text = id.and_then(|id| self.board.id_text(id));
        let seat = self.seat_to_act();
        let undo = self.board.play_text(action)?;
        let text = text.unwrap_or_else(|| action.to_string());
        // Every action that can be played has an id: not reached.
        let id = id.unwrap_or(usize::MAX);
        Ok((Move { text, id, seat }, undo))
    }

    fn has_agents(&self) -> bool {
        self.kept.is_some() || self.seat_agents.iter().any(Option::is_some)
    }

    /// Tells every agent that `action` is played in `before`.
    fn inform(&mut self, before: &dyn DynGame, action: &str) {
        let agents = self
            .kept
            .iter_mut()
            .chain(self.seat_agents.iter_mut().flatten());
        for kept in agents {
            kept.agent().inform(before, action);
        }
    }

    /// Plays the actions in order, all or nothing: on the first refusal every action of the
    /// call is taken back and the error gives its index (from 0). The agents are told the
    /// actions once all are played.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// let (at, _) = t.play_all(&["c3", "zz"]).unwrap_err();
    /// assert_eq!((at, t.ply()), (1, 0));
    /// t.play_all(&["c3", "b2"]).unwrap();
    /// ```
    pub fn play_all(&mut self, actions: &[&str]) -> Result<(), (usize, TableError)> {
        let before = self.has_agents().then(|| self.board.clone_box());
        let mut played: Vec<(Move, DynUndo)> = Vec::with_capacity(actions.len());
        for (k, action) in actions.iter().enumerate() {
            match self.play_quiet(action) {
                Ok(m) => played.push(m),
                Err(e) => {
                    while let Some((_, undo)) = played.pop() {
                        // Each undo was made by this board just above.
                        let _ = self.board.undo(undo);
                    }
                    return Err((k, e.into()));
                }
            }
        }
        if let Some(mut line) = before {
            for (m, _) in &played {
                self.inform(line.as_ref(), &m.text);
                let _ = line.play_text(&m.text);
            }
        }
        for (m, undo) in played {
            self.moves.push(m);
            self.undos.push(undo);
        }
        Ok(())
    }

    /// At a chance node, plays one outcome drawn from `rng` with the outcomes' exact
    /// probabilities and returns its text; `None` (nothing played) anywhere else.
    ///
    /// ```
    /// use boardgame_kit::SplitMix64;
    /// let mut t = boardgames::Table::new("arandia", "", None).unwrap();
    /// let mut rng = SplitMix64::new(7);
    /// assert_eq!(t.play_chance(&mut rng).unwrap(), None);
    /// t.play("f9").unwrap();
    /// let die = t.play_chance(&mut rng).unwrap().unwrap();
    /// assert!(("1"..="6").contains(&die.as_str()));
    /// assert_eq!(t.ply(), 2);
    /// ```
    pub fn play_chance(
        &mut self,
        rng: &mut impl RandomSource,
    ) -> Result<Option<String>, TableError> {
        let Some(outcome) = self.draw_chance(rng) else {
            return Ok(None);
        };
        self.play(&outcome)?;
        Ok(Some(outcome))
    }

    /// At a chance node, the outcome [`Table::play_chance`] would play with the same draws
    /// from `rng`, not played (so that a front end can say what it does first); `None`
    /// anywhere else.
    ///
    /// ```
    /// use boardgame_kit::SplitMix64;
    /// let mut t = boardgames::Table::new("arandia", "", None).unwrap();
    /// t.play("f9").unwrap();
    /// let die = t.draw_chance(&mut SplitMix64::new(7)).unwrap();
    /// assert_eq!(t.play_chance(&mut SplitMix64::new(7)).unwrap(), Some(die));
    /// ```
    pub fn draw_chance(&self, rng: &mut impl RandomSource) -> Option<String> {
        if self.to_act() != ToAct::Chance {
            return None;
        }
        self.board.random_action_text(rng)
    }

    /// Takes back the last `n` actions. The agent of [`Table::choose`] is dropped and the
    /// seat agents start afresh.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// t.play_all(&["c3", "b2"]).unwrap();
    /// assert!(t.undo(3).is_err());
    /// t.undo(2).unwrap();
    /// assert_eq!(t.position(), "7/7/7/3@3/7/7/7 1");
    /// ```
    pub fn undo(&mut self, n: usize) -> Result<(), TableError> {
        if n > self.moves.len() {
            return Err(TableError::Undo {
                asked: n,
                played: self.moves.len(),
            });
        }
        self.kept = None;
        for kept in self.seat_agents.iter_mut().flatten() {
            kept.agent().restart();
        }
        for _ in 0..n {
            self.moves.pop();
            if let Some(undo) = self.undos.pop() {
                // Every undo in the list was made by this board.
                let _ = self.board.undo(undo);
            }
        }
        Ok(())
    }

    /// The action the agent made from `spec` (`mcts:iterations=500`) with `seed` chooses for
    /// the seat to act; nothing is played. The agent is kept while the game goes on and the
    /// SPEC and seed stay the same: it is told every action played, so MCTS carries its tree
    /// from one choice to the next. Another SPEC or seed, [`Table::undo`] or
    /// [`Table::set_position`] start a fresh one; a bad SPEC keeps the old one.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// let a = t.choose("mcts:iterations=300", 0).unwrap();
    /// assert!(t.legal().contains(&a));
    /// assert_eq!(t.analysis().unwrap().iterations, 300);
    /// assert!(t.choose("nosuchagent", 0).is_err());
    /// ```
    pub fn choose(&mut self, spec: &str, seed: u64) -> Result<String, TableError> {
        let kept = match self.kept.take() {
            Some(k) if k.spec == spec && k.seed == seed => k,
            old => match self.entry_agent(spec, seed) {
                Ok(k) => k,
                Err(e) => {
                    self.kept = old;
                    return Err(e);
                }
            },
        };
        let kept = self.kept.insert(kept);
        Ok(kept.agent().choose(self.board.as_ref())?)
    }

    fn entry_agent(&self, spec: &str, seed: u64) -> Result<Kept, TableError> {
        Ok(Kept {
            spec: spec.to_string(),
            seed,
            agent: Mutex::new(self.entry.agent(spec, seed)?),
        })
    }

    /// What the agent of the last [`Table::choose`] found (`None` when none is kept).
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// assert!(t.analysis().is_none());
    /// t.choose("mcts:iterations=100", 0).unwrap();
    /// assert!(t.analysis().is_some());
    /// ```
    pub fn analysis(&self) -> Option<Analysis<String>> {
        let kept = self.kept.as_ref()?;
        let agent = kept.agent.lock().unwrap_or_else(|e| e.into_inner());
        agent.analysis()
    }

    /// The action a fresh agent made from `spec` and `seed` chooses, with what it found;
    /// nothing is kept or played (the same call gives the same answer).
    ///
    /// ```
    /// let t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// let (a, found) = t.choose_fresh("mcts:iterations=200", 1).unwrap();
    /// assert_eq!(t.choose_fresh("mcts:iterations=200", 1).unwrap().0, a);
    /// assert_eq!(found.unwrap().iterations, 200);
    /// ```
    pub fn choose_fresh(
        &self,
        spec: &str,
        seed: u64,
    ) -> Result<(String, Option<Analysis<String>>), TableError> {
        let mut agent = self.entry.agent(spec, seed)?;
        let action = agent.choose(self.game())?;
        Ok((action, agent.analysis()))
    }

    /// Makes the agent from `spec` and `seed` play the seat with index `seat` (see
    /// [`Table::seat_choice`]); it is told every action played and starts afresh on
    /// [`Table::undo`].
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// t.seat_agent(1, "random", 3).unwrap();
    /// assert!(t.seat_agent(2, "random", 3).is_err());
    /// ```
    pub fn seat_agent(&mut self, seat: usize, spec: &str, seed: u64) -> Result<(), TableError> {
        if !Seat::new(seat).is_some_and(|s| self.board.seats().contains(s)) {
            return Err(TableError::NoSeat { seat });
        }
        let kept = self.entry_agent(spec, seed)?;
        if self.seat_agents.len() <= seat {
            self.seat_agents.resize_with(seat + 1, || None);
        }
        self.seat_agents[seat] = Some(kept);
        Ok(())
    }

    /// The action the agent of the seat to act ([`Table::seat_agent`]) chooses; `None` when
    /// no agent plays that seat (or nobody acts). Nothing is played.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "size=5", None).unwrap();
    /// t.seat_agent(1, "mcts:iterations=100", 3).unwrap();
    /// assert_eq!(t.seat_choice().unwrap(), None); // seat 0 is to act
    /// t.play("c2").unwrap();
    /// let reply = t.seat_choice().unwrap().unwrap();
    /// t.play(&reply).unwrap();
    /// ```
    pub fn seat_choice(&mut self) -> Result<Option<String>, TableError> {
        let Some(seat) = self.seat_to_act() else {
            return Ok(None);
        };
        match self.seat_agents.get_mut(seat).and_then(Option::as_mut) {
            Some(kept) => Ok(Some(kept.agent().choose(self.board.as_ref())?)),
            None => Ok(None),
        }
    }

    /// Perft from the current state ([`DynGame::try_perft`]); the state is unchanged.
    ///
    /// ```
    /// let mut t = boardgames::Table::new("slimetrail", "", None).unwrap();
    /// assert_eq!(t.perft(2), Ok(56));
    /// ```
    pub fn perft(&mut self, depth: u32) -> Result<u64, TableError> {
        Ok(self.board.try_perft(depth)?)
    }
}
