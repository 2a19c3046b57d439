//! Perft for any game with a depth from a user: a depth beyond the longest possible game is
//! answered at once (the count is 0: no sequence that long exists), and a depth above
//! [`MAX_PERFT_DEPTH`] that the game's bound does not answer is refused.

use boardgame_kit::{DynGame, PerftError, MAX_PERFT_DEPTH};

/// How a perft of `depth` is answered: `Ok(true)` when the depth is beyond the longest
/// possible game (the count is 0), `Ok(false)` when it must be searched, and
/// [`PerftError::TooDeep`] above [`MAX_PERFT_DEPTH`] otherwise.
///
/// ```
/// let g = boardgames::start("slimetrail", "", None).unwrap(); // no game lasts 49 actions
/// assert_eq!(boardgames::perft::beyond_the_end(g.as_ref(), 49), Ok(true));
/// assert_eq!(boardgames::perft::beyond_the_end(g.as_ref(), 5), Ok(false));
/// let s = boardgames::start("splut", "", None).unwrap();
/// assert!(boardgames::perft::beyond_the_end(s.as_ref(), 65).is_err());
/// ```
pub fn beyond_the_end(game: &dyn DynGame, depth: u32) -> Result<bool, PerftError> {
    let beyond = game.max_game_length().is_some_and(|n| u64::from(depth) > n);
    if !beyond && depth > MAX_PERFT_DEPTH {
        return Err(PerftError::TooDeep {
            depth,
            max: MAX_PERFT_DEPTH,
        });
    }
    Ok(beyond)
}

/// Perft with the depth checked by [`beyond_the_end`], counted by the game's fastest kernel;
/// the state is unchanged.
///
/// ```
/// let mut g = boardgames::start("slimetrail", "", None).unwrap();
/// assert_eq!(boardgames::perft::perft(g.as_mut(), 2), Ok(56));
/// assert_eq!(boardgames::perft::perft(g.as_mut(), 99999), Ok(0));
/// ```
pub fn perft(game: &mut dyn DynGame, depth: u32) -> Result<u64, PerftError> {
    match game.try_perft(depth) {
        Err(PerftError::BeyondGameLength { .. }) => Ok(0),
        other => other,
    }
}
