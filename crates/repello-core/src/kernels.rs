//! The fast perft kernel behind [`Game::perft_kernel`](boardgame_kit::Game::perft_kernel):
//! make/unmake on a compact copy of the state, counting without listing.
//!
//! - Stack moves come from a table built once per call: for each square and direction, the
//!   landing square and the set of squares the path enters, so a direction is legal when that
//!   set holds no piece (the starting square, which holds the stack, blocks a path that comes
//!   back over it).
//! - Undo records the few squares an action changed and the counters before it, not the board.
//! - Pushes: only pieces that touch another (a bitboard shift of the occupancy) are looked
//!   at; the 3x3 block around such a piece is read as three rows of bytes and a 512-entry
//!   table gives the directions with a piece behind and none ahead; then the exceptions (own
//!   stack off the board, repeated arrangements) are checked for those directions only.
//! - Bulk counting: at the last ply the actions are counted, not played; one ply above, the
//!   pushes of a child are counted once, and that count both decides whether the repulsion
//!   phase goes on (a push is legal) and is the child's number of actions.
//! - At the root, the board symmetries that map the whole position to itself (the stand-in
//!   board is symmetric under quarter turns, and so is the start) split the actions into
//!   orbits whose children have equal counts: one child per orbit is counted, times the
//!   orbit's size. The rules are the same in every orientation (moves bounce off every edge
//!   alike, pushes and the start area are geometric), so this is exact.
//!
//! The repetition history lives on one stack of arrangement keys for the whole call (the
//! current phase is its top part); the action lists share another. Both are allocated once
//! per call, so the search itself never allocates.

use crate::board::{
    file_of, mb, rank_of, step, zkey, Bb, Bounce, BLACK, BOARD_BB, CELLS, DF, DR, EMPTY, OFF, SIDE,
    STACK0, START_BB,
};
use crate::state::{capture_stack, Mode, State, MAX_ACTIONS};
use alloc::vec;
use alloc::vec::Vec;

/// For each 3x3 block of occupied squares around a piece (bits 0-2 the row below, west to
/// east, 3-5 its own row, 6-8 the row above), the directions (bit d for `Dir8` order `n ne
/// e se s sw w nw`) with a piece behind and none ahead.
static PUSHABLE: [u8; 512] = {
    // The block bit of the neighbour in each direction.
    const AT: [usize; 8] = [7, 8, 5, 2, 1, 0, 3, 6];
    let mut t = [0u8; 512];
    let mut block = 0;
    while block < 512 {
        let mut d = 0;
        while d < 8 {
            let ahead = block >> AT[d] & 1;
            let behind = block >> AT[(d + 4) & 7] & 1;
            if behind == 1 && ahead == 0 {
                t[block] |= 1 << d;
            }
            d += 1;
        }
        block += 1;
    }
    t
};

/// Action codes of the kernel: kind, square, direction.
const PLACE: u16 = 0;
const MOVE: u16 = 1;
const PUSH: u16 = 2;

#[inline]
const fn code(kind: u16, sq: usize, d: usize) -> u16 {
    kind << 11 | (sq as u16) << 3 | d as u16
}

#[inline]
const fn kind_of(a: u16) -> u16 {
    a >> 11
}

#[inline]
const fn sq_of(a: u16) -> usize {
    (a >> 3 & 0xff) as usize
}

#[inline]
const fn dir_of(a: u16) -> usize {
    (a & 7) as usize
}

/// Where the stack goes from each square in each direction.
struct MoveTable {
    /// The landing square (0 when the first square is off the board).
    land: Vec<[u8; 8]>,
    /// The squares the path enters, the landing square included; `{from}` when the direction
    /// is not offered (the stack itself then blocks it).
    path: Vec<[Bb; 8]>,
}

impl MoveTable {
    fn new(nums: &[u8; CELLS]) -> MoveTable {
        let mut land = vec![[0u8; 8]; CELLS];
        let mut path = vec![[Bb::EMPTY; 8]; CELLS];
        for from in BOARD_BB.iter() {
            for d in 0..8 {
                let first = step(from, d);
                let mut set = Bb::EMPTY;
                if !BOARD_BB.contains(first) {
                    set.set(from);
                    path[from][d] = set;
                    continue;
                }
                let mut m = from;
                let walk = Bounce::new(file_of(from), rank_of(from), d);
                for (f, r) in walk.take(usize::from(nums[first])) {
                    m = mb(f, r);
                    set.set(m);
                }
                land[from][d] = m as u8;
                path[from][d] = set;
            }
        }
        MoveTable { land, path }
    }
}

