//! The state and its [`Game`] implementation: applying actions, the end, checked play.

use crate::board::{self, Cell, Terrain, CLOSED, TABLES};
use crate::notation::{parse_position, print_position, Action};
use crate::{zobrist, Params};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use boardgame_kit::{
    Actions, ChanceOutcomes, Game, Outcome, PositionError, Prob, Seat, SeatSet, ToAct,
};

/// The probability of each face of the die.
const SIXTH: Prob = Prob::new(1, 6);

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
/// `Copy`: [`Game::undo`] restores a copy.
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
    /// The ships' part of the Zobrist key (see the `zobrist` module), kept up to date.
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
            ships_key: zobrist::ships_key(&ships),
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
                .wrapping_sub(zobrist::ship_word(seat, from))
                .wrapping_add(zobrist::ship_word(seat, to));
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
                .wrapping_sub(zobrist::ship_word(m, *c))
                .wrapping_add(zobrist::ship_word(m, *c & !1));
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

    fn turn_desc(&self) -> String {
        format!("seat {}", self.mover)
    }

    fn reason(&self, a: Action) -> Cow<'static, str> {
        let m = self.mover as usize;
        let who = self.turn_desc();
        let r = match (self.phase, a) {
            (Phase::Won | Phase::Drawn, _) => String::from("the game is over"),
            (
                Phase::Roll { .. } | Phase::AttackRoll { .. } | Phase::DefendRoll { .. },
                Action::Die(k),
            ) => {
                format!("a die shows 1 to 6, not {k}")
            }
            (Phase::Roll { from }, _) => format!(
                "the die is being rolled for the ship on {from}: the action is a die value 1..6"
            ),
            (Phase::AttackRoll { .. }, _) => {
                String::from("the attacker's die is being rolled: the action is a die value 1..6")
            }
            (Phase::DefendRoll { .. }, _) => {
                String::from("the defender's die is being rolled: the action is a die value 1..6")
            }
            (Phase::Pick { from, die }, Action::At(t)) => {
                let (c, _) = State::usable(m, from.raw(), die);
                format!(
                    "the roll of {die} from {from} leads to {} or {}, not {t}",
                    Cell::from_raw(c[0]),
                    Cell::from_raw(c[1])
                )
            }
            (Phase::Pick { from, die }, _) => {
                format!("{who} must choose the cell (one of two) the ship on {from} goes to after rolling {die}")
            }
            (Phase::Wreck, Action::At(h)) => format!("{h} is not a cell of {who}'s home harbour"),
            (Phase::Wreck, _) => {
                format!("{who} must put the wrecked ship on a cell of its home harbour")
            }
            (Phase::Arrive { at }, Action::Attack(s)) => {
                if s.index() == m {
                    format!("{who} cannot attack its own ships")
                } else {
                    format!("no ship of seat {} stands on {at}", s.index())
                }
            }
            (Phase::Arrive { at }, _) => {
                format!("{who}'s ship arrived on {at} among enemies: attack/S or decline")
            }
            (Phase::Choose, Action::Die(_)) => {
                format!("no die is being rolled: {who} is to choose a ship's action")
            }
            (Phase::Choose, Action::Attack(_) | Action::Decline) => {
                format!("no arrival is offering an attack: {who} is to choose a ship's action")
            }
            (Phase::Choose, Action::At(c)) => self.no_unacted(c),
            (Phase::Choose, Action::Enter(h)) => {
                if !self.ships[m].contains(&(SUNK * 2)) {
                    format!("{who} has no sunk ship to re-enter this turn")
                } else {
                    format!("{h} is not a cell of {who}'s home harbour")
                }
            }
            (Phase::Choose, Action::Move(c, t)) => {
                if !self.ships[m].contains(&(c.raw() * 2)) {
                    self.no_unacted(c)
                } else {
                    match c.terrain() {
                        Terrain::Harbour(_) => {
                            format!("{t} is not a cell of {c}'s harbour next to it")
                        }
                        Terrain::Island => format!("{t} is not a neighbour of the island {c}"),
                        _ => format!(
                            "{c} is neither a harbour nor the island: a ship there can only roll"
                        ),
                    }
                }
            }
        };
        Cow::Owned(r)
    }

    fn no_unacted(&self, c: Cell) -> String {
        let m = self.mover as usize;
        if self.ships[m].contains(&(c.raw() * 2 + 1)) {
            format!("the ship of seat {m} on {c} has already acted this turn")
        } else {
            format!("seat {m} has no ship on {c}")
        }
    }
}

