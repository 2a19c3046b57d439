//! A room in memory: its game, actions and seats as the database has them, the live
//! connections per seat, and the room's JSON.

use crate::game::{Match, Turn};
use crate::store::{SeatRow, Stored};
use axum::extract::ws::Utf8Bytes;
use boardgames::GameEntry;
use serde::Serialize;
use tokio::sync::broadcast;

/// A seat of a room.
pub(crate) struct Seat {
    /// `human` or the SPEC given when the room was created.
    pub(crate) kind: String,
    /// The SPEC the server plays (capped), for an agent seat.
    pub(crate) agent: Option<String>,
    pub(crate) token_hash: Option<String>,
    pub(crate) name: Option<String>,
    /// Live WebSocket connections holding this seat's token, on this instance.
    pub(crate) connected: u32,
}

/// A room as the database has it, plus what lives only here.
pub(crate) struct Room {
    pub(crate) id: String,
    pub(crate) entry: &'static GameEntry,
    pub(crate) params: String,
    pub(crate) game: Match,
    pub(crate) actions: Vec<String>,
    pub(crate) seats: Vec<Seat>,
    pub(crate) move_seconds: Option<u64>,
    /// When the seat to act runs out of time (Unix milliseconds), with a clock.
    pub(crate) deadline_ms: Option<i64>,
    pub(crate) rematch: Option<String>,
    pub(crate) created_ms: i64,
    /// An agent of this room is thinking.
    pub(crate) agent_busy: bool,
    /// Every change of the room, as the JSON sent to its WebSocket clients.
    pub(crate) changes: broadcast::Sender<Utf8Bytes>,
}

/// Why a stored room cannot be rebuilt (the database holds what this server cannot play).
pub(crate) type Broken = String;

impl Seat {
    fn from_row(entry: &GameEntry, row: SeatRow, max_agent_ms: u64) -> Seat {
        let agent = (row.kind != "human").then(|| {
            // A SPEC stored by another version that no longer reads: the seat plays random.
            crate::agents::capped_spec(entry, &row.kind, max_agent_ms)
                .unwrap_or_else(|_| "random".to_string())
        });
        Seat {
            kind: row.kind,
            agent,
            token_hash: row.token_hash,
            name: row.name,
            connected: 0,
        }
    }
}

impl Room {
    /// The room rebuilt from the database: its actions replayed from the start.
    pub(crate) fn rebuild(stored: Stored, max_agent_ms: u64) -> Result<Room, Broken> {
        let entry = boardgames::find(&stored.room.game).map_err(|e| e.to_string())?;
        let game = Match::start(entry, &stored.room.params)?;
        if stored.seats.len() != game.seat_count() {
            return Err(format!(
                "room {} has {} seats stored for {} in play",
                stored.room.id,
                stored.seats.len(),
                game.seat_count()
            ));
        }
        let (changes, _) = broadcast::channel(16);
        let mut room = Room {
            id: stored.room.id.clone(),
            entry,
            params: stored.room.params.clone(),
            game,
            actions: Vec::new(),
            seats: Vec::new(),
            move_seconds: stored.room.move_seconds,
            deadline_ms: None,
            rematch: None,
            created_ms: stored.room.created_ms,
            agent_busy: false,
            changes,
        };
        room.catch_up(stored, max_agent_ms)?;
        Ok(room)
    }

    /// Takes in what the database has beyond this room: the actions after its ply (replayed),
    /// the seats and the rematch. Returns whether anything changed.
    pub(crate) fn catch_up(&mut self, stored: Stored, max_agent_ms: u64) -> Result<bool, Broken> {
        let mut changed = false;
        for action in stored.actions {
            self.game.play(&action).map_err(|e| {
                format!(
                    "room {}: stored action {} `{action}`: {e}",
                    self.id,
                    self.actions.len()
                )
            })?;
            self.actions.push(action);
            changed = true;
        }
        let connected: Vec<u32> = self.seats.iter().map(|s| s.connected).collect();
        let seats: Vec<Seat> = stored
            .seats
            .into_iter()
            .enumerate()
            .map(|(i, row)| {
                let mut seat = Seat::from_row(self.entry, row, max_agent_ms);
                seat.connected = connected.get(i).copied().unwrap_or(0);
                seat
            })
            .collect();
        let same = seats.len() == self.seats.len()
            && seats
                .iter()
                .zip(&self.seats)
                .all(|(a, b)| a.token_hash == b.token_hash && a.name == b.name);
        if !same {
            self.seats = seats;
            changed = true;
        }
        if stored.room.rematch != self.rematch {
            self.rematch = stored.room.rematch;
            changed = true;
        }
        Ok(changed)
    }

    /// The number of actions so far.
    pub(crate) fn ply(&self) -> u64 {
        self.actions.len() as u64
    }

    /// The seat whose token hashes to `hash`.
    pub(crate) fn seat_of(&self, hash: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.token_hash.as_deref() == Some(hash))
    }

    /// The room's JSON text, written straight from the room (no tree of values between).
    pub(crate) fn text(&self) -> String {
        let names = self.game.seat_names();
        let turn = self.game.turn();
        let view = RoomView {
            id: &self.id,
            game: self.entry.name(),
            title: self.entry.title(),
            params: &self.params,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatView {
                    seat: names.get(i).copied().unwrap_or("?"),
                    kind: &s.kind,
                    name: s.name.as_deref(),
                    taken: s.agent.is_some() || s.token_hash.is_some(),
                    connected: s.agent.is_some() || s.connected > 0,
                })
                .collect(),
            ply: self.ply(),
            actions: &self.actions,
            position: self.game.position(),
            status: self.game.status_line(),
            to_act: match turn {
                Turn::Seat(i) => Some(i),
                _ => None,
            },
            legal: match turn {
                Turn::Seat(_) => self.game.legal(),
                _ => Vec::new(),
            },
            over: turn == Turn::Over,
            move_seconds: self.move_seconds,
            deadline_ms: self.deadline_ms,
            rematch: self.rematch.as_deref(),
            created_ms: self.created_ms,
        };
        // Strings, numbers and lists of them only: writing cannot fail.
        serde_json::to_string(&view).unwrap_or_default()
    }

    /// Sends the room to its WebSocket clients and returns the text sent.
    pub(crate) fn publish(&self) -> Utf8Bytes {
        let text = Utf8Bytes::from(self.text());
        // No receiver is not an error: nobody is watching.
        let _ = self.changes.send(text.clone());
        text
    }
}

/// The room as its JSON has it.
#[derive(Serialize)]
struct RoomView<'a> {
    id: &'a str,
    game: &'a str,
    title: &'a str,
    params: &'a str,
    seats: Vec<SeatView<'a>>,
    ply: u64,
    actions: &'a [String],
    position: String,
    status: String,
    to_act: Option<usize>,
    legal: Vec<String>,
    over: bool,
    move_seconds: Option<u64>,
    deadline_ms: Option<i64>,
    rematch: Option<&'a str>,
    created_ms: i64,
}

/// A seat as the room's JSON has it.
#[derive(Serialize)]
struct SeatView<'a> {
    seat: &'a str,
    kind: &'a str,
    name: Option<&'a str>,
    taken: bool,
    connected: bool,
}
