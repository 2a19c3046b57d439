//! The defaults of the learning faces: one set for the OpenSpiel registration, the PettingZoo
//! environments, [`crate::vector::VectorGame`] and the Gymnasium adapters, so that every
//! episode ends.
//!
//! [`crate::start`] and the Python `Game(...)` keep the rules' own defaults (Arandia and Splut!
//! without a turn limit). A learning program needs episodes that end, and short enough that
//! random play (the start of learning) does not spend its budget in one game:
//!
//! | game | turn limit when the parameters set none (a draw when reached) | cap on the actions of an episode (truncation) |
//! | --- | --- | --- |
//! | `slimetrail` | (no such parameter; at most `size² - 1` actions) | 2,000 |
//! | `splut` | 1,000 turns (at most 3,000 actions) | 3,000 |
//! | `elements` | (no such parameter; at most twice the cells) | 2,000 |
//! | `repello` | (no such parameter) | 2,000 |
//! | `arandia` | [`ARANDIA_TURN_LIMIT`] turns | the turn limit's bound (18 actions a turn) |
//!
//! The cap is raised to the game's bound on its length where the parameters give one, so a
//! game with a turn limit always ends by the rules (a draw at the limit) and is never
//! truncated. The figures behind the choices are in the Python package's documentation
//! (`docs/python.md`, "Learner defaults").
//!
//! ```
//! let arandia = boardgames::find("arandia").unwrap();
//! let played = boardgames::learn::params(arandia, "players=3").unwrap();
//! assert_eq!(played, format!("players=3,turn_limit={}", boardgames::learn::ARANDIA_TURN_LIMIT));
//! // A turn limit given is kept (0: none, then the cap truncates).
//! assert_eq!(boardgames::learn::params(arandia, "turn_limit=0").unwrap(), "turn_limit=0");
//! assert_eq!(boardgames::learn::max_actions(arandia, "turn_limit=0").unwrap(), 2_000);
//! ```

use crate::registry::{GameEntry, SetupError};
use boardgame_kit::params::{pairs, ParamValues};

/// Arandia's turn limit for learners (every number of players): random two-player games
/// average about 5.7 actions a turn and nearly all of them reach any limit below a few
/// thousand turns, so this keeps random episodes under 2,000 actions on average.
pub const ARANDIA_TURN_LIMIT: u32 = 350;

/// Splut!'s turn limit for learners: random games of two to four players measured at most
/// 2,033 actions (a turn has at most three), so random games seldom reach it.
pub const SPLUT_TURN_LIMIT: u32 = 1_000;

/// The cap of a game the table does not list.
pub const CAP: u64 = 2_000;

/// One game's learner defaults (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LearnerDefaults {
    /// The game's name.
    pub game: &'static str,
    /// The turn limit set when the parameters set none (`None`: the game has no such key).
    pub turn_limit: Option<u32>,
    /// The cap on the actions of one episode (raised to the game's bound where the
    /// parameters give one).
    pub cap: u64,
}

/// The games whose learner defaults differ from [`CAP`] and no turn limit.
pub static DEFAULTS: &[LearnerDefaults] = &[
    LearnerDefaults {
        game: "splut",
        turn_limit: Some(SPLUT_TURN_LIMIT),
        cap: 3 * SPLUT_TURN_LIMIT as u64,
    },
    LearnerDefaults {
        game: "arandia",
        turn_limit: Some(ARANDIA_TURN_LIMIT),
        cap: CAP,
    },
];

/// The learner defaults of the game called `name`.
///
/// ```
/// use boardgames::learn;
/// assert_eq!(learn::of("arandia").turn_limit, Some(learn::ARANDIA_TURN_LIMIT));
/// assert_eq!(learn::of("repello").turn_limit, None);
/// assert_eq!(learn::of("repello").cap, learn::CAP);
/// ```
#[must_use]
pub fn of(name: &str) -> LearnerDefaults {
    DEFAULTS
        .iter()
        .find(|d| d.game == name)
        .copied()
        .unwrap_or(LearnerDefaults {
            game: "",
            turn_limit: None,
            cap: CAP,
        })
}

/// The parameters a learner plays: `params` (checked: the game must accept them) with the
/// game's learner turn limit added where it has one and `params` sets no `turn_limit`,
/// written as the engine writes them (the keys that differ from the rules' defaults), and
/// the turn limit always written for the games that have one.
///
/// ```
/// let splut = boardgames::find("splut").unwrap();
/// assert_eq!(boardgames::learn::params(splut, "players=3").unwrap(), "players=3,turn_limit=1000");
/// assert!(boardgames::learn::params(splut, "players=-1").is_err());
/// let slime = boardgames::find("slimetrail").unwrap();
/// assert_eq!(boardgames::learn::params(slime, "").unwrap(), "");
/// ```
pub fn params(entry: &GameEntry, params: &str) -> Result<String, SetupError> {
    let canonical = entry.new_game(params)?.params_text();
    let Some(limit) = of(entry.name()).turn_limit else {
        return Ok(canonical);
    };
    // The turn limit is always written, the one given (even the rules' 0: no limit) or the
    // learner's, so that the text says what is played and reads back the same.
    let given = pairs(params)?
        .iter()
        .find(|(k, _)| *k == "turn_limit")
        .and_then(|(_, v)| v.parse::<u64>().ok());
    let mut text: Vec<String> = pairs(&canonical)?
        .iter()
        .filter(|(k, _)| *k != "turn_limit")
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    text.push(format!("turn_limit={}", given.unwrap_or(u64::from(limit))));
    let text = text.join(",");
    entry.new_game(&text)?;
    Ok(text)
}

