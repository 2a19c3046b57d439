//! The state of a game: the board, the pieces and the Rocks, whose turn it is; applying steps,
//! ending turns, passing play on, elimination and the end.

use crate::action::{Action, EXTRA_LEV, EXTRA_PULL, EXTRA_THROW};
use crate::board::{self, cell, dir_between, nb, NONE, SQUARES};
use crate::Params;
use boardgame_kit::{Seat, SeatSet};

pub(crate) const EMPTY: u8 = 0;
pub(crate) const ROCK: u8 = 0;
pub(crate) const SORCERER: u8 = 1;
pub(crate) const TROLL: u8 = 2;
pub(crate) const DWARF: u8 = 3;

/// The board code of a piece: `1 + kind * 4 + index` (index = Rock id or seat).
#[inline(always)]
pub(crate) const fn code(kind: u8, idx: u8) -> u8 {
    1 + kind * 4 + (idx & 3)
}

/// The kind of a non-empty code (ROCK, SORCERER, TROLL, DWARF); 255 for an empty square.
#[inline(always)]
pub(crate) const fn kind_of(c: u8) -> u8 {
    c.wrapping_sub(1) >> 2
}

/// The Rock id or seat of a non-empty code.
#[inline(always)]
pub(crate) const fn idx_of(c: u8) -> u8 {
    c.wrapping_sub(1) & 3
}

#[inline(always)]
pub(crate) const fn is_rock(c: u8) -> bool {
    c.wrapping_sub(1) < 4
}

#[inline(always)]
pub(crate) const fn is_rock_or_troll(c: u8) -> bool {
    is_rock(c) || kind_of(c) == TROLL
}

/// The number of steps of turn `turn` (1-based): 1, 2, then 3.
#[inline(always)]
pub(crate) const fn quota(turn: u32) -> u8 {
    match turn {
        0 | 1 => 1,
        2 => 2,
        _ => 3,
    }
}

/// No levitation yet this turn: one may start.
pub(crate) const LEV_FRESH: u8 = 4;
/// A levitation run has ended this turn: no more levitation.
pub(crate) const LEV_CLOSED: u8 = 5;

/// Whether the game goes on, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Status {
    Playing,
    Won(u8),
    Draw,
}

/// The kinds of pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A Rock, with its identity `0..4` (the Rocks start on `e1`, `a5`, `e9`, `i5`).
    Rock(u8),
    /// The Sorcerer of a seat.
    Sorcerer(Seat),
    /// The Troll of a seat.
    Troll(Seat),
    /// The Dwarf of a seat.
    Dwarf(Seat),
}

/// The state of a game of Splut!: the board, whose turn it is, the steps left, the levitation
/// run and the Rocks moved this turn and in the previous one.
///
/// ```
/// use boardgame_kit::{Actions, Game, ToAct};
/// use splut_core::State;
/// let mut s = State::new(&Default::default());
/// let mut list = Actions::<State>::new();
/// s.legal_actions(&mut list);
/// let texts: Vec<String> = list.iter().map(|a| a.to_string()).collect();
/// assert_eq!(texts, ["d2-d3", "e2-e3", "f2-f3"]); // one step in the first turn
/// s.play("e2-e3".parse().unwrap());
/// assert_eq!(s.to_act(), ToAct::Seat(boardgame_kit::Seat::of(2))); // north, 2 steps
/// assert_eq!(s.steps_left(), 2);
/// assert_eq!(s.position(), "e1,a5,e9,i5 s:d2,f2,e3;n:f8,d8,e8 n 2 2 - - -");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) params: Params,
    /// Piece code of each square (0 = empty).
    pub(crate) board: [u8; 64],
    /// Squares of each seat's Sorcerer, Troll and Dwarf ([`NONE`] when absent).
    pub(crate) pieces: [[u8; 3]; 4],
    /// Square of each Rock by identity.
    pub(crate) rocks: [u8; 4],
    /// Squares holding Rocks, one bit each.
    pub(crate) rocks_bb: u64,
    /// Occupied squares (any piece or Rock), one bit each.
    pub(crate) occ: u64,
    /// Seats still in play (a bit each).
    pub(crate) alive: u8,
    pub(crate) to_move: u8,
    pub(crate) steps_left: u8,
    /// The current turn, counted from 1 for the whole game.
    pub(crate) turn: u32,
    /// [`LEV_FRESH`], [`LEV_CLOSED`] or the id of the Rock of the levitation run in progress.
    pub(crate) lev: u8,
    /// Rocks (by id) moved during the current turn.
    pub(crate) moved_this: u8,
    /// Rocks (by id) moved during the previous turn.
    pub(crate) moved_prev: u8,
    pub(crate) status: Status,
}

/// Start squares (Sorcerer, Troll, Dwarf) of each seat, and the Rocks' start squares.
const START: [[&str; 3]; 4] = [
    ["d2", "f2", "e2"],
    ["b6", "b4", "b5"],
    ["f8", "d8", "e8"],
    ["h4", "h6", "h5"],
];
const ROCK_START: [&str; 4] = ["e1", "a5", "e9", "i5"];

