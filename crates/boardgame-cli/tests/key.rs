//! `show` and `play` draw the board with a key, and the key names every symbol the board
//! shows: checked for every game along random games, through `boardgame show`.

mod common;

use boardgame_kit::SplitMix64;
use std::collections::BTreeSet;

fn show(game: &str, params: &str, position: &str) -> String {
    common::ok(&["show", game, "--params", params, "--position", position])
}

/// The drawing and the symbols of its key (`show` prints the board, a blank line, the key).
fn split(shown: &str) -> (&str, BTreeSet<String>) {
    let (board, key) = shown
        .split_once("\n\nkey:\n")
        .unwrap_or_else(|| panic!("no key after the board:\n{shown}"));
    let mut symbols = BTreeSet::new();
    for line in key.lines() {
        let entry = line
            .strip_prefix("  ")
            .unwrap_or_else(|| panic!("{line:?}"));
        let (syms, meaning) = entry.split_once("  ").unwrap_or_else(|| panic!("{line:?}"));
        assert!(!meaning.trim().is_empty(), "{line:?}");
        symbols.extend(syms.split_whitespace().map(String::from));
    }
    (board, symbols)
}

/// Whether a token is a coordinate: a rank number or a file letter or a cell name.
fn is_rank(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

fn is_cell(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() >= 2 && b[0].is_ascii_lowercase() && is_rank(&t[1..])
}

/// The symbols a game's drawing shows, coordinates aside, read from the board lines.
fn drawn(game: &str, board: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in board.lines() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match game {
            // Rank number first, then one symbol per cell (Elements: the rank again last).
            "slimetrail" | "splut" | "elements" => {
                if tokens.first().is_some_and(|t| is_rank(t)) {
                    let end = if game == "elements" {
                        tokens.len() - 1
                    } else {
                        tokens.len()
                    };
                    out.extend(tokens[1..end].iter().map(|t| t.to_string()));
                }
            }
            // Rank number first and last; a cell is its number, `:` in the start area, and
            // its piece, a stack followed by its count (`3:A15`, `5 b`).
            "repello" => {
                if tokens.first().is_some_and(|t| is_rank(t)) {
                    for t in &tokens[1..tokens.len() - 1] {
                        // `5`, then the piece as its own token; or `5:` and the piece.
                        let piece = match t.split_once(':') {
                            Some((number, piece)) => {
                                out.insert(number.to_string());
                                out.insert(":".into());
                                piece
                            }
                            None if is_rank(t) => {
                                out.insert(t.to_string());
                                continue;
                            }
                            None => t,
                        };
                        out.insert(piece.trim_end_matches(|c: char| c.is_ascii_digit()).into());
                    }
                }
            }
            // Cell names, each followed by its mark and the digits of the ships on it; seat
            // lines mark acted ships with `*`.
            "arandia" => {
                if line.starts_with("seat ") {
                    if line.contains('*') {
                        out.insert("*".into());
                    }
                    continue;
                }
                if tokens.first().is_some_and(|t| is_cell(t)) {
                    for pair in tokens.chunks(2) {
                        assert!(is_cell(pair[0]), "{line}");
                        let content = pair[1];
                        out.extend(content.chars().map(String::from));
                    }
                }
            }
            _ => unreachable!(),
        }
    }
    out
}

#[test]
fn every_symbol_drawn_is_in_the_key_along_random_games() {
    for (game, params) in [
        ("slimetrail", "size=5"),
        ("slimetrail", ""),
        ("splut", "players=4"),
        ("splut", "players=3,turn_limit=40"),
        ("elements", "board=blitz,players=4,per_turn=3"),
        ("repello", "players=3,stack=4"),
        ("arandia", "players=6,turn_limit=40"),
    ] {
        let entry = boardgames::find(game).unwrap();
        let mut g = entry.start(params, None).unwrap();
        let mut rng = SplitMix64::new(7);
        let mut seen = BTreeSet::new();
        let mut key_symbols;
        let mut step = 0;
        loop {
            // Every position through the library, some through the binary.
            let drawing = g.to_string();
            let key = entry.key(g.as_ref()).unwrap();
            let keyed: BTreeSet<String> = key
                .iter()
                .flat_map(|e| e.symbols.split_whitespace().map(String::from))
                .collect();
            let symbols = drawn(game, &drawing);
            assert!(
                symbols.is_subset(&keyed),
                "{game} {params}: {:?} drawn but not in the key\n{drawing}",
                symbols.difference(&keyed).collect::<Vec<_>>()
            );
            if step % 25 == 0 {
                let shown = show(game, params, &g.position());
                let (board, from_show) = split(&shown);
                assert_eq!(board.trim_end(), drawing.trim_end());
                assert_eq!(from_show, keyed);
            }
            seen.extend(symbols);
            key_symbols = keyed;
            let Some(a) = g.random_action_text(&mut rng) else {
                break;
            };
            g.play_text(&a).unwrap();
            step += 1;
            if step > 3000 {
                break;
            }
        }
        // The random game drew most of what the key names (the key is not padded with
        // symbols that never appear).
        assert!(
            seen.len() * 2 >= key_symbols.len(),
            "{game}: drew {seen:?}, key {key_symbols:?}"
        );
    }
}

