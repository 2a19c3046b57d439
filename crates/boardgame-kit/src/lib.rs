//! # boardgame-kit
//!
//! The shared kit of the workspace's board-game rules engines (Slime Trail, Splut!, Battle of
//! the Elements, Repello, Arandian checkers).
//!
//! - **Geometry**: square grids and cell names ([`Cell`], [`SquareGrid`], [`Dir4`], [`Dir8`]),
//!   bitboards up to 20x20 and beyond with shifts, dilation and flood fill ([`Bitboard`]), and
//!   hex coordinates ([`Hex`], [`HexDir`], [`HexBoard`]).
//! - **Seats and turn order**: [`Seat`], [`SeatSet`], [`TurnOrder`] (clockwise, skipping the
//!   eliminated, with per-turn budgets).
//! - **The uniform API**: the [`Game`] trait: one "who acts" answer ([`ToAct`]), legal actions
//!   in a heap-free [`Actions`] list, checked and unchecked play, undo, explicit chance outcomes
//!   with exact [`Prob`]abilities, and the [`Outcome`].
//! - **Parameters**: every game's parameter type is [`GameParams`]: `key=value` text with
//!   defaults, and a description of each key ([`ParamSpec`]: allowed [`ParamValues`], default,
//!   one-line help) for help screens and settings menus.
//! - **Notation and errors**: [`SyntaxError`] for text that cannot be read (at the first byte
//!   that cannot be what it should: [`CellNames`] reads the cell names of one board that way),
//!   [`PositionError`] for positions, [`ParamError`] for parameters, [`PlayError`] for illegal
//!   actions.
//! - **What learning programs need**: [`Encoding`], a fixed action space (every action an id
//!   in `0..N` that means the same in every position, chance outcomes likewise) and an
//!   observation tensor of a documented [`Shape`] written into the caller's buffer.
//! - **Any game behind one object**: [`DynGame`], the object-safe face of [`Game`] (actions
//!   as text and indices, opaque undo, downcasting), implemented for every game, and
//!   [`DynBoard`], the same for a game that draws itself (its board view and the cells its
//!   actions touch, by text or index).
//! - **Search hooks**: [`Game::evaluate`] (a game's heuristic, as [`SeatValues`]) and
//!   [`Game::playout_action`] (a game's playout policy), used by search agents.
//! - **Records**: [`Record`] replays a game exactly, with undo and redo.
//! - **Drivers**: [`perft()`], [`perft_divide`] (and [`try_perft`] for depths from users),
//!   [`playout`] with a caller-supplied [`RandomSource`]; they run each game's fastest kernel
//!   through the hooks [`Game::perft_kernel`] and [`Game::playout_kernel`].
//! - **Explaining a game**: the [`explain`] module, the rules in brief, the key of the board
//!   drawing and each action in words, for a person who has never seen the game.
//! - **Board views**: the [`view`] module, a serde-ready model of any board (geometry,
//!   cells, pieces) and of what an action touches, for generic renderers.
//! - **Fuzzing**: [`fuzzing::run`], the harness of every game's fuzz target.
//! - **Testing**: the [`conformance`] suite, the [`robustness`] check of unchecked play, and
//!   [`golden`] perft tables and playthroughs (feature `conformance`), proptest strategies
//!   ([`strategy`], feature `proptest`), and a tiny reference game ([`testing::Nim`]).
//!
//! ## Features
//! - `serde`: serde support for seats and records, and the macros [`impl_serde_text!`] and
//!   [`impl_serde_state!`] that game crates use (deserialising always validates).
//! - `conformance`: the conformance suite (uses `serde_json`).
//! - `proptest`: strategies producing reachable states.
//!
//! The crate is `no_std` (with `alloc`) and forbids unsafe code.
//!
//! ## Example
//! ```
//! use boardgame_kit::{perft, Actions, Game, ToAct, testing::Nim};
//! let mut game = Nim::new(&"stones=4".parse().unwrap());
//! let mut actions = Actions::<Nim>::new();
//! game.legal_actions(&mut actions);
//! assert_eq!(actions.len(), 2);
//! game.try_play(actions[1]).unwrap(); // take two
//! assert!(matches!(game.to_act(), ToAct::Seat(_)));
//! assert_eq!(perft(&mut game, 1), 2); // two stones left: take one or two
//! assert_eq!(perft(&mut game, 2), 1); // only 1 then 1 lasts two actions
//! assert!(game.try_play("3".parse().unwrap_or(actions[0])).is_ok());
//! ```
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

