//! The state and its [`Game`] implementation: applying actions, the end, checked play.

use crate::action::Action;
use crate::board::{self, Cell, Terrain, CLOSED, TABLES};
use crate::key::{ship_word, ships_key};
use crate::Params;
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use boardgame_kit::{PositionError, Seat, SeatSet};

/// Location code of a sunk ship.
pub(crate) const SUNK: u8 = 61;
/// Location code of a wrecked ship awaiting its home cell.
pub(crate) const WRECK: u8 = 62;

/// What is pending: who decides what next.
///
/// ```
/// use arandia_core::{Phase, State};
/// use boardgame_kit::Game;
/// let mut s = State::new(&Default::default());
/// assert_eq!(s.phase(), Phase::Choose);
/// s.play("g9".parse().unwrap());
/// assert_eq!(s.phase(), Phase::Roll { from: "g9".parse().unwrap() });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The mover picks a ship and how it acts (roll, shuffle, island move, re-entry).
    Choose,
    /// Chance: the die is rolled for the mover's ship on this cell (it has been marked acted).
    Roll {
        /// Where the rolling ship stands.
        from: Cell,
    },
    /// The ship on `from` rolled `die`, which leads to two usable cells: the mover picks one.
    Pick {
        /// Where the ship stands.
        from: Cell,
        /// The die value rolled.
        die: u8,
    },
    /// A ship was wrecked: the mover picks the home cell it is put on.
    Wreck,
    /// The mover's ship arrived on `at` where enemy ships stand: attack one or decline.
    Arrive {
        /// The arrival cell.
        at: Cell,
    },
    /// Chance: the attacker's die, against a ship of `def` on `at`.
    AttackRoll {
        /// The cell of the combat.
        at: Cell,
        /// The defending seat.
        def: Seat,
    },
    /// Chance: the defender's die; the attacker rolled `roll`.
    DefendRoll {
        /// The cell of the combat.
        at: Cell,
        /// The defending seat.
        def: Seat,
        /// The attacker's roll.
        roll: u8,
    },
    /// The game is over: the mover has won.
    Won,
    /// The game is over: the turn limit was reached.
    Drawn,
}

impl Phase {
    /// The pending decision in 16 bits: a tag (4), a cell (6), a die (3), a seat (3).
    pub(crate) fn code(self) -> u64 {
        let (tag, cell, die, seat) = match self {
            Phase::Choose => (0, 0, 0, 0),
            Phase::Roll { from } => (1, from.raw(), 0, 0),
            Phase::Pick { from, die } => (2, from.raw(), die, 0),
            Phase::Wreck => (3, 0, 0, 0),
            Phase::Arrive { at } => (4, at.raw(), 0, 0),
            Phase::AttackRoll { at, def } => (5, at.raw(), 0, def.index() as u8),
            Phase::DefendRoll { at, def, roll } => (6, at.raw(), roll, def.index() as u8),
            Phase::Won => (7, 0, 0, 0),
            Phase::Drawn => (8, 0, 0, 0),
        };
        tag | u64::from(cell) << 4 | u64::from(die & 7) << 10 | u64::from(seat & 7) << 13
    }
}

/// Where a ship is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// On a cell of the board.
    At(Cell),
    /// Sunk: off the board, re-entering on its owner's next turn.
    Sunk,
    /// Wrecked: off the board for the moment, awaiting the home cell its owner puts it on.
    Wrecked,
}

/// A ship: where it is and whether it has acted in the current turn (only the mover's ships
/// ever have).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ship {
    /// Where it is.
    pub place: Place,
    /// Whether it has acted this turn.
    pub acted: bool,
}

/// A position of Arandian checkers, with everything pending (mid-turn included).
///
/// Each seat's three ships are kept sorted (by cell, then unacted before acted; sunk and
/// wrecked last), so interchangeable ships have one representation. The state is small and
/// `Copy`: [`Game::undo`](boardgame_kit::Game::undo) restores a copy.
///
/// ```
/// use arandia_core::State;
/// use boardgame_kit::{Actions, Game, ToAct};
/// let mut s = State::new(&Default::default());
/// assert_eq!(s.position(), "0 - t0 0:f9,g9,h9 3:b1,c1,d1");
/// let mut list = Actions::<State>::new();
/// s.legal_actions(&mut list);
/// assert_eq!(list.len(), 7);
/// s.play("f9".parse().unwrap()); // roll for the ship on f9
/// assert_eq!(s.to_act(), ToAct::Chance);
/// s.play("4".parse().unwrap()); // west of f9 is the rock e9: wrecked
/// assert_eq!(s.position(), "0 wreck t0 0:g9,h9,w* 3:b1,c1,d1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) params: Params,
    pub(crate) mover: u8,
    pub(crate) phase: Phase,
    pub(crate) turns: u32,
    /// Per seat, three ship codes `location * 2 + acted`, sorted; location is a cell number,
    /// [`SUNK`] or [`WRECK`].
    pub(crate) ships: [[u8; 3]; 6],
    /// The ships' part of the Zobrist key (see the `key` module), kept up to date.
    pub(crate) ships_key: u64,
}

