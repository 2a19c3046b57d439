//! Group commit of the rooms' actions: one task appends them, and every append that waits while
//! a transaction is being committed goes into the next one together.
//!
//! Each append still changes its room only if the room is at the ply it names (the stale-ply
//! refusal), and its caller hears back only once the transaction holding it is committed, so
//! nothing answered is lost. What changes is the cost under load: one commit (and, on SQLite,
//! one writer holding the database's lock instead of several taking turns through its busy
//! timeout) for all the rooms that acted meanwhile. Alone, an append is committed at once.

use crate::db::{lost_if_unchanged, notify, now_ms, to_i64, Backend, WriteError, Writes};
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

    /// Commits `batch` in one transaction; an append alone, or each append of a batch whose
    /// transaction failed, in its own, so that one bad append fails alone.
    async fn commit_batch(&self, mut batch: Vec<Job>) {
        if batch.len() > 1 {
            // Rooms in one order, so that two instances' transactions on PostgreSQL lock the
            // rooms they share in the same order (no deadlock).
            batch.sort_by(|a, b| a.append.room.cmp(&b.append.room));
            if let Ok(outcomes) = self.commit_together(&batch).await {
                for (job, outcome) in batch.into_iter().zip(outcomes) {
                    let _ = job.done.send(outcome);
                }
                return;
            }
        }
        for job in batch {
            let outcome = self.commit_alone(&job.append).await;
            let _ = job.done.send(outcome);
        }
    }

    /// One transaction for every append of `batch`: each one's outcome (applied or `Lost`), or
    /// the database's error (nothing committed).
    async fn commit_together(
        &self,
        batch: &[Job],
    ) -> Result<Vec<Result<(), WriteError>>, sqlx::Error> {
        let mut conn = self.writes.connection().await?;
        let mut tx = conn.begin().await?;
        let mut outcomes = Vec::with_capacity(batch.len());
        for job in batch {
            match self.write(&mut tx, &job.append).await {
                Err(WriteError::Db(e)) => return Err(e),
                outcome => outcomes.push(outcome),
            }
        }
        tx.commit().await?;
        Ok(outcomes)
    }

    async fn commit_alone(&self, append: &Append) -> Result<(), WriteError> {
        let mut conn = self.writes.connection().await?;
        let mut tx = conn.begin().await?;
        self.write(&mut tx, append).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Moves the room from `ply` to `ply + actions.len()` if it is still at `ply` (else
    /// `Lost`, nothing written), stores the actions and tells the other instances.
    async fn write(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        append: &Append,
    ) -> Result<(), WriteError> {
        let Append {
            room,
            ply,
            actions,
            finished,
        } = append;
        let end = ply + actions.len() as u64;
        let done = sqlx::query(
            "UPDATE rooms SET ply = $1, finished = $2, updated_ms = $3 WHERE id = $4 AND ply = $5",
        )
        .bind(to_i64(end))
        .bind(i64::from(*finished))
        .bind(now_ms())
        .bind(room)
        .bind(to_i64(*ply))
        .execute(&mut **tx)
        .await?;
        lost_if_unchanged(done)?;
        for (k, action) in actions.iter().enumerate() {
            sqlx::query("INSERT INTO actions (room, ply, action) VALUES ($1, $2, $3)")
                .bind(room)
                .bind(to_i64(ply + k as u64))
                .bind(action)
                .execute(&mut **tx)
                .await?;
        }
        notify(self.backend, &self.instance, tx, room).await?;
        Ok(())
    }
}

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
