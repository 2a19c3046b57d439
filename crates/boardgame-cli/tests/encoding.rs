//! The commands for learning programs, end to end through the binary: `info` (checked against
//! every game's golden `info.txt`), `legal --ids`, `observe`, and `apply` with `#ID`.

mod common;

use common::ok;

/// The one stderr line of a command that must exit 2 and print nothing on stdout.
fn bad(args: &[&str]) -> String {
    let (out, err) = common::bad_both(args);
    assert!(out.is_empty(), "{args:?}: nothing on stdout");
    err
}

const GAMES: [(&str, &str); 5] = [
    ("slimetrail", "slimetrail-core"),
    ("splut", "splut-core"),
    ("elements", "elements-core"),
    ("repello", "repello-core"),
    ("arandia", "arandia-core"),
];

#[test]
fn info_prints_the_golden_lines_of_every_game_and_parameter_set() {
    for (game, krate) in GAMES {
        let path = format!(
            "{}/../{krate}/tests/golden/info.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let golden = std::fs::read_to_string(&path).unwrap();
        let mut blocks = 0;
        for block in golden.split("\n\n").filter(|b| !b.trim().is_empty()) {
            let (head, lines) = block.trim_start().split_once('\n').unwrap();
            let params = head.strip_prefix("params").unwrap().trim();
            let got = ok(&["info", game, "--params", params]);
            assert_eq!(got.trim_end(), lines.trim_end(), "{game} [{params}]");
            let keys: Vec<&str> = got.lines().map(|l| l.split(' ').next().unwrap()).collect();
            assert_eq!(
                keys,
                [
                    "num_distinct_actions",
                    "max_chance_outcomes",
                    "observation_shape",
                    "max_game_length"
                ]
            );
            blocks += 1;
        }
        assert!(blocks > 0, "{path} has no block");
    }
    // Slime Trail 5x5: an id per cell, no chance, at most one move per cell but the first.
    let info = ok(&["info", "slimetrail", "--params", "size=5"]);
    let lines: Vec<&str> = info.lines().collect();
    assert_eq!(lines[0], "num_distinct_actions 25");
    assert_eq!(lines[1], "max_chance_outcomes 0");
    assert!(lines[2].ends_with(" 5 5"), "{info}");
    assert_eq!(lines[3], "max_game_length 24");
    let arandia = ok(&["info", "arandia"]);
    assert!(arandia.contains("max_chance_outcomes 6\n"), "{arandia}");
    assert!(arandia.ends_with("max_game_length none\n"), "{arandia}");
}

fn observation_shape(game: &str, params: &str) -> String {
    ok(&["info", game, "--params", params])
        .lines()
        .find(|l| l.starts_with("observation_shape"))
        .unwrap()
        .to_string()
}

#[test]
fn info_refuses_bad_input() {
    assert!(bad(&["info", "chess"]).contains("chess"));
    assert!(bad(&["info", "splut", "--params", "players=9"]).contains("players"));
    bad(&["info", "splut", "--position", "x"]);
}

#[test]
fn legal_ids_follow_each_action_in_the_order_of_legal() {
    for (game, _) in GAMES {
        let plain = ok(&["legal", game]);
        let with_ids = ok(&["legal", game, "--ids"]);
        assert_eq!(plain.lines().count(), with_ids.lines().count(), "{game}");
        for (p, w) in plain.lines().zip(with_ids.lines()) {
            let (text, id) = w.rsplit_once(' ').unwrap();
            assert_eq!(text, p, "{game}");
            // The id plays the same action as the text.
            assert_eq!(
                ok(&["apply", game, &format!("#{id}")]),
                ok(&["apply", game, p.split(' ').next().unwrap()]),
                "{game} #{id}"
            );
        }
    }
    // A chance node: `OUTCOME NUM/DEN ID`, the die values 1..6 as chance ids 0..5.
    let die = ok(&[
        "legal",
        "arandia",
        "--ids",
        "--position",
        &after("arandia", "f9"),
    ]);
    assert_eq!(
        die,
        "1 1/6 0\n2 1/6 1\n3 1/6 2\n4 1/6 3\n5 1/6 4\n6 1/6 5\n"
    );
}

fn after(game: &str, actions: &str) -> String {
    let mut args = vec!["apply", game];
    args.extend(actions.split(' '));
    ok(&args).trim_end().to_string()
}

#[test]
fn apply_reads_ids_and_refuses_bad_ones() {
    let by_text = ok(&["apply", "slimetrail", "c3", "b2"]);
    let ids = ok(&["legal", "slimetrail", "--ids"]);
    let c3 = ids
        .lines()
        .find_map(|l| l.strip_prefix("c3 "))
        .unwrap()
        .to_string();
    let mid = after("slimetrail", "c3");
    let ids_after = ok(&["legal", "slimetrail", "--ids", "--position", &mid]);
    let b2 = ids_after
        .lines()
        .find_map(|l| l.strip_prefix("b2 "))
        .unwrap()
        .to_string();
    assert_eq!(
        ok(&["apply", "slimetrail", &format!("#{c3}"), &format!("#{b2}")]),
        by_text
    );
    let e = bad(&["apply", "slimetrail", "c3", "#99999"]);
    assert!(e.contains("action 2") && e.contains("id 99999"), "{e}");
    assert!(bad(&["apply", "slimetrail", "#x"]).contains("action 1"));
    assert!(bad(&["apply", "slimetrail", "#"]).contains("action 1"));
    assert!(bad(&["apply", "slimetrail", "#18446744073709551616"]).contains("action 1"));
    // d4 is where the snail stands: a known id, not legal now.
    let e = bad(&["apply", "slimetrail", "c3", &format!("#{c3}")]);
    assert!(e.contains("action 2"), "{e}");
}

#[test]
fn observe_prints_the_shape_s_number_of_values_for_every_seat() {
    for (game, _) in GAMES {
        let shape = observation_shape(game, "");
        let size: usize = shape
            .split(' ')
            .skip(1)
            .map(|d| d.parse::<usize>().unwrap())
            .product();
        let values = ok(&["observe", game]);
        assert_eq!(values.lines().count(), 1, "{game}");
        let v: Vec<f32> = values
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(v.len(), size, "{game}");
        assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{game}");
        assert!(v.iter().any(|x| *x != 0.0), "{game}: an empty observation");
    }
    // The default seat is the seat to act; another seat sees the same position its own way.
    assert_eq!(
        ok(&["observe", "slimetrail"]),
        ok(&["observe", "slimetrail", "--seat", "1"])
    );
    assert_ne!(
        ok(&["observe", "slimetrail"]),
        ok(&["observe", "slimetrail", "--seat", "2"])
    );
    let mid = after("slimetrail", "c3");
    assert_eq!(
        ok(&["observe", "slimetrail", "--position", &mid]),
        ok(&["observe", "slimetrail", "--position", &mid, "--seat", "2"])
    );
}

#[test]
fn observe_refuses_seats_that_do_not_play() {
    assert!(bad(&["observe", "slimetrail", "--seat", "3"]).contains("--seat"));
    assert!(bad(&["observe", "splut", "--seat", "w"]).contains("`w`"));
    bad(&["observe", "splut", "--seat", ""]);
    assert!(bad(&["observe", "splut", "--position", "garbage"]).contains("--position"));
}
