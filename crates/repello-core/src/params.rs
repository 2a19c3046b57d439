//! The parameters: `players`, `stack`, `numbers`.

use crate::board::SIDE;
use alloc::vec::Vec;
use boardgame_kit::params::{int, ParamSpec, ParamValues};
use boardgame_kit::{Cell, ParamError};
use core::fmt;

/// The stand-in board numbers of the rules file, rank 13 first, each rank `a`..`m`.
pub const STAND_IN: [u8; SIDE * SIDE] = [
    1, 2, 6, 5, 3, 4, 4, 5, 1, 2, 3, 6, 1, // 13
    6, 6, 4, 2, 1, 3, 5, 6, 3, 5, 2, 6, 2, // 12
    3, 2, 4, 1, 6, 5, 3, 4, 2, 1, 4, 4, 6, // 11
    2, 5, 1, 4, 6, 3, 2, 1, 5, 4, 1, 2, 5, // 10
    1, 3, 2, 5, 3, 5, 2, 6, 3, 6, 6, 1, 3, // 9
    5, 6, 4, 1, 6, 1, 4, 1, 5, 3, 5, 3, 4, // 8
    4, 5, 3, 2, 2, 4, 5, 4, 2, 2, 3, 5, 4, // 7
    4, 3, 5, 3, 5, 1, 4, 1, 6, 1, 4, 6, 5, // 6
    3, 1, 6, 6, 3, 6, 2, 5, 3, 5, 2, 3, 1, // 5
    5, 2, 1, 4, 5, 1, 2, 3, 6, 4, 1, 5, 2, // 4
    6, 4, 4, 1, 2, 4, 3, 5, 6, 1, 4, 2, 3, // 3
    2, 6, 2, 5, 3, 6, 5, 3, 1, 2, 4, 6, 6, // 2
    1, 6, 3, 2, 1, 5, 4, 4, 3, 5, 6, 2, 1, // 1
];

/// The default number of tokens per stack for a number of players (15 / 12 / 10).
#[must_use]
pub const fn default_stack(players: u8) -> u8 {
    match players {
        2 => 15,
        3 => 12,
        _ => 10,
    }
}

/// Repello's parameters, written `players=3,stack=8,numbers=...` (the empty text means the
/// defaults):
///
/// | key | values | default |
/// | --- | --- | --- |
/// | `players` | 2, 3, 4 | `2` |
/// | `stack` | 1..=20 tokens per stack | 15 / 12 / 10 by players |
/// | `numbers` | 169 digits 1..6, rank 13 first, each rank `a`..`m` | the stand-in board |
///
/// ```
/// use repello_core::Params;
/// let p: Params = "players=3".parse().unwrap();
/// assert_eq!((p.players(), p.stack()), (3, 12));
/// assert_eq!(p.to_string(), "players=3");
/// assert_eq!("players=3,stack=12".parse::<Params>().unwrap().to_string(), "players=3");
/// assert_eq!(Params::default().to_string(), "");
/// assert!("stack=0".parse::<Params>().unwrap_err().to_string().contains("stack"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    players: u8,
    stack: u8,
    numbers: [u8; SIDE * SIDE],
}

impl Default for Params {
    fn default() -> Self {
        Params {
            players: 2,
            stack: 15,
            numbers: STAND_IN,
        }
    }
}

impl Params {
    /// Defaults for `players` (2..=4) players, or `None`.
    #[must_use]
    pub fn new(players: u8) -> Option<Params> {
        (2..=4).contains(&players).then(|| Params {
            players,
            stack: default_stack(players),
            numbers: STAND_IN,
        })
    }

    /// The same with `stack` tokens per stack (1..=20), or `None`.
    #[must_use]
    pub fn with_stack(mut self, stack: u8) -> Option<Params> {
        (1..=20).contains(&stack).then(|| {
            self.stack = stack;
            self
        })
    }

    /// The same with these board numbers (rank 13 first, each rank `a`..`m`; each 1..=6), or
    /// `None`.
    #[must_use]
    pub fn with_numbers(mut self, numbers: [u8; SIDE * SIDE]) -> Option<Params> {
        numbers.iter().all(|n| (1..=6).contains(n)).then(|| {
            self.numbers = numbers;
            self
        })
    }

