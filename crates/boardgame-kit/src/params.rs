//! Reading and writing game parameters: `key=value` pairs joined by commas, the empty string
//! meaning all defaults.

use crate::error::ParamError;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

/// What every game's parameter type provides: defaults, the text form (printed as the keys
/// that differ from the defaults, so the defaults print as the empty string), parsing with
/// errors that name the key, and a description of its keys ([`GameParams::specs`]) from which
/// a front end can build its help or a settings menu.
///
/// ```
/// use boardgame_kit::params::{GameParams, ParamValues};
/// use boardgame_kit::testing::NimParams;
/// let spec = &NimParams::specs()[0];
/// assert_eq!(spec.key(), "stones");
/// assert_eq!(spec.values(), ParamValues::Int { min: 1, max: 60 });
/// assert_eq!(spec.default(), "5");
/// assert_eq!(spec.to_string(), "stones: stones on the table at the start (an integer from 1 to 60; default 5)");
/// ```
pub trait GameParams:
    Clone
    + Default
    + PartialEq
    + Eq
    + Hash
    + Debug
    + Display
    + FromStr<Err = ParamError>
    + Send
    + Sync
    + 'static
{
    /// Every key the parameters accept, in the order `Display` prints them.
    fn specs() -> &'static [ParamSpec];

    /// The description of one key, if the parameters have it.
    ///
    /// ```
    /// use boardgame_kit::params::GameParams;
    /// use boardgame_kit::testing::NimParams;
    /// assert!(NimParams::spec("stones").is_some());
    /// assert!(NimParams::spec("colour").is_none());
    /// ```
    #[must_use]
    fn spec(key: &str) -> Option<&'static ParamSpec> {
        Self::specs().iter().find(|s| s.key == key)
    }
}

/// The values a parameter key accepts, as far as they can be said without the other keys
/// (some games narrow them further: Splut!'s `first` must be a seat in play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParamValues {
    /// An integer from `min` to `max`, both included.
    Int {
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A text of the shape described here in words (e.g. "169 digits 1 to 6").
    Text(&'static str),
}

impl Display for ParamValues {
    /// The values in words, as in error messages and help: `an integer from 1 to 60`,
    /// `one of: full, blitz`, or the description of a text.
    ///
    /// ```
    /// use boardgame_kit::params::ParamValues;
    /// assert_eq!(ParamValues::Choice(&["full", "blitz"]).to_string(), "one of: full, blitz");
    /// assert_eq!(ParamValues::Int { min: 2, max: 4 }.to_string(), "an integer from 2 to 4");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ParamValues::Int { min, max } => write!(f, "an integer from {min} to {max}"),
            ParamValues::Choice(words) => write!(f, "one of: {}", words.join(", ")),
            ParamValues::Text(what) => f.write_str(what),
        }
    }
}

/// The description of one parameter key: its name, the values it accepts, its default and a
/// one-line help.
///
/// `Display` writes the line a command-line help shows, `key: help (values; default D)`,
/// with a default longer than 16 characters cut to its first 16 and `...`; a key whose
/// default follows from other keys says the rule there instead
/// ([`ParamSpec::with_default_rule`]), so the default is said once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParamSpec {
    key: &'static str,
    values: ParamValues,
    default: &'static str,
    help: &'static str,
    default_rule: Option<&'static str>,
}

