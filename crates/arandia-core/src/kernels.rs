//! The perft kernel behind [`Game::perft_kernel`](boardgame_kit::Game::perft_kernel).
//!
//! Copy-make recursion over [`State`] (48 bytes) with the same counts as the kit's generic
//! driver, made faster by three exact shortcuts:
//!
//! - **Bulk counting** of the last ply ([`State::count`]); at the second-to-last ply a ship's
//!   roll is known to have six outcomes without being played.
//! - **Equal chance outcomes merged**: the die values that leave a rolling ship in place lead to
//!   one and the same position, counted once and multiplied; a combat has only three results
//!   (defender sunk, tie, attacker sunk), so the 36 pairs of dice below an attack are three
//!   subtrees weighted 15, 6 and 15, and a defender's roll against an attacker's roll `r` is
//!   three subtrees weighted `r - 1`, 1 and `6 - r`.
//! - **A transposition table**: the same position is reached by many paths (a player's ships
//!   act in any order, and ships of one player are interchangeable and stored sorted), so the
//!   count of a decision node at depth [`TABLE_MIN_DEPTH`] or more is stored under the whole
//!   position packed without loss ([`Packed`]: every ship code, the mover, the pending decision,
//!   the completed turns when a turn limit makes them matter) and the depth. A slot answers only
//!   when all of that is equal, so a hash collision costs a recount, never a wrong count.
//!
//! The table is allocated once per call (at most [`TABLE_MAX_BITS`] bits of slots); nothing on
//! the recursion allocates.

use crate::action::Action;
use crate::state::{Phase, State};
use alloc::vec::Vec;
use boardgame_kit::Actions;

/// Decision nodes at least this deep are looked up in and stored into the table.
const TABLE_MIN_DEPTH: u32 = 3;

/// Depths from this one up are never stored (they do not fit the 13 bits [`Packed`] gives
/// them; no perft that deep ends anyway).
const TABLE_DEPTH_LIMIT: u32 = 1 << 13;

/// The table holds at most `2^TABLE_MAX_BITS` slots (32 bytes each: 32 MiB).
const TABLE_MAX_BITS: u32 = 20;

/// A position and a depth, packed without loss.
#[derive(Clone, Copy)]
struct Packed {
    /// The 18 ship codes (7 bits each), seat by seat.
    ships: u128,
    /// The pending decision (16 bits), the mover (3), the depth (13, never 0: the table is used
    /// below [`TABLE_DEPTH_LIMIT`] only) and the completed turns (32; 0 without a turn limit,
    /// where they change nothing).
    rest: u64,
}

impl Packed {
    fn new(s: &State, depth: u32, keep_turns: bool) -> Packed {
        let mut ships = 0u128;
        for (i, &code) in s.ships.as_flattened().iter().enumerate() {
            ships |= u128::from(code) << (7 * i);
        }
        let turns = if keep_turns { u64::from(s.turns) } else { 0 };
        let rest = s.phase.code() | u64::from(s.mover) << 16 | u64::from(depth) << 19 | turns << 32;
        Packed { ships, rest }
    }

