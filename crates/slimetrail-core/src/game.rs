//! The game: [`Game`] for [`State`], over the state's moves, the notation and the evaluation.

use crate::action::Step;
use crate::board::adjacent;
use crate::eval::{evaluate, playout_step};
use crate::notation::{read_position, write_position};
use crate::params::Params;
use crate::state::State;
use alloc::borrow::Cow;
use alloc::string::String;
use boardgame_kit::{
    Actions, CellNames, Game, Outcome, Playout, PositionError, RandomSource, Seat, SeatSet,
    SeatValues, SyntaxError, ToAct,
};

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
    fn evaluate(&self) -> Option<SeatValues> {
        Some(evaluate(self))
    }

    fn playout_action<R: RandomSource + ?Sized>(
        &self,
        rng: &mut R,
        _buf: &mut Actions<State>,
    ) -> Option<Step> {
        playout_step(self, rng)
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
        write_position(self)
    }

    fn parse_action(&self, text: &str) -> Result<Step, SyntaxError> {
        let n = self.board.size();
        CellNames::rect(n, n).parse(text).map(Step)
    }

    fn from_position(params: &Params, text: &str) -> Result<State, PositionError> {
        read_position(params, text)
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
    fn playout_kernel<R: RandomSource + ?Sized>(
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
