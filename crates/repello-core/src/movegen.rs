//! Legal-action generation (heap-free): placements, stack moves with reflections, pushes.

use crate::action::Action;
use crate::board::{
    cell_of, dir_of, is_piece, step, zkey, Bb, BOARD_BB, EMPTY, OFF, STACK0, START_BB,
};
use crate::state::{Mode, State, Walk};
use boardgame_kit::Actions;

impl State {
    /// The squares where the seat to act may place its stack now (setup, return or
    /// relocation), as a set.
    pub(crate) fn placement_set(&self) -> Bb {
        let occ = self.core.occ;
        match self.core.mode {
            Mode::Setup => START_BB.andnot(occ).andnot(occ.around()),
            _ => {
                // Return or relocation: any empty start-area square (the stack's own square is
                // occupied: by the stack now, by its dropped token after the drop); if there is
                // none, any empty square.
                let s = START_BB.andnot(occ);
                if s.is_empty() {
                    BOARD_BB.andnot(occ)
                } else {
                    s
                }
            }
        }
    }

    /// Whether the seat to act, at the start of its turn with its stack on the board, has a
    /// legal direction.
    pub(crate) fn has_move(&self, from: usize) -> bool {
        (0..8).any(|d| matches!(self.walk(from, d), Walk::Lands(_)))
    }

    /// Calls `f(x, d)` for each legal push (the piece on `x` pushed in direction `d`) in
    /// action order until it returns false. Returns false if stopped early.
    #[inline(always)]
    fn for_each_push(&self, mut f: impl FnMut(usize, usize) -> bool) -> bool {
        let c = &self.core;
        let b = &c.board;
        let own = STACK0 + c.seat;
        let adj = c.occ.and(c.occ.around());
        for x in adj.iter() {
            // Bit d: a piece stands behind x as seen from direction d (on x - d), so x may be
            // pushed in direction d.
            let mut behind = 0u32;
            for d in 0..8 {
                behind |= (is_piece(b[step(x, (d + 4) & 7)]) as u32) << d;
            }
            let p = b[x];
            while behind != 0 {
                let d = behind.trailing_zeros() as usize;
                behind &= behind - 1;
                let t = step(x, d);
                let legal = match b[t] {
                    EMPTY => !self
                        .hist
                        .hashes
                        .contains(&(c.hash ^ zkey(p, x) ^ zkey(p, t))),
                    OFF => p != own,
                    _ => false,
                };
                if legal && !f(x, d) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether a legal push exists.
    #[inline]
    pub(crate) fn any_push(&self) -> bool {
        !self.for_each_push(|_, _| false)
    }

    /// Writes the legal actions of the current state.
    pub(crate) fn generate(&self, out: &mut Actions<State>) {
        out.clear();
        let c = &self.core;
        match c.mode {
            Mode::Over => {}
            Mode::Setup => {
                for m in self.placement_set().iter() {
                    out.push(Action::Place(cell_of(m)));
                }
            }
            Mode::Turn => {
                let from = c.pos[c.seat as usize] as usize;
                if from != 0 {
                    for d in 0..8 {
                        if let Walk::Lands(_) = self.walk(from, d) {
                            out.push(Action::Move(dir_of(d)));
                        }
                    }
                    if !out.is_empty() {
                        return;
                    }
                }
                for m in self.placement_set().iter() {
                    out.push(Action::Place(cell_of(m)));
                }
            }
            Mode::Push => {
                self.for_each_push(|x, d| {
                    out.push(Action::Push(cell_of(x), dir_of(d)));
                    true
                });
            }
        }
    }

    /// Number of legal actions.
    pub(crate) fn count(&self) -> usize {
        let c = &self.core;
        match c.mode {
            Mode::Over => 0,
            Mode::Setup => self.placement_count(),
            Mode::Turn => {
                let from = c.pos[c.seat as usize] as usize;
                if from != 0 {
                    let n = (0..8)
                        .filter(|&d| matches!(self.walk(from, d), Walk::Lands(_)))
                        .count();
                    if n > 0 {
                        return n;
                    }
                }
                self.placement_count()
            }
            Mode::Push => {
                let mut n = 0;
                self.for_each_push(|_, _| {
                    n += 1;
                    true
                });
                n
            }
        }
    }

    fn placement_count(&self) -> usize {
        self.placement_set()
            .0
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }
}
