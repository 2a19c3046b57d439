//! Legal-step generation (heap-free): one pass over the mover's three pieces, directions in
//! destination order, so the list comes out sorted by [`Action`]'s `Ord`.

use crate::board::{nb, NB, NB_BIT, NONE};
use crate::notation::{Action, EXTRA_LEV, EXTRA_PULL, EXTRA_THROW};
use crate::state::{is_rock, is_rock_or_troll, kind_of, State, DWARF, EMPTY, SORCERER, TROLL};

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
    /// only when the candidate is legal, so random positions cost few branch mispredictions.
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
        for x in self.mover_squares() {
            if x == NONE {
                break;
            }
            let row = NB[x as usize & 63];
            match kind_of(b[x as usize & 63]) {
                SORCERER => {
                    let rocks = self.sorted_rocks();
                    // squares a levitated Rock may enter: empty, or the one the Sorcerer leaves
                    let free = !self.occ | (1u64 << (x & 63));
                    let any = rocks.iter().any(|k| k & 1 == 1);
                    for d in 0..4 {
                        let y = row[d];
                        let step = (y != NONE) & (b[y as usize & 63] == EMPTY);
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
                        let c = b[y as usize & 63];
                        let on = y != NONE;
                        let empty = on & (c == EMPTY);
                        let rock = on & is_rock(c);
                        cand!(Action::raw(x, y, 0), empty);
                        let back = row[3 - d];
                        cand!(
                            Action::raw(x, y, EXTRA_PULL),
                            empty & (back != NONE) & is_rock(b[back as usize & 63])
                        );
                        if rock {
                            // rare: a branch is cheaper than four candidates
                            let yrow = NB[y as usize & 63];
                            for t in 0..4u8 {
                                let z = yrow[t as usize];
                                let ok = (z != NONE)
                                    & ((z == x) | !is_rock_or_troll(b[z as usize & 63]));
                                cand!(Action::raw(x, y, EXTRA_THROW + t), ok);
                            }
                        }
                    }
                }
                DWARF => {
                    for d in 0..4 {
                        let y = row[d];
                        let mut z = y;
                        while z != NONE && b[z as usize & 63] != EMPTY {
                            z = NB[z as usize & 63][d];
                        }
                        cand!(Action::raw(x, y, 0), (y != NONE) & (z != NONE));
                    }
                }
                _ => {}
            }
        }
        n
    }

    /// Whether `seat` would have at least one legal step here (quota and levitation aside:
    /// a step exists whenever a plain one does).
    #[inline]
    pub(crate) fn can_step(&self, seat: u8) -> bool {
        let b = &self.board;
        for x in self.pieces[seat as usize & 3] {
            if x == NONE {
                continue;
            }
            match kind_of(b[x as usize & 63]) {
                SORCERER => {
                    for d in 0..4 {
                        let y = nb(x, d);
                        if y != NONE && b[y as usize & 63] == EMPTY {
                            return true;
                        }
                    }
                }
                TROLL => {
                    for d in 0..4 {
                        let y = nb(x, d);
                        // onto an empty square, or onto a Rock (throwing it back is always legal)
                        if y != NONE && (b[y as usize & 63] == EMPTY || is_rock(b[y as usize & 63]))
                        {
                            return true;
                        }
                    }
                }
                DWARF => {
                    for d in 0..4 {
                        let mut z = nb(x, d);
                        while z != NONE && b[z as usize & 63] != EMPTY {
                            z = nb(z, d);
                        }
                        if z != NONE {
                            return true;
                        }
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Squares of the Rocks that may be levitated now (a bit per square).
    #[inline(always)]
    pub(crate) fn levitable(&self) -> u64 {
        match self.lev {
            crate::state::LEV_FRESH => {
                let mut m = 0u64;
                for r in 0..4 {
                    if self.moved_prev & (1 << r) == 0 {
                        m |= 1u64 << self.rocks[r];
                    }
                }
                m
            }
            r if r < 4 => 1u64 << self.rocks[r as usize],
            _ => 0,
        }
    }

    /// Number of legal steps, counted without listing them.
    pub(crate) fn count_steps(&self) -> usize {
        if !self.is_playing() {
            return 0;
        }
        let b = &self.board;
        let mut n = 0usize;
        for x in self.pieces[self.to_move as usize & 3] {
            if x == NONE {
                continue;
            }
            match kind_of(b[x as usize & 63]) {
                SORCERER => {
                    let lev = self.levitable();
                    for d in 0..4 {
                        let y = nb(x, d);
                        if y == NONE || b[y as usize & 63] != EMPTY {
                            continue;
                        }
                        n += 1;
                        let mut m = lev;
                        while m != 0 {
                            let q = m.trailing_zeros() as u8;
                            m &= m - 1;
                            let dest = nb(q, d);
                            if dest != NONE && (b[dest as usize & 63] == EMPTY || dest == x) {
                                n += 1;
                            }
                        }
                    }
                }
                TROLL => {
                    for d in 0..4 {
                        let y = nb(x, d);
                        if y == NONE {
                            continue;
                        }
                        let c = b[y as usize & 63];
                        if c == EMPTY {
                            n += 1;
                            let back = nb(x, 3 - d);
                            if back != NONE && is_rock(b[back as usize & 63]) {
                                n += 1;
                            }
                        } else if is_rock(c) {
                            for t in 0..4 {
                                let z = nb(y, t);
                                if z != NONE && (z == x || !is_rock_or_troll(b[z as usize & 63])) {
                                    n += 1;
                                }
                            }
                        }
                    }
                }
                DWARF => {
                    for d in 0..4 {
                        let mut z = nb(x, d);
                        while z != NONE && b[z as usize & 63] != EMPTY {
                            z = nb(z, d);
                        }
                        if z != NONE {
                            n += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        n
    }
}
