//! Error types shared by every game: notation syntax, position validity, parameters and play.
//!
//! Syntax errors ([`SyntaxError`]) say a text could not be read; legality errors ([`PlayError`])
//! say a well-formed action cannot be played here. Positions distinguish the two as well
//! ([`PositionError`]).
//!
//! Every message is one line: the texts an error quotes (the input, an action, a parameter)
//! are printed through [`Escaped`], which writes control characters as escapes.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use core::fmt;

/// Prints a text with its control characters (and backslashes) escaped, so that a message
/// quoting untrusted input stays on one line: a newline prints as `\n`, a tab as `\t`, other
/// control characters and the Unicode line and paragraph separators as `\u{..}`.
///
/// ```
/// use boardgame_kit::error::Escaped;
/// assert_eq!(Escaped("a\nb\tc\\d\u{7}").to_string(), r"a\nb\tc\\d\u{7}");
/// assert_eq!(Escaped("e5").to_string(), "e5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escaped<'a>(pub &'a str);

/// Whether [`Escaped`] writes `c` as an escape.
fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\\' | '\u{2028}' | '\u{2029}')
}

/// How many bytes [`Escaped`] writes for `c`.
fn escaped_len(c: char) -> usize {
    match c {
        '\n' | '\r' | '\t' | '\\' => 2,
        c if needs_escape(c) => c.escape_unicode().count(),
        _ => c.len_utf8(),
    }
}

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let mut rest = self.0;
        while let Some(i) = rest.find(needs_escape) {
            f.write_str(&rest[..i])?;
            let c = rest[i..].chars().next().unwrap_or_default();
            match c {
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                '\\' => f.write_str("\\\\")?,
                _ => {
                    for e in c.escape_unicode() {
                        f.write_char(e)?;
                    }
                }
            }
            rest = &rest[i + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// The most bytes an error message prints of an input it quotes ([`Excerpt`]): 48 characters
/// of plain ASCII text.
pub const EXCERPT_BYTES: usize = 48;

/// A piece of input as an error message quotes it: escaped as [`Escaped`] does and cut once
/// its printed form would pass [`EXCERPT_BYTES`] bytes (an escape such as `\u{10}` counts as
/// the six it prints, `é` as its two), with the length of the whole said after the cut, so that a message
/// stays one short line whatever the input (a 10 MB input gives a 100-byte message).
///
/// ```
/// use boardgame_kit::error::{Excerpt, EXCERPT_BYTES};
/// assert_eq!(Excerpt("e5\n").to_string(), r"e5\n");
/// let long = "k=1,".repeat(1000);
/// let quoted = Excerpt(&long).to_string();
/// assert!(quoted.starts_with("k=1,k=1,") && quoted.ends_with("... (4000 bytes)"), "{quoted}");
/// assert!(quoted.len() < 80);
/// // Control characters print as escapes; the cut counts what is printed.
/// let quoted = Excerpt(&"\u{10}".repeat(100)).to_string();
/// assert!(quoted.len() <= EXCERPT_BYTES + "... (100 bytes)".len(), "{quoted}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut width = 0;
        let cut = self.0.char_indices().find_map(|(i, c)| {
            width += escaped_len(c);
            (width > EXCERPT_BYTES).then_some(i)
        });
        match cut {
            None => Escaped(self.0).fmt(f),
            Some(cut) => write!(f, "{}... ({} bytes)", Escaped(&self.0[..cut]), self.0.len()),
        }
    }
}

/// A text could not be read: what was expected, and at which byte of the input.
///
/// ```
/// use boardgame_kit::Cell;
/// let e = "e0".parse::<Cell>().unwrap_err();
/// assert_eq!(e.at, 1);
/// assert_eq!(e.to_string(), "cannot read `e0` at byte 1: expected a rank from 1 to 26");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("cannot read `{}` at byte {at}: expected {}", Excerpt(.input), Escaped(.expected))]
pub struct SyntaxError {
    /// The text that was being read (an action, a field of a position...).
    pub input: String,
    /// Byte offset where reading failed.
    pub at: usize,
    /// What was expected there.
    pub expected: Cow<'static, str>,
}

impl SyntaxError {
    /// A syntax error in `input` at byte `at`.
    pub fn new(input: &str, at: usize, expected: impl Into<Cow<'static, str>>) -> SyntaxError {
        SyntaxError {
            input: input.to_string(),
            at,
            expected: expected.into(),
        }
    }

    /// The same error, moved to describe a larger text in which `input` started at `offset`.
    #[must_use]
    pub fn within(self, whole: &str, offset: usize) -> SyntaxError {
        SyntaxError {
            input: whole.to_string(),
            at: self.at + offset,
            expected: self.expected,
        }
    }
}

/// How far `text` goes along one of `words` (ASCII case-insensitive): the byte offset of the
/// first character that no word has there, or the length of `text` when it is all a prefix of
/// some word. A parser that expects one of several words reports its [`SyntaxError`] there.
///
/// ```
/// use boardgame_kit::error::mismatch;
/// assert_eq!(mismatch("wom:s", &["won:", "draw"]), 2);
/// assert_eq!(mismatch("x", &["won:", "draw"]), 0);
/// assert_eq!(mismatch("dra", &["won:", "draw"]), 3);
/// ```
#[must_use]
pub fn mismatch(text: &str, words: &[&str]) -> usize {
    words
        .iter()
        .map(|w| {
            text.bytes()
                .zip(w.bytes())
                .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                .count()
        })
        .max()
        .unwrap_or(0)
}

/// A position text could not be turned into a state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The text is not well-formed position notation.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The text is well-formed but describes a position the rules cannot produce or continue.
    #[error("invalid position: {}", Escaped(.0))]
    Invalid(Cow<'static, str>),
}