/// The cap on the actions of one episode played with `params` (as [`params`] gives them):
/// the game's cap, or its bound on the length of a game when that is larger.
///
/// ```
/// use boardgames::learn;
/// let arandia = boardgames::find("arandia").unwrap();
/// let played = learn::params(arandia, "").unwrap();
/// assert_eq!(learn::max_actions(arandia, &played).unwrap(), 18 * u64::from(learn::ARANDIA_TURN_LIMIT));
/// let slime = boardgames::find("slimetrail").unwrap();
/// assert_eq!(learn::max_actions(slime, "").unwrap(), 2_000);
/// ```
pub fn max_actions(entry: &GameEntry, params: &str) -> Result<u64, SetupError> {
    let cap = of(entry.name()).cap;
    let bound = entry.new_game(params)?.max_game_length();
    Ok(bound.map_or(cap, |b| b.max(cap)))
}

/// Every parameter key of the game with the value in effect for `params`, in the game's
/// order of keys: the value given, or the default the rules give (for keys whose default
/// follows from other keys, such as Splut!'s `seats` and `first` or Repello's `stack`, the
/// value it follows to). For game strings that show what is played, never a placeholder.
///
/// ```
/// let splut = boardgames::find("splut").unwrap();
/// let keys = boardgames::learn::in_effect(splut, "players=3").unwrap();
/// let text: Vec<String> = keys.iter().map(|(k, v)| format!("{k}={v}")).collect();
/// assert_eq!(text.join(","), "players=3,seats=swn,first=s,turn_limit=0");
/// let repello = boardgames::find("repello").unwrap();
/// let keys = boardgames::learn::in_effect(repello, "players=4").unwrap();
/// assert_eq!(keys[1], ("stack", "10".to_string()));
/// ```
pub fn in_effect(
    entry: &GameEntry,
    params: &str,
) -> Result<Vec<(&'static str, String)>, SetupError> {
    let canonical = entry.new_game(params)?.params_text();
    let given = pairs(&canonical)?;
    let mut out = Vec::new();
    for spec in entry.params() {
        let key = spec.key();
        let others: Vec<String> = given
            .iter()
            .filter(|(k, _)| *k != key)
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let found = candidates(
            entry,
            spec.values(),
            spec.default(),
            given_value(&given, key),
        )
        .into_iter()
        .find(|c| {
            let mut with = others.clone();
            with.push(format!("{key}={c}"));
            entry
                .new_game(&with.join(","))
                .is_ok_and(|g| g.params_text() == canonical)
        });
        // Not reached for the games of the registry; the rules' default is the best word.
        out.push((key, found.unwrap_or_else(|| spec.default().to_string())));
    }
    Ok(out)
}

fn given_value<'a>(given: &[(&'a str, &'a str)], key: &str) -> Option<&'a str> {
    given.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
}

/// The values [`in_effect`] tries for one key, the likeliest first: the value given, the
/// rules' default, then every value the key accepts where they can be listed (integers in a
/// short range, choices) and, for a text key, the strings of distinct seat letters (Splut!'s
/// `seats`).
fn candidates(
    entry: &GameEntry,
    values: ParamValues,
    default: &str,
    given: Option<&str>,
) -> Vec<String> {
    let mut out: Vec<String> = given.into_iter().map(str::to_string).collect();
    out.push(default.to_string());
    match values {
        ParamValues::Int { min, max } if max - min <= 64 => {
            out.extend((min..=max).map(|v| v.to_string()));
        }
        ParamValues::Choice(choices) => out.extend(choices.iter().map(|c| c.to_string())),
        ParamValues::Text(_) => {
            let names = entry.seat_names();
            if names.iter().all(|n| n.len() == 1) {
                seat_strings(names, entry.max_players(), &mut String::new(), &mut out);
            }
        }
        _ => {}
    }
    out
}

/// Every string of up to `max` distinct names of `names`, appended to `out`.
fn seat_strings(names: &[&str], max: usize, prefix: &mut String, out: &mut Vec<String>) {
    if prefix.len() >= 2 {
        out.push(prefix.clone());
    }
    if prefix.len() == max {
        return;
    }
    for n in names {
        if !prefix.contains(n) {
            prefix.push_str(n);
            seat_strings(names, max, prefix, out);
            prefix.truncate(prefix.len() - n.len());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GAMES;

    #[test]
    fn every_game_learns_with_episodes_that_end() {
        for entry in GAMES {
            let played = params(entry, "").unwrap();
            let cap = max_actions(entry, &played).unwrap();
            assert!(cap >= 2_000, "{}", entry.name());
            let bound = entry.new_game(&played).unwrap().max_game_length();
            if let Some(b) = bound {
                assert!(cap >= b);
            }
            // The rules' defaults are untouched.
            assert_eq!(entry.new_game("").unwrap().params_text(), "");
        }
    }

    #[test]
    fn in_effect_names_every_key_with_a_value_that_reads_back() {
        for entry in GAMES {
            for p in ["", "players=3"] {
                let Ok(keys) = in_effect(entry, p) else {
                    continue;
                };
                assert_eq!(keys.len(), entry.params().len());
                let text: Vec<String> = keys.iter().map(|(k, v)| format!("{k}={v}")).collect();
                let back = entry.new_game(&text.join(",")).unwrap().params_text();
                assert_eq!(
                    back,
                    entry.new_game(p).unwrap().params_text(),
                    "{}",
                    entry.name()
                );
                assert!(keys.iter().all(|(_, v)| !v.is_empty() && v != "-1"));
            }
        }
    }

    #[test]
    fn bad_parameters_are_refused() {
        let splut = crate::find("splut").unwrap();
        assert!(params(splut, "players=-1").is_err());
        assert!(in_effect(splut, "players=9").is_err());
        assert!(max_actions(splut, "x").is_err());
    }
}
