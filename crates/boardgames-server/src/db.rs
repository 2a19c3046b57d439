//! The database's ground floor: which database, the connection writes go through, why a write
//! was refused, and the small helpers every write uses (the store and the group commit).

use crate::checkpoint::Checkpoints;
use sqlx::any::AnyArguments;
use sqlx::pool::PoolConnection;
use sqlx::query::QueryScalar;
use sqlx::{Any, AnyConnection, AnyPool};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::{Mutex, MutexGuard};

/// The channel of PostgreSQL notifications between instances sharing a database.
pub(crate) const CHANNEL: &str = "boardgames_rooms";

/// Which database the URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Backend {
    Sqlite,
    Postgres,
}

/// Where write transactions begin. On SQLite: one connection of their own, which the writers
/// of this process take in turn. SQLite lets one connection write at a time and makes the
/// others sleep and retry (its busy timeout, in steps of up to 100 ms), which under load cost
/// more than the writes; and one connection keeps its page cache and prepared statements warm.
/// On PostgreSQL, where writers of different rooms do not wait for each other: any connection
/// of the pool.
#[derive(Clone, Debug)]
pub(crate) struct Writes {
    pool: AnyPool,
    own: Option<Arc<Mutex<AnyConnection>>>,
    /// On SQLite: the checkpointer, told of every write.
    checkpoints: Option<Checkpoints>,
}

/// A connection to write on, held until dropped.
pub(crate) enum WriteConnection<'a> {
    Own(MutexGuard<'a, AnyConnection>),
    Pooled(PoolConnection<Any>),
}

impl Deref for WriteConnection<'_> {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        match self {
            WriteConnection::Own(c) => c,
            WriteConnection::Pooled(c) => c,
        }
    }
}

impl DerefMut for WriteConnection<'_> {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match self {
            WriteConnection::Own(c) => c,
            WriteConnection::Pooled(c) => c,
        }
    }
}

impl Writes {
    /// Writes through `own` where given (SQLite, whose checkpoints then run on a task of
    /// their own), else through any connection of `pool`.
    pub(crate) fn new(pool: AnyPool, own: Option<AnyConnection>) -> Writes {
        Writes {
            checkpoints: own.is_some().then(|| Checkpoints::start(pool.clone())),
            own: own.map(|c| Arc::new(Mutex::new(c))),
            pool,
        }
    }

    /// Waits for this process's turn to write (on SQLite) and gives the connection to write on.
    async fn connection(&self) -> Result<WriteConnection<'_>, sqlx::Error> {
        if let Some(checkpoints) = &self.checkpoints {
            checkpoints.wrote();
        }
        Ok(match &self.own {
            Some(own) => WriteConnection::Own(own.lock().await),
            None => WriteConnection::Pooled(self.pool.acquire().await?),
        })
    }

    /// Runs `write` (a statement of `sql.rs`) and gives the first column of its rows: what it
    /// changed, committed. On SQLite a failed statement leaves the transaction of its text
    /// open: it is rolled back here, so that nothing of the write remains.
    pub(crate) async fn run<'q>(
        &self,
        write: QueryScalar<'q, Any, String, AnyArguments<'q>>,
    ) -> Result<Vec<String>, sqlx::Error> {
        let mut conn = self.connection().await?;
        let rows = write.fetch_all(&mut *conn).await;
        if rows.is_err() && self.own.is_some() {
            // Fails (harmlessly) where no transaction is open.
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        }
        rows
    }
}

/// Why a write was refused.
#[derive(Debug)]
pub(crate) enum WriteError {
    /// The room's ply was no longer the one given, or the seat was taken meanwhile.
    Lost,
    /// The database failed.
    Db(sqlx::Error),
}

impl From<sqlx::Error> for WriteError {
    fn from(e: sqlx::Error) -> WriteError {
        WriteError::Db(e)
    }
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

pub(crate) fn to_u64(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

pub(crate) fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}
