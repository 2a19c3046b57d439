//! The game: [`Game`] for [`State`] over the state's placements, the move generator, the
//! notation, the evaluation and the perft kernel; why a placement is illegal.

use crate::action::Place;
use crate::eval;
use crate::kernels;
use crate::key::turn_key;
use crate::notation::{read_position, write_position};
use crate::params::Params;
use crate::state::{Kind, Piece, State, ELEMENTS};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use boardgame_kit::{
    Actions, Bitboard7, CellNames, Game, Outcome, PositionError, RandomSource, Seat, SeatSet,
    SeatValues, SyntaxError, ToAct,
};

impl State {
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
    fn evaluate(&self) -> Option<SeatValues> {
        Some(eval::evaluate(self))
    }

    fn legal_actions(&self, out: &mut Actions<Self>) {
        self.gen_legal(out);
    }

    fn playout_action<R: RandomSource + ?Sized>(
        &self,
        rng: &mut R,
        _buf: &mut Actions<Self>,
    ) -> Option<Place> {
        eval::playout_place(self, rng)
    }

    fn playout_cutoff(params: &Params) -> Option<u32> {
        Some(eval::playout_cutoff(params))
    }

    fn rave_equivalence(_params: &Params) -> Option<u32> {
        Some(eval::RAVE_EQUIVALENCE)
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
        write_position(self)
    }

    fn parse_action(&self, text: &str) -> Result<Place, SyntaxError> {
        let side = self.geo().side();
        CellNames::rect(side, side).parse(text).map(Place::new)
    }

    fn from_position(params: &Params, text: &str) -> Result<Self, PositionError> {
        read_position(params, text)
    }

    /// The copy-make kernel with a transposition table of this crate (`perft` module): the
    /// same counts as [`boardgame_kit::perft_generic`].
    fn perft_kernel(&mut self, depth: u32) -> u64 {
        kernels::perft(self, depth)
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
