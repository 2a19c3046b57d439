//! Zobrist-style keys: the 64-bit [`Game::position_key`](boardgame_kit::Game::position_key)
//! of a state.
//!
//! Each (seat, ship code) pair has a fixed random 64-bit word; the ships' part of the key is the
//! **sum** (wrapping) of the words of all 18 ship codes. A sum rather than the usual XOR because
//! two ships of one seat may carry the same code (two unacted ships on one cell), and XOR would
//! cancel them out; a sum does not depend on the order of the ships, so interchangeable ships
//! cost nothing. The state keeps this sum up to date as ships change ([`State`]'s `recode` and
//! the end of a turn), and [`State::position_key`](boardgame_kit::Game::position_key) mixes in
//! the mover, the pending decision and the completed turns, which are a few bits.

/// Ship codes are below 128 (`location * 2 + acted`, location at most 62).
const CODES: usize = 128;

/// SplitMix64's step and mixer, usable in a `const` context.
const fn splitmix(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

const fn build() -> [[u64; CODES]; 6] {
    let mut t = [[0; CODES]; 6];
    let mut state = 0x4172_616E_6469_6121; // "Arandia!"
    let mut seat = 0;
    while seat < 6 {
        let mut code = 0;
        while code < CODES {
            let (next, word) = splitmix(state);
            state = next;
            t[seat][code] = word;
            code += 1;
        }
        seat += 1;
    }
    t
}

/// The random word of each (seat, ship code).
static WORDS: [[u64; CODES]; 6] = build();

/// The word of one ship code of a seat.
#[inline]
pub(crate) fn ship_word(seat: usize, code: u8) -> u64 {
    WORDS[seat % 6][code as usize % CODES]
}

/// The ships' part of the key, computed from scratch.
pub(crate) fn ships_key(ships: &[[u8; 3]; 6]) -> u64 {
    let mut key = 0u64;
    for (seat, codes) in ships.iter().enumerate() {
        for &code in codes {
            key = key.wrapping_add(ship_word(seat, code));
        }
    }
    key
}

/// The key of a state whose ships' part is `ships`: the mover, the decision ([`Phase`]'s code)
/// and the turns (51 bits, packed without loss) mixed and added.
///
/// [`Phase`]: crate::Phase
pub(crate) fn position_key(ships: u64, phase: u64, mover: u8, turns: u32) -> u64 {
    let rest = phase | u64::from(mover) << 16 | u64::from(turns) << 19;
    ships ^ splitmix(rest).1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::State;
    use crate::Params;
    use boardgame_kit::{drivers::random_action, Actions, Game, SplitMix64};

    /// The key kept up to date along random games (every player count, combats, wrecks, turn
    /// ends) equals the key computed from scratch, after every action and every undo.
    #[test]
    fn incremental_key_equals_the_key_from_scratch() {
        for p in ["", "players=3", "players=4", "players=6,turn_limit=300"] {
            let params: Params = p.parse().unwrap();
            for seed in 0..20 {
                let mut s = State::new(&params);
                let mut rng = SplitMix64::new(seed);
                let mut buf = Actions::<State>::new();
                for _ in 0..1500 {
                    let Some(a) = random_action(&s, &mut rng, &mut buf) else {
                        break;
                    };
                    let before = s.position_key();
                    let u = s.play_unchecked(a);
                    assert_eq!(s.ships_key, ships_key(&s.ships), "{p} {}", s.position());
                    let mut back = s;
                    back.undo(u);
                    assert_eq!(back.position_key(), before);
                }
            }
        }
    }

    #[test]
    fn ship_order_does_not_matter_and_duplicates_do_not_cancel() {
        let mut a = [[0u8; 3]; 6];
        a[0] = [10, 20, 30];
        let mut b = a;
        b[0] = [30, 10, 20];
        assert_eq!(ships_key(&a), ships_key(&b));
        let mut c = a;
        c[0] = [10, 10, 30];
        let mut d = a;
        d[0] = [12, 12, 30];
        assert_ne!(ships_key(&c), ships_key(&d));
    }
}
