//! Explaining a game to a person who has never seen it: the rules in brief, the key of the
//! board drawing, the seats as people call them, and what an action does, in words.
//!
//! A game implements [`Explain`] (in its `src/explain.rs`); front ends (the `boardgame`
//! command's `rules`, `show` and `play`) print what it says. [`key_text`] lays a key out as
//! text, one entry a line.
//!
//! ```
//! use boardgame_kit::explain::{key_text, Explain};
//! use boardgame_kit::testing::Nim;
//! use boardgame_kit::Game;
//! let nim = Nim::new(&"stones=3".parse().unwrap());
//! assert!(Nim::RULES.contains("take"));
//! assert_eq!(nim.describe(&"2".parse().unwrap()), "takes 2 stones, leaving 1");
//! assert_eq!(key_text(&nim.key()), "key:\n  o  a stone on the table\n");
//! ```

use crate::game::Game;
use crate::seat::Seat;
use alloc::string::String;
use alloc::vec::Vec;

/// One entry of a drawing's key: the symbols as drawn and what they stand for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KeyEntry {
    /// The symbols, as the drawing shows them, separated by single spaces (`rS rT rD`).
    pub symbols: String,
    /// What they stand for (`red (seat s): its Sorcerer, Troll and Dwarf`).
    pub meaning: String,
}

impl KeyEntry {
    /// An entry: symbols (separated by single spaces) and their meaning.
    ///
    /// ```
    /// let e = boardgame_kit::explain::KeyEntry::new("#", "slime");
    /// assert_eq!((e.symbols.as_str(), e.meaning.as_str()), ("#", "slime"));
    /// ```
    #[must_use]
    pub fn new(symbols: impl Into<String>, meaning: impl Into<String>) -> KeyEntry {
        KeyEntry {
            symbols: symbols.into(),
            meaning: meaning.into(),
        }
    }
}

/// A game that can explain itself to a person.
pub trait Explain: Game {
    /// The rules in brief: a page of plain text for a person (the board, the pieces, a turn,
    /// how the game ends, the notation with examples), in lines of at most 96 characters,
    /// ending with a newline.
    const RULES: &'static str;

    /// The game crate's README (Markdown), whose section `## The rules in brief` says the rules
    /// in a few items ([`brief`] reads them); `""` (the default) for a game without one.
    const README: &'static str = "";

    /// The key of the board drawing (`Display`) under this state's parameters: every symbol
    /// the drawing can show in this game, coordinates aside, whether or not it is on the board
    /// now.
    fn key(&self) -> Vec<KeyEntry>;

    /// What `action` does when played here, in words, without the action's own text and
    /// without naming the seat that plays it (`Dwarf e2 steps north to e3`); at a chance node
    /// what the outcome brings about. Only called with legal actions (or outcomes); anything
    /// else may get a plain description.
    fn describe(&self, action: &Self::Action) -> String;

    /// A seat as people call it in this game (`s (red)`, `water (w)`, `seat 1`); by default
    /// `seat` and its name.
    fn seat_label(&self, seat: Seat) -> String {
        alloc::format!("seat {}", Self::seat_name(seat))
    }
}

/// The items of the section `## The rules in brief` of a README (Markdown): each item (`- `)
/// with its continuation lines joined by single spaces, markup (`` `code` ``, `**bold**`) kept;
/// empty if the README has no such section.
///
/// ```
/// let readme = "# x\n\n## The rules in brief\n\n- One **snail**,\n  on `d4`.\n- No draws.\n\n## More\n- no\n";
/// assert_eq!(boardgame_kit::explain::brief(readme), ["One **snail**, on `d4`.", "No draws."]);
/// assert!(boardgame_kit::explain::brief("# x\n").is_empty());
/// ```
#[must_use]
pub fn brief(readme: &str) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    let mut inside = false;
    for line in readme.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            if inside {
                break;
            }
            inside = heading.trim() == "The rules in brief";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(item) = line.strip_prefix("- ") {
            items.push(String::from(item.trim()));
        } else if let (Some(last), true) = (items.last_mut(), line.starts_with("  ")) {
            last.push(' ');
            last.push_str(line.trim());
        }
    }
    items
}

/// A key as text: a line `key:`, then one line per entry, two spaces, the symbols in a column
/// as wide as the widest, two spaces and the meaning.
///
/// ```
/// use boardgame_kit::explain::{key_text, KeyEntry};
/// let key = [KeyEntry::new("@", "the snail"), KeyEntry::new("1 2", "the goals")];
/// assert_eq!(key_text(&key), "key:\n  @    the snail\n  1 2  the goals\n");
/// ```
#[must_use]
pub fn key_text(entries: &[KeyEntry]) -> String {
    let width = entries
        .iter()
        .map(|e| e.symbols.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::from("key:\n");
    for e in entries {
        let pad = width - e.symbols.chars().count();
        out.push_str("  ");
        out.push_str(&e.symbols);
        for _ in 0..pad + 2 {
            out.push(' ');
        }
        out.push_str(&e.meaning);
        out.push('\n');
    }
    out
}
