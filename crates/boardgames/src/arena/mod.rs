//! Matches and tournaments between agents, for every front end: the `boardgame match` and
//! `boardgame tournament` commands, the Python package, the browser build and a cluster layer
//! that fans single games out as tasks all play games through this module.
//!
//! A [`MatchSpec`] is everything a game depends on: the game, its parameters and start
//! position, the agents' SPECs, the match seed and the cap on actions. [`play_game`] plays game
//! number `g` of it (0-based) on its own: seat `i` (in the game's seat order) gets agent
//! `(i + g) mod k`, every agent is seeded from the match seed, `g` and its seat, the dice from
//! the match seed and `g`. So a game's [`GameRecord`] is a function of the spec and `g` alone,
//! whatever thread, process or machine plays it, and in whatever order: a [`Tally`] adds up
//! records in any order and tallies merge ([`Tally::merge`]) to the same totals. [`run`] plays
//! games `0..n` on threads and hands the records over in game order.
//!
//! One exception: an agent with a wall-clock budget (`mcts:time=20ms`) searches as far as the
//! machine lets it, so its choices depend on the machine, its load and the number of games
//! played at once. Iteration and node budgets do not.
//!
//! [`defaults`] gives each game's default cap and (Arandia) turn limit, chosen so that a match
//! with the defaults counts its games; [`tournament`] plays a round robin and [`ratings`] fits
//! Elo ratings to its results.
//!
//! ```
//! use boardgames::arena::{self, MatchSpec, Tally};
//! let entry = boardgames::find("slimetrail").unwrap();
//! let spec = MatchSpec::new(entry, "size=5", None, &["mcts:iterations=100", "random"])
//!     .unwrap()
//!     .with_seed(2);
//! // One game, anywhere: the same record every time.
//! let third = arena::play_game(&spec, 2).unwrap();
//! assert_eq!(arena::play_game(&spec, 2).unwrap(), third);
//! // Four games on two threads, in game order.
//! let mut lines = Vec::new();
//! let tally = arena::run(&spec, 4, 2, &mut |record| {
//!     lines.push(record.to_string());
//!     Ok::<(), arena::ArenaError>(())
//! })
//! .unwrap();
//! assert_eq!(lines[2], third.to_string());
//! assert!(lines[0].starts_with("game 1: 1=mcts:iterations=100 2=random: over: "));
//! assert_eq!(tally.games(), 4);
//! assert_eq!(tally.agent(0).seats() + tally.agent(1).seats(), 8);
//! ```

pub mod defaults;
mod error;
mod interval;
mod play;
pub mod ratings;
mod record;
mod run;
pub mod selfplay;
mod spec;
mod tally;
pub mod tournament;

pub use error::ArenaError;
pub use interval::wilson_interval;
pub use play::{agent_seed, dice_seed, play_game, play_game_watched, Decision};
pub use record::{GameEnd, GameRecord, RecordReadError};
pub use run::{run, run_indexed};
pub use spec::MatchSpec;
pub use tally::{AgentTally, Tally};
