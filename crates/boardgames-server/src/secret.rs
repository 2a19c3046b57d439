//! What the server draws from the operating system's randomness: seat tokens, room ids,
//! agents' seeds and chance outcomes; and the hash under which a token is stored.

use boardgame_kit::RandomSource;
use sha2::{Digest, Sha256};
use std::fmt::Write;

/// `n` random bytes from the operating system as lower-case hex.
fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    fill(&mut bytes);
    hex(&bytes)
}

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

fn fill(bytes: &mut [u8]) {
    // The operating system's generator does not fail on the systems the server runs on; if
    // it ever did, a token must not be predictable, so the server stops rather than go on.
    getrandom::fill(bytes).expect("the operating system's random generator failed");
}

/// A seat's token: 128 random bits as 32 hex digits.
pub(crate) fn token() -> String {
    random_hex(16)
}

/// A room id: 64 random bits as 16 hex digits.
pub(crate) fn room_id() -> String {
    random_hex(8)
}

/// A random 64-bit number (agents' seeds).
pub(crate) fn seed() -> u64 {
    let mut b = [0u8; 8];
    fill(&mut b);
    u64::from_le_bytes(b)
}

/// The operating system's randomness as the kit's random source: dice drawn with their exact
/// probabilities by the Table, from numbers no client can predict.
pub(crate) struct OsRandom;

impl RandomSource for OsRandom {
    fn next_u64(&mut self) -> u64 {
        seed()
    }
}

/// One of `items`, uniformly; `None` if there are none.
pub(crate) fn pick(items: &[String]) -> Option<String> {
    if items.is_empty() {
        return None;
    }
    let i = usize::try_from(OsRandom.below(items.len() as u64)).unwrap_or(0);
    items.get(i).cloned()
}

/// How a token is stored: its SHA-256 as hex.
pub(crate) fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_and_differ() {
        let (a, b) = (token(), token());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
    }
}
