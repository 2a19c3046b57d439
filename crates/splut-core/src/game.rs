//! The game: [`Game`] for [`State`] over the state's steps, the move generator, the notation,
//! the evaluation and the kernels; why a step is illegal.

use crate::action::{Action, EXTRA_LEV, EXTRA_PULL, EXTRA_THROW};
use crate::board::{self, cell, dir_between, dir_long_name, nb, NONE};
use crate::eval::evaluate;
use crate::movegen::{Buf, BUF};
use crate::notation::{read_position, write_position};
use crate::state::{
    idx_of, is_rock, is_rock_or_troll, kind_of, State, Status, EMPTY, LEV_CLOSED, LEV_FRESH, ROCK,
    SORCERER, TROLL,
};
use crate::{Params, SEAT_NAMES};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use boardgame_kit::{
    Actions, Game, Outcome, PositionError, RandomSource, Seat, SeatSet, SeatValues, ToAct,
};

impl State {
    /// Why `a` is not legal here (for [`Game::illegal_reason`]).
    pub(crate) fn explain(&self, a: &Action) -> Cow<'static, str> {
        if !self.is_playing() {
            return "the game is over".into();
        }
        let (x, y) = (a.f(), a.t());
        let seatname = SEAT_NAMES[self.to_move as usize & 3];
        let (fc, tc) = (cell(x), cell(y));
        let c = self.board[x as usize & 63];
        if c == EMPTY {
            return format!("there is no piece on {fc}").into();
        }
        if is_rock(c) {
            return format!("{fc} holds a Rock; Rocks are not moved by themselves").into();
        }
        if idx_of(c) != self.to_move {
            return format!("the piece on {fc} is not {seatname}'s").into();
        }
        let Some(d) = dir_between(x, y) else {
            return format!("{tc} is not orthogonally next to {fc}").into();
        };
        let target = self.board[y as usize & 63];
        let what = |code: u8| -> &'static str {
            match kind_of(code) {
                ROCK => "a Rock",
                SORCERER => "a Sorcerer",
                TROLL => "a Troll",
                _ => "a Dwarf",
            }
        };
        match kind_of(c) {
            SORCERER => {
                if target != EMPTY {
                    return format!(
                        "a Sorcerer may only step onto an empty square: {} is on {tc}",
                        what(target)
                    )
                    .into();
                }
                if a.x() == EXTRA_PULL || (a.x() >= EXTRA_THROW && a.x() < EXTRA_LEV) {
                    return "only a Troll pulls or throws".into();
                }
                if a.x() >= EXTRA_LEV {
                    let q = a.x() - EXTRA_LEV;
                    let qc = cell(q);
                    let rc = self.board[q as usize & 63];
                    if !is_rock(rc) {
                        return format!("there is no Rock on {qc} to levitate").into();
                    }
                    let r = idx_of(rc);
                    match self.lev {
                        LEV_CLOSED => {
                            return "the levitation run of this turn is broken: no more levitation this turn".into()
                        }
                        l if l < 4 && l != r => {
                            return format!("only the Rock already levitated this turn (on {}) may be levitated", cell(self.rocks[l as usize])).into()
                        }
                        LEV_FRESH if self.moved_prev & (1 << r) != 0 => {
                            return format!("the Rock on {qc} moved in the previous turn and cannot be levitated").into()
                        }
                        _ => {}
                    }
                    let dest = nb(q, d);
                    if dest == NONE {
                        return format!(
                            "the Rock on {qc} would leave the board going {}",
                            dir_long_name(d)
                        )
                        .into();
                    }
                    if self.board[dest as usize & 63] != EMPTY && dest != x {
                        return format!("the Rock on {qc} can only be levitated onto an empty square: {} is on {}", what(self.board[dest as usize & 63]), cell(dest)).into();
                    }
                }
            }
            TROLL => {
                if a.x() >= EXTRA_LEV {
                    return "only a Sorcerer levitates".into();
                }
                if is_rock(target) {
                    if a.x() < EXTRA_THROW {
                        return format!("a Troll stepping onto the Rock on {tc} must throw it: add /n, /e, /s or /w").into();
                    }
                    let t = (a.x() - EXTRA_THROW) as usize & 3;
                    let z = nb(y, t);
                    if z == NONE {
                        return format!(
                            "the Troll cannot throw {}: the board ends there",
                            dir_long_name(t)
                        )
                        .into();
                    }
                    if z != x && is_rock_or_troll(self.board[z as usize & 63]) {
                        return format!(
                            "the Troll cannot throw {}: {} is on {}",
                            dir_long_name(t),
                            what(self.board[z as usize & 63]),
                            cell(z)
                        )
                        .into();
                    }
                } else if target != EMPTY {
                    return format!(
                        "a Troll may only step onto an empty square or a Rock: {} is on {tc}",
                        what(target)
                    )
                    .into();
                } else if a.x() >= EXTRA_THROW {
                    return format!("there is no Rock on {tc} to throw").into();
                } else if a.x() == EXTRA_PULL {
                    let back = nb(x, board::opposite(d));
                    if back == NONE || !is_rock(self.board[back as usize & 63]) {
                        return format!("no Rock stands right behind the Troll to pull (a step {} pulls from the square {} of {fc})", dir_long_name(d), dir_long_name(board::opposite(d))).into();
                    }
                }
            }
            _ => {
                if a.x() != 0 {
                    return "a Dwarf step has no option".into();
                }
                let mut z = y;
                while z != NONE && self.board[z as usize & 63] != EMPTY {
                    z = nb(z, d);
                }
                if z == NONE {
                    return format!(
                        "the Dwarf cannot push the line {}: it would leave the board",
                        dir_long_name(d)
                    )
                    .into();
                }
            }
        }
        "it is not among the legal actions of this position".into()
    }
}

