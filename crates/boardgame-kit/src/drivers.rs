//! Random playouts (through each game's fastest kernel, [`Game::playout_kernel`]), random
//! actions, and the `trace` status line. Perft is in [`crate::perft()`] and its neighbours.

pub use crate::chance::{sample_chance, sample_index, RandomSource, SplitMix64};
pub use crate::game::{playout_generic, random_action};
use crate::game::{Actions, Game, ToAct};
pub use crate::outcome::Playout;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// Plays random actions until the game ends or `max_actions` have been played, through the
/// game's fastest kernel ([`Game::playout_kernel`]); `state` is left at the final position.
/// Players' actions are uniform among the legal ones and chance outcomes follow their exact
/// probabilities; which game a seed gives depends on the kernel (kernels may draw with a
/// multiply-shift instead of [`RandomSource::below`]).
///
/// ```
/// use boardgame_kit::{playout, testing::Nim, Game, SplitMix64};
/// let mut s = Nim::new(&Default::default());
/// let p = playout(&mut s, &mut SplitMix64::new(1), 100);
/// assert!(p.outcome.is_some());
/// assert!(p.length >= 3 && p.length <= 5);
/// ```
pub fn playout<G: Game, R: RandomSource + ?Sized>(
    state: &mut G,
    rng: &mut R,
    max_actions: u64,
) -> Playout {
    state.playout_kernel(rng, max_actions)
}

/// The status line of the command-line contract's `trace`: `SEAT: A B C` (who acts and the
/// legal actions, sorted by text), `chance: 1 2 3`, or `over: W` (winners joined by `,` or
/// `draw`, then ` scores SEAT=N ...` for scored games).
///
/// ```
/// use boardgame_kit::{drivers::status_line, testing::Nim, Game};
/// let mut s = Nim::new(&"stones=2".parse().unwrap());
/// assert_eq!(status_line(&s), "1: 1 2");
/// s.play("2".parse().unwrap());
/// assert_eq!(status_line(&s), "over: 1");
/// ```
pub fn status_line<G: Game>(state: &G) -> String {
    let mut list = Actions::<G>::new();
    state.legal_actions(&mut list);
    let mut texts: Vec<String> = list.iter().map(|a| a.to_string()).collect();
    texts.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    match state.to_act() {
        ToAct::Over => {
            let summary = state
                .outcome()
                .map(|o| o.summary(G::SEAT_NAMES))
                .unwrap_or_default();
            alloc::format!("over: {summary}")
        }
        ToAct::Chance => alloc::format!("chance: {}", texts.join(" ")),
        ToAct::Seat(s) => alloc::format!("{}: {}", G::seat_name(s), texts.join(" ")),
    }
}
