//! Group commit of the rooms' actions: one task appends them, and every append that waits while
//! a transaction is being committed goes into the next one together.
//!
//! Each append still changes its room only if the room is at the ply it names (the stale-ply
//! refusal), and its caller hears back only once the transaction holding it is committed, so
//! nothing answered is lost. What changes is the cost under load: one commit (and, on SQLite,
//! one writer holding the database's lock instead of several taking turns through its busy
//! timeout) for all the rooms that acted meanwhile. Alone, an append is committed at once.

use crate::db::{now_ms, to_i64, Backend, WriteError, Writes, CHANNEL};
use serde::Serialize;
use sqlx::Connection;
use tokio::sync::{mpsc, oneshot};

/// The most appends committed in one transaction.
const MAX_BATCH: usize = 256;

/// Appends waiting for the writer, at most (an append waits for room in the queue beyond it).
const QUEUE: usize = 1024;

/// Actions to append to a room at a ply.
#[derive(Debug)]
pub(crate) struct Append {
    pub(crate) room: String,
    pub(crate) ply: u64,
    pub(crate) actions: Vec<String>,
    pub(crate) finished: bool,
}

/// An append and where its outcome goes.
struct Job {
    append: Append,
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

    /// Appends `append` and answers once it is committed (or refused, or failed).
    pub(crate) async fn append(&self, append: Append) -> Result<(), WriteError> {
        let (done, outcome) = oneshot::channel();
        let closed = || WriteError::Db(sqlx::Error::PoolClosed);
        self.jobs
            .send(Job { append, done })
            .await
            .map_err(|_| closed())?;
        outcome.await.map_err(|_| closed())?
    }
}

impl Writer {
    async fn run(self, mut inbox: mpsc::Receiver<Job>) {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        while inbox.recv_many(&mut batch, MAX_BATCH).await > 0 {
            self.commit_batch(std::mem::take(&mut batch)).await;
        }
    }

