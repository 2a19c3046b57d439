//! Fixed action spaces and observation tensors: what learning programs need.
//!
//! A policy network names an action by a number, and reads the position as numbers. The
//! [`Encoding`] trait, which every game implements beside [`Game`], gives both:
//!
//! - **A fixed action space.** Every player's action has an *id* in
//!   `0..num_distinct_actions(params)`, and every chance outcome an id in
//!   `0..max_chance_outcomes(params)` (the conventions of OpenSpiel). The id depends on what
//!   the action does (its cells, direction, kind), never on its place in a legal list: an
//!   action written the same way has the same id in every position of a game with the same
//!   parameters. [`Encoding::action_of_id`] reads an id back in a state (as a chance outcome at
//!   a chance node, as a player's action otherwise).
//! - **An observation tensor.** [`Encoding::observation_shape`] gives its dimensions (the games
//!   of this workspace use planes x rows x columns) and [`Encoding::observe`] writes it, seen
//!   from one seat, into the caller's buffer (no heap). Values are 0/1 planes or documented
//!   scalars in `[0, 1]`. The observing seat's pieces come first, then the other seats' in turn
//!   order after it ([`seats_from`]). The observation is a function of the state alone and says
//!   everything needed to continue, mid-turn included: two states that give the same
//!   observation from every seat differ at most by history
//!   ([`Encoding::same_observable`]).
//!
//! The conformance suite checks all of it on random games of every game
//! (`conformance::check_encoding`, feature `conformance`).
//!
//! ```
//! use boardgame_kit::{encoding::Encoding, testing::Nim, Actions, Game, Seat};
//! let game = Nim::new(&"stones=3".parse().unwrap());
//! assert_eq!(Nim::num_distinct_actions(&game.params()), 2); // take 1 (id 0) or 2 (id 1)
//! let mut legal = Actions::<Nim>::new();
//! game.legal_actions(&mut legal);
//! let ids: Vec<usize> = legal.iter().filter_map(|&a| game.action_id(a)).collect();
//! assert_eq!(ids, [0, 1]);
//! assert_eq!(game.action_of_id(1), Some(legal[1]));
//!
//! let shape = Nim::observation_shape(&game.params());
//! assert_eq!(shape.dims(), [2, 1, 3]); // the stones left; whether the observer is to move
//! let mut obs = vec![0.0; shape.size()];
//! game.observe(Seat::of(0), &mut obs).unwrap();
//! assert_eq!(obs, [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]); // three stones, seat 1 to move
//! game.observe(Seat::of(1), &mut obs).unwrap();
//! assert_eq!(obs, [1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
//! assert!(game.observe(Seat::of(3), &mut obs).is_err()); // seat 4 does not play
//! ```

use crate::game::Game;
use crate::seat::{Seat, SeatSet};
use core::fmt;

/// The dimensions of an observation tensor (at most four), row-major: the last dimension
/// varies fastest.
///
/// ```
/// use boardgame_kit::encoding::Shape;
/// let s = Shape::planes(3, 7, 7);
/// assert_eq!(s.dims(), [3, 7, 7]);
/// assert_eq!(s.size(), 147);
/// assert_eq!(s.to_string(), "3 7 7");
/// assert_eq!(s.index(1, 0, 2), 49 + 2);
/// assert_eq!(Shape::vector(10).dims(), [10]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    dims: [usize; 4],
    rank: u8,
}

impl Shape {
    /// `planes` planes of `rows` x `cols` values (the shape of every game of this workspace).
    #[must_use]
    pub const fn planes(planes: usize, rows: usize, cols: usize) -> Shape {
        Shape {
            dims: [planes, rows, cols, 1],
            rank: 3,
        }
    }

    /// A flat vector of `len` values.
    #[must_use]
    pub const fn vector(len: usize) -> Shape {
        Shape {
            dims: [len, 1, 1, 1],
            rank: 1,
        }
    }

