//! The server's state and what it does with a room: create, load, take and leave seats,
//! play actions (the players', the agents', the dice), each committed before it is answered.

use crate::agents::{capped_spec, Pool};
use crate::db::{now_ms, WriteError};
use crate::error::ApiError;
use crate::game::{Ahead, Match, Turn};
use crate::room::Room;
use crate::secret;
use crate::store::{RoomRow, SeatRow, Store, Stored};
use crate::Config;
use axum::extract::ws::Utf8Bytes;
use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;
use tokio::sync::Mutex;

/// A room shared by the requests and tasks that use it.
pub(crate) type SharedRoom = Arc<Mutex<Room>>;

/// The server: configuration, database, rooms in memory, agents' threads.
pub(crate) struct App {
    pub(crate) config: Config,
    pub(crate) store: Store,
    pool: Pool,
    rooms: StdMutex<HashMap<String, SharedRoom>>,
    pub(crate) limiter: Option<crate::limits::Limiter>,
}

/// Who plays an action.
pub(crate) enum Actor<'a> {
    /// A person, by the hash of the token given.
    Token(&'a str),
    /// The server for a seat (an agent, or a seat out of time).
    Server(usize),
}

/// What a new room is made of.
pub(crate) struct NewRoom {
    pub(crate) game: String,
    pub(crate) params: Option<String>,
    pub(crate) seats: Vec<String>,
    pub(crate) move_seconds: Option<u64>,
}

/// The turn limit of a room of agents only whose game has no bound (Arandia's `turn_limit`).
const AGENTS_TURN_LIMIT: u64 = 1000;

/// The longest a clock may give per move: a day.
const MAX_MOVE_SECONDS: u64 = 86_400;

fn db_error(e: WriteError) -> ApiError {
    match e {
        WriteError::Lost => ApiError::conflict("changed meanwhile"),
        WriteError::Db(e) => ApiError::database(&e),
    }
}

/// A new room's request, checked: the game, its parameters (with `players=` added when the
/// seats say how many play), the seats' kinds, the clock.
pub(crate) struct Checked {
    pub(crate) entry: &'static boardgames::GameEntry,
    pub(crate) params: String,
    pub(crate) kinds: Vec<String>,
    pub(crate) move_seconds: Option<u64>,
}

/// Checks a new room's request without touching the database: 422 for an unknown game, bad
/// parameters, a bad SPEC, a seat count the game does not have, a bad clock.
pub(crate) fn check(new: NewRoom, max_agent_ms: u64) -> Result<Checked, ApiError> {
    let entry = boardgames::find(&new.game).map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let mut params = new.params.unwrap_or_default().trim().to_string();
    if params.len() > 200 {
        return Err(ApiError::unprocessable("params are longer than 200 bytes"));
    }
    let n = new.seats.len();
    if n == 0 || n > entry.max_players() {
        return Err(ApiError::unprocessable(format!(
            "{} is for {} to {} players; {n} seats given",
            entry.name(),
            entry.min_players(),
            entry.max_players()
        )));
    }
    let has_players = entry.params().iter().any(|p| p.key() == "players");
    let names_players = params
        .split(',')
        .any(|kv| kv.trim().starts_with("players="));
    if has_players
        && !names_players
        && Match::start(entry, &params).map(|m| m.seat_count()) != Ok(n)
    {
        params = if params.is_empty() {
            format!("players={n}")
        } else {
            format!("{params},players={n}")
        };
    }
    let game = Match::start(entry, &params).map_err(ApiError::unprocessable)?;
    if game.seat_count() != n {
        return Err(ApiError::unprocessable(format!(
            "{} with params `{params}` has {} seats; {n} given",
            entry.name(),
            game.seat_count()
        )));
    }
    let mut kinds = Vec::with_capacity(n);
    for (i, seat) in new.seats.iter().enumerate() {
        let seat = seat.trim();
        if seat != "human" {
            capped_spec(entry, seat, max_agent_ms)
                .map_err(|e| ApiError::unprocessable(format!("seat {i}: {e}")))?;
        }
        kinds.push(seat.to_string());
    }
    if let Some(s) = new.move_seconds {
        if s == 0 || s > MAX_MOVE_SECONDS {
            return Err(ApiError::unprocessable(format!(
                "move_seconds must be 1 to {MAX_MOVE_SECONDS}"
            )));
        }
    }
    // A room of agents only must end: a game whose rules may go on for ever gets a turn
    // limit when the parameters set none.
    let agents_only = kinds.iter().all(|k| k != "human");
    let has_limit = entry.params().iter().any(|p| p.key() == "turn_limit");
    let names_limit = params
        .split(',')
        .any(|kv| kv.trim().starts_with("turn_limit="));
    if agents_only && game.max_length().is_none() && has_limit && !names_limit {
        params = if params.is_empty() {
            format!("turn_limit={AGENTS_TURN_LIMIT}")
        } else {
            format!("{params},turn_limit={AGENTS_TURN_LIMIT}")
        };
        Match::start(entry, &params).map_err(ApiError::unprocessable)?;
    }
    Ok(Checked {
        entry,
        params,
        kinds,
        move_seconds: new.move_seconds,
    })
}