/// Everything an action may change but the board squares (restored whole by `unmake`).
#[derive(Clone, Copy, Default)]
struct Counters {
    hash: u64,
    pos: [u8; 4],
    count: [u8; 4],
    capt: [[u8; 3]; 4],
    seat: u8,
    setup: bool,
    push: bool,
    over: bool,
}

/// What `unmake` needs: the counters and history bounds before the action, and the squares
/// it changed with their old contents (at most 2 by the action, 1 by the end of the turn per
/// seat).
#[derive(Clone, Copy, Default)]
struct Undo {
    counters: Counters,
    base: u32,
    top: u32,
    n: u8,
    sq: [u8; 8],
    old: [u8; 8],
}

/// The compact position the kernel searches.
struct Kernel<'t> {
    /// Mailbox contents (border and padding cells `OFF`), indexed by a byte.
    b: [u8; 256],
    occ: Bb,
    c: Counters,
    players: usize,
    /// Arrangement keys; the current repulsion phase is `hist[base..top]`.
    hist: Vec<u64>,
    base: usize,
    top: usize,
    /// Action lists of every ply, one after the other.
    acts: Vec<u16>,
    moves: &'t MoveTable,
}

impl<'t> Kernel<'t> {
    fn new(s: &State, moves: &'t MoveTable, depth: u32) -> Kernel<'t> {
        let core = &s.core;
        let mut b = [OFF; 256];
        b[..CELLS].copy_from_slice(&core.board);
        let mut hist = Vec::with_capacity(s.hist.hashes.len() + depth as usize + 2);
        hist.extend_from_slice(&s.hist.hashes);
        let top = hist.len();
        hist.resize(top + depth as usize + 2, 0);
        Kernel {
            b,
            occ: core.occ,
            c: Counters {
                hash: core.hash,
                pos: core.pos,
                count: core.count,
                capt: core.capt,
                seat: core.seat,
                setup: core.mode == Mode::Setup,
                push: core.mode == Mode::Push,
                over: core.mode == Mode::Over,
            },
            players: s.players(),
            hist,
            base: 0,
            top,
            acts: Vec::with_capacity(MAX_ACTIONS * (depth as usize).max(1)),
            moves,
        }
    }

    /// Sets square `m` to `p` (a piece or `EMPTY`), recording the old contents in `u`.
    #[inline(always)]
    fn set(&mut self, u: &mut Undo, m: usize, p: u8) {
        let m = m & 0xff;
        let old = self.b[m];
        let k = u.n as usize & 7;
        u.sq[k] = m as u8;
        u.old[k] = old;
        u.n += 1;
        self.b[m] = p;
        self.c.hash ^= zkey(old, m) ^ zkey(p, m);
        if p == EMPTY {
            self.occ.clear(m);
        } else {
            self.occ.set(m);
        }
        if old >= STACK0 {
            self.c.pos[(old - STACK0) as usize & 3] = 0;
        }
        if p >= STACK0 {
            self.c.pos[(p - STACK0) as usize & 3] = m as u8;
        }
    }

    fn unmake(&mut self, u: &Undo) {
        for k in (0..u.n as usize).rev() {
            let (m, old) = (u.sq[k] as usize, u.old[k]);
            self.b[m] = old;
            if old == EMPTY {
                self.occ.clear(m);
            } else {
                self.occ.set(m);
            }
        }
        self.c = u.counters;
        self.base = u.base as usize;
        self.top = u.top as usize;
    }

    /// Records `h` as an arrangement of the current phase.
    #[inline(always)]
    fn remember(&mut self, h: u64) {
        if let Some(slot) = self.hist.get_mut(self.top) {
            *slot = h;
        } else {
            // Beyond the depth bound of the call (not reached by a search of that depth).
            self.hist.push(h);
        }
        self.top += 1;
    }

    /// Calls `f(x, d)` for each legal push (the piece on `x` pushed in direction `d`) until it
    /// returns false; returns false if stopped early. Only pieces that touch another can be
    /// pushed; the seat's own stack may not leave the board; no push may recreate an
    /// arrangement of the phase.
    #[inline(always)]
    fn for_each_push(&self, mut f: impl FnMut(usize, usize) -> bool) -> bool {
        let own = STACK0 + self.c.seat;
        let seen = &self.hist[self.base..self.top];
        let h = self.c.hash;
        for x in self.occ.and(self.occ.around()).iter() {
            let x = x & 0xff;
            let p = self.b[x];
            let mut dirs = self.pushable(x);
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let t = step(x, d) & 0xff;
                // Ahead is empty or off the board.
                let legal = if self.b[t] == OFF {
                    p != own
                } else {
                    !seen.contains(&(h ^ zkey(p, x) ^ zkey(p, t)))
                };
                if legal && !f(x, d) {
                    return false;
                }
            }
        }
        true
    }

