//! How a game ends: the result, the outcome with its seats and scores, and the end of a
//! random playout.

use crate::seat::{Seat, SeatSet, MAX_SEATS};
use alloc::string::{String, ToString};
use core::fmt::{self, Display};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameResult {
    /// One or more seats won (several share a win).
    Winners(SeatSet),
    /// A draw, where the game's rules declare one.
    Draw,
}

/// The outcome of a finished game: the result, the seats that played, and scores for games
/// that keep them.
///
/// ```
/// use boardgame_kit::{Outcome, Seat, SeatSet};
/// let o = Outcome::win(SeatSet::first(2), Seat::of(1));
/// assert_eq!(o.returns(Seat::of(1)), 1.0);
/// assert_eq!(o.returns(Seat::of(0)), -1.0);
/// assert!(o.is_winner(Seat::of(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    result: GameResult,
    seats: SeatSet,
    scores: Option<[i32; MAX_SEATS]>,
}

impl Outcome {
    /// An outcome with every part given: the result, the seats that played, and the final
    /// scores by seat index for scored games.
    ///
    /// ```
    /// use boardgame_kit::{GameResult, Outcome, Seat, SeatSet};
    /// let both = SeatSet::first(2);
    /// let o = Outcome::new(GameResult::Winners(both), both, Some([3, 3, 0, 0, 0, 0]));
    /// assert!(o.is_winner(Seat::of(0)) && o.is_winner(Seat::of(1)));
    /// assert_eq!(o.scores().unwrap()[1], 3);
    /// ```
    #[must_use]
    pub const fn new(
        result: GameResult,
        seats: SeatSet,
        scores: Option<[i32; MAX_SEATS]>,
    ) -> Outcome {
        Outcome {
            result,
            seats,
            scores,
        }
    }

    /// Winners or draw.
    #[must_use]
    pub const fn result(&self) -> GameResult {
        self.result
    }

    /// The seats that played the game.
    #[must_use]
    pub const fn seats(&self) -> SeatSet {
        self.seats
    }

    /// Final scores by seat index, for scored games.
    #[must_use]
    pub const fn scores(&self) -> Option<[i32; MAX_SEATS]> {
        self.scores
    }

    /// The winners (empty for a draw).
    #[must_use]
    pub fn winners(&self) -> SeatSet {
        match self.result {
            GameResult::Winners(w) => w,
            GameResult::Draw => SeatSet::EMPTY,
        }
    }

    /// A single winner.
    #[must_use]
    pub fn win(seats: SeatSet, winner: Seat) -> Outcome {
        Outcome {
            result: GameResult::Winners(SeatSet::EMPTY.with(winner)),
            seats,
            scores: None,
        }
    }

    /// A draw.
    #[must_use]
    pub fn draw(seats: SeatSet) -> Outcome {
        Outcome {
            result: GameResult::Draw,
            seats,
            scores: None,
        }
    }

    /// Whether the seat is among the winners.
    #[must_use]
    pub fn is_winner(&self, seat: Seat) -> bool {
        matches!(self.result, GameResult::Winners(w) if w.contains(seat))
    }

    /// The return of a seat: +1 for a winner, -1 for a seat that played and lost, 0 in a draw
    /// or for a seat that did not play.
    #[must_use]
    pub fn returns(&self, seat: Seat) -> f64 {
        match self.result {
            _ if !self.seats.contains(seat) => 0.0,
            GameResult::Draw => 0.0,
            GameResult::Winners(w) if w.contains(seat) => 1.0,
            GameResult::Winners(_) => -1.0,
        }
    }

    /// The return of a seat when a shared win is split: a seat among `k` winners of the `n`
    /// seats that played gets `(n - k) / (n - 1)` (+1 alone, 0 when every seat wins, as in a
    /// draw); a seat that lost -1; 0 in a draw or for a seat that did not play. For players
    /// that should prefer winning alone to sharing the top score.
    ///
    /// ```
    /// use boardgame_kit::{GameResult, Outcome, Seat, SeatSet};
    /// let four = SeatSet::first(4);
    /// let two_of_four = SeatSet::EMPTY.with(Seat::of(0)).with(Seat::of(2));
    /// let o = Outcome::new(GameResult::Winners(two_of_four), four, None);
    /// assert_eq!(o.returns(Seat::of(0)), 1.0);
    /// assert_eq!(o.split_returns(Seat::of(0)), 2.0 / 3.0);
    /// assert_eq!(o.split_returns(Seat::of(1)), -1.0);
    /// let both = SeatSet::first(2);
    /// let tie = Outcome::new(GameResult::Winners(both), both, None);
    /// assert_eq!(tie.split_returns(Seat::of(1)), 0.0);
    /// assert_eq!(Outcome::win(both, Seat::of(1)).split_returns(Seat::of(1)), 1.0);
    /// ```
    #[must_use]
    pub fn split_returns(&self, seat: Seat) -> f64 {
        match self.result {
            GameResult::Winners(w) if self.seats.contains(seat) && w.contains(seat) => {
                let n = self.seats.len();
                let k = w.len().min(n);
                if n <= 1 {
                    1.0
                } else {
                    (n - k) as f64 / (n - 1) as f64
                }
            }
            _ => self.returns(seat),
        }
    }