#[test]
fn show_keeps_the_board_first_and_adds_the_key() {
    let out = show("slimetrail", "size=5", "5/5/2@2/5/5 1");
    assert!(out.starts_with("5 . . . . 2\n"), "{out}");
    let (board, symbols) = split(&out);
    assert!(board.ends_with("seat 1 to move"), "{board}");
    for s in ["@", "#", "1", "2", "."] {
        assert!(symbols.contains(s), "{out}");
    }
    let splut = show("splut", "", "e1,a5,e9,i5 s:d2,f2,e2;n:f8,d8,e8 s 1 1 - - -");
    assert!(splut.contains("\n  rS rT rD     red (seat s): its Sorcerer, Troll and Dwarf\n"));
    assert!(
        splut.contains("\n  O0 O1 O2 O3  the four Rocks, by number\n"),
        "{splut}"
    );
    let repello = show(
        "repello",
        "",
        "13/6b6/2s7s2/13/13/13/1b4g4b1/13/13/13/2s7s2/6b6/13 15,15 place:1",
    );
    let (_, symbols) = split(&repello);
    assert!(symbols.contains(":") && symbols.contains("A"), "{repello}");
    assert!(
        repello.contains("  after the number: the square is in the start area"),
        "{repello}"
    );
}

#[test]
fn arandia_draws_ships_on_their_cells() {
    let out = show("arandia", "", "0 - t0 0:f9,g9,h9 3:b1,c1,d1");
    let first = out.lines().next().unwrap();
    assert_eq!(
        first,
        "                e9 #    f9 H0   g9 H0   h9 H0   i9 #"
    );
    assert!(
        out.contains("                a1 #    b1 H3   c1 H3   d1 H3   e1 #\n"),
        "{out}"
    );
    // One line per rank: no line of ship digits alone.
    let board: Vec<&str> = out
        .lines()
        .take_while(|l| !l.starts_with("seat "))
        .collect();
    assert_eq!(board.len(), 9, "{out}");
    // Ships sharing a cell, and more than three on one.
    let crowd = show(
        "arandia",
        "players=6",
        "0 - t0 0:e5,e5,h9 1:e5,e5,i8 2:f2,g3,h4 3:b1,c1,d1 4:a2,a3,a4 5:b6,c7,d8",
    );
    assert!(crowd.contains("e5 @00+ "), "{crowd}");
    assert!(
        crowd.contains("seat 0 (home f9 g9 h9, target b1 c1 d1): e5 e5 h9\n"),
        "{crowd}"
    );
    let pair = show("arandia", "", "3 - t9 0:e5,g9,x 3:c1,d1,e5");
    assert!(pair.contains("e5 @03 "), "{pair}");
    assert!(pair.contains("): e5 g9 sunk\n"), "{pair}");
}

#[test]
fn play_prints_the_key_with_the_first_board() {
    let o = common::run_with_input(
        &["play", "repello", "--opponent", "random", "--seed", "1"],
        "key\nquit\n",
    );
    let out = String::from_utf8(o.stdout).unwrap();
    let key = "key:\n  1 2 3 4 5 6  the number printed on the square";
    assert_eq!(
        out.matches(key).count(),
        2,
        "at the start and for `key`:\n{out}"
    );
    assert!(out.find(key) > out.find("      a     b     c"), "{out}");
}
