//! Seats, sets of seats and turn order with elimination.

use core::fmt;

/// The most seats any game of the workspace has (Arandian checkers with six players).
pub const MAX_SEATS: usize = 6;

/// Raw seat data that names no valid seat, seat set or turn order (read from serde, or given
/// to the checked constructors).
///
/// ```
/// use boardgame_kit::seat::{SeatError, Seat, SeatSet};
/// assert_eq!(Seat::try_from(200u8), Err(SeatError::Index(200)));
/// assert_eq!(SeatSet::try_from(0b100_0000u8), Err(SeatError::Bits(0b100_0000)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SeatError {
    /// A seat index at or above [`MAX_SEATS`].
    #[error("seat index {0} is out of range: a table has seats 0 to 5")]
    Index(u8),
    /// A seat-set mask with bits at or above [`MAX_SEATS`].
    #[error("seat set {0:#010b} has bits beyond the six seats of a table")]
    Bits(u8),
    /// A turn order whose seats still in the game are not all among those that started.
    #[error("turn order: the active seats {active:#08b} are not all among the seats {seats:#08b}")]
    ActiveNotSeated {
        /// The seats that started.
        seats: u8,
        /// The seats said to be still in the game.
        active: u8,
    },
    /// A turn order whose seat to act did not start the game.
    #[error("turn order: seat {current} is to act but is not among the seats {seats:#08b}")]
    CurrentNotSeated {
        /// The seats that started.
        seats: u8,
        /// The index of the seat said to act.
        current: u8,
    },
}

/// One seat at the table, by index `0..MAX_SEATS`.
///
/// The index is the seat's place in the game's clockwise order; each game names its seats
/// (`Game::SEAT_NAMES`), e.g. Splut! calls seat 0 `s`.
///
/// ```
/// use boardgame_kit::Seat;
/// let s = Seat::new(2).unwrap();
/// assert_eq!(s.index(), 2);
/// assert!(Seat::new(6).is_none());
/// ```
///
/// Serde writes the index as a number and refuses an index out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Seat(u8);

impl TryFrom<u8> for Seat {
    type Error = SeatError;
    fn try_from(index: u8) -> Result<Seat, SeatError> {
        Seat::new(usize::from(index)).ok_or(SeatError::Index(index))
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl Seat {
    /// The seat with this index, if it is below [`MAX_SEATS`].
    #[must_use]
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat with this index. Panics (at compile time in const contexts) if out of range.
    ///
    /// ```
    /// use boardgame_kit::Seat;
    /// const FIRST: Seat = Seat::of(0);
    /// assert_eq!(FIRST.index(), 0);
    /// ```
    #[must_use]
    pub const fn of(index: usize) -> Seat {
        assert!(index < MAX_SEATS, "seat index out of range");
        Seat(index as u8)
    }

    /// The seat's index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// This seat's name in a game's table of seat names, or `?` when the table is too short.
    ///
    /// ```
    /// use boardgame_kit::Seat;
    /// assert_eq!(Seat::of(1).name(&["s", "w", "n", "e"]), "w");
    /// ```
    #[must_use]
    pub fn name(self, names: &'static [&'static str]) -> &'static str {
        names.get(self.index()).copied().unwrap_or("?")
    }

    /// The seat shown by its name in a game's table of seat names.
    ///
    /// ```
    /// use boardgame_kit::Seat;
    /// assert_eq!(format!("{} to move", Seat::of(2).named(&["s", "w", "n", "e"])), "n to move");
    /// ```
    #[must_use]
    pub const fn named(self, names: &'static [&'static str]) -> SeatName {
        SeatName { seat: self, names }
    }

    /// Parses a seat from a game's table of seat names (exact, case-sensitive match).
    ///
    /// ```
    /// use boardgame_kit::Seat;
    /// assert_eq!(Seat::from_name("n", &["s", "w", "n", "e"]), Some(Seat::of(2)));
    /// assert_eq!(Seat::from_name("x", &["s", "w", "n", "e"]), None);
    /// ```
    pub fn from_name(name: &str, names: &'static [&'static str]) -> Option<Seat> {
        names.iter().position(|n| *n == name).and_then(Seat::new)
    }
}

impl fmt::Display for Seat {
    /// `seat N` by index: a seat alone does not know its game's names. Show a seat to a
    /// person with [`Seat::named`] or [`Game::seat_display`](crate::Game::seat_display).
    ///
    /// ```
    /// use boardgame_kit::Seat;
    /// assert_eq!(Seat::of(2).to_string(), "seat 2");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A seat shown by its game's name (from [`Seat::named`] or
/// [`Game::seat_display`](crate::Game::seat_display)).
///
/// ```
/// use boardgame_kit::{testing::Nim, Game, Seat};
/// assert_eq!(Nim::seat_display(Seat::of(0)).to_string(), "1");
/// assert_eq!(Seat::of(1).named(&["s", "w", "n", "e"]).to_string(), "w");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatName {
    seat: Seat,
    names: &'static [&'static str],
}

