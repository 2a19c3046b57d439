//! Legal-step generation (heap-free): one pass over the mover's three pieces, directions in
//! destination order, so the list comes out sorted by [`Action`]'s `Ord`.

use crate::action::{Action, EXTRA_LEV, EXTRA_PULL, EXTRA_THROW};
use crate::board::{NB, NB_BIT, NB_MASK, NONE, RAY, RAY_ALL};

/// Size of the generation buffer: the worst case of 40 legal steps plus slack, because the
/// branch-free generator writes each candidate at the next free index before knowing whether
/// it is legal (at most one candidate lands past the last legal step).
pub(crate) const BUF: usize = 48;

/// The generation buffer, the inline buffer of the legal-action list.
pub(crate) type Buf = [Action; BUF];
use crate::state::{is_rock_or_troll, kind_of, State, DWARF, SORCERER, TROLL};

impl State {
    /// The mover's piece squares (Sorcerer, Troll, Dwarf; absent ones [`NONE`]) sorted by
    /// square (a min/max network, no branches).
    #[inline(always)]
    pub(crate) fn mover_squares(&self) -> [u8; 3] {
        let [a, b, c] = self.pieces[self.to_move as usize & 3];
        let (x, y) = (a.min(b), a.max(b));
        let (first, t) = (x.min(c), x.max(c));
        [first, y.min(t), y.max(t)]
    }

    /// The four Rocks in square order, each as `square << 1 | eligible` (eligible: it may be
    /// levitated now), read off the Rock bitboard (always four bits).
    #[inline(always)]
    fn sorted_rocks(&self) -> [u16; 4] {
        let elig = self.eligible_rocks();
        let mut m = self.rocks_bb;
        let mut k = [0u16; 4];
        for slot in k.iter_mut() {
            let q = (m.trailing_zeros() & 63) as usize;
            m &= m.wrapping_sub(1);
            let id = crate::state::idx_of(self.board[q]);
            *slot = (q as u16) << 1 | ((elig >> id) & 1) as u16;
        }
        k
    }

    /// The Rocks that may be levitated now, by identity (a bit each).
    #[inline(always)]
    fn eligible_rocks(&self) -> u8 {
        match self.lev {
            crate::state::LEV_FRESH => !self.moved_prev & 15,
            r if r < 4 => 1 << r,
            _ => 0,
        }
    }

    /// Writes every legal step of the player to move into `buf`, and returns how many there
    /// are (at most 40: see [`BUF`]). With `SORTED`, in `Ord` order
    /// (pieces by square, Rocks by square); without, pieces in the order Sorcerer, Troll,
    /// Dwarf and Rocks by identity (for random playouts, where order does not matter).
    ///
    /// Branch-free compaction: every candidate step is written at index `n` and `n` advances
    /// only when the candidate is legal (tested on the occupancy bitboards), so random
    /// positions cost few branch mispredictions.
    #[inline(always)]
    pub(crate) fn generate<const SORTED: bool>(&self, buf: &mut Buf) -> usize {
        if !self.is_playing() {
            return 0;
        }
        let mut n = 0usize;
        if SORTED {
            for x in self.mover_squares() {
                if x == NONE {
                    break;
                }
                match kind_of(self.board[x as usize & 63]) {
                    SORCERER => self.gen_sorcerer::<true>(x, buf, &mut n),
                    TROLL => self.gen_troll(x, buf, &mut n),
                    DWARF => self.gen_dwarf(x, buf, &mut n),
                    _ => {}
                }
            }
        } else {
            let [s, t, d] = self.pieces[self.to_move as usize & 3];
            if s != NONE {
                self.gen_sorcerer::<false>(s, buf, &mut n);
            }
            if t != NONE {
                self.gen_troll(t, buf, &mut n);
            }
            if d != NONE {
                self.gen_dwarf(d, buf, &mut n);
            }
        }
        // At most 40 in any state the rules reach; a state corrupted by illegal unchecked
        // plays (two Sorcerers of one seat...) may count more candidates than the buffer holds.
        n.min(BUF)
    }