    /// The `over:` line of the command-line contract: winners joined by `,` or `draw`, then
    /// ` scores SEAT=N ...` for scored games.
    ///
    /// ```
    /// use boardgame_kit::{Outcome, Seat, SeatSet};
    /// let o = Outcome::win(SeatSet::first(2), Seat::of(0));
    /// assert_eq!(o.summary(&["1", "2"]), "1");
    /// ```
    #[must_use]
    pub fn summary(&self, names: &'static [&'static str]) -> String {
        let mut s = match self.result {
            GameResult::Draw => "draw".to_string(),
            GameResult::Winners(w) => {
                let v: alloc::vec::Vec<&str> = w.iter().map(|x| x.name(names)).collect();
                v.join(",")
            }
        };
        if let Some(scores) = self.scores {
            s.push_str(" scores");
            for seat in self.seats.iter() {
                s.push_str(&alloc::format!(
                    " {}={}",
                    seat.name(names),
                    scores[seat.index()]
                ));
            }
        }
        s
    }
}

impl Display for Outcome {
    /// The outcome in words with seats by index (`seat 1 wins`); show it with the game's seat
    /// names through [`Outcome::named`] or [`Game::outcome_display`](crate::Game::outcome_display).
    ///
    /// ```
    /// use boardgame_kit::{Outcome, Seat, SeatSet};
    /// assert_eq!(Outcome::win(SeatSet::first(2), Seat::of(1)).to_string(), "seat 1 wins");
    /// assert_eq!(Outcome::draw(SeatSet::first(2)).to_string(), "draw");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(&self.named(&[]), f)
    }
}

impl Outcome {
    /// The outcome in words with a game's seat names.
    ///
    /// ```
    /// use boardgame_kit::{GameResult, Outcome, SeatSet};
    /// let names = &["s", "w", "n", "e"];
    /// let both = SeatSet::from_bits(0b0101);
    /// let o = Outcome::new(GameResult::Winners(both), both, Some([3, 0, 3, 0, 0, 0]));
    /// assert_eq!(o.named(names).to_string(), "s and n win (scores s: 3, n: 3)");
    /// let three = SeatSet::from_bits(0b0111);
    /// let o = Outcome::new(GameResult::Winners(three), three, None);
    /// assert_eq!(o.named(names).to_string(), "s, w and n win");
    /// ```
    #[must_use]
    pub const fn named(&self, names: &'static [&'static str]) -> OutcomeDisplay {
        OutcomeDisplay {
            outcome: *self,
            names,
        }
    }
}

/// An [`Outcome`] shown in words with a game's seat names (from [`Outcome::named`] or
/// [`Game::outcome_display`](crate::Game::outcome_display)): `1 wins`, `s and n win`, `draw`, then the scores of scored
/// games in parentheses. Seats missing from the names are shown as `seat N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutcomeDisplay {
    outcome: Outcome,
    names: &'static [&'static str],
}

impl Display for OutcomeDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |seat: Seat| seat.named(self.names);
        match self.outcome.result {
            GameResult::Draw => f.write_str("draw")?,
            GameResult::Winners(w) => {
                let n = w.len();
                for (i, seat) in w.iter().enumerate() {
                    let sep = match i {
                        0 => "",
                        _ if i + 1 == n => " and ",
                        _ => ", ",
                    };
                    write!(f, "{sep}{}", name(seat))?;
                }
                f.write_str(match n {
                    0 => "no winner",
                    1 => " wins",
                    _ => " win",
                })?;
            }
        }
        if let Some(scores) = self.outcome.scores {
            f.write_str(" (scores ")?;
            for (i, seat) in self.outcome.seats.iter().enumerate() {
                let sep = if i == 0 { "" } else { ", " };
                write!(f, "{sep}{}: {}", name(seat), scores[seat.index()])?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// The end of a random playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Actions played.
    pub length: u64,
    /// The outcome, or `None` if `max_actions` was reached first.
    pub outcome: Option<Outcome>,
}
