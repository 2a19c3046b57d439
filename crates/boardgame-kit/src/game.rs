//! The uniform game API: one trait every game's state implements.

use crate::chance::{sample_chance, RandomSource};
pub use crate::chance::{ChanceOutcomes, Prob};
use crate::error::{PlayError, PositionError, SyntaxError};
use crate::eval::SeatValues;
use crate::outcome::Playout;
pub use crate::outcome::{GameResult, Outcome, OutcomeDisplay};
use crate::params::GameParams;
use crate::seat::{Seat, SeatName, SeatSet};
use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;
use smallvec::SmallVec;

/// A list of legal actions: inline (no heap) up to the game's documented worst case,
/// [`Game::ActionBuf`].
pub type Actions<G> = SmallVec<<G as Game>::ActionBuf>;

/// Who acts next: one answer for players, chance and the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ToAct {
    /// A player's decision.
    Seat(Seat),
    /// A chance event: the next action is one of [`Game::chance_outcomes`].
    Chance,
    /// The game is over: see [`Game::outcome`].
    Over,
}

impl ToAct {
    /// The seat to act, if a player acts.
    #[must_use]
    pub fn seat(self) -> Option<Seat> {
        match self {
            ToAct::Seat(s) => Some(s),
            _ => None,
        }
    }
}

