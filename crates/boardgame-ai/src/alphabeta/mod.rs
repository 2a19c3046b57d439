//! Alpha-beta search with iterative deepening, a transposition table and move ordering.
//!
//! Values are those of the seat to act at the root. With two seats the search is minimax;
//! with three to six seats [`MultiSeat`] picks the model of the other seats:
//!
//! - **paranoid** (the default): every other seat minimises the root seat's value, which keeps
//!   alpha-beta's pruning;
//! - **best-reply search** (BRS+): between two turns of the root seat, only one of the other
//!   seats searches all its actions (the best reply) while the others play the action that
//!   looks best for them one ply ahead (by [`Game::evaluate`]); that forced action costs no
//!   depth, so the root seat looks further ahead than with paranoid at equal depth;
//! - **max^n**: every seat maximises its own component of a value vector (see the `maxn`
//!   module), with immediate pruning (a seat that finds the fastest possible win stops).
//!
//! Chance nodes take the probability-weighted mean of their outcomes (expectimax) with
//! Ballard's Star1 and Star2 pruning ([`ChancePruning`]): Star1 bounds the outcomes still to
//! search by the extreme values, so a chance node is cut as soon as its mean cannot enter the
//! window, and searches each outcome with the narrowest window that can still matter; Star2
//! first *probes* every outcome by searching one action of the position it leads to (a lower
//! bound where the root seat acts next, an upper bound where an opponent does), cuts if those
//! bounds already decide the node, and otherwise hands the tighter bounds to Star1. Positions
//! beyond the depth limit are scored with [`Game::evaluate`].
//!
//! One job per file: `config` the settings, `agent` the agent and its iterative deepening,
//! `search` the search of seat nodes (minimax, paranoid, best-reply), `chance` chance nodes
//! (expectimax, Star1, Star2), `maxn` max^n, `table` the transposition table and `order` move
//! ordering (killers, history).

mod agent;
mod chance;
mod config;
mod maxn;
mod order;
mod search;
mod table;

pub use agent::AlphaBeta;
pub use config::{AlphaBetaConfig, ChancePruning, MultiSeat};

/// A search score, from the root seat's point of view: evaluations lie in `-1..=1`, finished
/// games at about ±[`WIN`] (sooner wins score higher), draws at 0.
pub(super) type Score = f32;
/// The value of a won game (less a little per ply, so that sooner wins are preferred).
pub(super) const WIN: Score = 2.0;
/// Scores beyond this are finished games.
pub(super) const PROVEN: Score = 1.5;
/// How often (in nodes) the clock and node budget are checked.
pub(super) const CHECK_EVERY: u64 = 1024;
/// Root values closer than this are equal (sums of probabilities times values are rounded
/// differently by differently pruned searches).
pub(super) const TIE: Score = 1e-4;

/// The score of a finished game for a seat with these returns, reached at `ply`.
pub(super) fn finished(returns: f64, ply: u32) -> Score {
    returns as Score * (WIN - ply as Score * 0.001)
}

/// A score as a value in `-1..=1` for the analysis.
pub(super) fn to_value(score: Score) -> f32 {
    score.clamp(-1.0, 1.0)
}
