//! The little floating-point math the searches need, in plain arithmetic: `core` has no
//! `sqrt` or `ln`, and the same code on every target gives the same choices everywhere.

/// Square root of a non-negative number (relative error below 1e-6).
pub(crate) fn sqrt(x: f32) -> f32 {
    if x <= 0.0 || !x.is_finite() {
        return if x.is_finite() { 0.0 } else { x };
    }
    // A first guess from halving the exponent, then Newton steps.
    let mut y = f32::from_bits((x.to_bits() >> 1) + 0x1FBD_1DF5);
    for _ in 0..3 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// Natural logarithm of a positive number (absolute error below 1e-6; 0 for `x <= 0`).
pub(crate) fn ln(x: f32) -> f32 {
    if x <= 0.0 || !x.is_finite() {
        return 0.0;
    }
    const LN2: f32 = core::f32::consts::LN_2;
    // x = m * 2^e with m in [1, 2); ln m = 2 atanh((m - 1) / (m + 1)).
    let bits = x.to_bits();
    let e = ((bits >> 23) & 0xFF) as i32 - 127;
    let m = f32::from_bits((bits & 0x007F_FFFF) | 0x3F80_0000);
    let (m, e) = if m > core::f32::consts::SQRT_2 {
        (m * 0.5, e + 1)
    } else {
        (m, e)
    };
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let series =
        t * (2.0 + t2 * (2.0 / 3.0 + t2 * (2.0 / 5.0 + t2 * (2.0 / 7.0 + t2 * (2.0 / 9.0)))));
    e as f32 * LN2 + series
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqrt_matches_std() {
        for x in [0.0f32, 1e-6, 0.25, 1.0, 2.0, 3.0, 10.0, 12345.0, 1e9] {
            let want = x.sqrt();
            assert!((sqrt(x) - want).abs() <= want * 1e-6 + 1e-9, "{x}");
        }
    }

    #[test]
    fn ln_matches_std() {
        for x in [
            1e-6f32, 0.5, 1.0, 1.5, 2.0, 2.7182817, 10.0, 1000.0, 1e6, 4e9,
        ] {
            let want = x.ln();
            assert!((ln(x) - want).abs() <= 2e-6 * want.abs().max(1.0), "{x}");
        }
        assert_eq!(ln(0.0), 0.0);
    }
}
