//! Saved solver progress: what a partial 7x7 solve saved is read back, gives the same answers
//! with fewer positions searched, and a bad file is refused with its reason without changing
//! the solver.
#![cfg(feature = "std")]

use boardgame_kit::{Actions, Game};
use slimetrail_core::State;
use slimetrail_solver::{ResumeError, Solver};

/// The 7x7 start after the snail has walked round the centre: c4 c5 d5 e5 e4 e3.
fn midgame() -> State {
    let mut s = State::default();
    for step in ["c4", "c5", "d5", "e5", "e4", "e3"] {
        s.play(step.parse().unwrap());
    }
    s
}

fn saved(solver: &Solver) -> Vec<u8> {
    let mut out = Vec::new();
    solver.save(&mut out).unwrap();
    out
}

/// A resumed solver searched fewer positions than a fresh one for the same answer.
fn fewer_nodes(resumed: &Solver, fresh: &Solver) {
    assert!(
        resumed.nodes() < fresh.nodes(),
        "resumed {} vs fresh {}",
        resumed.nodes(),
        fresh.nodes()
    );
}

#[test]
fn a_partial_7x7_solve_resumes_with_the_same_answers_and_fewer_positions() {
    let position = midgame();
    // The partial solve: only the position after the first legal action.
    let mut list = Actions::<State>::new();
    position.legal_actions(&mut list);
    let mut child = position;
    child.play(list[0]);
    let mut partial = Solver::new(16);
    let _ = partial.value(&child);
    let file = saved(&partial);
    assert!(file.starts_with(b"slimetrail-solver 1 size=7\n"));

    let mut fresh = Solver::new(16);
    let expected = fresh.action_values(&position);
    let mut resumed = Solver::new(16);
    let entries = resumed.resume(&file[..]).unwrap();
    assert!(entries > 0);
    assert_eq!(resumed.action_values(&position), expected);
    fewer_nodes(&resumed, &fresh);
    // Saving again after resuming keeps at least what was read.
    let mut again = Solver::new(16);
    assert!(again.resume(&saved(&resumed)[..]).unwrap() >= entries);
}

/// A long solve saves as it goes: stopped halfway (by a budget, as a killed run would be), its
/// last periodic save resumes to the same answer with fewer positions than a fresh solve.
#[test]
fn a_stopped_solve_resumes_from_its_periodic_save() {
    let mut position = State::default();
    for step in ["c4", "c5"] {
        position.play(step.parse().unwrap());
    }
    let mut fresh = Solver::new(16);
    let expected = fresh.value(&position);
    assert!(fresh.nodes() > 1_000_000, "{}", fresh.nodes());

    let path = std::env::temp_dir().join(format!("st-periodic-{}.txt", std::process::id()));
    let mut stopped = Solver::new(16);
    stopped.save_every(&path, std::time::Duration::ZERO);
    assert_eq!(stopped.value_within(&position, fresh.nodes() / 2), None);
    assert_eq!(stopped.nodes(), fresh.nodes() / 2);
    let saves = stopped.checkpoints().unwrap();
    assert!(saves >= 5, "{saves} saves");
    // The save is whole (its `end` line) and no temporary file is left behind.
    let mut tmp = path.clone().into_os_string();
    tmp.push(".tmp");
    assert!(!std::path::Path::new(&tmp).exists());

    let mut resumed = Solver::new(16);
    let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    assert!(resumed.resume(file).unwrap() > 1000);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(resumed.value(&position), expected);
    fewer_nodes(&resumed, &fresh);
}

/// A failed periodic save is reported, and the search still answers.
#[test]
fn a_failed_periodic_save_is_reported() {
    let dir = std::env::temp_dir().join(format!("st-no-such-dir-{}", std::process::id()));
    let mut solver = Solver::new(16);
    solver.save_every(dir.join("progress.txt"), std::time::Duration::ZERO);
    let _ = solver.action_values(&midgame());
    let err = solver.checkpoints().unwrap_err();
    assert!(err.path.ends_with("progress.txt"), "{err}");
    assert!(
        err.to_string()
            .starts_with("cannot save solver progress to "),
        "{err}"
    );
}

