-- Rooms, their seats and every accepted action. Written in the SQL that SQLite and
-- PostgreSQL both read: TEXT and BIGINT columns only, no engine-specific types.
CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    params TEXT NOT NULL,
    -- The number of rows of `actions` for this room: an action is stored with the ply the
    -- room had, and the room's ply moves from N to N + k only if it still is N.
    ply BIGINT NOT NULL,
    -- 1 once the game is over.
    finished BIGINT NOT NULL,
    -- Seconds each human seat has per move, or NULL for no clock.
    move_seconds BIGINT,
    -- The room created by a rematch of this one.
    rematch TEXT,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);

CREATE INDEX rooms_by_state ON rooms (finished, updated_ms);

CREATE TABLE seats (
    room TEXT NOT NULL REFERENCES rooms (id),
    seat BIGINT NOT NULL,
    -- `human` or the agent SPEC the server plays.
    kind TEXT NOT NULL,
    -- SHA-256 (hex) of the seat's token; NULL while the seat is free.
    token_hash TEXT,
    name TEXT,
    PRIMARY KEY (room, seat)
);

CREATE TABLE actions (
    room TEXT NOT NULL REFERENCES rooms (id),
    ply BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (room, ply)
);
