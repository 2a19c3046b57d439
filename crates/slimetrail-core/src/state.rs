//! The state and the rules: moving the snail, the slime it leaves, the goal corners and the
//! player left without a move.

use crate::board::{Bits, Board, SYMMETRIES};
use crate::params::Params;
use alloc::borrow::Cow;
use alloc::string::String;
use boardgame_kit::smallvec::SmallVec;
use boardgame_kit::{
    Actions, Cell, CellNames, Game, Outcome, Playout, PositionError, Seat, SeatSet, SyntaxError,
    ToAct,
};
use core::fmt;
use core::str::FromStr;

/// One action: the snail's destination cell (`e5`).
///
/// Reading on its own accepts the cells of the largest board (`a1` to `i9`); a state reads
/// only the cells of its own board ([`Game::parse_action`]), so an error points at the first
/// character that cannot belong to one of its cells.
///
/// ```
/// use slimetrail_core::{State, Step};
/// use boardgame_kit::Game;
/// let s: Step = "C3".parse().unwrap();
/// assert_eq!(s.to_string(), "c3");
/// assert!("c".parse::<Step>().is_err());
/// let e = State::default().parse_action("zz9").unwrap_err();
/// assert_eq!(e.to_string(), "cannot read `zz9` at byte 0: expected a file letter from a to g");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Step(pub Cell);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Step {
    type Err = boardgame_kit::SyntaxError;
    fn from_str(s: &str) -> Result<Step, Self::Err> {
        CellNames::rect(crate::board::MAX_SIZE, crate::board::MAX_SIZE)
            .parse(s)
            .map(Step)
    }
}

/// Whether two distinct cells are a king's step apart.
fn adjacent(a: Cell, b: Cell) -> bool {
    a != b && a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1
}

/// What [`Game::undo`] needs to take back a step: where the snail came from and whether that
/// cell was already slimed. Opaque: only [`Game::play_unchecked`] makes one.
///
/// An unchecked step to a cell off the board changes nothing (no cell is truncated onto the
/// board) and its undo does nothing.
///
/// ```
/// use slimetrail_core::{State, Step};
/// use boardgame_kit::Game;
/// let mut s: State = "size=9".parse::<slimetrail_core::Params>().map(|p| State::new(&p)).unwrap();
/// let before = s;
/// let q11 = Step("q11".parse().unwrap()); // off the 9x9 board (it does not read as a Step)
/// let u = s.play_unchecked(q11);
/// assert_eq!(s, before);
/// s.undo(u);
/// assert_eq!(s, before);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Undo {
    /// The snail's bit before the step, or [`Undo::NOTHING`].
    from: u8,
    /// Whether `from` was slimed before the step (only after illegal unchecked steps).
    was_slimed: bool,
}

impl Undo {
    /// The `from` of a step that changed nothing.
    const NOTHING: u8 = u8::MAX;
}

/// From this depth on, [`State::perft`] on 5x5 and 7x7 keeps a transposition table.
const PERFT_TABLE_DEPTH: u32 = 8;

/// A Slime Trail position: the slime, the snail and the board size. 32 bytes, `Copy`.
///
/// The seat to move is not stored: every action slimes exactly one cell, so seat `1` moves
/// when the slime count is even.
///
/// ```
/// use slimetrail_core::{State, Step};
/// use boardgame_kit::{Game, ToAct, Seat};
/// let mut s = State::default();
/// assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)));
/// s.try_play("c3".parse().unwrap()).unwrap();
/// assert_eq!(s.moves().count_ones(), 7);
/// assert!(s.try_play("d4".parse().unwrap()).is_err()); // slimed
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    slime: Bits,
    snail: u8,
    board: Board,
}

impl Default for State {
    fn default() -> State {
        State::new(&Params::default())
    }
}

impl State {
    /// Builds a state from its parts, validating them (used by the position parser): the snail
    /// on the board and not on slime; slime on the board, never on a goal corner (a corner
    /// entered ends the game, so it is never left); the start cell slimed once anything is.
    pub fn from_parts(board: Board, slime: Bits, snail: Cell) -> Result<State, PositionError> {
        if !board.contains(snail) {
            return Err(PositionError::invalid("the snail is off the board"));
        }
        let snail = board.index(snail);
        if slime & !board.all() != 0 {
            return Err(PositionError::invalid("slime off the board"));
        }
        if slime >> snail & 1 != 0 {
            return Err(PositionError::invalid("the snail stands on slime"));
        }
        for seat in [Seat::of(0), Seat::of(1)] {
            if slime >> board.corner(seat) & 1 != 0 {
                return Err(PositionError::invalid(
                    "a goal corner is slimed, but a corner entered ends the game",
                ));
            }
        }
        if slime == 0 && snail != board.centre() {
            return Err(PositionError::invalid(
                "without slime the snail must be on the centre cell",
            ));
        }
        if slime != 0 && slime >> board.centre() & 1 == 0 {
            return Err(PositionError::invalid(
                "the centre cell must be slimed once the snail has left it",
            ));
        }
        let touches_trail = board
            .grid()
            .iter()
            .any(|c| slime >> board.index(c) & 1 != 0 && adjacent(c, board.cell(snail)));
        if slime != 0 && !touches_trail {
            return Err(PositionError::invalid(
                "the snail is not next to the end of its trail",
            ));
        }
        Ok(State {
            slime,
            snail,
            board,
        })
    }