impl ParamSpec {
    /// A key, the values it accepts, its value under the default parameters (written as
    /// after `key=`), and a one-line help (no final period).
    ///
    /// ```
    /// use boardgame_kit::params::{ParamSpec, ParamValues};
    /// const SIZE: ParamSpec =
    ///     ParamSpec::new("size", ParamValues::Choice(&["5", "7", "9"]), "7", "the board's side");
    /// assert_eq!(SIZE.help(), "the board's side");
    /// ```
    #[must_use]
    pub const fn new(
        key: &'static str,
        values: ParamValues,
        default: &'static str,
        help: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            key,
            values,
            default,
            help,
            default_rule: None,
        }
    }

    /// The same key with its default said as a rule, for a default that follows from other
    /// keys (`sn, swn or swne by the number of players`); [`ParamSpec::default`] stays the
    /// value under the default parameters.
    ///
    /// ```
    /// use boardgame_kit::params::{ParamSpec, ParamValues};
    /// const STACK: ParamSpec =
    ///     ParamSpec::new("stack", ParamValues::Int { min: 1, max: 20 }, "15", "tokens per stack")
    ///         .with_default_rule("15, 12 or 10 for 2, 3 or 4 players");
    /// assert_eq!(
    ///     STACK.to_string(),
    ///     "stack: tokens per stack (an integer from 1 to 20; default 15, 12 or 10 for 2, 3 or 4 players)"
    /// );
    /// assert_eq!(STACK.default(), "15");
    /// ```
    #[must_use]
    pub const fn with_default_rule(self, rule: &'static str) -> ParamSpec {
        ParamSpec {
            default_rule: Some(rule),
            ..self
        }
    }

    /// The `players` key with the values a game accepts: the number of players, `2` unless
    /// said.
    ///
    /// ```
    /// use boardgame_kit::params::{ParamSpec, ParamValues};
    /// const PLAYERS: ParamSpec = ParamSpec::players(ParamValues::Int { min: 2, max: 4 });
    /// assert_eq!(
    ///     PLAYERS.to_string(),
    ///     "players: the number of players (an integer from 2 to 4; default 2)"
    /// );
    /// ```
    #[must_use]
    pub const fn players(values: ParamValues) -> ParamSpec {
        ParamSpec::new("players", values, "2", "the number of players")
    }

    /// The `turn_limit` key of a game with a host-set turn limit: `0` (the default) for none,
    /// or the number of completed turns (one turn = one player's turn) after which the game is
    /// drawn, up to `max`.
    ///
    /// ```
    /// use boardgame_kit::params::{ParamSpec, ParamValues};
    /// const LIMIT: ParamSpec = ParamSpec::turn_limit(1000);
    /// assert_eq!(LIMIT.key(), "turn_limit");
    /// assert_eq!(LIMIT.values(), ParamValues::Int { min: 0, max: 1000 });
    /// assert_eq!(LIMIT.default(), "0");
    /// ```
    #[must_use]
    pub const fn turn_limit(max: u32) -> ParamSpec {
        ParamSpec::new(
            "turn_limit",
            ParamValues::Int {
                min: 0,
                max: max as i64,
            },
            "0",
            "the game is drawn once this many turns are completed (0: no limit)",
        )
    }

    /// How the default follows from other keys, when it does.
    #[must_use]
    pub const fn default_rule(&self) -> Option<&'static str> {
        self.default_rule
    }

    /// The key, as written before `=`.
    #[must_use]
    pub const fn key(&self) -> &'static str {
        self.key
    }

    /// The values the key accepts.
    #[must_use]
    pub const fn values(&self) -> ParamValues {
        self.values
    }

    /// The key's value under the default parameters, as written after `key=` (where it
    /// depends on other keys, the help says how).
    #[must_use]
    pub const fn default(&self) -> &'static str {
        self.default
    }

    /// One line saying what the key sets.
    #[must_use]
    pub const fn help(&self) -> &'static str {
        self.help
    }
}

/// Defaults longer than this are cut in [`ParamSpec`]'s `Display`.
const LONG_DEFAULT: usize = 16;

impl Display for ParamSpec {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {} ({}; default ", self.key, self.help, self.values)?;
        if let Some(rule) = self.default_rule {
            return write!(f, "{rule})");
        }
        match self.default.get(..LONG_DEFAULT) {
            Some(head) if self.default.len() > LONG_DEFAULT => write!(f, "{head}...)"),
            _ => write!(f, "{})", self.default),
        }
    }
}

