//! The agent interface every player implements.

use crate::analysis::Analysis;
use crate::budget::Budget;
use boardgame_kit::{Actions, Game, Seat, ToAct};

/// Why an agent could not choose an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AgentError {
    /// The position is a chance node: chance outcomes are drawn by the caller (or the game
    /// runner), not chosen by an agent.
    #[error("the position is a chance node: no player is to act")]
    ChanceNode,
    /// The game is over.
    #[error("the game is over: no player is to act")]
    GameOver,
    /// A player is to act but the game lists no legal action (a broken game implementation).
    #[error("the seat to act has no legal action")]
    NoLegalAction,
    /// The memory the agent's settings ask for (a node arena, a transposition table) was
    /// refused by the system; the agent is left as it was and may be used with other settings.
    #[error("out of memory: the agent's settings ask for {bytes} bytes the system refused")]
    OutOfMemory {
        /// The bytes asked for.
        bytes: u64,
    },
}

/// A player: chooses an action for the seat to act, is told every action played (by any seat,
/// and chance outcomes) so that it can keep its search tree, and can start over.
///
/// The trait is object-safe: front ends hold a `Box<dyn Agent<G>>` made by
/// [`from_spec`](crate::from_spec).
///
/// ```
/// use boardgame_ai::{from_spec, Agent};
/// use boardgame_kit::{testing::Nim, Game};
/// let mut game = Nim::new(&Default::default());
/// let mut agents = [from_spec::<Nim>("mcts:iterations=200", 1).unwrap(),
///                   from_spec::<Nim>("random", 2).unwrap()];
/// while let Some(seat) = game.to_act().seat() {
///     let action = agents[seat.index()].choose(&game).unwrap();
///     for agent in agents.iter_mut() {
///         agent.inform(&game, action);
///     }
///     game.play(action);
/// }
/// assert!(game.outcome().is_some());
/// ```
pub trait Agent<G: Game>: Send {
    /// The agent's name as in SPECs (`random`, `mcts`, `alphabeta`, `solver`).
    fn name(&self) -> &'static str;

    /// Chooses an action for the seat to act in `state` within the agent's budget.
    ///
    /// Errors (and leaves the agent unchanged) when no player is to act: at a chance node
    /// ([`AgentError::ChanceNode`]) or once the game is over ([`AgentError::GameOver`]).
    /// With the same seed, the same history of calls and a budget that does not depend on
    /// the clock, the choice is the same on every run.
    fn choose(&mut self, state: &G) -> Result<G::Action, AgentError>;

    /// Tells the agent that `action` was played in `state` (the position before the action),
    /// by any seat or by chance. Agents that keep a search tree move its root; others ignore
    /// it. Telling an agent about a position it did not expect simply drops its tree.
    fn inform(&mut self, state: &G, action: G::Action) {
        let _ = (state, action);
    }

    /// Forgets everything learnt about the current game (the search tree, the last analysis)
    /// and reseeds the generator with the agent's seed.
    fn restart(&mut self);

    /// What the last [`Agent::choose`] found: values per seat, the principal line, and
    /// visits or scores per action (`None` before the first choice or after a restart).
    fn analysis(&self) -> Option<&Analysis<G::Action>>;

    /// The budget of each choice.
    fn budget(&self) -> Budget;

    /// Sets the budget of the following choices.
    fn set_budget(&mut self, budget: Budget);
}

/// The [`Agent`] methods every agent writes the same way, inside its `impl Agent<G>` (`G` the
/// game type given): `analysis` from its `last: Option<Analysis<G::Action>>` field, and either
/// `budget` and `set_budget` over its `budget: Budget` field (`searching`), or an unlimited
/// budget that setting does not change (`unlimited`: agents that do not search, or always
/// search to the end).
macro_rules! last_analysis_and_budget {
    ($g:ty, searching) => {
        $crate::agent::last_analysis_and_budget!($g, analysis);

        fn budget(&self) -> $crate::budget::Budget {
            self.budget
        }

        fn set_budget(&mut self, budget: $crate::budget::Budget) {
            self.budget = budget;
        }
    };
    ($g:ty, unlimited) => {
        $crate::agent::last_analysis_and_budget!($g, analysis);

        fn budget(&self) -> $crate::budget::Budget {
            $crate::budget::Budget::UNLIMITED
        }

        fn set_budget(&mut self, budget: $crate::budget::Budget) {
            let _ = budget;
        }
    };
    ($g:ty, analysis) => {
        fn analysis(
            &self,
        ) -> Option<&$crate::analysis::Analysis<<$g as ::boardgame_kit::Game>::Action>> {
            self.last.as_ref()
        }
    };
}
pub(crate) use last_analysis_and_budget;

/// The seat to act, or the typed error an agent returns when no player is to act.
pub(crate) fn seat_to_act<G: Game>(state: &G) -> Result<Seat, AgentError> {
    match state.to_act() {
        ToAct::Seat(s) => Ok(s),
        ToAct::Chance => Err(AgentError::ChanceNode),
        _ => Err(AgentError::GameOver),
    }
}

/// The legal actions of the seat to act, never empty.
pub(crate) fn legal_for_seat<G: Game>(state: &G, out: &mut Actions<G>) -> Result<Seat, AgentError> {
    let seat = seat_to_act(state)?;
    state.legal_actions(out);
    if out.is_empty() {
        return Err(AgentError::NoLegalAction);
    }
    Ok(seat)
}

impl<G: Game> core::fmt::Debug for dyn Agent<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", self.name())?;
        let budget = self.budget();
        if !budget.is_unlimited() {
            write!(f, ":{budget}")?;
        }
        Ok(())
    }
}
