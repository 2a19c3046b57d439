//! The game: [`Game`] for [`State`] over the state's actions, the move generator, the
//! notation, the evaluation and the perft kernel; the undo record; why an action is illegal.

use crate::action::Action;
use crate::board::{
    cell_of, dir_index, is_piece, mb_of, step, zkey, BLACK, EMPTY, GOLD, OFF, SILVER, STACK0,
    START_BB,
};
use crate::notation::{read_position, write_position};
use crate::params::Params;
use crate::state::{Core, Hist, Mode, State, Walk, MAX_ACTIONS};
use crate::{eval, kernels};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use boardgame_kit::{
    Actions, Game, GameResult, Outcome, PositionError, Seat, SeatSet, SeatValues, ToAct, MAX_SEATS,
};

/// What [`Game::undo`] needs: a snapshot of the board and counters before the action, the
/// lengths of the repetition history, and the history itself when the action cleared it.
#[derive(Clone, Debug)]
pub struct Undo {
    core: Core,
    hashes: u32,
    pushes: u32,
    saved: Option<Hist>,
}

impl State {
    /// Why `a` is illegal here (`None` if it is legal).
    pub(crate) fn reason(&self, a: Action) -> Option<Cow<'static, str>> {
        let c = &self.core;
        let seat = c.seat as usize;
        let who = seat + 1;
        let cell_name = |m: usize| cell_of(m);
        let what = |p: u8| -> String {
            match p {
                BLACK => "a black token".into(),
                SILVER => "a silver token".into(),
                GOLD => "the gold token".into(),
                _ => format!("the stack of seat {}", p - STACK0 + 1),
            }
        };
        match (c.mode, a) {
            (Mode::Over, _) => Some("the game is over".into()),
            (Mode::Setup, Action::Place(cell)) | (Mode::Turn, Action::Place(cell)) => {
                let Some(m) = mb_of(cell) else {
                    return Some(format!("{cell} is not on the board").into());
                };
                if c.mode == Mode::Turn && c.pos[seat] != 0 {
                    let from = c.pos[seat] as usize;
                    if self.has_move(from) {
                        return Some(
                            format!("seat {who} must move its stack: a direction is legal").into(),
                        );
                    }
                    if m == from {
                        return Some(
                            format!("the stack cannot relocate to {cell}: its dropped token stays there").into(),
                        );
                    }
                }
                if is_piece(c.board[m]) {
                    return Some(format!("{cell} holds {}", what(c.board[m])).into());
                }
                let in_start = START_BB.contains(m);
                if c.mode == Mode::Setup {
                    if !in_start {
                        return Some(format!("{cell} is outside the start area e5-i9").into());
                    }
                    for d in 0..8 {
                        let n = step(m, d);
                        if is_piece(c.board[n]) {
                            return Some(
                                format!(
                                    "{cell} is next to {} on {}",
                                    what(c.board[n]),
                                    cell_name(n)
                                )
                                .into(),
                            );
                        }
                    }
                } else if !in_start && !START_BB.andnot(c.occ).is_empty() {
                    return Some(
                        format!("{cell} is outside the start area e5-i9, which has a free square")
                            .into(),
                    );
                }
                None
            }
            (Mode::Turn, Action::Move(d)) => {
                let from = c.pos[seat] as usize;
                if from == 0 {
                    return Some(
                        format!(
                            "the stack of seat {who} is off the board: place it on the start area"
                        )
                        .into(),
                    );
                }
                match self.walk(from, dir_index(d)) {
                    Walk::NotOffered => Some(
                        format!(
                            "the first square {} of {} is off the board",
                            d,
                            cell_of(from)
                        )
                        .into(),
                    ),
                    Walk::Blocked { at, steps, dist } => {
                        let why = if at == from {
                            format!(
                                "the path comes back to {}, where the dropped token lies",
                                cell_of(at)
                            )
                        } else if steps == dist {
                            format!(
                                "the stack would land on {}, which holds {}",
                                cell_of(at),
                                what(c.board[at])
                            )
                        } else {
                            format!(
                                "the path is blocked by {} on {}",
                                what(c.board[at]),
                                cell_of(at)
                            )
                        };
                        Some(format!("the stack cannot move {d} {dist} squares: {why}").into())
                    }
                    Walk::Lands(_) => None,
                }
            }
            (Mode::Push, Action::Push(cell, d)) => {
                let Some(x) = mb_of(cell) else {
                    return Some(format!("{cell} is not on the board").into());
                };
                let p = c.board[x];
                if !is_piece(p) {
                    return Some(format!("{cell} is empty").into());
                }
                let di = dir_index(d);
                let y = step(x, (di + 4) & 7);
                if !is_piece(c.board[y]) {
                    let yname = if c.board[y] == OFF {
                        String::from("the edge")
                    } else {
                        format!("{}", cell_of(y))
                    };
                    return Some(
                        format!("a piece is pushed {d} only away from a piece on its {} side, and {yname} holds none", d.opposite()).into(),
                    );
                }
                let t = step(x, di);
                match c.board[t] {
                    OFF => {
                        if p == STACK0 + seat as u8 {
                            Some(
                                format!("seat {who} may not push its own stack off the board")
                                    .into(),
                            )
                        } else {
                            None
                        }
                    }
                    EMPTY => {
                        let h = c.hash ^ zkey(p, x) ^ zkey(p, t);
                        if self.hist.hashes.contains(&h) {
                            Some("the push recreates an arrangement already seen in this repulsion phase".into())
                        } else {
                            None
                        }
                    }
                    q => Some(format!("{} holds {}", cell_of(t), what(q)).into()),
                }
            }
            (Mode::Setup, _) => {
                Some(format!("seat {who} must place its stack (setup round)").into())
            }
            (Mode::Turn, Action::Push(..)) => {
                Some(format!("seat {who} must first move or place its stack").into())
            }
            (Mode::Push, _) => {
                Some(format!("seat {who} must push: two pieces are adjacent").into())
            }
        }
    }
}

