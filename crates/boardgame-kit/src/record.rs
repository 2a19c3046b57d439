//! Game records: parameters and the actions played (chance outcomes included), with undo and
//! redo, replaying exactly.

use crate::error::{Escaped, ParamError, PlayError, SyntaxError};
use crate::game::Game;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The record names another game.
    #[error("the record is for `{}`, not `{expected}`", Escaped(.found))]
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
    /// The record would be longer than its cap ([`Record::set_max_actions`]).
    #[error("action {index}: the record is capped at {max} actions")]
    TooLong {
        /// 1-based index of the first action over the cap.
        index: usize,
        /// The cap.
        max: usize,
    },
}

/// A state is kept every this many actions; undo replays at most this many actions from the
/// last one, so a record costs its actions plus one state per `CHECKPOINT_EVERY` actions.
const CHECKPOINT_EVERY: usize = 128;

/// A game in progress with its history: the parameters, every action played (chance outcomes
/// included) and a cursor for undo and redo.
///
/// A record keeps the actions and a copy of the state every 128 actions (not an undo per
/// action): its memory is about the size of its actions, and [`Record::undo`] replays at most
/// 128 actions from the last kept state. [`Record::set_max_actions`] caps its length.
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
    /// Every action recorded, including those undone and available to redo.
    actions: Vec<G::Action>,
    /// The number of actions played (the rest can be redone).
    cursor: usize,
    /// `checkpoints[i]` is the state after `i * CHECKPOINT_EVERY` actions, kept for every such
    /// point up to the end of `actions`.
    checkpoints: Vec<G>,
    state: G,
    max_actions: Option<usize>,
}

impl<G: Game> Record<G> {
    /// A new game.
    pub fn new(params: G::Params) -> Self {
        let state = G::new(&params);
        Record {
            params,
            actions: Vec::new(),
            cursor: 0,
            checkpoints: alloc::vec![state.clone()],
            state,
            max_actions: None,
        }
    }

    /// Replays a list of actions from the start, checking each.
    pub fn replay(params: G::Params, actions: &[G::Action]) -> Result<Self, RecordError> {
        let mut r = Record::new(params);
        for &a in actions {
            r.play(a)?;
        }
        Ok(r)
    }

    /// Reads a record's text (see [`Record`]'s `FromStr`), refusing one longer than
    /// `max_actions` before replaying past the cap; the record keeps the cap.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Record, RecordError};
    /// assert!(Record::<Nim>::parse_capped("nim: 1 1 1", 3).is_ok());
    /// let e = Record::<Nim>::parse_capped("nim: 1 1 1", 2).unwrap_err();
    /// assert_eq!(e, RecordError::TooLong { index: 3, max: 2 });
    /// ```
    pub fn parse_capped(text: &str, max_actions: usize) -> Result<Self, RecordError> {
        parse_text(text, Some(max_actions))
    }

    /// Caps the number of actions the record accepts (`None`: no cap, the default). Actions
    /// already played stay; playing past the cap is refused with [`RecordError::TooLong`].
    pub fn set_max_actions(&mut self, max_actions: Option<usize>) {
        self.max_actions = max_actions;
    }

    /// The cap on the number of actions, if any.
    pub fn max_actions(&self) -> Option<usize> {
        self.max_actions
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
        &self.actions[..self.cursor]
    }

    /// Every action recorded, including those undone and available to redo.
    pub fn all_actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// Plays an action (checked); discards any actions that were undone. Refused (the record
    /// unchanged) when illegal or past the cap.
    pub fn play(&mut self, action: G::Action) -> Result<(), RecordError> {
        let index = self.cursor + 1;
        if let Some(max) = self.max_actions {
            if self.cursor >= max {
                return Err(RecordError::TooLong { index, max });
            }
        }
        self.state
            .try_play(action)
            .map_err(|error| RecordError::Illegal { index, error })?;
        self.actions.truncate(self.cursor);
        self.checkpoints
            .truncate(self.cursor / CHECKPOINT_EVERY + 1);
        self.actions.push(action);
        self.advance();
        Ok(())
    }

