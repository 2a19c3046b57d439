//! # boardgames-server
//!
//! The online game server of the workspace, as a library (the command `boardgame serve` is a
//! thin call into it): people play the five games together in *rooms*, from a browser or any
//! client that speaks HTTP and WebSocket; spectators watch; the server plays the agent seats
//! and rolls the dice.
//!
//! - A room is created with a game, its parameters and one entry per seat: `"human"` or an
//!   agent SPEC. A person takes a free seat and gets a *token* (128 random bits, kept only
//!   hashed) that is needed to act for it.
//! - Every accepted action (the dice drawn at once after it included) is committed to the
//!   database, in one transaction that refuses a stale ply, before it is answered or pushed to
//!   the room's WebSocket clients. After a crash and restart every room is as its last answer
//!   left it: rooms are rebuilt by replaying their stored actions.
//! - SQLite (a file, the default) or PostgreSQL, which several instances may share: an action
//!   accepted by one reaches the WebSocket clients of the others (`LISTEN`/`NOTIFY`).
//! - Agents think on a fixed pool of threads, each move capped in time
//!   ([`Config::max_agent_ms`]).
//! - Limits: body and WebSocket message sizes, requests per client, open rooms.
//!
//! The routes, the room's JSON and the WebSocket messages are described in the repository's
//! `docs/online.md`.
//!
//! ```no_run
//! # async fn run() -> Result<(), boardgames_server::StartError> {
//! let config = boardgames_server::Config {
//!     addr: "127.0.0.1:8080".into(),
//!     db: "sqlite://boardgames.db".into(),
//!     ..Default::default()
//! };
//! let server = boardgames_server::Server::bind(config).await?;
//! println!("listening on http://{}", server.local_addr());
//! server.run().await?;
//! # Ok(()) }
//! ```

mod agents;
mod app;
mod checkpoint;
mod commits;
mod db;
mod error;
pub mod fuzzing;
mod game;
mod limits;
mod live;
mod migrations;
mod notify;
mod room;
mod routes;
mod secret;
mod sql;
mod store;
#[cfg(test)]
mod test_db;

pub use error::ApiError;

use app::App;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use axum::Router;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;

/// How a server runs: where it listens, its database, its limits.
///
/// ```
/// let c = boardgames_server::Config::default();
/// assert_eq!(c.addr, "127.0.0.1:8080");
/// assert_eq!(c.db, "sqlite://boardgames.db");
/// assert_eq!(c.max_agent_ms, 2000);
/// ```
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST:PORT` to listen on; port 0 picks a free port.
    pub addr: String,
    /// The database: `sqlite://FILE` (created with its tables if missing) or
    /// `postgres://USER@HOST/DB`.
    pub db: String,
    /// The folder of the built web page, served at `/`; `None`: `web/` of the working
    /// directory if the page is built there.
    pub web: Option<PathBuf>,
    /// The longest an agent may think per move, in milliseconds (a SPEC's `time=` above it,
    /// or none, is capped to it).
    pub max_agent_ms: u64,
    /// Threads the agents think on.
    pub agent_threads: usize,
    /// The largest request body, in bytes (larger: 413).
    pub max_body_bytes: usize,
    /// The largest WebSocket message, in bytes (larger: the connection is closed).
    pub max_frame_bytes: usize,
    /// Requests (and WebSocket actions) per second from one IP address; 0: no limit.
    pub requests_per_second: u32,
    /// The burst a client may send above its rate.
    pub burst: u32,
    /// The most rooms whose game is not over, on the database (all instances sharing it
    /// together); counted in the transaction that stores a new room, so rooms asked for at
    /// once of one server cannot pass it together (instances sharing PostgreSQL may pass it
    /// by the rooms they store at the same moment). More: 503.
    pub max_open_rooms: u64,
    /// Database connections.
    pub db_connections: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: "127.0.0.1:8080".into(),
            db: "sqlite://boardgames.db".into(),
            web: None,
            max_agent_ms: 2000,
            agent_threads: std::thread::available_parallelism().map_or(2, usize::from),
            max_body_bytes: 16 * 1024,
            max_frame_bytes: 16 * 1024,
            requests_per_second: 20,
            burst: 100,
            max_open_rooms: 10_000,
            db_connections: 16,
        }
    }
}

/// Why a server could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// The address could not be listened on.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The database could not be opened or migrated.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The web page's folder does not exist.
    #[error("no web page folder {0}")]
    Web(PathBuf),
    /// Serving failed.
    #[error("serving: {0}")]
    Serve(#[from] std::io::Error),
}