    /// Number of players.
    #[must_use]
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Tokens per stack at the start.
    #[must_use]
    pub fn stack(&self) -> u8 {
        self.stack
    }

    /// The board numbers, rank 13 first, each rank `a`..`m`.
    #[must_use]
    pub fn numbers(&self) -> &[u8; SIDE * SIDE] {
        &self.numbers
    }

    /// The number printed on a cell (`None` off the board).
    ///
    /// ```
    /// use repello_core::Params;
    /// assert_eq!(Params::default().number("a13".parse().unwrap()), Some(1));
    /// assert_eq!(Params::default().number("b13".parse().unwrap()), Some(2));
    /// assert_eq!(Params::default().number("b1".parse().unwrap()), Some(6));
    /// ```
    #[must_use]
    pub fn number(&self, c: Cell) -> Option<u8> {
        let (f, r) = (c.file() as usize, c.rank() as usize);
        (f < SIDE && r < SIDE).then(|| self.numbers[(SIDE - 1 - r) * SIDE + f])
    }
}

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| {
            let s = if first { "" } else { "," };
            first = false;
            f.write_str(s)
        };
        if self.players != 2 {
            sep(f)?;
            write!(f, "players={}", self.players)?;
        }
        if self.stack != default_stack(self.players) {
            sep(f)?;
            write!(f, "stack={}", self.stack)?;
        }
        if self.numbers != STAND_IN {
            sep(f)?;
            f.write_str("numbers=")?;
            for n in self.numbers {
                write!(f, "{n}")?;
            }
        }
        Ok(())
    }
}

/// The stand-in board numbers as the digits of the `numbers` key.
const STAND_IN_DIGITS: [u8; SIDE * SIDE] = {
    let mut digits = [0u8; SIDE * SIDE];
    let mut i = 0;
    while i < digits.len() {
        digits[i] = b'0' + STAND_IN[i];
        i += 1;
    }
    digits
};

/// The stand-in board numbers as the text of the `numbers` key.
const STAND_IN_TEXT: &str = match core::str::from_utf8(&STAND_IN_DIGITS) {
    Ok(text) => text,
    Err(_) => panic!("the stand-in numbers are digits"),
};

boardgame_kit::impl_game_params!(
    Params,
    read: read,
    [
        ParamSpec::players(ParamValues::Int { min: 2, max: 4 }),
        ParamSpec::new(
            "stack",
            ParamValues::Int { min: 1, max: 20 },
            "15",
            "tokens per stack at the start",
        )
        .with_default_rule("15, 12 or 10 for 2, 3 or 4 players"),
        ParamSpec::new(
            "numbers",
            ParamValues::Text("169 digits 1 to 6, rank 13 first, each rank a to m"),
            STAND_IN_TEXT,
            "the number printed on each cell of the board",
        )
        .with_default_rule("the stand-in board of the rules file, 1265344512361664..."),
    ]
);

/// Reads the parameters from their `(key, value)` items: `stack`'s default follows `players`.
fn read(items: Vec<(&str, &str)>) -> Result<Params, ParamError> {
    let mut players = 2u8;
    let mut stack = None;
    let mut numbers = STAND_IN;
    for (k, v) in items {
        match k {
            "players" => players = int(k, v, 2u8, 4u8)?,
            "stack" => stack = Some(int(k, v, 1u8, 20u8)?),
            "numbers" => {
                let b = v.as_bytes();
                if b.len() != SIDE * SIDE || !b.iter().all(|c| (b'1'..=b'6').contains(c)) {
                    return Err(ParamError::bad_value(
                        k,
                        v,
                        "169 digits 1..6, rank 13 first, each rank a..m",
                    ));
                }
                for (n, c) in numbers.iter_mut().zip(b) {
                    *n = c - b'0';
                }
            }
            _ => return Err(ParamError::UnknownKey(k.into())),
        }
    }
    Ok(Params {
        players,
        stack: stack.unwrap_or(default_stack(players)),
        numbers,
    })
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Params);
