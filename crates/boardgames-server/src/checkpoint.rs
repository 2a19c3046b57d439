//! SQLite's checkpoints off the writer's path: a task that copies the write-ahead log into the
//! database file (and syncs both) shortly after writes, on a connection of its own.
//!
//! SQLite otherwise checkpoints in the connection whose commit made the log pass 1000 pages:
//! the server's one writer, which then syncs megabytes to disk while every room waits for its
//! next commit (15 ms stalls here, the slowest 1% of actions under load). Here the writer's own
//! checkpoint, still the one that lets the log start again from its beginning, finds the pages
//! already copied and synced and has little left to do. A checkpoint never waits for the
//! writer nor makes it wait (`PASSIVE`), and losing one loses nothing: the log holds every
//! commit until a checkpoint has copied it.

use sqlx::AnyPool;
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::Notify;

/// What the writer's connection is set to: its own checkpoint only once the log holds
/// 10,000 pages (40 MiB with SQLite's 4 KiB pages) instead of 1,000.
pub(crate) const WRITER_PRAGMA: &str = "PRAGMA wal_autocheckpoint = 10000";

/// How long after a write the checkpoint runs: writes meanwhile go into the same one.
const DELAY: Duration = Duration::from_millis(100);

/// The writers' side: tells the checkpointer that the log grew. The checkpointer stops once
/// every clone of this is dropped.
#[derive(Clone, Debug)]
pub(crate) struct Checkpoints {
    wrote: Arc<Notify>,
}

impl Checkpoints {
    /// Starts the checkpointer of `pool`'s database on the current tokio runtime.
    pub(crate) fn start(pool: AnyPool) -> Checkpoints {
        let wrote = Arc::new(Notify::new());
        tokio::spawn(run(pool, Arc::downgrade(&wrote)));
        Checkpoints { wrote }
    }

    /// A write transaction begins.
    pub(crate) fn wrote(&self) {
        self.wrote.notify_one();
    }
}

async fn run(pool: AnyPool, wrote: Weak<Notify>) {
    loop {
        let Some(notify) = wrote.upgrade() else {
            return;
        };
        // Woken by a write; now and then without one, only to see whether the writers are gone.
        let woken = tokio::time::timeout(Duration::from_secs(1), notify.notified()).await;
        drop(notify);
        if woken.is_err() {
            continue;
        }
        tokio::time::sleep(DELAY).await;
        if pool.is_closed() {
            return;
        }
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            eprintln!("boardgames-server: checkpoint: {e}");
        }
    }
}