    /// The number of legal pushes, without branching on each direction: a piece's pushable
    /// directions are those with a piece behind it and none ahead (ahead may be off the
    /// board), then the exceptions (own stack off the board, repeated arrangements).
    #[inline(always)]
    fn push_count(&self) -> u32 {
        let own = self.c.pos[self.c.seat as usize & 3] as usize;
        let seen = &self.hist[self.base..self.top];
        // Only arrangements other than the current one can be recreated.
        let check = seen.len() > 1 || seen.first().is_some_and(|&h| h != self.c.hash);
        let mut n = 0;
        for x in self.occ.and(self.occ.around()).iter() {
            let x = x & 0xff;
            let pushable = self.pushable(x);
            n += pushable.count_ones();
            if x == own || check {
                let p = self.b[x];
                let mut dirs = pushable;
                while dirs != 0 {
                    let d = dirs.trailing_zeros() as usize;
                    dirs &= dirs - 1;
                    let t = step(x, d) & 0xff;
                    let illegal = if self.b[t] == OFF {
                        x == own
                    } else {
                        check && seen.contains(&(self.c.hash ^ zkey(p, x) ^ zkey(p, t)))
                    };
                    n -= illegal as u32;
                }
            }
        }
        n
    }

    /// The directions in which the piece on `x` (not on the edge of the mailbox) has a piece
    /// behind it and none ahead: the 3x3 block around it read as three rows of bytes.
    #[inline(always)]
    fn pushable(&self, x: usize) -> u32 {
        let row = |m: usize| -> u32 {
            let w = self
                .b
                .get(m..m + 4)
                .and_then(|s| <[u8; 4]>::try_from(s).ok())
                .map_or(0, u32::from_le_bytes);
            // Pieces are the codes 1..=7: a byte with one of its low three bits set.
            let bits = ((w & 0x0007_0707) + 0x007f_7f7f) & 0x0080_8080;
            (bits >> 7 & 1) | (bits >> 14 & 2) | (bits >> 21 & 4)
        };
        let block = row(x - 16) | row(x - 1) << 3 | row(x + 14) << 6;
        PUSHABLE[block as usize] as u32
    }

    /// The squares where the seat to act may place its stack now.
    #[inline]
    fn placements(&self) -> Bb {
        if self.c.setup {
            return START_BB.andnot(self.occ).andnot(self.occ.around());
        }
        let s = START_BB.andnot(self.occ);
        if s.is_empty() {
            BOARD_BB.andnot(self.occ)
        } else {
            s
        }
    }

    /// Legal directions of the stack on `from`, as a bit set.
    #[inline(always)]
    fn move_dirs(&self, from: usize) -> u32 {
        let paths = &self.moves.path[from];
        let mut dirs = 0;
        for (d, p) in paths.iter().enumerate() {
            dirs |= (p.and(self.occ).is_empty() as u32) << d;
        }
        dirs
    }

    /// Number of legal actions.
    #[inline]
    fn count(&self) -> u32 {
        if self.c.over {
            return 0;
        }
        if self.c.push {
            return self.push_count();
        }
        if !self.c.setup {
            let from = self.c.pos[self.c.seat as usize & 3] as usize;
            if from != 0 {
                let n = self.move_dirs(from).count_ones();
                if n > 0 {
                    return n;
                }
            }
        }
        self.placements().0.iter().map(|w| w.count_ones()).sum()
    }