pub mod bitboard;
pub mod cell_names;
mod chance;
#[cfg(feature = "conformance")]
#[cfg_attr(docsrs, doc(cfg(feature = "conformance")))]
pub mod conformance;
pub mod drivers;
pub mod dyn_board;
pub mod dynamic;
pub mod encoding;
pub mod error;
pub mod eval;
pub mod explain;
pub mod fuzzing;
pub mod game;
#[cfg(feature = "conformance")]
#[cfg_attr(docsrs, doc(cfg(feature = "conformance")))]
pub mod golden;
pub mod grid;
pub mod hex;
mod outcome;
pub mod params;
mod perft_drivers;
pub mod record;
#[cfg(feature = "conformance")]
pub mod robustness;
pub mod seat;
mod serde_support;
#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategy;
pub mod testing;
pub mod view;

pub use bitboard::{BitIter, Bitboard, Bitboard7};
pub use cell_names::CellNames;
pub use drivers::{playout, random_action, Playout, RandomSource, SplitMix64};
pub use dyn_board::DynBoard;
pub use dynamic::{DynGame, DynPlayError, DynUndo, PlayoutStats, SequenceError, UndoError};
pub use encoding::{Encoding, Info, ObserveError, Shape};
pub use error::{ParamError, PlayError, PositionError, SyntaxError};
pub use eval::SeatValues;
pub use game::{Actions, ChanceOutcomes, Game, GameResult, Outcome, OutcomeDisplay, Prob, ToAct};
pub use grid::{Cell, Dir4, Dir8, SquareGrid};
pub use hex::{Hex, HexBoard, HexDir};
pub use params::{GameParams, ParamSpec, ParamValues};
pub use perft_drivers::{
    perft, perft_divide, perft_generic, try_perft, try_perft_divide, PerftError, MAX_PERFT_DEPTH,
};
pub use record::{Record, RecordError};
pub use seat::{Seat, SeatError, SeatName, SeatSet, TurnOrder, MAX_SEATS};
pub use smallvec;

/// The names most programs need, for `use boardgame_kit::prelude::*;` (each game crate's
/// `prelude` includes these).
///
/// ```
/// use boardgame_kit::prelude::*;
/// use boardgame_kit::testing::Nim;
/// let mut game = Nim::new(&Default::default());
/// assert_eq!(perft(&mut game, 1), 2);
/// assert!(matches!(game.to_act(), ToAct::Seat(_)));
/// ```
pub mod prelude {
    pub use crate::{
        perft, Actions, Encoding, Game, GameParams, GameResult, Outcome, PlayError, Seat, SeatSet,
        ToAct,
    };
}

#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde_support::private as __private;

// The README's example is a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The root of a game crate, written once for all: `kit` (this kit, re-exported so that the game
/// crate alone is enough and the versions stay in step: `kit::perft`, `kit::Game`...), `prelude`
/// (the game's own names with [`prelude`]'s; its doc comments are given before `prelude:`), and
/// the crate's `README.md` example run as a doctest.
///
/// ```ignore
/// boardgame_kit::game_crate_root! {
///     /// This game's state, parameters and actions with the kit's most used names.
///     prelude: [Params, State, Step]
/// }
/// ```
#[macro_export]
macro_rules! game_crate_root {
    ($(#[$doc:meta])* prelude: [$($name:ident),+ $(,)?]) => {
        /// The shared kit, re-exported so that this crate alone is enough and the versions stay
        /// in step (`kit::perft`, `kit::Game`...).
        pub use $crate as kit;

        $(#[$doc])*
        pub mod prelude {
            pub use super::{$($name),+};
            pub use $crate::prelude::*;
        }

        // The README's example is a doctest.
        #[cfg(doctest)]
        #[doc = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))]
        struct ReadmeDoctests;
    };
}
