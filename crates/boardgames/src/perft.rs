//! Perft for any game with a depth from a user: a depth beyond the longest possible game is
//! answered at once (the count is 0: no sequence that long exists), and a depth above
//! [`MAX_PERFT_DEPTH`](boardgame_kit::MAX_PERFT_DEPTH) that the game's bound does not answer
//! is refused.

use boardgame_kit::{DynGame, PerftError};

/// How a perft of `depth` is answered: `Ok(true)` when the depth is beyond the longest
/// possible game (the count is 0), `Ok(false)` when it must be searched, and
/// [`PerftError::TooDeep`] above [`MAX_PERFT_DEPTH`](boardgame_kit::MAX_PERFT_DEPTH) otherwise.
///
/// ```
/// let g = boardgames::start("slimetrail", "", None).unwrap(); // no game lasts 49 actions
/// assert_eq!(boardgames::perft::beyond_the_end(g.as_ref(), 49), Ok(true));
/// assert_eq!(boardgames::perft::beyond_the_end(g.as_ref(), 5), Ok(false));
/// let s = boardgames::start("splut", "", None).unwrap();
/// assert!(boardgames::perft::beyond_the_end(s.as_ref(), 65).is_err());
/// ```
pub fn beyond_the_end(game: &dyn DynGame, depth: u32) -> Result<bool, PerftError> {
    match PerftError::check_depth(depth, game.max_game_length()) {
        Ok(()) => Ok(false),
        Err(PerftError::BeyondGameLength { .. }) => Ok(true),
        Err(e) => Err(e),
    }
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

/// Positions a kernel call of [`perft_until`] is first expected to count at most between two
/// looks at `stop` (estimated as the legal actions here to the power of the depth left): a
/// few milliseconds of the fastest kernels. A call that takes longer than [`SLOW`] divides
/// the estimate allowed by 16 for the calls after it (branching grows deeper in some games).
const CHUNK: f64 = (1u64 << 18) as f64;

/// A kernel call of [`perft_until`] longer than this makes the later ones smaller.
const SLOW: std::time::Duration = std::time::Duration::from_millis(10);

/// Perft as [`DynGame::try_perft`] counts it (the same errors for the same depths), asking
/// `stop` between parts of the count, a few milliseconds apart: the tree is split at the top
/// into subtrees small enough for one kernel call each (the legal actions to the power of the
/// depth left at most a quarter of a million, less once a call has been slow), counted one
/// after another. Not for `wasm32-unknown-unknown` (it reads the clock). `Ok(None)` once `stop`
/// says yes; the state is unchanged either way. This is how a long count is stopped from
/// outside (Ctrl-C in the Python package).
///
/// ```
/// let mut g = boardgames::start("slimetrail", "size=5", None).unwrap();
/// let mut looks = 0;
/// let n = boardgames::perft::perft_until(g.as_mut(), 8, &mut || { looks += 1; false });
/// assert_eq!(n, Ok(Some(g.try_perft(8).unwrap())));
/// assert!(looks > 1);
/// assert_eq!(boardgames::perft::perft_until(g.as_mut(), 8, &mut || true), Ok(None));
/// assert!(boardgames::perft::perft_until(g.as_mut(), 999, &mut || false).is_err());
/// ```
pub fn perft_until(
    game: &mut dyn DynGame,
    depth: u32,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Option<u64>, PerftError> {
    PerftError::check_depth(depth, game.max_game_length())?;
    let mut chunk = CHUNK;
    split(game, depth, stop, &mut chunk)
}

/// The count of [`perft_until`] below `game`.
/// `chunk`: the estimate of a kernel call's positions allowed now.
fn split(
    game: &mut dyn DynGame,
    depth: u32,
    stop: &mut dyn FnMut() -> bool,
    chunk: &mut f64,
) -> Result<Option<u64>, PerftError> {
    let mut ids = Vec::new();
    game.legal_ids_into(&mut ids);
    if depth <= 1 || (ids.len() as f64).powi(depth as i32) <= *chunk {
        if stop() {
            return Ok(None);
        }
        let began = std::time::Instant::now();
        let count = perft(game, depth)?;
        if began.elapsed() > SLOW {
            *chunk = (*chunk / 16.0).max(1.0);
        }
        return Ok(Some(count));
    }
    let mut total = 0u64;
    for id in ids {
        // Every id listed is legal here.
        let Ok(undo) = game.play_id(id) else {
            continue;
        };
        let below = split(game, depth - 1, stop, chunk);
        // The undo of the action just played always applies.
        let _ = game.undo(undo);
        match below? {
            Some(n) => total += n,
            None => return Ok(None),
        }
    }
    Ok(Some(total))
}
