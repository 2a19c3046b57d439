//! Running the `boardgame` binary from the tests: once with arguments, with text on stdin,
//! and the checks every test file makes of its exit status and output.

// Each test file uses the helpers it needs.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `boardgame ARGS`, to its end.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(args)
        .output()
        .unwrap()
}

/// `boardgame ARGS` fed `input` on stdin, to its end.
pub fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Stdout and stderr of a command that must succeed.
pub fn ok_both(args: &[&str]) -> (String, String) {
    let o = run(args);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(o.status.success(), "{args:?}: {err}");
    (String::from_utf8(o.stdout).unwrap(), err)
}

/// Stdout of a command that must succeed.
pub fn ok(args: &[&str]) -> String {
    ok_both(args).0
}

/// Stdout and the one stderr line of a command that must exit 2.
pub fn bad_both(args: &[&str]) -> (String, String) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?} should exit 2");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(
        err.lines().count(),
        1,
        "{args:?}: one line on stderr, got {err:?}"
    );
    (String::from_utf8(o.stdout).unwrap(), err)
}

/// The one stderr line of a command that must exit 2.
pub fn bad(args: &[&str]) -> String {
    bad_both(args).1
}

/// `boardgame play ARGS` fed `input` on stdin; its stdout (it must end well).
pub fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let o = run_with_input(&all, input);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}
