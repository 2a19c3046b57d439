//! Everything that can stop a load test or one of its games.

/// Why a load test could not run, or why one game of it failed (counted in
/// [`Report::errors`](crate::Report::errors)).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The options are out of bounds (rooms, seats, time) or not a loopback address.
    #[error("{0}")]
    Options(String),
    /// The server command could not be started or never said where it listens.
    #[error("the server did not start: {0}")]
    Start(String),
    /// A request could not be sent or its answer read.
    #[error("HTTP: {0}")]
    Http(#[from] reqwest::Error),
    /// The WebSocket failed.
    #[error("WebSocket: {0}")]
    WebSocket(#[from] tokio_tungstenite::tungstenite::Error),
    /// The server closed a WebSocket in the middle of a game.
    #[error("the server closed the WebSocket of room {0}")]
    Closed(String),
    /// A message that is neither a room nor a refusal.
    #[error("unreadable message from the server: {0}")]
    Message(#[from] serde_json::Error),
    /// The server refused a request the scripted client made by the contract.
    #[error("refused with status {status}: {error}")]
    Refused {
        /// The HTTP status (or the `status` of a WebSocket refusal).
        status: u16,
        /// The server's one-line reason.
        error: String,
    },
    /// No answer to an action within the time allowed.
    #[error("no answer to an action in room {0} within {1} s")]
    Timeout(String, u64),
}
