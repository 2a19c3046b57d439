//! The 95% Wilson score interval of a proportion.

/// The 95% Wilson score interval of a proportion `p` observed over `n` trials, which stays
/// meaningful at 0% and 100% (where the normal approximation collapses to a zero-width
/// interval).
///
/// ```
/// use boardgames::arena::wilson_interval;
/// // 10 wins out of 10: the interval is [0.722, 1], not [1, 1].
/// let (lo, hi) = wilson_interval(1.0, 10.0);
/// assert!((lo - 0.7225).abs() < 1e-3 && hi == 1.0);
/// // 50 of 100: about 0.404..0.596.
/// let (lo, hi) = wilson_interval(0.5, 100.0);
/// assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
/// ```
#[must_use]
pub fn wilson_interval(p: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.96;
    let z2 = Z * Z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
