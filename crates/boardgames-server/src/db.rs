//! The database's ground floor: which database, the connection writes go through, why a write
//! was refused, and the small helpers every write uses (the store and the group commit).

use crate::checkpoint::Checkpoints;
use sqlx::any::AnyQueryResult;
use sqlx::pool::PoolConnection;
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
    pub(crate) async fn connection(&self) -> Result<WriteConnection<'_>, sqlx::Error> {
        if let Some(checkpoints) = &self.checkpoints {
            checkpoints.wrote();
        }
        Ok(match &self.own {
            Some(own) => WriteConnection::Own(own.lock().await),
            None => WriteConnection::Pooled(self.pool.acquire().await?),
        })
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

/// A write on a condition (the ply, a free seat, the token) that changed no row: `Lost`, another
/// writer got there first.
pub(crate) fn lost_if_unchanged(done: AnyQueryResult) -> Result<(), WriteError> {
    if done.rows_affected() == 0 {
        return Err(WriteError::Lost);
    }
    Ok(())
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

/// Tells the other instances (on PostgreSQL) that `room` changed, inside `tx`: this instance's
/// id and the room on the notification channel, delivered when `tx` commits.
pub(crate) async fn notify(
    backend: Backend,
    instance: &str,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    room: &str,
) -> Result<(), sqlx::Error> {
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(format!("{instance} {room}"))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