    /// Moves the cursor past the action just applied to the state, keeping a checkpoint when
    /// one is due and missing.
    fn advance(&mut self) {
        self.cursor += 1;
        if self.cursor.is_multiple_of(CHECKPOINT_EVERY)
            && self.checkpoints.len() == self.cursor / CHECKPOINT_EVERY
        {
            self.checkpoints.push(self.state.clone());
        }
    }

    /// Parses and plays an action.
    pub fn play_text(&mut self, text: &str) -> Result<(), RecordError> {
        let index = self.cursor + 1;
        let a = self
            .state
            .parse_action(text)
            .map_err(|error| RecordError::Syntax { index, error })?;
        self.play(a)
    }

    /// Takes back the last action; false at the start.
    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        let base = self.cursor / CHECKPOINT_EVERY;
        self.state = self.checkpoints[base].clone();
        for &a in &self.actions[base * CHECKPOINT_EVERY..self.cursor] {
            // Every recorded action was checked when it was first played from this state.
            let _ = self.state.play_unchecked(a);
        }
        true
    }

    /// Replays the next undone action; false if there is none.
    pub fn redo(&mut self) -> bool {
        match self.actions.get(self.cursor).copied() {
            Some(a) => {
                // Checked when it was first played from this same state.
                let _ = self.state.play_unchecked(a);
                self.advance();
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

/// Reads a record's text, playing each action, refusing actions past `max_actions`.
fn parse_text<G: Game>(s: &str, max_actions: Option<usize>) -> Result<Record<G>, RecordError> {
    let (head, moves) = s.split_once(':').unwrap_or((s, ""));
    let head = head.trim();
    let (name, params) = head.split_once(char::is_whitespace).unwrap_or((head, ""));
    check_name::<G>(name)?;
    let mut r = Record::new(params.trim().parse()?);
    r.max_actions = max_actions;
    for text in moves.split_whitespace() {
        r.play_text(text)?;
    }
    Ok(r)
}

/// Checks that a record names this game.
fn check_name<G: Game>(name: &str) -> Result<(), RecordError> {
    if name == G::NAME {
        Ok(())
    } else {
        Err(RecordError::WrongGame {
            expected: G::NAME,
            found: name.to_string(),
        })
    }
}

impl<G: Game> core::str::FromStr for Record<G> {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Self, RecordError> {
        parse_text(s, None)
    }
}

/// `{"game": NAME, "params": PARAMS, "actions": [ACTION, ...]}` (actions up to the cursor).
#[cfg(feature = "serde")]
impl<G: Game> serde::Serialize for Record<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeSeq, SerializeStruct};
        /// The actions as a sequence of their texts, without a copy of the list.
        struct Texts<'a, A>(&'a [A]);
        impl<A: fmt::Display> serde::Serialize for Texts<'_, A> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut seq = s.serialize_seq(Some(self.0.len()))?;
                for a in self.0 {
                    seq.serialize_element(&alloc::format!("{a}"))?;
                }
                seq.end()
            }
        }
        let mut st = s.serialize_struct("Record", 3)?;
        st.serialize_field("game", G::NAME)?;
        st.serialize_field("params", &self.params.to_string())?;
        st.serialize_field("actions", &Texts(self.actions()))?;
        st.end()
    }
}

/// Each field is read on its own: `game` must be exactly this game's name, `params` its
/// parameters, and every element of `actions` exactly one action (checked as it is played).
#[cfg(feature = "serde")]
impl<'de, G: Game> serde::Deserialize<'de> for Record<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Raw {
            game: String,
            params: String,
            actions: Vec<String>,
        }
        let raw = <Raw as serde::Deserialize>::deserialize(d)?;
        check_name::<G>(&raw.game).map_err(D::Error::custom)?;
        let params = raw
            .params
            .parse()
            .map_err(|e| D::Error::custom(RecordError::Params(e)))?;
        let mut r = Record::new(params);
        for text in &raw.actions {
            if let Some(at) = text.find(char::is_whitespace) {
                let error = SyntaxError::new(text, at, "one action, without spaces");
                let index = r.cursor + 1;
                return Err(D::Error::custom(RecordError::Syntax { index, error }));
            }
            r.play_text(text).map_err(D::Error::custom)?;
        }
        Ok(r)
    }
}
