//! A refusal: an HTTP status and a one-line reason, answered as `{"error": REASON}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refusal of a request or a WebSocket message: its status and a one-line reason.
///
/// Answered over HTTP as the status with the body `{"error": REASON}`, and over the
/// WebSocket as `{"error": REASON, "status": CODE}` to the client that sent the message.
///
/// ```
/// use boardgames_server::ApiError;
/// let e = ApiError::stale(3, 5);
/// assert_eq!(e.status().as_u16(), 409);
/// assert_eq!(e.to_string(), "stale ply 3: the room is at ply 5");
/// assert_eq!(e.to_json()["status"], 409);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct ApiError {
    status: StatusCode,
    reason: String,
}

impl ApiError {
    /// A refusal with this status and reason (control characters of the reason are
    /// replaced, so that the reason stays one line).
    pub fn new(status: StatusCode, reason: impl Into<String>) -> ApiError {
        let reason: String = reason.into();
        let reason = reason
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        ApiError { status, reason }
    }

    /// 400: unreadable JSON or fields.
    pub fn bad_request(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, reason)
    }

    /// 401: no token, or a token of no seat of the room.
    pub fn unauthorized(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, reason)
    }

    /// 403: a token of another seat, or not that seat's turn.
    pub fn forbidden(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, reason)
    }

    /// 404: unknown room or seat.
    pub fn not_found(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, reason)
    }

    /// 409: the seat is taken.
    pub fn conflict(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, reason)
    }

    /// 409: the client's `ply` is not the room's.
    pub fn stale(given: u64, room: u64) -> ApiError {
        ApiError::conflict(format!("stale ply {given}: the room is at ply {room}"))
    }

    /// 422: unknown game, bad parameters or SPEC, an illegal action.
    pub fn unprocessable(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, reason)
    }

    /// 503: the server cannot take this now (the cap on open rooms, the database).
    pub fn unavailable(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, reason)
    }

    /// 500: the database failed; the reason is logged, the client learns only that.
    pub(crate) fn database(error: &sqlx::Error) -> ApiError {
        eprintln!("boardgames-server: database error: {error}");
        ApiError::unavailable("the database failed; nothing was changed, try again")
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The one-line reason.
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// The WebSocket form: `{"error": REASON, "status": CODE}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({"error": self.reason, "status": self.status.as_u16()})
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({"error": self.reason}))).into_response()
    }
}
