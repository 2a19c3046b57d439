//! The database: rooms, seats and actions in SQLite or PostgreSQL (sqlx's `Any` driver), the
//! crate's migrations run on start, and every write committed through the group commit of
//! `commits.rs` (the statements in `sql.rs`).

use crate::commits::{Append, Create, LeaveSeat, Queue, TakeSeat, Write};
use crate::db::{to_i64, to_u64, Backend, WriteError, Writes};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyConnection, AnyPool, Connection, Row};
use std::str::FromStr;

/// The connection pool and what it is.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    pool: AnyPool,
    backend: Backend,
    /// This instance's id, in the notifications it sends (so that it skips its own).
    instance: String,
    /// The writer every write goes through.
    commits: Queue,
}

/// What SQLite connections are set to. WAL: readers do not wait for the writer; a commit is
/// durable across a crash of the process. The busy timeout queues writers of other processes.
/// Temporary tables and statement journals in memory: on a file, the batches' statements
/// created and deleted a temporary file (`/var/tmp/etilqs_*`) tens of times a second.
async fn sqlite_pragmas(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    for pragma in [
        "PRAGMA journal_mode = WAL",
        "PRAGMA synchronous = NORMAL",
        "PRAGMA busy_timeout = 10000",
        "PRAGMA foreign_keys = ON",
        "PRAGMA temp_store = MEMORY",
    ] {
        sqlx::query(pragma).execute(&mut *conn).await?;
    }
    Ok(())
}

/// A room's row.
#[derive(Clone, Debug)]
pub(crate) struct RoomRow {
    pub(crate) id: String,
    pub(crate) game: String,
    pub(crate) params: String,
    pub(crate) ply: u64,
    pub(crate) move_seconds: Option<u64>,
    pub(crate) rematch: Option<String>,
    pub(crate) created_ms: i64,
}

#[cfg(test)]
impl RoomRow {
    /// A new Slime Trail room `id`, created now: the row the store's tests create.
    pub(crate) fn slimetrail(id: &str) -> RoomRow {
        RoomRow {
            id: id.to_string(),
            game: "slimetrail".into(),
            params: String::new(),
            ply: 0,
            move_seconds: None,
            rematch: None,
            created_ms: crate::db::now_ms(),
        }
    }
}

/// A seat's row.
#[derive(Clone, Debug)]
pub(crate) struct SeatRow {
    pub(crate) kind: String,
    pub(crate) token_hash: Option<String>,
    pub(crate) name: Option<String>,
}

/// A room as stored: its row, seats (in seat order) and actions (in ply order).
#[derive(Clone, Debug)]
pub(crate) struct Stored {
    pub(crate) room: RoomRow,
    pub(crate) seats: Vec<SeatRow>,
    pub(crate) actions: Vec<String>,
}

