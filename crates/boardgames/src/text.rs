//! Text helpers shared by front ends: messages that always fit on one line.

use std::borrow::Cow;
use std::fmt::Write as _;

/// The text with every control character escaped (`\n`, `\r`, `\t`, `\u{1b}`...), so that a
/// message quoting user input always stays on one line.
///
/// ```
/// use boardgames::text::one_line;
/// assert_eq!(one_line("bad `\n`"), "bad `\\n`");
/// assert_eq!(one_line("\u{1b}[31m"), "\\u{1b}[31m");
/// assert_eq!(one_line("fine"), "fine");
/// ```
pub fn one_line(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The legal actions (the outcomes at a chance node) as text with their ids
/// ([`boardgame_kit::Encoding`]), sorted by the bytes of the text: the order of `legal`.
///
/// ```
/// let game = boardgames::start("slimetrail", "size=5", None).unwrap();
/// let rows = boardgames::text::sorted_ids(game.as_ref());
/// assert_eq!(rows[0].0, "b2");
/// assert_eq!(game.id_text(rows[0].1).as_deref(), Some("b2"));
/// ```
pub fn sorted_ids(game: &dyn boardgame_kit::DynGame) -> Vec<(String, usize)> {
    let mut rows: Vec<(String, usize)> = game
        .legal_texts()
        .into_iter()
        .zip(game.legal_ids())
        .collect();
    rows.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    rows
}
