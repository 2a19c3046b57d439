//! Group commit of every write: one task commits them, and the writes that wait while a
//! transaction is being committed go into the next one together, one statement (`sql.rs`),
//! so one round trip to the database whatever the number of its writes.
//!
//! Each write still changes the database only on its condition (an append only if the room is
//! at the ply it names, a seat taken only if it is free, ...), and its caller hears back only
//! once the transaction holding it is committed, so nothing answered is lost. What changes is
//! the cost under load: one commit (and, on SQLite, one writer holding the database's lock
//! instead of several taking turns through its busy timeout) for all the rooms that changed
//! meanwhile. Alone, a write is committed at once.

use crate::db::{now_ms, to_i64, Backend, WriteError, Writes, CHANNEL};
use crate::sql::Kinds;
use serde::Serialize;
use std::collections::HashSet;
use tokio::sync::{mpsc, oneshot};

/// The most writes committed together.
const MAX_BATCH: usize = 256;

/// Writes waiting for the writer, at most (a write waits for room in the queue beyond it).
const QUEUE: usize = 1024;

/// A write, as its statement reads it: one element of the statement's JSON array.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum Write {
    Create(Create),
    TakeSeat(TakeSeat),
    LeaveSeat(LeaveSeat),
    Append(Append),
}

/// A new room at ply 0 with its seats (`human` or an agent's SPEC each), only while fewer than
/// `max_open` rooms are open; a rematch only if the room it is the rematch of has none yet
/// (else nothing is stored), which then links to it.
#[derive(Debug, Serialize)]
pub(crate) struct Create {
    pub(crate) room: String,
    pub(crate) rematch_of: Option<String>,
    pub(crate) game: String,
    pub(crate) params: String,
    pub(crate) move_seconds: Option<i64>,
    pub(crate) created_ms: i64,
    pub(crate) seats: Vec<String>,
    pub(crate) max_open: i64,
}

/// A free person's seat given to the token hashed `hash`, with a name.
#[derive(Debug, Serialize)]
pub(crate) struct TakeSeat {
    pub(crate) room: String,
    pub(crate) seat: i64,
    pub(crate) hash: String,
    pub(crate) name: Option<String>,
}

/// A seat freed, if the token hashed `hash` holds it.
#[derive(Debug, Serialize)]
pub(crate) struct LeaveSeat {
    pub(crate) room: String,
    pub(crate) seat: i64,
    pub(crate) hash: String,
}

/// Actions stored at plies `from`, `from + 1`, ... of a room that moves from ply `from` to
/// `to`, if it is still at `from` (the stale-ply refusal).
#[derive(Debug, Serialize)]
pub(crate) struct Append {
    pub(crate) room: String,
    pub(crate) from: i64,
    pub(crate) to: i64,
    pub(crate) finished: i64,
    pub(crate) actions: Vec<String>,
}

impl Append {
    /// `actions` at ply `ply` of `room`, after which the game is `finished` or not.
    pub(crate) fn new(room: &str, ply: u64, actions: &[String], finished: bool) -> Append {
        Append {
            room: room.to_string(),
            from: to_i64(ply),
            to: to_i64(ply + actions.len() as u64),
            finished: i64::from(finished),
            actions: actions.to_vec(),
        }
    }
}

impl Write {
    /// The room the write changes: what the batch's statement answers when it is applied.
    fn room(&self) -> &str {
        match self {
            Write::Create(w) => &w.room,
            Write::TakeSeat(w) => &w.room,
            Write::LeaveSeat(w) => &w.room,
            Write::Append(w) => &w.room,
        }
    }

    /// The room the write changes besides (a rematch's old room, linked to the new one).
    fn other_room(&self) -> Option<&str> {
        match self {
            Write::Create(w) => w.rematch_of.as_deref(),
            _ => None,
        }
    }
}

/// A write and where its outcome goes.
struct Job {
    write: Write,
    done: oneshot::Sender<Result<(), WriteError>>,
}

/// The writer's inbox; the writer ends when the last one is dropped.
#[derive(Clone, Debug)]
pub(crate) struct Queue {
    jobs: mpsc::Sender<Job>,
}

/// What the writer needs of the store.
struct Writer {
    writes: Writes,
    backend: Backend,
    instance: String,
}

impl Queue {
    /// Starts the writer on the current tokio runtime.
    pub(crate) fn start(writes: Writes, backend: Backend, instance: String) -> Queue {
        let (jobs, inbox) = mpsc::channel(QUEUE);
        let writer = Writer {
            writes,
            backend,
            instance,
        };
        tokio::spawn(writer.run(inbox));
        Queue { jobs }
    }