/// The worst case of the legal list: a ship on the island (roll + six moves = 7), one in the
/// middle of a harbour (roll + two shuffles = 3) and either a sunk ship (three home cells) or a
/// ship in the middle of another harbour (3): 13. Other decisions are smaller (six dice, six
/// seats' attacks at most 5 + decline, three home cells, two picked cells).
pub const MAX_ACTIONS: usize = 13;

impl Game for State {
    type Params = Params;
    type Action = Action;
    type ActionBuf = [Action; MAX_ACTIONS];
    type Undo = State;

    const NAME: &'static str = "arandia";
    const SEAT_NAMES: &'static [&'static str] = &["0", "1", "2", "3", "4", "5"];
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 6;
    const HAS_CHANCE: bool = true;

    fn new(params: &Params) -> State {
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
            ships_key: zobrist::ships_key(&ships),
        };
        s.canonicalise();
        s
    }

    fn params(&self) -> Params {
        self.params
    }

    fn seats(&self) -> SeatSet {
        self.params.seats()
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Won | Phase::Drawn => ToAct::Over,
            Phase::Roll { .. } | Phase::AttackRoll { .. } | Phase::DefendRoll { .. } => {
                ToAct::Chance
            }
            _ => ToAct::Seat(self.mover()),
        }
    }

    fn evaluate(&self) -> Option<boardgame_kit::SeatValues> {
        Some(crate::eval::evaluate(self))
    }

    fn playout_action<R: boardgame_kit::RandomSource + ?Sized>(
        &self,
        rng: &mut R,
        _buf: &mut Actions<Self>,
    ) -> Option<Action> {
        crate::playout::playout_action(self, rng)
    }

    /// Playouts stop after [`crate::eval::PLAYOUT_CUTOFF`] actions: the evaluation's
    /// expected ways home already average over the dice that playing on would sample.
    fn playout_cutoff(_params: &Params) -> Option<u32> {
        Some(crate::eval::PLAYOUT_CUTOFF)
    }

    fn legal_actions(&self, out: &mut Actions<Self>) {
        self.generate(out);
    }

    fn count_legal(&self) -> usize {
        self.count()
    }

    fn is_legal(&self, action: &Action) -> bool {
        self.legal(*action)
    }

    fn illegal_reason(&self, action: &Action) -> Cow<'static, str> {
        self.reason(*action)
    }

    fn chance_outcomes(&self, out: &mut ChanceOutcomes<Action>) {
        out.clear();
        if self.to_act() == ToAct::Chance {
            for k in 1..=6 {
                out.push((Action::Die(k), SIXTH));
            }
        }
    }

    fn play_unchecked(&mut self, action: Action) -> State {
        let before = *self;
        self.apply(action);
        before
    }

    fn undo(&mut self, undo: State) {
        *self = undo;
    }

    /// A Zobrist-style key kept up to date as ships move (see the `zobrist` module), with the
    /// mover, the pending decision and the turns mixed in: a few operations instead of hashing
    /// the whole state.
    fn position_key(&self) -> u64 {
        zobrist::position_key(self, self.ships_key)
    }

    /// The crate's kernel: copy-make with bulk counting, equal chance outcomes merged and a
    /// transposition table (see the `perft` module); the same counts as the generic driver.
    fn perft_kernel(&mut self, depth: u32) -> u64 {
        self.perft_fast(depth)
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Won => Some(Outcome::win(self.seats(), self.mover())),
            Phase::Drawn => Some(Outcome::draw(self.seats())),
            _ => None,
        }
    }

    fn position(&self) -> String {
        print_position(self)
    }

    fn from_position(params: &Params, text: &str) -> Result<State, PositionError> {
        parse_position(params, text)
    }

    /// With a turn limit: at most `turn_limit * 3 * 6` actions (each turn, three ships, each
    /// with at most a choice, a die, a placement after a wreck or a pick, an attack decision and
    /// two combat dice). Without one, no bound: ships can wander forever.
    fn max_game_length(params: &Params) -> Option<u64> {
        let limit = params.turn_limit() as u64;
        (limit > 0).then(|| limit * 3 * board::actions_per_ship())
    }
}

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
