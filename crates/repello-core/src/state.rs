//! The state: the board, the stacks, the captures and the repetition history; applying
//! actions, turns, the repulsion phase, captures, the end and the scores.

use crate::action::{decode_push, encode_push, Action};
use crate::board::{
    cell_of, dir_index, file_of, is_piece, mb, mb_of, rank_of, splitmix, step, zkey, Bb, Bounce,
    BLACK, CELLS, EMPTY, EMPTY_BOARD, GOLD, OFF, SIDE, SILVER, STACK0,
};
use crate::params::Params;
use boardgame_kit::{Cell, Dir8, Seat};
use smallvec::SmallVec;

/// Inline capacity of the repetition history (arrangements of the current phase since its
/// move or last capture); longer phases spill to the heap.
pub(crate) const HIST: usize = 16;

/// The most legal actions in any position: 372.
///
/// A placement list holds at most the 169 squares. A push `X/d` needs a piece on the far side
/// of X (at X - d) and an empty square or the edge at X + d, so a piece has at most one legal
/// push per line through it: 4 per piece. At most 93 pieces are ever on the board (9 tokens at
/// the start, 4 x 20 dropped tokens, 4 stacks): 4 x 93 = 372.
pub const MAX_ACTIONS: usize = 372;

/// What kind of decision the seat to act faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The setup round: place the stack on a free start-area square not adjacent to a piece.
    Setup,
    /// The start of a turn: move the stack, return it (pushed off) or relocate it.
    Turn,
    /// The repulsion phase: push.
    Repulsion,
    /// The game is over.
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mode {
    Setup,
    Turn,
    Push,
    Over,
}

/// A token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Token {
    /// Black: 1 point.
    Black,
    /// Silver: 3 points.
    Silver,
    /// Gold: 5 points.
    Gold,
}

impl Token {
    /// Points the token scores.
    #[must_use]
    pub const fn value(self) -> i32 {
        match self {
            Token::Black => 1,
            Token::Silver => 3,
            Token::Gold => 5,
        }
    }
}

/// A piece on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A neutral token.
    Token(Token),
    /// The stack of a seat.
    Stack(Seat),
}

/// Where a seat's stack is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StackStatus {
    /// Not placed yet (setup round).
    Unplaced,
    /// On this square.
    OnBoard(Cell),
    /// Pushed off the board; its owner places it back on its next turn.
    Off,
    /// Finished: no token left; its owner takes no more turns.
    Finished,
}

/// A seat's captured tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Captured {
    /// Black tokens (tokens taken from stacks count as black).
    pub black: u8,
    /// Silver tokens.
    pub silver: u8,
    /// Gold tokens.
    pub gold: u8,
}

impl Captured {
    /// The score: black 1, silver 3, gold 5.
    #[must_use]
    pub fn score(&self) -> i32 {
        self.black as i32 + 3 * self.silver as i32 + 5 * self.gold as i32
    }
}

/// The mutable part of the state but the repetition history (a `Copy` snapshot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Core {
    /// Padded mailbox board (see `board`).
    pub board: [u8; CELLS],
    /// Occupied squares.
    pub occ: Bb,
    /// Zobrist hash of the arrangement on the board.
    pub hash: u64,
    /// Mailbox index of each seat's stack, 0 when off the board.
    pub pos: [u8; 4],
    /// Tokens in each seat's stack.
    pub count: [u8; 4],
    /// Captured tokens by seat: black, silver, gold.
    pub capt: [[u8; 3]; 4],
    /// The seat to act (0 once the game is over).
    pub seat: u8,
    pub mode: Mode,
}

/// The repetition history of the current repulsion phase (empty outside one).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Hist {
    /// Hashes of the arrangements since the move/placement or the last capture, oldest
    /// first, the current one last.
    pub hashes: SmallVec<[u64; HIST]>,
    /// The pushes that led from `hashes[0]` to the current arrangement.
    pub pushes: SmallVec<[u16; HIST]>,
}

