//! `GET /api/rooms/ID/live`: the room pushed to a WebSocket client at once and after every
//! change; a client with a seat's token may send actions.

use crate::app::{Actor, App, SharedRoom};
use crate::error::ApiError;
use crate::routes::{parse, ActionBody};
use crate::secret;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// `?token=T`.
#[derive(Debug, Deserialize)]
pub(crate) struct LiveQuery {
    #[serde(default)]
    token: Option<String>,
}

/// The bytes a connection reads at a time. A client sends actions of a few dozen bytes;
/// tungstenite's default (128 KiB, zeroed for every new connection) cost a tenth of the
/// server's time under load and that much memory per open socket. Longer messages (up to the
/// frame limit) still arrive, in several reads.
const READ_BUFFER: usize = 4096;

pub(crate) async fn live(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<LiveQuery>, axum::extract::rejection::QueryRejection>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let room = app.room(&id).await?;
    let Query(q) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let seat = match q.token.as_deref() {
        Some(token) => Some(
            app.seat_of_token(&room, token)
                .await
                .ok_or_else(|| ApiError::unauthorized("this token holds no seat of the room"))?,
        ),
        None => None,
    };
    let hash = q.token.as_deref().map(secret::token_hash);
    let upgrade = upgrade.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let limit = app.config.max_frame_bytes;
    Ok(upgrade
        .read_buffer_size(READ_BUFFER)
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| session(app, room, seat.zip(hash), peer.ip(), socket)))
}

/// One client's connection: the room's changes out, its actions in.
async fn session(
    app: Arc<App>,
    shared: SharedRoom,
    holder: Option<(usize, String)>,
    ip: IpAddr,
    socket: WebSocket,
) {
    let (mut sink, mut stream) = socket.split();
    let (mut changes, first) = {
        let mut room = shared.lock().await;
        let changes = room.changes.subscribe();
        let first = match &holder {
            Some((seat, _)) => {
                if let Some(s) = room.seats.get_mut(*seat) {
                    s.connected += 1;
                }
                // Everybody, this client included, learns that the seat is connected.
                room.publish();
                None
            }
            None => Some(Utf8Bytes::from(room.text())),
        };
        (changes, first)
    };
    let mut open = match first {
        Some(text) => sink.send(Message::Text(text)).await.is_ok(),
        None => true,
    };
    let mut ping = tokio::time::interval(Duration::from_secs(30));
    ping.tick().await;
    while open {
        tokio::select! {
            change = changes.recv() => match change {
                Ok(text) => open = sink.send(Message::Text(text)).await.is_ok(),
                Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => open = false,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if let Err(e) = message(&app, &shared, holder.as_ref(), ip, text.as_bytes()).await {
                        open = sink.send(Message::Text(e.to_json().to_string().into())).await.is_ok();
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    let e = ApiError::bad_request("send actions as JSON text messages");
                    open = sink.send(Message::Text(e.to_json().to_string().into())).await.is_ok();
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => open = false,
            },
            _ = ping.tick() => open = sink.send(Message::Ping(Default::default())).await.is_ok(),
        }
    }
    if let Some((seat, _)) = holder {
        let mut room = shared.lock().await;
        if let Some(s) = room.seats.get_mut(seat) {
            s.connected = s.connected.saturating_sub(1);
        }
        room.publish();
    }
    app.release(&shared).await;
}

/// A client's message: `{"action": A, "ply": N}`, answered as the POST would be.
async fn message(
    app: &Arc<App>,
    shared: &SharedRoom,
    holder: Option<&(usize, String)>,
    ip: IpAddr,
    bytes: &[u8],
) -> Result<(), ApiError> {
    if let Some(limiter) = &app.limiter {
        if !limiter.allow(ip) {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too many requests: slow down",
            ));
        }
    }
    let body: ActionBody = parse(bytes)?;
    let Some((_, hash)) = holder else {
        return Err(ApiError::unauthorized("connect with ?token=TOKEN to act"));
    };
    app.act(shared, Actor::Token(hash), &body.action, body.ply)
        .await?;
    Ok(())
}
