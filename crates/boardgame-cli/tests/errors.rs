//! Parse errors name the real problem: the first byte that cannot be what it should be, and
//! what was expected there, for the actions and positions of every game.

mod common;

/// The one line on stderr of a command that must fail with status 2.
fn refused(args: &[&str]) -> String {
    common::bad(args).trim_end().to_string()
}

/// The error for one action of `game` (played from the start).
fn action(game: &str, text: &str) -> String {
    let e = refused(&["apply", game, "--", text]);
    let prefix = format!("boardgame: action 1 `{text}`: ");
    e.strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("{e}"))
        .to_string()
}

/// The error for a position of `game`.
fn position(game: &str, text: &str) -> String {
    let e = refused(&["legal", game, "--position", text]);
    e.strip_prefix("boardgame: --position: ")
        .unwrap_or_else(|| panic!("{e}"))
        .to_string()
}

fn cannot(input: &str, at: usize, expected: &str) -> String {
    // A long input is quoted by its first 48 characters and its length.
    let quoted = match input.char_indices().nth(48) {
        Some((cut, _)) => format!("{}... ({} bytes)", &input[..cut], input.len()),
        None => input.to_string(),
    };
    format!("cannot read `{quoted}` at byte {at}: expected {expected}")
}

#[test]
fn a_file_that_no_board_has_is_the_problem_not_the_rank_after_it() {
    for (game, files) in [
        ("slimetrail", "a to g"),
        ("splut", "a to i"),
        ("elements", "a to t"),
    ] {
        assert_eq!(
            action(game, "zz9"),
            cannot("zz9", 0, &format!("a file letter from {files}")),
            "{game}"
        );
    }
    assert_eq!(
        action("arandia", "zz9"),
        cannot(
            "zz9",
            0,
            "a cell (file a to i), `+`, a die value, `attack/` or `decline`"
        )
    );
    assert_eq!(
        action("repello", "zz9"),
        cannot(
            "zz9",
            0,
            "an action: a cell (e5), a direction (ne) or a push (c3/sw); files go from a to m"
        )
    );
    // The board's own size counts: h1 is no cell of 7x7, o1 none of blitz.
    assert_eq!(
        action("slimetrail", "h1"),
        cannot("h1", 0, "a file letter from a to g")
    );
    let e = refused(&["apply", "elements", "--params", "board=blitz", "o1"]);
    assert!(
        e.ends_with(&cannot("o1", 0, "a file letter from a to n")),
        "{e}"
    );
}

#[test]
fn ranks_are_refused_at_the_digit_that_leaves_the_board() {
    assert_eq!(
        action("slimetrail", "e8"),
        cannot("e8", 1, "a rank from 1 to 7")
    );
    assert_eq!(
        action("slimetrail", "e"),
        cannot("e", 1, "a rank from 1 to 7")
    );
    assert_eq!(
        action("repello", "e14"),
        cannot("e14", 2, "the end of the rank (file e runs from e1 to e13)")
    );
    assert_eq!(
        action("elements", "t21"),
        cannot("t21", 2, "the end of the rank (file t runs from t1 to t20)")
    );
    // On the diamond and the hexagon every file has its own ranks.
    assert_eq!(
        action("splut", "a1-a2"),
        cannot("a1-a2", 1, "the rank 5 (file a has one cell, a5)")
    );
    assert_eq!(
        action("splut", "e2-e3/c"),
        cannot("e2-e3/c", 7, "a rank from 3 to 7 on file c")
    );
    assert_eq!(
        action("arandia", "a9"),
        cannot("a9", 1, "a rank from 1 to 5 on file a")
    );
    assert_eq!(
        action("arandia", "e10"),
        cannot("e10", 2, "the end of the rank (file e runs from e1 to e9)")
    );
}

#[test]
fn words_and_suffixes_are_refused_where_they_go_wrong() {
    assert_eq!(
        action("splut", "e2-e3/q"),
        cannot(
            "e2-e3/q",
            6,
            "`p` (pull), a throw direction (n, e, s, w) or the square of a levitated Rock"
        )
    );
    assert_eq!(
        action("splut", "e2/x"),
        cannot("e2/x", 2, "`-` and the square the piece steps to")
    );
    assert_eq!(
        action("arandia", "declin"),
        cannot("declin", 6, "the rest of `decline`")
    );
    assert_eq!(
        action("arandia", "attak"),
        cannot("attak", 4, "the rest of `attack/` and a seat")
    );
    assert_eq!(
        action("arandia", "attack/33"),
        cannot("attack/33", 8, "the end of the action")
    );
    assert_eq!(
        action("arandia", "12"),
        cannot("12", 1, "the end of the die value")
    );
    assert_eq!(
        action("repello", "ne/"),
        cannot("ne/", 2, "the end of the action")
    );
    assert_eq!(
        action("repello", "c3/swx"),
        cannot("c3/swx", 5, "the end of the action")
    );
    assert_eq!(
        action("repello", "c3/q"),
        cannot("c3/q", 3, "a direction: n ne e se s sw w nw")
    );
}

