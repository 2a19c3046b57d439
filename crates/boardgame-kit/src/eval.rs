//! Values per seat: what search agents back up, and what a game's evaluation
//! ([`Game::evaluate`](crate::Game::evaluate)) returns.

use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet, MAX_SEATS};

/// A value for every seat, each in `-1.0..=1.0` (+1 a sure win, -1 a sure loss, 0 even or a
/// draw). Seats that do not play hold 0.
///
/// ```
/// use boardgame_kit::{Outcome, Seat, SeatSet, SeatValues};
/// let o = Outcome::win(SeatSet::first(3), Seat::of(2));
/// let v = SeatValues::from_outcome(&o);
/// assert_eq!(v.get(Seat::of(2)), 1.0);
/// assert_eq!(v.get(Seat::of(0)), -1.0);
/// assert_eq!(v.get(Seat::of(5)), 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct SeatValues([f32; MAX_SEATS]);

impl SeatValues {
    /// Every seat at 0.
    pub const ZERO: SeatValues = SeatValues([0.0; MAX_SEATS]);

    /// Values by seat index (clamped to `-1.0..=1.0`).
    #[must_use]
    pub fn new(values: [f32; MAX_SEATS]) -> SeatValues {
        SeatValues(values.map(|v| v.clamp(-1.0, 1.0)))
    }

    /// The returns of a finished game ([`Outcome::returns`]).
    #[must_use]
    pub fn from_outcome(outcome: &Outcome) -> SeatValues {
        SeatValues::from_outcome_with(outcome, Outcome::returns)
    }

    /// The values of a finished game by another return per seat (e.g.
    /// [`Outcome::split_returns`]), clamped to `-1.0..=1.0`; seats that did not play hold 0.
    ///
    /// ```
    /// use boardgame_kit::{GameResult, Outcome, Seat, SeatSet, SeatValues};
    /// let both = SeatSet::first(2);
    /// let tie = Outcome::new(GameResult::Winners(both), both, None);
    /// let v = SeatValues::from_outcome_with(&tie, Outcome::split_returns);
    /// assert_eq!(v.get(Seat::of(0)), 0.0);
    /// ```
    #[must_use]
    pub fn from_outcome_with(
        outcome: &Outcome,
        returns: impl Fn(&Outcome, Seat) -> f64,
    ) -> SeatValues {
        let mut v = [0.0; MAX_SEATS];
        for seat in outcome.seats().iter() {
            v[seat.index()] = returns(outcome, seat) as f32;
        }
        SeatValues::new(v)
    }

    /// Values from raw per-seat strengths (any scale): each seat's value is its strength minus
    /// the best strength among the other seats, divided by `scale` and clamped, so that in a
    /// two-seat game the values are opposite and in a larger game only the leader is positive.
    ///
    /// ```
    /// use boardgame_kit::{Seat, SeatSet, SeatValues};
    /// let v = SeatValues::relative(SeatSet::first(2), [3.0, 1.0, 0.0, 0.0, 0.0, 0.0], 4.0);
    /// assert_eq!(v.get(Seat::of(0)), 0.5);
    /// assert_eq!(v.get(Seat::of(1)), -0.5);
    /// ```
    #[must_use]
    pub fn relative(seats: SeatSet, strength: [f32; MAX_SEATS], scale: f32) -> SeatValues {
        let mut v = [0.0; MAX_SEATS];
        let scale = if scale > 0.0 { scale } else { 1.0 };
        for s in seats.iter() {
            let best_other = seats
                .iter()
                .filter(|&o| o != s)
                .map(|o| strength[o.index()])
                .fold(f32::NEG_INFINITY, f32::max);
            if best_other.is_finite() {
                v[s.index()] = ((strength[s.index()] - best_other) / scale).clamp(-1.0, 1.0);
            }
        }
        SeatValues(v)
    }

    /// The value of one seat.
    #[must_use]
    pub fn get(&self, seat: Seat) -> f32 {
        self.0[seat.index()]
    }

    /// Sets the value of one seat (clamped to `-1.0..=1.0`).
    pub fn set(&mut self, seat: Seat, value: f32) {
        self.0[seat.index()] = value.clamp(-1.0, 1.0);
    }

    /// The values by seat index.
    #[must_use]
    pub fn as_array(&self) -> [f32; MAX_SEATS] {
        self.0
    }
}
