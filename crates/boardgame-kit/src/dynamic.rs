//! Any game behind one object: [`DynGame`], the object-safe, text-and-index face of [`Game`].
//!
//! A front end that does not know a game's concrete types at compile time (a command line, an
//! engine protocol, a browser binding, a game picked from a menu) holds a `Box<dyn DynGame>`.
//! Every [`Game`] is a `DynGame` through a blanket impl. Actions travel as text (the game's
//! notation) or as indices into the legal list in the game's order; a play returns an opaque
//! [`DynUndo`] that takes it back. Learning programs use the fixed action space and the
//! observation of [`Encoding`] instead: `legal_ids`, `play_id`, `observe`. Errors are typed and leave the state unchanged; the concrete
//! state is reachable again with [`DynGame::as_any`].
//!
//! ```
//! use boardgame_kit::{testing::Nim, DynGame, Game};
//! let mut g: Box<dyn DynGame> = Box::new(Nim::new(&"stones=3".parse().unwrap()));
//! assert_eq!(g.name(), "nim");
//! assert_eq!(g.legal_texts(), vec!["1", "2"]);
//! let u = g.play_text("2").unwrap();
//! assert_eq!(g.status_line(), "2: 1");
//! assert!(g.play_text("3").is_err()); // refused, nothing changed
//! g.undo(u).unwrap();
//! assert_eq!(g.status_line(), "1: 1 2");
//! let nim: &Nim = g.as_any().downcast_ref().unwrap();
//! assert_eq!(nim.stones(), 3);
//! ```

use crate::drivers::RandomSource;
use crate::drivers::{playout, random_action, status_line, Playout};
use crate::encoding::{Encoding, Info, ObserveError, Shape};
use crate::error::{PlayError, PositionError, SyntaxError};
use crate::game::{Actions, ChanceOutcomes, Game, Outcome, Prob, ToAct};
use crate::perft_drivers::{perft, perft_divide, try_perft, try_perft_divide, PerftError};
use crate::seat::{Seat, SeatSet};
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::any::Any;
use core::fmt;

/// What [`DynGame::undo`] needs to take back one play: opaque, made by the game that played.
///
/// A `DynUndo` clones (the game's [`Game::Undo`] is `Clone`), so a state copied with its list
/// of undos can take back the same plays as the original.
///
/// ```
/// use boardgame_kit::{testing::Nim, DynGame, Game};
/// let mut g: Box<dyn DynGame> = Box::new(Nim::new(&"stones=3".parse().unwrap()));
/// let u = g.play_text("1").unwrap();
/// let mut copy = g.clone();
/// copy.undo(u.clone()).unwrap();
/// g.undo(u).unwrap();
/// assert_eq!(copy.position(), g.position());
/// ```
pub struct DynUndo {
    undo: Box<dyn Any + Send + Sync>,
    clone: fn(&(dyn Any + Send + Sync)) -> Box<dyn Any + Send + Sync>,
}

/// Clones the undo inside a [`DynUndo`] made by [`DynUndo::of`] with a `U`.
fn clone_undo<U: Clone + Send + Sync + 'static>(
    undo: &(dyn Any + Send + Sync),
) -> Box<dyn Any + Send + Sync> {
    match undo.downcast_ref::<U>() {
        Some(u) => Box::new(u.clone()),
        // Not reached: `clone` is always paired with an undo of type `U`. A unit is refused
        // by every game's `undo` with an `UndoError`.
        None => Box::new(()),
    }
}

impl DynUndo {
    /// Wraps a game's undo.
    fn of<U: Clone + Send + Sync + 'static>(undo: U) -> DynUndo {
        DynUndo {
            undo: Box::new(undo),
            clone: clone_undo::<U>,
        }
    }
}

impl Clone for DynUndo {
    fn clone(&self) -> Self {
        DynUndo {
            undo: (self.clone)(self.undo.as_ref()),
            clone: self.clone,
        }
    }
}

impl fmt::Debug for DynUndo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DynUndo")
    }
}

