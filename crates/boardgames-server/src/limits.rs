//! Requests per client: a token bucket per peer address (the `governor` crate).

use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::IpAddr;
use std::num::NonZeroU32;

/// The buckets of the clients, by IP address.
pub(crate) struct Limiter {
    buckets: DefaultKeyedRateLimiter<IpAddr>,
}

impl Limiter {
    /// `per_second` requests a second with bursts of `burst`; `None` when `per_second` is 0
    /// (no limit).
    pub(crate) fn new(per_second: u32, burst: u32) -> Option<Limiter> {
        let rate = NonZeroU32::new(per_second)?;
        let burst = NonZeroU32::new(burst).unwrap_or(rate);
        Some(Limiter {
            buckets: DefaultKeyedRateLimiter::keyed(Quota::per_second(rate).allow_burst(burst)),
        })
    }

    /// Whether `ip` may make one more request now.
    pub(crate) fn allow(&self, ip: IpAddr) -> bool {
        self.buckets.check_key(&ip).is_ok()
    }

    /// Forgets the buckets that are full again (called now and then: memory stays bounded).
    pub(crate) fn forget_idle(&self) {
        self.buckets.retain_recent();
        self.buckets.shrink_to_fit();
    }
}
