//! The parameters: `players`, `first`, `turn_limit`.

use alloc::string::ToString;
use alloc::vec::Vec;
use boardgame_kit::params::{int, join, ParamSpec, ParamValues};
use boardgame_kit::{ParamError, Seat, SeatSet};
use core::fmt;

/// The parameters of a game of Arandian checkers.
///
/// | key | values | default |
/// | --- | --- | --- |
/// | `players` | 2, 3, 4, 6 | `2` |
/// | `first` | a seat in play | the lowest seat in play (always `0`) |
/// | `turn_limit` | 0 (none) or a number of turns | `0` |
///
/// `turn_limit` is a host setting: when it is positive, the game is drawn once that many
/// turns (one turn = one player's turn) have been completed.
///
/// ```
/// use arandia_core::Params;
/// let p: Params = "players=3,turn_limit=50".parse().unwrap();
/// assert_eq!(p.players(), 3);
/// assert_eq!(p.to_string(), "players=3,turn_limit=50");
/// assert_eq!(Params::default().to_string(), "");
/// assert!("players=5".parse::<Params>().unwrap_err().to_string().contains("players"));
/// assert!("players=2,first=1".parse::<Params>().unwrap_err().to_string().contains("first"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    players: u8,
    first: u8,
    turn_limit: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            players: 2,
            first: 0,
            turn_limit: 0,
        }
    }
}

/// The largest `turn_limit` accepted.
pub const MAX_TURN_LIMIT: u32 = 1_000_000_000;

/// The seats (home sides) in play for a number of players, or `None` if the number is not
/// 2, 3, 4 or 6.
///
/// ```
/// use arandia_core::params::seats_for;
/// assert_eq!(seats_for(3).unwrap().bits(), 0b010101);
/// assert!(seats_for(5).is_none());
/// ```
#[must_use]
pub const fn seats_for(players: u8) -> Option<SeatSet> {
    match players {
        2 => Some(SeatSet::from_bits(0b001001)),
        3 => Some(SeatSet::from_bits(0b010101)),
        4 => Some(SeatSet::from_bits(0b011011)),
        6 => Some(SeatSet::from_bits(0b111111)),
        _ => None,
    }
}

impl Params {
    /// Parameters from their parts; `None` if `players` is not 2, 3, 4 or 6 or `first` is not
    /// in play.
    #[must_use]
    pub fn new(players: u8, first: Seat, turn_limit: u32) -> Option<Params> {
        let seats = seats_for(players)?;
        (seats.contains(first) && turn_limit <= MAX_TURN_LIMIT).then_some(Params {
            players,
            first: first.index() as u8,
            turn_limit,
        })
    }

    /// Number of players.
    #[must_use]
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The seats in play.
    #[must_use]
    pub fn seats(&self) -> SeatSet {
        seats_for(self.players).unwrap_or(SeatSet::EMPTY)
    }

    /// The seat that plays first.
    #[must_use]
    pub fn first(&self) -> Seat {
        Seat::of(self.first as usize)
    }

    /// The turn limit (0: none).
    #[must_use]
    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }

    /// The same parameters with another turn limit.
    #[must_use]
    pub fn with_turn_limit(self, turn_limit: u32) -> Params {
        Params {
            turn_limit: turn_limit.min(MAX_TURN_LIMIT),
            ..self
        }
    }
}

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lowest = self.seats().lowest().map(|s| s.index() as u8).unwrap_or(0);
        let s = join([
            (
                "players",
                (self.players != 2).then(|| self.players.to_string()),
            ),
            (
                "first",
                (self.first != lowest).then(|| self.first.to_string()),
            ),
            (
                "turn_limit",
                (self.turn_limit != 0).then(|| self.turn_limit.to_string()),
            ),
        ]);
        f.write_str(&s)
    }
}

boardgame_kit::impl_game_params!(
    Params,
    read: read,
    [
        ParamSpec::players(ParamValues::Choice(&["2", "3", "4", "6"])),
        ParamSpec::new(
            "first",
            ParamValues::Int { min: 0, max: 5 },
            "0",
            "the seat that plays first, one in play",
        ),
        ParamSpec::turn_limit(MAX_TURN_LIMIT),
    ]
);

/// Reads the parameters from their `(key, value)` items: `first`'s default and check follow
/// `players`.
fn read(items: Vec<(&str, &str)>) -> Result<Params, ParamError> {
    let mut players = 2u8;
    let mut first: Option<(u8, &str)> = None;
    let mut turn_limit = 0u32;
    for (k, v) in items {
        match k {
            "players" => {
                players = match v {
                    "2" => 2,
                    "3" => 3,
                    "4" => 4,
                    "6" => 6,
                    _ => return Err(ParamError::bad_value(k, v, "2, 3, 4 or 6")),
                }
            }
            "first" => first = Some((int(k, v, 0u8, 5)?, v)),
            "turn_limit" => turn_limit = int(k, v, 0u32, MAX_TURN_LIMIT)?,
            _ => return Err(ParamError::UnknownKey(k.to_string())),
        }
    }
    let seats = seats_for(players).unwrap_or(SeatSet::EMPTY);
    let first = match first {
        None => seats.lowest().map(|s| s.index() as u8).unwrap_or(0),
        Some((f, v)) => {
            if !seats.contains(Seat::of(f as usize)) {
                let names: Vec<alloc::string::String> =
                    seats.iter().map(|s| s.index().to_string()).collect();
                return Err(ParamError::bad_value(
                    "first",
                    v,
                    alloc::format!(
                        "a seat in play with {} players: {}",
                        players,
                        names.join(", ")
                    ),
                ));
            }
            f
        }
    };
    Ok(Params {
        players,
        first,
        turn_limit,
    })
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Params);
