//! Parameters: `size` (odd, 5..=9, default 7).

use crate::board::Board;
use boardgame_kit::params::{int, ParamSpec, ParamValues};
use boardgame_kit::ParamError;
use core::fmt;

/// Slime Trail's parameters.
///
/// ```
/// use slimetrail_core::Params;
/// let p: Params = "size=9".parse().unwrap();
/// assert_eq!(p.board().size(), 9);
/// assert_eq!(p.to_string(), "size=9");
/// assert_eq!(Params::default().to_string(), "");
/// assert!("size=8".parse::<Params>().is_err());
/// assert!("colour=red".parse::<Params>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    board: Board,
}

impl Params {
    /// Parameters for a board side (odd, 5..=9).
    pub fn with_size(size: u8) -> Result<Params, ParamError> {
        Board::new(size)
            .map(|board| Params { board })
            .ok_or_else(|| {
                ParamError::bad_value("size", &alloc::format!("{size}"), "an odd size from 5 to 9")
            })
    }

    /// The board geometry.
    #[must_use]
    pub const fn board(&self) -> Board {
        self.board
    }
}

impl Default for Params {
    fn default() -> Params {
        Params {
            board: Board::STANDARD,
        }
    }
}

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.board.size() != 7 {
            write!(f, "size={}", self.board.size())?;
        }
        Ok(())
    }
}

boardgame_kit::impl_game_params!(
    Params,
    set: set,
    [ParamSpec::new(
        "size",
        ParamValues::Choice(&["5", "7", "9"]),
        "7",
        "the side of the square board",
    )]
);

/// Sets one key of the parameters.
fn set(p: &mut Params, k: &str, v: &str) -> Result<(), ParamError> {
    match k {
        "size" => {
            let n: u8 = int(k, v, 5, 9)?;
            *p = Params::with_size(n)
                .map_err(|_| ParamError::bad_value(k, v, "an odd size from 5 to 9"))?;
        }
        _ => return Err(ParamError::UnknownKey(k.into())),
    }
    Ok(())
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Params);
