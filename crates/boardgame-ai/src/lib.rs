//! # boardgame-ai
//!
//! Players for every [`boardgame_kit::Game`]: one object-safe [`Agent`] interface (choose an
//! action, be told the actions played, restart, show an [`Analysis`]) with a [`Budget`], and
//! the agents
//!
//! - `random` ([`RandomAgent`]): uniform among the legal actions, seeded;
//! - `mcts` ([`Mcts`]): UCT for any number of seats with a value per seat (max^n backup),
//!   exact chance nodes (outcomes drawn by their probabilities, chance values the
//!   probability-weighted mean of their children), MCTS-Solver proofs, tree reuse across turns,
//!   a memory cap, RAVE where the game asks for it ([`Game::rave_equivalence`]: Elements), and
//!   the game's playout policy ([`Game::playout_action`]) with a cutoff
//!   scored by the game's evaluation ([`Game::evaluate`]): the game's own cutoff where it sets
//!   one ([`Game::playout_cutoff`]: Arandia, Elements), else 200 actions for games that may
//!   last longer ([`Mcts::playout_cutoff`]), so the bare SPEC `mcts` (10,000 iterations) takes
//!   about a second or less per choice on every game.
//!
//! - `alphabeta` ([`AlphaBeta`]): iterative deepening with a transposition table (keyed by
//!   [`Game::position_key`]) and move ordering (table move, killers, history); minimax for two
//!   seats; for three to six paranoid (default), best-reply search or max^n ([`MultiSeat`]);
//!   expectimax with Star1/Star2 pruning at chance nodes ([`ChancePruning`]); the game's
//!   evaluation ([`Game::evaluate`]) at the horizon.
//! - `solver` ([`SolverAgent`], feature `slimetrail`, Slime Trail only): perfect play from the
//!   exact solver.
//!
//! Agents are made from SPECs with [`from_spec`]: `NAME` or `NAME:key=value,...`, e.g.
//! `mcts:iterations=5000,c=0.8`. Every agent accepts `seed=N`; the keys of each agent are
//! listed in [`from_spec`].
//!
//! Agents choose only for a seat: at a chance node or a finished game they return
//! [`AgentError`]. With the same seed, the same calls and a budget that does not read the clock,
//! choices are the same on every run and target.
//!
//! ## Features
//! - `std` (default): wall-clock budgets (`time=` in SPECs) and MCTS on several threads
//!   (`mcts:threads=N`): root-parallel ([`ParallelMcts`]) or one shared tree with virtual loss
//!   (`parallel=tree`, [`Mcts::with_threads`]).
//! - `slimetrail`: the `solver` agent for Slime Trail.
//!
//! The crate is `no_std` (with `alloc`) without `std`, and forbids unsafe code.
//!
//! ## Example
//! ```
//! use boardgame_ai::{from_spec, Agent};
//! use boardgame_kit::{testing::Nim, Game};
//! let game = Nim::new(&"stones=7".parse().unwrap());
//! let mut agent = from_spec::<Nim>("mcts:iterations=3000", 42).unwrap();
//! // Seven stones: take one, leaving a multiple of three.
//! let action = agent.choose(&game).unwrap();
//! assert_eq!(action.to_string(), "1");
//! // What the search found, for a front end to show: values, line, visits per action.
//! let analysis = agent.analysis().unwrap();
//! assert_eq!(analysis.best(), Some(action));
//! assert!(from_spec::<Nim>("mcts:iterationz=5", 42).unwrap_err().to_string().contains("iterationz"));
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

mod agent;
mod alphabeta;
mod analysis;
pub mod budget;
mod math;
mod mcts;
mod random;
mod shared;
#[cfg(feature = "slimetrail")]
mod solver;
mod spec;