impl SeatName {
    /// The seat being shown.
    #[must_use]
    pub const fn seat(self) -> Seat {
        self.seat
    }
}

impl fmt::Display for SeatName {
    /// The game's name of the seat; `seat N` when the table of names has no entry for it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.names.get(self.seat.index()) {
            Some(name) => f.write_str(name),
            None => write!(f, "{}", self.seat),
        }
    }
}

/// A set of seats (a bit mask), iterated in seat order.
///
/// ```
/// use boardgame_kit::{Seat, SeatSet};
/// let mut s = SeatSet::EMPTY;
/// s.insert(Seat::of(3));
/// s.insert(Seat::of(1));
/// assert_eq!(s.len(), 2);
/// assert_eq!(s.iter().map(|x| x.index()).collect::<Vec<_>>(), vec![1, 3]);
/// ```
///
/// Serde writes the mask as a number and refuses bits at or above [`MAX_SEATS`].
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct SeatSet(u8);

/// Every bit a seat set may hold.
const ALL_BITS: u8 = (1 << MAX_SEATS) - 1;

impl TryFrom<u8> for SeatSet {
    type Error = SeatError;
    fn try_from(bits: u8) -> Result<SeatSet, SeatError> {
        if bits & !ALL_BITS == 0 {
            Ok(SeatSet(bits))
        } else {
            Err(SeatError::Bits(bits))
        }
    }
}

impl fmt::Debug for SeatSet {
    /// The seat indices as a set, not the bit mask.
    ///
    /// ```
    /// use boardgame_kit::SeatSet;
    /// assert_eq!(format!("{:?}", SeatSet::from_bits(0b101)), "SeatSet{0, 2}");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatSet")?;
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

impl From<SeatSet> for u8 {
    fn from(set: SeatSet) -> u8 {
        set.0
    }
}

impl SeatSet {
    /// No seats.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set from a raw mask (bit i = seat i); bits at or above [`MAX_SEATS`] are dropped.
    #[must_use]
    pub const fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits & ALL_BITS)
    }

    /// The first `n` seats, `0..n`.
    ///
    /// ```
    /// use boardgame_kit::SeatSet;
    /// assert_eq!(SeatSet::first(2).len(), 2);
    /// ```
    #[must_use]
    pub const fn first(n: usize) -> SeatSet {
        let n = if n > MAX_SEATS { MAX_SEATS } else { n };
        SeatSet(((1u16 << n) - 1) as u8)
    }

    /// The raw mask.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether the seat is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Adds a seat.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes a seat.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// The set with the seat added.
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    /// Number of seats in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat, if any.
    #[must_use]
    pub const fn lowest(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(Seat(self.0.trailing_zeros() as u8))
        }
    }

    /// The only seat of a one-seat set.
    #[must_use]
    pub const fn single(self) -> Option<Seat> {
        if self.0.count_ones() == 1 {
            self.lowest()
        } else {
            None
        }
    }

    /// The seats in order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Seat)
    }

    /// The next seat of the set strictly after `seat` in clockwise (increasing, wrapping) order,
    /// `seat` itself last; `None` for an empty set.
    ///
    /// ```
    /// use boardgame_kit::{Seat, SeatSet};
    /// let s = SeatSet::from_bits(0b1011); // seats 0, 1, 3
    /// assert_eq!(s.next_after(Seat::of(1)), Some(Seat::of(3)));
    /// assert_eq!(s.next_after(Seat::of(3)), Some(Seat::of(0)));
    /// assert_eq!(SeatSet::from_bits(0b10).next_after(Seat::of(1)), Some(Seat::of(1)));
    /// ```
    pub fn next_after(self, seat: Seat) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let n = MAX_SEATS as u8;
        (1..=n)
            .map(|k| (seat.0 + k) % n)
            .find(|i| self.0 & (1 << i) != 0)
            .map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut s = SeatSet::EMPTY;
        for seat in iter {
            s.insert(seat);
        }
        s
    }
}

