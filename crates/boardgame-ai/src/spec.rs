//! Agent SPECs: `NAME` or `NAME:key=value,key=value`.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use boardgame_kit::error::Excerpt;

/// The longest SPEC read, in bytes (the longest meaningful one is under 200).
pub const MAX_SPEC_LEN: usize = 1024;

/// What is wrong with an agent SPEC.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The SPEC names no agent.
    #[error("empty agent spec: expected NAME or NAME:key=value,... (agents: {known})")]
    Empty {
        /// The agents known for the game.
        known: &'static str,
    },
    /// No agent has this name (for this game).
    #[error("unknown agent `{}`: expected one of {known}", Excerpt(.name))]
    UnknownAgent {
        /// The name given.
        name: String,
        /// The agents known for the game.
        known: &'static str,
    },
    /// The agent exists but not for this game (or not in this build).
    #[error("agent `{agent}` is not available for {game} (the `solver` agent plays Slime Trail, with the crate feature `slimetrail`)")]
    NotForGame {
        /// The agent.
        agent: &'static str,
        /// The game's name.
        game: &'static str,
    },
    /// The agent has no such key.
    #[error("agent `{agent}` has no key `{}`: its keys are {known}", Excerpt(.key))]
    UnknownKey {
        /// The agent.
        agent: &'static str,
        /// The key given.
        key: String,
        /// The agent's keys.
        known: &'static str,
    },
    /// A key's value cannot be read.
    #[error("bad value `{}` for key `{key}` of agent `{agent}`: expected {expected}", Excerpt(.value))]
    BadValue {
        /// The agent.
        agent: &'static str,
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key accepts.
        expected: &'static str,
    },
    /// A `key=value` pair without `=`.
    #[error("`{}` in agent `{agent}` is not key=value", Excerpt(.pair))]
    NotAPair {
        /// The agent.
        agent: &'static str,
        /// The text given.
        pair: String,
    },
    /// The SPEC is longer than [`MAX_SPEC_LEN`] bytes (nothing else is read).
    #[error("agent spec too long: {len} bytes (at most {MAX_SPEC_LEN})")]
    TooLong {
        /// The SPEC's length in bytes.
        len: usize,
    },
    /// The memory the SPEC asks for (the `solver`'s table, made with the agent) was refused.
    #[error("agent `{agent}`: {why}")]
    OutOfMemory {
        /// The agent.
        agent: &'static str,
        /// What was refused, in words.
        why: String,
    },
    /// The same key twice.
    #[error("key `{key}` of agent `{agent}` is given twice")]
    Repeated {
        /// The agent.
        agent: &'static str,
        /// The key.
        key: String,
    },
}

