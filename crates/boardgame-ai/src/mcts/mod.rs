//! Monte Carlo tree search: UCT for any number of seats with a value per seat (max^n
//! backup), exact chance nodes, MCTS-Solver proofs, tree reuse, a memory cap and RAVE.
//!
//! The tree lives in an arena of nodes reserved up front (two arenas: the second one
//! receives the kept subtree when the root moves), so an iteration never allocates.
//!
//! One job per file: `config` the settings, `node` a node, `walker` what one searching
//! thread owns (its generator, scratch space and playouts), `tree` the tree (descent, backup,
//! proofs, the analysis of the root), `agent` the agent (its tree across turns, the search
//! of one choice), `threads` one tree searched by several threads, `root` several trees
//! (root parallelism) and `seed` the seeds of their threads.

mod agent;
mod config;
mod node;
#[cfg(feature = "std")]
mod root;
#[cfg(feature = "std")]
mod seed;
#[cfg(feature = "std")]
mod threads;
mod tree;
mod walker;

pub use agent::Mcts;
pub use config::MctsConfig;
#[cfg(feature = "std")]
pub use root::ParallelMcts;
