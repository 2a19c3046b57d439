//! `boardgame serve`, the real binary: its start-up line, and a fault test: the server killed
//! with SIGKILL in the middle of games and started again on the same database loses no
//! accepted action, and every client resumes and plays its game to the end.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A `boardgame serve` process and the address it printed.
struct Serve {
    child: Child,
    base: String,
}

impl Serve {
    fn start(db: &str, dir: &Path) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--db",
                db,
                "--rate",
                "0",
                "--max-agent-ms",
                "20",
            ])
            .current_dir(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("boardgame serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("the start-up line");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("start-up line: {line:?}"))
            .to_string();
        assert!(
            base.starts_with("http://127.0.0.1:") && !base.ends_with(":0"),
            "{base}"
        );
        Serve { child, base }
    }

    /// SIGKILL, no warning.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn post(
    http: &reqwest::Client,
    url: &str,
    body: Value,
    token: Option<&str>,
) -> Option<(u16, Value)> {
    let mut req = http.post(url).json(&body).timeout(Duration::from_secs(10));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.ok()?;
    let status = r.status().as_u16();
    Some((status, r.json().await.ok()?))
}

async fn get(http: &reqwest::Client, url: &str) -> Value {
    http.get(url).send().await.unwrap().json().await.unwrap()
}

/// A room of people: its id and tokens, and the room as the last 200 answer left it.
struct Table {
    id: String,
    tokens: Vec<String>,
    last: Value,
}

async fn people_room(
    http: &reqwest::Client,
    base: &str,
    game: &str,
    params: &str,
    n: usize,
) -> Table {
    let body = json!({"game": game, "params": params, "seats": vec!["human"; n]});
    let (status, room) = post(http, &format!("{base}/api/rooms"), body, None)
        .await
        .unwrap();
    assert_eq!(status, 201, "{room}");
    let id = room["id"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for i in 0..n {
        let (status, seat) = post(
            http,
            &format!("{base}/api/rooms/{id}/seats/{i}"),
            json!({}),
            None,
        )
        .await
        .unwrap();
        assert_eq!(status, 200);
        tokens.push(seat["token"].as_str().unwrap().to_string());
    }
    Table {
        id,
        tokens,
        last: room,
    }
}

/// Plays `moves` actions by POST (the first legal action of the seat to act).
async fn play(http: &reqwest::Client, base: &str, t: &mut Table, moves: usize) {
    for _ in 0..moves {
        if t.last["over"] == true {
            return;
        }
        let seat = t.last["to_act"].as_u64().unwrap() as usize;
        let body = json!({"action": t.last["legal"][0], "ply": t.last["ply"]});
        let (status, room) = post(
            http,
            &format!("{base}/api/rooms/{}/actions", t.id),
            body,
            Some(&t.tokens[seat]),
        )
        .await
        .unwrap();
        assert_eq!(status, 200, "{room}");
        t.last = room;
    }
}

/// Every action the last answer showed is still there, in order.
fn keeps(now: &Value, last: &Value) {
    let (now, last) = (
        now["actions"].as_array().unwrap(),
        last["actions"].as_array().unwrap(),
    );
    assert!(
        now.len() >= last.len(),
        "lost actions: {} now, {} answered",
        now.len(),
        last.len()
    );
    assert_eq!(&now[..last.len()], &last[..]);
}

/// Plays to the end over WebSocket, every seat a client with its token (reconnected): the
/// client whose seat is to act plays the first legal action of the newest room it was sent.
async fn finish(base: &str, t: &Table) -> Value {
    let ws_base = base.replacen("http://", "ws://", 1);
    let mut sinks = Vec::new();
    let mut streams = Vec::new();
    for (seat, token) in t.tokens.iter().enumerate() {
        let url = format!("{ws_base}/api/rooms/{}/live?token={token}", t.id);
        let (sink, stream) = tokio_tungstenite::connect_async(url)
            .await
            .unwrap()
            .0
            .split();
        sinks.push(sink);
        streams.push(stream.map(move |m| (seat, m)).boxed());
    }
    let mut all = futures_util::stream::select_all(streams);
    let mut played_at: Option<u64> = None;
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        assert!(Instant::now() < deadline, "the game did not end in time");
        let (seat, msg) = tokio::time::timeout(Duration::from_secs(20), all.next())
            .await
            .unwrap()
            .unwrap();
        let Message::Text(text) = msg.unwrap() else {
            continue;
        };
        let room: Value = serde_json::from_str(text.as_str()).unwrap();
        if room.get("error").is_some() {
            continue;
        }
        if room["over"] == true {
            return room;
        }
        let ply = room["ply"].as_u64().unwrap();
        if room["to_act"] == seat && played_at.is_none_or(|p| ply > p) {
            played_at = Some(ply);
            // A varied choice (the first legal action may go round in circles).
            let legal = room["legal"].as_array().unwrap();
            let body = json!({"action": legal[(ply as usize * 7 + 3) % legal.len()], "ply": ply});
            sinks[seat]
                .send(Message::Text(body.to_string().into()))
                .await
                .unwrap();
        }
    }
}