/// A server bound to its address, its database open and migrated; [`Server::run`] serves.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// let dir = std::env::temp_dir().join(format!("bgs-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let config = boardgames_server::Config {
///     addr: "127.0.0.1:0".into(),
///     db: format!("sqlite://{}", dir.join("doc.db").display()),
///     ..Default::default()
/// };
/// let server = boardgames_server::Server::bind(config).await.unwrap();
/// assert_ne!(server.local_addr().port(), 0);
/// // Serve until the future given resolves (here: at once).
/// server.run_until(async {}).await.unwrap();
/// std::fs::remove_dir_all(dir).unwrap();
/// # }
/// ```
pub struct Server {
    listener: tokio::net::TcpListener,
    app: Arc<App>,
    router: Router,
}

/// The folder of the built page: the one given, or `web/` if `web/pkg/` is there.
fn web_folder(config: &Config) -> Result<Option<PathBuf>, StartError> {
    match &config.web {
        Some(dir) if dir.join("index.html").is_file() => Ok(Some(dir.clone())),
        Some(dir) => Err(StartError::Web(dir.clone())),
        None => {
            let dir = PathBuf::from("web");
            let built = dir.join("index.html").is_file() && dir.join("pkg").is_dir();
            Ok(built.then_some(dir))
        }
    }
}

impl Server {
    /// Opens the database (creating and migrating it), binds the address and rebuilds the
    /// open rooms (their agents, dice and clocks go on).
    pub async fn bind(config: Config) -> Result<Server, StartError> {
        let web = web_folder(&config)?;
        let store = store::Store::open(&config.db, config.db_connections).await?;
        let listener = tokio::net::TcpListener::bind(&config.addr)
            .await
            .map_err(|source| StartError::Bind {
                addr: config.addr.clone(),
                source,
            })?;
        let app = Arc::new(App::new(config.clone(), store));
        app.resume().await;
        if app.store.backend() == db::Backend::Postgres {
            tokio::spawn(notify::listen(Arc::clone(&app), config.db.clone()));
        }
        if app.limiter.is_some() {
            let app = Arc::clone(&app);
            tokio::spawn(async move {
                let mut every = tokio::time::interval(Duration::from_secs(60));
                loop {
                    every.tick().await;
                    if let Some(l) = &app.limiter {
                        l.forget_idle();
                    }
                }
            });
        }
        let router = router(Arc::clone(&app), web, config.max_body_bytes);
        Ok(Server {
            listener,
            app,
            router,
        })
    }

    /// The address it listens on (the real port when 0 was asked).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)))
    }

    /// Serves until Ctrl-C or SIGTERM.
    pub async fn run(self) -> Result<(), StartError> {
        self.run_until(stop_signal()).await
    }

    /// Serves until `shutdown` resolves, then lets the requests in progress finish.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), StartError> {
        let service = self
            .router
            .into_make_service_with_connect_info::<SocketAddr>();
        // Every answer and pushed room is a small frame sent as soon as it is ready: without
        // TCP_NODELAY, Nagle's algorithm holds it until the client's delayed ACK (up to 40 ms
        // on Linux), which made a WebSocket seat wait 40 ms for the room after each action.
        let listener = self.listener.tap_io(|stream| {
            // A socket that refuses the option is still served, only slower.
            let _ = stream.set_nodelay(true);
        });
        axum::serve(listener, service)
            .with_graceful_shutdown(shutdown)
            .await?;
        self.app.store.close().await;
        Ok(())
    }
}

async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

fn router(app: Arc<App>, web: Option<PathBuf>, max_body: usize) -> Router {
    let api = Router::new()
        .route("/api/health", get(routes::health))
        .route("/api/games", get(routes::games))
        .route("/api/rooms", post(routes::create).get(routes::list))
        .route("/api/rooms/{id}", get(routes::get_room))
        .route(
            "/api/rooms/{id}/seats/{seat}",
            post(routes::take_seat).delete(routes::leave_seat),
        )
        .route("/api/rooms/{id}/actions", post(routes::act))
        .route("/api/rooms/{id}/rematch", post(routes::rematch))
        .route("/api/{*rest}", axum::routing::any(routes::no_route))
        .layer(DefaultBodyLimit::max(max_body))
        .layer(CompressionLayer::new())
        .route("/api/rooms/{id}/live", get(live::live))
        .layer(axum::middleware::from_fn(routes::json_errors))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            routes::rate_limit,
        ))
        .with_state(app);
    let page = match web {
        Some(dir) => Router::new().fallback_service(ServeDir::new(dir)),
        None => Router::new().route("/", get(routes::not_built)),
    };
    api.merge(page.layer(CompressionLayer::new()))
}