/// A Repello position: the board, the stacks, the captured tokens, who acts and how, and the
/// arrangements seen in the current repulsion phase.
///
/// ```
/// use boardgame_kit::{Actions, Game, ToAct, Seat};
/// use repello_core::{Action, State};
/// let mut s = State::new(&Default::default());
/// assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)));
/// let mut list = Actions::<State>::new();
/// s.legal_actions(&mut list);
/// assert_eq!(list.len(), 16); // the start area's outer ring
/// s.play("e5".parse().unwrap());
/// s.play("i9".parse().unwrap());
/// s.legal_actions(&mut list);
/// assert!(list.iter().all(|a| matches!(a, Action::Move(_))));
/// assert_eq!(
///     State::from_position(&Default::default(), &s.position()).unwrap(),
///     s
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) params: Params,
    /// Board numbers by mailbox index (0 on the border).
    pub(crate) nums: [u8; CELLS],
    pub(crate) core: Core,
    pub(crate) hist: Hist,
}

/// A stack of seat `owner` pushed off the board by seat `by`: `by` takes one black token from
/// the stack, if any are left in it, and the best token `owner` has captured, if any.
/// `count` holds the tokens in each seat's stack, `capt` each seat's captured black, silver and
/// gold tokens.
#[inline(always)]
pub(crate) fn capture_stack(count: &mut [u8; 4], capt: &mut [[u8; 3]; 4], by: usize, owner: usize) {
    if count[owner] > 0 {
        count[owner] -= 1;
        capt[by][0] += 1;
    }
    if let Some(k) = (0..3).rev().find(|&k| capt[owner][k] > 0) {
        capt[owner][k] -= 1;
        capt[by][k] += 1;
    }
}

impl State {
    pub(crate) fn from_core(params: Params, core: Core, hist: Hist) -> State {
        let mut nums = [0u8; CELLS];
        for r in 0..SIDE {
            for f in 0..SIDE {
                nums[mb(f, r)] = params.numbers()[(SIDE - 1 - r) * SIDE + f];
            }
        }
        State {
            params,
            nums,
            core,
            hist,
        }
    }

    /// The parameters, borrowed.
    #[inline]
    pub(crate) fn params_ref(&self) -> &Params {
        &self.params
    }

