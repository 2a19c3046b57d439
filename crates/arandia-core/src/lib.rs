//! # arandia-core
//!
//! Arandian checkers for 2, 3, 4 and 6 players: a rules engine implementing
//! [`boardgame_kit::Game`], with dice as explicit chance nodes.
//!
//! ## The game in brief
//! - A hexagon of 61 hexagonal cells, 5 to a side. The six corners are **rocks**; the three
//!   middle cells of each side are a **harbour** (sides numbered clockwise from the top, side 0
//!   `f9 g9 h9`); the centre `e5` is the **island**; six cells around it are **shoals**. Each
//!   side of a cell carries a die label: east 1, north-east 2, north-west 3, west 4, south-west
//!   5, south-east 6; on a shoal the side facing the island repeats the label of the side facing
//!   away, so one number leads two ways and one nowhere.
//! - Each player (seat = home side; 2 players: 0 and 3; 3: 0, 2, 4; 4: 0, 1, 3, 4; 6: all) has
//!   three ships starting in its home harbour and must bring all three into the opposite
//!   harbour. Other harbours are closed to its ships.
//! - In a turn each of the player's ships acts once, in any order: **roll** the die and move
//!   through the side(s) carrying the number (stay if no usable cell; choose if two), or instead
//!   **shuffle** within a harbour, or move freely from the **island**, or **re-enter** a sunk
//!   ship. A move ending on a rock **wrecks** the ship: it goes back to a home cell of the
//!   owner's choice.
//! - Arriving among enemies, the player may **attack** one: attacker and defender roll, the
//!   lower roll is sunk (ties: nothing). A player wins the moment its three ships stand in its
//!   target harbour.
//!
//! Actions: `f9` (roll for the ship on f9; also a chosen cell or a home cell), `f9-g9`
//! (shuffle or island move), `+g9` (re-entry), `1`..`6` (die values), `attack/3`, `decline`.
//! The position notation is described in [`notation`] and `docs/arandia.md`.
//!
//! ## Contents
//! - [`State`] implements the kit's [`Game`](boardgame_kit::Game) (rules, notation, perft
//!   kernel, playouts, evaluation) and [`Encoding`](boardgame_kit::Encoding): a fixed action
//!   space (`446 + P` ids for `P` players, 6 chance outcomes) and an observation of
//!   `17 + 6P` planes of 9 x 9 squares for learning programs ([`encoding`]).
//!
//! ## Features
//! - `serde`: serde support for [`Action`], [`Params`] and [`State`] through their text forms.
//!
//! The crate is `no_std` (with `alloc`) and forbids unsafe code.
//!
//! ## Example
//! ```
//! use arandia_core::{Action, Params, State};
//! use boardgame_kit::{perft, Game, ToAct};
//! let mut s = State::new(&Params::default());
//! assert_eq!(perft(&mut s, 1), 7);
//! s.play("h9".parse().unwrap()); // roll for the ship on h9
//! assert_eq!(s.to_act(), ToAct::Chance);
//! s.play(Action::Die(5)); // south-west of h9 is g8
//! assert_eq!(s.position(), "0 - t0 0:f9,g8*,g9 3:b1,c1,d1");
//! assert!(s.try_play("g8".parse().unwrap()).is_err()); // that ship has acted
//! ```
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

mod action;
pub mod board;
mod display;
pub mod encoding;
pub mod eval;
mod explain;
mod game;
mod kernels;
mod key;
mod movegen;
pub mod notation;
pub mod params;
mod playout;
mod state;
mod view;

pub use action::Action;
pub use board::{Cell, Terrain};
pub use params::Params;
pub use state::{Phase, Place, Ship, State, MAX_ACTIONS};

boardgame_kit::game_crate_root! {
    /// This game's state, parameters and actions with the kit's most used names
    /// ([`kit::prelude`], which includes [`Encoding`](boardgame_kit::Encoding)):
    /// `use arandia_core::prelude::*;`.
    prelude: [Action, Params, State]
}
