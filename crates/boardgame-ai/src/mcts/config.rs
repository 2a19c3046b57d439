//! The settings of an MCTS agent.

use crate::SharedWin;
#[cfg(doc)]
use {super::Mcts, boardgame_kit::Game};

/// The settings of [`Mcts`] (the SPEC keys of `mcts`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// UCT exploration constant `c` for values in `-1..=1` (SPEC key `c`, default 1.0).
    pub exploration: f32,
    /// The most tree nodes kept (SPEC key `max_nodes`, default 2^20, at most
    /// [`MctsConfig::MAX_NODES`] in a SPEC): once the arena is full, leaves are no longer
    /// expanded but playouts go on. The arena grows as the search needs it (doubling, taken
    /// fallibly: memory the system refuses also counts as full), so this is a cap, not a
    /// reservation; a node takes 64 bytes or so, and the kept subtree is copied into a second
    /// arena when the root moves.
    pub max_nodes: u32,
    /// Playouts stop after this many actions and score the position with
    /// [`Game::evaluate`] (SPEC key `cutoff`). `None` (the default) applies the game's own
    /// [`Game::playout_cutoff`] where it sets one (Arandia, Elements), else
    /// [`Mcts::DEFAULT_CUTOFF`] to games that may last longer than that
    /// ([`Game::max_game_length`] above it or unknown, e.g. Arandia, Splut! and Repello
    /// without a turn limit) and plays shorter games to the end.
    pub cutoff: Option<u32>,
    /// Prove wins and losses (MCTS-Solver) where a subtree is fully known (SPEC key
    /// `solver`, default on).
    pub solver: bool,
    /// Keep the subtree of the actions played between choices (SPEC key `reuse`, default on).
    pub reuse: bool,
    /// RAVE, "all moves as first" (SPEC key `rave`): a child's mean is blended with the mean
    /// of every simulation in which the same seat played the same action later on, the two
    /// weighing alike after about this many visits of the child (`Some(0)` turns it off).
    /// `None` (the default) takes the game's own [`Game::rave_equivalence`], off for games
    /// that set none.
    pub rave: Option<u32>,
    /// The value of a win shared by several seats (SPEC key `shared`, default
    /// [`SharedWin::Full`]: worth a win).
    pub shared: SharedWin,
}

impl MctsConfig {
    /// The largest `max_nodes` a SPEC accepts: 2^26 nodes (about 4 GiB per arena).
    pub const MAX_NODES: u32 = 1 << 26;
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 1.0,
            max_nodes: 1 << 20,
            cutoff: None,
            solver: true,
            reuse: true,
            rave: None,
            shared: SharedWin::Full,
        }
    }
}