    /// Commits `batch` in one transaction; if that fails, each append in its own, so that one
    /// bad append fails alone.
    async fn commit_batch(&self, mut batch: Vec<Job>) {
        // Rooms in one order, so that two instances' transactions on PostgreSQL tend to lock
        // the rooms they share in the same order (a deadlock, which PostgreSQL breaks by
        // failing one transaction, sends that batch's appends through one at a time).
        batch.sort_by(|a, b| a.append.room.cmp(&b.append.room));
        let appends: Vec<&Append> = batch.iter().map(|job| &job.append).collect();
        let outcomes = match self.commit(&appends).await {
            Ok(outcomes) => outcomes,
            Err(e) if batch.len() == 1 => vec![Err(WriteError::Db(e))],
            Err(_) => {
                let mut outcomes = Vec::with_capacity(batch.len());
                for append in appends {
                    outcomes.push(match self.commit(&[append]).await {
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

    /// One transaction for all of `appends`, in a fixed number of statements whatever their
    /// number (each statement is a round trip to the database): the rooms still at their ply
    /// move on, the actions of those are stored, the other instances are told. Each append's
    /// outcome (applied or `Lost`), or the database's error (nothing committed).
    async fn commit(
        &self,
        appends: &[&Append],
    ) -> Result<Vec<Result<(), WriteError>>, sqlx::Error> {
        let mut conn = self.writes.connection().await?;
        let mut tx = conn.begin().await?;
        let moves: Vec<RoomMove> = appends
            .iter()
            .map(|a| RoomMove {
                id: &a.room,
                from: to_i64(a.ply),
                to: to_i64(a.ply + a.actions.len() as u64),
                finished: i64::from(a.finished),
            })
            .collect();
        let moved: Vec<String> = sqlx::query_scalar(self.sql().move_rooms)
            .bind(json(&moves))
            .bind(now_ms())
            .fetch_all(&mut *tx)
            .await?;
        let applied: Vec<bool> = appends.iter().map(|a| moved.contains(&a.room)).collect();
        let rows: Vec<ActionRow> = appends
            .iter()
            .zip(&applied)
            .filter(|(_, &applied)| applied)
            .flat_map(|(a, _)| {
                a.actions.iter().enumerate().map(|(k, action)| ActionRow {
                    room: &a.room,
                    ply: to_i64(a.ply + k as u64),
                    action,
                })
            })
            .collect();
        if !rows.is_empty() {
            sqlx::query(self.sql().insert_actions)
                .bind(json(&rows))
                .execute(&mut *tx)
                .await?;
        }
        if self.backend == Backend::Postgres && !moved.is_empty() {
            sqlx::query(
                "SELECT pg_notify($1, $2 || ' ' || value) FROM json_array_elements_text($3::json)",
            )
            .bind(CHANNEL)
            .bind(&self.instance)
            .bind(json(&moved))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(applied
            .into_iter()
            .map(|applied| {
                if applied {
                    Ok(())
                } else {
                    Err(WriteError::Lost)
                }
            })
            .collect())
    }

    fn sql(&self) -> &'static Sql {
        match self.backend {
            Backend::Sqlite => &SQLITE,
            Backend::Postgres => &POSTGRES,
        }
    }
}

/// A room to move from one ply to another (if it is still at the first), as the statements
/// read it from their JSON parameter.
#[derive(Serialize)]
struct RoomMove<'a> {
    id: &'a str,
    from: i64,
    to: i64,
    finished: i64,
}

/// An action's row.
#[derive(Serialize)]
struct ActionRow<'a> {
    room: &'a str,
    ply: i64,
    action: &'a str,
}

/// A JSON array parameter: one statement takes every row of the batch, so that the text of
/// the statement (prepared once, kept in the connection's cache) does not depend on its size.
fn json<T: Serialize>(rows: &[T]) -> String {
    serde_json::to_string(rows).unwrap_or_else(|_| "[]".into())
}

/// The statements of a batch, in each database's dialect.
struct Sql {
    /// `$1`: the moves (JSON), `$2`: the time; returns the ids of the rooms moved.
    move_rooms: &'static str,
    /// `$1`: the rows (JSON).
    insert_actions: &'static str,
}

const SQLITE: Sql = Sql {
    move_rooms: "UPDATE rooms SET ply = m.value ->> '$.to', finished = m.value ->> '$.finished', updated_ms = $2 \
         FROM json_each($1) AS m \
         WHERE rooms.id = m.value ->> '$.id' AND rooms.ply = m.value ->> '$.from' \
         RETURNING rooms.id",
    insert_actions: "INSERT INTO actions (room, ply, action) \
         SELECT value ->> '$.room', value ->> '$.ply', value ->> '$.action' FROM json_each($1)",
};

const POSTGRES: Sql = Sql {
    move_rooms: "UPDATE rooms SET ply = m.\"to\", finished = m.finished, updated_ms = $2 \
         FROM json_to_recordset($1::json) AS m(id TEXT, \"from\" BIGINT, \"to\" BIGINT, finished BIGINT) \
         WHERE rooms.id = m.id AND rooms.ply = m.\"from\" \
         RETURNING rooms.id",
    insert_actions: "INSERT INTO actions (room, ply, action) \
         SELECT room, ply, action FROM json_to_recordset($1::json) AS r(room TEXT, ply BIGINT, action TEXT)",
};

#[cfg(test)]
mod tests {
    use crate::db::{now_ms, WriteError};
    use crate::store::{RoomRow, Store};

    fn room(id: String) -> RoomRow {
        RoomRow {
            id,
            game: "slimetrail".into(),
            params: String::new(),
            ply: 0,
            move_seconds: None,
            rematch: None,
            created_ms: now_ms(),
        }
    }

    /// Thirty appends sent at once (so committed in few transactions): the fresh ones are
    /// stored, the stale ones refused, and the one the database refuses (its ply already has
    /// an action: a row written behind the server's back) fails alone.
    async fn appends_at_once(db: &str) {
        let store = Store::open(db, 4).await.unwrap();
        let ids: Vec<String> = (0..30).map(|_| crate::secret::room_id()).collect();
        for id in &ids {
            store
                .create(&room(id.clone()), &["human".into(), "human".into()], None)
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn appends_at_once_on_sqlite() {
        let dir = tempfile::tempdir().unwrap();
        appends_at_once(&format!("sqlite://{}", dir.path().join("t.db").display())).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn appends_at_once_on_postgres() {
        // Run by CI, which starts a PostgreSQL and names its database here.
        let db =
            std::env::var("BOARDGAMES_TEST_POSTGRES").or_else(|_| std::env::var("DATABASE_URL"));
        let Ok(db) = db else {
            eprintln!("neither BOARDGAMES_TEST_POSTGRES nor DATABASE_URL is set: skipped");
            return;
        };
        appends_at_once(&db).await;
    }
}
