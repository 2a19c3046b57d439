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