/// What [`DynGame::playouts`] counts over a batch of random playouts.
///
/// ```
/// use boardgame_kit::{testing::Nim, DynGame, Game, Seat};
/// let g: Box<dyn DynGame> = Box::new(Nim::new(&"stones=5".parse().unwrap()));
/// let p = g.playouts(100, 1, 1000);
/// assert_eq!(p.playouts, 100);
/// assert_eq!(p.wins[0] + p.wins[1] + p.draws + p.unfinished, 100);
/// assert!(p.actions >= 300 && p.actions <= 500); // 3 to 5 actions each
/// assert_eq!(g.playouts(100, 1, 1000), p); // the same seed, the same games
/// assert_eq!(g.playouts(10, 1, 1).unfinished, 10);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Playouts played.
    pub playouts: u64,
    /// Actions played in all of them (chance outcomes included).
    pub actions: u64,
    /// The longest playout, in actions.
    pub longest: u64,
    /// Playouts won by each seat, by seat index (a win shared by several seats counts for
    /// each of them).
    pub wins: [u64; crate::seat::MAX_SEATS],
    /// Drawn playouts.
    pub draws: u64,
    /// Playouts stopped at the cap on actions before the end.
    pub unfinished: u64,
}

impl PlayoutStats {
    /// Adds the counts of `other` (playouts played after these: the longest is the longer).
    pub fn add(&mut self, other: &PlayoutStats) {
        self.playouts += other.playouts;
        self.actions += other.actions;
        self.longest = self.longest.max(other.longest);
        for (mine, theirs) in self.wins.iter_mut().zip(&other.wins) {
            *mine += theirs;
        }
        self.draws += other.draws;
        self.unfinished += other.unfinished;
    }
}

/// Why an action given as text or as an index was not played; the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DynPlayError {
    /// The text is not an action in this game's notation.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The action is well-formed but cannot be played now.
    #[error(transparent)]
    Illegal(#[from] PlayError),
    /// The index is not the index of a legal action.
    #[error("there is no legal action number {index} ({count} legal actions, numbered from 0)")]
    NoSuchIndex {
        /// The index given.
        index: usize,
        /// How many legal actions there are.
        count: usize,
    },
    /// No action has this id ([`Encoding`]) in this state.
    #[error("no action has id {id} here (ids of {kind} run from 0 to {last})", last = .bound.saturating_sub(1))]
    NoSuchId {
        /// The id given.
        id: usize,
        /// The number of ids of the kind this state asks for.
        bound: usize,
        /// `players' actions` or `chance outcomes`.
        kind: &'static str,
    },
    /// The action is well-formed but cannot occur in a game with these parameters (a cell off
    /// a smaller board), so it has no id.
    #[error("`{action}` is not an action of this game with these parameters")]
    NoId {
        /// The action's text.
        action: String,
    },
}

/// Why a sequence of actions was refused by [`DynGame::play_all`]: the action at fault (1-based)
/// and why; the state is as before the call.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {index} `{text}`: {error}")]
pub struct SequenceError {
    /// The 1-based index of the offending action in the sequence.
    pub index: usize,
    /// The action's text as given.
    pub text: String,
    /// Why it could not be played.
    pub error: DynPlayError,
}

/// A [`DynUndo`] was given to a game of another type than the one that made it; nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this undo was not made by a `{game}` state")]
pub struct UndoError {
    /// The game that was asked to undo.
    pub game: &'static str,
}