fn sq_of(name: &str) -> u8 {
    name.parse().ok().and_then(board::square).unwrap_or(NONE)
}

impl State {
    /// An empty board (no pieces, Rocks unplaced) for the position reader.
    pub(crate) fn empty(params: Params) -> State {
        State {
            params,
            board: [EMPTY; 64],
            pieces: [[NONE; 3]; 4],
            rocks: [0; 4],
            rocks_bb: 0,
            occ: 0,
            alive: 0,
            to_move: 0,
            steps_left: 1,
            turn: 1,
            lev: LEV_FRESH,
            moved_this: 0,
            moved_prev: 0,
            status: Status::Playing,
        }
    }

    /// Recomputes the occupancy bitboard from the board.
    pub(crate) fn recompute_occ(&mut self) {
        self.occ = 0;
        for (sq, &c) in self.board.iter().enumerate().take(SQUARES) {
            if c != EMPTY {
                self.occ |= 1u64 << sq;
            }
        }
    }

    #[inline(always)]
    pub(crate) fn is_playing(&self) -> bool {
        self.status == Status::Playing
    }

    /// The piece on a cell, if any (cells off the diamond hold nothing).
    ///
    /// ```
    /// use boardgame_kit::{Game, Seat};
    /// use splut_core::{Piece, State};
    /// let s = State::new(&Default::default());
    /// assert_eq!(s.piece_at("e2".parse().unwrap()), Some(Piece::Dwarf(Seat::of(0))));
    /// assert_eq!(s.piece_at("a5".parse().unwrap()), Some(Piece::Rock(1)));
    /// assert_eq!(s.piece_at("b5".parse().unwrap()), None); // west is not in play
    /// ```
    #[must_use]
    pub fn piece_at(&self, c: boardgame_kit::Cell) -> Option<Piece> {
        let sq = board::square(c)?;
        let code = self.board[sq as usize & 63];
        if code == EMPTY {
            return None;
        }
        let i = idx_of(code);
        let seat = Seat::of(i as usize);
        Some(match kind_of(code) {
            ROCK => Piece::Rock(i),
            SORCERER => Piece::Sorcerer(seat),
            TROLL => Piece::Troll(seat),
            _ => Piece::Dwarf(seat),
        })
    }

    /// The square of each Rock, by identity.
    pub fn rock_cells(&self) -> [boardgame_kit::Cell; 4] {
        self.rocks.map(cell)
    }

    /// The seats whose teams are still on the board.
    #[must_use]
    pub fn in_play(&self) -> SeatSet {
        SeatSet::from_bits(self.alive)
    }

    /// The current turn number (1-based, counted for the whole game, lost turns included).
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The steps left in the current turn (0 once the game is over).
    #[must_use]
    pub fn steps_left(&self) -> u8 {
        self.steps_left
    }

    /// Rocks (a bit per id) moved during the current turn.
    #[must_use]
    pub fn moved_this_turn(&self) -> u8 {
        self.moved_this
    }

    /// Rocks (a bit per id) moved during the previous turn: they cannot start a levitation.
    #[must_use]
    pub fn moved_previous_turn(&self) -> u8 {
        self.moved_prev
    }

    #[inline(always)]
    fn move_piece(&mut self, from: u8, to: u8) {
        let c = self.board[from as usize & 63];
        self.board[from as usize & 63] = EMPTY;
        self.board[to as usize & 63] = c;
        self.occ ^= (1u64 << (from & 63)) | (1u64 << (to & 63));
        let i = idx_of(c) as usize;
        match kind_of(c) {
            ROCK => {
                self.rocks[i] = to;
                self.rocks_bb ^= (1u64 << from) | (1u64 << to);
                self.moved_this |= 1 << i;
            }
            k => self.pieces[i][(k - 1) as usize & 3] = to,
        }
    }

    fn remove_team(&mut self, seat: u8) {
        for sq in self.pieces[seat as usize & 3] {
            if sq != NONE {
                self.board[sq as usize & 63] = EMPTY;
                self.occ &= !(1u64 << (sq & 63));
            }
        }
        self.pieces[seat as usize] = [NONE; 3];
        self.alive &= !(1 << seat);
    }