    /// Commits `write`; answers once it is committed, or `Lost` (its condition no longer held:
    /// nothing was written), or the database's error.
    pub(crate) async fn write(&self, write: Write) -> Result<(), WriteError> {
        let (done, outcome) = oneshot::channel();
        let closed = || WriteError::Db(sqlx::Error::PoolClosed);
        self.jobs
            .send(Job { write, done })
            .await
            .map_err(|_| closed())?;
        outcome.await.map_err(|_| closed())?
    }
}

impl Writer {
    async fn run(self, mut inbox: mpsc::Receiver<Job>) {
        let mut waiting = Vec::with_capacity(MAX_BATCH);
        while inbox.recv_many(&mut waiting, MAX_BATCH).await > 0 {
            while !waiting.is_empty() {
                let (batch, later) = one_per_room(std::mem::take(&mut waiting));
                self.commit_batch(batch).await;
                waiting = later;
            }
        }
    }

    /// Commits `batch` (one write per room) in one transaction; if that fails, each write in
    /// its own, so that one bad write fails alone.
    async fn commit_batch(&self, mut batch: Vec<Job>) {
        // Rooms in one order, so that two instances' transactions on PostgreSQL tend to lock
        // the rooms they share in the same order (a deadlock, which PostgreSQL breaks by
        // failing one transaction, sends that batch's writes through one at a time).
        batch.sort_by(|a, b| a.write.room().cmp(b.write.room()));
        let writes: Vec<&Write> = batch.iter().map(|job| &job.write).collect();
        let outcomes = match self.commit(&writes).await {
            Ok(outcomes) => outcomes,
            Err(e) if batch.len() == 1 => vec![Err(WriteError::Db(e))],
            Err(_) => {
                let mut outcomes = Vec::with_capacity(batch.len());
                for write in writes {
                    outcomes.push(match self.commit(&[write]).await {
                        Ok(mut one) => one.pop().unwrap_or(Err(WriteError::Lost)),
                        Err(e) => Err(WriteError::Db(e)),
                    });
                }
                outcomes
            }
        };
        for (job, outcome) in batch.into_iter().zip(outcomes) {
            let _ = job.done.send(outcome);
        }
    }

    /// One transaction for `writes` (one per room), in one statement: each one's outcome
    /// (applied, or `Lost`), or the database's error (nothing committed).
    async fn commit(&self, writes: &[&Write]) -> Result<Vec<Result<(), WriteError>>, sqlx::Error> {
        let of_kind = |kind: fn(&Write) -> bool| -> Vec<&Write> {
            writes.iter().copied().filter(|w| kind(w)).collect()
        };
        let creates = of_kind(|w| matches!(w, Write::Create(_)));
        let takes = of_kind(|w| matches!(w, Write::TakeSeat(_)));
        let leaves = of_kind(|w| matches!(w, Write::LeaveSeat(_)));
        let appends = of_kind(|w| matches!(w, Write::Append(_)));
        let kinds = Kinds {
            create: !creates.is_empty(),
            take_seat: !takes.is_empty(),
            leave_seat: !leaves.is_empty(),
            append: !appends.is_empty(),
        };
        let json = |rows: &[&Write]| {
            serde_json::to_string(rows).map_err(|e| sqlx::Error::Encode(e.into()))
        };
        let changed = self
            .writes
            .run(
                sqlx::query_scalar(self.backend.batch(kinds))
                    .bind(json(&creates)?)
                    .bind(json(&takes)?)
                    .bind(json(&leaves)?)
                    .bind(json(&appends)?)
                    .bind(now_ms())
                    .bind(CHANNEL)
                    .bind(&self.instance),
            )
            .await?;
        let changed: HashSet<&str> = changed.iter().map(String::as_str).collect();
        Ok(writes
            .iter()
            .map(|w| {
                if changed.contains(w.room()) {
                    Ok(())
                } else {
                    Err(WriteError::Lost)
                }
            })
            .collect())
    }
}

