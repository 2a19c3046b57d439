//! The notation shown to a person in `play`: real legal actions of the position as examples,
//! each explained in words, the notation section of the game's rules, and the key of the
//! board drawing.

use boardgame_kit::explain::key_text;
use boardgame_kit::grid::Dir8;
use boardgame_kit::DynGame;
use boardgames::GameEntry;

/// At most this many examples in `help`.
const EXAMPLES: usize = 6;

/// `legal` explains every action when there are at most this many.
const EXPLAINED: usize = 12;

/// The shape of an action's text: letters become `a`, digits `9`, each run counted once, other
/// characters kept (`d3-d4/c6` is `a9-a9/a9`, `e5-d5/p` is `a9-a9/a`), so that actions written
/// alike share a shape.
fn shape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let class = if c.is_ascii_alphabetic() {
            'a'
        } else if c.is_ascii_digit() {
            '9'
        } else {
            c
        };
        if !(out.ends_with(class) && (class == 'a' || class == '9')) {
            out.push(class);
        }
    }
    out
}

/// The words of a description that tell kinds of actions apart: its first four, with cell
/// names, numbers and directions masked (`Troll _ steps onto`, `Troll _ steps _`).
fn gist(words: &str) -> String {
    words
        .split_whitespace()
        .take(4)
        .map(|w| {
            let w = w.trim_end_matches([',', ':', ';']);
            let cell = w.len() >= 2
                && w.as_bytes()[0].is_ascii_lowercase()
                && w[1..].bytes().all(|b| b.is_ascii_digit());
            let number = w.bytes().all(|b| b.is_ascii_digit());
            if cell || number || Dir8::ALL.iter().any(|d| d.long_name() == w) {
                "_"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Up to [`EXAMPLES`] legal actions: the first of each kind (the shape of its text and the
/// gist of what `describe` says it does), then others spread over the list, in the order of
/// the legal list.
pub fn examples<'a>(legal: &'a [String], describe: &dyn Fn(&str) -> String) -> Vec<&'a str> {
    let mut picked: Vec<usize> = Vec::new();
    let mut kinds: Vec<(String, String)> = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        let kind = (shape(a), gist(&describe(a)));
        if !kinds.contains(&kind) && picked.len() < EXAMPLES {
            kinds.push(kind);
            picked.push(i);
        }
    }
    let want = EXAMPLES.min(legal.len()).min(picked.len().max(4));
    let mut k = 0;
    while picked.len() < want && k < legal.len() {
        // Every `step`-th action, so that the examples come from all over the list.
        let step = legal.len().div_ceil(want);
        let i = (k * step + step / 2).min(legal.len() - 1);
        if !picked.contains(&i) {
            picked.push(i);
        }
        k += 1;
    }
    picked.sort_unstable();
    picked.into_iter().map(|i| legal[i].as_str()).collect()
}

/// Lines `  ACTION  what it does`, the actions in a column.
fn explained(entry: &GameEntry, game: &dyn DynGame, actions: &[&str]) -> String {
    let width = actions.iter().map(|a| a.len()).max().unwrap_or(0);
    let mut out = String::new();
    for a in actions {
        let words = entry.describe(game, a).unwrap_or_default();
        out.push_str(&format!("  {a:<width$}  {words}\n"));
    }
    out
}

/// The section `Notation` of the game's rules (from its heading to the end).
fn notation_section(entry: &GameEntry) -> &'static str {
    let rules = entry.rules();
    rules
        .find("\nNotation\n")
        .map_or("", |at| rules[at + 1..].trim_end())
}

/// The commands of `play`.
const COMMANDS: &str = "\
commands:
  ACTION   play an action, written as below
  legal    the legal actions (also `?`)
  board    draw the board again; `key`: what its symbols mean
  rules    the rules in brief
  undo     take back your last action and what was played after it
  help     this text; `quit` (or `exit`) leaves the game";

/// `help` in `play`: the commands, the notation of the rules, and examples from this
/// position, each explained.
pub fn help(entry: &GameEntry, game: &dyn DynGame) -> String {
    let legal = game.legal_sorted();
    let mut out = format!("{COMMANDS}\n");
    let notation = notation_section(entry);
    if !notation.is_empty() {
        out.push_str(&format!("{notation}\n"));
    }
    let describe = |a: &str| entry.describe(game, a).unwrap_or_default();
    let examples = examples(&legal, &describe);
    if !examples.is_empty() {
        out.push_str("Examples from this position (real legal actions):\n");
        out.push_str(&explained(entry, game, &examples));
    }
    out.trim_end().to_string()
}

/// `legal` in `play`: the list, and each action explained when there are few.
pub fn legal(entry: &GameEntry, game: &dyn DynGame) -> String {
    let legal = game.legal_sorted();
    let mut out = format!("legal: {}", legal.join(" "));
    if legal.len() <= EXPLAINED {
        let all: Vec<&str> = legal.iter().map(String::as_str).collect();
        out.push('\n');
        out.push_str(explained(entry, game, &all).trim_end());
    } else {
        out.push_str("\n(`help` explains the notation with examples)");
    }
    out
}

/// The key of `game`'s drawing, as text.
pub fn key(entry: &GameEntry, game: &dyn DynGame) -> String {
    entry
        .key(game)
        .map(|k| key_text(&k))
        .unwrap_or_default()
        .trim_end()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::{examples, gist, shape};

    #[test]
    fn shapes_group_actions_written_alike() {
        assert_eq!(shape("d3-d4/c6"), "a9-a9/a9");
        assert_eq!(shape("e5-d5/p"), "a9-a9/a");
        assert_eq!(shape("t20"), shape("a1"));
        assert_eq!(shape("attack/3"), "a/9");
        assert_eq!(shape("+g9"), "+a9");
    }

    #[test]
    fn examples_take_every_shape_then_spread() {
        let legal: Vec<String> = ["b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2"]
            .map(String::from)
            .to_vec();
        let same = |_: &str| String::from("the snail steps");
        let picked = examples(&legal, &same);
        assert_eq!(picked.len(), 4);
        assert_eq!(picked[0], "b2");
        let mixed: Vec<String> = ["f9", "f9-g9", "g9", "g9-f9", "g9-h9", "h9", "h9-g9"]
            .map(String::from)
            .to_vec();
        let picked = examples(&mixed, &same);
        assert!(
            picked.contains(&"f9") && picked.contains(&"f9-g9"),
            "{picked:?}"
        );
        assert!(examples(&[], &same).is_empty());
        assert_eq!(examples(&["a1".to_string()], &same), ["a1"]);
        // Actions written alike but doing different things are told apart by their words.
        let troll: Vec<String> = ["e5-d5/p", "e5-f5/e", "e5-f5/n"].map(String::from).to_vec();
        let words = |a: &str| {
            if a.ends_with("/p") {
                "Troll e5 steps west to d5, pulling Rock 3".to_string()
            } else {
                "Troll e5 steps onto Rock 3 on f5".to_string()
            }
        };
        assert_eq!(examples(&troll, &words), ["e5-d5/p", "e5-f5/e", "e5-f5/n"]);
    }

    #[test]
    fn the_gist_masks_cells_numbers_and_directions() {
        assert_eq!(
            gist("Troll e5 steps west to d5, pulling"),
            "Troll _ steps _"
        );
        assert_eq!(gist("Troll e5 steps onto Rock 3"), "Troll _ steps onto");
        assert_eq!(gist("the die is rolled for the ship"), "the die is rolled");
    }
}