#[test]
fn serve_prints_its_address_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("a.db").display());
    let server = Serve::start(&db, dir.path());
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let health = get(
            &reqwest::Client::new(),
            &format!("{}/api/health", server.base),
        )
        .await;
        assert_eq!(health, json!({"ok": true}));
    });
    server.kill();
}

#[test]
fn sigkill_in_the_middle_of_games_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("rooms.db").display());
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let http = reqwest::Client::new();
        let server = Serve::start(&db, dir.path());
        let base = server.base.clone();
        let mut people = vec![
            people_room(&http, &base, "splut", "", 2).await,
            people_room(&http, &base, "arandia", "turn_limit=40", 3).await,
            people_room(&http, &base, "slimetrail", "", 2).await,
        ];
        let (_, agents) = post(
            &http,
            &format!("{base}/api/rooms"),
            json!({"game": "repello", "seats": ["random", "random"]}),
            None,
        )
        .await
        .unwrap();
        let agents_id = agents["id"].as_str().unwrap().to_string();
        // Games in progress on every room, then SIGKILL while the agents play and a client
        // posts an action.
        for t in people.iter_mut() {
            play(&http, &base, t, 7).await;
        }
        let in_flight = {
            let t = &people[0];
            let seat = t.last["to_act"].as_u64().unwrap() as usize;
            let req = http
                .post(format!("{base}/api/rooms/{}/actions", t.id))
                .bearer_auth(&t.tokens[seat])
                .json(&json!({"action": t.last["legal"][0], "ply": t.last["ply"]}))
                .send();
            tokio::spawn(req)
        };
        let agents_seen = get(&http, &format!("{base}/api/rooms/{agents_id}")).await;
        server.kill();
        let in_flight = in_flight.await.unwrap().ok().map(|r| r.status().as_u16());

        let server = Serve::start(&db, dir.path());
        let base = server.base.clone();
        for (k, t) in people.iter().enumerate() {
            let now = get(&http, &format!("{base}/api/rooms/{}", t.id)).await;
            keeps(&now, &t.last);
            // Nobody but the killed request could act: the room is as its last answer left
            // it, or one action further if that request was committed before the kill.
            let extra = now["ply"].as_u64().unwrap() - t.last["ply"].as_u64().unwrap();
            assert!(
                extra == 0 || (k == 0 && in_flight != Some(409) && extra >= 1),
                "{k}: {extra} more"
            );
        }
        let agents_now = get(&http, &format!("{base}/api/rooms/{agents_id}")).await;
        keeps(&agents_now, &agents_seen);
        // Every client reconnects and plays on to the end; the agents' room ends too.
        let mut ends = Vec::new();
        for t in &people {
            ends.push(finish(&base, t));
        }
        for room in futures_util::future::join_all(ends).await {
            assert_eq!(room["over"], true);
        }
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let room = get(&http, &format!("{base}/api/rooms/{agents_id}")).await;
            if room["over"] == true {
                keeps(&room, &agents_seen);
                break;
            }
            assert!(Instant::now() < deadline, "the agents' room did not end");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        server.kill();
    });
}

#[test]
fn serve_refuses_a_thread_count_out_of_bounds_before_opening_anything() {
    let dir = tempfile::tempdir().unwrap();
    for threads in ["0", "1025"] {
        let out = Command::new(env!("CARGO_BIN_EXE_boardgame"))
            .args(["serve", "--addr", "127.0.0.1:0", "--threads", threads])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--threads {threads}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("--threads {threads}: from 1 to 1024")),
            "{err}"
        );
        assert!(out.stdout.is_empty());
        // No database was made.
        assert!(!dir.path().join("boardgames.db").exists());
    }
}
