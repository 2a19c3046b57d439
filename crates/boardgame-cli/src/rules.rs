//! `rules`: a game's rules in brief, in the game's own words (its `Explain::RULES`), with its
//! parameters and how to play it.

use crate::error::CliError;
use crate::out::Out;
use boardgames::GameEntry;

/// The page of `boardgame rules GAME`.
pub fn page(entry: &GameEntry) -> String {
    let mut text = String::from(entry.rules().trim_end());
    text.push_str("\n\nParameters (--params key=value,...):\n");
    for spec in entry.params() {
        text.push_str(&wrap(&format!("  {spec}")));
    }
    text.push_str(&format!(
        "\nPlay it against the computer: boardgame play {}\n(`help` there shows the notation \
         with examples from the position).\n",
        entry.name()
    ));
    text
}

/// Lines of at most this many characters on the page.
const WIDTH: usize = 96;

/// A parameter's line cut at spaces into lines of at most [`WIDTH`] characters, the
/// continuations indented four spaces further.
fn wrap(line: &str) -> String {
    let body = line.trim_start();
    let indent = " ".repeat(line.len() - body.len());
    let mut out = String::new();
    let mut current = indent.clone();
    for word in body.split(' ') {
        if current.trim().is_empty() {
            current.push_str(word);
        } else if current.len() + 1 + word.len() > WIDTH {
            out.push_str(&current);
            out.push('\n');
            current = format!("{indent}    {word}");
        } else {
            current.push(' ');
            current.push_str(word);
        }
    }
    out.push_str(&current);
    out.push('\n');
    out
}

/// Prints the page of `entry`.
pub fn rules(entry: &GameEntry, out: &mut Out) -> Result<(), CliError> {
    out.text(&page(entry))
}
