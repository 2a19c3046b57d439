//! Perft and random playouts, driven through the uniform API.

use crate::game::{Actions, ChanceOutcomes, Game, ToAct};
use crate::Outcome;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The number of distinct action sequences of exactly `depth` actions from `state` (sequences
/// that reach the end earlier are not counted; `perft(_, 0) == 1`), with bulk counting at the
/// last ply. `state` is returned unchanged.
///
/// ```
/// use boardgame_kit::{perft, testing::Nim, Game};
/// let mut s = Nim::new(&Default::default()); // 5 stones, take 1 or 2
/// assert_eq!(perft(&mut s, 1), 2);
/// assert_eq!(perft(&mut s, 2), 4);
/// ```
pub fn perft<G: Game>(state: &mut G, depth: u32) -> u64 {
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
        total += perft(state, depth - 1);
        state.undo(u);
    }
    total
}

/// Perft split by first action: `(action text, count)` sorted by the bytes of the text.
///
/// ```
/// use boardgame_kit::{perft_divide, testing::Nim, Game};
/// let mut s = Nim::new(&Default::default());
/// assert_eq!(perft_divide(&mut s, 2), vec![("1".to_string(), 2), ("2".to_string(), 2)]);
/// ```
pub fn perft_divide<G: Game>(state: &mut G, depth: u32) -> Vec<(String, u64)> {
    let mut list = Actions::<G>::new();
    if depth == 0 {
        return Vec::new();
    }
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
    let lcm = outcomes
        .iter()
        .fold(1u64, |l, (_, p)| lcm(l, p.den() as u64));
    let r = rng.below(lcm);
    let mut acc = 0u64;
    for (a, p) in outcomes.iter() {
        acc += p.num() as u64 * (lcm / p.den() as u64);
        if r < acc {
            return Some(*a);
        }
    }
    outcomes.last().map(|(a, _)| *a)
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

/// Plays random actions (see [`random_action`]) until the game ends or `max_actions` have been
/// played; `state` is left at the final position.
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