pub use agent::{Agent, AgentError};
pub use alphabeta::{AlphaBeta, AlphaBetaConfig, ChancePruning, MultiSeat};
pub use analysis::{ActionStat, Analysis};
pub use budget::Budget;
#[cfg(feature = "std")]
pub use mcts::ParallelMcts;
pub use mcts::{Mcts, MctsConfig};
pub use random::RandomAgent;
pub use shared::SharedWin;
#[cfg(feature = "slimetrail")]
pub use solver::SolverAgent;
pub use spec::{SpecError, MAX_SPEC_LEN};

use alloc::boxed::Box;
use alloc::string::ToString;
use boardgame_kit::Game;
use spec::Spec;

/// The agents [`from_spec`] knows, as listed in its errors.
const AGENTS: &str = "random, mcts, alphabeta, solver (Slime Trail)";

/// The keys of `mcts`.
const MCTS_KEYS: &[&str] = &[
    "iterations",
    "time",
    "c",
    "max_nodes",
    "cutoff",
    "solver",
    "reuse",
    "rave",
    "shared",
    "threads",
    "parallel",
    "seed",
];

/// Makes an agent from a SPEC: `NAME` or `NAME:key=value,key=value`.
///
/// | agent | keys |
/// | --- | --- |
/// | `random` | `seed` |
/// | `alphabeta` | `nodes` (default 200000), `time`, `depth` (deepest iteration in player decisions, default 64, at most [`AlphaBetaConfig::MAX_DEPTH`] = 1000), `tt` (log2 of the transposition-table entries, default 20; 0: no table, else 4 to [`AlphaBetaConfig::MAX_TT_BITS`] = 28, taken fallibly at the first choice), `star` (pruning at chance nodes: `0` expectimax, `1` Star1, `2` Star2, default 1), `multi` (three to six seats: `paranoid`, `brs` best-reply search or `maxn`; default paranoid), `shared` (`win` or `split`, as for `mcts`), `seed` (accepted; the search is deterministic) |
/// | `solver` | `tt` (log2 of the transposition-table entries, default 22, 4 to 28, taken fallibly when the agent is made); Slime Trail with feature `slimetrail` only |
/// | `mcts` | `iterations` (default 10000), `time` (e.g. `500ms`, `2s`; with `std`), `c` (exploration, default 1.0), `max_nodes` (tree memory cap in nodes, default 1048576, at most [`MctsConfig::MAX_NODES`] = 2^26; the arena grows as the search needs it), `cutoff` (playout length before the game's evaluation scores it; default: the game's [`Game::playout_cutoff`] if it sets one, else [`Mcts::DEFAULT_CUTOFF`] = 200 when [`Game::max_game_length`] is larger or unknown, else to the end), `solver` (`on`/`off`, default on), `reuse` (`on`/`off`, default on), `rave` (RAVE equivalence in visits, 0 = off; default: the game's [`Game::rave_equivalence`], off where it sets none), `shared` (a win shared by several seats: `win` worth a win, the default, or `split`, see [`SharedWin`]), `threads` (threads searching, default 1, at most 64; above 1 needs `std`), `parallel` (how several threads search: `root`, the default, one tree each with the iterations shared out, see [`ParallelMcts`]; or `tree`, one tree shared with virtual loss, see [`Mcts::with_threads`]), `seed` |
///
/// Counts accept `_` separators and `k`/`m` suffixes (`5k`); `seed=N` overrides the `seed`
/// argument. A SPEC longer than [`MAX_SPEC_LEN`] bytes is refused before it is read
/// ([`SpecError::TooLong`]); error messages quote at most a short excerpt of it. Memory the
/// settings ask for and the system refuses is an error ([`SpecError::OutOfMemory`] when the
/// agent is made, [`AgentError::OutOfMemory`] at a choice), never an abort.
///
/// ```
/// use boardgame_ai::{from_spec, SpecError};
/// use boardgame_kit::testing::Nim;
/// assert_eq!(from_spec::<Nim>("mcts:iterations=5000", 1).unwrap().budget().iteration_limit(), Some(5000));
/// assert!(matches!(from_spec::<Nim>("mcts:c=-1", 1), Err(SpecError::BadValue { .. })));
/// assert!(matches!(from_spec::<Nim>("gnugo", 1), Err(SpecError::UnknownAgent { .. })));
/// ```
pub fn from_spec<G: Game>(spec: &str, seed: u64) -> Result<Box<dyn Agent<G>>, SpecError> {
    if spec.len() > MAX_SPEC_LEN {
        return Err(SpecError::TooLong { len: spec.len() });
    }
    let (name, options) = Spec::split(spec);
    match name {
        "" => Err(SpecError::Empty { known: AGENTS }),
        "random" => {
            let s = Spec::parse("random", options, &["seed"], "seed")?;
            let seed = s.count_or_zero("seed")?.unwrap_or(seed);
            Ok(Box::new(RandomAgent::<G>::new(seed)))
        }
        "mcts" => {
            let s = Spec::parse(
                "mcts",
                options,
                MCTS_KEYS,
                "iterations, time, c, max_nodes, cutoff, solver, reuse, rave, shared, threads, parallel, seed",
            )?;
            let mut config = MctsConfig::default();
            if let Some(c) = s.real("c")? {
                config.exploration = c;
            }
            if let Some(n) = s.count("max_nodes")? {
                config.max_nodes = u32::try_from(n)
                    .ok()
                    .filter(|&n| n <= MctsConfig::MAX_NODES)
                    .ok_or_else(|| {
                        s.bad("max_nodes", n, "a node count from 1 to 2^26 = 67108864")
                    })?;
            }
            if let Some(n) = s.count("cutoff")? {
                config.cutoff = Some(u32::try_from(n).unwrap_or(u32::MAX));
            }
            if let Some(b) = s.switch("solver")? {
                config.solver = b;
            }
            if let Some(b) = s.switch("reuse")? {
                config.reuse = b;
            }
            if let Some(n) = s.count_or_zero("rave")? {
                config.rave = Some(u32::try_from(n).unwrap_or(u32::MAX));
            }
            config.shared = shared_of(&s)?;
            let budget = budget_of(&s, "iterations")?;
            let seed = s.count_or_zero("seed")?.unwrap_or(seed);
            let threads = s.count("threads")?.unwrap_or(1);
            let tree = s.word("parallel", &["root", "tree"], "root or tree")? == Some(1);
            if threads > 1 {
                return parallel_mcts::<G>(config, budget, seed, threads, tree);
            }
            Ok(Box::new(Mcts::<G>::new(config, budget, seed)))
        }
        "alphabeta" => {
            let s = Spec::parse(
                "alphabeta",
                options,
                &[
                    "nodes", "time", "depth", "tt", "star", "multi", "shared", "seed",
                ],
                "nodes, time, depth, tt, star, multi, shared, seed",
            )?;
            let mut config = AlphaBetaConfig::default();
            const STARS: [ChancePruning; 3] = [
                ChancePruning::Expectimax,
                ChancePruning::Star1,
                ChancePruning::Star2,
            ];
            if let Some(i) = s.word("star", &["0", "1", "2"], "0, 1 or 2")? {
                config.chance = STARS[i];
            }
            const MULTI: [MultiSeat; 3] =
                [MultiSeat::Paranoid, MultiSeat::BestReply, MultiSeat::MaxN];
            let names = MULTI.map(MultiSeat::name);
            if let Some(i) = s.word("multi", &names, "paranoid, brs or maxn")? {
                config.multi = MULTI[i];
            }
            if let Some(d) = s.count("depth")? {
                config.max_depth = u32::try_from(d)
                    .ok()
                    .filter(|&d| d <= AlphaBetaConfig::MAX_DEPTH)
                    .ok_or_else(|| s.bad("depth", d, "a depth from 1 to 1000"))?;
            }
            config.tt_bits = table_bits(&s, "alphabeta", 20, true)?;
            config.shared = shared_of(&s)?;
            let _ = s.count_or_zero("seed")?;
            Ok(Box::new(AlphaBeta::<G>::new(
                config,
                budget_of(&s, "nodes")?,
            )))
        }
        "solver" => solver_from_spec::<G>(options),
        _ => Err(SpecError::UnknownAgent {
            name: name.to_string(),
            known: AGENTS,
        }),
    }
}