/// A SPEC split into its name and `key=value` pairs (keys checked against the agent's list).
#[derive(Clone, Debug)]
pub(crate) struct Spec<'a> {
    pub(crate) agent: &'static str,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Spec<'a> {
    /// Splits `text` into the agent name and its raw option text.
    pub(crate) fn split(text: &str) -> (&str, &str) {
        let text = text.trim();
        text.split_once(':').unwrap_or((text, ""))
    }

    /// Reads the options of `agent` (whose keys are `keys`, listed in `known`).
    pub(crate) fn parse(
        agent: &'static str,
        options: &'a str,
        keys: &[&str],
        known: &'static str,
    ) -> Result<Spec<'a>, SpecError> {
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        for pair in options.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').ok_or_else(|| SpecError::NotAPair {
                agent,
                pair: pair.to_string(),
            })?;
            let (k, v) = (k.trim(), v.trim());
            if !keys.contains(&k) {
                return Err(SpecError::UnknownKey {
                    agent,
                    key: k.to_string(),
                    known,
                });
            }
            if pairs.iter().any(|(seen, _)| *seen == k) {
                return Err(SpecError::Repeated {
                    agent,
                    key: k.to_string(),
                });
            }
            pairs.push((k, v));
        }
        Ok(Spec { agent, pairs })
    }

    fn raw(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    /// A [`SpecError::BadValue`] for `key`.
    pub(crate) fn bad(&self, key: &str, value: impl ToString, expected: &'static str) -> SpecError {
        SpecError::BadValue {
            agent: self.agent,
            key: key.to_string(),
            value: value.to_string(),
            expected,
        }
    }

    /// A positive integer (`_` separators allowed, `k`/`m` suffixes for thousands/millions).
    pub(crate) fn count(&self, key: &str) -> Result<Option<u64>, SpecError> {
        const EXPECTED: &str = "a positive integer (e.g. 5000, 5_000, 5k, 2m)";
        let Some(v) = self.raw(key) else {
            return Ok(None);
        };
        let clean: String = v.chars().filter(|&c| c != '_').collect();
        let (digits, mult) = match clean.as_bytes().last() {
            Some(b'k' | b'K') => (&clean[..clean.len() - 1], 1_000),
            Some(b'm' | b'M') => (&clean[..clean.len() - 1], 1_000_000),
            _ => (clean.as_str(), 1),
        };
        digits
            .parse::<u64>()
            .ok()
            .and_then(|n| n.checked_mul(mult))
            .filter(|&n| n > 0)
            .map(Some)
            .ok_or_else(|| self.bad(key, v, EXPECTED))
    }

    /// A non-negative integer (a seed).
    pub(crate) fn count_or_zero(&self, key: &str) -> Result<Option<u64>, SpecError> {
        match self.raw(key) {
            Some("0") => Ok(Some(0)),
            _ => self.count(key),
        }
    }

    /// A duration in milliseconds: `250ms`, `2s`, `1.5s`, or a bare number of milliseconds.
    pub(crate) fn millis(&self, key: &str) -> Result<Option<u64>, SpecError> {
        const EXPECTED: &str = "a positive time such as 250ms, 2s or 1.5s";
        let Some(v) = self.raw(key) else {
            return Ok(None);
        };
        let ms = if let Some(x) = v.strip_suffix("ms") {
            x.parse::<f64>().ok()
        } else if let Some(x) = v.strip_suffix('s') {
            x.parse::<f64>().ok().map(|s| s * 1000.0)
        } else {
            v.parse::<f64>().ok()
        };
        match ms {
            Some(ms) if (1.0..1e12).contains(&ms) => Ok(Some(ms as u64)),
            _ => Err(self.bad(key, v, EXPECTED)),
        }
    }

    /// A non-negative real number.
    pub(crate) fn real(&self, key: &str) -> Result<Option<f32>, SpecError> {
        let Some(v) = self.raw(key) else {
            return Ok(None);
        };
        match v.parse::<f32>() {
            Ok(x) if x.is_finite() && x >= 0.0 => Ok(Some(x)),
            _ => Err(self.bad(key, v, "a non-negative number such as 1.4")),
        }
    }

    /// A switch: `on`/`off` (also `true`/`false`, `yes`/`no`, `1`/`0`).
    pub(crate) fn switch(&self, key: &str) -> Result<Option<bool>, SpecError> {
        let Some(v) = self.raw(key) else {
            return Ok(None);
        };
        match v {
            "on" | "true" | "yes" | "1" => Ok(Some(true)),
            "off" | "false" | "no" | "0" => Ok(Some(false)),
            _ => Err(self.bad(key, v, "on or off")),
        }
    }

    /// One of a fixed list of words (`expected` lists them for the error).
    pub(crate) fn word(
        &self,
        key: &str,
        words: &[&str],
        expected: &'static str,
    ) -> Result<Option<usize>, SpecError> {
        let Some(v) = self.raw(key) else {
            return Ok(None);
        };
        match words.iter().position(|w| *w == v) {
            Some(i) => Ok(Some(i)),
            None => Err(self.bad(key, v, expected)),
        }
    }
}
