//! The server process: started by the load test (and killed when dropped), and its resident
//! memory and CPU time read from `/proc`.

use crate::LoadError;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long a starting server may take to print its `listening on` line.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// A server started by the load test, killed (and waited for) when dropped.
#[derive(Debug)]
pub struct ServerProcess {
    child: Child,
    url: reqwest::Url,
}

impl ServerProcess {
    /// Starts `command` (for example `boardgame serve --addr 127.0.0.1:0 --db sqlite://FILE`)
    /// and waits for its first line on stdout, `listening on http://HOST:PORT`. Its stderr is
    /// discarded; its stdout is drained.
    ///
    /// ```
    /// use boardgames_load::ServerProcess;
    /// let refused = ServerProcess::spawn(std::process::Command::new("true")).unwrap_err();
    /// assert!(refused.to_string().contains("listening on"));
    /// ```
    pub fn spawn(mut command: Command) -> Result<ServerProcess, LoadError> {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| LoadError::Start(e.to_string()))?;
        let Some(stdout) = child.stdout.take() else {
            return Err(LoadError::Start("no stdout".into()));
        };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout);
            let mut first = String::new();
            let read = lines.read_line(&mut first);
            let _ = tx.send(read.map(|_| first));
            // Keep draining, so that a server that writes more never blocks on a full pipe.
            let _ = std::io::copy(&mut lines, &mut std::io::sink());
        });
        let mut server = ServerProcess {
            child,
            url: reqwest::Url::parse("http://127.0.0.1/").expect("a valid URL"),
        };
        let line = match rx.recv_timeout(START_TIMEOUT) {
            Ok(Ok(line)) => line,
            Ok(Err(e)) => return Err(LoadError::Start(e.to_string())),
            Err(_) => return Err(LoadError::Start("no `listening on` line in 60 s".into())),
        };
        let address = line.trim().strip_prefix("listening on ").ok_or_else(|| {
            LoadError::Start(format!(
                "its first line was {:?}, not `listening on http://HOST:PORT`",
                line.trim()
            ))
        })?;
        server.url = reqwest::Url::parse(address).map_err(|e| LoadError::Start(e.to_string()))?;
        Ok(server)
    }

    /// The address the server printed.
    pub fn url(&self) -> &reqwest::Url {
        &self.url
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A process's resident memory and CPU time at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProcSample {
    /// Resident memory (`VmRSS`), KiB.
    pub rss_kb: u64,
    /// User and system CPU time so far, seconds.
    pub cpu_s: f64,
}

impl ProcSample {
    /// Reads `/proc/PID/status` and `/proc/PID/stat`; `None` where they cannot be read (no such
    /// process, not Linux).
    ///
    /// ```
    /// use boardgames_load::ProcSample;
    /// if let Some(me) = ProcSample::read(std::process::id()) {
    ///     assert!(me.rss_kb > 0);
    /// }
    /// ```
    pub fn read(pid: u32) -> Option<ProcSample> {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let rss_kb = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The fields after the command name: state is the first, utime the 12th, stime the 13th.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        // Linux reports these in USER_HZ, 100 on every architecture it runs on.
        Some(ProcSample {
            rss_kb,
            cpu_s: ticks as f64 / 100.0,
        })
    }
}
