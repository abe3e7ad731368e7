-- PostgreSQL version of ../0007_game_kinds.sql: the game kind of each game (existing games are
-- Planet Unknown's) and the outcomes of games that have no score (see the SQLite file).
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'planet_unknown';
CREATE TABLE outcomes (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    game        TEXT    NOT NULL,
    guild_id    BIGINT,
    user_id     BIGINT,
    name        TEXT    NOT NULL,
    daily_key   TEXT,
    finished_at DOUBLE PRECISION NOT NULL,
    summary     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX outcomes_user ON outcomes (game, user_id, finished_at) WHERE user_id IS NOT NULL;
