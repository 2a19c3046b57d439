//! The writes in SQL: one statement text per kind of write and database, so that the writes
//! of one kind that wait together are one round trip to the database whatever their number (a
//! round trip to sqlx's SQLite thread, or to the PostgreSQL server, was most of a write's time
//! under load). Each answers the rooms it changed (a write whose room is missing found its
//! condition no longer held: `Lost`, nothing written) and is committed before it answers.
//!
//! SQLite runs the statements of one text one after the other, here inside `BEGIN IMMEDIATE`
//! ... `COMMIT`: the writer holds the database alone, so a later statement sees exactly what
//! the earlier ones did. PostgreSQL runs one statement with parts (`WITH`) that see what the
//! others return, as its own transaction; its notifications to the other instances are
//! delivered when it commits. Lists of rows come as one JSON array parameter, so that a
//! statement's text (prepared once, kept in the connection's cache) does not depend on how
//! many rows it writes.

use crate::commits::Kind;
use crate::db::Backend;

/// The write statements of one database, one per kind of write. Each reads `$1`, the writes
/// as a JSON array (the fields of `commits.rs`'s structs), `$2` the time (Unix milliseconds),
/// `$3` the notification channel and `$4` this instance's id, and answers the rooms it changed.
pub(crate) struct Statements {
    create: &'static str,
    take_seat: &'static str,
    leave_seat: &'static str,
    append: &'static str,
}

impl Backend {
    /// This database's write statements.
    pub(crate) fn statements(self) -> &'static Statements {
        match self {
            Backend::Sqlite => &SQLITE,
            Backend::Postgres => &POSTGRES,
        }
    }
}

impl Statements {
    /// The statement of the writes of `kind`.
    pub(crate) fn of(&self, kind: Kind) -> &'static str {
        match kind {
            Kind::Create => self.create,
            Kind::TakeSeat => self.take_seat,
            Kind::LeaveSeat => self.leave_seat,
            Kind::Append => self.append,
        }
    }
}

const SQLITE: Statements = Statements {
    // A rematch links the old room to the new one if it had none; a room is created if it is
    // no rematch or its old room links to it now.
    create: "BEGIN IMMEDIATE; \
        UPDATE rooms SET rematch = w.value ->> '$.room' \
            FROM json_each($1) AS w \
            WHERE rooms.id = w.value ->> '$.rematch_of' AND rooms.rematch IS NULL; \
        INSERT INTO rooms (id, game, params, ply, finished, move_seconds, rematch, created_ms, updated_ms) \
            SELECT w.value ->> '$.room', w.value ->> '$.game', w.value ->> '$.params', 0, 0, \
                w.value ->> '$.move_seconds', NULL, w.value ->> '$.created_ms', $2 \
            FROM json_each($1) AS w \
            WHERE w.value ->> '$.rematch_of' IS NULL OR EXISTS ( \
                SELECT 1 FROM rooms AS old \
                WHERE old.id = w.value ->> '$.rematch_of' AND old.rematch = w.value ->> '$.room') \
            RETURNING id; \
        INSERT INTO seats (room, seat, kind, token_hash, name) \
            SELECT w.value ->> '$.room', s.key, s.value, NULL, NULL \
            FROM json_each($1) AS w, json_each(w.value, '$.seats') AS s \
            WHERE EXISTS (SELECT 1 FROM rooms WHERE id = w.value ->> '$.room'); \
        COMMIT",
    take_seat: "UPDATE seats SET token_hash = w.value ->> '$.hash', name = w.value ->> '$.name' \
        FROM json_each($1) AS w \
        WHERE seats.room = w.value ->> '$.room' AND seats.seat = w.value ->> '$.seat' \
            AND seats.token_hash IS NULL AND seats.kind = 'human' \
        RETURNING seats.room",
    leave_seat: "UPDATE seats SET token_hash = NULL, name = NULL \
        FROM json_each($1) AS w \
        WHERE seats.room = w.value ->> '$.room' AND seats.seat = w.value ->> '$.seat' \
            AND seats.token_hash = w.value ->> '$.hash' \
        RETURNING seats.room",
    // The actions first, of the rooms still at their ply; then those rooms move on.
    append: "BEGIN IMMEDIATE; \
        INSERT INTO actions (room, ply, action) \
            SELECT w.value ->> '$.room', (w.value ->> '$.from') + a.key, a.value \
            FROM json_each($1) AS w, json_each(w.value, '$.actions') AS a \
            JOIN rooms ON rooms.id = w.value ->> '$.room' AND rooms.ply = w.value ->> '$.from'; \
        UPDATE rooms SET ply = w.value ->> '$.to', finished = w.value ->> '$.finished', updated_ms = $2 \
            FROM json_each($1) AS w \
            WHERE rooms.id = w.value ->> '$.room' AND rooms.ply = w.value ->> '$.from' \
            RETURNING rooms.id; \
        COMMIT",
};

