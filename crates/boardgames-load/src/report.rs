//! The figures of a run: counted while it plays, reported at its end.

use crate::{LoadError, Options, ProcSample, Via};
use serde::Serialize;
use std::fmt;
use std::time::Duration;

/// What the clients counted while the run played.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// Each answered action's latency, microseconds.
    latencies_us: Vec<u32>,
    pub(crate) games: u64,
    errors: u64,
    first_error: Option<String>,
}

impl Tally {
    pub(crate) fn answered(&mut self, latency: Duration) {
        let us = u32::try_from(latency.as_micros()).unwrap_or(u32::MAX);
        self.latencies_us.push(us);
    }

    pub(crate) fn error(&mut self, error: LoadError) {
        self.errors += 1;
        self.first_error.get_or_insert_with(|| error.to_string());
    }

    pub(crate) fn report(
        mut self,
        options: &Options,
        elapsed: Duration,
        base: Option<ProcSample>,
        end: Option<ProcSample>,
    ) -> Report {
        self.latencies_us.sort_unstable();
        let ms = |q: f64| {
            let n = self.latencies_us.len();
            let i = ((q * n as f64) as usize).min(n.saturating_sub(1));
            self.latencies_us
                .get(i)
                .map_or(0.0, |&us| f64::from(us) / 1000.0)
        };
        let seconds = elapsed.as_secs_f64();
        let actions = self.latencies_us.len() as u64;
        let (rss_base_kb, rss_end_kb) = (base.map(|s| s.rss_kb), end.map(|s| s.rss_kb));
        Report {
            server: options.url.to_string(),
            via: match options.via {
                Via::WebSocket => "websocket",
                Via::Post => "post",
            },
            rooms: options.rooms,
            seconds,
            actions,
            games: self.games,
            errors: self.errors,
            first_error: self.first_error,
            actions_per_sec: actions as f64 / seconds.max(1e-9),
            p50_ms: ms(0.50),
            p99_ms: ms(0.99),
            max_ms: ms(1.0),
            rss_base_kb,
            rss_end_kb,
            rss_per_room_kb: rss_base_kb
                .zip(rss_end_kb)
                .map(|(b, e)| e.saturating_sub(b) as f64 / options.rooms as f64),
            server_cpu_s: base.zip(end).map(|(b, e)| e.cpu_s - b.cpu_s),
        }
    }
}

/// The figures of one run.
///
/// Printed as one line of `key=value` pairs; serialized (serde) as one JSON object with the
/// same keys, which the comparison script reads.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The server's address.
    pub server: String,
    /// How actions were sent: `websocket` or `post`.
    pub via: &'static str,
    /// Rooms played at once.
    pub rooms: usize,
    /// The measured time, seconds.
    pub seconds: f64,
    /// Actions answered within it.
    pub actions: u64,
    /// Games played to their end within it.
    pub games: u64,
    /// Requests refused, answers missing or connections lost (each ends its game).
    pub errors: u64,
    /// The first of them.
    pub first_error: Option<String>,
    /// `actions / seconds`.
    pub actions_per_sec: f64,
    /// Median latency (action sent to its answer), milliseconds.
    pub p50_ms: f64,
    /// 99th percentile latency, milliseconds.
    pub p99_ms: f64,
    /// Longest latency, milliseconds.
    pub max_ms: f64,
    /// The server's resident memory before the run, KiB.
    pub rss_base_kb: Option<u64>,
    /// At its end, with every room slot's room open, KiB.
    pub rss_end_kb: Option<u64>,
    /// `(rss_end_kb - rss_base_kb) / rooms`.
    pub rss_per_room_kb: Option<f64>,
    /// The server's CPU time (user + system) during the run, seconds.
    pub server_cpu_s: Option<f64>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rooms={} via={} seconds={:.2} actions={} games={} errors={} actions_per_sec={:.0} \
             p50_ms={:.3} p99_ms={:.3} max_ms={:.3}",
            self.rooms,
            self.via,
            self.seconds,
            self.actions,
            self.games,
            self.errors,
            self.actions_per_sec,
            self.p50_ms,
            self.p99_ms,
            self.max_ms
        )?;
        if let (Some(base), Some(end), Some(per_room), Some(cpu)) = (
            self.rss_base_kb,
            self.rss_end_kb,
            self.rss_per_room_kb,
            self.server_cpu_s,
        ) {
            write!(
                f,
                " rss_base_kb={base} rss_end_kb={end} rss_per_room_kb={per_room:.0} \
                 server_cpu_s={cpu:.2}"
            )?;
        }
        if let Some(error) = &self.first_error {
            write!(f, " first_error={error:?}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_rates_and_memory_per_room() {
        let mut tally = Tally::default();
        for ms in 1..=100 {
            tally.answered(Duration::from_millis(ms));
        }
        tally.games = 3;
        tally.error(LoadError::Closed("7".into()));
        tally.error(LoadError::Closed("8".into()));
        let mut options = Options::new("http://127.0.0.1:8080").unwrap();
        options.rooms = 4;
        let sample = |rss_kb, cpu_s| Some(ProcSample { rss_kb, cpu_s });
        let r = tally.report(
            &options,
            Duration::from_secs(2),
            sample(1000, 1.0),
            sample(1400, 2.5),
        );
        assert_eq!((r.actions, r.games, r.errors), (100, 3, 2));
        assert_eq!(
            r.first_error.as_deref(),
            Some("the server closed the WebSocket of room 7")
        );
        assert_eq!(r.actions_per_sec, 50.0);
        assert_eq!((r.p50_ms, r.p99_ms, r.max_ms), (51.0, 100.0, 100.0));
        assert_eq!(r.rss_per_room_kb, Some(100.0));
        assert_eq!(r.server_cpu_s, Some(1.5));
        assert!(r.to_string().contains("actions_per_sec=50 p50_ms=51.000"));
    }

    #[test]
    fn no_answers_no_percentiles_and_no_pid_no_memory() {
        let options = Options::new("http://[::1]:8080").unwrap();
        let r = Tally::default().report(&options, Duration::from_secs(1), None, None);
        assert_eq!((r.actions, r.p50_ms, r.p99_ms), (0, 0.0, 0.0));
        assert_eq!((r.rss_per_room_kb, r.server_cpu_s), (None, None));
        assert!(!r.to_string().contains("rss"));
    }
}
