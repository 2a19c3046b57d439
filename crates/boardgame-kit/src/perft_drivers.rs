//! Perft: counting the action sequences of a given length, through each game's fastest kernel
//! ([`Game::perft_kernel`]), with a checked entry point for depths that come from users.

use crate::game::{Actions, Game};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The deepest perft [`try_perft`] accepts. Deeper counts are out of reach in practice (a tree
/// with two actions per node has 2^64 leaves at depth 64), and the kernels recurse once per
/// ply, so this also bounds their stack use.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Why [`try_perft`] refused a depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PerftError {
    /// The depth exceeds the length of the longest game the parameters allow, so no sequence
    /// that long exists.
    #[error("perft depth {depth} exceeds the longest possible game ({longest} actions); no sequence is that long")]
    BeyondGameLength {
        /// The depth asked for.
        depth: u32,
        /// The game's bound on the number of actions ([`Game::max_game_length`]).
        longest: u64,
    },
    /// The depth exceeds [`MAX_PERFT_DEPTH`].
    #[error("perft depth {depth} is above the maximum of {max}")]
    TooDeep {
        /// The depth asked for.
        depth: u32,
        /// [`MAX_PERFT_DEPTH`].
        max: u32,
    },
}

impl PerftError {
    /// Checks a perft depth asked of a game whose games last at most `longest` actions (`None`:
    /// no bound): [`PerftError::BeyondGameLength`] past that length, else
    /// [`PerftError::TooDeep`] above [`MAX_PERFT_DEPTH`]. Every checked perft entry point
    /// (the kit's, and those over a game of any type) refuses depths by this rule.
    ///
    /// ```
    /// use boardgame_kit::{PerftError, MAX_PERFT_DEPTH};
    /// assert_eq!(PerftError::check_depth(3, Some(10)), Ok(()));
    /// assert_eq!(
    ///     PerftError::check_depth(11, Some(10)),
    ///     Err(PerftError::BeyondGameLength { depth: 11, longest: 10 })
    /// );
    /// assert_eq!(
    ///     PerftError::check_depth(MAX_PERFT_DEPTH + 1, None),
    ///     Err(PerftError::TooDeep { depth: MAX_PERFT_DEPTH + 1, max: MAX_PERFT_DEPTH })
    /// );
    /// ```
    pub fn check_depth(depth: u32, longest: Option<u64>) -> Result<(), PerftError> {
        if let Some(longest) = longest {
            if u64::from(depth) > longest {
                return Err(PerftError::BeyondGameLength { depth, longest });
            }
        }
        if depth > MAX_PERFT_DEPTH {
            return Err(PerftError::TooDeep {
                depth,
                max: MAX_PERFT_DEPTH,
            });
        }
        Ok(())
    }
}

/// Checks a depth against the game's bound and [`MAX_PERFT_DEPTH`].
fn check_depth<G: Game>(state: &G, depth: u32) -> Result<(), PerftError> {
    PerftError::check_depth(depth, G::max_game_length(&state.params()))
}

/// The number of distinct action sequences of exactly `depth` actions from `state` (sequences
/// that reach the end earlier are not counted; `perft(_, 0) == 1`), counted by the game's
/// fastest kernel ([`Game::perft_kernel`]). `state` is returned unchanged.
///
/// Always exact: depths above [`MAX_PERFT_DEPTH`] are counted by an iterative driver whose
/// stack lives on the heap, so no depth overflows the call stack (but a deep count of a game
/// that goes on may take for ever: take depths from users through [`try_perft`]).
///
/// ```
/// use boardgame_kit::{perft, testing::Nim, Game};
/// let mut s = Nim::new(&Default::default()); // 5 stones, take 1 or 2
/// assert_eq!(perft(&mut s, 1), 2);
/// assert_eq!(perft(&mut s, 2), 4);
/// ```
#[must_use]
pub fn perft<G: Game>(state: &mut G, depth: u32) -> u64 {
    if depth > MAX_PERFT_DEPTH {
        perft_iterative(state, depth)
    } else {
        state.perft_kernel(depth)
    }
}

/// [`perft`] for a depth that comes from a user: refused with a typed error above the game's
/// bound ([`Game::max_game_length`]) or [`MAX_PERFT_DEPTH`], so it neither overflows the
/// stack nor runs for ever on a depth no game reaches.
///
/// ```
/// use boardgame_kit::{try_perft, PerftError, testing::Nim, Game};
/// let mut s = Nim::new(&Default::default()); // at most 5 actions
/// assert_eq!(try_perft(&mut s, 2), Ok(4));
/// assert_eq!(try_perft(&mut s, 6), Err(PerftError::BeyondGameLength { depth: 6, longest: 5 }));
/// ```
pub fn try_perft<G: Game>(state: &mut G, depth: u32) -> Result<u64, PerftError> {
    check_depth(state, depth)?;
    Ok(state.perft_kernel(depth))
}

