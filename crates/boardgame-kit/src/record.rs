//! Game records: parameters and the actions played (chance outcomes included), with undo and
//! redo, replaying exactly.

use crate::error::{ParamError, PlayError, SyntaxError};
use crate::game::Game;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The record names another game.
    #[error("the record is for `{found}`, not `{expected}`")]
    WrongGame {
        /// This game's name.
        expected: &'static str,
        /// The name in the record.
        found: String,
    },
    /// The parameters could not be read.
    #[error(transparent)]
    Params(#[from] ParamError),
    /// Action `index` (1-based) could not be read.
    #[error("action {index}: {error}")]
    Syntax {
        /// 1-based index of the action.
        index: usize,
        /// The syntax error.
        error: SyntaxError,
    },
    /// Action `index` (1-based) is illegal where it stands.
    #[error("action {index}: {error}")]
    Illegal {
        /// 1-based index of the action.
        index: usize,
        /// Why.
        error: PlayError,
    },
}

/// A game in progress with its history: the parameters, every action played (chance outcomes
/// included) and a cursor for undo and redo.
///
/// ```
/// use boardgame_kit::{testing::Nim, Game, Record};
/// let mut r = Record::<Nim>::new(Default::default());
/// r.play_text("2").unwrap();
/// r.play_text("1").unwrap();
/// assert!(r.play_text("3").is_err());
/// assert!(r.undo());
/// assert_eq!(r.state().stones(), 3);
/// assert!(r.redo());
/// let text = r.to_string();
/// let back: Record<Nim> = text.parse().unwrap();
/// assert_eq!(back.state(), r.state());
/// ```
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    params: G::Params,
    actions: Vec<G::Action>,
    undos: Vec<G::Undo>,
    state: G,
}

impl<G: Game> Record<G> {
    /// A new game.
    pub fn new(params: G::Params) -> Self {
        let state = G::new(&params);
        Record {
            params,
            actions: Vec::new(),
            undos: Vec::new(),
            state,
        }
    }

    /// Replays a list of actions from the start, checking each.
    pub fn replay(params: G::Params, actions: &[G::Action]) -> Result<Self, RecordError> {
        let mut r = Record::new(params);
        for (i, &a) in actions.iter().enumerate() {
            r.play(a).map_err(|error| RecordError::Illegal {
                index: i + 1,
                error,
            })?;
        }
        Ok(r)
    }

    /// The parameters.
    pub fn params(&self) -> &G::Params {
        &self.params
    }

    /// The current state.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The actions played up to the cursor.
    pub fn actions(&self) -> &[G::Action] {
        &self.actions[..self.undos.len()]
    }

    /// Every action recorded, including those undone and available to redo.
    pub fn all_actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// Plays an action (checked); discards any actions that were undone.
    pub fn play(&mut self, action: G::Action) -> Result<(), PlayError> {
        let u = self.state.try_play(action)?;
        self.actions.truncate(self.undos.len());
        self.actions.push(action);
        self.undos.push(u);
        Ok(())
    }

    /// Parses and plays an action.
    pub fn play_text(&mut self, text: &str) -> Result<(), RecordError> {
        let index = self.undos.len() + 1;
        let a = self
            .state
            .parse_action(text)
            .map_err(|error| RecordError::Syntax { index, error })?;
        self.play(a)
            .map_err(|error| RecordError::Illegal { index, error })
    }

    /// Takes back the last action; false at the start.
    pub fn undo(&mut self) -> bool {
        match self.undos.pop() {
            Some(u) => {
                self.state.undo(u);
                true
            }
            None => false,
        }
    }

    /// Replays the next undone action; false if there is none.
    pub fn redo(&mut self) -> bool {
        match self.actions.get(self.undos.len()).copied() {
            Some(a) => {
                let u = self.state.play_unchecked(a);
                self.undos.push(u);
                true
            }
            None => false,
        }
    }
}

/// A record's text: `GAME [PARAMS]: ACTION ACTION ...` (actions up to the cursor).
impl<G: Game> fmt::Display for Record<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.params.to_string();
        if p.is_empty() {
            write!(f, "{}:", G::NAME)?;
        } else {
            write!(f, "{} {}:", G::NAME, p)?;
        }
        for a in self.actions() {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

impl<G: Game> core::str::FromStr for Record<G> {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Self, RecordError> {
        let (head, moves) = s.split_once(':').unwrap_or((s, ""));
        let head = head.trim();
        let (name, params) = head.split_once(char::is_whitespace).unwrap_or((head, ""));
        if name != G::NAME {
            return Err(RecordError::WrongGame {
                expected: G::NAME,
                found: name.to_string(),
            });
        }
        let mut r = Record::new(params.trim().parse()?);
        for text in moves.split_whitespace() {
            r.play_text(text)?;
        }
        Ok(r)
    }
}

#[cfg(feature = "serde")]
impl<G: Game> serde::Serialize for Record<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let actions: Vec<String> = self.actions().iter().map(|a| a.to_string()).collect();
        let mut st = s.serialize_struct("Record", 3)?;
        st.serialize_field("game", G::NAME)?;
        st.serialize_field("params", &self.params.to_string())?;
        st.serialize_field("actions", &actions)?;
        st.end()
    }
}

#[cfg(feature = "serde")]
impl<'de, G: Game> serde::Deserialize<'de> for Record<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            game: String,
            params: String,
            actions: Vec<String>,
        }
        let raw = <Raw as serde::Deserialize>::deserialize(d)?;
        let text = alloc::format!("{} {}: {}", raw.game, raw.params, raw.actions.join(" "));
        text.parse().map_err(serde::de::Error::custom)
    }
}
