//! The command-line contract of the command-line contract, end to end through the binary.

mod common;

use common::{bad, ok, run, run_with_input};
use std::process::{Command, Stdio};

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    assert_eq!(ok(&["perft", "slimetrail", "1"]), "8\n");
    assert_eq!(ok(&["perft", "slimetrail", "0"]), "1\n");
    assert_eq!(ok(&["perft", "slimetrail", "8"]), "795152\n");
    assert_eq!(
        ok(&["perft", "slimetrail", "2", "--params", "size=5"]),
        "56\n"
    );
}

#[test]
fn perft_divide_lists_actions_sorted_then_the_total() {
    let out = ok(&["perft", "slimetrail", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[0], "c3 7");
    assert_eq!(lines[7], "e5 7");
    assert_eq!(lines[8], "56");
}

#[test]
fn legal_lists_one_action_per_line_sorted() {
    assert_eq!(
        ok(&["legal", "slimetrail"]),
        "c3\nc4\nc5\nd3\nd5\ne3\ne4\ne5\n"
    );
    assert_eq!(
        ok(&["legal", "slimetrail", "--position", "7/7/7/3x3/2@4/7/7 2"]),
        "b2\nb3\nb4\nc2\nc4\nd2\nd3\n"
    );
}

#[test]
fn apply_prints_the_position_after_the_actions() {
    assert_eq!(
        ok(&["apply", "slimetrail", "c3", "B2"]),
        "7/7/7/3x3/2x4/1@5/7 1\n"
    );
    assert_eq!(ok(&["apply", "slimetrail"]), "7/7/7/3@3/7/7/7 1\n");
}

#[test]
fn trace_prints_a_status_line_before_and_after_each_action() {
    assert_eq!(
        ok(&["trace", "slimetrail", "c3", "b2", "b1", "a1"]),
        "1: c3 c4 c5 d3 d5 e3 e4 e5\n2: b2 b3 b4 c2 c4 d2 d3\n1: a1 a2 a3 b1 b3 c1 c2\n2: a1 a2 c1 c2\nover: 1\n"
    );
}

#[test]
fn show_draws_the_board() {
    let out = ok(&["show", "slimetrail", "--params", "size=5"]);
    assert!(out.contains("3 . . @ . .\n"), "{out}");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    assert!(bad(&["perft", "chess", "1"]).contains("unknown game `chess`"));
    assert!(bad(&["perft", "slimetrail", "x"]).contains("DEPTH"));
    assert!(bad(&["perft", "slimetrail"]).contains("DEPTH"));
    assert!(bad(&["legal", "slimetrail", "--params", "size=8"]).contains("size"));
    assert!(bad(&["legal", "slimetrail", "--params", "colour=red"]).contains("colour"));
    assert!(bad(&["legal", "slimetrail", "--position", "7/7 1"]).contains("--position"));
    let e = bad(&["apply", "slimetrail", "c3", "d4"]);
    assert!(e.contains("action 2") && e.contains("slimed"), "{e}");
    let e = bad(&["apply", "slimetrail", "c3", "zz"]);
    assert!(e.contains("action 2"), "{e}");
    assert!(bad(&["frobnicate", "slimetrail"]).contains("unknown command"));
    assert!(bad(&["legal", "slimetrail", "--bogus"]).contains("--bogus"));
    assert!(bad(&["apply", "slimetrail", "c3", "b2", "a1", "b1"]).contains("over"));
}

#[test]
fn no_input_panics() {
    for args in [
        vec!["perft", "slimetrail", "99999999999999999999"],
        vec!["legal", "slimetrail", "--position", ""],
        vec!["legal", "slimetrail", "--position", "////////// 1"],
        vec!["legal", "slimetrail", "--position", "9/9/9/9/9/9/9 1"],
        vec!["apply", "slimetrail", "\u{e9}5"],
        vec!["apply", "slimetrail", "a99999"],
        vec!["legal", "slimetrail", "--params", "=,=="],
        vec!["selfplay", "slimetrail", "--games", "-1"],
        vec!["play", "slimetrail", "--seat", "3"],
    ] {
        let o = run(&args);
        assert_ne!(
            o.status.code(),
            Some(101),
            "{args:?} panicked: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn selfplay_reports_each_game_and_a_summary() {
    let out = ok(&["selfplay", "slimetrail", "--games", "5", "--seed", "3"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert!(lines[0].starts_with("game 1: over: "));
    assert!(lines[5].starts_with("wins: 1="));
    assert!(lines[6].contains("playouts/s"));
    // Reproducible with the same seed.
    let again = ok(&["selfplay", "slimetrail", "--games", "5", "--seed", "3"]);
    assert_eq!(
        out.lines().take(5).collect::<Vec<_>>(),
        again.lines().take(5).collect::<Vec<_>>()
    );
}

#[test]
fn play_takes_actions_and_survives_bad_input() {
    let o = run_with_input(
        &["play", "slimetrail", "--seat", "1", "--seed", "5"],
        "?\nzz\nd4\nc3\nquit\n",
    );
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("legal: c3 c4 c5 d3 d5 e3 e4 e5"), "{out}");
    assert!(out.contains("error: cannot read `zz`"), "{out}");
    assert!(out.contains("error: `d4` is illegal"), "{out}");
    assert!(out.contains("2 plays "), "{out}");
}

#[test]
fn arandia_chance_nodes_through_the_cli() {
    assert_eq!(
        ok(&["legal", "arandia"]),
        "f9\nf9-g9\ng9\ng9-f9\ng9-h9\nh9\nh9-g9\n"
    );
    let pos = ok(&["apply", "arandia", "f9"]);
    let legal = ok(&["legal", "arandia", "--position", pos.trim()]);
    assert_eq!(legal, "1 1/6\n2 1/6\n3 1/6\n4 1/6\n5 1/6\n6 1/6\n");
    let trace = ok(&["trace", "arandia", "f9"]);
    assert_eq!(trace.lines().nth(1), Some("chance: 1 2 3 4 5 6"));
    assert_eq!(ok(&["perft", "arandia", "2"]), "36\n");
    assert!(bad(&["apply", "arandia", "f9", "7"]).contains("action 2"));
    let out = ok(&[
        "selfplay",
        "arandia",
        "--params",
        "turn_limit=20",
        "--games",
        "2",
    ]);
    assert!(out.contains("draw") || out.contains("over: "), "{out}");
}

#[test]
fn repello_through_the_cli() {
    assert_eq!(ok(&["perft", "repello", "1"]), "16\n");
    let legal = ok(&[
        "legal",
        "repello",
        "--position",
        ok(&["apply", "repello", "e5"]).trim(),
    ]);
    assert!(!legal.contains("f6\n") && legal.contains("i9\n"), "{legal}");
    assert!(ok(&["trace", "repello", "e5", "i9"])
        .lines()
        .nth(2)
        .unwrap()
        .starts_with("1: "));
    assert!(bad(&["apply", "repello", "e5", "f6"]).contains("action 2"));
    let out = ok(&["selfplay", "repello", "--games", "1", "--seed", "2"]);
    assert!(out.contains("scores"), "{out}");
}

#[test]
fn elements_through_the_cli() {
    assert_eq!(ok(&["perft", "elements", "1"]), "3\n");
    assert_eq!(ok(&["perft", "elements", "2"]), "13\n");
    assert_eq!(
        ok(&["legal", "elements", "--params", "board=blitz"]),
        "a14\n"
    );
    assert_eq!(
        ok(&[
            "trace",
            "elements",
            "--params",
            "board=blitz,per_turn=2",
            "a14",
            "b14"
        ]),
        "w: a14\nw: a13 b13 b14\ne: n1\n"
    );
    assert!(bad(&["apply", "elements", "t1"]).contains("action 1"));
    assert!(bad(&["legal", "elements", "--params", "board=huge"]).contains("board"));
}

#[test]
fn splut_through_the_cli() {
    assert_eq!(ok(&["legal", "splut"]), "d2-d3\ne2-e3\nf2-f3\n");
    assert_eq!(ok(&["perft", "splut", "2"]), "9\n");
    assert_eq!(
        ok(&["perft", "splut", "4", "--params", "players=4"]),
        "210\n"
    );
    assert!(ok(&["trace", "splut", "e2-e3"])
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("n: "));
    assert!(bad(&["apply", "splut", "e2-e4"]).contains("action 1"));
    assert!(bad(&["legal", "splut", "--params", "players=2,seats=sw"]).contains("seats"));
    let out = ok(&[
        "selfplay",
        "splut",
        "--params",
        "turn_limit=50",
        "--games",
        "2",
    ]);
    assert!(out.contains("wins: s="), "{out}");
}

#[test]
fn help_and_version_answer_everywhere_on_stdout() {
    let version = format!("boardgame {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(ok(&["--version"]), version);
    assert!(ok(&["perft", "--version"]).ends_with(&format!(" {}\n", env!("CARGO_PKG_VERSION"))));
    let help = ok(&["--help"]);
    for word in [
        "perft",
        "legal",
        "apply",
        "trace",
        "show",
        "selfplay",
        "play",
        "games",
        "best",
        "match",
        "solve",
        "engine",
        "completions",
    ] {
        assert!(help.contains(word), "{help}");
    }
    for game in [
        "slimetrail: ",
        "splut: ",
        "elements: ",
        "repello: ",
        "arandia: ",
    ] {
        assert!(help.contains(game), "{help}");
    }
    let perft = ok(&["help", "perft"]);
    assert!(
        perft.contains("<DEPTH>") && perft.contains("--divide"),
        "{perft}"
    );
    assert!(perft.contains("Arandian checkers"), "{perft}");
    assert_eq!(ok(&["perft", "--help"]), perft);
    // Without a command: the usage on stderr, exit 2.
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
}

#[test]
fn games_lists_every_game_with_its_seats() {
    let out = ok(&["games"]);
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(lines.len(), 5, "{out}");
    // Each game's parameters follow it, indented: key, help, values and default.
    assert!(out.starts_with(
        "slimetrail: Slime Trail, 2 players; seats 1 2\n  size: the side of the square board (one of: 5, 7, 9; default 7)\n"
    ), "{out}");
    assert!(out.contains("\n  turn_limit: "), "{out}");
    assert!(ok(&["--help"]).contains("  per_turn: "));
    assert_eq!(lines[0], "slimetrail: Slime Trail, 2 players; seats 1 2");
    assert!(
        out.contains("splut: Splut!, 2-4 players; seats s w n e\n"),
        "{out}"
    );
    assert!(out.contains("arandia: Arandian checkers, 2-6 players; dice; seats 0 1 2 3 4 5\n"));
    assert!(bad(&["games", "slimetrail"]).contains("slimetrail"));
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = ok(&["completions", shell]);
        assert!(out.contains("boardgame"), "{shell}");
        assert!(out.contains("selfplay"), "{shell}");
    }
    assert!(ok(&["completions", "bash"]).contains("slimetrail"));
    assert!(bad(&["completions", "tcsh"]).contains("tcsh"));
}

#[test]
fn usage_errors_are_one_line_on_stderr_and_name_the_fault() {
    assert!(bad(&["legal"]).contains("<GAME>"));
    assert!(bad(&["perft", "slimetrail", "1", "2"]).contains("'2'"));
    assert!(bad(&["selfplay", "slimetrail", "--games", "x"]).contains("--games"));
    assert!(bad(&["play", "slimetrail", "--seat", "3"]).contains("seats: 1, 2"));
    let o = run(&["legal", "slimetrail", "--bogus"]);
    assert!(o.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn non_utf8_arguments_exit_2_with_one_line() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    for args in [
        vec![OsStr::new("legal"), OsStr::from_bytes(b"\xff")],
        vec![
            OsStr::new("legal"),
            OsStr::new("slimetrail"),
            OsStr::new("--params"),
            OsStr::from_bytes(b"\xff"),
        ],
        vec![
            OsStr::new("apply"),
            OsStr::new("slimetrail"),
            OsStr::from_bytes(b"c3\xff"),
        ],
        vec![OsStr::from_bytes(b"\xfe\xff")],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_boardgame"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(err.contains("UTF-8"), "{err}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_device_is_one_line_and_exit_2() {
    for args in [vec!["legal", "elements"], vec!["--help"], vec!["games"]] {
        let o = Command::new(env!("CARGO_BIN_EXE_boardgame"))
            .args(&args)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err:?}");
        assert!(err.contains("cannot write the output"), "{err}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args([
            "selfplay",
            "slimetrail",
            "--games",
            "1000000",
            "--seed",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("game 1: over: "), "{first}");
    // The reader is dropped here: the pipe closes while the command still writes.
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
}

#[test]
fn repeated_and_unused_options_are_rejected() {
    assert!(bad(&[
        "legal",
        "slimetrail",
        "--params",
        "size=5",
        "--params",
        "size=7"
    ])
    .contains("--params"));
    assert!(bad(&["perft", "slimetrail", "1", "--divide", "--divide"]).contains("--divide"));
    assert!(bad(&["selfplay", "slimetrail", "--seed", "1", "--seed", "2"]).contains("--seed"));
    assert!(bad(&["legal", "slimetrail", "--divide", "--games", "5"]).contains("--divide"));
    assert!(bad(&["apply", "slimetrail", "--games", "5", "c3"]).contains("--games"));
    assert!(bad(&["show", "slimetrail", "--seed", "1"]).contains("--seed"));
    assert!(bad(&["selfplay", "slimetrail", "--show", "--quiet"]).contains("--quiet"));
}

#[test]
fn messages_quoting_control_characters_stay_on_one_line() {
    for args in [
        vec!["legal", "arandia", "\n"],
        vec!["legal", "arandia", "--position", "a\nb"],
        vec!["legal", "slimetrail", "--params", "si\nze=5"],
        vec!["apply", "slimetrail", "c3", "b\r\n2"],
        vec!["legal", "chess\n\u{1b}[31m"],
        vec!["frobnicate\n"],
    ] {
        let e = bad(&args);
        assert!(!e.contains('\u{1b}') && !e.contains('\r'), "{e:?}");
    }
    assert!(bad(&["legal", "arandia", "--position", "a\nb"]).contains("a\\nb"));
}

#[test]
fn deep_perft_is_answered_or_refused_never_a_crash() {
    // No Slime Trail game on 7x7 lasts more than 48 actions: deeper counts are 0 at once.
    assert_eq!(ok(&["perft", "slimetrail", "99999"]), "0\n");
    assert_eq!(ok(&["perft", "slimetrail", "49"]), "0\n");
    let divide = ok(&["perft", "slimetrail", "99999", "--divide"]);
    assert_eq!(divide.lines().count(), 9);
    assert!(
        divide.starts_with("c3 0\n") && divide.ends_with("\n0\n"),
        "{divide}"
    );
    // Without a bound on game length, depths above the documented maximum are refused.
    for game in ["splut", "arandia", "repello"] {
        let e = bad(&["perft", game, "50000"]);
        assert!(e.contains("above the maximum of 64"), "{e}");
    }
    // A turn limit gives Splut! a bound, and the answer follows from it.
    assert_eq!(
        ok(&["perft", "splut", "50000", "--params", "turn_limit=10"]),
        "0\n"
    );
}

#[test]
fn selfplay_caps_long_games_and_says_so() {
    let o = run(&[
        "selfplay",
        "splut",
        "--games",
        "2",
        "--seed",
        "1",
        "--max-actions",
        "5",
    ]);
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        out.lines().next(),
        Some("game 1: unfinished, stopped at the cap of 5 actions")
    );
    assert!(out.contains("unfinished=2"), "{out}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains("2 of 2 games were stopped unfinished at 5 actions"),
        "{err}"
    );
}

#[test]
fn selfplay_quiet_show_and_the_printed_seed() {
    let quiet = ok(&[
        "selfplay",
        "slimetrail",
        "--games",
        "4",
        "--quiet",
        "--seed",
        "9",
    ]);
    assert_eq!(quiet.lines().count(), 2, "{quiet}");
    assert!(quiet.starts_with("wins: 1="));
    let show = ok(&["selfplay", "slimetrail", "--show", "--seed", "9"]);
    assert!(!show.contains("playouts/s"), "{show}");
    assert!(show.contains("1. "), "{show}");
    // Without --seed the seed comes from the clock, is printed, and repeats the run.
    let o = run(&["selfplay", "slimetrail", "--games", "3"]);
    let err = String::from_utf8(o.stderr).unwrap();
    let seed = err
        .strip_prefix("seed ")
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no seed in {err:?}"));
    let first = String::from_utf8(o.stdout).unwrap();
    let again = ok(&["selfplay", "slimetrail", "--games", "3", "--seed", seed]);
    assert_eq!(
        first.lines().take(3).collect::<Vec<_>>(),
        again.lines().take(3).collect::<Vec<_>>()
    );
}

#[test]
fn play_offers_help_and_undo_and_says_who_won() {
    let o = run_with_input(
        &["play", "slimetrail", "--seat", "1", "--seed", "5"],
        "undo\nhelp\nc3\nundo\n?\nquit\n",
    );
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("nothing to undo"), "{out}");
    assert!(out.contains("commands:\n"), "{out}");
    assert!(out.contains("2 plays "), "{out}");
    assert!(out.contains("legal: c3 c4 c5 d3 d5 e3 e4 e5"), "{out}");
    // After c3 b2, seat 1 wins by stepping into a1.
    let win = run_with_input(
        &["play", "slimetrail", "--position", "7/7/7/3x3/2x4/1@5/7 1"],
        "a1\n",
    );
    let out = String::from_utf8(win.stdout).unwrap();
    assert!(
        out.ends_with("game over: seat 1 wins: that is you, you win\n"),
        "{out}"
    );
    // After c3 b2 b1, seat 2 stepping into a1 gives the win to seat 1.
    let pos = ok(&["apply", "slimetrail", "c3", "b2", "b1"]);
    let lose = run_with_input(
        &[
            "play",
            "slimetrail",
            "--seat",
            "2",
            "--position",
            pos.trim(),
        ],
        "a1\n",
    );
    let out = String::from_utf8(lose.stdout).unwrap();
    assert!(
        out.ends_with("game over: seat 1 wins; you played seat 2: you lose\n"),
        "{out}"
    );
}

#[test]
fn best_prints_the_agents_choice_alone_and_repeatably() {
    let a = ok(&[
        "best",
        "slimetrail",
        "--agent",
        "mcts:iterations=500",
        "--seed",
        "4",
    ]);
    assert_eq!(a.lines().count(), 1);
    assert!(ok(&["legal", "slimetrail"]).contains(&a), "{a}");
    assert_eq!(
        a,
        ok(&[
            "best",
            "slimetrail",
            "--agent",
            "mcts:iterations=500",
            "--seed",
            "4"
        ])
    );
    // On 5x5 after c2 b1, seat 1 wins at once by stepping into a1: every searching agent
    // sees it.
    for agent in ["mcts:iterations=200", "alphabeta", "solver"] {
        assert_eq!(
            ok(&[
                "best",
                "slimetrail",
                "--params",
                "size=5",
                "--position",
                "5/5/2x2/2x2/1@3 1",
                "--agent",
                agent
            ]),
            "a1\n",
            "{agent}"
        );
    }
    let chance = ok(&["apply", "arandia", "f9"]);
    assert!(bad(&["best", "arandia", "--position", chance.trim()]).contains("chance"));
    let over = ok(&["apply", "slimetrail", "c3", "b2", "a1"]);
    assert!(bad(&["best", "slimetrail", "--position", over.trim()]).contains("over"));
    assert!(
        bad(&["best", "slimetrail", "--agent", "gnugo"]).contains("--agent: unknown agent `gnugo`")
    );
    assert!(bad(&["best", "splut", "--agent", "solver"]).contains("solver"));
    assert!(bad(&["best", "slimetrail", "--agent", "mcts:iterationz=5"]).contains("iterationz"));
}

const MATCH: &[&str] = &[
    "match",
    "slimetrail",
    "--params",
    "size=5",
    "--agent",
    "mcts:iterations=400",
    "--agent",
    "random",
    "--games",
    "6",
    "--seed",
    "2",
];

#[test]
fn match_rotates_seats_and_ends_with_one_line_per_agent() {
    let o = run(MATCH);
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    assert!(lines[0].starts_with("game 1: 1=mcts:iterations=400 2=random: over: "));
    assert!(lines[1].starts_with("game 2: 1=random 2=mcts:iterations=400: over: "));
    let tail = &lines[6..];
    let counts = |line: &str, spec: &str| -> [u64; 3] {
        let rest = line.strip_prefix(spec).unwrap().trim();
        let mut n = [0; 3];
        for (k, (part, key)) in rest
            .split(' ')
            .zip(["wins=", "draws=", "losses="])
            .enumerate()
        {
            n[k] = part.strip_prefix(key).unwrap().parse().unwrap();
        }
        n
    };
    let m = counts(tail[0], "mcts:iterations=400");
    let r = counts(tail[1], "random");
    // Every game has a winner: six seats each, a win of one is a loss of the other.
    assert_eq!(m[0] + m[2], 6);
    assert_eq!((m[0], m[2]), (r[2], r[0]));
    assert!(m[0] >= 5, "mcts should beat random: {out}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("mcts:iterations=400: score ") && err.contains("95% interval"));
    // Whole games too: a Slime Trail game has one winner, so the games won alone add up.
    let alone = |spec: &str| -> u64 {
        let line = err
            .lines()
            .find(|l| l.starts_with(&format!("{spec}: won ")))
            .unwrap();
        line.split(' ').nth(2).unwrap().parse().unwrap()
    };
    assert_eq!(alone("mcts:iterations=400"), m[0]);
    assert_eq!(alone("random"), r[0]);
    assert!(
        err.contains("0 games won by seats of several agents, 0 drawn"),
        "{err}"
    );
    // The same seed gives the same games.
    let again = ok(MATCH);
    assert_eq!(again, out);
    // --quiet: only the last lines. Three agents on two seats still rotate.
    let quiet = ok(&[
        "match",
        "slimetrail",
        "--agent",
        "random",
        "--agent",
        "random:seed=1",
        "--agent",
        "alphabeta:nodes=500",
        "--games",
        "3",
        "--seed",
        "1",
        "--quiet",
    ]);
    let lines: Vec<&str> = quiet.lines().collect();
    assert_eq!(lines.len(), 3, "{quiet}");
    assert!(lines[0].starts_with("random wins="));
    assert!(lines[2].starts_with("alphabeta:nodes=500 wins="));
    assert!(bad(&["match", "slimetrail"]).contains("--agent"));
    assert!(bad(&["match", "slimetrail", "--agent", "mcts", "--agent", "x"]).contains("`x`"));
}

#[test]
fn match_on_several_threads_prints_what_one_thread_prints() {
    // Every game is seeded from the match seed and its number alone, and the lines come out
    // in game order, so the number of threads changes nothing in the output (games of
    // different lengths finish out of order on the threads). Three seats, three agents.
    let args = |jobs: &'static str| {
        vec![
            "match",
            "repello",
            "--params",
            "players=3",
            "--agent",
            "mcts:iterations=30",
            "--agent",
            "random",
            "--agent",
            "alphabeta:nodes=200",
            "--games",
            "7",
            "--seed",
            "5",
            "--jobs",
            jobs,
        ]
    };
    let one = ok(&args("1"));
    assert_eq!(one.lines().count(), 10, "{one}");
    assert!(one.starts_with("game 1: "), "{one}");
    assert_eq!(ok(&args("2")), one);
    assert_eq!(ok(&args("3")), one);
    assert!(bad(&args("0")).contains("--jobs"));
}

#[test]
fn match_reports_games_stopped_at_the_cap() {
    let o = run(&[
        "match",
        "splut",
        "--agent",
        "random",
        "--games",
        "2",
        "--seed",
        "1",
        "--max-actions",
        "4",
    ]);
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("unfinished, stopped at the cap of 4 actions"),
        "{out}"
    );
    assert!(out.ends_with("random wins=0 draws=0 losses=0\n"), "{out}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains("2 of 2 games were stopped unfinished"),
        "{err}"
    );
}

#[test]
fn solve_answers_for_the_seat_to_act_and_each_action() {
    let out = ok(&["solve", "slimetrail", "--params", "size=5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "win");
    assert_eq!(lines.len(), 9);
    let actions: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(actions, ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"]);
    assert!(lines[1..]
        .iter()
        .all(|l| l.ends_with(" win") || l.ends_with(" loss")));
    assert!(lines[1..].iter().any(|l| l.ends_with(" win")));
    // On 5x5 after c2 b1, seat 1 wins with a1.
    let won = ok(&[
        "solve",
        "slimetrail",
        "--params",
        "size=5",
        "--position",
        "5/5/2x2/2x2/1@3 1",
    ]);
    assert!(won.starts_with("win\na1 win\n"), "{won}");
    assert!(bad(&["solve", "splut"]).contains("no exact solver"));
    let over = ok(&["apply", "slimetrail", "c3", "b2", "a1"]);
    assert!(bad(&["solve", "slimetrail", "--position", over.trim()]).contains("over"));
}

#[test]
fn play_against_an_agent() {
    // The solver as the opponent: from 5x5's start seat 1 wins, so seat 2 loses whatever the
    // person plays; the person answers with the first legal action each time.
    let mut input = String::new();
    for _ in 0..12 {
        input.push_str("b2\nb3\nb4\nc2\nc4\nd2\nd3\nd4\na1\na2\na3\na4\na5\nb1\nb5\nc1\nc5\nd1\nd5\ne1\ne2\ne3\ne4\ne5\n");
    }
    let o = run_with_input(
        &[
            "play",
            "slimetrail",
            "--params",
            "size=5",
            "--seat",
            "2",
            "--opponent",
            "solver",
        ],
        &input,
    );
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("1 plays "), "{out}");
    assert!(
        out.ends_with("game over: seat 1 wins; you played seat 2: you lose\n"),
        "{out}"
    );
    assert!(bad(&["play", "slimetrail", "--opponent", "gnugo"]).contains("gnugo"));
}

/// A solve killed while it runs leaves its last periodic save whole, and resuming from it gives
/// the same answer.
#[test]
fn a_killed_solve_resumes_from_its_periodic_save() {
    let dir = std::env::temp_dir().join(format!("bg-solve-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("7x7.txt");
    let path = file.to_str().unwrap();
    // 7x7 after c4 c5: about two million positions, many periodic saves.
    let position = "7/7/2@4/2xx3/7/7/7 1";
    assert_eq!(ok(&["apply", "slimetrail", "c4", "c5"]).trim(), position);
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(["solve", "slimetrail", "--position", position])
        .args(["--save", path, "--save-every", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let waited = std::time::Instant::now();
    while !file.exists() && waited.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let _ = child.kill();
    child.wait().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("slimetrail-solver 1 size=7\n"));
    assert!(text.lines().last().unwrap().starts_with("end "));
    let plain = ok(&["solve", "slimetrail", "--position", position]);
    let resumed = ok(&[
        "solve",
        "slimetrail",
        "--position",
        position,
        "--resume",
        path,
    ]);
    assert_eq!(resumed, plain);
    assert!(bad(&["solve", "slimetrail", "--save-every", "5"]).contains("--save"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_saves_and_resumes_its_progress() {
    let dir = std::env::temp_dir().join(format!("bg-solve-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("5x5.txt");
    let path = file.to_str().unwrap();
    let plain = ok(&["solve", "slimetrail", "--params", "size=5"]);
    let saved = ok(&["solve", "slimetrail", "--params", "size=5", "--save", path]);
    assert_eq!(saved, plain);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("slimetrail-solver 1 size=5\n"), "{text}");
    let resumed = ok(&[
        "solve",
        "slimetrail",
        "--params",
        "size=5",
        "--resume",
        path,
    ]);
    assert_eq!(resumed, plain);
    std::fs::write(&file, "slimetrail-solver 1 size=5\n1 w 3\n").unwrap();
    let err = bad(&["solve", "slimetrail", "--resume", path]);
    assert!(err.contains("--resume") && err.contains("cut off"), "{err}");
    let missing = dir.join("missing.txt");
    let err = bad(&["solve", "slimetrail", "--resume", missing.to_str().unwrap()]);
    assert!(err.contains("cannot read"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
