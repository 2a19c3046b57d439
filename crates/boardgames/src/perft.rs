//! Perft for any game with a safe depth: answered at once beyond the longest possible game,
//! refused above [`MAX_DEPTH`] otherwise (the count would overflow long before it finished).

use boardgame_kit::DynGame;

/// The deepest perft searched when the game's bound on game length does not answer first.
pub const MAX_DEPTH: u32 = 64;

/// A perft depth that will not be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "perft depth {depth} is above {MAX_DEPTH}, the deepest searched ({game} with these parameters \
     has no bound on game length)"
)]
pub struct DepthError {
    /// The depth asked for.
    pub depth: u32,
    /// The game.
    pub game: &'static str,
}

/// How a perft of `depth` is answered: `Ok(true)` when the depth is beyond the longest
/// possible game (the count is 0: no sequence that long exists), `Ok(false)` when it must be
/// searched.
///
/// ```
/// let g = boardgames::start("slimetrail", "", None).unwrap(); // no game lasts 49 actions
/// assert_eq!(boardgames::perft::beyond_the_end(g.as_ref(), 49), Ok(true));
/// assert_eq!(boardgames::perft::beyond_the_end(g.as_ref(), 5), Ok(false));
/// let s = boardgames::start("splut", "", None).unwrap();
/// assert!(boardgames::perft::beyond_the_end(s.as_ref(), 65).is_err());
/// ```
pub fn beyond_the_end(game: &dyn DynGame, depth: u32) -> Result<bool, DepthError> {
    let beyond = game.max_game_length().is_some_and(|n| u64::from(depth) > n);
    if !beyond && depth > MAX_DEPTH {
        return Err(DepthError {
            depth,
            game: game.name(),
        });
    }
    Ok(beyond)
}

/// Perft with the depth checked by [`beyond_the_end`]; the state is unchanged.
///
/// ```
/// let mut g = boardgames::start("slimetrail", "", None).unwrap();
/// assert_eq!(boardgames::perft::perft(g.as_mut(), 2), Ok(56));
/// assert_eq!(boardgames::perft::perft(g.as_mut(), 99999), Ok(0));
/// ```
pub fn perft(game: &mut dyn DynGame, depth: u32) -> Result<u64, DepthError> {
    if beyond_the_end(game, depth)? {
        Ok(0)
    } else {
        Ok(game.perft(depth))
    }
}
