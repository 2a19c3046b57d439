//! Arbitrary bytes as command lines of the engine protocol (`boardgames::Session`), one per
//! line: no line panics; every answer starts with `= ` or `? `; a refusal is one line and
//! leaves the game, its position and its status unchanged.
//!
//! Searches are kept short so that each input runs fast: `perft` deeper than 2 and `go` with an
//! agent other than `random` are not sent (the protocol's parsing of both still is, through
//! `perft 1` / `go random` variants of the line).
#![no_main]

use boardgames::Session;

/// The line to send for a fuzzed line: long searches replaced by short ones.
fn tame(line: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(line);
    let trimmed = text.trim_start();
    let mut words = trimmed.split_whitespace();
    match words.next() {
        Some("perft") => match words.next().map(str::parse::<u32>) {
            Some(Ok(d)) if d > 2 => b"perft 2".to_vec(),
            _ => line.to_vec(),
        },
        Some("go") => {
            let spec = words.next().unwrap_or("");
            if spec.starts_with("random") {
                line.to_vec()
            } else {
                b"go random".to_vec()
            }
        }
        _ => line.to_vec(),
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut session = Session::new();
    for line in data.split(|&b| b == b'\n').take(64) {
        let line = tame(line);
        let before = (
            session.game().name().to_string(),
            session.game().position(),
            session.handle("status").map(|r| r.text().to_string()),
        );
        let Some(answer) = session.handle_bytes(&line) else {
            continue;
        };
        let text = answer.text();
        assert!(
            text.starts_with("= ") || text == "=" || text.starts_with("? "),
            "answer neither = nor ?: {text:?}"
        );
        if !answer.is_ok() {
            assert!(!text.contains('\n'), "a refusal spans lines: {text:?}");
            let after = (
                session.game().name().to_string(),
                session.game().position(),
                session.handle("status").map(|r| r.text().to_string()),
            );
            assert_eq!(before, after, "a refused line changed the game");
        }
        if answer.is_quit() {
            break;
        }
    }
});
