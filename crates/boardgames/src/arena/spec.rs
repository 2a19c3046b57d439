//! [`MatchSpec`]: everything the games of a match depend on.

use super::error::ArenaError;
use crate::registry::GameEntry;
use boardgame_kit::DynGame;
use std::fmt;

/// Everything the games of a match depend on: the game, its parameters, the start position,
/// the agents' SPECs (in the order given), the match seed and the cap on the actions of one
/// game. Made once and checked ([`MatchSpec::new`]); [`super::play_game`] plays any game of it.
///
/// The spec is `Sync`: threads share one spec and each plays its own games.
///
/// ```
/// use boardgames::arena::MatchSpec;
/// let entry = boardgames::find("repello").unwrap();
/// let spec = MatchSpec::new(entry, "players=3", None, &["mcts:iterations=50", "random"])
///     .unwrap()
///     .with_seed(7)
///     .with_max_actions(500);
/// assert_eq!(spec.agents(), ["mcts:iterations=50", "random"]);
/// assert_eq!((spec.seed(), spec.max_actions(), spec.seats()), (7, 500, 3));
/// // Game 1 gives seat 0 agent 1, seat 1 agent 0, seat 2 agent 1.
/// assert_eq!(spec.seating(1), [1, 0, 1]);
/// ```
pub struct MatchSpec {
    entry: &'static GameEntry,
    params: String,
    position: Option<String>,
    agents: Vec<String>,
    seed: u64,
    max_actions: u64,
    start: Box<dyn DynGame>,
}

impl MatchSpec {
    /// The cap on the actions of one game when none is set: the command's documented default
    /// before [`super::defaults`] chose one per game.
    pub const DEFAULT_MAX_ACTIONS: u64 = 2_000;

    /// A match of `entry` with parameters (text, `""` for the defaults), from `position` (the
    /// start when `None`), between `agents` (SPECs such as `mcts:iterations=1000`), with seed
    /// 0 and a cap of [`MatchSpec::DEFAULT_MAX_ACTIONS`] actions. The parameters, the position
    /// and every SPEC are checked here, in that order.
    pub fn new<S: AsRef<str>>(
        entry: &'static GameEntry,
        params: &str,
        position: Option<&str>,
        agents: &[S],
    ) -> Result<MatchSpec, ArenaError> {
        let start = entry.start(params, position)?;
        if agents.is_empty() {
            return Err(ArenaError::NoAgents);
        }
        let agents: Vec<String> = agents.iter().map(|a| a.as_ref().to_string()).collect();
        for spec in &agents {
            entry.agent(spec, 0)?;
        }
        Ok(MatchSpec {
            entry,
            params: params.to_string(),
            position: position.map(str::to_string),
            agents,
            seed: 0,
            max_actions: Self::DEFAULT_MAX_ACTIONS,
            start,
        })
    }

    /// The same match with another seed.
    #[must_use]
    pub fn with_seed(self, seed: u64) -> MatchSpec {
        MatchSpec { seed, ..self }
    }

    /// The same match with another cap on the actions of one game: a game still running after
    /// `max_actions` actions is stopped and recorded as unfinished.
    #[must_use]
    pub fn with_max_actions(self, max_actions: u64) -> MatchSpec {
        MatchSpec {
            max_actions,
            ..self
        }
    }

    /// The same game, position, seed and cap between other agents (checked like
    /// [`MatchSpec::new`]'s).
    pub fn with_agents<S: AsRef<str>>(&self, agents: &[S]) -> Result<MatchSpec, ArenaError> {
        Ok(
            MatchSpec::new(self.entry, &self.params, self.position.as_deref(), agents)?
                .with_seed(self.seed)
                .with_max_actions(self.max_actions),
        )
    }

    /// The game.
    #[must_use]
    pub fn entry(&self) -> &'static GameEntry {
        self.entry
    }

    /// The parameters as given.
    #[must_use]
    pub fn params(&self) -> &str {
        &self.params
    }

    /// The start position as given (`None`: the game's start).
    #[must_use]
    pub fn position(&self) -> Option<&str> {
        self.position.as_deref()
    }

    /// The agents' SPECs, in the order given.
    #[must_use]
    pub fn agents(&self) -> &[String] {
        &self.agents
    }

    /// The match seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The cap on the actions of one game.
    #[must_use]
    pub fn max_actions(&self) -> u64 {
        self.max_actions
    }

    /// The number of seats in play.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.start.seats().len()
    }

    /// The position every game starts from.
    #[must_use]
    pub fn start(&self) -> &dyn DynGame {
        self.start.as_ref()
    }

    /// The agent of each seat in play (in seat order) in game `game`: seat `i` gets agent
    /// `(i + game) mod k` for `k` agents.
    #[must_use]
    pub fn seating(&self, game: u64) -> Vec<usize> {
        let k = self.agents.len() as u64;
        (0..self.seats() as u64)
            .map(|i| ((i + game % k) % k) as usize)
            .collect()
    }
}

impl Clone for MatchSpec {
    fn clone(&self) -> Self {
        MatchSpec {
            entry: self.entry,
            params: self.params.clone(),
            position: self.position.clone(),
            agents: self.agents.clone(),
            seed: self.seed,
            max_actions: self.max_actions,
            start: self.start.clone_box(),
        }
    }
}

impl fmt::Debug for MatchSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MatchSpec")
            .field("game", &self.entry.name())
            .field("params", &self.params)
            .field("position", &self.position)
            .field("agents", &self.agents)
            .field("seed", &self.seed)
            .field("max_actions", &self.max_actions)
            .finish()
    }
}