#[inline]
fn sort3(a: &mut [u8; 3]) {
    if a[0] > a[1] {
        a.swap(0, 1);
    }
    if a[1] > a[2] {
        a.swap(1, 2);
    }
    if a[0] > a[1] {
        a.swap(0, 1);
    }
}

impl State {
    /// The start position of a game of these parameters.
    pub(crate) fn start(params: &Params) -> State {
        let mut ships = [[0u8; 3]; 6];
        for seat in params.seats().iter() {
            ships[seat.index()] = TABLES.harbour[board::home_side(seat.index())].map(|c| c * 2);
        }
        let mut s = State {
            params: *params,
            mover: params.first().index() as u8,
            phase: Phase::Choose,
            turns: 0,
            ships,
            ships_key: ships_key(&ships),
        };
        s.canonicalise();
        s
    }

    pub(crate) fn from_parts(
        params: Params,
        mover: u8,
        phase: Phase,
        turns: u32,
        ships: [[u8; 3]; 6],
    ) -> State {
        State {
            params,
            mover,
            phase,
            turns,
            ships,
            ships_key: ships_key(&ships),
        }
    }

    pub(crate) fn canonicalise(&mut self) {
        for s in self.ships.iter_mut() {
            sort3(s);
        }
    }

    /// The seat whose turn it is (the winner once the game is won).
    #[must_use]
    pub fn mover(&self) -> Seat {
        Seat::of(self.mover as usize)
    }

    /// What is pending.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The number of completed turns (one turn = one player's turn).
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The three ships of a seat (meaningless for a seat not in play), sorted.
    ///
    /// ```
    /// use arandia_core::{Place, State};
    /// use boardgame_kit::{Game, Seat};
    /// let s = State::new(&Default::default());
    /// let ships = s.ships(Seat::of(3));
    /// assert_eq!(ships[0].place, Place::At("b1".parse().unwrap()));
    /// assert!(!ships[0].acted);
    /// ```
    #[must_use]
    pub fn ships(&self, seat: Seat) -> [Ship; 3] {
        self.ships[seat.index()].map(|code| Ship {
            place: match code >> 1 {
                SUNK => Place::Sunk,
                WRECK => Place::Wrecked,
                c => Place::At(Cell::from_raw(c)),
            },
            acted: code & 1 == 1,
        })
    }

    /// The die values leading from a cell to cells usable by `seat`'s ships: for die value
    /// `k` (index `k`, index 0 unused) the usable candidates in cell order.
    pub(crate) fn usable(seat: usize, from: u8, die: u8) -> ([u8; 2], usize) {
        let c = TABLES.cand[from as usize][die as usize & 7];
        let closed = CLOSED[seat % 6];
        let mut out = [board::NO_CELL; 2];
        let mut n = 0;
        for x in c {
            if x != board::NO_CELL && closed & (1u64 << x) == 0 {
                out[n] = x;
                n += 1;
            }
        }
        (out, n)
    }

    /// The cells a ship of `seat` standing on a cell can reach by a shuffle or island move.
    pub(crate) fn free_moves(seat: usize, from: u8) -> impl Iterator<Item = u8> {
        let closed = CLOSED[seat % 6];
        TABLES.free[from as usize % board::CELLS]
            .into_iter()
            .take_while(|&t| t != board::NO_CELL)
            .filter(move |&t| closed & (1u64 << t) == 0)
    }

    pub(crate) fn enemies_at(&self, at: u8) -> SeatSet {
        let others = self.params.seats().bits() & !(1u8 << self.mover);
        let mut set = 0u8;
        for (s, sh) in self.ships.iter().enumerate() {
            let here = (sh[0] >> 1 == at) | (sh[1] >> 1 == at) | (sh[2] >> 1 == at);
            set |= u8::from(here) << s;
        }
        SeatSet::from_bits(set & others)
    }

