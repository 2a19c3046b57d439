//! Parameter descriptions: the conformance check accepts a truthful one and catches lies.
#![cfg(feature = "conformance")]

use boardgame_kit::conformance::check_params;
use boardgame_kit::params::{int, pairs, GameParams, ParamSpec, ParamValues};
use boardgame_kit::testing::NimParams;
use boardgame_kit::ParamError;
use core::fmt;
use core::str::FromStr;

/// A parameter type with one key `level` (1..=3, default 2) whose description is chosen by
/// the type parameter, so that each test can make it lie in one way.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Level<D: Describe>(u8, core::marker::PhantomData<D>);

trait Describe: Clone + fmt::Debug + PartialEq + Eq + core::hash::Hash + Send + Sync + 'static {
    const SPECS: &'static [ParamSpec];
}

impl<D: Describe> Default for Level<D> {
    fn default() -> Self {
        Level(2, core::marker::PhantomData)
    }
}

impl<D: Describe> fmt::Display for Level<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 != 2 {
            write!(f, "level={}", self.0)?;
        }
        Ok(())
    }
}

impl<D: Describe> FromStr for Level<D> {
    type Err = ParamError;
    fn from_str(s: &str) -> Result<Self, ParamError> {
        let mut p = Self::default();
        for (k, v) in pairs(s)? {
            match k {
                "level" => p.0 = int(k, v, 1, 3)?,
                _ => return Err(ParamError::UnknownKey(k.into())),
            }
        }
        Ok(p)
    }
}

impl<D: Describe> GameParams for Level<D> {
    fn specs() -> &'static [ParamSpec] {
        D::SPECS
    }
}

macro_rules! description {
    ($name:ident, $values:expr, $default:expr, $help:expr) => {
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        struct $name;
        impl Describe for $name {
            const SPECS: &'static [ParamSpec] =
                &[ParamSpec::new("level", $values, $default, $help)];
        }
    };
}

description!(
    Truthful,
    ParamValues::Int { min: 1, max: 3 },
    "2",
    "how hard"
);
description!(
    WrongDefault,
    ParamValues::Int { min: 1, max: 3 },
    "3",
    "how hard"
);
description!(
    TooNarrow,
    ParamValues::Int { min: 1, max: 2 },
    "2",
    "how hard"
);
description!(NoHelp, ParamValues::Int { min: 1, max: 3 }, "2", " ");
description!(
    Unparsable,
    ParamValues::Choice(&["1", "2", "3"]),
    "two",
    "how hard"
);

#[test]
fn truthful_descriptions_pass() {
    check_params::<Level<Truthful>>();
    check_params::<NimParams>();
}

#[test]
#[should_panic(expected = "not the defaults")]
fn a_wrong_default_is_caught() {
    check_params::<Level<WrongDefault>>();
}

#[test]
#[should_panic(expected = "is accepted, outside")]
fn a_range_narrower_than_the_parser_is_caught() {
    check_params::<Level<TooNarrow>>();
}

#[test]
#[should_panic(expected = "is rejected")]
fn a_default_the_parser_rejects_is_caught() {
    check_params::<Level<Unparsable>>();
}

#[test]
#[should_panic(expected = "has no help")]
fn a_missing_help_is_caught() {
    check_params::<Level<NoHelp>>();
}

#[test]
fn specs_are_found_by_key_and_shown_in_one_line() {
    let spec = Level::<Truthful>::spec("level").unwrap();
    assert_eq!(
        spec.to_string(),
        "level: how hard (an integer from 1 to 3; default 2)"
    );
    let long = ParamSpec::new(
        "numbers",
        ParamValues::Text("169 digits"),
        "12653445123613456789",
        "cell numbers",
    );
    assert_eq!(
        long.to_string(),
        "numbers: cell numbers (169 digits; default 1265344512361345...)"
    );
}