    /// The board geometry.
    #[must_use]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The slimed cells (bits of the padded layout, see [`Board`]).
    #[must_use]
    pub fn slime(&self) -> Bits {
        self.slime
    }

    /// The snail's cell.
    #[must_use]
    pub fn snail(&self) -> Cell {
        self.board.cell(self.snail)
    }

    /// The snail's bit index in the padded layout (see [`Board`]).
    #[inline(always)]
    pub(crate) fn snail_index(&self) -> u8 {
        self.snail
    }

    /// The seat whose turn it is (also after the end: the seat that would move).
    #[must_use]
    pub fn mover(&self) -> Seat {
        Seat::of((self.slime.count_ones() & 1) as usize)
    }

    /// Number of actions played since the start.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.slime.count_ones()
    }

    /// The goal corner the snail stands on, if any: the seat that owns it.
    #[must_use]
    pub fn corner_owner(&self) -> Option<Seat> {
        [Seat::of(0), Seat::of(1)]
            .into_iter()
            .find(|s| self.board.corner(*s) == self.snail)
    }

    /// The snail's legal destinations as bits (empty once the game is over).
    #[inline(always)]
    #[must_use]
    pub fn moves(&self) -> Bits {
        self.board.king(self.snail) & !self.slime
    }

    /// Moves the snail to bit `to` without any check.
    #[inline(always)]
    fn step_to(&mut self, to: u8) -> u8 {
        let from = self.snail;
        self.slime |= 1 << from;
        self.snail = to;
        from
    }

    /// Plays uniformly random moves to the end and returns the winner: a fast path for
    /// playouts that skips the generic action list.
    ///
    /// ```
    /// use slimetrail_core::State;
    /// use boardgame_kit::{Game, SplitMix64};
    /// let mut s = State::default();
    /// let winner = s.random_playout(&mut SplitMix64::new(3));
    /// assert!(s.outcome().unwrap().is_winner(winner));
    /// ```
    pub fn random_playout<R: boardgame_kit::RandomSource + ?Sized>(&mut self, rng: &mut R) -> Seat {
        (self.slime, self.snail) = match self.board.table64() {
            Some(t) => {
                let (slime, snail) =
                    crate::kernels::playout64(t, self.slime as u64, self.snail, rng);
                (slime as Bits, snail)
            }
            None => crate::kernels::playout128(self.board.table128(), self.slime, self.snail, rng),
        };
        match self.corner_owner() {
            Some(owner) => owner,
            None => Seat::of(1 - self.mover().index()),
        }
    }

    /// Perft on the move masks, bulk-counting the last two plies, with a transposition table
    /// on 5x5 and 7x7 from depth 8, and the board's symmetries at the root (children that are
    /// mirror images of each other have equal counts, see [`Board::symmetry`]); equal to
    /// [`boardgame_kit::perft_generic`] on this state.
    ///
    /// ```
    /// use slimetrail_core::State;
    /// assert_eq!(State::default().perft(1), 8);
    /// assert_eq!(State::default().perft(3), 368);
    /// assert_eq!(State::default().perft(9), 3_282_668);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        let mut tt = match self.board.table64() {
            Some(_) if depth >= PERFT_TABLE_DEPTH => {
                Some(crate::kernels::PerftTable::for_depth(depth))
            }
            _ => None,
        };
        let stabiliser: SmallVec<[u8; 4]> = (0..SYMMETRIES)
            .filter(|&g| self.board.symmetry(g, self.slime) == self.slime)
            .filter(|&g| self.board.map_index(g, self.snail) == self.snail)
            .collect();
        if depth < 2 || stabiliser.len() == 1 {
            return self.perft_from(depth, tt.as_mut());
        }
        let mut total = 0;
        let mut m = self.moves();
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            let images: SmallVec<[u8; 4]> = stabiliser
                .iter()
                .map(|&g| self.board.map_index(g, to))
                .collect();
            if images.iter().any(|&i| i < to) {
                continue; // counted with the orbit's first cell
            }
            let orbit = (0..images.len())
                .filter(|&k| !images[..k].contains(&images[k]))
                .count() as u64;
            let mut child = *self;
            child.step_to(to);
            total += orbit * child.perft_from(depth - 1, tt.as_mut());
        }
        total
    }

    /// [`State::perft`] without the symmetries.
    fn perft_from(&self, depth: u32, tt: Option<&mut crate::kernels::PerftTable>) -> u64 {
        match (self.board.table64(), tt) {
            (Some(t), Some(tt)) => {
                crate::kernels::perft64_tt(t, self.slime as u64, self.snail, depth, tt)
            }
            (Some(t), None) => crate::kernels::perft64(t, self.slime as u64, self.snail, depth),
            _ => crate::kernels::perft128(self.board.table128(), self.slime, self.snail, depth),
        }
    }
}

