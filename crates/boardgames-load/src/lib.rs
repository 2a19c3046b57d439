//! Load test of the online game server: N rooms played at once by scripted clients, exactly as
//! the online-play contract says a client plays (the command `boardgame loadtest`).
//!
//! Each room slot creates a room whose seats are all people's (`"human"`), takes every seat
//! (a token each), and opens one WebSocket per seat (`/api/rooms/ID/live?token=T`). Whenever
//! the room a seat's socket shows says it is that seat's turn, its client sends a random action
//! of the room's `legal` list with the room's `ply`, over its WebSocket or by `POST
//! /api/rooms/ID/actions`, and times it until the answer (the room after the action) arrives.
//! A finished game is followed by a new room. At the end: actions per second, latency
//! percentiles, and the server's resident memory per open room (`/proc/PID/status`).
//!
//! The clients run on one thread, so that the load they put on a small machine stays small and
//! comparable with a single-threaded client of another server. Only loopback addresses are
//! accepted, and the load is bounded in rooms and time.
//!
//! ```no_run
//! use boardgames_load::{run, Options, ServerProcess};
//! use std::process::Command;
//! use std::time::Duration;
//!
//! let mut serve = Command::new("boardgame");
//! serve.args(["serve", "--addr", "127.0.0.1:0", "--db", "sqlite://load.db"]);
//! let server = ServerProcess::spawn(serve)?;
//! let mut options = Options::new(server.url().as_str())?;
//! options.pid = Some(server.pid());
//! options.rooms = 50;
//! options.duration = Duration::from_secs(10);
//! let report = run(&options)?;
//! println!("{report}");
//! # Ok::<(), boardgames_load::LoadError>(())
//! ```

mod error;
mod process;
mod report;
mod room;

pub use error::LoadError;
pub use process::{ProcSample, ServerProcess};
pub use report::Report;

use report::Tally;
use std::cell::RefCell;
use std::net::IpAddr;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The most room slots one run plays at once.
pub const MAX_ROOMS: usize = 10_000;
/// The longest run.
pub const MAX_DURATION: Duration = Duration::from_secs(3600);

/// How the scripted clients send their actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// `{"action": A, "ply": N}` on the seat's WebSocket.
    WebSocket,
    /// `POST /api/rooms/ID/actions` with the seat's token.
    Post,
}

/// What to run: where the server is, how many rooms, for how long.
#[derive(Clone, Debug)]
pub struct Options {
    /// The server's address, `http://127.0.0.1:PORT` (loopback only).
    pub url: reqwest::Url,
    /// The server's process id, to read its memory and CPU time (`None`: not measured).
    pub pid: Option<u32>,
    /// Rooms played at once, 1..=[`MAX_ROOMS`].
    pub rooms: usize,
    /// How long to play, at most [`MAX_DURATION`].
    pub duration: Duration,
    /// Stop earlier, after this many finished games.
    pub games: Option<u64>,
    /// How actions are sent.
    pub via: Via,
    /// The game's registered name.
    pub game: String,
    /// The room's `params` (omitted: the game's defaults).
    pub params: Option<serde_json::Value>,
    /// Seats in each room, all played by the scripted clients (1..=16).
    pub seats: usize,
}

impl Options {
    /// Ten rooms of two-seat Slime Trail for ten seconds, actions over the WebSocket, against
    /// the server at `url`, which must be a loopback address.
    ///
    /// ```
    /// use boardgames_load::Options;
    /// assert_eq!(Options::new("http://127.0.0.1:8080").unwrap().rooms, 10);
    /// assert!(Options::new("http://192.0.2.7:8080").is_err());
    /// ```
    pub fn new(url: &str) -> Result<Options, LoadError> {
        let url = reqwest::Url::parse(url)
            .map_err(|e| LoadError::Options(format!("--url {url:?}: {e}")))?;
        let options = Options {
            url,
            pid: None,
            rooms: 10,
            duration: Duration::from_secs(10),
            games: None,
            via: Via::WebSocket,
            game: "slimetrail".into(),
            params: None,
            seats: 2,
        };
        options.check()?;
        Ok(options)
    }

