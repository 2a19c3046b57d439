//! The compact form of a state: everything that decides its future packed into 128 bits, for
//! the perft transposition table (compared whole, so exact) and the 64-bit position key.

use crate::state::State;

/// Bits per square (squares are `0..41`; an absent piece's [`crate::board::NONE`] packs as 63).
const SQ_BITS: u32 = 6;
/// The largest turn class the compact form holds (13 bits).
const MAX_TURN_CLASS: u32 = (1 << 13) - 1;

/// A state packed into two words, for states of the same parameters.
///
/// - `lo`: the four Rocks' squares by identity (24 bits), the squares of seats `s` and `w`'s
///   Sorcerer, Troll and Dwarf (36), the seat to move (2) and the steps left (2);
/// - `hi`: the squares of seats `n` and `e`'s pieces (36), the levitation state (3), the Rocks
///   moved this turn (4) and in the previous one (4), the seats in play (4) and the turn class
///   (13).
///
/// The board, the occupancy and Rock bitboards are functions of the squares, and the status
/// of the steps left (0 once the game is over) and the seats in play (one left: a win), so
/// two states of the same parameters with the same compact form play the same. The turn
/// counts only through the step quota (1, 2, then 3) and the turn limit: without a limit the
/// class is `min(turn, 3)`, with one it is the turn itself, and a state whose class does not
/// fit in 13 bits has no compact form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Compact {
    pub(crate) lo: u64,
    pub(crate) hi: u64,
}

impl Compact {
    /// A 64-bit hash of the two words: SplitMix64's finaliser on `lo` xor the finalised `hi`.
    /// Keys of distinct forms collide only by chance (a product-and-xor of the raw words would
    /// let differences in the top bits of both words cancel).
    #[inline(always)]
    pub(crate) fn hash(self) -> u64 {
        mix(self.lo ^ mix(self.hi))
    }
}

/// SplitMix64's finaliser: a bijection of `u64` whose every output bit depends on every input
/// bit.
#[inline(always)]
const fn mix(mut x: u64) -> u64 {
    x = (x ^ x >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ x >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ x >> 31
}

impl State {
    /// The turn as far as the future is concerned: see [`Compact`].
    #[inline(always)]
    fn turn_class(&self) -> u32 {
        if self.params.turn_limit() == 0 {
            self.turn.min(3)
        } else {
            self.turn
        }
    }

    /// The 128-bit compact form (see [`Compact`]); `None` only for a turn class above 8191
    /// (a turn limit above 8191 and a game that long).
    #[inline(always)]
    pub(crate) fn compact(&self) -> Option<Compact> {
        let class = self.turn_class();
        (class <= MAX_TURN_CLASS).then(|| self.pack(class))
    }

    /// The compact form with this turn class (at most 13 bits).
    #[inline(always)]
    fn pack(&self, class: u32) -> Compact {
        let sq = |s: u8| u64::from(s & 63);
        let mut lo = 0u64;
        for (i, &r) in self.rocks.iter().enumerate() {
            lo |= sq(r) << (SQ_BITS * i as u32);
        }
        let mut hi = 0u64;
        for (k, &p) in self.pieces[0].iter().chain(&self.pieces[1]).enumerate() {
            lo |= sq(p) << (24 + SQ_BITS * k as u32);
        }
        for (k, &p) in self.pieces[2].iter().chain(&self.pieces[3]).enumerate() {
            hi |= sq(p) << (SQ_BITS * k as u32);
        }
        lo |= u64::from(self.to_move & 3) << 60 | u64::from(self.steps_left & 3) << 62;
        hi |= u64::from(self.lev & 7) << 36
            | u64::from(self.moved_this & 15) << 39
            | u64::from(self.moved_prev & 15) << 43
            | u64::from(self.alive & 15) << 47
            | u64::from(class) << 51;
        Compact { lo, hi }
    }

    /// The 64-bit position key ([`boardgame_kit::Game::position_key`]): the compact form
    /// (turn class 0) with the whole turn number mixed in, hashed.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        let c = self.pack(0);
        Compact {
            lo: c.lo,
            hi: c.hi ^ u64::from(self.turn).wrapping_mul(0xD6E8_FEB8_6659_FD93),
        }
        .hash()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NONE;
    use crate::state::Status;
    use crate::Params;
    use boardgame_kit::{playout, Game, SplitMix64};

    /// Rebuilds the state of these parameters from its compact form.
    fn unpack(params: &Params, c: Compact, turn: u32) -> State {
        let mut s = State::empty(*params);
        let field = |w: u64, i: u32| ((w >> (SQ_BITS * i)) & 63) as u8;
        let sq = |v: u8| if v == 63 { NONE } else { v };
        for r in 0..4 {
            s.rocks[r] = field(c.lo, r as u32);
        }
        for k in 0..6 {
            s.pieces[k / 3][k % 3] = sq(field(c.lo >> 24, k as u32));
            s.pieces[2 + k / 3][k % 3] = sq(field(c.hi, k as u32));
        }
        s.to_move = (c.lo >> 60 & 3) as u8;
        s.steps_left = (c.lo >> 62) as u8;
        s.lev = (c.hi >> 36 & 7) as u8;
        s.moved_this = (c.hi >> 39 & 15) as u8;
        s.moved_prev = (c.hi >> 43 & 15) as u8;
        s.alive = (c.hi >> 47 & 15) as u8;
        s.turn = turn;
        s.rocks_bb = 0;
        for (r, &q) in s.rocks.iter().enumerate() {
            s.board[q as usize] = crate::state::code(crate::state::ROCK, r as u8);
            s.rocks_bb |= 1 << q;
        }
        for seat in 0..4u8 {
            for (k, &q) in s.pieces[seat as usize].iter().enumerate() {
                if q != NONE {
                    s.board[q as usize] = crate::state::code(k as u8 + 1, seat);
                }
            }
        }
        s.recompute_occ();
        s.status = match (s.steps_left, s.alive.count_ones()) {
            (0, 1) => Status::Won(s.alive.trailing_zeros() as u8),
            (0, _) => Status::Draw,
            _ => Status::Playing,
        };
        s
    }

    /// The compact form holds the whole state: unpacking it (with the turn) gives the state
    /// back, at every step of random games with every seating, turn limits included.
    #[test]
    fn compact_form_rebuilds_the_state() {
        let mut rng = SplitMix64::new(21);
        for p in crate::params::seatings_then("players=4,turn_limit=9") {
            let params: Params = p.parse().unwrap();
            for _ in 0..40 {
                let mut s = State::new(&params);
                loop {
                    let c = s.compact().unwrap();
                    assert_eq!(unpack(&params, c, s.turn), s, "{}", s.position());
                    if playout(&mut s, &mut rng, 1).length == 0 {
                        break;
                    }
                }
            }
        }
    }

    /// Without a turn limit, turns from the third on share a class; with one they do not.
    #[test]
    fn turn_class_follows_the_quota_and_the_limit() {
        let mut s = State::new(&Params::default());
        s.turn = 3;
        let c3 = s.compact();
        s.turn = 40;
        assert_eq!(s.compact(), c3);
        assert_ne!(s.key(), State { turn: 3, ..s }.key());
        let mut t = State::new(&"turn_limit=50".parse().unwrap());
        t.turn = 3;
        let c3 = t.compact();
        t.turn = 40;
        assert_ne!(t.compact(), c3);
        t.turn = 9000;
        assert_eq!(t.compact(), None);
        assert_ne!(t.key(), State { turn: 40, ..t }.key());
    }
}
