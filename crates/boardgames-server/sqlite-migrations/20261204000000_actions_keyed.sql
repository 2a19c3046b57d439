-- SQLite only: the actions kept in the order of their key (room, ply), without a row id.
-- The table of the first migration had a row id and, beside it, an index on (room, ply):
-- every action was written twice, in two B-trees (and stored twice). Now once. Existing
-- actions are copied over in the migration's transaction.
CREATE TABLE actions_keyed (
    room TEXT NOT NULL REFERENCES rooms (id),
    ply BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (room, ply)
) WITHOUT ROWID;

INSERT INTO actions_keyed (room, ply, action) SELECT room, ply, action FROM actions;

DROP TABLE actions;

ALTER TABLE actions_keyed RENAME TO actions;
