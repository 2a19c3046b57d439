//! The parameters: `board`, `players`, `per_turn`.

use crate::board::BoardSize;
use alloc::string::ToString;
use boardgame_kit::params::{int, ParamSpec, ParamValues};
use boardgame_kit::{ParamError, SeatSet};
use core::fmt;

/// The parameters of a game, written `key=value` pairs joined by commas:
///
/// | key | values | default |
/// | --- | --- | --- |
/// | `board` | `full` (20x20), `blitz` (14x14) | `full` |
/// | `players` | 2, 3, 4 | `2` |
/// | `per_turn` | 1..=20 | `7` |
///
/// `Display` prints only the keys that differ from the defaults, in this order.
///
/// ```
/// use elements_core::{BoardSize, Params};
/// let p: Params = "players=4, board=blitz".parse().unwrap();
/// assert_eq!(p.board, BoardSize::Blitz);
/// assert_eq!(p.to_string(), "board=blitz,players=4");
/// assert_eq!(Params::default().to_string(), "");
/// assert!("per_turn=0".parse::<Params>().unwrap_err().to_string().contains("per_turn"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// The board.
    pub board: BoardSize,
    /// Number of players: 2 (water, earth), 3 (water, air, earth) or 4.
    pub players: u8,
    /// Placements per turn.
    pub per_turn: u8,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            board: BoardSize::Full,
            players: 2,
            per_turn: 7,
        }
    }
}

impl Params {
    /// The seats in play: `w e` for two players, `w a e` for three, all four for four.
    ///
    /// ```
    /// use elements_core::Params;
    /// assert_eq!(Params::default().seats().bits(), 0b0101);
    /// ```
    #[must_use]
    pub fn seats(&self) -> SeatSet {
        SeatSet::from_bits(match self.players {
            2 => 0b0101,
            3 => 0b0111,
            _ => 0b1111,
        })
    }
}

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = Params::default();
        let mut sep = "";
        if self.board != d.board {
            write!(f, "{sep}board={}", self.board.name())?;
            sep = ",";
        }
        if self.players != d.players {
            write!(f, "{sep}players={}", self.players)?;
            sep = ",";
        }
        if self.per_turn != d.per_turn {
            write!(f, "{sep}per_turn={}", self.per_turn)?;
        }
        Ok(())
    }
}

boardgame_kit::impl_game_params!(
    Params,
    set: set,
    [
        ParamSpec::new(
            "board",
            ParamValues::Choice(&["full", "blitz"]),
            "full",
            "the board: full (20x20) or blitz (14x14)",
        ),
        ParamSpec::new(
            "players",
            ParamValues::Int { min: 2, max: 4 },
            "2",
            "the number of players (2: water and earth, 3: water, air and earth)",
        ),
        ParamSpec::new(
            "per_turn",
            ParamValues::Int { min: 1, max: 20 },
            "7",
            "the stones each player places per turn",
        ),
    ]
);

/// Sets one key of the parameters.
fn set(p: &mut Params, k: &str, v: &str) -> Result<(), ParamError> {
    match k {
        "board" => {
            p.board = match v {
                "full" => BoardSize::Full,
                "blitz" => BoardSize::Blitz,
                _ => return Err(ParamError::bad_value(k, v, "`full` or `blitz`")),
            }
        }
        "players" => p.players = int(k, v, 2u8, 4u8)?,
        "per_turn" => p.per_turn = int(k, v, 1u8, 20u8)?,
        _ => return Err(ParamError::UnknownKey(k.to_string())),
    }
    Ok(())
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Params);
