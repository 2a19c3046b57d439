//! Reading and writing game parameters: `key=value` pairs joined by commas, the empty string
//! meaning all defaults.

use crate::error::ParamError;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

/// What every game's parameter type provides: defaults, the text form (printed as the keys
/// that differ from the defaults, so the defaults print as the empty string) and parsing with
/// errors that name the key.
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
}

impl<T> GameParams for T where
    T: Clone
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
}

/// Splits a parameter string into `(key, value)` pairs, rejecting malformed items and repeated
/// keys. Keys and values are trimmed; keys are matched case-sensitively by the caller.
///
/// ```
/// use boardgame_kit::params::pairs;
/// assert_eq!(pairs("players=3, first=w").unwrap(), vec![("players", "3"), ("first", "w")]);
/// assert!(pairs("").unwrap().is_empty());
/// assert!(pairs("players").is_err());
/// assert!(pairs("a=1,a=2").is_err());
/// ```
pub fn pairs(s: &str) -> Result<Vec<(&str, &str)>, ParamError> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    if s.trim().is_empty() {
        return Ok(out);
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