/// Splits `jobs` into the first write of each room and the others (for the next batch): the
/// statement answers the rooms it changed, which then tells each write's outcome, and no row
/// is written twice in one statement.
fn one_per_room(jobs: Vec<Job>) -> (Vec<Job>, Vec<Job>) {
    let mut rooms = HashSet::with_capacity(jobs.len());
    let first: Vec<bool> = jobs
        .iter()
        .map(|job| {
            let free = !rooms.contains(job.write.room())
                && job.write.other_room().is_none_or(|r| !rooms.contains(r));
            if free {
                rooms.insert(job.write.room());
                rooms.extend(job.write.other_room());
            }
            free
        })
        .collect();
    drop(rooms);
    let (mut batch, mut later) = (Vec::with_capacity(jobs.len()), Vec::new());
    for (job, first) in jobs.into_iter().zip(first) {
        if first {
            batch.push(job);
        } else {
            later.push(job);
        }
    }
    (batch, later)
}

#[cfg(test)]
mod tests {
    use crate::db::WriteError;
    use crate::store::{RoomRow, Store};
    use crate::test_db;

    /// A cap on open rooms no test reaches.
    const NO_CAP: u64 = 1_000_000;

    /// Rooms `ids` with seats `kinds`, asked for all at once under the cap `max_open`.
    async fn create_at_once(
        store: &Store,
        ids: &[String],
        kinds: [&str; 2],
        max_open: u64,
    ) -> Vec<Result<(), WriteError>> {
        let kinds = kinds.map(str::to_string);
        let creates = ids.iter().map(|id| {
            let kinds = &kinds;
            async move {
                store
                    .create(&RoomRow::slimetrail(id), kinds, None, max_open)
                    .await
            }
        });
        futures_util::future::join_all(creates).await
    }

    /// Thirty appends sent at once (so committed in few transactions): the fresh ones are
    /// stored, the stale ones refused, and the one the database refuses (its ply already has
    /// an action: a row written behind the server's back) fails alone.
    async fn appends_at_once(db: &str) {
        let store = Store::open(db, 4).await.unwrap();
        let ids: Vec<String> = (0..30).map(|_| crate::secret::room_id()).collect();
        for id in &ids {
            store
                .create(
                    &RoomRow::slimetrail(id),
                    &["human".into(), "human".into()],
                    None,
                    NO_CAP,
                )
                .await
                .unwrap();
        }
        store.insert_action_behind_the_back(&ids[7], 0, "c4").await;
        let fresh = |i: usize| i < 20;
        let appends = ids.iter().enumerate().map(|(i, id)| {
            let store = store.clone();
            let ply = if fresh(i) { 0 } else { 3 };
            async move {
                store
                    .append(id, ply, &["d4".into(), "e5".into()], false)
                    .await
            }
        });
        let outcomes = futures_util::future::join_all(appends).await;
        for (i, (id, outcome)) in ids.iter().zip(outcomes).enumerate() {
            let stored = store.load(id, 0).await.unwrap().unwrap();
            match (i, outcome) {
                (7, Err(WriteError::Db(_))) => assert_eq!(stored.room.ply, 0),
                (i, Ok(())) if fresh(i) && i != 7 => {
                    assert_eq!(stored.room.ply, 2);
                    assert_eq!(stored.actions, ["d4", "e5"]);
                }
                (i, Err(WriteError::Lost)) if !fresh(i) => {
                    assert_eq!(stored.room.ply, 0);
                    assert!(stored.actions.is_empty());
                }
                (i, outcome) => panic!("append {i}: {outcome:?}"),
            }
        }
        store.close().await;
    }

