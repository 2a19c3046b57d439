//! The state: the board, the seats in play, started and out, the seat to place; placing,
//! eating, elimination, turn passing and the end.

use crate::board::{BoardSize, Geometry};
use crate::key::{board_key, piece_key, PieceCode};
use crate::params::Params;
use boardgame_kit::{Bitboard7, Cell, Seat, SeatSet};

/// The element of each seat, by seat index (`w a e f`).
pub const ELEMENTS: [&str; 4] = ["water", "air", "earth", "fire"];

/// What a piece on the board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A full block (a "golem"): it conducts reachability and can be eaten.
    Block,
    /// A half-block (a "mound", kurgan): permanent; it conducts reachability for its owner only
    /// when chained to one of the owner's blocks.
    Mound,
}

/// A piece: its owner's seat and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner (`w`=0, `a`=1, `e`=2, `f`=3).
    pub seat: Seat,
    /// Block or mound.
    pub kind: Kind,
}

impl Piece {
    /// The piece's letter: blocks upper-case, mounds lower-case (`W w A a E e F f`).
    ///
    /// ```
    /// use boardgame_kit::Seat;
    /// use elements_core::{Kind, Piece};
    /// assert_eq!(Piece { seat: Seat::of(1), kind: Kind::Block }.letter(), 'A');
    /// assert_eq!(Piece { seat: Seat::of(3), kind: Kind::Mound }.letter(), 'f');
    /// ```
    #[must_use]
    pub fn letter(self) -> char {
        let c = [b'w', b'a', b'e', b'f'][self.seat.index() & 3];
        match self.kind {
            Kind::Block => c.to_ascii_uppercase() as char,
            Kind::Mound => c as char,
        }
    }
}

/// A position of Battle of the Elements: the board (per-seat block and mound bitboards), who
/// is in play, who has started and who is out, the seat to place and its placements left.
///
/// Undo is a copy of the state (it is `Copy`, 736 bytes, and holds no heap data).
///
/// ```
/// use boardgame_kit::{perft, Game, ToAct, Seat};
/// use elements_core::{Params, State};
/// let mut s = State::new(&Params::default());
/// assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0))); // water first
/// assert_eq!(perft(&mut s, 1), 3); // a20 b20 a19
/// assert_eq!(perft(&mut s, 2), 13);
/// s.play("a20".parse().unwrap());
/// assert_eq!(s.placements_left(), 6);
/// assert_eq!(s.position(), "W19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 w 6 w -");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) params: Params,
    /// Blocks by seat index.
    pub(crate) blocks: [Bitboard7; 4],
    /// Mounds by seat index.
    pub(crate) mounds: [Bitboard7; 4],
    /// Live mounds by seat index: the mounds 8-connected (through the owner's mounds) to one of
    /// the owner's blocks. Derived from `blocks` and `mounds`, kept up to date incrementally.
    pub(crate) live: [Bitboard7; 4],
    /// Seats in play (bit mask).
    pub(crate) in_play: u8,
    /// Seats not eliminated (bit mask); the game is over when one is left.
    pub(crate) active: u8,
    /// Seats that have made their first placement (bit mask).
    pub(crate) started: u8,
    /// Seat index to place (the winner once the game is over).
    pub(crate) current: u8,
    /// Placements left in the current turn (0 once the game is over).
    pub(crate) left: u8,
    /// The legal target cells of the seat to act (empty once the game is over). Derived, kept
    /// so that listing, counting and checking placements need no recomputation.
    pub(crate) moves: Bitboard7,
    /// The Zobrist key of the board (see [`crate::key`]), kept up to date incrementally.
    pub(crate) key: u64,
}

impl State {
    /// The board's geometry.
    #[inline]
    pub(crate) fn geo(&self) -> &'static Geometry {
        self.params.board.geometry()
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> BoardSize {
        self.params.board
    }

