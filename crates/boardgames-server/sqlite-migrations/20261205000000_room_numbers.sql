-- Every room gets a number, `seq`, in the order rooms are created, and its actions are kept
-- under it: keyed by (room_seq, ply) rather than by (room, ply). Room ids are random, so the
-- actions of the rooms being played were scattered over the whole table and a commit of the
-- actions of k rooms wrote k of its pages; numbered, the rooms being played are the newest and
-- their actions sit together at the end of the table. Existing rooms are numbered in the order
-- of their rows, and their actions copied over in the migration's transaction.
ALTER TABLE rooms ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;

UPDATE rooms SET seq = rowid;

CREATE UNIQUE INDEX rooms_by_seq ON rooms (seq);

CREATE TABLE actions_numbered (
    room_seq INTEGER NOT NULL REFERENCES rooms (seq),
    ply INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (room_seq, ply)
) WITHOUT ROWID;

INSERT INTO actions_numbered (room_seq, ply, action)
    SELECT rooms.seq, actions.ply, actions.action FROM actions JOIN rooms ON rooms.id = actions.room;

DROP TABLE actions;

ALTER TABLE actions_numbered RENAME TO actions;
