//! The state and its [`Game`] implementation: placing, eating, elimination, turn passing and
//! the end.

use crate::board::{BoardSize, Geometry};
use crate::notation::Place;
use crate::params::Params;
use crate::zobrist::{piece_key, turn_key, PieceCode};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use boardgame_kit::{Actions, Bitboard7, Cell, Game, Outcome, PositionError, Seat, SeatSet, ToAct};

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
    /// The Zobrist key of the board (see [`crate::zobrist`]), kept up to date incrementally.
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

    /// Why a placement is illegal now (for checked play).
    pub(crate) fn reason(&self, place: &Place) -> Cow<'static, str> {
        let geo = self.geo();
        let cell = place.cell();
        if self.is_over() {
            return Cow::Borrowed("the game is over");
        }
        let side = geo.side();
        if !geo.contains(cell) {
            return Cow::Owned(format!("{cell} is off the {side}x{side} board"));
        }
        let p = self.current as usize & 3;
        let me = ELEMENTS[p];
        let piece = self.piece(cell);
        if self.started & (1 << p) == 0 {
            let names: alloc::vec::Vec<String> = geo
                .start_cells(Seat::of(p))
                .iter()
                .map(|c| format!("{c}"))
                .collect();
            let list = names.join(" ");
            if !geo.start_cells(Seat::of(p)).contains(&cell) {
                return Cow::Owned(format!(
                    "{me}'s first placement must go on an empty marked start cell ({list}), and {cell} is not one"
                ));
            }
            if let Some(pc) = piece {
                return Cow::Owned(format!(
                    "{me}'s first placement must go on an empty marked start cell, and {cell} holds {}",
                    describe(pc)
                ));
            }
            return Cow::Borrowed("it is not among the legal actions of this position");
        }
        match piece {
            Some(pc) if pc.kind == Kind::Mound => {
                return Cow::Owned(format!(
                    "{cell} holds {}: nothing is ever placed on a mound",
                    describe(pc)
                ));
            }
            Some(pc) if pc.seat.index() == p => {
                return Cow::Owned(format!("{cell} already holds a block of {me}"));
            }
            _ => {}
        }
        if !self.reachable_cells(Seat::of(p)).contains(geo.index(cell)) {
            return Cow::Owned(format!(
                "{cell} is not reachable for {me}: it touches no {me} block and no {me} mound chained to a {me} block"
            ));
        }
        Cow::Borrowed("it is not among the legal actions of this position")
    }
}

fn describe(pc: Piece) -> String {
    let kind = match pc.kind {
        Kind::Block => "block",
        Kind::Mound => "mound",
    };
    format!("a {kind} of {}", ELEMENTS[pc.seat.index() & 3])
}

impl Game for State {
    type Params = Params;
    type Action = Place;
    /// Every cell of the largest (20x20) board: no position has more legal placements than
    /// cells, since each legal placement is a distinct cell.
    type ActionBuf = [Place; 400];
    type Undo = State;

    const NAME: &'static str = "elements";
    const SEAT_NAMES: &'static [&'static str] = &["w", "a", "e", "f"];
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;
    const HAS_CHANCE: bool = false;

    fn new(params: &Params) -> Self {
        let seats = params.seats().bits();
        let mut s = State {
            params: *params,
            blocks: [Bitboard7::EMPTY; 4],
            mounds: [Bitboard7::EMPTY; 4],
            live: [Bitboard7::EMPTY; 4],
            in_play: seats,
            active: seats,
            started: 0,
            current: 0,
            left: params.per_turn,
            moves: Bitboard7::EMPTY,
            key: 0,
        };
        s.moves = s.legal_set(0);
        s
    }

    fn params(&self) -> Params {
        self.params
    }

    fn seats(&self) -> SeatSet {
        SeatSet::from_bits(self.in_play)
    }

    fn in_play(&self) -> SeatSet {
        self.active_seats()
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        if self.is_over() {
            ToAct::Over
        } else {
            ToAct::Seat(Seat::of(self.current as usize & 3))
        }
    }

    #[inline]
    fn evaluate(&self) -> Option<boardgame_kit::SeatValues> {
        Some(crate::eval::evaluate(self))
    }

    fn legal_actions(&self, out: &mut Actions<Self>) {
        self.gen_legal(out);
    }

    fn playout_action<R: boardgame_kit::RandomSource + ?Sized>(
        &self,
        rng: &mut R,
        _buf: &mut Actions<Self>,
    ) -> Option<Place> {
        crate::eval::playout_place(self, rng)
    }

    fn playout_cutoff(params: &Params) -> Option<u32> {
        Some(crate::eval::playout_cutoff(params))
    }

    fn rave_equivalence(_params: &Params) -> Option<u32> {
        Some(crate::eval::RAVE_EQUIVALENCE)
    }

    #[inline]
    fn count_legal(&self) -> usize {
        self.moves.count() as usize
    }

    #[inline]
    fn is_legal(&self, action: &Place) -> bool {
        let geo = self.geo();
        !self.is_over()
            && geo.contains(action.cell())
            && self.moves.contains(geo.index(action.cell()))
    }

    fn illegal_reason(&self, action: &Place) -> Cow<'static, str> {
        self.reason(action)
    }

    #[inline]
    fn play_unchecked(&mut self, action: Place) -> State {
        let before = *self;
        self.place(action.cell());
        before
    }

    #[inline]
    fn undo(&mut self, undo: State) {
        *self = undo;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::win(self.seats(), Seat::of(self.current as usize & 3)))
    }

    fn position(&self) -> String {
        crate::notation::write_position(self)
    }

    fn parse_action(&self, text: &str) -> Result<Place, boardgame_kit::SyntaxError> {
        let side = self.geo().side();
        boardgame_kit::CellNames::rect(side, side)
            .parse(text)
            .map(Place::new)
    }

    fn from_position(params: &Params, text: &str) -> Result<Self, PositionError> {
        crate::notation::read_position(params, text)
    }

    /// The copy-make kernel with a transposition table of this crate (`perft` module): the
    /// same counts as [`boardgame_kit::perft_generic`].
    fn perft_kernel(&mut self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }

    /// An incremental Zobrist key: the board's key (kept by every placement) mixed with the
    /// seat to place, the placements left, the started, active and playing seats and the
    /// parameters.
    #[inline]
    fn position_key(&self) -> u64 {
        let packed = u64::from(self.current)
            | u64::from(self.left) << 8
            | u64::from(self.started) << 16
            | u64::from(self.active) << 24
            | u64::from(self.in_play) << 32
            | u64::from(self.params.board.side()) << 40
            | u64::from(self.params.per_turn) << 48;
        self.key ^ turn_key(packed)
    }

    /// Every action changes one cell one step along empty -> block -> mound, so a game has at
    /// most twice as many actions as the board has cells.
    fn max_game_length(params: &Params) -> Option<u64> {
        Some(2 * params.board.geometry().cells() as u64)
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_state!(State);
