//! What a newcomer meets first: the install line of the READMEs, `boardgame` alone, the words
//! of `play` (its prompt, refusals, `undo`, `quit`), the key under `selfplay --show`, and the
//! README's command table.

mod common;

use common::{ok, play, run};

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_readmes_install_from_a_clone_and_say_when_the_registry_works() {
    for path in ["README.md", "crates/boardgame-cli/README.md"] {
        let text = read(path);
        assert!(
            text.contains("cargo install --path crates/boardgame-cli"),
            "{path}"
        );
        // `cargo install boardgame-cli` only where the text says it needs the crate published.
        for (at, _) in text.match_indices("cargo install boardgame-cli") {
            let around = &text[at.saturating_sub(80)..(at + 160).min(text.len())];
            assert!(around.contains("published"), "{path}: {around}");
        }
    }
}

#[test]
fn the_readme_command_table_is_one_short_line_per_command() {
    let text = read("README.md");
    let table = text
        .split("| command | what it prints |\n| --- | --- |\n")
        .nth(1)
        .unwrap();
    let rows: Vec<&str> = table.lines().take_while(|l| l.starts_with('|')).collect();
    assert!(rows.len() >= 20, "{rows:?}");
    for row in &rows {
        assert!(row.len() <= 110, "a long row: {row}");
    }
    // The details follow the table, one entry per row.
    let details = table.split("Each command in full").nth(1).unwrap();
    for row in rows {
        let command = row.split('`').nth(1).unwrap();
        let name = command.split(' ').nth(1).unwrap();
        assert!(details.contains(&format!("- `boardgame {name}")) || name == "...");
    }
}

#[test]
fn boardgame_alone_shows_the_commands_to_start_with() {
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    for command in [
        "boardgame games",
        "boardgame rules GAME",
        "boardgame play GAME",
    ] {
        assert!(err.contains(command), "{err}");
    }
    assert!(
        err.contains("slimetrail, splut, elements, repello, arandia"),
        "{err}"
    );
}

#[test]
fn play_explains_its_prompt_refusals_undo_and_quit_in_words() {
    let out = play(
        &["slimetrail", "--opponent", "random", "--seed", "1"],
        "zz\nc3x\nc3\nundo\nquit\n",
    );
    assert!(
        out.contains("The prompt `1>` means it is your turn (you are seat 1)"),
        "{out}"
    );
    assert!(
        out.contains("error: cannot read `zz` at the first character: expected"),
        "{out}"
    );
    assert!(
        out.contains("error: cannot read `c3x` at character 3"),
        "{out}"
    );
    assert!(
        out.contains("took back your c3 and the 1 action played after it"),
        "{out}"
    );
    assert!(
        out.ends_with("goodbye: the game is left unfinished (nothing is saved)\n"),
        "{out}"
    );
}

#[test]
fn selfplay_show_draws_the_key_as_show_does() {
    let shown = ok(&["show", "repello"]);
    let key = &shown[shown.find("key:").unwrap()..];
    let out = ok(&[
        "selfplay",
        "repello",
        "--show",
        "--seed",
        "1",
        "--max-actions",
        "2",
    ]);
    assert!(out.contains(key.trim_end()), "{out}");
}