    /// A hash whose top bits index the table.
    #[inline]
    fn hash(self) -> u64 {
        let h = (self.ships as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ ((self.ships >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ self.rest.wrapping_mul(0x1656_67B1_9E37_79F9);
        (h ^ h >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// The transposition table of one perft call: slots of four words (the packed position's
/// three, then the count), all zero when empty (no position packs to zero words: its depth
/// field is at least [`TABLE_MIN_DEPTH`]), so the table comes zeroed from the allocator.
struct Table {
    slots: Vec<[u64; 4]>,
    shift: u32,
    keep_turns: bool,
}

impl Table {
    fn for_depth(depth: u32, keep_turns: bool) -> Table {
        let bits = (2 * depth).clamp(8, TABLE_MAX_BITS);
        Table {
            slots: alloc::vec![[0; 4]; 1 << bits],
            shift: 64 - bits,
            keep_turns,
        }
    }

    #[inline]
    fn index(&self, key: Packed) -> usize {
        (key.hash() >> self.shift) as usize
    }

    #[inline]
    fn words(key: Packed) -> [u64; 3] {
        [key.ships as u64, (key.ships >> 64) as u64, key.rest]
    }

    /// The count stored for this position and depth, if any.
    #[inline]
    fn get(&self, i: usize, key: Packed) -> Option<u64> {
        let slot = &self.slots[i];
        (slot[..3] == Table::words(key)).then_some(slot[3])
    }

    #[inline]
    fn put(&mut self, i: usize, key: Packed, count: u64) {
        let [a, b, c] = Table::words(key);
        self.slots[i] = [a, b, c, count];
    }
}

impl State {
    /// Perft of this position by the kernel described in the module documentation.
    pub(crate) fn perft_fast(&self, depth: u32) -> u64 {
        let mut table = Table::for_depth(depth, self.params.turn_limit() > 0);
        below(self, depth, &mut table)
    }
}

/// Perft of `s` at any depth.
fn below(s: &State, depth: u32, table: &mut Table) -> u64 {
    match depth {
        0 => 1,
        1 => s.count() as u64,
        _ => node(s, depth, table),
    }
}

/// The position after playing `a` on a copy of `s`.
#[inline]
fn after(s: &State, a: Action) -> State {
    let mut c = *s;
    c.apply(a);
    c
}

/// The three results of a combat from a position where the defender is about to roll:
/// defender sunk, tie, attacker sunk.
fn combat_results(s: &State) -> [State; 3] {
    let roll = |attacker: u8| {
        let mut c = *s;
        if let Phase::AttackRoll { at, def } | Phase::DefendRoll { at, def, .. } = s.phase {
            c.phase = Phase::DefendRoll {
                at,
                def,
                roll: attacker,
            };
        }
        c
    };
    [
        after(&roll(6), Action::Die(1)),
        after(&roll(1), Action::Die(1)),
        after(&roll(1), Action::Die(6)),
    ]
}

/// Perft of `s` at depth 2 or more.
fn node(s: &State, depth: u32, table: &mut Table) -> u64 {
    match s.phase {
        Phase::Won | Phase::Drawn => 0,
        Phase::Roll { from } => {
            let m = s.mover as usize;
            let mut total = 0;
            let mut stay = None;
            let mut stays = 0;
            for k in 1..=6 {
                if State::usable(m, from.raw(), k).1 == 0 {
                    stays += 1;
                    stay = Some(k);
                } else {
                    total += below(&after(s, Action::Die(k)), depth - 1, table);
                }
            }
            if let Some(k) = stay {
                total += stays * below(&after(s, Action::Die(k)), depth - 1, table);
            }
            total
        }
        Phase::AttackRoll { .. } => {
            if depth == 2 {
                return 36;
            }
            let [won, tie, lost] = combat_results(s);
            15 * below(&won, depth - 2, table)
                + 6 * below(&tie, depth - 2, table)
                + 15 * below(&lost, depth - 2, table)
        }
        Phase::DefendRoll { roll, .. } => {
            let [won, tie, lost] = combat_results(s);
            let r = u64::from(roll);
            let mut total = below(&tie, depth - 1, table);
            if r > 1 {
                total += (r - 1) * below(&won, depth - 1, table);
            }
            if r < 6 {
                total += (6 - r) * below(&lost, depth - 1, table);
            }
            total
        }
        Phase::Choose | Phase::Pick { .. } | Phase::Wreck | Phase::Arrive { .. } => {
            if !(TABLE_MIN_DEPTH..TABLE_DEPTH_LIMIT).contains(&depth) {
                return decision(s, depth, table);
            }
            let key = Packed::new(s, depth, table.keep_turns);
            let i = table.index(key);
            if let Some(count) = table.get(i, key) {
                return count;
            }
            let count = decision(s, depth, table);
            table.put(i, key, count);
            count
        }
    }
}

/// Perft of a decision node at depth 2 or more, without the table.
fn decision(s: &State, depth: u32, table: &mut Table) -> u64 {
    let mut list = Actions::<State>::new();
    s.generate(&mut list);
    let mut total = 0;
    for &a in list.iter() {
        total += match (s.phase, a) {
            // A ship's roll: a chance node with six outcomes.
            (Phase::Choose, Action::At(_)) if depth == 2 => 6,
            _ => below(&after(s, a), depth - 1, table),
        };
    }
    total
}

#[cfg(test)]
mod tests {
    use crate::{Params, State};
    use boardgame_kit::{perft_generic, Game};

    #[test]
    fn agrees_with_the_generic_driver_from_the_start() {
        for p in ["", "players=3", "players=4", "players=6", "turn_limit=1"] {
            let s = State::new(&p.parse::<Params>().unwrap());
            for d in 0..=8 {
                assert_eq!(s.perft_fast(d), perft_generic(&mut s.clone(), d), "{p} {d}");
            }
        }
    }
}