    /// Appends the legal actions to `acts`.
    fn generate(&mut self) {
        if self.c.over {
            return;
        }
        if self.c.push {
            let mut acts = core::mem::take(&mut self.acts);
            self.for_each_push(|x, d| {
                acts.push(code(PUSH, x, d));
                true
            });
            self.acts = acts;
            return;
        }
        if !self.c.setup {
            let from = self.c.pos[self.c.seat as usize & 3] as usize;
            if from != 0 {
                let mut dirs = self.move_dirs(from);
                if dirs != 0 {
                    while dirs != 0 {
                        let d = dirs.trailing_zeros() as usize;
                        dirs &= dirs - 1;
                        self.acts.push(code(MOVE, 0, d));
                    }
                    return;
                }
            }
        }
        for m in self.placements().iter() {
            self.acts.push(code(PLACE, m, 0));
        }
    }

    /// Ends the turn: empty stacks leave, the next seat with a stack acts (or the game ends).
    fn end_turn(&mut self, u: &mut Undo) {
        for s in 0..self.players {
            let m = self.c.pos[s] as usize;
            if m != 0 && self.c.count[s] == 0 {
                self.set(u, m, EMPTY);
            }
        }
        self.base = self.top;
        let cur = self.c.seat as usize;
        let n = self.players;
        let c = &mut self.c;
        match (1..=n)
            .map(|k| if cur + k >= n { cur + k - n } else { cur + k })
            .find(|&s| c.pos[s & 3] != 0 || c.count[s & 3] > 0)
        {
            None => {
                c.over = true;
                c.push = false;
                c.setup = false;
                c.seat = 0;
            }
            Some(next) => {
                c.setup = c.setup && next == cur + 1;
                c.push = false;
                c.seat = next as u8;
            }
        }
    }

    /// After a move, placement or push: the phase goes on while a push is legal. With `COUNT`
    /// returns the number of legal pushes (0 when the turn ended), otherwise 0 or 1.
    #[inline(always)]
    fn continue_phase<const COUNT: bool>(&mut self, u: &mut Undo) -> u32 {
        let n = if COUNT {
            self.push_count()
        } else {
            // Any legal push.
            (!self.for_each_push(|_, _| false)) as u32
        };
        if n == 0 {
            self.end_turn(u);
        }
        n
    }

    /// Plays `a` (legal here). With `COUNT`, returns the number of legal pushes after it when
    /// the repulsion phase goes on (then the child's number of actions), else 0.
    #[inline(always)]
    fn make<const COUNT: bool>(&mut self, a: u16, u: &mut Undo) -> u32 {
        u.counters = self.c;
        u.base = self.base as u32;
        u.top = self.top as u32;
        u.n = 0;
        let seat = self.c.seat as usize & 3;
        let stack = STACK0 + seat as u8;
        match kind_of(a) {
            PUSH => {
                let (x, d) = (sq_of(a), dir_of(a));
                let t = step(x, d) & 0xff;
                let p = self.b[x];
                self.set(u, x, EMPTY);
                if self.b[t] == OFF {
                    let c = &mut self.c;
                    if p < STACK0 {
                        c.capt[seat][(p - 1) as usize % 3] += 1;
                    } else {
                        let q = (p - STACK0) as usize & 3;
                        capture_stack(&mut c.count, &mut c.capt, seat, q);
                    }
                    self.base = self.top;
                } else {
                    self.set(u, t, p);
                }
                self.remember(self.c.hash);
                self.continue_phase::<COUNT>(u)
            }
            kind => {
                if kind == PLACE && self.c.setup {
                    self.set(u, sq_of(a), stack);
                    self.end_turn(u);
                    return 0;
                }
                let from = self.c.pos[seat] as usize;
                let to = if kind == MOVE {
                    self.moves.land[from][dir_of(a)] as usize
                } else {
                    sq_of(a)
                };
                if from != 0 {
                    self.set(u, from, BLACK);
                    self.c.count[seat] = self.c.count[seat].saturating_sub(1);
                }
                self.set(u, to, stack);
                self.c.push = true;
                self.base = self.top;
                self.remember(self.c.hash);
                self.continue_phase::<COUNT>(u)
            }
        }
    }

