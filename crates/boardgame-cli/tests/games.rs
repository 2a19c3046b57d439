//! `boardgame games`: every game with its seats and parameters, each default said once.

mod common;

fn games() -> String {
    common::ok(&["games"])
}

#[test]
fn every_parameter_line_says_its_default_once() {
    let out = games();
    let params: Vec<&str> = out.lines().filter(|l| l.starts_with("  ")).collect();
    assert!(params.len() >= 10, "{out}");
    for line in params {
        assert_eq!(line.matches("default").count(), 1, "{line}");
        assert!(line.trim_end().ends_with(')'), "{line}");
    }
}

#[test]
fn defaults_that_follow_from_other_keys_say_the_rule() {
    let out = games();
    assert!(
        out.contains(
            "  seats: the seats in play (2 to 4 of the seat letters s, w, n, e; two players sit \
             opposite (sn or we); default sn, swn or swne by the number of players)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  first: the seat that moves first, one in play (one of: s, w, n, e; default s (w \
             for seats we, and with three players the seat after the empty one))\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  stack: tokens per stack at the start (an integer from 1 to 20; default 15, 12 or \
             10 for 2, 3 or 4 players)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  first: the seat that plays first, one in play (an integer from 0 to 5; default 0)\n"
        ),
        "{out}"
    );
}