/// Turn order among the seats in play, with elimination.
///
/// Play passes clockwise (increasing seat index, wrapping) and skips seats that are not in play
/// or have been eliminated. Per-turn action budgets (Splut!'s 1/2/3 steps, Elements' seven
/// placements) are counted with [`TurnOrder::budget`].
///
/// ```
/// use boardgame_kit::{Seat, SeatSet, TurnOrder};
/// let mut t = TurnOrder::new(SeatSet::first(4), Seat::of(0), 1);
/// t.eliminate(Seat::of(1));
/// t.end_turn(2);
/// assert_eq!(t.current(), Seat::of(2));
/// assert_eq!(t.active().len(), 3);
/// ```
///
/// Serde writes `{seats, active, current, budget}` and refuses a turn order whose active seats
/// or seat to act are not among its seats (see [`TurnOrder::try_from_parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "TurnOrderParts")
)]
pub struct TurnOrder {
    seats: SeatSet,
    active: SeatSet,
    current: Seat,
    budget: u8,
}

impl TurnOrder {
    /// A turn order over `seats`, `first` to act with `budget` actions in its turn.
    #[must_use]
    pub fn new(seats: SeatSet, first: Seat, budget: u8) -> TurnOrder {
        TurnOrder {
            seats,
            active: seats,
            current: first,
            budget,
        }
    }

    /// Rebuilds a turn order from its parts (for position parsers): the seats that started,
    /// those still in the game, the seat to act and its remaining budget.
    #[must_use]
    pub fn from_parts(seats: SeatSet, active: SeatSet, current: Seat, budget: u8) -> TurnOrder {
        TurnOrder {
            seats,
            active,
            current,
            budget,
        }
    }

    /// Rebuilds a turn order from its parts, checking that the active seats and the seat to
    /// act are among the seats that started.
    ///
    /// ```
    /// use boardgame_kit::{seat::SeatError, Seat, SeatSet, TurnOrder};
    /// let two = SeatSet::first(2);
    /// assert!(TurnOrder::try_from_parts(two, two, Seat::of(1), 1).is_ok());
    /// assert!(matches!(
    ///     TurnOrder::try_from_parts(two, two, Seat::of(4), 1),
    ///     Err(SeatError::CurrentNotSeated { .. })
    /// ));
    /// ```
    pub fn try_from_parts(
        seats: SeatSet,
        active: SeatSet,
        current: Seat,
        budget: u8,
    ) -> Result<TurnOrder, SeatError> {
        if active.0 & !seats.0 != 0 {
            return Err(SeatError::ActiveNotSeated {
                seats: seats.0,
                active: active.0,
            });
        }
        if !seats.contains(current) {
            return Err(SeatError::CurrentNotSeated {
                seats: seats.0,
                current: current.0,
            });
        }
        Ok(TurnOrder::from_parts(seats, active, current, budget))
    }

    /// The seats that started the game.
    #[must_use]
    pub fn seats(&self) -> SeatSet {
        self.seats
    }

    /// The seats not eliminated.
    #[must_use]
    pub fn active(&self) -> SeatSet {
        self.active
    }

    /// The seat whose turn it is.
    #[must_use]
    pub fn current(&self) -> Seat {
        self.current
    }

    /// Actions left in the current turn.
    #[must_use]
    pub fn budget(&self) -> u8 {
        self.budget
    }

    /// Sets the actions left in the current turn.
    pub fn set_budget(&mut self, budget: u8) {
        self.budget = budget;
    }

    /// Uses one action of the budget; returns true when the budget is now exhausted.
    pub fn spend(&mut self) -> bool {
        self.budget = self.budget.saturating_sub(1);
        self.budget == 0
    }

    /// Marks a seat as eliminated (it keeps its place in `seats`).
    pub fn eliminate(&mut self, seat: Seat) {
        self.active.remove(seat);
    }

    /// The only active seat, once all others are eliminated.
    #[must_use]
    pub fn survivor(&self) -> Option<Seat> {
        self.active.single()
    }

    /// The active seat after the current one (the current one itself if it is alone).
    #[must_use]
    pub fn peek_next(&self) -> Option<Seat> {
        self.active.next_after(self.current)
    }

    /// Passes the turn to the next active seat with a fresh `budget`; returns that seat.
    /// Does nothing when no seat is active.
    pub fn end_turn(&mut self, budget: u8) -> Seat {
        if let Some(next) = self.peek_next() {
            self.current = next;
            self.budget = budget;
        }
        self.current
    }
}

/// The serde form of a [`TurnOrder`], checked by [`TurnOrder::try_from_parts`].
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct TurnOrderParts {
    seats: SeatSet,
    active: SeatSet,
    current: Seat,
    budget: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<TurnOrderParts> for TurnOrder {
    type Error = SeatError;
    fn try_from(p: TurnOrderParts) -> Result<TurnOrder, SeatError> {
        TurnOrder::try_from_parts(p.seats, p.active, p.current, p.budget)
    }
}