    /// Number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        self.params.players() as usize
    }

    /// The phase: what the seat to act does.
    #[must_use]
    pub fn phase(&self) -> Phase {
        match self.core.mode {
            Mode::Setup => Phase::Setup,
            Mode::Turn => Phase::Turn,
            Mode::Push => Phase::Repulsion,
            Mode::Over => Phase::Over,
        }
    }

    /// The piece on a cell (`None` for an empty square or a cell off the board).
    #[must_use]
    pub fn piece(&self, c: Cell) -> Option<Piece> {
        let m = mb_of(c)?;
        match self.core.board[m] {
            BLACK => Some(Piece::Token(Token::Black)),
            SILVER => Some(Piece::Token(Token::Silver)),
            GOLD => Some(Piece::Token(Token::Gold)),
            p if is_piece(p) => Some(Piece::Stack(Seat::of((p - STACK0) as usize))),
            _ => None,
        }
    }

    /// The number printed on a cell (`None` off the board).
    #[must_use]
    pub fn number(&self, c: Cell) -> Option<u8> {
        self.params.number(c)
    }

    /// Tokens in a seat's stack.
    #[must_use]
    pub fn stack_count(&self, seat: Seat) -> u8 {
        self.core.count.get(seat.index()).copied().unwrap_or(0)
    }

    /// Where a seat's stack is.
    #[must_use]
    pub fn stack_status(&self, seat: Seat) -> StackStatus {
        let s = seat.index();
        if s >= self.players() {
            return StackStatus::Finished;
        }
        let c = &self.core;
        if c.pos[s] != 0 {
            StackStatus::OnBoard(cell_of(c.pos[s] as usize))
        } else if c.mode == Mode::Setup && s >= c.seat as usize {
            StackStatus::Unplaced
        } else if c.count[s] > 0 {
            StackStatus::Off
        } else {
            StackStatus::Finished
        }
    }

    /// A seat's captured tokens.
    #[must_use]
    pub fn captured(&self, seat: Seat) -> Captured {
        let [black, silver, gold] = self.core.capt.get(seat.index()).copied().unwrap_or([0; 3]);
        Captured {
            black,
            silver,
            gold,
        }
    }

    /// A seat's score so far (its captured tokens).
    #[must_use]
    pub fn score(&self, seat: Seat) -> i32 {
        self.captured(seat).score()
    }

    /// The pushes of the current repulsion phase since its move or placement, or since its
    /// last capture (what the repetition rule needs), oldest first.
    pub fn phase_pushes(&self) -> impl Iterator<Item = (Cell, Dir8)> + '_ {
        self.hist.pushes.iter().map(|&code| {
            let (x, d) = decode_push(code);
            (cell_of(x), crate::board::dir_of(d))
        })
    }

    /// The Zobrist hashes of the arrangements the repetition rule forbids recreating (those of
    /// the current phase since its move or last capture, the current one last).
    #[must_use]
    pub fn phase_arrangements(&self) -> &[u64] {
        &self.hist.hashes
    }

    /// An upper bound on the number of turns (moves, placements, returns and relocations) in
    /// a game: the setup round, then one per token: every move or relocation drops one, and
    /// every return follows a push off that took one.
    ///
    /// ```
    /// use repello_core::{Params, State};
    /// assert_eq!(State::max_turns(&Params::default()), 2 + 30);
    /// ```
    #[must_use]
    pub fn max_turns(params: &Params) -> u64 {
        let n = params.players() as u64;
        n + n * params.stack() as u64
    }

    /// [`Game::position_key`](boardgame_kit::Game::position_key) for the arrangement key `arrangement`.
    pub(crate) fn key_with(&self, arrangement: u64) -> u64 {
        let c = &self.core;
        let [a, b, d, e] = c.count;
        let mode = c.mode as u8;
        let counters = u64::from_le_bytes([a, b, d, e, c.seat, mode, 0, 0]);
        let mut capt = [0u8; 16];
        for (k, x) in c.capt.iter().flatten().enumerate() {
            capt[k] = *x;
        }
        let lo = u64::from_le_bytes([
            capt[0], capt[1], capt[2], capt[3], capt[4], capt[5], capt[6], capt[7],
        ]);
        let hi = u64::from_le_bytes([capt[8], capt[9], capt[10], capt[11], 0, 0, 0, 0]);
        let mut key = arrangement
            ^ splitmix(counters ^ 0x636f_756e_7465_7273)
            ^ splitmix(lo ^ 0x6361_7074_5f6c_6f00)
            ^ splitmix(hi ^ 0x6361_7074_5f68_6900);
        for &h in &self.hist.hashes {
            key ^= splitmix(h ^ 0x6869_7374_6f72_7900);
        }
        key
    }

    /// The arrangement key computed from the board (what `core.hash` keeps incrementally).
    #[cfg(test)]
    pub(crate) fn arrangement_from_scratch(&self) -> u64 {
        (0..CELLS).fold(0, |h, m| h ^ zkey(self.core.board[m], m))
    }

    // ---- applying actions ----

    #[inline]
    fn put(&mut self, m: usize, p: u8) {
        let c = &mut self.core;
        c.board[m] = p;
        c.occ.set(m);
        c.hash ^= zkey(p, m);
        if p >= STACK0 {
            c.pos[(p - STACK0) as usize] = m as u8;
        }
    }

    #[inline]
    fn take(&mut self, m: usize) -> u8 {
        let c = &mut self.core;
        let p = c.board[m];
        c.board[m] = EMPTY;
        c.occ.clear(m);
        c.hash ^= zkey(p, m);
        if (STACK0..OFF).contains(&p) {
            c.pos[(p - STACK0) as usize] = 0;
        }
        p
    }

    /// Starts the repulsion phase after a move or placement.
    fn begin_phase(&mut self, saved: &mut Option<Hist>) {
        self.core.mode = Mode::Push;
        self.clear_hist(saved);
        self.hist.hashes.push(self.core.hash);
        if !self.any_push() {
            self.end_turn(saved);
        }
    }

    /// Empties the repetition history, keeping the first history cleared by this action for
    /// its undo.
    #[inline]
    fn clear_hist(&mut self, saved: &mut Option<Hist>) {
        if self.hist.hashes.is_empty() && self.hist.pushes.is_empty() {
            return;
        }
        if saved.is_none() {
            *saved = Some(core::mem::take(&mut self.hist));
        } else {
            self.hist.hashes.clear();
            self.hist.pushes.clear();
        }
    }

    /// Ends the current turn: empty stacks leave (finished), the end is checked, the turn
    /// passes to the next seat whose stack is not finished.
    fn end_turn(&mut self, saved: &mut Option<Hist>) {
        let n = self.players();
        for s in 0..n {
            let m = self.core.pos[s] as usize;
            if m != 0 && self.core.count[s] == 0 {
                self.take(m);
            }
        }
        self.clear_hist(saved);
        let c = &mut self.core;
        let was_setup = c.mode == Mode::Setup;
        let cur = c.seat as usize;
        let alive = |c: &Core, s: usize| c.pos[s] != 0 || c.count[s] > 0;
        match (1..=n).map(|k| (cur + k) % n).find(|&s| alive(c, s)) {
            None => {
                c.mode = Mode::Over;
                c.seat = 0;
            }
            Some(next) => {
                c.mode = if was_setup && next == cur + 1 {
                    Mode::Setup
                } else {
                    Mode::Turn
                };
                c.seat = next as u8;
            }
        }
    }

    /// Pushes the piece on `x` in direction `d` (a legal push).
    fn do_push(&mut self, x: usize, d: usize, saved: &mut Option<Hist>) {
        let t = step(x, d);
        let p = self.take(x);
        if self.core.board[t] == OFF {
            let me = self.core.seat as usize;
            match p {
                BLACK | SILVER | GOLD => self.core.capt[me][(p - 1) as usize] += 1,
                _ => {
                    let c = &mut self.core;
                    capture_stack(&mut c.count, &mut c.capt, me, (p - STACK0) as usize);
                }
            }
            self.clear_hist(saved);
            self.hist.hashes.push(self.core.hash);
        } else {
            self.put(t, p);
            self.hist.hashes.push(self.core.hash);
            self.hist.pushes.push(encode_push(x, d));
        }
        if !self.any_push() {
            self.end_turn(saved);
        }
    }

    pub(crate) fn apply(&mut self, a: Action, saved: &mut Option<Hist>) {
        let seat = self.core.seat as usize;
        let stack = STACK0 + seat as u8;
        match (self.core.mode, a) {
            (Mode::Setup, Action::Place(c)) => {
                if let Some(m) = mb_of(c) {
                    self.put(m, stack);
                    self.end_turn(saved);
                }
            }
            (Mode::Turn, Action::Place(c)) => {
                let Some(m) = mb_of(c) else { return };
                let from = self.core.pos[seat] as usize;
                if from != 0 {
                    // Relocation: the token drops first.
                    self.take(from);
                    self.put(from, BLACK);
                    self.core.count[seat] = self.core.count[seat].saturating_sub(1);
                }
                self.put(m, stack);
                self.begin_phase(saved);
            }
            (Mode::Turn, Action::Move(d)) => {
                let from = self.core.pos[seat] as usize;
                if from == 0 {
                    return;
                }
                let Walk::Lands(to) = self.walk(from, dir_index(d)) else {
                    return;
                };
                self.take(from);
                self.put(from, BLACK);
                self.core.count[seat] = self.core.count[seat].saturating_sub(1);
                self.put(to, stack);
                self.begin_phase(saved);
            }
            (Mode::Push, Action::Push(c, d)) => {
                let Some(x) = mb_of(c) else { return };
                if is_piece(self.core.board[x]) {
                    self.do_push(x, dir_index(d), saved);
                }
            }
            _ => {}
        }
    }

    pub(crate) fn start(params: &Params) -> State {
        let mut board = EMPTY_BOARD;
        let put = |b: &mut [u8; CELLS], name: &str, p: u8| {
            let c: Cell = name.parse().unwrap_or(Cell::new(0, 0));
            b[mb(c.file() as usize, c.rank() as usize)] = p;
        };
        put(&mut board, "g7", GOLD);
        for n in ["c11", "k11", "c3", "k3"] {
            put(&mut board, n, SILVER);
        }
        for n in ["g12", "b7", "l7", "g2"] {
            put(&mut board, n, BLACK);
        }
        let mut occ = Bb::EMPTY;
        let mut hash = 0;
        for (m, &p) in board.iter().enumerate() {
            if is_piece(p) {
                occ.set(m);
                hash ^= zkey(p, m);
            }
        }
        let mut count = [0u8; 4];
        for c in count.iter_mut().take(params.players() as usize) {
            *c = params.stack();
        }
        let core = Core {
            board,
            occ,
            hash,
            pos: [0; 4],
            count,
            capt: [[0; 3]; 4],
            seat: 0,
            mode: Mode::Setup,
        };
        State::from_core(params.clone(), core, Hist::default())
    }
}

