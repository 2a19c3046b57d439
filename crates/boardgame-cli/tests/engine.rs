//! `boardgame engine`: scripted sessions through a child process, malformed lines included.

mod common;

use common::Engine;

#[test]
fn a_session_of_slime_trail() {
    let mut e = Engine::start();
    assert_eq!(e.ask("legal"), "= c3 c4 c5 d3 d5 e3 e4 e5");
    assert_eq!(e.ask("status"), "= 1: c3 c4 c5 d3 d5 e3 e4 e5");
    assert_eq!(e.ask("play c3 b2"), "= 7/7/7/3x3/2x4/1@5/7 1");
    assert_eq!(e.ask("perft 2"), "= 28");
    assert_eq!(e.ask("undo"), "= 7/7/7/3x3/2@4/7/7 2");
    assert_eq!(e.ask("play b2 b1"), "= 7/7/7/3x3/2x4/1x5/1@5 2");
    assert_eq!(e.ask("play a1"), "= 7/7/7/3x3/2x4/1x5/@x5 1");
    assert_eq!(e.ask("status"), "= over: 1");
    assert_eq!(e.ask("legal"), "= ");
    assert_eq!(e.ask("undo 4"), "= 7/7/7/3@3/7/7/7 1");
    let shown = e.ask("show");
    assert!(shown.starts_with("= \n7 . . . . . . 2\n"), "{shown}");
    assert_eq!(e.ask("quit"), "= ");
    let (code, rest) = e.finish();
    assert_eq!(code, Some(0));
    assert_eq!(rest, "");
}

#[test]
fn malformed_lines_are_refused_and_change_nothing() {
    let mut e = Engine::start();
    assert_eq!(e.ask("play c3"), "= 7/7/7/3x3/2@4/7/7 2");
    for line in [
        "play b2 zz",
        "play b2 c3",
        "play",
        "undo 2",
        "undo -1",
        "undo x",
        "position 7/7 1",
        "position",
        "game",
        "game chess",
        "game splut players=9",
        "perft",
        "perft x",
        "perft 99999999999",
        "go gnugo",
        "go mcts:iterationz=5",
        "status now",
        "frobnicate",
        "PLAY b2",
        "legal\u{1b}[31m",
    ] {
        let a = e.ask(line);
        assert!(a.starts_with("? "), "{line:?}: {a}");
        assert_eq!(a.lines().count(), 1, "{line:?}: {a}");
        assert!(!a.contains('\u{1b}'), "{line:?}: {a}");
    }
    // Malformed bytes, blank lines and comments: refused or ignored, never the end.
    e.send(b"play \xff\xfe\n");
    assert!(e.answer().starts_with("? the line is not valid UTF-8"));
    e.send(b"\n   \n# a comment\n\t\n");
    e.send(b"legal\r\n");
    assert_eq!(e.answer(), "= b2 b3 b4 c2 c4 d2 d3");
    assert_eq!(e.ask("status"), "= 2: b2 b3 b4 c2 c4 d2 d3");
    // The end of input ends the engine with status 0.
    let (code, rest) = e.finish();
    assert_eq!((code, rest.as_str()), (Some(0), ""));
}

#[test]
fn games_with_more_seats_and_chance() {
    let mut e = Engine::start();
    let start = e.ask("game arandia players=3");
    assert!(start.starts_with("= "), "{start}");
    assert_eq!(e.ask("status"), "= 0: f9 f9-g9 g9 g9-f9 g9-h9 h9 h9-g9");
    e.ask("play f9");
    assert_eq!(e.ask("legal"), "= 1:1/6 2:1/6 3:1/6 4:1/6 5:1/6 6:1/6");
    assert_eq!(e.ask("status"), "= chance: 1 2 3 4 5 6");
    assert!(e.ask("go").starts_with("? the position is a chance node"));
    let before = e.ask("status");
    assert!(e.ask("play 3 zz").starts_with("? action 2"));
    assert_eq!(e.ask("status"), before);
    assert_eq!(e.ask("game splut players=4"), e.ask("game splut players=4"));
    assert_eq!(e.ask("legal"), "= d2-d3 e2-e3 f2-f3");
    assert_eq!(e.ask("perft 4"), "= 210");
    assert_eq!(e.ask("perft 50000"), e.ask("perft 50000"));
    assert!(e
        .ask("perft 50000")
        .starts_with("? perft depth 50000 is above the maximum of 64"));
    assert!(e
        .ask("go solver")
        .starts_with("? agent `solver` is not available for splut"));
    let go = e.ask("go random");
    assert!(
        ["= d2-d3", "= e2-e3", "= f2-f3"].contains(&go.as_str()),
        "{go}"
    );
    assert_eq!(e.ask("legal"), "= d2-d3 e2-e3 f2-f3", "go plays nothing");
    assert_eq!(e.ask("quit"), "= ");
}

#[test]
fn go_is_repeatable_and_the_solver_plays_slime_trail() {
    let mut e = Engine::start();
    e.ask("game slimetrail size=5");
    let a = e.ask("go mcts:iterations=500");
    // The same commands give the same answer in another run (within a run, a second `go`
    // searches on with the kept agent).
    let mut other = Engine::start();
    other.ask("game slimetrail size=5");
    assert_eq!(a, other.ask("go mcts:iterations=500"));
    assert!(a.starts_with("= "), "{a}");
    // From 5x5's start the first player wins; the solver keeps the win.
    let best = e.ask("go solver");
    assert!(
        ["= b3", "= c2", "= c4", "= d3"].contains(&best.as_str()),
        "{best}"
    );
}