    /// Perft of the current position, `depth` at least 2.
    fn perft(&mut self, depth: u32) -> u64 {
        let start = self.acts.len();
        self.generate();
        let end = self.acts.len();
        let mut total = 0;
        let mut u = Undo::default();
        for i in start..end {
            let a = self.acts[i];
            if depth == 2 {
                let n = self.make::<true>(a, &mut u);
                total += if self.c.push { n } else { self.count() } as u64;
            } else {
                self.make::<false>(a, &mut u);
                total += self.perft(depth - 1);
            }
            self.unmake(&u);
        }
        self.acts.truncate(start);
        total
    }

    /// Perft from the root, one child per orbit of the position's symmetries.
    fn perft_root(&mut self, depth: u32, nums: &[u8; CELLS]) -> u64 {
        let syms = self.symmetries(nums);
        if syms.len() == 1 {
            return self.perft(depth);
        }
        self.generate();
        let end = self.acts.len();
        let mut total = 0;
        let mut u = Undo::default();
        for i in 0..end {
            let a = self.acts[i];
            let mut images = [0u16; 8];
            for (img, g) in images.iter_mut().zip(syms.iter()) {
                *img = g.action(a);
            }
            let images = &mut images[..syms.len()];
            images.sort_unstable();
            if images[0] != a {
                continue; // not the orbit's representative
            }
            let orbit = 1 + images.windows(2).filter(|w| w[0] != w[1]).count() as u64;
            self.make::<false>(a, &mut u);
            total += orbit * self.perft_any(depth - 1);
            self.unmake(&u);
        }
        self.acts.clear();
        total
    }

    fn perft_any(&mut self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count() as u64,
            _ => self.perft(depth),
        }
    }

    /// The board symmetries that map this position to itself (the identity first).
    fn symmetries(&self, nums: &[u8; CELLS]) -> Vec<Sym> {
        let mut out = vec![Sym::ALL[0]];
        // Earlier arrangements of the phase would have to map to themselves too.
        if self.top - self.base > 1 {
            return out;
        }
        for g in Sym::ALL[1..].iter().copied() {
            let fixed = BOARD_BB
                .iter()
                .all(|m| nums[g.square(m)] == nums[m] && self.b[g.square(m)] == self.b[m]);
            if fixed {
                out.push(g);
            }
        }
        out
    }
}

/// One of the eight symmetries of the square board: optionally swap files and ranks, then
/// optionally mirror files and ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sym {
    swap: bool,
    flip_file: bool,
    flip_rank: bool,
}

impl Sym {
    const ALL: [Sym; 8] = {
        let mut all = [Sym {
            swap: false,
            flip_file: false,
            flip_rank: false,
        }; 8];
        let mut k = 0;
        while k < 8 {
            all[k] = Sym {
                swap: k & 4 != 0,
                flip_file: k & 1 != 0,
                flip_rank: k & 2 != 0,
            };
            k += 1;
        }
        all
    };

    /// The image of (file, rank) steps or offsets from the centre.
    fn apply(self, f: i8, r: i8) -> (i8, i8) {
        let (f, r) = if self.swap { (r, f) } else { (f, r) };
        (
            if self.flip_file { -f } else { f },
            if self.flip_rank { -r } else { r },
        )
    }

    fn square(self, m: usize) -> usize {
        let c = (SIDE / 2) as i8;
        let (f, r) = ((m % 15 - 1) as i8 - c, (m / 15 - 1) as i8 - c);
        let (f, r) = self.apply(f, r);
        mb((f + c) as usize, (r + c) as usize)
    }

    fn dir(self, d: usize) -> usize {
        let (f, r) = self.apply(DF[d], DR[d]);
        (0..8).find(|&e| (DF[e], DR[e]) == (f, r)).unwrap_or(d)
    }

    fn action(self, a: u16) -> u16 {
        let d = if kind_of(a) == PLACE {
            0
        } else {
            self.dir(dir_of(a))
        };
        let sq = if kind_of(a) == MOVE {
            0
        } else {
            self.square(sq_of(a))
        };
        code(kind_of(a), sq, d)
    }
}

/// Perft of `s` (see the module documentation).
pub(crate) fn perft(s: &State, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => s.count() as u64,
        _ => {
            let moves = MoveTable::new(&s.nums);
            let mut k = Kernel::new(s, &moves, depth);
            if depth == 2 {
                k.perft(2)
            } else {
                k.perft_root(depth, &s.nums)
            }
        }
    }
}