    /// A shape of one to four dimensions, or `None` for none or more than four.
    ///
    /// ```
    /// use boardgame_kit::encoding::Shape;
    /// assert_eq!(Shape::from_dims(&[2, 3, 4]), Some(Shape::planes(2, 3, 4)));
    /// assert_eq!(Shape::from_dims(&[]), None);
    /// assert_eq!(Shape::from_dims(&[1; 5]), None);
    /// ```
    #[must_use]
    pub fn from_dims(dims: &[usize]) -> Option<Shape> {
        if dims.is_empty() || dims.len() > 4 {
            return None;
        }
        let mut d = [1; 4];
        d[..dims.len()].copy_from_slice(dims);
        Some(Shape {
            dims: d,
            rank: dims.len() as u8,
        })
    }

    /// The dimensions, outermost first.
    #[must_use]
    pub fn dims(&self) -> &[usize] {
        &self.dims[..self.rank as usize]
    }

    /// The number of values (the product of the dimensions).
    #[must_use]
    pub const fn size(&self) -> usize {
        self.dims[0] * self.dims[1] * self.dims[2] * self.dims[3]
    }

    /// The offset of `(plane, row, col)` in a three-dimensional shape.
    #[must_use]
    pub const fn index(&self, plane: usize, row: usize, col: usize) -> usize {
        (plane * self.dims[1] + row) * self.dims[2] + col
    }
}

impl fmt::Display for Shape {
    /// The dimensions separated by spaces (`3 7 7`), as `boardgame info` prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.dims().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// What a learning program needs to know of a game before it starts: the sizes of its action
/// spaces, its observation's shape and its longest game. `Display` prints the lines of
/// `boardgame info`, each ending in a newline.
///
/// ```
/// use boardgame_kit::{encoding::{Encoding, Shape}, testing::Nim};
/// let info = Nim::info(&"stones=3".parse().unwrap());
/// assert_eq!(info.observation_shape, Shape::planes(2, 1, 3));
/// assert_eq!(
///     info.to_string(),
///     "num_distinct_actions 2\nmax_chance_outcomes 0\nobservation_shape 2 1 3\nmax_game_length 3\n"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Info {
    /// [`Encoding::num_distinct_actions`].
    pub num_distinct_actions: usize,
    /// [`Encoding::max_chance_outcomes`].
    pub max_chance_outcomes: usize,
    /// [`Encoding::observation_shape`].
    pub observation_shape: Shape,
    /// [`Game::max_game_length`]: `None` where the rules give no bound.
    pub max_game_length: Option<u64>,
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "num_distinct_actions {}", self.num_distinct_actions)?;
        writeln!(f, "max_chance_outcomes {}", self.max_chance_outcomes)?;
        writeln!(f, "observation_shape {}", self.observation_shape)?;
        match self.max_game_length {
            Some(l) => writeln!(f, "max_game_length {l}"),
            None => writeln!(f, "max_game_length none"),
        }
    }
}

/// Why [`Encoding::observe`] wrote nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ObserveError {
    /// The seat does not play this game.
    #[error("seat number {seat} does not play this game")]
    NotASeat {
        /// The seat's index (from 0).
        seat: usize,
    },
    /// The buffer is not the size of the observation.
    #[error("the observation has {expected} values but the buffer holds {got}")]
    WrongLength {
        /// The observation's size.
        expected: usize,
        /// The buffer's length.
        got: usize,
    },
}

/// A game's fixed action space and observation tensor (see the [module docs](self)).
///
/// Implementations keep these invariants, which `conformance::check_encoding` tests:
/// - the legal actions of a state have distinct ids, in `0..num_distinct_actions` for a
///   player's actions and in `0..max_chance_outcomes` for chance outcomes, and
///   `action_of_id(action_id(a)) == Some(a)`;
/// - `action_id` depends only on the parameters and the action (the same text has the same id
///   in every position);
/// - for every id, `action_of_id(id)` is `None` or an action whose id is `id`;
/// - the observation depends on the state alone, has [`Encoding::observation_shape`]'s size,
///   holds values in `[0, 1]`, and two states with the same observation from every seat are
///   [`Encoding::same_observable`].
pub trait Encoding: Game {
    /// The number of distinct ids of players' actions with these parameters.
    #[must_use]
    fn num_distinct_actions(params: &Self::Params) -> usize;

    /// The number of distinct ids of chance outcomes (0 for a game without chance).
    #[must_use]
    fn max_chance_outcomes(params: &Self::Params) -> usize {
        let _ = params;
        0
    }

