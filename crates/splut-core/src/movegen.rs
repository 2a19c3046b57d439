//! Legal-step generation (heap-free): one pass over the mover's three pieces, directions in
//! destination order, so the list comes out sorted by [`Action`]'s `Ord`.

use crate::board::{nb, NB, NONE};
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

    /// Writes every legal step of the player to move into `buf`, in `Ord` order; returns how
    /// many (at most 40: see [`crate::State`]'s `ActionBuf`).
    #[inline(always)]
    pub(crate) fn generate(&self, buf: &mut [Action; 40]) -> usize {
        let mut n = 0usize;
        macro_rules! push {
            ($a:expr) => {
                if let Some(slot) = buf.get_mut(n) {
                    *slot = $a;
                    n += 1;
                }
            };
        }
        if !self.is_playing() {
            return 0;
        }
        let b = &self.board;
        for x in self.mover_squares() {
            if x == NONE {
                break;
            }
            let row = NB[x as usize & 63];
            match kind_of(b[x as usize & 63]) {
                SORCERER => {
                    // eligible Rocks in square order
                    let mut lev = [NONE; 4];
                    let mut k = 0;
                    let mut m = self.levitable();
                    while m != 0 && k < 4 {
                        lev[k] = m.trailing_zeros() as u8;
                        m &= m - 1;
                        k += 1;
                    }
                    for d in 0..4 {
                        let y = row[d];
                        if y == NONE || b[y as usize & 63] != EMPTY {
                            continue;
                        }
                        push!(Action::raw(x, y, 0));
                        for &q in &lev[..k] {
                            let dest = NB[q as usize & 63][d];
                            if dest != NONE && (b[dest as usize & 63] == EMPTY || dest == x) {
                                push!(Action::raw(x, y, EXTRA_LEV + q));
                            }
                        }
                    }
                }
                TROLL => {
                    for d in 0..4 {
                        let y = row[d];
                        if y == NONE {
                            continue;
                        }
                        let c = b[y as usize & 63];
                        if c == EMPTY {
                            push!(Action::raw(x, y, 0));
                            let back = row[3 - d];
                            if back != NONE && is_rock(b[back as usize & 63]) {
                                push!(Action::raw(x, y, EXTRA_PULL));
                            }
                        } else if is_rock(c) {
                            let yrow = NB[y as usize & 63];
                            for t in 0..4u8 {
                                let z = yrow[t as usize];
                                if z != NONE && (z == x || !is_rock_or_troll(b[z as usize & 63])) {
                                    push!(Action::raw(x, y, EXTRA_THROW + t));
                                }
                            }
                        }
                    }
                }
                DWARF => {
                    for d in 0..4 {
                        let y = row[d];
                        if y == NONE {
                            continue;
                        }
                        let mut z = y;
                        while z != NONE && b[z as usize & 63] != EMPTY {
                            z = NB[z as usize & 63][d];
                        }
                        if z != NONE {
                            push!(Action::raw(x, y, 0));
                        }
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
                        if y != NONE && (b[y as usize & 63] == EMPTY || is_rock(b[y as usize & 63])) {
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