/// The SPEC key `shared` (`win` or `split`; default `win`).
fn shared_of(s: &Spec<'_>) -> Result<SharedWin, SpecError> {
    const SHARED: [SharedWin; 2] = [SharedWin::Full, SharedWin::Split];
    let names = SHARED.map(SharedWin::name);
    Ok(s.word("shared", &names, "win or split")?
        .map_or(SharedWin::Full, |i| SHARED[i]))
}

/// `mcts:threads=N` with `N` above 1: root-parallel MCTS, or with `tree` one tree searched
/// by `N` threads; with the `std` feature only.
fn parallel_mcts<G: Game>(
    config: MctsConfig,
    budget: Budget,
    seed: u64,
    threads: u64,
    tree: bool,
) -> Result<Box<dyn Agent<G>>, SpecError> {
    #[cfg(feature = "std")]
    if threads <= ParallelMcts::<G>::MAX_THREADS as u64 {
        let threads = threads as usize;
        if tree {
            return Ok(Box::new(
                Mcts::<G>::new(config, budget, seed).with_threads(threads),
            ));
        }
        return Ok(Box::new(ParallelMcts::<G>::new(
            config, budget, seed, threads,
        )));
    }
    let _ = (config, budget, seed, tree);
    Err(SpecError::BadValue {
        agent: "mcts",
        key: "threads".to_string(),
        value: threads.to_string(),
        expected: "1 to 64 threads (more than 1 needs the `std` feature)",
    })
}

