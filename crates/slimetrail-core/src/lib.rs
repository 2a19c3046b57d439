//! # slimetrail-core
//!
//! The rules of **Slime Trail** (Rastros, Bill Taylor, 1992) for the `boardgame-kit` API.
//!
//! One snail sits on the centre of an odd board (7x7 by default; `size` 5, 7 or 9). The two
//! players move it in turn one step in any of the eight directions onto a cell that is not
//! slimed; the cell it leaves is slimed for good. Seat `1` owns the bottom-left corner `a1`,
//! seat `2` the top-right corner: the snail entering a corner wins for the corner's owner,
//! whoever moved it there. A player with no legal move loses. There are no draws.
//!
//! The [`State`] is a `u128` bitboard of slime, the snail's cell and the board size: `Copy`,
//! 32 bytes, no heap. Legal moves are the king-step mask of the snail's cell minus the slime.
//! Actions ([`Step`]) are written as the destination cell (`e5`); positions in the notation of
//! [`Game::position`](boardgame_kit::Game::position) (`7/7/7/3@3/7/7/7 1`, see `docs/notation.md`).
//!
//! [`encoding`] gives learning programs a fixed action space (an action's id is its destination
//! cell's number, `rank * size + file`) and an observation tensor (five planes: the snail, the
//! slime, the observer's goal, the opponent's goal, whether the observer is to move), through
//! the kit's [`Encoding`](boardgame_kit::Encoding) trait.
//!
//! The exact solver (the value of every position and action under perfect play) is the crate
//! `slimetrail-solver`, built on this one's public API.
//!
//! ## Features
//! - `serde`: `Serialize`/`Deserialize` for [`Step`], [`Params`] and [`State`] (states go
//!   through the position notation, so reading one always validates it).
//!
//! ## Example
//! ```
//! use slimetrail_core::{State, Params};
//! use boardgame_kit::{Game, Actions, ToAct, Seat, perft};
//!
//! let mut game = State::new(&Params::default());
//! let mut moves = Actions::<State>::new();
//! game.legal_actions(&mut moves);
//! assert_eq!(moves.len(), 8);
//! for text in ["c3", "b2", "b1"] {
//!     game.try_play(text.parse().unwrap()).unwrap();
//! }
//! // Seat 2 may step into a1, but a1 belongs to seat 1:
//! game.try_play("a1".parse().unwrap()).unwrap();
//! assert_eq!(game.to_act(), ToAct::Over);
//! assert!(game.outcome().unwrap().is_winner(Seat::of(0)));
//! assert_eq!(perft(&mut State::default(), 2), 56);
//! ```
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

mod action;
mod board;
mod display;
pub mod encoding;
pub mod eval;
mod explain;
mod game;
mod kernels;
mod notation;
mod params;
mod state;
mod view;

pub use action::Step;
pub use board::{Bits, Board, MAX_SIZE, MIN_SIZE};
pub use game::Undo;
pub use params::Params;
pub use state::State;

boardgame_kit::game_crate_root! {
    /// This game's state, parameters and actions with the kit's most used names
    /// ([`kit::prelude`], [`Encoding`](kit::Encoding) among them): `use slimetrail_core::prelude::*;`.
    prelude: [Params, State, Step]
}
