//! What the server's tests share: a server in-process on a free port, an HTTP client, a
//! WebSocket client, and the database URLs to test against.
#![allow(dead_code)]

pub mod suite;

use boardgames_server::{Config, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A WebSocket client's connection.
pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A server running in this process.
pub struct Running {
    pub addr: SocketAddr,
    stop: oneshot::Sender<()>,
    handle: tokio::task::JoinHandle<()>,
}

/// The configuration of a test server on `db`: a free port, no rate limit.
pub fn config(db: &str) -> Config {
    Config {
        addr: "127.0.0.1:0".into(),
        db: db.into(),
        requests_per_second: 0,
        max_agent_ms: 200,
        agent_threads: 2,
        db_connections: 4,
        ..Config::default()
    }
}

/// A SQLite database in `dir`.
pub fn sqlite(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("rooms.db").display())
}

/// The PostgreSQL database to test against, if the environment names one.
pub fn postgres() -> Option<String> {
    let url = std::env::var("BOARDGAMES_TEST_POSTGRES")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .ok()
        .filter(|u| u.starts_with("postgres"));
    if url.is_none() {
        eprintln!(
            "skipped: set BOARDGAMES_TEST_POSTGRES=postgres://... to run the PostgreSQL tests"
        );
    }
    url
}

pub async fn start(config: Config) -> Running {
    let server = Server::bind(config).await.expect("the server starts");
    let addr = server.local_addr();
    let (stop, stopped) = oneshot::channel::<()>();
    let handle = tokio::spawn(async move {
        server
            .run_until(async {
                let _ = stopped.await;
            })
            .await
            .expect("the server runs");
    });
    Running { addr, stop, handle }
}

impl Running {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub fn ws_url(&self, path: &str) -> String {
        format!("ws://{}{path}", self.addr)
    }

    /// Stops the server and waits until it has.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = tokio::time::timeout(Duration::from_secs(20), self.handle).await;
    }
}

/// An HTTP client that answers (status, JSON).
#[derive(Clone, Default)]
pub struct Http(reqwest::Client);

impl Http {
    pub async fn get(&self, url: &str) -> (u16, Value) {
        let r = self.0.get(url).send().await.expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, url: &str, body: &Value, token: Option<&str>) -> (u16, Value) {
        self.post_raw(url, body.to_string(), token).await
    }

    pub async fn post_raw(&self, url: &str, body: String, token: Option<&str>) -> (u16, Value) {
        let mut req = self
            .0
            .post(url)
            .header("content-type", "application/json")
            .body(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let r = req.send().await.expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn delete(&self, url: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = self.0.delete(url);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let r = req.send().await.expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Creates a room; panics unless 201.
    pub async fn room(&self, s: &Running, game: &str, params: &str, seats: &[&str]) -> Value {
        let (status, room) = self
            .post(
                &s.url("/api/rooms"),
                &json!({"game": game, "params": params, "seats": seats}),
                None,
            )
            .await;
        assert_eq!(status, 201, "{room}");
        room
    }

    /// Posts an action (`body`: `{"action": ..., "ply": ...}`) to room `id` with `token`.
    pub async fn act(
        &self,
        s: &Running,
        id: &str,
        body: Value,
        token: Option<&str>,
    ) -> (u16, Value) {
        self.post(&s.url(&format!("/api/rooms/{id}/actions")), &body, token)
            .await
    }

    /// Asks for a rematch of room `id`.
    pub async fn rematch(&self, s: &Running, id: &str) -> (u16, Value) {
        self.post(
            &s.url(&format!("/api/rooms/{id}/rematch")),
            &json!({}),
            None,
        )
        .await
    }

    /// Takes a seat; panics unless 200; returns the token.
    pub async fn seat(&self, s: &Running, id: &str, seat: usize, name: &str) -> String {
        let (status, answer) = self
            .post(
                &s.url(&format!("/api/rooms/{id}/seats/{seat}")),
                &json!({"name": name}),
                None,
            )
            .await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["seat"], seat);
        answer["token"].as_str().unwrap().to_string()
    }
}

pub async fn connect(url: &str) -> Ws {
    tokio_tungstenite::connect_async(url)
        .await
        .expect("websocket")
        .0
}

/// The next JSON text message (pings skipped); panics after `secs` seconds.
pub async fn next(ws: &mut Ws, secs: u64) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(secs), ws.next())
            .await
            .expect("a message in time")
            .expect("the connection is open")
            .expect("a message");
        if let Message::Text(t) = msg {
            return serde_json::from_str(t.as_str()).expect("JSON");
        }
    }
}

pub async fn send(ws: &mut Ws, value: &Value) {
    ws.send(Message::Text(value.to_string().into()))
        .await
        .expect("send");
}

/// The room without what lives only in memory (presence).
pub fn stored_part(room: &Value) -> Value {
    let mut r = room.clone();
    if let Some(seats) = r["seats"].as_array_mut() {
        for s in seats {
            s["connected"] = Value::Null;
        }
    }
    r
}

/// Checks a finished room against the engine: its actions replayed from the start give its
/// position and status.
pub fn check_against_engine(room: &Value) {
    let mut game = boardgames::start(
        room["game"].as_str().unwrap(),
        room["params"].as_str().unwrap(),
        None,
    )
    .unwrap();
    let actions: Vec<&str> = room["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    game.play_all(&actions).unwrap();
    assert_eq!(room["position"], game.position());
    assert_eq!(room["status"], game.status_line());
    assert_eq!(room["ply"], actions.len());
}

/// The id of a room as the server describes it.
pub fn room_id(room: &Value) -> String {
    room["id"].as_str().unwrap().to_string()
}