/// The object-safe face of a [`Game`]: text and indices instead of concrete action types.
///
/// Legal actions are listed in the game's own order ([`Game::legal_actions`]); an action's index
/// is its place in that list. [`DynGame::legal_sorted`] gives the same texts sorted by their
/// bytes, the order of the command-line contract.
pub trait DynGame: fmt::Debug + fmt::Display + Send + Sync {
    /// The game's name ([`Game::NAME`]).
    fn name(&self) -> &'static str;
    /// Seat names by seat index ([`Game::SEAT_NAMES`]).
    fn seat_names(&self) -> &'static [&'static str];
    /// The parameters in their text form (the empty string for all defaults).
    fn params_text(&self) -> String;
    /// The seats that play.
    fn seats(&self) -> SeatSet;
    /// Who acts next.
    fn to_act(&self) -> ToAct;
    /// The legal actions as text, in the game's order (index `i` is action number `i`); at a
    /// chance node the outcomes; empty once the game is over.
    fn legal_texts(&self) -> Vec<String>;
    /// The number of legal actions.
    fn legal_count(&self) -> usize;
    /// The chance outcomes with their exact probabilities, in the game's order; empty when the
    /// state is not a chance node.
    fn chance_outcomes(&self) -> Vec<(String, Prob)>;
    /// The text of legal action number `index`.
    fn action_text(&self, index: usize) -> Option<String>;
    /// The index of the legal action written `text` (or `#ID`).
    fn action_index(&self, text: &str) -> Result<usize, DynPlayError>;
    /// Reads, checks and plays an action written in the game's notation, or `#ID` for the
    /// action with that id ([`Encoding`]); on error the state is unchanged.
    fn play_text(&mut self, text: &str) -> Result<DynUndo, DynPlayError>;
    /// Plays legal action number `index`; on error the state is unchanged.
    fn play_index(&mut self, index: usize) -> Result<DynUndo, DynPlayError>;
    /// Takes back the play that returned `undo` (plays are undone last-first).
    fn undo(&mut self, undo: DynUndo) -> Result<(), UndoError>;
    /// The outcome, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The one-line position notation.
    fn position(&self) -> String;
    /// A state of the same game and parameters read from position notation.
    fn with_position(&self, text: &str) -> Result<Box<dyn DynGame>, PositionError>;
    /// The start position of the same game and parameters.
    fn restarted(&self) -> Box<dyn DynGame>;
    /// A copy of this state.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// The status line of the command-line contract (`SEAT: A B C`, `chance: ...`, `over: W`).
    fn status_line(&self) -> String;
    /// Perft from this state (see [`crate::perft()`]); the state is unchanged.
    fn perft(&mut self, depth: u32) -> u64;
    /// Perft split by first action, sorted by action text (see [`crate::perft_divide`]).
    fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)>;
    /// Perft for a depth from a user: refused above the game's bound or
    /// [`crate::MAX_PERFT_DEPTH`] (see [`crate::try_perft`]).
    fn try_perft(&mut self, depth: u32) -> Result<u64, PerftError>;
    /// Perft split by first action for a depth from a user (see [`crate::try_perft_divide`]).
    fn try_perft_divide(&mut self, depth: u32) -> Result<Vec<(String, u64)>, PerftError>;
    /// A bound on the length of any game with these parameters, where the rules give one.
    fn max_game_length(&self) -> Option<u64>;
    /// A random action's text (uniform for a player, by probability at chance), or `None` once
    /// the game is over.
    fn random_action_text(&self, rng: &mut dyn RandomSource) -> Option<String>;
    /// Plays random actions until the game ends or `max_actions` were played (see
    /// [`crate::playout()`]).
    fn playout(&mut self, rng: &mut dyn RandomSource, max_actions: u64) -> Playout;
    /// Plays `count` random playouts from this state (each from a copy, the state is
    /// unchanged) with one [`crate::SplitMix64`] seeded with `seed`, each stopped after
    /// `max_actions` actions, and counts how they ended. The loop runs on the concrete game
    /// type through its playout kernel: no dynamic call per action.
    fn playouts(&self, count: u64, seed: u64, max_actions: u64) -> PlayoutStats;
    /// [`DynGame::playouts`] with the generator given, which goes on from where it is: so
    /// `playouts(n, seed, m)` is `playouts_from(k, &mut rng, m)` followed by
    /// `playouts_from(n - k, &mut rng, m)` with `rng = SplitMix64::new(seed)`, the two
    /// counts added ([`PlayoutStats::add`]). A caller that must stop between batches (Ctrl-C)
    /// plays them in batches this way.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, DynGame, Game, SplitMix64};
    /// let g = Nim::new(&"stones=4".parse().unwrap());
    /// let mut rng = SplitMix64::new(7);
    /// let mut p = g.playouts_from(30, &mut rng, 100);
    /// p.add(&g.playouts_from(70, &mut rng, 100));
    /// assert_eq!(p, g.playouts(100, 7, 100));
    /// ```
    fn playouts_from(
        &self,
        count: u64,
        rng: &mut crate::SplitMix64,
        max_actions: u64,
    ) -> PlayoutStats;
    /// The seats still in the game ([`Game::in_play`]): the seats that play, less those
    /// eliminated.
    fn in_play(&self) -> SeatSet;
    /// The 64-bit key of the position ([`Game::position_key`]).
    fn position_key(&self) -> u64;
    /// The number of distinct ids of players' actions ([`Encoding::num_distinct_actions`]).
    fn num_distinct_actions(&self) -> usize;
    /// The number of distinct ids of chance outcomes ([`Encoding::max_chance_outcomes`]).
    fn max_chance_outcomes(&self) -> usize;
    /// The shape of the observation ([`Encoding::observation_shape`]).
    fn observation_shape(&self) -> Shape;
    /// The sizes of the action spaces, the observation's shape and the longest game
    /// ([`Encoding::info`]; its text is the output of `boardgame info`).
    fn info(&self) -> Info;
    /// Replaces the contents of `out` with the ids of the legal actions, in the order of
    /// [`DynGame::legal_texts`] (chance outcomes' ids at a chance node).
    fn legal_ids_into(&self, out: &mut Vec<usize>);
    /// The id of the action written `text` (or `#ID`), legal here or not (a chance
    /// outcome's id for an outcome).
    fn text_id(&self, text: &str) -> Result<usize, DynPlayError>;
    /// The text of the action with this id as this state reads it (a chance outcome at a
    /// chance node), legal or not; `None` when no action has it.
    fn id_text(&self, id: usize) -> Option<String>;
    /// Plays the action with this id; on error (no such action, or illegal) the state is
    /// unchanged.
    fn play_id(&mut self, id: usize) -> Result<DynUndo, DynPlayError>;
    /// Writes the observation seen from `seat` into `out` ([`Encoding::observe`]).
    fn observe(&self, seat: Seat, out: &mut [f32]) -> Result<(), ObserveError>;

    /// The ids of the legal actions, in the order of [`DynGame::legal_texts`].
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, DynGame, Game};
    /// let mut g: Box<dyn DynGame> = Box::new(Nim::new(&"stones=3".parse().unwrap()));
    /// assert_eq!(g.legal_ids(), [0, 1]);
    /// assert_eq!(g.text_id("2"), Ok(1));
    /// assert_eq!(g.id_text(0).as_deref(), Some("1"));
    /// g.play_id(1).unwrap(); // takes two
    /// assert_eq!(g.position(), "1 2");
    /// assert!(g.play_id(1).is_err()); // one stone left: refused, nothing changed
    /// assert!(g.play_id(7).is_err()); // no such id
    /// assert_eq!(g.position(), "1 2");
    /// ```
    fn legal_ids(&self) -> Vec<usize> {
        let mut v = Vec::new();
        self.legal_ids_into(&mut v);
        v
    }

    /// The observation seen from `seat`, in a new vector of the shape's size.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, DynGame, Game, Seat};
    /// let g: Box<dyn DynGame> = Box::new(Nim::new(&"stones=2".parse().unwrap()));
    /// assert_eq!(g.observation_shape().dims(), [2, 1, 2]);
    /// assert_eq!(g.observation(Seat::of(0)).unwrap(), [1.0, 1.0, 1.0, 1.0]);
    /// assert!(g.observation(Seat::of(4)).is_err());
    /// ```
    fn observation(&self, seat: Seat) -> Result<Vec<f32>, ObserveError> {
        let mut v = alloc::vec![0.0; self.observation_shape().size()];
        self.observe(seat, &mut v)?;
        Ok(v)
    }
    /// The concrete state, for downcasting.
    fn as_any(&self) -> &dyn Any;
    /// The concrete state, for downcasting.
    fn as_any_mut(&mut self) -> &mut dyn Any;

    /// The name of a seat in this game.
    fn seat_name(&self, seat: Seat) -> &'static str {
        seat.name(self.seat_names())
    }

    /// The legal actions as text sorted by their bytes (the order of the command-line contract).
    fn legal_sorted(&self) -> Vec<String> {
        let mut v = self.legal_texts();
        v.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
        v
    }

    /// The outcome's summary (`W` of the `over: W` line), once the game is over.
    fn outcome_summary(&self) -> Option<String> {
        self.outcome().map(|o| o.summary(self.seat_names()))
    }

    /// Plays the texts in order, all or nothing: on the first refusal every action of the call
    /// is taken back and the error names it (1-based). Returns the undos, first action first.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, DynGame, Game};
    /// let mut g = Nim::new(&"stones=4".parse().unwrap());
    /// let e = DynGame::play_all(&mut g, &["1", "2", "2"]).unwrap_err();
    /// assert_eq!(e.index, 3);
    /// assert_eq!(g.stones(), 4);
    /// assert_eq!(DynGame::play_all(&mut g, &["1", "2"]).unwrap().len(), 2);
    /// ```
    fn play_all(&mut self, texts: &[&str]) -> Result<Vec<DynUndo>, SequenceError> {
        let mut undos = Vec::with_capacity(texts.len());
        for (k, text) in texts.iter().enumerate() {
            match self.play_text(text) {
                Ok(u) => undos.push(u),
                Err(error) => {
                    while let Some(u) = undos.pop() {
                        // Each undo was made by this very state just above.
                        let _ = self.undo(u);
                    }
                    return Err(SequenceError {
                        index: k + 1,
                        text: text.to_string(),
                        error,
                    });
                }
            }
        }
        Ok(undos)
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Reads an action given as text: the game's notation, or `#ID` for the action with that id
/// ([`Encoding`]) as the state reads it.
fn read_action<G: Game + Encoding>(state: &G, text: &str) -> Result<G::Action, DynPlayError> {
    let Some(number) = text.strip_prefix('#') else {
        return Ok(state.parse_action(text)?);
    };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        let at = 1 + number.bytes().take_while(u8::is_ascii_digit).count();
        return Err(SyntaxError::new(text, at, "an action id (digits) after `#`").into());
    }
    let chance = Game::to_act(state) == ToAct::Chance;
    let (bound, kind) = if chance {
        (G::max_chance_outcomes(&state.params()), "chance outcomes")
    } else {
        (G::num_distinct_actions(&state.params()), "players' actions")
    };
    // More digits than any id has: no action has it.
    let id = number.parse::<usize>().unwrap_or(usize::MAX);
    state
        .action_of_id(id)
        .ok_or(DynPlayError::NoSuchId { id, bound, kind })
}

