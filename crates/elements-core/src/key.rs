//! Zobrist keys: one fixed random 64-bit number per (cell, piece) pair, so that a board's key is
//! the XOR of the numbers of its pieces and one placement updates it with one or two XORs.
//!
//! The state keeps the key of its board up to date ([`State`](crate::State) placements); the
//! position key ([`boardgame_kit::Game::position_key`]) mixes in who is to place, the
//! placements left and the started and eliminated seats.

use boardgame_kit::Bitboard7;

/// Bit indices a board uses (7 words of 64 bits; the 20x20 board spans 420 of them).
const INDICES: usize = 7 * 64;

/// A piece as a code from 0 to 7: blocks of seats 0..4 are 0..4, mounds are 4..8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PieceCode(u8);

impl PieceCode {
    /// A block of seat index `p`.
    #[inline]
    pub(crate) const fn block(p: usize) -> PieceCode {
        PieceCode(p as u8 & 3)
    }

    /// A mound of seat index `p`.
    #[inline]
    pub(crate) const fn mound(p: usize) -> PieceCode {
        PieceCode(4 | (p as u8 & 3))
    }

    /// The code as a number from 0 to 7.
    #[inline]
    pub(crate) const fn get(self) -> u8 {
        self.0
    }
}

/// SplitMix64's output function.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn table() -> [u64; INDICES * 8] {
    let mut t = [0u64; INDICES * 8];
    let mut k = 0;
    while k < t.len() {
        t[k] = mix(0x9E37_79B9_7F4A_7C15u64.wrapping_mul(k as u64 + 1));
        k += 1;
    }
    t
}

static TABLE: [u64; INDICES * 8] = table();

/// The key of one piece on bit index `i`.
#[inline]
pub(crate) fn piece_key(i: usize, piece: PieceCode) -> u64 {
    TABLE[(i % INDICES) * 8 + piece.get() as usize]
}

/// The key of everything of a position but its board, packed into 64 bits by the state (the
/// seat to place, the placements left, the started, active and playing seats, the board size).
#[inline]
pub(crate) fn turn_key(packed: u64) -> u64 {
    mix(packed ^ 0xD1B5_4A32_D192_ED03)
}

/// The XOR of `piece_key` over every cell of a set.
fn set_key(set: Bitboard7, piece: PieceCode) -> u64 {
    set.iter().fold(0, |k, i| k ^ piece_key(i, piece))
}

/// The key of a board from scratch (the state keeps it incrementally): the XOR of the keys of
/// every block and mound, by seat index.
pub(crate) fn board_key(blocks: &[Bitboard7; 4], mounds: &[Bitboard7; 4]) -> u64 {
    (0..4).fold(0, |k, p| {
        k ^ set_key(blocks[p], PieceCode::block(p)) ^ set_key(mounds[p], PieceCode::mound(p))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_keys_are_distinct() {
        let mut all: alloc::vec::Vec<u64> = TABLE.to_vec();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), TABLE.len());
    }

    #[test]
    fn turn_keys_differ_by_each_field() {
        let k = turn_key(0x0507_0100);
        for bit in 0..40 {
            assert_ne!(k, turn_key(0x0507_0100 ^ 1 << bit));
        }
    }
}
