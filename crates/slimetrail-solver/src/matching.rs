//! Exact endgames: undirected vertex geography decided by maximum matchings.
//!
//! Once neither goal corner can be reached, the game is *undirected vertex geography* on the
//! snail's component: the players move a token along edges to vertices not visited before, and
//! the player who cannot move loses. Fraenkel, Scheinerman and Ullman (1993) showed that the
//! player to move wins exactly when the token's vertex is covered by every maximum matching of
//! the graph. Equivalently: a maximum matching of the graph without the token's vertex can be
//! augmented once the vertex is added back, along a path that starts at the vertex.
//!
//! The king graph has triangles, so the matching is Edmonds' blossom algorithm, on bit sets of
//! the padded layout (at most 90 vertices, fixed-size arrays, no heap).

use super::geometry::Geometry;
use slimetrail_core::Bits;

const SLOTS: usize = 128;
const NONE: u8 = u8::MAX;

/// Scratch space of one matching computation.
struct Blossom<'g> {
    geo: &'g Geometry,
    /// The graph's vertices.
    vertices: Bits,
    mate: [u8; SLOTS],
    parent: [u8; SLOTS],
    base: [u8; SLOTS],
    queue: [u8; SLOTS],
}

/// Does the player to move from `token` win undirected vertex geography on `vertices`
/// (which include `token`) with king-step edges?
pub(crate) fn token_wins(geo: &Geometry, vertices: Bits, token: u8) -> bool {
    let rest = vertices & !(1 << token);
    let mut b = Blossom {
        geo,
        vertices: rest,
        mate: [NONE; SLOTS],
        parent: [NONE; SLOTS],
        base: [0; SLOTS],
        queue: [0; SLOTS],
    };
    b.maximise();
    b.vertices = vertices;
    b.augment_from(token)
}

