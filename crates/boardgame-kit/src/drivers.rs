//! Random playouts (through each game's fastest kernel, [`Game::playout_kernel`]), random
//! actions, and the `trace` status line. Perft is in [`crate::perft()`] and its neighbours.

use crate::game::{Actions, ChanceOutcomes, Game, Prob, ToAct};
use crate::Outcome;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// A source of random numbers supplied by the caller (states never hold one).
pub trait RandomSource {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;

    /// A uniform number in `0..n` (`n > 0`), without modulo bias.
    fn below(&mut self, n: u64) -> u64 {
        let n = n.max(1);
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// SplitMix64: a tiny, fast, reproducible generator for playouts and tests.
///
/// ```
/// use boardgame_kit::{RandomSource, SplitMix64};
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }
}

impl RandomSource for SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Picks a chance outcome with its exact probability.
pub fn sample_chance<A: Copy, R: RandomSource + ?Sized>(
    outcomes: &ChanceOutcomes<A>,
    rng: &mut R,
) -> Option<A> {
    sample_index(outcomes.iter().map(|(_, p)| *p), rng).map(|i| outcomes[i].0)
}

/// Draws an index with its exact probability from a list of probabilities summing to 1 (one
/// draw of `rng` over their common denominator, so no rounding); `None` for an empty list.
///
/// ```
/// use boardgame_kit::drivers::sample_index;
/// use boardgame_kit::{Prob, SplitMix64};
/// let probs = [Prob::new(1, 6), Prob::new(5, 6)];
/// let mut rng = SplitMix64::new(1);
/// let i = sample_index(probs.iter().copied(), &mut rng).unwrap();
/// assert!(i < 2);
/// assert_eq!(sample_index(core::iter::empty(), &mut rng), None);
/// ```
pub fn sample_index<I, R>(probs: I, rng: &mut R) -> Option<usize>
where
    I: IntoIterator<Item = Prob>,
    I::IntoIter: Clone,
    R: RandomSource + ?Sized,
{
    let probs = probs.into_iter();
    let count = probs.clone().count();
    if count == 0 {
        return None;
    }
    let lcm = probs.clone().fold(1u64, |l, p| lcm(l, p.den() as u64));
    let r = rng.below(lcm);
    let mut acc = 0u64;
    for (i, p) in probs.enumerate() {
        acc += p.num() as u64 * (lcm / p.den() as u64);
        if r < acc {
            return Some(i);
        }
    }
    Some(count - 1)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    a / gcd(a, b) * b
}

/// A random action: a uniform choice among the legal actions for a player, an outcome drawn
/// with its probability at a chance node, `None` once the game is over. `buf` is scratch space.
pub fn random_action<G: Game, R: RandomSource + ?Sized>(
    state: &G,
    rng: &mut R,
    buf: &mut Actions<G>,
) -> Option<G::Action> {
    match state.to_act() {
        ToAct::Over => None,
        ToAct::Chance => {
            let mut outs = ChanceOutcomes::new();
            state.chance_outcomes(&mut outs);
            sample_chance(&outs, rng)
        }
        ToAct::Seat(_) => {
            state.legal_actions(buf);
            if buf.is_empty() {
                None
            } else {
                Some(buf[rng.below(buf.len() as u64) as usize])
            }
        }
    }
}

/// The end of a random playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Actions played.
    pub length: u64,
    /// The outcome, or `None` if `max_actions` was reached first.
    pub outcome: Option<Outcome>,
}

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

/// The generic playout driver: [`random_action`] then [`Game::play_unchecked`] until the game
/// ends or `max_actions` have been played. The default of [`Game::playout_kernel`]; the same
/// seed always gives the same game.
///
/// ```
/// use boardgame_kit::{drivers::playout_generic, testing::Nim, Game, SplitMix64};
/// let mut s = Nim::new(&Default::default());
/// let p = playout_generic(&mut s, &mut SplitMix64::new(1), 2);
/// assert_eq!((p.length, p.outcome), (2, None)); // stopped after two actions
/// ```
pub fn playout_generic<G: Game, R: RandomSource + ?Sized>(
    state: &mut G,
    rng: &mut R,
    max_actions: u64,
) -> Playout {
    let mut buf = Actions::<G>::new();
    let mut length = 0;
    while length < max_actions {
        match random_action(state, rng, &mut buf) {
            Some(a) => {
                state.play_unchecked(a);
                length += 1;
            }
            None => break,
        }
    }
    Playout {
        length,
        outcome: state.outcome(),
    }
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