impl PositionError {
    /// An invalid-position error.
    pub fn invalid(reason: impl Into<Cow<'static, str>>) -> PositionError {
        PositionError::Invalid(reason.into())
    }
}

/// A cursor over a position text for hand-written readers: it stands on a byte offset, and
/// its errors are [`PositionError::Syntax`] errors at that offset. A game's reader wraps it
/// and adds the fields of its own notation.
///
/// ```
/// use boardgame_kit::error::PositionCursor;
/// let mut r = PositionCursor::new("4 w");
/// assert_eq!(r.peek(), Some(b'4'));
/// r.at += 1;
/// assert!(r.eat(b' ', "a space").is_ok());
/// let e = r.eat(b'-', "`-`").unwrap_err();
/// assert_eq!(e.to_string(), "cannot read `4 w` at byte 2: expected `-`");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PositionCursor<'a> {
    /// The whole text being read.
    pub text: &'a str,
    /// The byte offset of the next byte to read.
    pub at: usize,
}

impl<'a> PositionCursor<'a> {
    /// A cursor at the start of `text`.
    ///
    /// ```
    /// use boardgame_kit::error::PositionCursor;
    /// assert_eq!(PositionCursor::new("e5").at, 0);
    /// ```
    #[must_use]
    pub fn new(text: &'a str) -> PositionCursor<'a> {
        PositionCursor { text, at: 0 }
    }

    /// A syntax error at the cursor: `expected` says what should stand there.
    ///
    /// ```
    /// use boardgame_kit::error::PositionCursor;
    /// let r = PositionCursor { text: "e5 x", at: 3 };
    /// assert_eq!(r.err("a seat").to_string(), "cannot read `e5 x` at byte 3: expected a seat");
    /// ```
    #[must_use]
    pub fn err(&self, expected: impl Into<Cow<'static, str>>) -> PositionError {
        PositionError::Syntax(SyntaxError::new(self.text, self.at, expected))
    }

    /// The byte at the cursor, if the text goes on.
    ///
    /// ```
    /// use boardgame_kit::error::PositionCursor;
    /// assert_eq!(PositionCursor { text: "e5", at: 1 }.peek(), Some(b'5'));
    /// assert_eq!(PositionCursor { text: "e5", at: 2 }.peek(), None);
    /// ```
    #[must_use]
    pub fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Steps over the byte `b`, or returns the error saying what was `expected` (the cursor
    /// then stays where it was).
    ///
    /// ```
    /// use boardgame_kit::error::PositionCursor;
    /// let mut r = PositionCursor::new("e,");
    /// assert!(r.eat(b',', "`,`").is_err());
    /// assert_eq!(r.at, 0);
    /// r.at = 1;
    /// assert!(r.eat(b',', "`,`").is_ok());
    /// assert_eq!(r.at, 2);
    /// ```
    pub fn eat(&mut self, b: u8, expected: &'static str) -> Result<(), PositionError> {
        if self.peek() == Some(b) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.err(expected))
        }
    }
}

/// A game's parameters could not be read. Every variant names the key at fault.
///
/// ```
/// use boardgame_kit::ParamError;
/// let e = ParamError::UnknownKey("colour".into());
/// assert_eq!(e.to_string(), "unknown parameter `colour`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParamError {
    /// A comma-separated item is not `key=value`.
    #[error("parameter `{}` is not of the form key=value", Excerpt(.0))]
    Syntax(String),
    /// The key is not a parameter of this game.
    #[error("unknown parameter `{}`", Excerpt(.0))]
    UnknownKey(String),
    /// The key appears twice.
    #[error("parameter `{}` is given twice", Excerpt(.0))]
    Duplicate(String),
    /// The value is not allowed for the key.
    #[error(
        "bad value `{}` for parameter `{}`: expected {}",
        Excerpt(.value),
        Excerpt(.key),
        Escaped(.expected)
    )]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key accepts.
        expected: Cow<'static, str>,
    },
    /// The parameter text is longer than [`MAX_PARAMS_LEN`](crate::params::MAX_PARAMS_LEN)
    /// bytes or has more than [`MAX_PARAMS`](crate::params::MAX_PARAMS) items.
    #[error(
        "parameters too long: {len} bytes in {items} items (at most {} bytes and {} items)",
        crate::params::MAX_PARAMS_LEN,
        crate::params::MAX_PARAMS
    )]
    TooLong {
        /// The length of the text in bytes.
        len: usize,
        /// The items (comma-separated) counted, up to one past the most.
        items: usize,
    },
    /// Two parameters disagree.
    #[error(
        "parameters `{}` and `{}` disagree: {}",
        Escaped(.key),
        Escaped(.other),
        Escaped(.why)
    )]
    Conflict {
        /// One key.
        key: String,
        /// The other key.
        other: String,
        /// Why.
        why: Cow<'static, str>,
    },
}

impl ParamError {
    /// A bad-value error.
    pub fn bad_value(key: &str, value: &str, expected: impl Into<Cow<'static, str>>) -> ParamError {
        ParamError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }
}

/// An action could not be played: the state is left exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over; no action can be played.
    #[error("the game is over")]
    GameOver,
    /// The action was offered for a seat that is not the one to act.
    #[error("it is not {}'s turn: {} is to act", Escaped(.got), Escaped(.expected))]
    NotYourTurn {
        /// Who is to act (a seat name, or `chance`).
        expected: String,
        /// The seat that tried to act.
        got: String,
    },
    /// The action is well-formed but not legal here.
    #[error("`{}` is illegal: {}", Excerpt(.action), Escaped(.reason))]
    Illegal {
        /// The action's text.
        action: String,
        /// Why it is illegal.
        reason: Cow<'static, str>,
    },
}