    /// Rooms, seats and rematches written at once (so several to a batch, and several to one
    /// room, which go into successive batches): every write whose condition holds is stored,
    /// the others are `Lost` and change nothing.
    async fn writes_at_once(db: &str) {
        let store = Store::open(db, 4).await.unwrap();
        let ids: Vec<String> = (0..12).map(|_| crate::secret::room_id()).collect();
        for outcome in create_at_once(&store, &ids, ["human", "random"], NO_CAP).await {
            outcome.unwrap();
        }
        // Each seat 0 asked for twice at once, and seat 1 (an agent's) once: one taker each.
        let takes = ids.iter().flat_map(|id| {
            [(0, "a"), (0, "b"), (1, "c")].map(|(seat, who)| {
                let store = store.clone();
                async move { store.take_seat(id, seat, who, Some(who)).await }
            })
        });
        let outcomes = futures_util::future::join_all(takes).await;
        for (i, id) in ids.iter().enumerate() {
            let (first, second, agent) =
                (&outcomes[3 * i], &outcomes[3 * i + 1], &outcomes[3 * i + 2]);
            assert!(matches!(agent, Err(WriteError::Lost)), "{agent:?}");
            let winner = match (first, second) {
                (Ok(()), Err(WriteError::Lost)) => "a",
                (Err(WriteError::Lost), Ok(())) => "b",
                other => panic!("room {i}: {other:?}"),
            };
            let stored = store.load(id, 0).await.unwrap().unwrap();
            assert_eq!(stored.seats[0].token_hash.as_deref(), Some(winner));
            assert_eq!(stored.seats[0].name.as_deref(), Some(winner));
            assert_eq!(stored.seats[1].kind, "random");
            assert_eq!(stored.seats[1].token_hash, None);
            // Only the holder's token frees the seat.
            let loser = if winner == "a" { "b" } else { "a" };
            assert!(matches!(
                store.leave_seat(id, 0, loser).await,
                Err(WriteError::Lost)
            ));
            store.leave_seat(id, 0, winner).await.unwrap();
            let stored = store.load(id, 0).await.unwrap().unwrap();
            assert_eq!(stored.seats[0].token_hash, None);
        }
        // Two rematches of one room at once: one is created and linked, the other stored not.
        let (new_a, new_b) = (crate::secret::room_id(), crate::secret::room_id());
        let kinds = ["human".to_string(), "human".to_string()];
        let (room_a, room_b) = (RoomRow::slimetrail(&new_a), RoomRow::slimetrail(&new_b));
        let (a, b) = tokio::join!(
            store.create(&room_a, &kinds, Some(&ids[0]), NO_CAP),
            store.create(&room_b, &kinds, Some(&ids[0]), NO_CAP),
        );
        let (made, not_made) = match (a, b) {
            (Ok(()), Err(WriteError::Lost)) => (new_a, new_b),
            (Err(WriteError::Lost), Ok(())) => (new_b, new_a),
            other => panic!("{other:?}"),
        };
        let old = store.load(&ids[0], 0).await.unwrap().unwrap();
        assert_eq!(old.room.rematch.as_deref(), Some(made.as_str()));
        let made = store.load(&made, 0).await.unwrap().unwrap();
        assert_eq!(made.seats.len(), 2);
        assert!(store.load(&not_made, 0).await.unwrap().is_none());
        store.close().await;
    }

    /// Rooms asked for at once past the cap on open rooms: as many are created as the cap
    /// leaves room for, the others (and a rematch then) are `Lost` and store nothing.
    async fn cap_on_open_rooms(db: &str) {
        const CAP: u64 = 5;
        let store = Store::open(db, 4).await.unwrap();
        let open_before = store.open_rooms().await;
        let cap = open_before + CAP;
        let ids: Vec<String> = (0..12).map(|_| crate::secret::room_id()).collect();
        let outcomes = create_at_once(&store, &ids, ["human", "human"], cap).await;
        let mut made = Vec::new();
        for (id, outcome) in ids.iter().zip(outcomes) {
            match outcome {
                Ok(()) => made.push(id),
                Err(WriteError::Lost) => assert!(store.load(id, 0).await.unwrap().is_none()),
                Err(e) => panic!("{e:?}"),
            }
        }
        assert_eq!(made.len() as u64, CAP);
        assert_eq!(store.open_rooms().await, cap);
        // Full: a rematch is refused too, and its old room stays unlinked.
        let new = crate::secret::room_id();
        let kinds = ["human".to_string(), "human".to_string()];
        let rematch = store
            .create(&RoomRow::slimetrail(&new), &kinds, Some(made[0]), cap)
            .await;
        assert!(matches!(rematch, Err(WriteError::Lost)), "{rematch:?}");
        assert!(store.load(&new, 0).await.unwrap().is_none());
        let old = store.load(made[0], 0).await.unwrap().unwrap();
        assert_eq!(old.room.rematch, None);
        // A game over makes room for one more.
        store
            .append(made[0], 0, &["d4".into()], true)
            .await
            .unwrap();
        store
            .create(&RoomRow::slimetrail(&new), &kinds, None, cap)
            .await
            .unwrap();
        store.close().await;
    }

    test_db::on_sqlite_and_postgres!(
        cap_on_open_rooms: cap_on_open_rooms_on_sqlite, cap_on_open_rooms_on_postgres
    );
    test_db::on_sqlite_and_postgres!(
        writes_at_once: writes_at_once_on_sqlite, writes_at_once_on_postgres
    );
    test_db::on_sqlite_and_postgres!(
        appends_at_once: appends_at_once_on_sqlite, appends_at_once_on_postgres
    );
}