/// A game: its rules, implemented on the type of its state.
///
/// The state is created with [`Game::new`] from the game's parameters. [`Game::to_act`] says who
/// acts. Legal actions are written into a caller-provided [`Actions`] list (inline capacity
/// [`Game::ActionBuf`], the game's documented worst case, so generation never allocates).
/// [`Game::try_play`] checks an action and returns a typed error leaving the state unchanged;
/// [`Game::play_unchecked`] is for search; [`Game::undo`] reverses a play. Chance events are
/// explicit: at [`ToAct::Chance`] the legal actions are the outcomes of
/// [`Game::chance_outcomes`], each with an exact probability; no state holds a random generator.
///
/// `Display` on the state draws the board for a person; [`Game::position`] is the one-line
/// position notation, read back by [`Game::from_position`].
pub trait Game: Clone + PartialEq + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// The game's parameters.
    type Params: GameParams;
    /// One action (a player's decision or a chance outcome). `Ord` is the order of the legal
    /// list; `Display`/`FromStr` are the game's action notation.
    type Action: Copy
        + Eq
        + Ord
        + Hash
        + Debug
        + Display
        + FromStr<Err = SyntaxError>
        + Send
        + Sync
        + 'static;
    /// The inline buffer of [`Actions`]: `[Self::Action; N]` with `N` the game's worst case.
    type ActionBuf: smallvec::Array<Item = Self::Action> + Send + Sync;
    /// What [`Game::undo`] needs to reverse a play.
    type Undo: Clone + Debug + Send + Sync;

    /// The game's name (CLI, records).
    const NAME: &'static str;
    /// Seat names by seat index.
    const SEAT_NAMES: &'static [&'static str];
    /// Fewest players.
    const MIN_PLAYERS: usize;
    /// Most players.
    const MAX_PLAYERS: usize;
    /// Whether the game has chance nodes.
    const HAS_CHANCE: bool;

    /// The start position.
    #[must_use]
    fn new(params: &Self::Params) -> Self;

    /// The parameters the state was created with.
    #[must_use]
    fn params(&self) -> Self::Params;

    /// The seats that play this game.
    #[must_use]
    fn seats(&self) -> SeatSet;

    /// The seats still in the game: [`Game::seats`] less the seats eliminated so far, in games
    /// whose rules eliminate players (an eliminated seat never acts again and is not among
    /// the winners). The default, for games that eliminate nobody, is every seat.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Game};
    /// let nim = Nim::new(&Default::default());
    /// assert_eq!(nim.in_play(), nim.seats());
    /// ```
    #[must_use]
    fn in_play(&self) -> SeatSet {
        self.seats()
    }

    /// Who acts next.
    #[must_use]
    fn to_act(&self) -> ToAct;

    /// Replaces the contents of `out` with the legal actions, sorted by `Ord`, no duplicates;
    /// at a chance node, the outcomes' actions; empty once the game is over.
    fn legal_actions(&self, out: &mut Actions<Self>);

    /// Number of legal actions (games may count faster than they list).
    #[must_use]
    fn count_legal(&self) -> usize {
        let mut v = Actions::<Self>::new();
        self.legal_actions(&mut v);
        v.len()
    }

    /// Whether `action` is legal now.
    #[must_use]
    fn is_legal(&self, action: &Self::Action) -> bool {
        let mut v = Actions::<Self>::new();
        self.legal_actions(&mut v);
        v.contains(action)
    }

    /// Why an action that is not legal now is illegal (games give specific reasons).
    #[must_use]
    fn illegal_reason(&self, action: &Self::Action) -> Cow<'static, str> {
        let _ = action;
        Cow::Borrowed("it is not among the legal actions of this position")
    }

    /// Replaces the contents of `out` with the outcomes of the current chance node and their
    /// probabilities (positive, summing to exactly 1), sorted by action; empty when the node
    /// is not a chance node.
    fn chance_outcomes(&self, out: &mut ChanceOutcomes<Self::Action>) {
        out.clear();
    }

    /// Plays a legal action without checking it. Playing an illegal action may leave a state
    /// the rules cannot reach, but never breaks memory safety.
    fn play_unchecked(&mut self, action: Self::Action) -> Self::Undo;

    /// Reverses the play that returned `undo` (plays must be undone last-first).
    fn undo(&mut self, undo: Self::Undo);

    /// Plays an action after checking it; on error the state is unchanged.
    fn try_play(&mut self, action: Self::Action) -> Result<Self::Undo, PlayError> {
        if self.to_act() == ToAct::Over {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(&action) {
            return Err(PlayError::Illegal {
                action: action.to_string(),
                reason: self.illegal_reason(&action),
            });
        }
        Ok(self.play_unchecked(action))
    }

    /// Plays an action for `seat`, rejecting it if another seat (or chance) is to act.
    fn try_play_as(&mut self, seat: Seat, action: Self::Action) -> Result<Self::Undo, PlayError> {
        match self.to_act() {
            ToAct::Over => Err(PlayError::GameOver),
            ToAct::Seat(s) if s == seat => self.try_play(action),
            other => Err(PlayError::NotYourTurn {
                expected: match other {
                    ToAct::Seat(s) => s.name(Self::SEAT_NAMES).to_string(),
                    _ => "chance".to_string(),
                },
                got: seat.name(Self::SEAT_NAMES).to_string(),
            }),
        }
    }

    /// Plays an action, panicking if it is illegal (for tests and examples; front ends should
    /// use [`Game::try_play`]).
    fn play(&mut self, action: Self::Action) -> Self::Undo {
        match self.try_play(action) {
            Ok(u) => u,
            Err(e) => panic!("{e}"),
        }
    }

    /// Parses an action's text in this game's notation.
    fn parse_action(&self, text: &str) -> Result<Self::Action, SyntaxError> {
        text.parse()
    }

    /// The outcome, once [`Game::to_act`] is [`ToAct::Over`].
    #[must_use]
    fn outcome(&self) -> Option<Outcome>;

    /// The one-line position notation (everything needed to continue exactly).
    #[must_use]
    fn position(&self) -> String;

    /// Reads a position written by [`Game::position`] for a game with these parameters,
    /// validating it.
    fn from_position(params: &Self::Params, text: &str) -> Result<Self, PositionError>;

    /// An upper bound on the number of actions in any game with these parameters, if there is
    /// one (the conformance suite checks it).
    #[must_use]
    fn max_game_length(params: &Self::Params) -> Option<u64>;

    /// Name of a seat.
    #[must_use]
    fn seat_name(seat: Seat) -> &'static str {
        seat.name(Self::SEAT_NAMES)
    }

    /// A heuristic value of a position for every seat, for search agents that stop before the
    /// end of the game (alpha-beta at its depth limit, MCTS playouts cut short). `None` (the
    /// default) when the game has no evaluation; agents then treat the position as even. Each
    /// game documents its terms in its `eval` module. The value of a finished game is its
    /// outcome ([`SeatValues::from_outcome`]), not this.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Game};
    /// assert!(Nim::new(&Default::default()).evaluate().is_none());
    /// ```
    #[must_use]
    fn evaluate(&self) -> Option<SeatValues> {
        None
    }

    /// The action a search playout takes here: by default [`random_action`] (uniform among
    /// the legal actions, chance outcomes by their probabilities, `None` once over). A game may
    /// override it with a cheaper or better policy; it must return a legal action (an outcome
    /// drawn with its exact probability at a chance node) and `None` only when the game is
    /// over. `buf` is scratch space.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Actions, Game, SplitMix64};
    /// let s = Nim::new(&Default::default());
    /// let a = s.playout_action(&mut SplitMix64::new(1), &mut Actions::<Nim>::new());
    /// assert!(s.is_legal(&a.unwrap()));
    /// ```
    fn playout_action<R: RandomSource + ?Sized>(
        &self,
        rng: &mut R,
        buf: &mut Actions<Self>,
    ) -> Option<Self::Action> {
        random_action(self, rng, buf)
    }

    /// The playout length (in actions) after which a search agent should stop a playout and
    /// score it with [`Game::evaluate`]: a game whose evaluation is good and whose games are
    /// long sets it; `None` (the default) leaves the choice to the agent.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Game};
    /// assert_eq!(Nim::playout_cutoff(&Default::default()), None);
    /// ```
    #[must_use]
    fn playout_cutoff(params: &Self::Params) -> Option<u32> {
        let _ = params;
        None
    }

    /// Whether a tree search should share what it learns about an action across the orders
    /// it is played in (RAVE, "all moves as first"), and how strongly: `Some(k)` makes a
    /// search agent blend a child's own mean with the mean of every simulation in which the
    /// same seat played the same action later on, the blend weighing the shared statistics
    /// as much as the child's own after about `k` visits. Placement games, where an action
    /// keeps most of its worth whatever the moment it is played, gain from it; `None` (the
    /// default) leaves it off.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Game};
    /// assert_eq!(Nim::rave_equivalence(&Default::default()), None);
    /// ```
    #[must_use]
    fn rave_equivalence(params: &Self::Params) -> Option<u32> {
        let _ = params;
        None
    }

    /// A seat shown by this game's name for it (`format!("{} to move", G::seat_display(s))`).
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Game, Seat};
    /// assert_eq!(format!("{} to move", Nim::seat_display(Seat::of(1))), "2 to move");
    /// ```
    #[must_use]
    fn seat_display(seat: Seat) -> SeatName {
        seat.named(Self::SEAT_NAMES)
    }

    /// An outcome shown in words with this game's seat names.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Game, Outcome, Seat, SeatSet};
    /// let o = Outcome::win(SeatSet::first(2), Seat::of(0));
    /// assert_eq!(Nim::outcome_display(&o).to_string(), "1 wins");
    /// ```
    #[must_use]
    fn outcome_display(outcome: &Outcome) -> OutcomeDisplay {
        outcome.named(Self::SEAT_NAMES)
    }

    /// Perft from this position: the number of action sequences of exactly `depth` actions
    /// (see [`crate::perft()`], which calls this hook). Games override it with their fastest
    /// kernel (bulk counting, counting without listing, copy-make); the default is the generic
    /// driver [`crate::perft_generic`]. Overrides give the same counts, leave the state
    /// unchanged, and may recurse once per ply (callers keep `depth` at most
    /// [`crate::MAX_PERFT_DEPTH`]).
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Game};
    /// assert_eq!(Nim::new(&Default::default()).perft_kernel(2), 4);
    /// ```
    #[must_use]
    fn perft_kernel(&mut self, depth: u32) -> u64 {
        crate::perft_generic(self, depth)
    }

    /// A random playout from this position (see [`crate::playout()`], which calls this hook):
    /// players' actions uniform among the legal ones, chance outcomes by their exact
    /// probabilities, until the game ends or `max_actions` were played; the state is left at
    /// the final position. Games override it with their fastest kernel; the default is the
    /// generic driver [`playout_generic`].
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Game, SplitMix64};
    /// let mut s = Nim::new(&Default::default());
    /// let p = s.playout_kernel(&mut SplitMix64::new(5), 100);
    /// assert_eq!(s.outcome(), p.outcome);
    /// assert!(p.outcome.is_some());
    /// ```
    fn playout_kernel<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_actions: u64,
    ) -> Playout {
        playout_generic(self, rng, max_actions)
    }

    /// A 64-bit key of the position for transposition tables: equal states have equal keys,
    /// and distinct states collide rarely. The default hashes the state with [`KeyHasher`];
    /// games may keep an incremental (Zobrist-style) key and return it here.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, Game};
    /// let a = Nim::new(&Default::default());
    /// let mut b = a.clone();
    /// assert_eq!(a.position_key(), b.position_key());
    /// b.play("1".parse().unwrap());
    /// assert_ne!(a.position_key(), b.position_key());
    /// ```
    #[must_use]
    fn position_key(&self) -> u64 {
        let mut h = KeyHasher::default();
        self.hash(&mut h);
        core::hash::Hasher::finish(&h)
    }
}

