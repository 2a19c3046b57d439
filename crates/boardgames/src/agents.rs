//! Agents for any game behind one object: [`DynAgent`], made by name from a SPEC through the
//! registry ([`crate::GameEntry::agent`]).

use boardgame_ai::{Agent, AgentError, Analysis};
use boardgame_kit::{DynGame, Game};

/// Why an agent could not choose; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChooseError {
    /// No player is to act (a chance node or a finished game), or the player has no action.
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// The agent was made for another game than the state it was given.
    #[error("this agent plays {agent_game}, not {game}")]
    WrongGame {
        /// The agent's game.
        agent_game: &'static str,
        /// The game it was given.
        game: &'static str,
    },
}

/// A player for one game, seen through [`DynGame`]: choose an action for the seat to act, be
/// told the actions played (so a search tree can be kept), start over.
///
/// ```
/// let game = boardgames::start("slimetrail", "size=5", None).unwrap();
/// let mut agent = boardgames::find("slimetrail").unwrap().agent("mcts:iterations=200", 1).unwrap();
/// let action = agent.choose(game.as_ref()).unwrap();
/// assert!(game.legal_texts().contains(&action));
/// ```
pub trait DynAgent: Send {
    /// The agent's name (`mcts`).
    fn name(&self) -> &'static str;
    /// The action (as text) the agent chooses for the seat to act in `game`.
    fn choose(&mut self, game: &dyn DynGame) -> Result<String, ChooseError>;
    /// Tells the agent that `action` is played in `game` (the position before the action).
    /// An action that does not read, or a game of another type, is ignored.
    fn inform(&mut self, game: &dyn DynGame, action: &str);
    /// Forgets everything learnt about the current game.
    fn restart(&mut self);
    /// What the last choice found, with the actions as text (`None` before the first choice
    /// or after a restart).
    fn analysis(&self) -> Option<Analysis<String>>;
}

/// An agent of a known game type behind [`DynAgent`].
pub(crate) struct Typed<G: Game>(pub(crate) Box<dyn Agent<G>>);

impl<G: Game> Typed<G> {
    fn state<'a>(&self, game: &'a dyn DynGame) -> Result<&'a G, ChooseError> {
        game.as_any()
            .downcast_ref::<G>()
            .ok_or(ChooseError::WrongGame {
                agent_game: G::NAME,
                game: game.name(),
            })
    }
}

impl<G: Game> DynAgent for Typed<G> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn choose(&mut self, game: &dyn DynGame) -> Result<String, ChooseError> {
        let state = self.state(game)?;
        Ok(self.0.choose(state)?.to_string())
    }

    fn inform(&mut self, game: &dyn DynGame, action: &str) {
        if let Ok(state) = self.state(game) {
            if let Ok(a) = state.parse_action(action) {
                self.0.inform(state, a);
            }
        }
    }

    fn restart(&mut self) {
        self.0.restart();
    }

    fn analysis(&self) -> Option<Analysis<String>> {
        self.0
            .analysis()
            .map(|a| a.map_actions(ToString::to_string))
    }
}