impl App {
    pub(crate) fn new(config: Config, store: Store) -> App {
        let limiter = crate::limits::Limiter::new(config.requests_per_second, config.burst);
        App {
            pool: Pool::new(config.agent_threads),
            config,
            store,
            rooms: StdMutex::new(HashMap::new()),
            limiter,
        }
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, SharedRoom>> {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Forgets the room `shared` if its game is over and nobody else holds it: no WebSocket
    /// client, no request or task under way (the caller's hold and the map's are the only
    /// ones). A finished room is in the database; kept in memory for ever, every room ever
    /// played would be, and the server's memory would grow without end. Asked for again, it
    /// is rebuilt from the database. Called by whoever is done with a room it held.
    pub(crate) async fn release(&self, shared: &SharedRoom) {
        let (id, over) = {
            let room = shared.lock().await;
            (room.id.clone(), room.game.turn() == Turn::Over)
        };
        if !over {
            return;
        }
        let mut rooms = self.rooms();
        // Under the map's lock, where `room()` takes its holds: nobody takes one meanwhile.
        if Arc::strong_count(shared) == 2 && rooms.get(&id).is_some_and(|r| Arc::ptr_eq(r, shared))
        {
            rooms.remove(&id);
        }
    }

    /// The number of rooms in memory.
    #[cfg(test)]
    pub(crate) fn rooms_in_memory(&self) -> usize {
        self.rooms().len()
    }

    /// The room `id`, from memory or rebuilt from the database.
    pub(crate) async fn room(&self, id: &str) -> Result<SharedRoom, ApiError> {
        if let Some(r) = self.rooms().get(id) {
            return Ok(Arc::clone(r));
        }
        if id.is_empty() || id.len() > 64 {
            return Err(ApiError::not_found(format!(
                "no room `{}`",
                id.chars().take(64).collect::<String>()
            )));
        }
        let stored = self
            .store
            .load(id, 0)
            .await
            .map_err(|e| ApiError::database(&e))?
            .ok_or_else(|| ApiError::not_found(format!("no room `{id}`")))?;
        Ok(self.adopt(self.rebuild(stored)?))
    }

    /// The room `stored` in memory (its actions replayed).
    fn rebuild(&self, stored: Stored) -> Result<Room, ApiError> {
        let id = stored.room.id.clone();
        Room::rebuild(stored, self.config.max_agent_ms).map_err(|e| {
            eprintln!("boardgames-server: {e}");
            ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                format!("room `{id}` cannot be rebuilt from the database"),
            )
        })
    }

    /// Keeps `room` in memory (unless another task put it there first: that one is the room).
    fn adopt(&self, room: Room) -> SharedRoom {
        let id = room.id.clone();
        let shared = Arc::new(Mutex::new(room));
        Arc::clone(self.rooms().entry(id).or_insert(shared))
    }

    /// Brings `room` up to the database (another instance changed it). Returns whether
    /// anything changed.
    pub(crate) async fn refresh(&self, room: &mut Room) -> Result<bool, ApiError> {
        let stored = self
            .store
            .load(&room.id, room.ply())
            .await
            .map_err(|e| ApiError::database(&e))?
            .ok_or_else(|| ApiError::not_found(format!("no room `{}`", room.id)))?;
        if stored.room.ply < room.ply() {
            return Ok(false);
        }
        room.catch_up(stored, self.config.max_agent_ms)
            .map_err(|e| {
                eprintln!("boardgames-server: {e}");
                ApiError::new(
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    "the room cannot be rebuilt from the database",
                )
            })
    }

    /// Creates a room (or its rematch, `rematch_of`) and returns it.
    pub(crate) async fn create(
        self: &Arc<Self>,
        new: NewRoom,
        rematch_of: Option<&str>,
    ) -> Result<Utf8Bytes, ApiError> {
        let checked = check(new, self.config.max_agent_ms)?;
        let max_open = self.config.max_open_rooms;
        let row = RoomRow {
            id: secret::room_id(),
            game: checked.entry.name().to_string(),
            params: checked.params,
            ply: 0,
            move_seconds: checked.move_seconds,
            rematch: None,
            created_ms: now_ms(),
        };
        match self
            .store
            .create(&row, &checked.kinds, rematch_of, max_open)
            .await
        {
            Ok(()) => {}
            Err(WriteError::Lost) => {
                let full = || {
                    ApiError::unavailable(format!(
                        "this server has its most open rooms ({max_open}); try again later"
                    ))
                };
                // Another request made the rematch first (that room is the answer), or the
                // server has its most open rooms.
                let Some(rematch_of) = rematch_of else {
                    return Err(full());
                };
                let old = self.room(rematch_of).await?;
                let mut old = old.lock().await;
                self.refresh(&mut old).await?;
                let id = old.rematch.clone().ok_or_else(full)?;
                drop(old);
                let room = self.room(&id).await?;
                let text = room.lock().await.text();
                return Ok(text.into());
            }
            Err(WriteError::Db(e)) => return Err(ApiError::database(&e)),
        }
        if let Some(old) = rematch_of {
            if let Ok(old) = self.room(old).await {
                let mut old = old.lock().await;
                if let Ok(true) = self.refresh(&mut old).await {
                    old.publish();
                }
            }
        }
        // The room in memory as just written (not read back: a round trip to the database
        // per query, five of them, for what is known here).
        let seats = checked
            .kinds
            .into_iter()
            .map(|kind| SeatRow {
                kind,
                token_hash: None,
                name: None,
            })
            .collect();
        let stored = Stored {
            room: row,
            seats,
            actions: Vec::new(),
        };
        let shared = self.adopt(self.rebuild(stored)?);
        let mut room = shared.lock().await;
        self.kick(&shared, &mut room);
        Ok(room.publish())
    }

    /// Gives seat `seat` of `room` to a person: the token, which only its hash is kept of.
    pub(crate) async fn take_seat(
        &self,
        shared: &SharedRoom,
        seat: usize,
        name: Option<String>,
    ) -> Result<String, ApiError> {
        let mut room = shared.lock().await;
        let Some(s) = room.seats.get(seat) else {
            return Err(ApiError::not_found(format!(
                "no seat {seat}: the room has seats 0 to {}",
                room.seats.len().saturating_sub(1)
            )));
        };
        if s.agent.is_some() {
            return Err(ApiError::conflict(format!(
                "seat {seat} is played by an agent"
            )));
        }
        let token = secret::token();
        let hash = secret::token_hash(&token);
        match self
            .store
            .take_seat(&room.id, seat, &hash, name.as_deref())
            .await
        {
            Ok(()) => {
                room.seats[seat].token_hash = Some(hash);
                room.seats[seat].name = name;
                room.publish();
                Ok(token)
            }
            Err(WriteError::Lost) => {
                if self.refresh(&mut room).await? {
                    room.publish();
                }
                Err(ApiError::conflict(format!("seat {seat} is taken")))
            }
            Err(WriteError::Db(e)) => Err(ApiError::database(&e)),
        }
    }

    /// Frees the seat held by the token hashed `hash`.
    pub(crate) async fn leave_seat(
        &self,
        shared: &SharedRoom,
        seat: usize,
        hash: &str,
    ) -> Result<Utf8Bytes, ApiError> {
        let mut room = shared.lock().await;
        if seat >= room.seats.len() {
            return Err(ApiError::not_found(format!("no seat {seat}")));
        }
        let holder = self.holder(&mut room, hash).await?;
        if holder != seat {
            return Err(ApiError::forbidden(format!(
                "this token holds seat {holder}, not seat {seat}"
            )));
        }
        match self.store.leave_seat(&room.id, seat, hash).await {
            Ok(()) => {
                room.seats[seat].token_hash = None;
                room.seats[seat].name = None;
                Ok(room.publish())
            }
            Err(WriteError::Lost) => {
                self.refresh(&mut room).await?;
                Err(ApiError::unauthorized(
                    "this token holds no seat of the room",
                ))
            }
            Err(WriteError::Db(e)) => Err(ApiError::database(&e)),
        }
    }

    /// The seat of the token hashed `hash` (reading the database if it is not known here).
    async fn holder(&self, room: &mut Room, hash: &str) -> Result<usize, ApiError> {
        if let Some(s) = room.seat_of(hash) {
            return Ok(s);
        }
        self.refresh(room).await?;
        room.seat_of(hash)
            .ok_or_else(|| ApiError::unauthorized("this token holds no seat of the room"))
    }

    /// The seat a token holds, for a WebSocket client (`None`: unknown token).
    pub(crate) async fn seat_of_token(&self, shared: &SharedRoom, token: &str) -> Option<usize> {
        let hash = secret::token_hash(token);
        let mut room = shared.lock().await;
        self.holder(&mut room, &hash).await.ok()
    }

    /// Plays `action` for `actor` at `ply` (the number of actions the client has seen), then
    /// the dice; commits them in one transaction that refuses a stale ply; sends the room to
    /// its clients; returns it.
    pub(crate) async fn act(
        self: &Arc<Self>,
        shared: &SharedRoom,
        actor: Actor<'_>,
        action: &str,
        ply: u64,
    ) -> Result<Utf8Bytes, ApiError> {
        let mut room = shared.lock().await;
        let seat = match actor {
            Actor::Token(hash) => self.holder(&mut room, hash).await?,
            Actor::Server(seat) => seat,
        };
        if ply > room.ply() {
            // The client may have seen actions accepted by another instance.
            self.refresh(&mut room).await?;
        }
        if ply != room.ply() {
            return Err(ApiError::stale(ply, room.ply()));
        }
        match room.game.turn() {
            Turn::Seat(s) if s == seat => {}
            Turn::Seat(s) => {
                return Err(ApiError::forbidden(format!(
                    "not your turn: seat {s} is to act, you hold seat {seat}"
                )))
            }
            Turn::Over => return Err(ApiError::forbidden("the game is over")),
            Turn::Chance => return Err(ApiError::forbidden("the dice are to be rolled")),
        }
        if action.len() > 200 {
            return Err(ApiError::unprocessable(
                "the action is longer than 200 bytes",
            ));
        }
        self.commit(shared, &mut room, Some(action)).await
    }

    /// Rolls the dice of `room` when it is at a chance node at `ply`.
    async fn roll(self: &Arc<Self>, shared: &SharedRoom, ply: u64) -> Result<(), ApiError> {
        let mut room = shared.lock().await;
        if room.ply() != ply || room.game.turn() != Turn::Chance {
            return Ok(());
        }
        self.commit(shared, &mut room, None).await.map(drop)
    }

    /// Plays `action` (if any) on the room's game, then draws the dice after it, commits every
    /// action, then publishes the room and starts what comes next. An illegal action, or a
    /// commit refused, failed or abandoned (the request's future dropped while it waits),
    /// takes the actions back from the game: the room stays as its last commit left it.
    async fn commit(
        self: &Arc<Self>,
        shared: &SharedRoom,
        room: &mut Room,
        action: Option<&str>,
    ) -> Result<Utf8Bytes, ApiError> {
        let ply = room.ply();
        let mut ahead = Ahead::new(&mut room.game);
        let mut played = Vec::new();
        if let Some(action) = action {
            played.push(ahead.play(action).map_err(ApiError::unprocessable)?);
        }
        while ahead.game().turn() == Turn::Chance {
            let outcome = ahead
                .roll()
                .ok_or_else(|| ApiError::unavailable("a chance node without outcomes"))?;
            played.push(outcome);
        }
        let over = ahead.game().turn() == Turn::Over;
        match self.store.append(&room.id, ply, &played, over).await {
            Ok(()) => ahead.keep(),
            Err(WriteError::Lost) => {
                drop(ahead);
                if self.refresh(room).await? {
                    room.publish();
                    self.kick(shared, room);
                }
                return Err(ApiError::stale(ply, room.ply()));
            }
            Err(e) => return Err(db_error(e)),
        }
        room.actions.extend(played);
        self.set_clock(room);
        let text = room.publish();
        self.kick(shared, room);
        Ok(text)
    }

    fn set_clock(&self, room: &mut Room) {
        room.deadline_ms = match (room.move_seconds, room.game.turn()) {
            (Some(s), Turn::Seat(i)) if room.seats.get(i).is_some_and(|x| x.agent.is_none()) => {
                Some(now_ms().saturating_add(i64::try_from(s * 1000).unwrap_or(i64::MAX)))
            }
            _ => None,
        };
    }

    /// Starts what the room waits for that the server does: the dice, an agent's move, the
    /// clock of a person's move.
    pub(crate) fn kick(self: &Arc<Self>, shared: &SharedRoom, room: &mut Room) {
        let ply = room.ply();
        match room.game.turn() {
            Turn::Chance => {
                let (app, shared) = (Arc::clone(self), Arc::clone(shared));
                tokio::spawn(async move {
                    if let Err(e) = app.roll(&shared, ply).await {
                        eprintln!("boardgames-server: rolling the dice: {e}");
                    }
                });
            }
            Turn::Seat(seat) => {
                if let Some(spec) = room.seats.get(seat).and_then(|s| s.agent.clone()) {
                    if room.agent_busy {
                        return;
                    }
                    room.agent_busy = true;
                    let snapshot = room.game.clone();
                    let (app, shared) = (Arc::clone(self), Arc::clone(shared));
                    let legal = room.game.legal();
                    tokio::spawn(async move {
                        let chosen = app.pool.choose(spec, snapshot).await;
                        let action = chosen.or_else(|| secret::pick(&legal));
                        shared.lock().await.agent_busy = false;
                        app.play_for(&shared, seat, action, ply).await;
                    });
                } else if let Some(secs) = room.move_seconds {
                    if room.deadline_ms.is_none() {
                        self.set_clock(room);
                    }
                    let wait = room
                        .deadline_ms
                        .map(|d| d.saturating_sub(now_ms()).max(0))
                        .unwrap_or(i64::try_from(secs * 1000).unwrap_or(i64::MAX));
                    let (app, shared) = (Arc::clone(self), Arc::clone(shared));
                    let legal = room.game.legal();
                    tokio::spawn(async move {
                        tokio::time::sleep(Duration::from_millis(u64::try_from(wait).unwrap_or(0)))
                            .await;
                        if shared.lock().await.ply() == ply {
                            app.play_for(&shared, seat, secret::pick(&legal), ply).await;
                        }
                    });
                }
            }
            Turn::Over => {}
        }
    }

    /// Plays `action` for `seat` as the server (an agent, a seat out of time) if the room is
    /// still at `ply`; otherwise looks at what the room waits for now.
    async fn play_for(
        self: &Arc<Self>,
        shared: &SharedRoom,
        seat: usize,
        action: Option<String>,
        ply: u64,
    ) {
        if let Some(a) = action {
            if self.act(shared, Actor::Server(seat), &a, ply).await.is_ok() {
                self.release(shared).await;
                return;
            }
        }
        let mut room = shared.lock().await;
        if room.ply() == ply {
            // Refused at the same ply (the database failed): try again in a while.
            drop(room);
            tokio::time::sleep(Duration::from_secs(1)).await;
            room = shared.lock().await;
            if room.ply() != ply || room.agent_busy {
                return;
            }
        }
        self.kick(shared, &mut room);
    }

    /// Rebuilds the open rooms after a start, so that their agents, dice and clocks go on.
    pub(crate) async fn resume(self: &Arc<Self>) {
        let ids = match self.store.open_room_ids(self.config.max_open_rooms).await {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("boardgames-server: listing open rooms: {e}");
                return;
            }
        };
        for id in ids {
            if let Ok(shared) = self.room(&id).await {
                let mut room = shared.lock().await;
                self.kick(&shared, &mut room);
            }
        }
    }

