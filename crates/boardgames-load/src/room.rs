//! One room slot of the load: games played one after another, each from its creation to its
//! end by one scripted client per seat.

use crate::{LoadError, Run, Via};
use futures_util::{SinkExt, StreamExt};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::{json, Value};
use std::borrow::Cow;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// How long a seat waits for the answer to its action before the game counts as failed.
const ACTION_TIMEOUT: Duration = Duration::from_secs(10);

/// The fields of the room the scripted clients read (the others are skipped unread).
#[derive(Debug, Deserialize)]
struct Room {
    id: Value,
    ply: u64,
    to_act: Option<usize>,
    #[serde(default)]
    legal: Vec<String>,
}

impl Room {
    /// The room's id as it goes into a path (the contract leaves its JSON type open).
    fn id_text(&self) -> String {
        match &self.id {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }
}

/// A message on the room's WebSocket: the room, or a refusal of this client's action
/// (`{"error": ..., "status": CODE}`). Read in one pass: the room is the larger message and
/// the frequent one, and a refusal is told by its `error`.
#[derive(Debug, Deserialize)]
struct Incoming<'a> {
    #[serde(default)]
    error: Option<String>,
    /// The refusal's status code, or the room's status line (not read).
    #[serde(default)]
    status: Option<Status>,
    #[serde(default)]
    ply: u64,
    #[serde(default)]
    to_act: Option<usize>,
    #[serde(default, borrow)]
    legal: Vec<Cow<'a, str>>,
}

/// `status`: a number in a refusal, a line of text in the room.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Status {
    Code(u16),
    Line(IgnoredAny),
}

#[derive(Debug, Deserialize)]
struct SeatTaken {
    token: String,
}

/// Plays games in one room slot until the run stops; a failed game is counted and another
/// one started.
pub(crate) async fn room_slot(run: &Run, slot: u64) {
    let mut rng = Rng::new(slot);
    while !run.stopped() {
        if let Err(error) = play_game(run, &mut rng).await {
            run.error(error);
            // A server that refuses everything is not hammered in a tight loop.
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Answers a request, or the refusal it got.
async fn answer<T: serde::de::DeserializeOwned>(
    request: reqwest::RequestBuilder,
) -> Result<T, LoadError> {
    let response = request.send().await?;
    let status = response.status();
    if status.is_success() {
        return Ok(response.json().await?);
    }
    let body: Value = response.json().await.unwrap_or(Value::Null);
    Err(LoadError::Refused {
        status: status.as_u16(),
        error: body["error"].as_str().unwrap_or("").to_string(),
    })
}

/// One game: create the room with every seat a person's, take the seats, and let each seat's
/// client play until the game is over (or the run stops).
async fn play_game(run: &Run, rng: &mut Rng) -> Result<(), LoadError> {
    let mut body = json!({"game": run.options.game, "seats": vec!["human"; run.options.seats]});
    if let Some(params) = &run.options.params {
        body["params"] = params.clone();
    }
    let room: Room = answer(run.http.post(run.api("rooms")).json(&body)).await?;
    let id = room.id_text();
    let mut seats = Vec::with_capacity(run.options.seats);
    for seat in 0..run.options.seats {
        let url = run.api(&format!("rooms/{id}/seats/{seat}"));
        let taken: SeatTaken = answer(
            run.http
                .post(url)
                .json(&json!({"name": format!("load {seat}")})),
        )
        .await?;
        seats.push(play_seat(run, &id, seat, taken.token, rng.split()));
    }
    // The first seat that fails ends the game for all of its seats.
    let ends = futures_util::future::try_join_all(seats).await?;
    if ends.iter().all(|&over| over) {
        run.game_over();
    }
    Ok(())
}

/// One seat's scripted client: its WebSocket shows every change; when the room says it is this
/// seat's turn, it sends a random legal action and times the answer. `Ok(true)` when the game
/// is over, `Ok(false)` when the run stopped first.
async fn play_seat(
    run: &Run,
    id: &str,
    seat: usize,
    token: String,
    mut rng: Rng,
) -> Result<bool, LoadError> {
    let mut url = run.api(&format!("rooms/{id}/live"));
    url.query_pairs_mut().append_pair("token", &token);
    url.set_scheme("ws")
        .map_err(|()| LoadError::Options("no WebSocket address".into()))?;
    // Small frames go out at once (no Nagle delay), as a browser's do.
    let (mut socket, _) =
        tokio_tungstenite::connect_async_with_config(url.as_str(), Some(socket_config()), true)
            .await?;
    let actions = run.api(&format!("rooms/{id}/actions"));
    let mut stop = run.stop.subscribe();
    // The last ply seen, and the ply and moment of the action waiting for its answer.
    let mut seen: Option<u64> = None;
    let mut sent: Option<(u64, Instant)> = None;
    loop {
        let wake = sent.map_or(run.end + ACTION_TIMEOUT, |(_, at)| at + ACTION_TIMEOUT);
        let frame = tokio::select! {
            frame = socket.next() => frame,
            _ = stop.wait_for(|stopped| *stopped) => return Ok(false),
            () = tokio::time::sleep_until(wake.into()) => {
                return Err(LoadError::Timeout(id.to_string(), ACTION_TIMEOUT.as_secs()));
            }
        };
        let text = match frame {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_))) | None => return Err(LoadError::Closed(id.to_string())),
            Some(Ok(_)) => continue,
            Some(Err(error)) => return Err(error.into()),
        };
        let incoming: Incoming = serde_json::from_str(&text)?;
        if let Some(error) = incoming.error {
            let status = match incoming.status {
                Some(Status::Code(code)) => code,
                _ => 0,
            };
            return Err(LoadError::Refused { status, error });
        }
        let mut room = Seen {
            ply: incoming.ply,
            to_act: incoming.to_act,
            legal: incoming.legal,
        };
        // Each answer may act again for the same seat (several actions in a row, or dice).
        loop {
            if seen.is_some_and(|ply| room.ply <= ply) {
                break;
            }
            seen = Some(room.ply);
            if let Some((ply, at)) = sent {
                if room.ply > ply {
                    run.answered(at.elapsed());
                    sent = None;
                }
            }
            let Some(to_act) = room.to_act else {
                return Ok(true);
            };
            if to_act != seat || sent.is_some() || run.stopped() || room.legal.is_empty() {
                break;
            }
            let action: &str = &room.legal[rng.below(room.legal.len())];
            let message = json!({"action": action, "ply": room.ply});
            sent = Some((room.ply, Instant::now()));
            match run.options.via {
                Via::WebSocket => {
                    socket.send(Message::text(message.to_string())).await?;
                    break;
                }
                Via::Post => {
                    let request = run.http.post(actions.clone()).bearer_auth(&token);
                    let answered: Room = answer(request.json(&message)).await?;
                    room = Seen {
                        ply: answered.ply,
                        to_act: answered.to_act,
                        legal: answered.legal.into_iter().map(Cow::Owned).collect(),
                    };
                }
            }
        }
    }
}

/// What a seat's client knows of the room after a message.
struct Seen<'a> {
    ply: u64,
    to_act: Option<usize>,
    legal: Vec<Cow<'a, str>>,
}

/// The WebSocket's settings: reads of 8 KiB at a time. tungstenite's default (128 KiB) zeroes
/// its whole read buffer before every read, which took two fifths of the clients' time.
fn socket_config() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(8 * 1024)
}

/// A small generator (xorshift64*) for the scripted clients' choices: no two seats alike.
#[derive(Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn split(&mut self) -> Rng {
        Rng::new(self.next())
    }

    /// A number in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
