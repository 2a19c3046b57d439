//! `boardgame loadtest`: N rooms played at once against a server, by scripted clients over
//! HTTP and WebSocket (the `boardgames-load` crate); the server is this program's `serve` on a
//! free loopback port and a fresh SQLite file unless `--url` names a running one.

use crate::args::Load;
use crate::error::CliError;
use crate::out::Out;
use boardgames_load::{Options, ServerProcess, Via};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A directory of its own under the system's temporary directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, CliError> {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!("boardgame-loadtest-{}-{nanos}", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::create_dir(&path)
            .map_err(|e| CliError::Usage(format!("cannot make {}: {e}", path.display())))?;
        Ok(Scratch(path))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs the load and prints its figures (one line, or one JSON object with `--json`).
pub fn loadtest(load: &Load, out: &mut Out) -> Result<(), CliError> {
    if !(load.seconds > 0.0 && load.seconds <= 3600.0) {
        return Err(CliError::Usage(
            "--seconds: more than 0, at most 3600".into(),
        ));
    }
    let params = match &load.params {
        Some(text) => Some(
            serde_json::from_str(text)
                .map_err(|e| CliError::Usage(format!("--params is not JSON: {e}")))?,
        ),
        None => None,
    };
    // Declared before the server, so that the server stops before its files are removed.
    let mut scratch = None;
    let mut server: Option<ServerProcess> = None;
    let mut options = match &load.url {
        Some(url) => {
            let mut options = Options::new(url)?;
            options.pid = load.pid;
            options
        }
        None => {
            let db = match &load.db {
                Some(db) => db.clone(),
                None => {
                    let dir = scratch.insert(Scratch::new()?);
                    format!("sqlite://{}", dir.0.join("load.db").display())
                }
            };
            let program = std::env::current_exe()
                .map_err(|e| CliError::Usage(format!("cannot find this program: {e}")))?;
            let mut serve = Command::new(program);
            // One client address sends every request: no per-client rate limit.
            serve.args(["serve", "--addr", "127.0.0.1:0", "--db", &db, "--rate", "0"]);
            let started = server.insert(ServerProcess::spawn(serve)?);
            let mut options = Options::new(started.url().as_str())?;
            options.pid = Some(started.pid());
            options
        }
    };
    options.rooms = usize::from(load.rooms);
    options.duration = Duration::from_secs_f64(load.seconds);
    options.games = load.games;
    options.via = if load.post { Via::Post } else { Via::WebSocket };
    options.game.clone_from(&load.game);
    options.params = params;
    options.seats = usize::from(load.seats);
    let report = boardgames_load::run(&options)?;
    if load.json {
        let line = serde_json::to_string(&report).map_err(|e| CliError::Usage(e.to_string()))?;
        out.line(line)
    } else {
        out.line(report)
    }
}