impl Game for State {
    type Params = Params;
    type Action = Action;
    /// At most 40 steps: a Sorcerer has 4 directions, each plain or with one of the 4 Rocks
    /// (20); a Troll 4 directions with at most 4 options each (a throw in 4 directions, or a
    /// step with and without pull) (16); a Dwarf 4. The buffer has 48 slots: the branch-free
    /// generator writes each candidate step at the next free index before knowing whether it
    /// is legal, so it needs room for one candidate past the last legal step.
    type ActionBuf = Buf;
    type Undo = State;

    const NAME: &'static str = "splut";
    const SEAT_NAMES: &'static [&'static str] = SEAT_NAMES;
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;
    const HAS_CHANCE: bool = false;

    fn new(params: &Params) -> State {
        State::start(params)
    }

    fn params(&self) -> Params {
        self.params
    }

    fn seats(&self) -> SeatSet {
        self.params.seats()
    }

    fn in_play(&self) -> SeatSet {
        State::in_play(self)
    }

    fn to_act(&self) -> ToAct {
        match self.status {
            Status::Playing => ToAct::Seat(Seat::of(self.to_move as usize)),
            _ => ToAct::Over,
        }
    }

    fn evaluate(&self) -> Option<SeatValues> {
        Some(evaluate(self))
    }

    fn legal_actions(&self, out: &mut Actions<Self>) {
        let mut buf = [Action::raw(0, 0, 0); BUF];
        let n = self.generate::<true>(&mut buf);
        *out = Actions::<Self>::from_buf_and_len(buf, n);
    }

    fn count_legal(&self) -> usize {
        self.count_steps()
    }

    fn is_legal(&self, action: &Action) -> bool {
        if self.is_playing()
            && self
                .board
                .get(action.f() as usize)
                .is_some_and(|&c| c != EMPTY && idx_of(c) == self.to_move && !is_rock(c))
        {
            let mut buf = [Action::raw(0, 0, 0); BUF];
            let n = self.generate::<true>(&mut buf);
            buf[..n].contains(action)
        } else {
            false
        }
    }

    fn illegal_reason(&self, action: &Action) -> Cow<'static, str> {
        self.explain(action)
    }

    fn play_unchecked(&mut self, action: Action) -> State {
        let before = *self;
        self.apply(action);
        before
    }

    fn undo(&mut self, undo: State) {
        *self = undo;
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.status {
            Status::Playing => None,
            Status::Won(w) => Some(Outcome::win(self.params.seats(), Seat::of(w as usize))),
            Status::Draw => Some(Outcome::draw(self.params.seats())),
        }
    }

    fn position(&self) -> String {
        write_position(self)
    }

    fn from_position(params: &Params, text: &str) -> Result<State, PositionError> {
        read_position(params, text)
    }

    fn max_game_length(params: &Params) -> Option<u64> {
        let limit = params.turn_limit() as u64;
        (limit > 0).then_some(3 * limit)
    }

    /// The compact form of the state (every piece and Rock square, the turn state) with the
    /// turn number, hashed: a few shifts and two multiplications instead of hashing the whole
    /// struct.
    fn position_key(&self) -> u64 {
        self.key()
    }

    /// [`State::perft`]: copy-make on the state, unsorted generation, bulk count at the last
    /// step, a transposition table from 6 steps on.
    fn perft_kernel(&mut self, depth: u32) -> u64 {
        State::perft(self, depth)
    }

    /// [`State::random_playout`]: unsorted generation and a multiply-shift draw.
    fn playout_kernel<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_actions: u64,
    ) -> boardgame_kit::Playout {
        let (length, outcome) = self.random_playout(rng, max_actions);
        boardgame_kit::Playout { length, outcome }
    }
}
