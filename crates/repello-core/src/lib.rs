//! # repello-core
//!
//! The rules of **Repello** (Arne Holmström; Mindtwister 2010, Piatnik 2011) for 2 to 4
//! players.
//!
//! ## The game in brief
//! - A 13x13 board whose squares carry numbers 1..6 (a stand-in board by default, any board
//!   through the `numbers` parameter). Neutral tokens start on it: gold (5 points) on `g7`,
//!   silver (3) on `c11 k11 c3 k3`, black (1) on `g12 b7 l7 g2`.
//! - Each player has a stack of black tokens (15 / 12 / 10 with 2 / 3 / 4 players). In the
//!   setup round each places it on a free square of the start area `e5`..`i9` not adjacent to
//!   any piece.
//! - A turn: move the stack in one of eight directions exactly the number printed on the first
//!   square, bouncing off the edges (each component that would leave the board flips), never
//!   passing or landing on a piece; the bottom token drops on the square left, and blocks the
//!   way back. With no legal direction the token drops and the stack relocates to the start
//!   area. A stack that was pushed off comes back on the start area instead.
//! - Then the repulsion phase: while two pieces are adjacent, the player pushes one of them a
//!   square directly away from the other, one push at a time. Pushes off the board capture
//!   (tokens score; an opponent's stack leaves the board, loses a token to the pusher and its
//!   owner loses its most valuable captured token). One's own stack never leaves the board, and
//!   no push may recreate an arrangement already seen in the phase, so every phase ends.
//! - A stack with no token left at the end of a turn is finished. When all are, the highest
//!   score wins (ties share the win).
//!
//! Every placement, move and push is one [`Action`] (`e5`, `ne`, `c3/sw`); see
//! `docs/repello.md` for the rules in full, the position notation and the benchmarks.
//!
//! ## Contents
//! - [`State`] implements the kit's [`Game`](boardgame_kit::Game) (rules, legal actions, undo,
//!   position notation, perft), [`BoardView`](boardgame_kit::view::BoardView) (the board for
//!   renderers) and [`Encoding`](boardgame_kit::encoding::Encoding): a fixed action space of
//!   1,529 ids (placements, moves, pushes) and an observation of 13 x 13 planes seen from one
//!   seat, for learning programs ([`encoding`]);
//! - [`eval`]: the evaluation search agents use beyond their horizon.
//!
//! ## Features
//! - `serde`: serde support for [`Action`], [`Params`] and [`State`] (through their text
//!   forms; reading validates).
//!
//! ## Example
//! ```
//! use boardgame_kit::{perft, playout, Actions, Game, SplitMix64, ToAct};
//! use repello_core::{Action, Params, State};
//!
//! let params: Params = "players=2".parse().unwrap();
//! let mut s = State::new(&params);
//! s.play("e5".parse().unwrap()); // seat 1 places
//! s.play("i9".parse().unwrap()); // seat 2 places
//! let mut moves = Actions::<State>::new();
//! s.legal_actions(&mut moves);
//! assert!(moves.contains(&"n".parse::<Action>().unwrap()));
//! assert_eq!(perft(&mut s, 1), moves.len() as u64);
//! // A random game to the end.
//! let p = playout(&mut s, &mut SplitMix64::new(7), 100_000);
//! assert_eq!(s.to_act(), ToAct::Over);
//! assert!(p.outcome.unwrap().scores().is_some());
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
mod movegen;
mod notation;
mod params;
mod state;
mod view;

pub use action::Action;
pub use board::SIDE;
pub use game::Undo;
pub use params::{default_stack, Params, STAND_IN};
pub use state::{Captured, Phase, Piece, StackStatus, State, Token, MAX_ACTIONS};

boardgame_kit::game_crate_root! {
    /// This game's state, parameters and actions with the kit's most used names
    /// ([`kit::prelude`], the traits `Game` and `Encoding` among them):
    /// `use repello_core::prelude::*;`.
    ///
    /// ```
    /// use repello_core::prelude::*;
    /// let s = State::new(&Params::default());
    /// assert_eq!(s.action_id("e5".parse::<Action>().unwrap()), Some(108));
    /// ```
    prelude: [Action, Params, State]
}