#[test]
fn garbage_positions_fail_at_their_first_bad_byte() {
    assert_eq!(
        position("splut", "garbage"),
        cannot("garbage", 1, "a rank from 3 to 7 on file g")
    );
    assert_eq!(
        position("slimetrail", "garbage"),
        cannot(
            "garbage",
            0,
            "a count of clean cells from 1 to 7, `x` (slime) or `@` (the snail)"
        )
    );
    assert_eq!(
        position("elements", "garbage"),
        cannot(
            "garbage",
            0,
            "a piece letter (W A E F w a e f) or a number of empty cells"
        )
    );
    assert_eq!(
        position("repello", "garbage"),
        cannot(
            "garbage",
            1,
            "a piece (b s g A B C D) or a count of empty squares"
        )
    );
    assert_eq!(
        position("arandia", "garbage"),
        cannot("garbage", 0, "the seat to act, 0 to 5")
    );
}

#[test]
fn positions_are_read_field_after_field() {
    // A missing field is reported after the fields before it have been read.
    let p = "7/7/7/3@3/7/7/7";
    assert_eq!(
        position("slimetrail", p),
        cannot(p, 15, "a space and the seat to move (the board is 7x7)")
    );
    let p = "7/7/7/3@4/7/7/7 1";
    assert_eq!(
        position("slimetrail", p),
        cannot(
            p,
            8,
            "a count of clean cells from 1 to 3, `x` (slime) or `@` (the snail)"
        )
    );
    let p = "e1,a5,e9";
    assert_eq!(
        position("splut", p),
        cannot(p, 8, "`,` and the next Rock's square (Rocks 0, 1, 2 and 3)")
    );
    let p = "e1,a5,e9,i5 ss:d2";
    assert_eq!(
        position("splut", p),
        cannot(p, 13, "`:` and the team's squares (Sorcerer, Troll, Dwarf)")
    );
    let p = "e1,a5,e9,i5 s:d2,f2,e2;n:f8,d8,e8 wo 1 1 - - -";
    assert_eq!(
        position("splut", p),
        cannot(
            p,
            36,
            "the seat to move (s, w, n or e), `won:SEAT` or `draw`"
        )
    );
    let p = "e1,a5,e9,i5 s:d2,f2,e2;n:f8,d8,e8 s 1x 1 - - -";
    assert_eq!(
        position("splut", p),
        cannot(p, 37, "a space and the steps left in the turn")
    );
    let board = "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20";
    let p = format!("{board} w 7 -");
    assert_eq!(
        position("elements", &p),
        cannot(&p, 65, "a space and the seats that are out")
    );
    let p = format!("{board} w 7x - -");
    assert_eq!(
        position("elements", &p),
        cannot(&p, 63, "a space and the seats that have started")
    );
    let p = "20/21";
    assert_eq!(
        position("elements", p),
        cannot(
            p,
            4,
            "the end of the run (it would pass the end of the rank)"
        )
    );
    let board = "13/6b6/2s7s2/13/13/13/1b4g4b1/13/13/13/2s7s2/6b6/13";
    let p = format!("{board} 25,15 place:1");
    assert_eq!(
        position("repello", &p),
        cannot(
            &p,
            53,
            "the end of the number of tokens (a stack holds 0 to 20)"
        )
    );
    let p = format!("{board} 15,15 plce:1");
    assert_eq!(
        position("repello", &p),
        cannot(&p, 60, "a mode: place:K, turn:K, push:K or over")
    );
    let p = "0 rol:f9 t0 0:f9,g9,h9 3:b1,c1,d1";
    assert_eq!(
        position("arandia", p),
        cannot(
            p,
            5,
            "a phase: -, roll:, pick:, wreck, arrive:, attack:, defend:, won or drawn"
        )
    );
    let p = "0 - t0 0:f9,g9,h9 3:b1,c1,z1";
    assert_eq!(
        position("arandia", p),
        cannot(p, 26, "a file letter from a to i")
    );
}

#[test]
fn play_says_the_same_about_a_mistyped_action() {
    let out = common::play(
        &["slimetrail", "--opponent", "random", "--seed", "1"],
        "zz9\nquit\n",
    );
    assert!(
        out.contains(
            "error: cannot read `zz9` at the first character: expected a file letter from a to g"
        ),
        "{out}"
    );
}

#[test]
fn text_beyond_ascii_is_refused_without_a_panic() {
    let splut = "e1,a5,e9,i5 s:d2,f2,e2;n:f8,d8,e8 w\u{e9}\u{e9} 1 1 - - -";
    for (game, position) in [
        ("splut", splut),
        ("splut", "\u{e9}1,a5"),
        ("slimetrail", "7/7/7/3@3/7/7/7 \u{e9}"),
        ("elements", "\u{e9}"),
        ("repello", "13 \u{e9}"),
        ("arandia", "0 r\u{f6}ll:f9"),
    ] {
        let e = refused(&["legal", game, "--position", position]);
        assert!(e.contains("cannot read"), "{game}: {e}");
    }
    for (game, action) in [
        ("splut", "e2-\u{e9}3"),
        ("arandia", "d\u{e9}cline"),
        ("repello", "c3/s\u{e9}"),
        ("elements", "\u{e9}5"),
    ] {
        let e = refused(&["apply", game, "--", action]);
        assert!(e.contains("cannot read"), "{game}: {e}");
    }
}