/// The generic perft driver: recursion through the uniform API ([`Game::legal_actions`],
/// [`Game::play_unchecked`], [`Game::undo`]) with bulk counting at the last ply
/// ([`Game::count_legal`]). The default of [`Game::perft_kernel`]; recurses `depth` deep.
///
/// ```
/// use boardgame_kit::{perft_generic, testing::Nim, Game};
/// let mut s = Nim::new(&Default::default());
/// assert_eq!(perft_generic(&mut s, 3), 7); // all of 1 and 2 but 2 2 2
/// ```
#[must_use]
pub fn perft_generic<G: Game>(state: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return state.count_legal() as u64;
    }
    let mut list = Actions::<G>::new();
    state.legal_actions(&mut list);
    let mut total = 0;
    for &a in list.iter() {
        let u = state.play_unchecked(a);
        total += perft_generic(state, depth - 1);
        state.undo(u);
    }
    total
}

/// One ply of [`perft_iterative`]: the legal actions and the next one to play.
struct Frame<G: Game> {
    list: Actions<G>,
    next: usize,
}

/// Perft without recursion: the path of actions lives in a heap vector (reserved once).
fn perft_iterative<G: Game>(state: &mut G, depth: u32) -> u64 {
    if depth <= 1 {
        return perft_generic(state, depth);
    }
    let plies = depth as usize - 1;
    let mut frames: Vec<Frame<G>> = Vec::with_capacity(plies.min(4096));
    let mut undos: Vec<G::Undo> = Vec::with_capacity(plies.min(4096));
    let mut list = Actions::<G>::new();
    state.legal_actions(&mut list);
    frames.push(Frame { list, next: 0 });
    let mut total = 0u64;
    while let Some(top) = frames.last_mut() {
        let Some(&a) = top.list.get(top.next) else {
            frames.pop();
            if let Some(u) = undos.pop() {
                state.undo(u);
            }
            continue;
        };
        top.next += 1;
        let u = state.play_unchecked(a);
        if frames.len() == plies {
            total += state.count_legal() as u64;
            state.undo(u);
        } else {
            undos.push(u);
            let mut list = Actions::<G>::new();
            state.legal_actions(&mut list);
            frames.push(Frame { list, next: 0 });
        }
    }
    total
}

/// Perft split by first action: `(action text, count)` sorted by the bytes of the text, each
/// count by [`perft`].
///
/// ```
/// use boardgame_kit::{perft_divide, testing::Nim, Game};
/// let mut s = Nim::new(&Default::default());
/// assert_eq!(perft_divide(&mut s, 2), vec![("1".to_string(), 2), ("2".to_string(), 2)]);
/// ```
#[must_use]
pub fn perft_divide<G: Game>(state: &mut G, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = Actions::<G>::new();
    state.legal_actions(&mut list);
    let mut out: Vec<(String, u64)> = list
        .iter()
        .map(|&a| {
            let u = state.play_unchecked(a);
            let n = perft(state, depth - 1);
            state.undo(u);
            (a.to_string(), n)
        })
        .collect();
    out.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    out
}

/// [`perft_divide`] for a depth that comes from a user, refused like [`try_perft`].
///
/// ```
/// use boardgame_kit::{try_perft_divide, PerftError, testing::Nim, Game};
/// let mut s = Nim::new(&Default::default());
/// assert_eq!(try_perft_divide(&mut s, 1).unwrap().len(), 2);
/// assert!(matches!(try_perft_divide(&mut s, 99), Err(PerftError::BeyondGameLength { .. })));
/// ```
pub fn try_perft_divide<G: Game>(
    state: &mut G,
    depth: u32,
) -> Result<Vec<(String, u64)>, PerftError> {
    check_depth(state, depth)?;
    Ok(perft_divide(state, depth))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Nim;

    #[test]
    fn the_iterative_driver_counts_like_the_recursive_one() {
        let mut s = Nim::new(&"stones=20".parse().unwrap());
        for depth in 0..=21 {
            assert_eq!(
                perft_iterative(&mut s, depth),
                perft_generic(&mut s, depth),
                "depth {depth}"
            );
        }
        assert_eq!(s, Nim::new(&"stones=20".parse().unwrap()));
    }

    #[test]
    fn depths_beyond_the_bound_are_refused_and_deep_ones_are_exact() {
        let mut s = Nim::new(&"stones=25".parse().unwrap());
        assert_eq!(
            try_perft(&mut s, 26),
            Err(PerftError::BeyondGameLength {
                depth: 26,
                longest: 25
            })
        );
        assert!(try_perft_divide(&mut s, 100_000).is_err());
        // 25 stones taken one at a time is the only 25-action sequence.
        assert_eq!(try_perft(&mut s, 25), Ok(1));
        assert_eq!(perft(&mut s, 25), 1);
        // Deeper than MAX_PERFT_DEPTH: the iterative driver walks the whole tree, exactly.
        assert_eq!(perft(&mut s, 100_000), 0);
        assert_eq!(s, Nim::new(&"stones=25".parse().unwrap()));
    }
}