    fn has_won(&self, seat: usize) -> bool {
        // Sunk and wrecked codes lie past the 61 cells, so they never match the mask.
        let target = TABLES.harbour_mask[board::target_side(seat)];
        let on = |c: u8| target & (1u64 << ((c >> 1) & 63)) != 0;
        let sh = self.ships[seat % 6];
        on(sh[0]) & on(sh[1]) & on(sh[2])
    }

    /// Replaces the mover's ship code `from` by `to` (first match from the end), keeping order.
    #[inline]
    fn recode(&mut self, seat: usize, from: u8, to: u8) {
        let s = &mut self.ships[seat];
        if let Some(i) = s.iter().rposition(|&c| c == from) {
            s[i] = to;
            sort3(s);
            self.ships_key = self
                .ships_key
                .wrapping_sub(ship_word(seat, from))
                .wrapping_add(ship_word(seat, to));
        }
    }

    /// A ship of the mover (already marked acted) arrives on `at`.
    fn arrive(&mut self, from_code: u8, at: u8) {
        let m = self.mover as usize;
        if TABLES.rock_mask & (1u64 << at) != 0 {
            self.recode(m, from_code, WRECK * 2 + 1);
            self.phase = Phase::Wreck;
            return;
        }
        self.recode(m, from_code, at * 2 + 1);
        if self.has_won(m) {
            self.phase = Phase::Won;
            return;
        }
        if !self.enemies_at(at).is_empty() {
            self.phase = Phase::Arrive {
                at: Cell::from_raw(at),
            };
            return;
        }
        self.complete();
    }

    /// The current ship's action is over: next ship, or next turn.
    fn complete(&mut self) {
        let m = self.mover as usize;
        if self.ships[m].iter().any(|&c| c & 1 == 0) {
            self.phase = Phase::Choose;
            return;
        }
        for c in self.ships[m].iter_mut() {
            self.ships_key = self
                .ships_key
                .wrapping_sub(ship_word(m, *c))
                .wrapping_add(ship_word(m, *c & !1));
            *c &= !1;
        }
        self.turns = self.turns.saturating_add(1);
        let next = self
            .params
            .seats()
            .next_after(self.mover())
            .unwrap_or(self.mover());
        self.mover = next.index() as u8;
        let limit = self.params.turn_limit();
        self.phase = if limit > 0 && self.turns >= limit {
            Phase::Drawn
        } else {
            Phase::Choose
        };
    }

    pub(crate) fn apply(&mut self, a: Action) {
        let m = self.mover as usize;
        match (self.phase, a) {
            (Phase::Choose, Action::At(c)) => {
                let code = c.raw() * 2;
                self.recode(m, code, code + 1);
                self.phase = Phase::Roll { from: c };
            }
            (Phase::Choose, Action::Move(c, t)) => {
                let code = c.raw() * 2;
                self.recode(m, code, code + 1);
                self.arrive(code + 1, t.raw());
            }
            (Phase::Choose, Action::Enter(h)) => {
                self.recode(m, SUNK * 2, SUNK * 2 + 1);
                self.arrive(SUNK * 2 + 1, h.raw());
            }
            (Phase::Roll { from }, Action::Die(k)) => {
                let (cells, n) = State::usable(m, from.raw(), k);
                match n {
                    0 => self.complete(),
                    1 => self.arrive(from.raw() * 2 + 1, cells[0]),
                    _ => self.phase = Phase::Pick { from, die: k },
                }
            }
            (Phase::Pick { from, .. }, Action::At(t)) => self.arrive(from.raw() * 2 + 1, t.raw()),
            (Phase::Wreck, Action::At(h)) => self.arrive(WRECK * 2 + 1, h.raw()),
            (Phase::Arrive { at }, Action::Attack(def)) => {
                self.phase = Phase::AttackRoll { at, def }
            }
            (Phase::Arrive { .. }, Action::Decline) => self.complete(),
            (Phase::AttackRoll { at, def }, Action::Die(k)) => {
                self.phase = Phase::DefendRoll { at, def, roll: k }
            }
            (Phase::DefendRoll { at, def, roll }, Action::Die(k)) => {
                let at = at.raw();
                if roll > k {
                    self.recode(def.index(), at * 2, SUNK * 2);
                } else if roll < k {
                    self.recode(m, at * 2 + 1, SUNK * 2 + 1);
                }
                self.complete();
            }
            _ => {}
        }
    }

