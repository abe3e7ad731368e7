-- Two games, one service (issue 53): which game a row plays, and the finished games' outcomes
-- that are not medals. games.game: the game kind (service/kinds: 'planet_unknown',
-- 'solar_storm'); every game stored before this migration is a Planet Unknown game. The
-- results table stays Planet Unknown's scores (medals, places, ratings); a game kind without
-- scores (Solar Storm, cooperative) records each seat's outcome in outcomes: the columns every
-- game shares, and the game's own summary as JSON that only its kind reads (summary).
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'planet_unknown';
CREATE TABLE outcomes (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    game        TEXT    NOT NULL,
    guild_id    INTEGER,
    user_id     INTEGER,
    name        TEXT    NOT NULL,
    daily_key   TEXT,
    finished_at REAL    NOT NULL,
    summary     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX outcomes_user ON outcomes (game, user_id, finished_at) WHERE user_id IS NOT NULL;
