//! Exact solutions for the games that have a solver (Slime Trail): the result for the seat to
//! act, and the same seat's result after each legal action.

use boardgame_kit::{DynGame, Game, ToAct};
// (`Game` and `DynGame` share method names: the state below is used through `Game`.)

/// Who wins with perfect play, from the seat to act's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Whether the seat to act wins.
    pub win: bool,
    /// Each legal action (sorted by text) and whether the same seat wins after it.
    pub actions: Vec<(String, bool)>,
}

/// Why a position could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The game has no exact solver.
    #[error("{0} has no exact solver (only slimetrail has one)")]
    NoSolver(&'static str),
    /// No seat is to act.
    #[error("the game is over: no seat is to act")]
    GameOver,
}

/// Solves a Slime Trail position; `tick` is called after each legal action is solved (for
/// progress).
pub(crate) fn slimetrail(
    game: &dyn DynGame,
    tick: &mut dyn FnMut(),
) -> Result<Solution, SolveError> {
    let state: &slimetrail_core::State = game
        .as_any()
        .downcast_ref()
        .ok_or(SolveError::NoSolver(game.name()))?;
    let ToAct::Seat(mover) = Game::to_act(state) else {
        return Err(SolveError::GameOver);
    };
    let mut solver = slimetrail_core::Solver::new(22);
    let mut actions = Vec::new();
    let mut list = boardgame_kit::Actions::<slimetrail_core::State>::new();
    state.legal_actions(&mut list);
    for &a in list.iter() {
        let mut child = *state;
        child.play_unchecked(a);
        actions.push((a.to_string(), solver.winner(&child) == mover));
        tick();
    }
    actions.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let win = actions.iter().any(|(_, w)| *w);
    Ok(Solution { win, actions })
}