    /// Applies one step (assumed legal) and settles the state.
    pub(crate) fn apply(&mut self, a: Action) {
        let (x, y) = (a.f(), a.t());
        if x as usize >= SQUARES || y as usize >= SQUARES || !self.is_playing() {
            return;
        }
        let Some(d) = dir_between(x, y) else { return };
        let c = self.board[x as usize & 63];
        let mover = self.to_move;
        let mut levitated = false;
        match kind_of(c) {
            SORCERER => {
                self.move_piece(x, y);
                if a.x() >= EXTRA_LEV {
                    let q = a.x() - EXTRA_LEV;
                    let dest = nb(q, d);
                    let rc = self.board.get(q as usize).copied().unwrap_or(EMPTY);
                    if dest != NONE && is_rock(rc) && self.board[dest as usize & 63] == EMPTY {
                        self.move_piece(q, dest);
                        self.lev = idx_of(rc);
                        levitated = true;
                    }
                }
            }
            TROLL => {
                let target = self.board[y as usize & 63];
                if is_rock(target) {
                    self.throw(x, y, a.x().wrapping_sub(EXTRA_THROW) as usize & 3);
                    self.end_turn(mover);
                    return;
                }
                self.move_piece(x, y);
                if a.x() == EXTRA_PULL {
                    let back = nb(x, board::opposite(d));
                    if back != NONE && is_rock(self.board[back as usize & 63]) {
                        self.move_piece(back, x);
                    }
                }
            }
            DWARF => {
                let mut z = y;
                while z != NONE && self.board[z as usize & 63] != EMPTY {
                    z = nb(z, d);
                }
                if z == NONE {
                    return;
                }
                // Shift the line from its far end.
                let back = board::opposite(d);
                while z != x {
                    let prev = nb(z, back);
                    self.move_piece(prev, z);
                    z = prev;
                }
            }
            _ => return,
        }
        if !levitated && self.lev < 4 {
            self.lev = LEV_CLOSED;
        }
        self.steps_left = self.steps_left.saturating_sub(1);
        if self.steps_left == 0 || !self.can_step(mover) {
            self.end_turn(mover);
        }
    }

    /// The Troll on `x` steps onto the Rock on `y` and throws it in direction `t`.
    fn throw(&mut self, x: u8, y: u8, t: usize) {
        let rc = self.board[y as usize & 63];
        let r = idx_of(rc);
        let troll = self.board[x as usize & 63];
        self.board[x as usize & 63] = EMPTY;
        self.board[y as usize & 63] = troll;
        self.occ &= !(1u64 << (x & 63));
        self.pieces[idx_of(troll) as usize][1] = y;
        self.moved_this |= 1 << r;
        let mut cur = y;
        let land = loop {
            let next = nb(cur, t);
            if next == NONE {
                break cur;
            }
            let c = self.board[next as usize & 63];
            if c == EMPTY || kind_of(c) == DWARF {
                cur = next;
                continue;
            }
            if kind_of(c) == SORCERER {
                self.remove_team(idx_of(c));
                break next;
            }
            break cur; // a Troll or a Rock
        };
        let c = self.board[land as usize & 63];
        if kind_of(c) == DWARF {
            self.pieces[idx_of(c) as usize][2] = NONE;
        }
        if land == y {
            // Only on an illegal throw; keep the state well-formed.
            return;
        }
        self.board[land as usize & 63] = rc;
        self.occ |= 1u64 << (land & 63);
        self.rocks_bb ^= (1u64 << self.rocks[r as usize]) | (1u64 << land);
        self.rocks[r as usize] = land;
    }

    /// Ends the turn of `mover`: offers the next turns clockwise (the mover last if still in
    /// play), skipping seats without a legal step, and ends the game when one team is left,
    /// the turn limit is reached or nobody can step.
    fn end_turn(&mut self, mover: u8) {
        self.moved_prev = self.moved_this;
        self.moved_this = 0;
        self.lev = LEV_FRESH;
        self.steps_left = 0;
        if self.alive.count_ones() == 1 {
            self.finish(Status::Won(self.alive.trailing_zeros() as u8));
            return;
        }
        let limit = self.params.turn_limit();
        let mut seat = mover;
        for _ in 0..self.alive.count_ones() {
            // The turn `self.turn` is now completed.
            if limit > 0 && self.turn >= limit {
                self.finish(Status::Draw);
                return;
            }
            self.turn += 1;
            seat = next_seat(self.alive, seat);
            if self.can_step(seat) {
                self.to_move = seat;
                self.steps_left = quota(self.turn);
                return;
            }
            // A lost turn: nothing moved in it.
            self.moved_prev = 0;
        }
        self.finish(Status::Draw);
    }

    /// Ends the game (the seat to move is reset so that equal positions are equal states).
    fn finish(&mut self, status: Status) {
        self.status = status;
        self.to_move = 0;
        self.steps_left = 0;
    }

    /// The start position of a game of these parameters.
    pub(crate) fn start(params: &Params) -> State {
        let mut s = State::empty(*params);
        for (r, name) in ROCK_START.iter().enumerate() {
            let sq = sq_of(name);
            s.rocks[r] = sq;
            s.board[sq as usize] = code(ROCK, r as u8);
            s.rocks_bb |= 1u64 << sq;
        }
        for seat in params.seats().iter() {
            let i = seat.index() & 3;
            s.alive |= 1 << i;
            for (k, name) in START[i].iter().enumerate() {
                let sq = sq_of(name);
                s.pieces[i][k] = sq;
                s.board[sq as usize] = code(k as u8 + 1, i as u8);
            }
        }
        s.to_move = params.first().index() as u8 & 3;
        s.recompute_occ();
        s
    }
}

/// The next seat of `alive` clockwise after `seat` (`seat` itself if alone).
#[inline]
fn next_seat(alive: u8, seat: u8) -> u8 {
    for k in 1..=4u8 {
        let s = (seat + k) & 3;
        if alive & (1 << s) != 0 {
            return s;
        }
    }
    seat
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_state!(State);