#[test]
fn a_bad_file_is_refused_with_its_reason_and_changes_nothing() {
    let mut solver = Solver::new(12);
    let start = State::new(&"size=5".parse().unwrap());
    let _ = solver.value(&start);
    let good = saved(&solver);
    let text = String::from_utf8(good.clone()).unwrap();
    let body: Vec<&str> = text.lines().collect();
    let with_line = |i: usize, line: &str| {
        let mut lines = body.clone();
        lines[i] = line;
        lines.join("\n") + "\n"
    };
    let cases: Vec<(String, ResumeError)> = vec![
        (String::new(), ResumeError::BadHeader),
        ("chess 1 size=7\nend 0\n".into(), ResumeError::BadHeader),
        (
            "slimetrail-solver 2 size=7\nend 0\n".into(),
            ResumeError::Version(2),
        ),
        (
            "slimetrail-solver 1 size=8\nend 0\n".into(),
            ResumeError::Size(8),
        ),
        (
            "slimetrail-solver 1 size=7 x\nend 0\n".into(),
            ResumeError::BadHeader,
        ),
        (
            with_line(1, "zz w 3"),
            ResumeError::Line {
                line: 2,
                reason: "the key is not hexadecimal",
            },
        ),
        (
            with_line(1, "1 x 3"),
            ResumeError::Line {
                line: 2,
                reason: "the value must be `w` or `l`",
            },
        ),
        (
            with_line(1, "1 w"),
            ResumeError::Line {
                line: 2,
                reason: "expected `KEY w|l EFFORT`",
            },
        ),
        (
            with_line(1, "1 w 99"),
            ResumeError::Line {
                line: 2,
                reason: "the effort is above 64",
            },
        ),
        // A snail on the padding column (bit 5 on 5x5) and cells beyond the board.
        (
            with_line(1, &format!("{:x} w 1", 5u128 << 100)),
            ResumeError::Line {
                line: 2,
                reason: "the key's snail cell is off the board",
            },
        ),
        (
            with_line(1, &format!("{:x} w 1", 1u128 << 100 | 1 << 40)),
            ResumeError::Line {
                line: 2,
                reason: "the key names cells off the board",
            },
        ),
        (
            with_line(1, &format!("{:x} w 1", u128::MAX)),
            ResumeError::Line {
                line: 2,
                reason: "the key's snail cell is off the board",
            },
        ),
        (
            body[..body.len() - 1].join("\n"),
            ResumeError::Truncated(body.len() - 2),
        ),
        (
            with_line(body.len() - 1, "end 1"),
            ResumeError::Truncated(body.len() - 2),
        ),
        (
            String::from_utf8_lossy(&[0xff, 0xfe, b'\n']).into_owned(),
            ResumeError::BadHeader,
        ),
    ];
    let mut resumed = Solver::new(12);
    for (file, error) in cases {
        assert_eq!(resumed.resume(file.as_bytes()), Err(error), "{file:?}");
    }
    // Bytes that are not UTF-8 are an input error, not a panic.
    assert!(matches!(
        resumed.resume(&[0xff, 0xfe, b'\n'][..]),
        Err(ResumeError::Io(_))
    ));
    // Nothing was stored: the 5x5 start is searched in full, then the good file helps.
    let mut fresh = Solver::new(12);
    assert_eq!(resumed.value(&start), fresh.value(&start));
    assert_eq!(resumed.nodes(), fresh.nodes());
    let mut from_file = Solver::new(12);
    from_file.resume(&good[..]).unwrap();
    assert_eq!(from_file.value(&start), fresh.value(&start));
    assert!(from_file.nodes() < fresh.nodes());
}
