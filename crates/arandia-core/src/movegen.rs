//! Legal-action generation (heap-free), counting and the legality test.
//!
//! Lists come out sorted by [`Action`]'s `Ord` without sorting: re-entries first (home cells in
//! cell order), then the mover's unacted ships in cell order, each with its roll followed by its
//! shuffles or island moves in cell order. Ships are stored sorted, so two unacted ships of the
//! mover on one cell are adjacent and give one set of actions.

use crate::action::Action;
use crate::board::{self, Cell, TABLES};
use crate::state::{Phase, State, SUNK};
use boardgame_kit::Actions;

impl State {
    pub(crate) fn generate(&self, out: &mut Actions<State>) {
        out.clear();
        let m = self.mover as usize;
        match self.phase {
            Phase::Won | Phase::Drawn => {}
            Phase::Roll { .. } | Phase::AttackRoll { .. } | Phase::DefendRoll { .. } => {
                for k in 1..=6 {
                    out.push(Action::Die(k));
                }
            }
            Phase::Choose => {
                let ships = self.ships[m];
                if ships.contains(&(SUNK * 2)) {
                    for h in TABLES.harbour[board::home_side(m)] {
                        out.push(Action::Enter(Cell::from_raw(h)));
                    }
                }
                let mut prev = u8::MAX;
                for code in ships {
                    if code & 1 == 1 || code == prev || (code >> 1) >= SUNK {
                        continue;
                    }
                    prev = code;
                    let c = Cell::from_raw(code >> 1);
                    out.push(Action::At(c));
                    for t in State::free_moves(m, code >> 1) {
                        out.push(Action::Move(c, Cell::from_raw(t)));
                    }
                }
            }
            Phase::Pick { from, die } => {
                let (c, n) = State::usable(m, from.raw(), die);
                for &x in &c[..n] {
                    out.push(Action::At(Cell::from_raw(x)));
                }
            }
            Phase::Wreck => {
                for h in TABLES.harbour[board::home_side(m)] {
                    out.push(Action::At(Cell::from_raw(h)));
                }
            }
            Phase::Arrive { at } => {
                for s in self.enemies_at(at.raw()).iter() {
                    out.push(Action::Attack(s));
                }
                out.push(Action::Decline);
            }
        }
    }

    pub(crate) fn count(&self) -> usize {
        let m = self.mover as usize;
        match self.phase {
            Phase::Won | Phase::Drawn => 0,
            Phase::Roll { .. } | Phase::AttackRoll { .. } | Phase::DefendRoll { .. } => 6,
            Phase::Choose => {
                let ships = self.ships[m];
                let mut n = 0;
                if ships.contains(&(SUNK * 2)) {
                    n += 3;
                }
                let mut prev = u8::MAX;
                for code in ships {
                    if code & 1 == 1 || code == prev || (code >> 1) >= SUNK {
                        continue;
                    }
                    prev = code;
                    n += 1 + State::free_moves(m, code >> 1).count();
                }
                n
            }
            Phase::Pick { from, die } => State::usable(m, from.raw(), die).1,
            Phase::Wreck => 3,
            Phase::Arrive { at } => self.enemies_at(at.raw()).len() + 1,
        }
    }

    pub(crate) fn legal(&self, a: Action) -> bool {
        let m = self.mover as usize;
        let home = TABLES.harbour_mask[board::home_side(m)];
        match (self.phase, a) {
            (
                Phase::Roll { .. } | Phase::AttackRoll { .. } | Phase::DefendRoll { .. },
                Action::Die(k),
            ) => (1..=6).contains(&k),
            (Phase::Choose, Action::At(c)) => self.ships[m].contains(&(c.raw() * 2)),
            (Phase::Choose, Action::Move(c, t)) => {
                self.ships[m].contains(&(c.raw() * 2))
                    && State::free_moves(m, c.raw()).any(|x| x == t.raw())
            }
            (Phase::Choose, Action::Enter(h)) => {
                self.ships[m].contains(&(SUNK * 2)) && home & (1u64 << h.raw()) != 0
            }
            (Phase::Pick { from, die }, Action::At(t)) => {
                let (c, n) = State::usable(m, from.raw(), die);
                c[..n].contains(&t.raw())
            }
            (Phase::Wreck, Action::At(h)) => home & (1u64 << h.raw()) != 0,
            (Phase::Arrive { at }, Action::Attack(s)) => self.enemies_at(at.raw()).contains(s),
            (Phase::Arrive { .. }, Action::Decline) => true,
            _ => false,
        }
    }
}
