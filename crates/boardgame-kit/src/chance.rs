//! Chance: exact probabilities, the outcomes of a chance node, the caller's source of random
//! numbers, and draws with exact probabilities.

use core::fmt::{self, Display};
use smallvec::SmallVec;

/// The chance outcomes of a chance node, inline up to eight.
pub type ChanceOutcomes<A> = SmallVec<[(A, Prob); 8]>;

/// An exact probability `num / den`.
///
/// ```
/// use boardgame_kit::Prob;
/// let p = Prob::new(1, 6);
/// assert_eq!(p.to_string(), "1/6");
/// assert_eq!(Prob::new(2, 4), Prob::new(1, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Prob {
    num: u32,
    den: u32,
}

impl Prob {
    /// `num / den` in lowest terms (`den` must be positive; 0 is read as 1).
    #[must_use]
    pub const fn new(num: u32, den: u32) -> Prob {
        let den = if den == 0 { 1 } else { den };
        let (mut a, mut b) = (num, den);
        while b != 0 {
            let t = a % b;
            a = b;
            b = t;
        }
        let g = if a == 0 { 1 } else { a };
        Prob {
            num: num / g,
            den: den / g,
        }
    }

    /// Numerator (lowest terms).
    #[must_use]
    pub const fn num(self) -> u32 {
        self.num
    }

    /// Denominator (lowest terms).
    #[must_use]
    pub const fn den(self) -> u32 {
        self.den
    }

    /// As a float.
    #[must_use]
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl Display for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
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
