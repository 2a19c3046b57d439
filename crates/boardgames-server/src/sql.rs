//! The writes in SQL: the statement that commits a batch of writes of every kind (on SQLite,
//! of the kinds the batch holds), so that the writes that wait together are one round trip to
//! the database whatever their number (a round trip to sqlx's SQLite thread, or to the PostgreSQL server, was most of
//! a write's time under load). It answers the rooms it changed (a write whose room is missing
//! found its condition no longer held: `Lost`, nothing written) and is committed before it
//! answers.
//!
//! SQLite runs the statements of one text one after the other, here inside `BEGIN IMMEDIATE`
//! ... `COMMIT`: the writer holds the database alone, so a later statement sees exactly what
//! the earlier ones did. PostgreSQL runs one statement with parts (`WITH`) that see what the
//! others return, as its own transaction; its notifications to the other instances are
//! delivered when it commits. Lists of rows come as one JSON array parameter, so that a
//! statement's text (prepared once, kept in the connection's cache) does not depend on how
//! many rows it writes.

use crate::db::Backend;
use std::sync::OnceLock;

/// Which kinds of writes a batch holds: the statements it needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Kinds {
    pub(crate) create: bool,
    pub(crate) take_seat: bool,
    pub(crate) leave_seat: bool,
    pub(crate) append: bool,
}

impl Kinds {
    /// A number from 0 to 15, one bit per kind.
    fn index(self) -> usize {
        usize::from(self.create)
            | usize::from(self.take_seat) << 1
            | usize::from(self.leave_seat) << 2
            | usize::from(self.append) << 3
    }
}

impl Backend {
    /// The statement that commits a batch of writes of `kinds` on this database. It reads `$1`
    /// the rooms to create, `$2` the seats to take, `$3` the seats to free, `$4` the actions to
    /// append (each a JSON array of the writes, as `commits.rs` writes them; one write per room
    /// in all), `$5` the time (Unix milliseconds), `$6` the notification channel and `$7` this
    /// instance's id, and answers the rooms it changed.
    pub(crate) fn batch(self, kinds: Kinds) -> &'static str {
        match self {
            // Only the statements of the kinds the batch holds: on sqlx's SQLite thread each
            // statement, even one with nothing to do, costs a message back to the runtime.
            Backend::Sqlite => {
                static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
                let texts = TEXTS.get_or_init(|| (0..16).map(sqlite_batch).collect());
                texts.get(kinds.index()).map_or("", String::as_str)
            }
            // One statement whose empty parts cost nothing more.
            Backend::Postgres => POSTGRES,
        }
    }
}

/// On SQLite, the statements of the kinds in `index` (as [`Kinds::index`] numbers them), one
/// after the other in one transaction.
fn sqlite_batch(index: usize) -> String {
    let mut text = String::from("BEGIN IMMEDIATE;");
    for (bit, part) in [
        SQLITE_CREATE,
        SQLITE_TAKE_SEAT,
        SQLITE_LEAVE_SEAT,
        SQLITE_APPEND,
    ]
    .iter()
    .enumerate()
    {
        if index & (1 << bit) != 0 {
            text.push(' ');
            text.push_str(part);
        }
    }
    text.push_str(" COMMIT");
    text
}

/// A room is created only while the open rooms (those before it in the batch counted as
/// created: `w.key` is its place in the array) stay under its `max_open`. A rematch links the
/// old room to the new one if it had none; a room is created if it is no rematch or its old
/// room links to it now, numbered after every room before it (`seq`: the batch's one writer
/// holds the database, and `w.key` tells apart the rooms of the batch); its seats with it. (An
/// `INSERT` reading the table it writes reads it all before it writes: both statements count
/// the rooms, and the insert numbers them, as they were before the batch.)
const SQLITE_CREATE: &str = "\
    UPDATE rooms SET rematch = w.value ->> '$.room' \
        FROM json_each($1) AS w \
        WHERE rooms.id = w.value ->> '$.rematch_of' AND rooms.rematch IS NULL \
            AND (SELECT COUNT(*) FROM rooms WHERE finished = 0) + w.key < w.value ->> '$.max_open'; \
    INSERT INTO rooms (id, game, params, ply, finished, move_seconds, rematch, created_ms, updated_ms, seq) \
        SELECT w.value ->> '$.room', w.value ->> '$.game', w.value ->> '$.params', 0, 0, \
            w.value ->> '$.move_seconds', NULL, w.value ->> '$.created_ms', $5, \
            (SELECT COALESCE(MAX(seq), 0) FROM rooms) + 1 + w.key \
        FROM json_each($1) AS w \
        WHERE (SELECT COUNT(*) FROM rooms WHERE finished = 0) + w.key < w.value ->> '$.max_open' \
            AND (w.value ->> '$.rematch_of' IS NULL OR EXISTS ( \
                SELECT 1 FROM rooms AS old \
                WHERE old.id = w.value ->> '$.rematch_of' AND old.rematch = w.value ->> '$.room')) \
        RETURNING id; \
    INSERT INTO seats (room, seat, kind, token_hash, name) \
        SELECT w.value ->> '$.room', s.key, s.value, NULL, NULL \
        FROM json_each($1) AS w, json_each(w.value, '$.seats') AS s \
        WHERE EXISTS (SELECT 1 FROM rooms WHERE id = w.value ->> '$.room');";