impl Game for State {
    type Params = Params;
    type Action = Action;
    type ActionBuf = [Action; MAX_ACTIONS];
    type Undo = Undo;

    const NAME: &'static str = "repello";
    const SEAT_NAMES: &'static [&'static str] = &["1", "2", "3", "4"];
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;
    const HAS_CHANCE: bool = false;

    fn new(params: &Params) -> Self {
        State::start(params)
    }

    fn params(&self) -> Params {
        self.params.clone()
    }

    fn seats(&self) -> SeatSet {
        SeatSet::first(self.players())
    }

    fn to_act(&self) -> ToAct {
        match self.core.mode {
            Mode::Over => ToAct::Over,
            _ => ToAct::Seat(Seat::of(self.core.seat as usize)),
        }
    }

    fn evaluate(&self) -> Option<SeatValues> {
        Some(eval::evaluate(self))
    }

    fn legal_actions(&self, out: &mut Actions<Self>) {
        self.generate(out);
    }

    fn count_legal(&self) -> usize {
        self.count()
    }

    fn perft_kernel(&mut self, depth: u32) -> u64 {
        kernels::perft(self, depth)
    }

    /// The Zobrist key of the arrangement (kept up to date by every action) mixed with the
    /// stacks, captured tokens, seat and mode, and the arrangements of the current repulsion
    /// phase: a few multiplications instead of hashing the whole state.
    fn position_key(&self) -> u64 {
        self.key_with(self.core.hash)
    }

    fn is_legal(&self, action: &Action) -> bool {
        self.core.mode != Mode::Over && self.reason(*action).is_none()
    }

    fn illegal_reason(&self, action: &Action) -> Cow<'static, str> {
        self.reason(*action).unwrap_or(Cow::Borrowed("it is legal"))
    }

    fn play_unchecked(&mut self, action: Action) -> Undo {
        let mut u = Undo {
            core: self.core,
            hashes: self.hist.hashes.len() as u32,
            pushes: self.hist.pushes.len() as u32,
            saved: None,
        };
        self.apply(action, &mut u.saved);
        u
    }

    fn undo(&mut self, undo: Undo) {
        self.core = undo.core;
        if let Some(h) = undo.saved {
            // The first history this action cleared: the one before it, plus what the action
            // appended before clearing.
            self.hist = h;
        }
        self.hist.hashes.truncate(undo.hashes as usize);
        self.hist.pushes.truncate(undo.pushes as usize);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.core.mode != Mode::Over {
            return None;
        }
        let n = self.players();
        let mut scores = [0i32; MAX_SEATS];
        for (s, sc) in scores.iter_mut().enumerate().take(n) {
            *sc = self.score(Seat::of(s));
        }
        let best = scores[..n].iter().copied().max().unwrap_or(0);
        let winners: SeatSet = (0..n)
            .filter(|&s| scores[s] == best)
            .map(Seat::of)
            .collect();
        Some(Outcome::new(
            GameResult::Winners(winners),
            self.seats(),
            Some(scores),
        ))
    }

    fn position(&self) -> String {
        write_position(self)
    }

    fn from_position(params: &Params, text: &str) -> Result<Self, PositionError> {
        read_position(params, text)
    }

    fn max_game_length(_params: &Params) -> Option<u64> {
        // Turns are bounded (`State::max_turns`), but a repulsion phase is bounded only by the
        // number of arrangements of its pieces, which gives no useful figure.
        None
    }
}