/// The longest parameter text [`pairs`] reads, in bytes (a board given in full, 169 digits,
/// fits many times over).
pub const MAX_PARAMS_LEN: usize = 4096;

/// The most `key=value` items [`pairs`] reads (no game has a tenth as many keys).
pub const MAX_PARAMS: usize = 64;

/// Splits a parameter string into `(key, value)` pairs, rejecting malformed items and repeated
/// keys. Keys and values are trimmed; keys are matched case-sensitively by the caller.
///
/// A text longer than [`MAX_PARAMS_LEN`] bytes or with more than [`MAX_PARAMS`] items is
/// refused before anything else is read ([`ParamError::TooLong`]), so reading takes time linear
/// in the text whatever it holds; error messages quote at most a short excerpt of the input
/// ([`crate::error::Excerpt`]).
///
/// ```
/// use boardgame_kit::params::pairs;
/// assert_eq!(pairs("players=3, first=w").unwrap(), vec![("players", "3"), ("first", "w")]);
/// assert!(pairs("").unwrap().is_empty());
/// assert!(pairs("players").is_err());
/// assert!(pairs("a=1,a=2").is_err());
/// use boardgame_kit::ParamError;
/// let many: Vec<String> = (0..128_000).map(|i| format!("k{i}=1")).collect();
/// assert!(matches!(pairs(&many.join(",")), Err(ParamError::TooLong { .. })));
/// let long = format!("board={}", "1".repeat(5000));
/// let e = pairs(&long).unwrap_err().to_string();
/// assert!(e.len() < 120, "{e}");
/// ```
pub fn pairs(s: &str) -> Result<Vec<(&str, &str)>, ParamError> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    if s.trim().is_empty() {
        return Ok(out);
    }
    let items = s.split(',').take(MAX_PARAMS + 1).count();
    if s.len() > MAX_PARAMS_LEN || items > MAX_PARAMS {
        return Err(ParamError::TooLong {
            len: s.len(),
            items,
        });
    }
    for item in s.split(',') {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| ParamError::Syntax(item.trim().to_string()))?;
        let (k, v) = (k.trim(), v.trim());
        if k.is_empty() {
            return Err(ParamError::Syntax(item.trim().to_string()));
        }
        if out.iter().any(|(seen, _)| *seen == k) {
            return Err(ParamError::Duplicate(k.to_string()));
        }
        out.push((k, v));
    }
    Ok(out)
}

/// Parses an integer value of `key` within `lo..=hi`.
///
/// ```
/// use boardgame_kit::params::int;
/// assert_eq!(int("size", "7", 5, 9).unwrap(), 7);
/// assert!(int("size", "11", 5, 9).is_err());
/// assert!(int("size", "x", 5, 9).is_err());
/// ```
pub fn int<T>(key: &str, value: &str, lo: T, hi: T) -> Result<T, ParamError>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    match value.parse::<T>() {
        Ok(n) if n >= lo && n <= hi => Ok(n),
        _ => Err(ParamError::bad_value(
            key,
            value,
            alloc::format!("an integer from {lo} to {hi}"),
        )),
    }
}

/// Default parameters with each `(key, value)` item set on them by `set`, in order; the first
/// error stops the reading. What [`impl_game_params!`](crate::impl_game_params) does with
/// `set:` for types whose keys are independent.
///
/// ```
/// use boardgame_kit::params::{int, pairs, set_each};
/// use boardgame_kit::ParamError;
/// let size = |n: &mut u8, k: &str, v: &str| match k {
///     "size" => int(k, v, 5, 9).map(|v| *n = v),
///     _ => Err(ParamError::UnknownKey(k.into())),
/// };
/// assert_eq!(set_each(pairs("size=9").unwrap(), size), Ok(9));
/// assert_eq!(set_each(pairs("").unwrap(), size), Ok(0));
/// assert!(set_each(pairs("size=4").unwrap(), size).is_err());
/// ```
pub fn set_each<'a, P: Default>(
    items: Vec<(&'a str, &'a str)>,
    mut set: impl FnMut(&mut P, &'a str, &'a str) -> Result<(), ParamError>,
) -> Result<P, ParamError> {
    let mut params = P::default();
    for (key, value) in items {
        set(&mut params, key, value)?;
    }
    Ok(params)
}