    /// Another instance changed room `id`: if it is here, catch up and tell its clients.
    pub(crate) async fn changed_elsewhere(self: &Arc<Self>, id: &str) {
        let shared = self.rooms().get(id).cloned();
        if let Some(shared) = shared {
            let mut room = shared.lock().await;
            if let Ok(true) = self.refresh(&mut room).await {
                self.set_clock(&mut room);
                room.publish();
                self.kick(&shared, &mut room);
            }
        }
    }

    /// Every room in memory (after a lost connection to the other instances' notifications).
    pub(crate) async fn refresh_all(self: &Arc<Self>) {
        let ids: Vec<String> = self.rooms().keys().cloned().collect();
        for id in ids {
            self.changed_elsewhere(&id).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{App, NewRoom};
    use crate::store::Store;
    use crate::Config;
    use std::sync::Arc;
    use std::time::Duration;

    /// A finished room nobody holds leaves memory (the database has it), and is rebuilt from
    /// the database when asked for again; a room in play stays.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn finished_rooms_leave_memory() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&crate::test_db::sqlite(dir.path()), 4)
            .await
            .unwrap();
        let app = Arc::new(App::new(Config::default(), store));
        let new = |seats: &[&str]| NewRoom {
            game: "slimetrail".into(),
            params: None,
            seats: seats.iter().map(|s| s.to_string()).collect(),
            move_seconds: None,
        };
        let id_of = |text: &str| {
            let room: serde_json::Value = serde_json::from_str(text).unwrap();
            room["id"].as_str().unwrap().to_string()
        };
        // Two agents play the first room to its end; two persons have the second, in play.
        let played = id_of(&app.create(new(&["random", "random"]), None).await.unwrap());
        let waiting = id_of(&app.create(new(&["human", "human"]), None).await.unwrap());
        let mut waited = Duration::ZERO;
        while app.rooms_in_memory() > 1 {
            assert!(
                waited < Duration::from_secs(30),
                "the agents' room is still in memory"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
            waited += Duration::from_millis(20);
        }
        assert!(app.rooms().contains_key(&waiting));
        let stored = app.store.load(&played, 0).await.unwrap().unwrap();
        let rebuilt = app.room(&played).await.unwrap();
        {
            let room = rebuilt.lock().await;
            assert_eq!(room.game.turn(), super::Turn::Over);
            assert_eq!(room.actions, stored.actions);
            assert!(!room.actions.is_empty());
        }
        assert_eq!(app.rooms_in_memory(), 2);
        app.release(&rebuilt).await;
        assert_eq!(app.rooms_in_memory(), 1);
    }
}