const POSTGRES: Statements = Statements {
    create: "WITH w AS ( \
            SELECT * FROM json_to_recordset($1::json) AS w(room TEXT, rematch_of TEXT, game TEXT, \
                params TEXT, move_seconds BIGINT, created_ms BIGINT, seats JSON)), \
        linked AS ( \
            UPDATE rooms SET rematch = w.room FROM w \
            WHERE rooms.id = w.rematch_of AND rooms.rematch IS NULL \
            RETURNING rooms.id AS old, rooms.rematch AS new), \
        created AS ( \
            INSERT INTO rooms (id, game, params, ply, finished, move_seconds, rematch, created_ms, updated_ms) \
            SELECT w.room, w.game, w.params, 0, 0, w.move_seconds, NULL, w.created_ms, $2 FROM w \
            WHERE w.rematch_of IS NULL OR w.room IN (SELECT new FROM linked) \
            RETURNING id), \
        seated AS ( \
            INSERT INTO seats (room, seat, kind, token_hash, name) \
            SELECT w.room, s.n - 1, s.kind, NULL, NULL \
            FROM w JOIN created ON created.id = w.room, \
                json_array_elements_text(w.seats) WITH ORDINALITY AS s(kind, n)), \
        told AS (SELECT pg_notify($3, $4 || ' ' || old) FROM linked) \
        SELECT created.id, (SELECT COUNT(*) FROM told)::TEXT FROM created",
    take_seat: "WITH w AS ( \
            SELECT * FROM json_to_recordset($1::json) AS w(room TEXT, seat BIGINT, hash TEXT, name TEXT)), \
        taken AS ( \
            UPDATE seats SET token_hash = w.hash, name = w.name FROM w \
            WHERE seats.room = w.room AND seats.seat = w.seat \
                AND seats.token_hash IS NULL AND seats.kind = 'human' \
            RETURNING seats.room) \
        SELECT room, pg_notify($3, $4 || ' ' || room)::TEXT FROM taken",
    leave_seat: "WITH w AS ( \
            SELECT * FROM json_to_recordset($1::json) AS w(room TEXT, seat BIGINT, hash TEXT)), \
        freed AS ( \
            UPDATE seats SET token_hash = NULL, name = NULL FROM w \
            WHERE seats.room = w.room AND seats.seat = w.seat AND seats.token_hash = w.hash \
            RETURNING seats.room) \
        SELECT room, pg_notify($3, $4 || ' ' || room)::TEXT FROM freed",
    append: "WITH w AS ( \
            SELECT * FROM json_to_recordset($1::json) AS w(room TEXT, \"from\" BIGINT, \"to\" BIGINT, \
                finished BIGINT, actions JSON)), \
        moved AS ( \
            UPDATE rooms SET ply = w.\"to\", finished = w.finished, updated_ms = $2 FROM w \
            WHERE rooms.id = w.room AND rooms.ply = w.\"from\" \
            RETURNING rooms.id), \
        stored AS ( \
            INSERT INTO actions (room, ply, action) \
            SELECT w.room, w.\"from\" + a.n - 1, a.action \
            FROM w JOIN moved ON moved.id = w.room, \
                json_array_elements_text(w.actions) WITH ORDINALITY AS a(action, n)) \
        SELECT moved.id, pg_notify($3, $4 || ' ' || moved.id)::TEXT FROM moved",
};