/// Where a stack move in one direction goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walk {
    /// The first square in that direction is off the board: the direction is not offered.
    NotOffered,
    /// The path meets a piece (or the dropped token on the start square) at this square,
    /// after `steps` squares of the distance.
    Blocked { at: usize, steps: u8, dist: u8 },
    /// The stack lands here.
    Lands(usize),
}

impl State {
    /// The path of the stack on `from` moving in direction `d` (0..8).
    #[inline]
    pub(crate) fn walk(&self, from: usize, d: usize) -> Walk {
        let board = &self.core.board;
        let first = step(from, d);
        if board[first] == OFF {
            return Walk::NotOffered;
        }
        let dist = self.nums[first];
        let mut m = from;
        let walk = Bounce::new(file_of(from), rank_of(from), d);
        for (k, (f, r)) in (0..dist).zip(walk) {
            m = mb(f, r);
            // The start square holds the stack now: it stands for the dropped token.
            if board[m] != EMPTY {
                return Walk::Blocked {
                    at: m,
                    steps: k + 1,
                    dist,
                };
            }
        }
        Walk::Lands(m)
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_state!(State);

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::{random_action, Actions, Game, SplitMix64};

    /// The incremental position key equals the key computed from scratch along random games
    /// of every player count, and tells apart the positions it meets.
    #[test]
    fn incremental_position_key_equals_the_key_from_scratch() {
        let mut distinct = alloc::collections::BTreeMap::new();
        for (k, params) in ["", "players=3", "players=4", "stack=2"].iter().enumerate() {
            let params: Params = params.parse().unwrap();
            for seed in 0..8u64 {
                let mut s = State::new(&params);
                let mut rng = SplitMix64::new(seed * 4 + k as u64);
                let mut buf = Actions::<State>::new();
                loop {
                    let key = s.position_key();
                    assert_eq!(key, s.key_with(s.arrangement_from_scratch()));
                    if let Some(other) = distinct.insert(key, s.clone()) {
                        assert_eq!(other, s, "two positions share the key {key:x}");
                    }
                    let Some(a) = random_action(&s, &mut rng, &mut buf) else {
                        break;
                    };
                    let before = s.clone();
                    let u = s.play_unchecked(a);
                    s.undo(u);
                    assert_eq!(s.position_key(), before.position_key());
                    s.play_unchecked(a);
                }
            }
        }
        assert!(distinct.len() > 1000);
    }
}
