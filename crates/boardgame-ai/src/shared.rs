//! How a search values a win shared by several seats.

use boardgame_kit::{Outcome, Seat, SeatValues};

/// How a search values a finished game that several seats win together (Repello's shared
/// top score): SPEC key `shared` of `mcts` and `alphabeta`.
///
/// ```
/// use boardgame_ai::SharedWin;
/// use boardgame_kit::{GameResult, Outcome, Seat, SeatSet};
/// let both = SeatSet::first(2);
/// let tie = Outcome::new(GameResult::Winners(both), both, None);
/// assert_eq!(SharedWin::Full.returns(&tie, Seat::of(0)), 1.0);
/// assert_eq!(SharedWin::Split.returns(&tie, Seat::of(0)), 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SharedWin {
    /// Every winner gets +1, as `boardgame match` counts a shared win (`shared=win`, the
    /// default): winning alone and sharing the top score are worth the same.
    #[default]
    Full,
    /// A winner among `k` of `n` seats gets `(n - k) / (n - 1)`
    /// ([`Outcome::split_returns`]): winning alone is worth more than sharing, and a tie of
    /// every seat is worth a draw (`shared=split`).
    Split,
}

impl SharedWin {
    /// The SPEC name (`win`, `split`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SharedWin::Full => "win",
            SharedWin::Split => "split",
        }
    }

    /// The value of a finished game for a seat, in `-1.0..=1.0`.
    #[must_use]
    pub fn returns(self, outcome: &Outcome, seat: Seat) -> f64 {
        match self {
            SharedWin::Full => outcome.returns(seat),
            SharedWin::Split => outcome.split_returns(seat),
        }
    }

    /// The value of a finished game for every seat.
    #[must_use]
    pub fn values(self, outcome: &Outcome) -> SeatValues {
        SeatValues::from_outcome_with(outcome, |o, seat| self.returns(o, seat))
    }
}