    /// The id of an action (a chance outcome's id for an outcome, a player's action's id
    /// otherwise), or `None` for an action that cannot occur in a game with these parameters
    /// (a cell off a smaller board). It depends only on the parameters and the action.
    #[must_use]
    fn action_id(&self, action: Self::Action) -> Option<usize>;

    /// The action with this id as this state reads it: a chance outcome's id at a chance node,
    /// a player's action's id otherwise. `None` when no action has this id; `Some` does not
    /// mean legal.
    #[must_use]
    fn action_of_id(&self, id: usize) -> Option<Self::Action>;

    /// The shape of the observation tensor with these parameters.
    #[must_use]
    fn observation_shape(params: &Self::Params) -> Shape;

    /// The sizes and bounds of the game with these parameters, together.
    #[must_use]
    fn info(params: &Self::Params) -> Info {
        Info {
            num_distinct_actions: Self::num_distinct_actions(params),
            max_chance_outcomes: Self::max_chance_outcomes(params),
            observation_shape: Self::observation_shape(params),
            max_game_length: Self::max_game_length(params),
        }
    }

    /// Writes the observation seen from `seat` into `out`, which [`Encoding::observe`] has
    /// checked: `seat` plays this game, `out` has the observation's size and holds zeros.
    /// Call [`Encoding::observe`] instead.
    fn write_observation(&self, seat: Seat, out: &mut [f32]);

    /// Writes the observation seen from `seat` into `out` (no heap): every value is written.
    /// A seat that does not play, or a buffer of the wrong size, is an error and nothing is
    /// written.
    fn observe(&self, seat: Seat, out: &mut [f32]) -> Result<(), ObserveError> {
        if !self.seats().contains(seat) {
            return Err(ObserveError::NotASeat { seat: seat.index() });
        }
        let expected = Self::observation_shape(&self.params()).size();
        if out.len() != expected {
            return Err(ObserveError::WrongLength {
                expected,
                got: out.len(),
            });
        }
        out.fill(0.0);
        self.write_observation(seat, out);
        Ok(())
    }

    /// Whether two states are the same apart from history that the observation does not
    /// show. By default state equality; a game whose state keeps history that bears on the
    /// rules (Repello's arrangements met earlier in a repulsion phase) compares without it,
    /// and documents what the observation leaves out.
    #[must_use]
    fn same_observable(&self, other: &Self) -> bool {
        self == other
    }
}

/// The seats of `seats` in turn order starting at `first` (seat order, wrapping round): the
/// order of the seats' planes in an observation seen from `first`. `first` comes first
/// when it is in `seats`.
///
/// ```
/// use boardgame_kit::{encoding::seats_from, Seat, SeatSet};
/// let three = SeatSet::from_bits(0b1011); // seats 0, 1 and 3
/// let order: Vec<usize> = seats_from(three, Seat::of(1)).map(|s| s.index()).collect();
/// assert_eq!(order, [1, 3, 0]);
/// ```
pub fn seats_from(seats: SeatSet, first: Seat) -> impl Iterator<Item = Seat> {
    let n = first.index();
    seats
        .iter()
        .filter(move |s| s.index() >= n)
        .chain(seats.iter().filter(move |s| s.index() < n))
}

/// The place of `seat` among the seats of `seats` seen from `observer` ([`seats_from`]'s
/// order): 0 for the observer itself, 1 for the next seat in turn, and so on; `None` for a
/// seat not in `seats`.
///
/// ```
/// use boardgame_kit::{encoding::relative_index, Seat, SeatSet};
/// let four = SeatSet::first(4);
/// assert_eq!(relative_index(four, Seat::of(2), Seat::of(0)), Some(2));
/// assert_eq!(relative_index(four, Seat::of(2), Seat::of(3)), Some(1));
/// assert_eq!(relative_index(four, Seat::of(2), Seat::of(2)), Some(0));
/// assert_eq!(relative_index(SeatSet::first(2), Seat::of(0), Seat::of(5)), None);
/// ```
#[must_use]
pub fn relative_index(seats: SeatSet, observer: Seat, seat: Seat) -> Option<usize> {
    seats_from(seats, observer).position(|s| s == seat)
}