    /// Whether the game is over (one player left).
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.active.count_ones() <= 1
    }

    /// Placements left in the current turn (0 once the game is over).
    #[must_use]
    pub fn placements_left(&self) -> u8 {
        self.left
    }

    /// The seats still in the game (not eliminated).
    #[must_use]
    pub fn active_seats(&self) -> SeatSet {
        SeatSet::from_bits(self.active)
    }

    /// Whether a seat has made its first placement.
    #[must_use]
    pub fn has_started(&self, seat: Seat) -> bool {
        seat.index() < 4 && self.started & (1 << seat.index()) != 0
    }

    /// Whether a seat in play has been eliminated.
    #[must_use]
    pub fn is_eliminated(&self, seat: Seat) -> bool {
        seat.index() < 4 && self.in_play & !self.active & (1 << seat.index()) != 0
    }

    /// A seat's blocks, as a bitboard in the board's bit layout (see [`Geometry::index`]).
    #[must_use]
    pub fn blocks(&self, seat: Seat) -> Bitboard7 {
        self.blocks[seat.index() & 3]
    }

    /// A seat's mounds, as a bitboard.
    #[must_use]
    pub fn mounds(&self, seat: Seat) -> Bitboard7 {
        self.mounds[seat.index() & 3]
    }

    /// The piece on a cell (`None` for an empty or off-board cell).
    ///
    /// ```
    /// use boardgame_kit::{Game, Seat};
    /// use elements_core::{Kind, State};
    /// let mut s = State::new(&Default::default());
    /// s.play("b20".parse().unwrap());
    /// let p = s.piece("b20".parse().unwrap()).unwrap();
    /// assert_eq!((p.seat, p.kind), (Seat::of(0), Kind::Block));
    /// assert_eq!(s.piece("c20".parse().unwrap()), None);
    /// ```
    #[must_use]
    pub fn piece(&self, cell: Cell) -> Option<Piece> {
        let geo = self.geo();
        if !geo.contains(cell) {
            return None;
        }
        let i = geo.index(cell);
        (0..4).find_map(|s| {
            if self.blocks[s].contains(i) {
                Some(Piece {
                    seat: Seat::of(s),
                    kind: Kind::Block,
                })
            } else if self.mounds[s].contains(i) {
                Some(Piece {
                    seat: Seat::of(s),
                    kind: Kind::Mound,
                })
            } else {
                None
            }
        })
    }

    /// Recomputes a seat's live mounds from scratch.
    pub(crate) fn recompute_live(&mut self, p: usize) {
        let geo = self.geo();
        let touching = geo.dilate8(self.blocks[p]) & self.mounds[p];
        self.live[p] = geo.flood8(touching, self.mounds[p]);
    }

    /// Applies a placement by the seat to act, then settles the state (turn passing, stuck
    /// players eliminated, lone survivor). Off-board cells are ignored.
    pub(crate) fn place(&mut self, cell: Cell) {
        let geo = self.geo();
        if self.is_over() || !geo.contains(cell) {
            return;
        }
        self.place_at(geo.index(cell));
    }

    /// [`State::place`] on the bit index of an on-board cell, in a game not over.
    ///
    /// While the mover's turn goes on, its legal set is updated rather than recomputed: its
    /// reach only grows (around the cells that newly conduct: the placed cell and any mounds
    /// it brought to life) and only the placed cell stops being a target.
    #[inline]
    pub(crate) fn place_at(&mut self, i: usize) {
        let geo = self.geo();
        let p = self.current as usize & 3;
        let bit = Bitboard7::single(i);
        let around = geo.around(i);
        let first = self.started & (1 << p) == 0;
        self.started |= 1 << p;
        let live_before = self.live[p];
        let eaten = (0..4).find(|&q| q != p && self.blocks[q].contains(i));
        // Whether the placed cell conducts for P now (a block always; a mound when live).
        let conducts = match eaten {
            Some(q) => {
                // Eating: the enemy block goes, the cell becomes a mound of P.
                self.blocks[q].clear(i);
                self.key ^= piece_key(i, PieceCode::block(q)) ^ piece_key(i, PieceCode::mound(p));
                if around.intersects(&self.live[q]) {
                    self.recompute_live(q);
                }
                self.mounds[p].set(i);
                let live = around.intersects(&(self.blocks[p] | self.live[p]));
                if live {
                    let dead = self.mounds[p] & !self.live[p];
                    if (around & dead).count() > 1 {
                        self.live[p] |= geo.flood8(bit, self.mounds[p]);
                    } else {
                        self.live[p].set(i);
                    }
                }
                if self.blocks[q].is_empty() && self.active & (1 << q) != 0 {
                    self.eliminate(q);
                    if self.is_over() {
                        self.moves = Bitboard7::EMPTY;
                        return;
                    }
                }
                live
            }
            None => {
                self.blocks[p].set(i);
                self.key ^= piece_key(i, PieceCode::block(p));
                let dead_touched = around & self.mounds[p] & !self.live[p];
                if !dead_touched.is_empty() {
                    self.live[p] |= geo.flood8(dead_touched, self.mounds[p]);
                }
                true
            }
        };
        self.left = self.left.saturating_sub(1);
        if self.left == 0 || first {
            if self.left == 0 {
                self.pass_turn(p);
            }
            self.settle();
            return;
        }
        let woken = self.live[p] & !live_before & !bit;
        let mut grown = if conducts { around } else { Bitboard7::EMPTY };
        if !woken.is_empty() {
            grown |= geo.dilate8(woken);
        }
        let open = !(self.all_mounds() | self.blocks[p]);
        self.moves = (self.moves & !bit) | (grown & open);
        if self.moves.is_empty() {
            self.settle();
        }
    }

    /// Removes a seat from the game; once one seat is left the state becomes terminal with the
    /// survivor recorded as `current` and no placements left.
    fn eliminate(&mut self, q: usize) {
        self.active &= !(1 << q);
        if self.is_over() {
            self.current = self.active.trailing_zeros().min(3) as u8;
            self.left = 0;
        }
    }

    /// Gives a fresh turn to the next seat still in the game after seat index `from`.
    fn pass_turn(&mut self, from: usize) {
        for k in 1..=4 {
            let s = (from + k) % 4;
            if self.active & (1 << s) != 0 {
                self.current = s as u8;
                self.left = self.params.per_turn;
                return;
            }
        }
    }

    /// Eliminates stuck players to act, in turn, until someone can place or one player is left.
    fn settle(&mut self) {
        self.moves = Bitboard7::EMPTY;
        while !self.is_over() {
            let p = self.current as usize;
            self.moves = self.legal_set(p);
            if !self.moves.is_empty() {
                return;
            }
            self.eliminate(p);
            if self.is_over() {
                return;
            }
            self.pass_turn(p);
        }
    }

    /// The board's key computed from scratch (the state keeps it incrementally).
    pub(crate) fn board_key_from_scratch(&self) -> u64 {
        board_key(&self.blocks, &self.mounds)
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_state!(State);