    /// Checks a parsed position (ships unsorted) for consistency.
    pub(crate) fn validate(&self) -> Result<(), PositionError> {
        let seats = self.params.seats();
        let m = self.mover as usize;
        let inv = |s: String| Err(PositionError::Invalid(Cow::Owned(s)));
        if !seats.contains(Seat::of(m)) {
            return inv(format!("seat {m} is not in play"));
        }
        let limit = self.params.turn_limit();
        if limit > 0 && self.turns > limit {
            return inv(format!(
                "{} turns completed, more than the turn limit {limit}",
                self.turns
            ));
        }
        let limit_reached = limit > 0 && self.turns == limit;
        if limit_reached != (self.phase == Phase::Drawn) {
            return inv(if limit_reached {
                format!("the turn limit {limit} is reached: the phase must be `drawn`")
            } else {
                String::from("`drawn` needs a turn limit that has been reached")
            });
        }
        let mut wrecked = 0;
        for seat in seats.iter() {
            let s = seat.index();
            for &code in &self.ships[s] {
                let loc = code >> 1;
                if s != m && code & 1 == 1 {
                    return inv(format!(
                        "a ship of seat {s} is marked acted, but it is not seat {s}'s turn"
                    ));
                }
                if loc == WRECK {
                    if s != m || code & 1 == 0 {
                        return inv(String::from("a wrecked ship awaiting its home cell must be an acted ship of the mover"));
                    }
                    wrecked += 1;
                } else if loc < SUNK {
                    let cell = Cell::from_raw(loc);
                    if cell.terrain() == Terrain::Rock {
                        return inv(format!("a ship of seat {s} stands on the rock {cell}"));
                    }
                    if CLOSED[s] & (1u64 << loc) != 0 {
                        return inv(format!(
                            "a ship of seat {s} stands on {cell}, a harbour closed to it"
                        ));
                    }
                }
            }
            if (self.phase != Phase::Won || s != m) && self.has_won(s) {
                return inv(format!(
                    "all of seat {s}'s ships are in its target harbour, but the game is not won"
                ));
            }
        }
        if wrecked != usize::from(self.phase == Phase::Wreck) {
            return inv(String::from(
                "a `w` ship is needed in the `wreck` phase, and only then (one)",
            ));
        }
        let acted_at = |c: Cell| self.ships[m].contains(&(c.raw() * 2 + 1));
        let has_enemy = |c: Cell, def: Option<Seat>| {
            seats.iter().any(|s| {
                s.index() != m
                    && def.is_none_or(|d| d == s)
                    && self.ships[s.index()].iter().any(|&x| x >> 1 == c.raw())
            })
        };
        match self.phase {
            Phase::Choose => {
                if self.ships[m].iter().all(|&c| c & 1 == 1) {
                    return inv(String::from(
                        "every ship of the mover has acted: the turn would be over",
                    ));
                }
            }
            Phase::Roll { from } => {
                if !acted_at(from) || from.terrain() == Terrain::Rock {
                    return inv(format!("no acted ship of seat {m} on {from} to roll for"));
                }
            }
            Phase::Pick { from, die } => {
                if !acted_at(from) {
                    return inv(format!("no acted ship of seat {m} on {from} to move"));
                }
                if State::usable(m, from.raw(), die).1 != 2 {
                    return inv(format!(
                        "a roll of {die} on {from} does not give seat {m} two usable cells"
                    ));
                }
            }
            Phase::Wreck => {}
            Phase::Arrive { at } => {
                if !acted_at(at) || !has_enemy(at, None) {
                    return inv(format!("no acted ship of seat {m} among enemies on {at}"));
                }
            }
            Phase::AttackRoll { at, def } | Phase::DefendRoll { at, def, .. } => {
                if !acted_at(at)
                    || def.index() == m
                    || !seats.contains(def)
                    || !has_enemy(at, Some(def))
                {
                    return inv(format!(
                        "no combat possible between seat {m} and seat {} on {at}",
                        def.index()
                    ));
                }
            }
            Phase::Won => {
                if !self.has_won(m) {
                    return inv(format!(
                        "`won` but seat {m}'s ships are not all in its target harbour"
                    ));
                }
            }
            Phase::Drawn => {
                if self.ships[m].iter().any(|&c| c & 1 == 1) {
                    return inv(String::from("no ship has acted at the start of a turn"));
                }
            }
        }
        Ok(())
    }
}

/// The worst case of the legal list: a ship on the island (roll + six moves = 7), one in the
/// middle of a harbour (roll + two shuffles = 3) and either a sunk ship (three home cells) or a
/// ship in the middle of another harbour (3): 13. Other decisions are smaller (six dice, six
/// seats' attacks at most 5 + decline, three home cells, two picked cells).
pub const MAX_ACTIONS: usize = 13;

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_state!(State);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_small() {
        assert_eq!(core::mem::size_of::<State>(), 48);
    }
}
