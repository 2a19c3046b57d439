//! The HTTP API: the routes of the contract and the server's additions, each answering JSON.

use crate::app::{Actor, App, NewRoom, SharedRoom};
use crate::db::Backend;
use crate::error::ApiError;
use crate::secret;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, Path, Query, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;

/// A JSON body, refused with a JSON error: 413 above the size limit, 400 when it does not
/// read as the fields expected.
pub(crate) struct Body<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(e.status(), "the request body is too large")
            } else {
                ApiError::new(e.status(), e.body_text())
            }
        })?;
        parse(&bytes).map(Body)
    }
}

/// Reads a request's JSON; an empty body reads as `{}`.
pub(crate) fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        bytes
    };
    serde_json::from_slice(bytes)
        .map_err(|e| ApiError::bad_request(format!("unreadable JSON: {e}")))
}

/// `POST /api/rooms`.
#[derive(Debug, Deserialize)]
pub(crate) struct CreateBody {
    pub(crate) game: String,
    #[serde(default)]
    pub(crate) params: Option<String>,
    pub(crate) seats: Vec<String>,
    #[serde(default)]
    pub(crate) move_seconds: Option<u64>,
}

/// `POST /api/rooms/ID/seats/I`.
#[derive(Debug, Deserialize)]
pub(crate) struct SeatBody {
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/rooms/ID/actions` and a WebSocket client's message.
#[derive(Debug, Deserialize)]
pub(crate) struct ActionBody {
    pub(crate) action: String,
    pub(crate) ply: u64,
}

/// `GET /api/rooms?open=BOOL&game=NAME&limit=N`.
#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    #[serde(default)]
    open: Option<bool>,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    limit: Option<u64>,
}

/// An answer that is a room's JSON already written.
fn room_answer(status: StatusCode, text: &str) -> Response {
    (
        status,
        [(CONTENT_TYPE, HeaderValue::from_static("application/json"))],
        text.to_owned(),
    )
        .into_response()
}

/// The token of `Authorization: Bearer T`, hashed.
fn bearer(headers: &HeaderMap) -> Result<String, ApiError> {
    let value = headers.get(AUTHORIZATION).ok_or_else(|| {
        ApiError::unauthorized("no token: send the header `Authorization: Bearer TOKEN`")
    })?;
    let token = value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::unauthorized("the Authorization header is not `Bearer TOKEN`"))?;
    Ok(secret::token_hash(token))
}

/// A seat number from the path: 404 when it is not one.
fn seat_number(text: &str) -> Result<usize, ApiError> {
    text.parse().map_err(|_| {
        ApiError::not_found(format!(
            "no seat `{}`",
            text.chars().take(20).collect::<String>()
        ))
    })
}

/// A person's name: trimmed, at most 40 characters, no control characters.
fn clean_name(name: Option<String>) -> Result<Option<String>, ApiError> {
    let Some(name) = name else { return Ok(None) };
    let name = name.trim();
    if name.is_empty() {
        return Ok(None);
    }
    if name.chars().count() > 40 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "a name has 1 to 40 characters, none of them control characters",
        ));
    }
    Ok(Some(name.to_string()))
}

pub(crate) async fn health() -> Json<serde_json::Value> {
    Json(json!({"ok": true}))
}

pub(crate) async fn games() -> Json<serde_json::Value> {
    let games: Vec<serde_json::Value> = boardgames::GAMES
        .iter()
        .map(|g| {
            json!({
                "name": g.name(),
                "title": g.title(),
                "seats": g.seat_names(),
                "min_players": g.min_players(),
                "max_players": g.max_players(),
                "chance": g.has_chance(),
                "params": g.params().iter().map(|p| p.key()).collect::<Vec<_>>(),
            })
        })
        .collect();
    Json(json!({"games": games}))
}

pub(crate) async fn create(
    State(app): State<Arc<App>>,
    body: Result<Body<CreateBody>, ApiError>,
) -> Result<Response, ApiError> {
    let Body(b) = body?;
    let text = app
        .create(
            NewRoom {
                game: b.game,
                params: b.params,
                seats: b.seats,
                move_seconds: b.move_seconds,
            },
            None,
        )
        .await?;
    Ok(room_answer(StatusCode::CREATED, text.as_str()))
}

pub(crate) async fn list(
    State(app): State<Arc<App>>,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let limit = q.limit.unwrap_or(50).clamp(1, 200);
    let rooms = app
        .store
        .list(q.open.unwrap_or(true), q.game.as_deref(), limit)
        .await
        .map_err(|e| ApiError::database(&e))?;
    Ok(Json(json!({"rooms": rooms})))
}

pub(crate) async fn get_room(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let shared = app.room(&id).await?;
    let mut room = shared.lock().await;
    if app.store.backend() == Backend::Postgres && app.refresh(&mut room).await? {
        // Another instance changed it and its notification is still on the way.
        room.publish();
    }
    let text = room.text();
    drop(room);
    app.release(&shared).await;
    Ok(room_answer(StatusCode::OK, &text))
}

pub(crate) async fn take_seat(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(String, String)>,
    body: Result<Body<SeatBody>, ApiError>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let room: SharedRoom = app.room(&id).await?;
    let seat = seat_number(&seat)?;
    let Body(b) = body?;
    let name = clean_name(b.name)?;
    let token = app.take_seat(&room, seat, name).await?;
    Ok(Json(json!({"seat": seat, "token": token})))
}

pub(crate) async fn leave_seat(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let room = app.room(&id).await?;
    let seat = seat_number(&seat)?;
    let hash = bearer(&headers)?;
    let text = app.leave_seat(&room, seat, &hash).await?;
    Ok(room_answer(StatusCode::OK, text.as_str()))
}

pub(crate) async fn act(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Body<ActionBody>, ApiError>,
) -> Result<Response, ApiError> {
    let room = app.room(&id).await?;
    let hash = bearer(&headers)?;
    let Body(b) = body?;
    let text = app
        .act(&room, Actor::Token(&hash), &b.action, b.ply)
        .await?;
    app.release(&room).await;
    Ok(room_answer(StatusCode::OK, text.as_str()))
}

pub(crate) async fn rematch(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let shared = app.room(&id).await?;
    let (new, existing) = {
        let room = shared.lock().await;
        let new = NewRoom {
            game: room.entry.name().to_string(),
            params: Some(room.params.clone()),
            seats: room.seats.iter().map(|s| s.kind.clone()).collect(),
            move_seconds: room.move_seconds,
        };
        (new, room.rematch.clone())
    };
    if let Some(existing) = existing {
        let room = app.room(&existing).await?;
        let text = room.lock().await.text();
        return Ok(room_answer(StatusCode::OK, &text));
    }
    let text = app.create(new, Some(&id)).await?;
    Ok(room_answer(StatusCode::CREATED, text.as_str()))
}

pub(crate) async fn no_route() -> ApiError {
    ApiError::not_found("no such route (see the API in the server's docs)")
}

/// 429 for a client over its rate.
pub(crate) async fn rate_limit(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    if let Some(limiter) = &app.limiter {
        if !limiter.allow(peer.ip()) {
            return ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too many requests: slow down",
            )
            .into_response();
        }
    }
    next.run(request).await
}

/// Errors of the API that the framework answers itself (405, 415, ...) as JSON too.
pub(crate) async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if (status.is_client_error() || status.is_server_error()) && !is_json {
        let reason = status.canonical_reason().unwrap_or("refused");
        return ApiError::new(status, reason.to_lowercase()).into_response();
    }
    response
}

/// The page at `/` when the web page is not built.
pub(crate) async fn not_built() -> Response {
    (
        StatusCode::OK,
        [(CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"))],
        "<!doctype html><title>boardgame serve</title><h1>The web page is not built</h1>\
         <p>Build it with <code>web/build.sh</code> in the repository (it writes <code>web/pkg/</code>), \
         then start <code>boardgame serve</code> in the repository's folder, or give the page's \
         folder with <code>boardgame serve --web DIR</code>. The API answers at <code>/api/</code>.</p>",
    )
        .into_response()
}