/// The URL with what SQLite needs: the file is created if missing.
fn sqlite_url(url: &str) -> String {
    if url.contains("mode=") || url.contains(":memory:") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

impl Store {
    /// Connects to `url` (`sqlite://FILE` or `postgres://...`) and runs the migrations.
    pub(crate) async fn open(url: &str, max_connections: u32) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            return Err(sqlx::Error::Configuration(
                format!(
                    "unsupported database URL (expected sqlite://FILE or postgres://...): {}",
                    url.split('@').next_back().unwrap_or_default()
                )
                .into(),
            ));
        };
        let url = match backend {
            Backend::Sqlite => sqlite_url(url),
            Backend::Postgres => url.to_string(),
        };
        let options = AnyConnectOptions::from_str(&url)?;
        let own = match backend {
            Backend::Sqlite => {
                let mut conn = AnyConnection::connect_with(&options).await?;
                sqlite_pragmas(&mut conn).await?;
                // The checkpointer (checkpoint.rs) copies the log into the database; the
                // writer checkpoints only to let the log start again from its beginning, and
                // so rarely that its pause touches fewer than 1% of the actions.
                sqlx::query(crate::checkpoint::WRITER_PRAGMA)
                    .execute(&mut conn)
                    .await?;
                Some(conn)
            }
            Backend::Postgres => None,
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite {
                max_connections.min(8)
            } else {
                max_connections
            })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        sqlite_pragmas(conn).await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        crate::migrations::run(&pool, backend).await?;
        let instance = crate::secret::room_id();
        let writes = Writes::new(pool.clone(), own);
        let commits = Queue::start(writes, backend, instance.clone());
        Ok(Store {
            pool,
            backend,
            instance,
            commits,
        })
    }

    pub(crate) fn backend(&self) -> Backend {
        self.backend
    }

    pub(crate) fn instance(&self) -> &str {
        &self.instance
    }

    /// Closes the pool (waits for connections in use).
    pub(crate) async fn close(&self) {
        self.pool.close().await;
    }

    /// Stores a new room at ply 0 with its seats (`kinds`), and `rematch_of`'s link to it;
    /// `Lost` if `max_open` rooms are open already (counted in the transaction that stores
    /// it: rooms created at once cannot pass the cap together) or that room has its rematch
    /// already: then nothing is stored.
    pub(crate) async fn create(
        &self,
        room: &RoomRow,
        kinds: &[String],
        rematch_of: Option<&str>,
        max_open: u64,
    ) -> Result<(), WriteError> {
        self.commits
            .write(Write::Create(Create {
                room: room.id.clone(),
                rematch_of: rematch_of.map(str::to_string),
                game: room.game.clone(),
                params: room.params.clone(),
                move_seconds: room.move_seconds.map(to_i64),
                created_ms: room.created_ms,
                seats: kinds.to_vec(),
                max_open: to_i64(max_open),
            }))
            .await
    }

    /// Appends `actions` at ply `ply`, in a transaction that refuses a stale ply: the room
    /// moves from `ply` to `ply + actions.len()` only if it is still at `ply`. Answers once
    /// committed (with the writes of other rooms waiting at the same time).
    pub(crate) async fn append(
        &self,
        room: &str,
        ply: u64,
        actions: &[String],
        finished: bool,
    ) -> Result<(), WriteError> {
        self.commits
            .write(Write::Append(Append::new(room, ply, actions, finished)))
            .await
    }

    /// Gives a free seat the token hashed `hash` and a name; `Lost` if it is not free.
    pub(crate) async fn take_seat(
        &self,
        room: &str,
        seat: usize,
        hash: &str,
        name: Option<&str>,
    ) -> Result<(), WriteError> {
        self.commits
            .write(Write::TakeSeat(TakeSeat {
                room: room.to_string(),
                seat: to_i64(seat as u64),
                hash: hash.to_string(),
                name: name.map(str::to_string),
            }))
            .await
    }

    /// Frees a seat held by the token hashed `hash`; `Lost` if it does not hold it.
    pub(crate) async fn leave_seat(
        &self,
        room: &str,
        seat: usize,
        hash: &str,
    ) -> Result<(), WriteError> {
        self.commits
            .write(Write::LeaveSeat(LeaveSeat {
                room: room.to_string(),
                seat: to_i64(seat as u64),
                hash: hash.to_string(),
            }))
            .await
    }

    /// The room `id` as stored, with its actions from `from_ply` on; `None` if unknown.
    pub(crate) async fn load(
        &self,
        id: &str,
        from_ply: u64,
    ) -> Result<Option<Stored>, sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        // One read transaction: the room, its seats and actions agree with each other.
        let mut tx = conn.begin().await?;
        let Some(row) = sqlx::query(
            "SELECT id, game, params, ply, move_seconds, rematch, created_ms FROM rooms WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        else {
            return Ok(None);
        };
        let room = RoomRow {
            id: row.try_get(0)?,
            game: row.try_get(1)?,
            params: row.try_get(2)?,
            ply: to_u64(row.try_get(3)?),
            move_seconds: row.try_get::<Option<i64>, _>(4)?.map(to_u64),
            rematch: row.try_get(5)?,
            created_ms: row.try_get(6)?,
        };
        let seats =
            sqlx::query("SELECT kind, token_hash, name FROM seats WHERE room = $1 ORDER BY seat")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(|r| {
                    Ok(SeatRow {
                        kind: r.try_get(0)?,
                        token_hash: r.try_get(1)?,
                        name: r.try_get(2)?,
                    })
                })
                .collect::<Result<Vec<_>, sqlx::Error>>()?;
        let actions = sqlx::query(
            "SELECT a.action FROM actions AS a JOIN rooms AS r ON a.room_seq = r.seq \
             WHERE r.id = $1 AND a.ply >= $2 AND a.ply < $3 ORDER BY a.ply",
        )
        .bind(id)
        .bind(to_i64(from_ply))
        .bind(to_i64(room.ply))
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|r| r.try_get(0))
        .collect::<Result<Vec<String>, sqlx::Error>>()?;
        tx.commit().await?;
        Ok(Some(Stored {
            room,
            seats,
            actions,
        }))
    }

    /// The ids of the rooms whose game is not over, most recently changed first.
    pub(crate) async fn open_room_ids(&self, limit: u64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query("SELECT id FROM rooms WHERE finished = 0 ORDER BY updated_ms DESC LIMIT $1")
            .bind(to_i64(limit))
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect()
    }

    /// The lobby: the most recently changed rooms, open ones only if `open_only`.
    pub(crate) async fn list(
        &self,
        open_only: bool,
        game: Option<&str>,
        limit: u64,
    ) -> Result<Vec<Listed>, sqlx::Error> {
        let sql = "SELECT r.id, r.game, r.params, r.ply, r.finished, r.updated_ms, \
             (SELECT COUNT(*) FROM seats s WHERE s.room = r.id AND s.kind = 'human' AND s.token_hash IS NULL), \
             (SELECT COUNT(*) FROM seats s WHERE s.room = r.id) \
             FROM rooms r WHERE r.finished <= $1 AND ($2 = '' OR r.game = $3) ORDER BY r.updated_ms DESC LIMIT $4";
        sqlx::query(sql)
            .bind(if open_only { 0i64 } else { 1i64 })
            .bind(game.unwrap_or(""))
            .bind(game.unwrap_or(""))
            .bind(to_i64(limit))
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| {
                Ok(Listed {
                    id: r.try_get(0)?,
                    game: r.try_get(1)?,
                    params: r.try_get(2)?,
                    ply: to_u64(r.try_get(3)?),
                    over: r.try_get::<i64, _>(4)? != 0,
                    updated_ms: r.try_get(5)?,
                    free_seats: to_u64(r.try_get(6)?),
                    seats: to_u64(r.try_get(7)?),
                })
            })
            .collect()
    }
}

/// A line of the lobby's list of rooms.
#[derive(Clone, Debug, serde::Serialize)]
pub(crate) struct Listed {
    pub(crate) id: String,
    pub(crate) game: String,
    pub(crate) params: String,
    pub(crate) ply: u64,
    pub(crate) over: bool,
    pub(crate) updated_ms: i64,
    pub(crate) free_seats: u64,
    pub(crate) seats: u64,
}

#[cfg(test)]
impl Store {
    /// The number of rooms whose game is not over.
    pub(crate) async fn open_rooms(&self) -> u64 {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rooms WHERE finished = 0")
            .fetch_one(&self.pool)
            .await
            .unwrap();
        to_u64(n)
    }

    /// Writes an action row without moving the room's ply (what no path of the server does):
    /// the next append at that ply is refused by the database.
    pub(crate) async fn insert_action_behind_the_back(&self, room: &str, ply: u64, action: &str) {
        sqlx::query(
            "INSERT INTO actions (room_seq, ply, action) \
             SELECT seq, $2, $3 FROM rooms WHERE id = $1",
        )
        .bind(room)
        .bind(to_i64(ply))
        .bind(action)
        .execute(&self.pool)
        .await
        .unwrap();
    }
}
