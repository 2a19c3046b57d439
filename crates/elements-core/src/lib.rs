//! # elements-core
//!
//! The rules engine of **Battle of the Elements**, a four-colour, seven-placement version of the
//! paper game Virus War, played as an arena event on a Minecraft server.
//!
//! ## The rules in brief
//! - A 20x20 board (files `a`..`t`, ranks `1`..`20`), or a 14x14 blitz board (`a`..`n`).
//! - Seats in turn order (clockwise from water): `w` water (top-left corner), `a` air (top-right),
//!   `e` earth (bottom-right), `f` fire (bottom-left). Two players are water and earth; three are
//!   water, air and earth.
//! - A turn is exactly seven placements (`per_turn`), one action each. The first placement of a
//!   player goes on an empty marked start cell of its corner (`a20 b20 a19` for water on the
//!   full board, the corner alone in blitz).
//! - Every other placement by P goes on an empty cell or another player's block that is
//!   8-adjacent to a block of P, or to a mound of P chained through P's mounds to a mound
//!   touching a block of P. An empty cell gets a block of P; an enemy block is *eaten* and the
//!   cell becomes a mound of P. Mounds are permanent and nothing is placed on them.
//! - A player to place with no legal placement is eliminated at once (the rest of its turn is
//!   lost); a player that has started and owns no block is eliminated at once. The last player
//!   left wins, even in the middle of a turn.
//!
//! Generation is bitboard-based: the live mounds of each seat (groups touching its blocks) are
//! kept incrementally, and one dilation gives every reachable cell at once.
//!
//! ## Notation
//! - An action ([`Place`]) is the target cell: `e5`, `t20`.
//! - A position is one line `BOARD SEAT LEFT STARTED OUT` (see [`notation`]); the default
//!   start is `20/20/.../20 w 7 - -` (twenty ranks of `20` empty cells, water to place with 7
//!   placements left, nobody started, nobody out).
//! - Parameters ([`Params`]): `board=full|blitz`, `players=2..4`, `per_turn=1..20`.
//!
//! ## Contents
//! - [`board`]: the two boards, the cell <-> bit mapping, the marked start cells.
//! - [`state`]: the [`State`] and its `Game` implementation.
//! - [`notation`]: action ([`Place`]) and position notation.
//! - [`encoding`]: the fixed action space (one id per cell) and the observation tensor
//!   (blocks, mounds and status planes per seat, seen from one seat) for learning programs.
//! - [`eval`]: the evaluation and playout policy of search agents.
//! - [`params`]: the parameters ([`Params`]).
//!
//! ## Features
//! - `serde`: serde support for [`Place`], [`Params`] and [`State`] (through their text forms;
//!   reading a state validates it).
//!
//! ## Example
//! ```
//! use boardgame_kit::{perft, Actions, Game, Seat, ToAct};
//! use elements_core::{Params, Place, State};
//!
//! let params: Params = "board=blitz,players=4".parse().unwrap();
//! let mut s = State::new(&params);
//! let mut list = Actions::<State>::new();
//! s.legal_actions(&mut list);
//! assert_eq!(list.as_slice(), &["a14".parse::<Place>().unwrap()]); // water starts in its corner
//! s.play(list[0]);
//! assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0))); // six placements left for water
//! assert_eq!(s.count_legal(), 3); // b14 a13 b13
//! assert!(s.try_play("c12".parse().unwrap()).is_err()); // not reachable
//! assert_eq!(perft(&mut s, 2), 4 + 4 + 7); // after b14, a13, b13
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
pub mod state;
mod view;

pub use action::Place;
pub use board::{BoardSize, Geometry};
pub use notation::setup;
pub use params::Params;
pub use state::{Kind, Piece, State, ELEMENTS};

boardgame_kit::game_crate_root! {
    /// This game's state, parameters and actions with the kit's most used names
    /// ([`kit::prelude`], the `Encoding` trait included): `use elements_core::prelude::*;`.
    ///
    /// ```
    /// use elements_core::prelude::*;
    /// let s = State::new(&"players=4".parse().unwrap());
    /// assert_eq!(State::num_distinct_actions(&s.params()), 400); // one id per cell
    /// assert_eq!(s.action_id("t20".parse().unwrap()), Some(399));
    /// let mut obs = vec![0.0; State::observation_shape(&s.params()).size()]; // 21 x 20 x 20
    /// s.observe(Seat::of(3), &mut obs).unwrap();
    /// ```
    prelude: [Params, Place, State]
}
