//! Legal-step generation (heap-free): one pass over the mover's three pieces, directions in
//! destination order, so the list comes out sorted by [`Action`]'s `Ord`.

use crate::board::{NB, NB_BIT, NB_MASK, NONE, RAY, RAY_ALL};
use crate::notation::{Action, EXTRA_LEV, EXTRA_PULL, EXTRA_THROW};
use crate::state::{is_rock_or_troll, kind_of, State, DWARF, SORCERER, TROLL};

impl State {
    /// The mover's piece squares (Sorcerer, Troll, Dwarf; absent ones [`NONE`]) sorted by square.
    #[inline(always)]
    pub(crate) fn mover_squares(&self) -> [u8; 3] {
        let mut p = self.pieces[self.to_move as usize & 3];
        if p[0] > p[1] {
            p.swap(0, 1);
        }
        if p[1] > p[2] {
            p.swap(1, 2);
        }
        if p[0] > p[1] {
            p.swap(0, 1);
        }
        p
    }

    /// The four Rocks sorted by square, each as `square << 1 | eligible` (eligible: it may be
    /// levitated now), with a branch-free sorting network.
    #[inline(always)]
    fn sorted_rocks(&self) -> [u16; 4] {
        let elig: u8 = match self.lev {
            crate::state::LEV_FRESH => !self.moved_prev & 15,
            r if r < 4 => 1 << r,
            _ => 0,
        };
        let mut k = [0u16; 4];
        for (i, slot) in k.iter_mut().enumerate() {
            *slot = (self.rocks[i] as u16) << 1 | ((elig >> i) & 1) as u16;
        }
        macro_rules! cs {
            ($a:expr, $b:expr) => {
                let (lo, hi) = (k[$a].min(k[$b]), k[$a].max(k[$b]));
                k[$a] = lo;
                k[$b] = hi;
            };
        }
        cs!(0, 1);
        cs!(2, 3);
        cs!(0, 2);
        cs!(1, 3);
        cs!(1, 2);
        k
    }

    /// Writes every legal step of the player to move into `buf` (when `WRITE`), in `Ord`
    /// order, and returns how many there are (at most 40: see [`crate::State`]'s `ActionBuf`).
    ///
    /// Branch-free compaction: every candidate step is written at index `n` and `n` advances
    /// only when the candidate is legal (tested on the occupancy bitboards), so random
    /// positions cost few branch mispredictions.
    #[inline(always)]
    pub(crate) fn generate<const WRITE: bool>(&self, buf: &mut [Action; 64]) -> usize {
        if !self.is_playing() {
            return 0;
        }
        let mut n = 0usize;
        macro_rules! cand {
            ($a:expr, $ok:expr) => {
                if WRITE {
                    buf[n & 63] = $a;
                }
                n += ($ok) as usize;
            };
        }
        let b = &self.board;
        let emp = !self.occ;
        let rocks_bb = self.rocks_bb;
        for x in self.mover_squares() {
            if x == NONE {
                break;
            }
            let xi = x as usize & 63;
            let row = NB[xi];
            let bits = NB_BIT[xi];
            match kind_of(b[xi]) {
                SORCERER => {
                    let rocks = self.sorted_rocks();
                    let any = rocks.iter().any(|k| k & 1 == 1);
                    // squares a levitated Rock may enter: empty, or the one the Sorcerer leaves
                    let free = emp | (1u64 << xi);
                    for d in 0..4 {
                        let y = row[d];
                        let step = bits[d] & emp != 0;
                        cand!(Action::raw(x, y, 0), step);
                        if !any {
                            continue;
                        }
                        for key in rocks {
                            let q = (key >> 1) as u8;
                            let ok = step & (key & 1 == 1) & (NB_BIT[q as usize & 63][d] & free != 0);
                            cand!(Action::raw(x, y, EXTRA_LEV + q), ok);
                        }
                    }
                }
                TROLL => {
                    for d in 0..4 {
                        let y = row[d];
                        let empty = bits[d] & emp != 0;
                        cand!(Action::raw(x, y, 0), empty);
                        cand!(Action::raw(x, y, EXTRA_PULL), empty & (bits[3 - d] & rocks_bb != 0));
                        if bits[d] & rocks_bb != 0 {
                            // rare: a branch is cheaper than four candidates
                            let yrow = NB[y as usize & 63];
                            for t in 0..4u8 {
                                let z = yrow[t as usize];
                                let ok = (z != NONE) & ((z == x) | !is_rock_or_troll(b[z as usize & 63]));
                                cand!(Action::raw(x, y, EXTRA_THROW + t), ok);
                            }
                        }
                    }
                }
                DWARF => {
                    let ray = RAY[xi];
                    for d in 0..4 {
                        cand!(Action::raw(x, row[d], 0), ray[d] & emp != 0);
                    }
                }
                _ => {}
            }
        }
        n
    }

    /// Whether `seat` would have at least one legal step here (quota and levitation aside:
    /// a step exists whenever a plain one does): the Sorcerer next to an empty square, the
    /// Troll next to an empty square or a Rock (throwing it back is always legal), or an
    /// empty square on one of the Dwarf's rays. Absent pieces index the empty row 63.
    #[inline]
    pub(crate) fn can_step(&self, seat: u8) -> bool {
        let [s, t, d] = self.pieces[seat as usize & 3];
        let emp = !self.occ;
        (NB_MASK[s as usize & 63] & emp) | (NB_MASK[t as usize & 63] & (emp | self.rocks_bb)) | (RAY_ALL[d as usize & 63] & emp) != 0
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
            let elig: u8 = match self.lev {
                crate::state::LEV_FRESH => !self.moved_prev & 15,
                r if r < 4 => 1 << r,
                _ => 0,
            };
            for d in 0..4 {
                if NB_BIT[si][d] & emp != 0 {
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
                    for u in 0..4 {
                        let z = NB[y as usize & 63][u];
                        n += (z != NONE && (z == t || !is_rock_or_troll(self.board[z as usize & 63]))) as u32;
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