    #[inline(always)]
    fn gen_sorcerer<const SORTED: bool>(&self, x: u8, buf: &mut Buf, n: &mut usize) {
        let xi = x as usize & 63;
        let (row, bits) = (NB[xi], NB_BIT[xi]);
        let emp = !self.occ;
        // squares a levitated Rock may enter: empty, or the one the Sorcerer leaves
        let free = emp | (1u64 << xi);
        let elig = self.eligible_rocks();
        // (square, directions in which it may be levitated) per Rock, in output order
        let mut rocks = [(0u8, 0u8); 4];
        let keys = if SORTED {
            self.sorted_rocks()
        } else {
            [0, 1, 2, 3].map(|r| (self.rocks[r] as u16) << 1 | ((elig >> r) & 1) as u16)
        };
        for (slot, key) in rocks.iter_mut().zip(keys) {
            let q = (key >> 1) as u8;
            let qb = NB_BIT[q as usize & 63];
            let mut dirs = 0u8;
            for (d, bit) in qb.iter().enumerate() {
                dirs |= ((bit & free != 0) as u8) << d;
            }
            *slot = (q, dirs & (0u8.wrapping_sub((key & 1) as u8)));
        }
        let any = rocks.iter().any(|r| r.1 != 0);
        for d in 0..4 {
            let y = row[d];
            let step = bits[d] & emp != 0;
            buf[(*n).min(BUF - 1)] = Action::raw(x, y, 0);
            *n += step as usize;
            if !any {
                continue;
            }
            for (q, dirs) in rocks {
                buf[(*n).min(BUF - 1)] = Action::raw(x, y, EXTRA_LEV + q);
                *n += (step & ((dirs >> d) & 1 != 0)) as usize;
            }
        }
    }

    #[inline(always)]
    fn gen_troll(&self, x: u8, buf: &mut Buf, n: &mut usize) {
        let xi = x as usize & 63;
        let (row, bits) = (NB[xi], NB_BIT[xi]);
        let emp = !self.occ;
        let rocks_bb = self.rocks_bb;
        for d in 0..4 {
            let y = row[d];
            let empty = bits[d] & emp != 0;
            buf[(*n).min(BUF - 1)] = Action::raw(x, y, 0);
            *n += empty as usize;
            buf[(*n).min(BUF - 1)] = Action::raw(x, y, EXTRA_PULL);
            *n += (empty & (bits[3 - d] & rocks_bb != 0)) as usize;
            if bits[d] & rocks_bb != 0 {
                // rare: a branch is cheaper than four candidates
                let yrow = NB[y as usize & 63];
                for t in 0..4u8 {
                    let z = yrow[t as usize];
                    buf[(*n).min(BUF - 1)] = Action::raw(x, y, EXTRA_THROW + t);
                    *n += ((z != NONE)
                        & ((z == x) | !is_rock_or_troll(self.board[z as usize & 63])))
                        as usize;
                }
            }
        }
    }

    #[inline(always)]
    fn gen_dwarf(&self, x: u8, buf: &mut Buf, n: &mut usize) {
        let xi = x as usize & 63;
        let row = NB[xi];
        let ray = RAY[xi];
        let emp = !self.occ;
        for d in 0..4 {
            buf[(*n).min(BUF - 1)] = Action::raw(x, row[d], 0);
            *n += (ray[d] & emp != 0) as usize;
        }
    }

    /// Whether `seat` would have at least one legal step here (quota and levitation aside:
    /// a step exists whenever a plain one does): the Sorcerer next to an empty square, the
    /// Troll next to an empty square or a Rock (throwing it back is always legal), or an
    /// empty square on one of the Dwarf's rays. Absent pieces index the empty row 63.
    #[inline]
    pub(crate) fn can_step(&self, seat: u8) -> bool {
        let [s, t, d] = self.pieces[seat as usize & 3];
        let emp = !self.occ;
        (NB_MASK[s as usize & 63] & emp)
            | (NB_MASK[t as usize & 63] & (emp | self.rocks_bb))
            | (RAY_ALL[d as usize & 63] & emp)
            != 0
    }

    /// Number of legal steps, counted without listing them.
    #[inline]
    pub(crate) fn count_steps(&self) -> usize {
        if !self.is_playing() {
            return 0;
        }
        let [s, t, dw] = self.pieces[self.to_move as usize & 3];
        let emp = !self.occ;
        let rocks_bb = self.rocks_bb;
        let mut n = 0u32;
        // Sorcerer
        if s != NONE {
            let si = s as usize & 63;
            let free = emp | (1u64 << si);
            let elig = self.eligible_rocks();
            for (d, bit) in NB_BIT[si].iter().enumerate() {
                if bit & emp != 0 {
                    n += 1;
                    for r in 0..4 {
                        let q = self.rocks[r] as usize & 63;
                        n += ((elig >> r) & 1 != 0 && NB_BIT[q][d] & free != 0) as u32;
                    }
                }
            }
        }
        // Troll
        if t != NONE {
            let ti = t as usize & 63;
            let bits = NB_BIT[ti];
            n += (NB_MASK[ti] & emp).count_ones();
            for d in 0..4 {
                n += ((bits[d] & emp != 0) & (bits[3 - d] & rocks_bb != 0)) as u32;
                if bits[d] & rocks_bb != 0 {
                    let y = NB[ti][d];
                    for z in NB[y as usize & 63] {
                        n += (z != NONE
                            && (z == t || !is_rock_or_troll(self.board[z as usize & 63])))
                            as u32;
                    }
                }
            }
        }
        // Dwarf
        if dw != NONE {
            let ray = RAY[dw as usize & 63];
            for r in ray {
                n += (r & emp != 0) as u32;
            }
        }
        n as usize
    }
}