/// The budget keys of a SPEC: `count_key` (`iterations` or `nodes`) and `time`.
fn budget_of(s: &Spec<'_>, count_key: &str) -> Result<Budget, SpecError> {
    let mut budget = Budget::UNLIMITED;
    if let Some(n) = s.count(count_key)? {
        budget = if count_key == "nodes" {
            budget.with_nodes(n)
        } else {
            budget.with_iterations(n)
        };
    }
    if let Some(ms) = s.millis("time")? {
        budget = budget.with_millis(ms);
    }
    Ok(budget)
}

/// The `solver` agent, for Slime Trail only.
fn solver_from_spec<G: Game>(options: &str) -> Result<Box<dyn Agent<G>>, SpecError> {
    #[cfg(feature = "slimetrail")]
    {
        let s = Spec::parse("solver", options, &["tt", "seed"], "tt, seed")?;
        let bits = table_bits(&s, "solver", 22, false)?;
        let agent: Box<dyn Agent<slimetrail_core::State>> = Box::new(
            SolverAgent::try_new(bits).map_err(|e| SpecError::OutOfMemory {
                agent: "solver",
                why: e.to_string(),
            })?,
        );
        // The agent exists for one game only: hand it out when `G` is that game.
        let any: Box<dyn core::any::Any> = Box::new(agent);
        if let Ok(agent) = any.downcast::<Box<dyn Agent<G>>>() {
            return Ok(*agent);
        }
    }
    let _ = options;
    Err(SpecError::NotForGame {
        agent: "solver",
        game: G::NAME,
    })
}

/// The `tt` key: log2 of a table's entries, 4 to 28 (0: no table, where `allow_none`).
fn table_bits(
    s: &Spec<'_>,
    agent: &'static str,
    default: u32,
    allow_none: bool,
) -> Result<u32, SpecError> {
    match s.count_or_zero("tt")? {
        None => Ok(default),
        Some(0) if allow_none => Ok(0),
        Some(b @ 4..=28) => Ok(b as u32),
        Some(b) => Err(SpecError::BadValue {
            agent,
            key: "tt".to_string(),
            value: b.to_string(),
            expected: "log2 of the table size, 4 to 28 (alphabeta: 0 for none)",
        }),
    }
}
