//! Running the `boardgame` binary from the tests: once with arguments, with text on stdin,
//! and the checks every test file makes of its exit status and output.

// Each test file uses the helpers it needs.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};

/// The command `boardgame ARGS`, not started.
pub fn boardgame(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_boardgame"));
    c.args(args);
    c
}

/// `boardgame ARGS`, to its end.
pub fn run(args: &[&str]) -> Output {
    boardgame(args).output().unwrap()
}

/// `command` started for a conversation: stdin and stdout piped, stderr dropped.
pub fn converse(mut command: Command) -> Child {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// A running engine (`boardgame engine`), fed one line at a time; killed when dropped.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    /// `boardgame engine`.
    pub fn start() -> Engine {
        Engine::start_command(boardgame(&["engine"]))
    }

    /// An engine started by `command` (`boardgame engine` under limits, say).
    pub fn start_command(command: Command) -> Engine {
        let mut child = converse(command);
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends raw bytes (a line that gets no answer, or a malformed one).
    pub fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Sends a line and reads its answer: the lines up to the empty line that ends it.
    pub fn ask(&mut self, line: &str) -> String {
        self.send(format!("{line}\n").as_bytes());
        self.answer()
    }

    /// The next answer: the lines up to the empty line that ends it.
    pub fn answer(&mut self) -> String {
        let mut lines = Vec::new();
        loop {
            let mut l = String::new();
            assert!(self.stdout.read_line(&mut l).unwrap() > 0, "engine ended");
            if l == "\n" {
                return lines.join("\n");
            }
            lines.push(l.trim_end_matches('\n').to_string());
        }
    }

    /// Closes stdin and returns the exit code and whatever was left on stdout.
    pub fn finish(mut self) -> (Option<i32>, String) {
        drop(self.stdin.take());
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.stdout, &mut rest).unwrap();
        (self.child.wait().unwrap().code(), rest)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `boardgame ARGS` fed `input` on stdin, to its end.
pub fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = boardgame(args)
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