    /// Refuses a run out of bounds or aimed at another machine.
    fn check(&self) -> Result<(), LoadError> {
        let host = self.url.host_str().unwrap_or("");
        let ip = host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>();
        let loopback = ip.map_or(host == "localhost", |ip| ip.is_loopback());
        if !loopback || self.url.scheme() != "http" {
            return Err(LoadError::Options(format!(
                "--url {}: only http:// on a loopback address (127.0.0.1, [::1], localhost)",
                self.url
            )));
        }
        if !(1..=MAX_ROOMS).contains(&self.rooms) {
            return Err(LoadError::Options(format!("--rooms: 1 to {MAX_ROOMS}")));
        }
        if self.duration.is_zero() || self.duration > MAX_DURATION {
            return Err(LoadError::Options(
                "--seconds: more than 0, at most 3600".into(),
            ));
        }
        if !(1..=16).contains(&self.seats) {
            return Err(LoadError::Options("--seats: 1 to 16".into()));
        }
        Ok(())
    }
}

/// One run in progress, shared by every client (all on one thread).
struct Run {
    options: Options,
    http: reqwest::Client,
    /// When the measurement ends.
    end: Instant,
    /// Set once, when the run stops (its end, or enough games).
    stop: watch::Sender<bool>,
    tally: RefCell<Tally>,
}

impl Run {
    /// The API address `/api/PATH`.
    fn api(&self, path: &str) -> reqwest::Url {
        let mut url = self.options.url.clone();
        url.set_path(&format!("/api/{path}"));
        url
    }

    fn stopped(&self) -> bool {
        *self.stop.borrow()
    }

    /// An action answered after `latency`: counted if the run has not stopped.
    fn answered(&self, latency: Duration) {
        if !self.stopped() {
            self.tally.borrow_mut().answered(latency);
        }
    }

    fn game_over(&self) {
        let mut tally = self.tally.borrow_mut();
        tally.games += 1;
        if self.options.games.is_some_and(|limit| tally.games >= limit) {
            self.stop.send_replace(true);
        }
    }

    fn error(&self, error: LoadError) {
        if !self.stopped() {
            self.tally.borrow_mut().error(error);
        }
    }
}

/// Plays the load and reports it. The figures are taken when the run stops, while every room
/// slot's room is still open.
///
/// ```
/// use boardgames_load::{run, Options};
/// let mut options = Options::new("http://127.0.0.1:9").unwrap();
/// options.rooms = 0;
/// assert!(run(&options).is_err());
/// ```
pub fn run(options: &Options) -> Result<Report, LoadError> {
    options.check()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| LoadError::Start(e.to_string()))?;
    let http = reqwest::Client::builder()
        .no_proxy()
        .build()
        .map_err(LoadError::Http)?;
    let base = options.pid.and_then(ProcSample::read);
    let start = Instant::now();
    let run = Run {
        options: options.clone(),
        http,
        end: start + options.duration,
        stop: watch::channel(false).0,
        tally: RefCell::new(Tally::default()),
    };
    let (elapsed, end) = runtime.block_on(async {
        let clock = async {
            let mut stop = run.stop.subscribe();
            tokio::select! {
                () = tokio::time::sleep_until(run.end.into()) => {}
                _ = stop.wait_for(|stopped| *stopped) => {}
            }
            let at = start.elapsed();
            let end = options.pid.and_then(ProcSample::read);
            run.stop.send_replace(true);
            (at, end)
        };
        let slots = (0..options.rooms as u64).map(|slot| room::room_slot(&run, slot));
        let (measured, _) = tokio::join!(clock, futures_util::future::join_all(slots));
        measured
    });
    Ok(run.tally.into_inner().report(options, elapsed, base, end))
}
