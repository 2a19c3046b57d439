//! # splut-core
//!
//! The rules of **Splut!** (Tommy De Coninck, 2009) for 2, 3 and 4 players, behind the
//! uniform [`boardgame_kit::Game`] API.
//!
//! ## The game in brief
//! - The board is a diamond of 41 squares (`e1` .. `a5` .. `i5` .. `e9`); pieces move one square
//!   orthogonally. Four seats, clockwise `s`, `w`, `n`, `e` (red, yellow, green, blue), each with
//!   a Sorcerer, a Troll and a Dwarf; four Rocks start on the tips whatever the number of players.
//! - A turn is 1 step in the first turn of the game, 2 in the second, 3 afterwards. Each step is
//!   one action. A player who has steps left but no legal step loses the rest of the turn; when
//!   nobody can step the game is drawn.
//! - **Troll**: steps onto an empty square, optionally pulling the Rock right behind it; or
//!   steps onto a Rock and throws it (the turn ends): the Rock flies over empty squares and
//!   Dwarves, lands before a Troll, a Rock or the edge (killing a Dwarf there), or lands on a
//!   Sorcerer, whose whole team leaves the board ("Splut!").
//! - **Dwarf**: steps, pushing the whole line of pieces in front of it if the square after the
//!   line is on the board.
//! - **Sorcerer**: steps onto empty squares, and may levitate one Rock one square the same way
//!   (one Rock per turn, in one unbroken run of Sorcerer steps, never a Rock that moved in the
//!   previous turn, only onto an empty square).
//! - The last team with a Sorcerer wins.
//!
//! Each legal step is an [`Action`] written `e2-e3`, `e5-d5/p` (pull), `e4-e5/w` (throw west)
//! or `d3-d4/c6` (levitating the Rock on `c6`). The [`State`] records everything a turn needs
//! (steps left, the levitation run, the Rocks moved this turn and in the previous one), and so
//! does its one-line position notation ([`boardgame_kit::Game::position`]):
//! `ROCKS TEAMS TO-MOVE TURN STEPS LEVITATION MOVED PREVIOUS`, e.g. the start with two players:
//! `e1,a5,e9,i5 s:d2,f2,e2;n:f8,d8,e8 s 1 1 - - -` (see `docs/splut.md`).
//!
//! Besides the uniform API, [`State::perft`] and [`State::random_playout`] are search kernels
//! that skip the generic action list and undo records.
//!
//! For learning programs, [`encoding`] implements [`boardgame_kit::Encoding`]: every step has
//! a fixed id in `0..4864` (by the square it leaves, its direction and its option), and the
//! observation is `4 P + 9` planes of 9 x 9 (pieces by seat from the observer's, Rocks, the
//! levitation bans and run, the diamond, whose turn, the steps left and the turn).
//!
//! ## Features
//! - `serde`: serde support for [`Action`], [`Params`] and [`State`] through their text forms.
//!
//! The crate is `no_std` (with `alloc`), forbids unsafe code, and never allocates while
//! generating, playing or undoing steps.
//!
//! ## Example
//! ```
//! use boardgame_kit::{perft, Actions, Game, Seat, ToAct};
//! use splut_core::{Params, State};
//!
//! let params: Params = "players=4".parse().unwrap();
//! let mut s = State::new(&params);
//! assert_eq!(perft(&mut s, 1), 3); // the first turn: one step of one of three pieces
//! s.play("f2-f3".parse().unwrap()); // red's Troll; west (yellow) then has two steps
//! assert_eq!(s.to_act(), ToAct::Seat(Seat::of(1)));
//! let mut list = Actions::<State>::new();
//! s.legal_actions(&mut list);
//! assert!(list.iter().any(|a| a.to_string() == "b6-c6"));
//! let err = s.try_play("b5-a5".parse().unwrap()).unwrap_err(); // the Dwarf pushing the Rock off
//! assert!(err.to_string().contains("cannot push"));
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
mod key;
mod movegen;
mod notation;
mod params;
mod state;
mod view;

pub use action::{Action, ActionKind};
pub use display::COLOURS;
pub use params::{Params, MAX_TURN_LIMIT};
pub use state::{Piece, State};

/// Seat names in clockwise (turn) order: south (red), west (yellow), north (green), east (blue).
pub const SEAT_NAMES: &[&str] = &["s", "w", "n", "e"];

boardgame_kit::game_crate_root! {
    /// This game's state, parameters and actions with the kit's most used names
    /// ([`kit::prelude`]): `use splut_core::prelude::*;`.
    prelude: [Action, Params, State]
}