/// A random action: a uniform choice among the legal actions for a player, an outcome drawn
/// with its probability at a chance node, `None` once the game is over. `buf` is scratch space.
pub fn random_action<G: Game, R: RandomSource + ?Sized>(
    state: &G,
    rng: &mut R,
    buf: &mut Actions<G>,
) -> Option<G::Action> {
    match state.to_act() {
        ToAct::Over => None,
        ToAct::Chance => {
            let mut outs = ChanceOutcomes::new();
            state.chance_outcomes(&mut outs);
            sample_chance(&outs, rng)
        }
        ToAct::Seat(_) => {
            state.legal_actions(buf);
            if buf.is_empty() {
                None
            } else {
                Some(buf[rng.below(buf.len() as u64) as usize])
            }
        }
    }
}

/// The generic playout driver: [`random_action`] then [`Game::play_unchecked`] until the game
/// ends or `max_actions` have been played. The default of [`Game::playout_kernel`]; the same
/// seed always gives the same game.
///
/// ```
/// use boardgame_kit::{drivers::playout_generic, testing::Nim, Game, SplitMix64};
/// let mut s = Nim::new(&Default::default());
/// let p = playout_generic(&mut s, &mut SplitMix64::new(1), 2);
/// assert_eq!((p.length, p.outcome), (2, None)); // stopped after two actions
/// ```
pub fn playout_generic<G: Game, R: RandomSource + ?Sized>(
    state: &mut G,
    rng: &mut R,
    max_actions: u64,
) -> Playout {
    let mut buf = Actions::<G>::new();
    let mut length = 0;
    while length < max_actions {
        match random_action(state, rng, &mut buf) {
            Some(a) => {
                state.play_unchecked(a);
                length += 1;
            }
            None => break,
        }
    }
    Playout {
        length,
        outcome: state.outcome(),
    }
}

/// A fast, fixed-seed 64-bit hasher (the default of [`Game::position_key`]): the same input
/// gives the same key on every platform and run.
///
/// ```
/// use boardgame_kit::game::KeyHasher;
/// use core::hash::{Hash, Hasher};
/// let mut a = KeyHasher::default();
/// 42u32.hash(&mut a);
/// let mut b = KeyHasher::default();
/// 42u32.hash(&mut b);
/// assert_eq!(a.finish(), b.finish());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct KeyHasher(u64);

impl Default for KeyHasher {
    fn default() -> Self {
        KeyHasher(0x243F_6A88_85A3_08D3)
    }
}

impl core::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(w));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b) | 0x100);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x5151_F4B5_3A8D_E3A5);
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn finish(&self) -> u64 {
        // Final avalanche (SplitMix64's mixer) so that nearby inputs spread over all bits.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
