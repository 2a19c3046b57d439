//! # boardgames
//!
//! Every game of the workspace behind one object. The [`registry`] lists the five games by name
//! (Slime Trail, Splut!, Battle of the Elements, Repello, Arandian checkers) with their seats
//! and player counts, and starts any of them from parameter and position text as a
//! `Box<dyn DynGame>` ([`boardgame_kit::DynGame`]): a front end (terminal, browser, engine
//! protocol) needs no game's concrete types. [`GameEntry::board`] starts it as a
//! `Box<dyn DynBoard>` ([`boardgame_kit::DynBoard`]) that also gives the board view model and
//! the cells every action touches, for a generic renderer. Each entry also explains its game
//! to a person ([`GameEntry::rules`], [`GameEntry::key`], [`GameEntry::describe`],
//! [`GameEntry::seat_label`]). Adding a game to the workspace is one line of [`GAMES`].
//!
//! [`Table`] is one game in progress (the board, the actions played with undo, chance
//! outcomes, agents that follow the game, record and replay): every front end is built on it.
//!
//! The [`agents`] module makes players from SPECs (`mcts:iterations=5000`), [`solve`] solves
//! Slime Trail positions exactly, [`perft`] counts with a depth from a user, and [`engine`] is
//! the `boardgame engine` line protocol as a library type ([`Session`]). [`arena`] plays
//! matches and tournaments between agents (seats rotated, every game seeded on its own, so a
//! game's result does not depend on where it was played), tallies them and fits Elo ratings.
//! For learning programs, [`learn`] holds the defaults every learning face plays with (turn
//! limits and caps so that every episode ends) and [`vector`] steps many games of one kind
//! together on several threads, writing observations, masks and rewards into buffers
//! ([`vector::VectorGame`], the engine of the Python package's `VectorGame`).
//!
//! ```
//! let mut game = boardgames::start("slimetrail", "", None).unwrap();
//! game.play_all(&["c3", "b2"]).unwrap();
//! assert_eq!(game.status_line(), "1: a1 a2 a3 b1 b3 c1 c2");
//! ```

pub mod agents;
pub mod arena;
pub mod engine;
pub mod learn;
pub mod perft;
pub mod registry;
pub mod solve;
pub mod table;
pub mod text;
pub mod vector;

pub use agents::DynAgent;
pub use boardgame_kit as kit;
pub use boardgame_kit::{DynBoard, DynGame};
pub use engine::Session;
pub use registry::{find, names, start, GameEntry, SetupError, GAMES};
pub use table::{Move, Table, TableError, TableRecord};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