const SQLITE_TAKE_SEAT: &str = "\
    UPDATE seats SET token_hash = w.value ->> '$.hash', name = w.value ->> '$.name' \
        FROM json_each($2) AS w \
        WHERE seats.room = w.value ->> '$.room' AND seats.seat = w.value ->> '$.seat' \
            AND seats.token_hash IS NULL AND seats.kind = 'human' \
        RETURNING seats.room;";

const SQLITE_LEAVE_SEAT: &str = "\
    UPDATE seats SET token_hash = NULL, name = NULL \
        FROM json_each($3) AS w \
        WHERE seats.room = w.value ->> '$.room' AND seats.seat = w.value ->> '$.seat' \
            AND seats.token_hash = w.value ->> '$.hash' \
        RETURNING seats.room;";

/// The actions first, under their room's number, of the rooms still at their ply (the one
/// writer sees the rooms unchanged between the two statements); then those rooms move on.
const SQLITE_APPEND: &str = "\
    INSERT INTO actions (room_seq, ply, action) \
        SELECT rooms.seq, (w.value ->> '$.from') + a.key, a.value \
        FROM json_each($4) AS w, json_each(w.value, '$.actions') AS a \
        JOIN rooms ON rooms.id = w.value ->> '$.room' AND rooms.ply = w.value ->> '$.from'; \
    UPDATE rooms SET ply = w.value ->> '$.to', finished = w.value ->> '$.finished', updated_ms = $5 \
        FROM json_each($4) AS w \
        WHERE rooms.id = w.value ->> '$.room' AND rooms.ply = w.value ->> '$.from' \
        RETURNING rooms.id;";

/// On PostgreSQL, one statement whose parts see what the others return (and every part the
/// rooms as they were before it: the count of open rooms is the one before the batch, taken
/// only if the batch creates rooms).
const POSTGRES: &str = "WITH \
    c AS (SELECT *, row_number() OVER () - 1 AS place \
        FROM json_to_recordset($1::json) AS c(room TEXT, rematch_of TEXT, game TEXT, \
        params TEXT, move_seconds BIGINT, created_ms BIGINT, seats JSON, max_open BIGINT)), \
    room_for AS (SELECT * FROM c \
        WHERE (SELECT COUNT(*) FROM rooms WHERE finished = 0) + c.place < c.max_open), \
    linked AS ( \
        UPDATE rooms SET rematch = c.room FROM room_for AS c \
        WHERE rooms.id = c.rematch_of AND rooms.rematch IS NULL \
        RETURNING rooms.id AS old, rooms.rematch AS new), \
    created AS ( \
        INSERT INTO rooms (id, game, params, ply, finished, move_seconds, rematch, created_ms, updated_ms) \
        SELECT c.room, c.game, c.params, 0, 0, c.move_seconds, NULL, c.created_ms, $5 FROM room_for AS c \
        WHERE c.rematch_of IS NULL OR c.room IN (SELECT new FROM linked) \
        RETURNING id), \
    seated AS ( \
        INSERT INTO seats (room, seat, kind, token_hash, name) \
        SELECT c.room, s.n - 1, s.kind, NULL, NULL \
        FROM c JOIN created ON created.id = c.room, \
            json_array_elements_text(c.seats) WITH ORDINALITY AS s(kind, n)), \
    t AS (SELECT * FROM json_to_recordset($2::json) AS t(room TEXT, seat BIGINT, hash TEXT, name TEXT)), \
    taken AS ( \
        UPDATE seats SET token_hash = t.hash, name = t.name FROM t \
        WHERE seats.room = t.room AND seats.seat = t.seat \
            AND seats.token_hash IS NULL AND seats.kind = 'human' \
        RETURNING seats.room), \
    l AS (SELECT * FROM json_to_recordset($3::json) AS l(room TEXT, seat BIGINT, hash TEXT)), \
    freed AS ( \
        UPDATE seats SET token_hash = NULL, name = NULL FROM l \
        WHERE seats.room = l.room AND seats.seat = l.seat AND seats.token_hash = l.hash \
        RETURNING seats.room), \
    w AS (SELECT * FROM json_to_recordset($4::json) AS w(room TEXT, \"from\" BIGINT, \"to\" BIGINT, \
        finished BIGINT, actions JSON)), \
    moved AS ( \
        UPDATE rooms SET ply = w.\"to\", finished = w.finished, updated_ms = $5 FROM w \
        WHERE rooms.id = w.room AND rooms.ply = w.\"from\" \
        RETURNING rooms.id, rooms.seq), \
    stored AS ( \
        INSERT INTO actions (room_seq, ply, action) \
        SELECT moved.seq, w.\"from\" + a.n - 1, a.action \
        FROM w JOIN moved ON moved.id = w.room, \
            json_array_elements_text(w.actions) WITH ORDINALITY AS a(action, n)), \
    changed AS ( \
        SELECT id AS room FROM created UNION ALL SELECT room FROM taken \
        UNION ALL SELECT room FROM freed UNION ALL SELECT id FROM moved \
        UNION ALL SELECT old FROM linked) \
    SELECT room, pg_notify($6, $7 || ' ' || room)::TEXT FROM changed";
