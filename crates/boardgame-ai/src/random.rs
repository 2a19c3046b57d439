//! The uniform random agent.

use crate::agent::{last_analysis_and_budget, legal_for_seat, Agent, AgentError};
use crate::analysis::{ActionStat, Analysis};
use alloc::vec::Vec;
use boardgame_kit::{Actions, Game, RandomSource, SplitMix64};

/// Chooses uniformly among the legal actions with a seeded generator.
///
/// ```
/// use boardgame_ai::{Agent, RandomAgent};
/// use boardgame_kit::{testing::Nim, Game};
/// let game = Nim::new(&Default::default());
/// let mut a = RandomAgent::new(7);
/// let mut b = RandomAgent::new(7);
/// assert_eq!(a.choose(&game), b.choose(&game));
/// ```
#[derive(Clone, Debug)]
pub struct RandomAgent<G: Game> {
    seed: u64,
    rng: SplitMix64,
    last: Option<Analysis<G::Action>>,
}

impl<G: Game> RandomAgent<G> {
    /// A random agent with this seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            seed,
            rng: SplitMix64::new(seed),
            last: None,
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, AgentError> {
        let mut legal = Actions::<G>::new();
        let seat = legal_for_seat(state, &mut legal)?;
        let action = legal[self.rng.below(legal.len() as u64) as usize];
        let stats: Vec<_> = legal
            .iter()
            .map(|&a| ActionStat::new(a, 0, 0.0, false))
            .collect();
        self.last = Some(Analysis::single(seat, action, stats));
        Ok(action)
    }

    fn restart(&mut self) {
        self.rng = SplitMix64::new(self.seed);
        self.last = None;
    }

    last_analysis_and_budget!(G, unlimited);
}
