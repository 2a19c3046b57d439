//! `solve`'s progress on stderr when stderr is not a terminal: a hint at the start of a long
//! search, lines with `--progress`, nothing for a short one; stdout stays the contract.

mod common;

use common::run;
use std::process::Output;

fn solve(extra: &[&str]) -> Output {
    // 7x7 after c4 c5: about two million positions, many progress reports.
    let mut args = vec!["solve", "slimetrail", "--position", "7/7/2@4/2xx3/7/7/7 1"];
    args.extend_from_slice(extra);
    let o = run(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o
}

#[test]
fn a_piped_solve_says_how_to_see_its_progress_and_progress_prints_it() {
    let plain = solve(&[]);
    let err = String::from_utf8(plain.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("solve: searching; progress is drawn only when stderr is a terminal")
            && err.contains("--progress"),
        "{err}"
    );
    for threads in ["1", "2"] {
        let shown = solve(&["--progress", "--threads", threads]);
        assert_eq!(
            shown.stdout, plain.stdout,
            "stdout is the same with --progress on {threads} threads"
        );
        let err = String::from_utf8(shown.stderr).unwrap();
        let lines: Vec<&str> = err.lines().collect();
        assert!(lines.len() >= 2, "{err}");
        assert!(
            lines.last().unwrap().starts_with("solve: done in "),
            "{err}"
        );
        // The counts only grow, across the search of the position and of its actions.
        let counts: Vec<u64> = lines[..lines.len() - 1]
            .iter()
            .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
            .collect();
        assert!(counts.windows(2).all(|w| w[0] < w[1]), "{err}");
        // A report comes every 65,536 positions of the first thread, and tells the positions
        // of all: exactly 65,536 on one thread, at least that on more.
        if threads == "1" {
            assert!(
                lines[0].starts_with("solve: 65536 positions searched ("),
                "{err}"
            );
        } else {
            assert!(counts[0] >= 65536, "{err}");
        }
    }
}

#[test]
fn a_short_solve_prints_nothing_on_stderr() {
    for extra in [&[][..], &["--progress"][..]] {
        let mut args = vec!["solve", "slimetrail", "--params", "size=5"];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert!(o.status.success());
        assert_eq!(String::from_utf8_lossy(&o.stderr), "", "{extra:?}");
        assert!(String::from_utf8(o.stdout).unwrap().starts_with("win\n"));
    }
}

/// Ctrl-C (a real SIGINT) during `solve --save` writes a last save before the command exits:
/// exit 130, one line on stderr naming the file, and the file a whole save of what was proven.
#[test]
fn ctrl_c_during_a_saving_solve_writes_a_last_save() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = std::env::temp_dir().join(format!("boardgame-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("9x9.save");
    let _ = std::fs::remove_file(&file);
    // 9x9 from the start takes hours: it is still searching when the signal comes.
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args([
            "solve",
            "slimetrail",
            "--params",
            "size=9",
            "--threads",
            "1",
        ])
        .arg("--save")
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(child.try_wait().unwrap().is_none(), "the solve ended early");
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let started = Instant::now();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    assert!(
        out.stdout.is_empty(),
        "no answer is printed: {:?}",
        out.stdout
    );
    assert!(
        stderr.contains("interrupted: the proven positions are saved in"),
        "{stderr}"
    );
    assert!(std::fs::metadata(&file).unwrap().len() > 0);
    // A whole save of the 9x9 board: its header, one line per proven position, its count.
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with(" size=9"), "{}", lines[0]);
    let count = lines.len() - 2;
    assert!(count > 0, "no proven position was saved");
    assert_eq!(lines[lines.len() - 1], format!("end {count}"));
    std::fs::remove_dir_all(&dir).unwrap();
}