/// Joins `key=value` items with commas, for `Display` implementations.
///
/// ```
/// use boardgame_kit::params::join;
/// assert_eq!(join([("players", Some("3".to_string())), ("first", None)]), "players=3");
/// ```
pub fn join<'a, I>(items: I) -> alloc::string::String
where
    I: IntoIterator<Item = (&'a str, Option<alloc::string::String>)>,
{
    let parts: Vec<alloc::string::String> = items
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| alloc::format!("{k}={v}")))
        .collect();
    parts.join(",")
}

/// Implements [`GameParams`] and `FromStr` for a parameter type, the same way in every game.
/// `specs` are its keys' descriptions ([`GameParams::specs`]); the text is read by [`pairs`]
/// first (so its bounds, malformed items and repeated keys are refused before any key is
/// looked at), then either
///
/// - `set: f`, with `f(&mut params, key, value)` setting one key on the default parameters,
///   item by item in the order written, for types whose keys are independent; or
/// - `read: f`, with `f(items)` building the parameters from all the `(key, value)` items, for
///   types where one key's default or check depends on another.
///
/// ```
/// use boardgame_kit::params::{int, GameParams, ParamSpec, ParamValues};
/// use boardgame_kit::ParamError;
///
/// /// A board's side, 7 unless said.
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// struct Side(u8);
///
/// impl Default for Side {
///     fn default() -> Side {
///         Side(7)
///     }
/// }
///
/// impl core::fmt::Display for Side {
///     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
///         if self.0 == 7 { Ok(()) } else { write!(f, "side={}", self.0) }
///     }
/// }
///
/// fn set(side: &mut Side, k: &str, v: &str) -> Result<(), ParamError> {
///     match k {
///         "side" => side.0 = int(k, v, 5, 9)?,
///         _ => return Err(ParamError::UnknownKey(k.into())),
///     }
///     Ok(())
/// }
///
/// boardgame_kit::impl_game_params!(Side, set: set, [ParamSpec::new(
///     "side",
///     ParamValues::Int { min: 5, max: 9 },
///     "7",
///     "the board's side",
/// )]);
///
/// assert_eq!("side=9".parse::<Side>().unwrap(), Side(9));
/// assert!("side=9,side=9".parse::<Side>().is_err());
/// assert!("depth=2".parse::<Side>().is_err());
/// assert_eq!(Side::specs()[0].key(), "side");
/// ```
#[macro_export]
macro_rules! impl_game_params {
    ($t:ty, set: $set:expr, [$($spec:expr),+ $(,)?]) => {
        $crate::impl_game_params!(@impl $t, |s| $crate::params::set_each($crate::params::pairs(s)?, $set), [$($spec),+]);
    };
    ($t:ty, read: $read:expr, [$($spec:expr),+ $(,)?]) => {
        $crate::impl_game_params!(@impl $t, |s| $read($crate::params::pairs(s)?), [$($spec),+]);
    };
    (@impl $t:ty, |$s:ident| $body:expr, [$($spec:expr),+]) => {
        impl $crate::params::GameParams for $t {
            fn specs() -> &'static [$crate::params::ParamSpec] {
                const SPECS: &[$crate::params::ParamSpec] = &[$($spec),+];
                SPECS
            }
        }

        impl ::core::str::FromStr for $t {
            type Err = $crate::ParamError;
            fn from_str($s: &str) -> ::core::result::Result<$t, $crate::ParamError> {
                $body
            }
        }
    };
}