fn play_checked<G: Game>(state: &mut G, action: G::Action) -> Result<DynUndo, DynPlayError> {
    let u = state.try_play(action)?;
    Ok(DynUndo::of(u))
}

impl<G: Game + Encoding> DynGame for G
where
    G::Undo: 'static,
{
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn seat_names(&self) -> &'static [&'static str] {
        G::SEAT_NAMES
    }

    fn params_text(&self) -> String {
        self.params().to_string()
    }

    fn seats(&self) -> SeatSet {
        Game::seats(self)
    }

    fn to_act(&self) -> ToAct {
        Game::to_act(self)
    }

    fn legal_texts(&self) -> Vec<String> {
        let mut list = Actions::<G>::new();
        self.legal_actions(&mut list);
        list.iter().map(|a| a.to_string()).collect()
    }

    fn legal_count(&self) -> usize {
        self.count_legal()
    }

    fn chance_outcomes(&self) -> Vec<(String, Prob)> {
        let mut outs = ChanceOutcomes::new();
        Game::chance_outcomes(self, &mut outs);
        outs.iter().map(|(a, p)| (a.to_string(), *p)).collect()
    }

    fn action_text(&self, index: usize) -> Option<String> {
        let mut list = Actions::<G>::new();
        self.legal_actions(&mut list);
        list.get(index).map(|a| a.to_string())
    }

    fn action_index(&self, text: &str) -> Result<usize, DynPlayError> {
        let action = read_action(self, text)?;
        let mut list = Actions::<G>::new();
        self.legal_actions(&mut list);
        match list.iter().position(|a| *a == action) {
            Some(i) => Ok(i),
            None if Game::to_act(self) == ToAct::Over => Err(PlayError::GameOver.into()),
            None => Err(PlayError::Illegal {
                action: action.to_string(),
                reason: self.illegal_reason(&action),
            }
            .into()),
        }
    }

    fn play_text(&mut self, text: &str) -> Result<DynUndo, DynPlayError> {
        let action = read_action(self, text)?;
        play_checked(self, action)
    }

    fn play_index(&mut self, index: usize) -> Result<DynUndo, DynPlayError> {
        let mut list = Actions::<G>::new();
        self.legal_actions(&mut list);
        match list.get(index) {
            Some(&a) => play_checked(self, a),
            None => Err(DynPlayError::NoSuchIndex {
                index,
                count: list.len(),
            }),
        }
    }

    fn undo(&mut self, undo: DynUndo) -> Result<(), UndoError> {
        match undo.undo.downcast::<G::Undo>() {
            Ok(u) => {
                Game::undo(self, *u);
                Ok(())
            }
            Err(_) => Err(UndoError { game: G::NAME }),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn position(&self) -> String {
        Game::position(self)
    }

    fn with_position(&self, text: &str) -> Result<Box<dyn DynGame>, PositionError> {
        let s = G::from_position(&self.params(), text)?;
        Ok(Box::new(s))
    }

    fn restarted(&self) -> Box<dyn DynGame> {
        Box::new(G::new(&self.params()))
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn status_line(&self) -> String {
        status_line(self)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft(self, depth)
    }

    fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        perft_divide(self, depth)
    }

    fn try_perft(&mut self, depth: u32) -> Result<u64, PerftError> {
        try_perft(self, depth)
    }

    fn try_perft_divide(&mut self, depth: u32) -> Result<Vec<(String, u64)>, PerftError> {
        try_perft_divide(self, depth)
    }

    fn max_game_length(&self) -> Option<u64> {
        G::max_game_length(&self.params())
    }

    fn random_action_text(&self, rng: &mut dyn RandomSource) -> Option<String> {
        let mut buf = Actions::<G>::new();
        random_action(self, rng, &mut buf).map(|a| a.to_string())
    }

    fn playout(&mut self, rng: &mut dyn RandomSource, max_actions: u64) -> Playout {
        playout(self, rng, max_actions)
    }

    fn playouts(&self, count: u64, seed: u64, max_actions: u64) -> PlayoutStats {
        self.playouts_from(count, &mut crate::SplitMix64::new(seed), max_actions)
    }

    fn playouts_from(
        &self,
        count: u64,
        rng: &mut crate::SplitMix64,
        max_actions: u64,
    ) -> PlayoutStats {
        let mut stats = PlayoutStats::default();
        for _ in 0..count {
            let mut state = self.clone();
            let p = playout(&mut state, rng, max_actions);
            stats.playouts += 1;
            stats.actions += p.length;
            stats.longest = stats.longest.max(p.length);
            match p.outcome {
                None => stats.unfinished += 1,
                Some(o) if o.winners().is_empty() => stats.draws += 1,
                Some(o) => {
                    for seat in o.winners().iter() {
                        stats.wins[seat.index()] += 1;
                    }
                }
            }
        }
        stats
    }

    fn in_play(&self) -> SeatSet {
        Game::in_play(self)
    }

    fn position_key(&self) -> u64 {
        Game::position_key(self)
    }

    fn num_distinct_actions(&self) -> usize {
        G::num_distinct_actions(&self.params())
    }

    fn max_chance_outcomes(&self) -> usize {
        G::max_chance_outcomes(&self.params())
    }

    fn observation_shape(&self) -> Shape {
        G::observation_shape(&self.params())
    }

    fn info(&self) -> Info {
        G::info(&self.params())
    }

    fn legal_ids_into(&self, out: &mut Vec<usize>) {
        let mut list = Actions::<G>::new();
        self.legal_actions(&mut list);
        out.clear();
        out.reserve(list.len());
        out.extend(list.iter().filter_map(|&a| Encoding::action_id(self, a)));
    }

    fn text_id(&self, text: &str) -> Result<usize, DynPlayError> {
        let action = read_action(self, text)?;
        Encoding::action_id(self, action).ok_or_else(|| DynPlayError::NoId {
            action: action.to_string(),
        })
    }

    fn id_text(&self, id: usize) -> Option<String> {
        self.action_of_id(id).map(|a| a.to_string())
    }

    fn play_id(&mut self, id: usize) -> Result<DynUndo, DynPlayError> {
        let action = read_action(self, &alloc::format!("#{id}"))?;
        play_checked(self, action)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) -> Result<(), ObserveError> {
        Encoding::observe(self, seat, out)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Nim;
    use crate::SplitMix64;

    fn nim(stones: u32) -> Box<dyn DynGame> {
        Box::new(Nim::new(
            &alloc::format!("stones={stones}").parse().unwrap(),
        ))
    }

    #[test]
    fn indices_follow_the_legal_order_and_bad_ones_change_nothing() {
        let mut g = nim(5);
        assert_eq!(g.action_text(1).as_deref(), Some("2"));
        assert_eq!(g.action_index("2"), Ok(1));
        let before = g.position();
        assert_eq!(
            g.play_index(7).unwrap_err(),
            DynPlayError::NoSuchIndex { index: 7, count: 2 }
        );
        assert!(matches!(g.play_text("x"), Err(DynPlayError::Syntax(_))));
        assert!(matches!(g.play_text("3"), Err(DynPlayError::Syntax(_))));
        assert_eq!(g.position(), before);
        let mut one = nim(1);
        assert!(matches!(one.play_text("2"), Err(DynPlayError::Illegal(_))));
        assert!(matches!(
            one.action_index("2"),
            Err(DynPlayError::Illegal(_))
        ));
        assert_eq!(one.position(), nim(1).position());
        let u = g.play_index(1).unwrap();
        assert_ne!(g.position(), before);
        g.undo(u).unwrap();
        assert_eq!(g.position(), before);
    }

    #[test]
    fn ids_name_actions_and_bad_ids_change_nothing() {
        let mut g = nim(3);
        assert_eq!(g.legal_ids(), [0, 1]);
        assert_eq!(g.text_id("2"), Ok(1));
        assert_eq!(g.text_id("#0"), Ok(0));
        assert_eq!(g.action_index("#1"), Ok(1));
        for bad in ["#", "#x", "#1x", "#-1", "# 1"] {
            assert!(
                matches!(g.play_text(bad), Err(DynPlayError::Syntax(_))),
                "{bad}"
            );
        }
        assert_eq!(
            g.play_text("#2").unwrap_err().to_string(),
            "no action has id 2 here (ids of players' actions run from 0 to 1)"
        );
        assert!(matches!(
            g.play_text("#99999999999999999999999"),
            Err(DynPlayError::NoSuchId { id: usize::MAX, .. })
        ));
        assert!(matches!(
            g.play_id(usize::MAX),
            Err(DynPlayError::NoSuchId { .. })
        ));
        assert_eq!(g.position(), nim(3).position());
        g.play_text("#1").unwrap();
        assert_eq!(g.position(), "1 2");
        assert!(matches!(g.play_id(1), Err(DynPlayError::Illegal(_))));
        assert_eq!(g.id_text(1).as_deref(), Some("2"));
        assert_eq!(g.id_text(2), None);
        assert_eq!(
            g.info().to_string(),
            "num_distinct_actions 2\nmax_chance_outcomes 0\nobservation_shape 2 1 3\n\
             max_game_length 3\n"
        );
        let mut obs = [9.0; 6];
        assert!(g.observe(Seat::of(2), &mut obs).is_err());
        assert_eq!(obs, [9.0; 6]);
        g.observe(Seat::of(1), &mut obs).unwrap();
        assert_eq!(obs, [1.0, 0.0, 0.0, 1.0, 1.0, 1.0]);
    }

    #[test]
    fn the_end_is_reported_and_nothing_plays_after_it() {
        let mut g = nim(2);
        g.play_text("2").unwrap();
        assert_eq!(g.to_act(), ToAct::Over);
        assert_eq!(g.outcome_summary().as_deref(), Some("1"));
        assert_eq!(
            g.play_text("1").unwrap_err(),
            DynPlayError::Illegal(PlayError::GameOver)
        );
        assert_eq!(
            g.action_index("1").unwrap_err(),
            DynPlayError::Illegal(PlayError::GameOver)
        );
        assert!(g.legal_texts().is_empty());
        assert_eq!(g.random_action_text(&mut SplitMix64::new(1)), None);
    }

    #[test]
    fn positions_restarts_and_copies_are_new_objects() {
        let mut g = nim(4);
        g.play_text("1").unwrap();
        let copy = g.clone();
        let back = g.with_position(&g.position()).unwrap();
        assert_eq!(back.position(), g.position());
        assert_eq!(copy.position(), g.position());
        assert_eq!(g.restarted().position(), nim(4).position());
        assert!(g.with_position("nonsense").is_err());
        assert_eq!(g.perft(1), 2);
        assert_eq!(g.perft_divide(1).len(), 2);
        assert_eq!(g.try_perft(2), Ok(3)); // 3 stones: 1 1, 1 2, 2 1
        assert!(g.try_perft_divide(99).is_err());
    }

    #[test]
    fn an_undo_from_another_game_is_refused() {
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        struct Other;
        let mut g = nim(3);
        let before = g.position();
        let foreign = DynUndo::of(Other);
        assert_eq!(g.undo(foreign), Err(UndoError { game: "nim" }));
        assert_eq!(g.position(), before);
    }

    #[test]
    fn playouts_end_the_game() {
        let mut g = nim(6);
        let p = g.playout(&mut SplitMix64::new(3), 100);
        assert!(p.outcome.is_some());
        assert_eq!(g.to_act(), ToAct::Over);
    }
}