impl Game for State {
    type Params = Params;
    type Action = Step;
    /// At most eight: the snail's king-step neighbourhood.
    type ActionBuf = [Step; 8];
    type Undo = Undo;

    const NAME: &'static str = "slimetrail";
    const SEAT_NAMES: &'static [&'static str] = &["1", "2"];
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 2;
    const HAS_CHANCE: bool = false;

    fn new(params: &Params) -> State {
        let board = params.board();
        State {
            slime: 0,
            snail: board.centre(),
            board,
        }
    }

    fn params(&self) -> Params {
        Params::with_size(self.board.size()).unwrap_or_default()
    }

    fn seats(&self) -> SeatSet {
        SeatSet::first(2)
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        if self.moves() == 0 {
            ToAct::Over
        } else {
            ToAct::Seat(self.mover())
        }
    }

    #[inline]
    fn evaluate(&self) -> Option<boardgame_kit::SeatValues> {
        Some(crate::eval::evaluate(self))
    }

    fn playout_action<R: boardgame_kit::RandomSource + ?Sized>(
        &self,
        rng: &mut R,
        _buf: &mut Actions<State>,
    ) -> Option<Step> {
        crate::eval::playout_step(self, rng)
    }

    fn legal_actions(&self, out: &mut Actions<State>) {
        out.clear();
        let mut m = self.moves();
        while m != 0 {
            out.push(Step(self.board.cell(m.trailing_zeros() as u8)));
            m &= m - 1;
        }
    }

    #[inline]
    fn count_legal(&self) -> usize {
        self.moves().count_ones() as usize
    }

    #[inline]
    fn is_legal(&self, a: &Step) -> bool {
        self.board.contains(a.0) && self.moves() >> self.board.index(a.0) & 1 != 0
    }

    fn illegal_reason(&self, a: &Step) -> Cow<'static, str> {
        if !self.board.contains(a.0) {
            Cow::Borrowed("the cell is off the board")
        } else if self.moves() == 0 {
            Cow::Borrowed("the game is over")
        } else if a.0 == self.snail() || !adjacent(a.0, self.snail()) {
            Cow::Owned(alloc::format!(
                "the snail on {} can only step to a neighbouring cell",
                self.snail()
            ))
        } else {
            Cow::Borrowed("the cell is slimed")
        }
    }

    #[inline]
    fn play_unchecked(&mut self, a: Step) -> Undo {
        if !self.board.contains(a.0) {
            return Undo {
                from: Undo::NOTHING,
                was_slimed: false,
            };
        }
        let was_slimed = self.slime >> self.snail & 1 != 0;
        Undo {
            from: self.step_to(self.board.index(a.0)),
            was_slimed,
        }
    }

    #[inline]
    fn undo(&mut self, undo: Undo) {
        if undo.from == Undo::NOTHING {
            return;
        }
        if !undo.was_slimed {
            self.slime &= !(1 << undo.from);
        }
        self.snail = undo.from;
    }

    fn outcome(&self) -> Option<Outcome> {
        let seats = SeatSet::first(2);
        if let Some(owner) = self.corner_owner() {
            Some(Outcome::win(seats, owner))
        } else if self.moves() == 0 {
            Some(Outcome::win(seats, Seat::of(1 - self.mover().index())))
        } else {
            None
        }
    }

    fn position(&self) -> String {
        crate::notation::write_position(self)
    }

    fn parse_action(&self, text: &str) -> Result<Step, SyntaxError> {
        let n = self.board.size();
        CellNames::rect(n, n).parse(text).map(Step)
    }

    fn from_position(params: &Params, text: &str) -> Result<State, PositionError> {
        crate::notation::read_position(params, text)
    }

    fn max_game_length(params: &Params) -> Option<u64> {
        let n = params.board().size() as u64;
        Some(n * n - 1)
    }

    /// [`State::perft`]: the mask kernel, bulk-counting the last two plies.
    fn perft_kernel(&mut self, depth: u32) -> u64 {
        State::perft(self, depth)
    }

    /// The mask kernel of [`State::random_playout`] when `max_actions` cannot cut the game
    /// short, else the generic driver.
    fn playout_kernel<R: boardgame_kit::RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_actions: u64,
    ) -> Playout {
        let n = u64::from(self.board.size());
        if max_actions < n * n {
            return boardgame_kit::drivers::playout_generic(self, rng, max_actions);
        }
        let start = self.ply();
        self.random_playout(rng);
        Playout {
            length: u64::from(self.ply() - start),
            outcome: self.outcome(),
        }
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Step);
#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Params);
#[cfg(feature = "serde")]
boardgame_kit::impl_serde_state!(State);
