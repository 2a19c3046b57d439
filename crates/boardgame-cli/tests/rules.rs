//! The rules in brief (`boardgame rules GAME` and `rules` in `play`) and the notation shown in
//! `play`'s `help`: real legal actions of the position, each explained.

mod common;

use common::ok;

const GAMES: [&str; 5] = ["slimetrail", "splut", "elements", "repello", "arandia"];

/// `play` fed `input` on stdin (against `random`, so it answers at once).
fn play(args: &[&str], input: &str) -> String {
    let mut all = args.to_vec();
    all.extend(["--opponent", "random", "--seed", "1"]);
    common::play(&all, input)
}

#[test]
fn every_game_has_a_page_of_rules() {
    for game in GAMES {
        let page = ok(&["rules", game]);
        for section in [
            "\nThe board\n",
            "\nThe pieces\n",
            "\nA turn\n",
            "\nHow the game ends\n",
            "\nNotation\n",
            "\nParameters (--params key=value,...):\n",
        ] {
            assert!(page.contains(section), "{game}: no {section:?}\n{page}");
        }
        assert!(page.contains(&format!("boardgame play {game}")), "{page}");
        let lines = page.lines().count();
        assert!((20..=70).contains(&lines), "{game}: {lines} lines");
        assert!(page.lines().all(|l| l.len() <= 100), "{game}: a long line");
        // The page's parameters are the game's own (wrapped: continuation lines are
        // indented further).
        let games = ok(&["games"]);
        let (_, params) = page
            .split_once("Parameters (--params key=value,...):\n")
            .unwrap();
        let mut unwrapped = String::new();
        for line in params.lines().take_while(|l| l.starts_with("  ")) {
            match line.strip_prefix("      ") {
                Some(more) => {
                    unwrapped.push(' ');
                    unwrapped.push_str(more);
                }
                None => {
                    unwrapped.push('\n');
                    unwrapped.push_str(line);
                }
            }
        }
        for line in unwrapped.lines().filter(|l| !l.is_empty()) {
            assert!(games.contains(&format!("\n{line}\n")), "{game}: {line}");
        }
    }
    // The notation with examples, in the game's words.
    let splut = ok(&["rules", "splut"]);
    assert!(
        splut.contains("d3-d4/c6   a Sorcerer steps from d3 to d4"),
        "{splut}"
    );
    let arandia = ok(&["rules", "arandia"]);
    assert!(arandia.contains("f9-g9     a harbour shuffle"), "{arandia}");
    assert!(
        arandia.contains("f9        roll the die for a ship on f9"),
        "{arandia}"
    );
    let bad = common::run(&["rules", "chess"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn rules_inside_play_print_the_same_rules() {
    let page = ok(&["rules", "repello"]);
    let rules = page.split("\n\nParameters").next().unwrap();
    let out = play(&["repello"], "rules\nquit\n");
    assert!(out.contains(rules), "{out}");
}

/// The examples of `help`: each line after the heading is `ACTION  words`.
fn examples(help: &str) -> Vec<(String, String)> {
    let (_, after) = help
        .split_once("Examples from this position (real legal actions):\n")
        .unwrap_or_else(|| panic!("{help}"));
    after
        .lines()
        .take_while(|l| l.starts_with("  "))
        .map(|l| {
            let (a, words) = l.trim().split_once("  ").unwrap();
            (a.to_string(), words.trim().to_string())
        })
        .collect()
}

#[test]
fn help_shows_real_legal_actions_of_the_position_explained() {
    for (game, params) in [
        ("slimetrail", ""),
        ("splut", ""),
        ("elements", "board=blitz"),
        ("repello", ""),
        ("arandia", ""),
    ] {
        let out = play(&[game, "--params", params], "help\nquit\n");
        let legal = ok(&["legal", game, "--params", params]);
        let legal: Vec<&str> = legal.lines().collect();
        let examples = examples(&out);
        assert!(!examples.is_empty(), "{game}: {out}");
        for (a, words) in &examples {
            assert!(legal.contains(&a.as_str()), "{game}: {a} is not legal");
            assert!(!words.is_empty(), "{game}: {a} unexplained");
        }
        // The commands, and the notation section of the game's rules.
        assert!(out.contains("  legal    the legal actions"), "{out}");
        assert!(out.contains("  rules    the rules in brief"), "{out}");
        assert!(out.contains("\nNotation\n"), "{out}");
    }
    let splut = examples(&play(&["splut"], "help\nquit\n"));
    assert!(splut.contains(&(
        "e2-e3".to_string(),
        "Dwarf e2 steps north to e3".to_string()
    )));
    // Arandia: a roll and a harbour shuffle, told apart.
    let arandia = examples(&play(&["arandia"], "help\nquit\n"));
    let words = |a: &str| arandia.iter().find(|(x, _)| x == a).map(|(_, w)| w.clone());
    assert_eq!(words("f9").unwrap(), "the die is rolled for the ship on f9");
    assert_eq!(
        words("f9-g9").unwrap(),
        "the ship on f9 moves along the harbour east to g9"
    );
}

#[test]
fn examples_follow_the_position() {
    // Mid-game Splut!: a Troll next to a Rock can pull it, throw it or step.
    let pos = "e1,a5,e9,f5 s:d2,e5,e2;n:f8,d8,e8 s 3 3 - - -";
    let out = play(&["splut", "--position", pos], "help\nlegal\nquit\n");
    let examples = examples(&out);
    let shown: Vec<&str> = examples.iter().map(|(a, _)| a.as_str()).collect();
    // A step of each piece, a levitation, a pull and a throw.
    for a in ["d2-d3", "d2-d3/f5", "e2-e3", "e5-d5", "e5-d5/p", "e5-f5/e"] {
        assert!(shown.contains(&a), "{a} not among {shown:?}");
    }
    assert!(out.contains("  e5-d5/p   Troll e5 steps west to d5, pulling Rock 3 from f5 to e5\n"));
    let legal = out.lines().find(|l| l.contains("legal: ")).unwrap();
    assert!(legal.contains("e5-f5/"), "{legal}");
    assert!(
        out.contains(
            "  e5-f5/n   Troll e5 steps onto Rock 3 on f5 and throws it north; it lands on f8 on \
             green's Sorcerer: Splut! The green team leaves the board (a throw ends the turn): \
             s (red) wins\n"
        ),
        "{out}"
    );
}