impl Blossom<'_> {
    /// A maximum matching of `vertices`: greedy first, then one augmenting search per vertex
    /// left free (a vertex left free once stays free under later augmentations).
    fn maximise(&mut self) {
        let mut taken: Bits = 0;
        let mut m = self.vertices;
        while m != 0 {
            let v = m.trailing_zeros() as u8;
            m &= m - 1;
            if taken >> v & 1 != 0 {
                continue;
            }
            let free = self.geo.near(v) & self.vertices & !taken;
            if free != 0 {
                let u = free.trailing_zeros() as u8;
                self.mate[v as usize] = u;
                self.mate[u as usize] = v;
                taken |= 1 << v | 1 << u;
            }
        }
        let mut m = self.vertices & !taken;
        while m != 0 {
            let v = m.trailing_zeros() as u8;
            m &= m - 1;
            if self.mate[v as usize] == NONE {
                self.augment_from(v);
            }
        }
    }

    /// Searches an augmenting path from the free vertex `root` and applies it.
    fn augment_from(&mut self, root: u8) -> bool {
        let end = self.find_path(root);
        if end == NONE {
            return false;
        }
        let mut v = end;
        while v != NONE {
            let pv = self.parent[v as usize];
            let next = self.mate[pv as usize];
            self.mate[v as usize] = pv;
            self.mate[pv as usize] = v;
            v = next;
        }
        true
    }

    /// Edmonds' search: the free end of an augmenting path from `root`, or `NONE`.
    fn find_path(&mut self, root: u8) -> u8 {
        let mut used: Bits = 1 << root;
        let mut m = self.vertices;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            self.base[v] = v as u8;
            self.parent[v] = NONE;
        }
        let (mut head, mut tail) = (0, 0);
        self.queue[tail] = root;
        tail += 1;
        while head < tail {
            let v = self.queue[head];
            head += 1;
            let mut nb = self.geo.near(v) & self.vertices;
            while nb != 0 {
                let to = nb.trailing_zeros() as u8;
                nb &= nb - 1;
                if self.base[v as usize] == self.base[to as usize] || self.mate[v as usize] == to {
                    continue;
                }
                let mate_to = self.mate[to as usize];
                if to == root || (mate_to != NONE && self.parent[mate_to as usize] != NONE) {
                    let top = self.common_base(v, to);
                    let mut blossom: Bits = 0;
                    self.mark_path(v, top, to, &mut blossom);
                    self.mark_path(to, top, v, &mut blossom);
                    let mut all = self.vertices;
                    while all != 0 {
                        let i = all.trailing_zeros() as usize;
                        all &= all - 1;
                        if blossom >> self.base[i] & 1 != 0 {
                            self.base[i] = top;
                            if used >> i & 1 == 0 {
                                used |= 1 << i;
                                self.queue[tail] = i as u8;
                                tail += 1;
                            }
                        }
                    }
                } else if self.parent[to as usize] == NONE {
                    self.parent[to as usize] = v;
                    if mate_to == NONE {
                        return to;
                    }
                    used |= 1 << mate_to;
                    self.queue[tail] = mate_to;
                    tail += 1;
                }
            }
        }
        NONE
    }

    /// The base of the smallest blossom holding both `a` and `b` (their lowest common
    /// ancestor in the alternating tree).
    fn common_base(&self, mut a: u8, mut b: u8) -> u8 {
        let mut seen: Bits = 0;
        loop {
            a = self.base[a as usize];
            seen |= 1 << a;
            if self.mate[a as usize] == NONE {
                break;
            }
            a = self.parent[self.mate[a as usize] as usize];
        }
        loop {
            b = self.base[b as usize];
            if seen >> b & 1 != 0 {
                return b;
            }
            b = self.parent[self.mate[b as usize] as usize];
        }
    }

    /// Marks the blossom bases on the path from `v` down to base `top`, pointing the odd
    /// vertices back to `child`.
    fn mark_path(&mut self, mut v: u8, top: u8, mut child: u8, blossom: &mut Bits) {
        while self.base[v as usize] != top {
            let m = self.mate[v as usize];
            *blossom |= 1 << self.base[v as usize] | 1 << self.base[m as usize];
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::{RandomSource, SplitMix64};
    use slimetrail_core::Board;

    /// Plain vertex geography: can the player to move from `token` win on `vertices`?
    fn geography(geo: &Geometry, vertices: Bits, token: u8) -> bool {
        let rest = vertices & !(1 << token);
        let mut m = geo.near(token) & rest;
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            if !geography(geo, rest, to) {
                return true;
            }
        }
        false
    }

    #[test]
    fn matching_decides_vertex_geography_on_random_king_graphs() {
        let mut rng = SplitMix64::new(11);
        let (mut wins, mut losses) = (0, 0);
        for size in [5u8, 7] {
            let b = Board::new(size).unwrap();
            let geo = Geometry::new(b);
            for _ in 0..3000 {
                // A random set of up to 16 cells, grown from a token as a connected blob.
                let cells: u32 = 2 + rng.below(15) as u32;
                let token = loop {
                    let i = rng.below(geo.far() as u64 + 1) as u8;
                    if geo.all() >> i & 1 != 0 {
                        break i;
                    }
                };
                let mut vertices: Bits = 1 << token;
                while vertices.count_ones() < cells {
                    let frontier = {
                        let mut f = 0;
                        let mut m = vertices;
                        while m != 0 {
                            f |= geo.near(m.trailing_zeros() as u8);
                            m &= m - 1;
                        }
                        f & !vertices
                    };
                    let mut pick = rng.below(frontier.count_ones() as u64);
                    let mut f = frontier;
                    while pick > 0 {
                        f &= f - 1;
                        pick -= 1;
                    }
                    vertices |= 1 << f.trailing_zeros();
                    // Now and then punch a hole, so that graphs are not all blobs.
                    if rng.below(4) == 0 {
                        let holes = vertices & !(1 << token);
                        let h = holes.trailing_zeros();
                        vertices &= !(1 << h);
                    }
                }
                let want = geography(&geo, vertices, token);
                assert_eq!(
                    token_wins(&geo, vertices, token),
                    want,
                    "{vertices:#x} {token}"
                );
                if want {
                    wins += 1;
                } else {
                    losses += 1;
                }
            }
        }
        assert!(wins > 500 && losses > 500, "{wins} {losses}");
    }
}
