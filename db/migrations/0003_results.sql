-- Each finished game's result, one row per seat, written in the same transaction as the save
-- that finishes the game (db.repository save_state), so leaderboards read an index instead of
-- parsing every finished game's state. seat: the engine seat (0-based position in seat
-- order); user_id NULL for a computer seat; name: the seat's display name when the game
-- ended; score: total medals; place: 1 = winner; daily_key: the daily challenge, or NULL;
-- solo: a 1-player game; target: the solo target score, if any.
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    guild_id    INTEGER,
    user_id     INTEGER,
    name        TEXT    NOT NULL,
    score       INTEGER NOT NULL,
    place       INTEGER NOT NULL CHECK (place >= 1),
    finished_at REAL    NOT NULL,
    daily_key   TEXT,
    solo        INTEGER NOT NULL CHECK (solo IN (0, 1)),
    is_bot      INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    target      INTEGER,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
-- a day's ranking (in a server, or a player's own) and the best daily results ever
CREATE INDEX results_daily ON results (daily_key, score DESC, game_id) WHERE daily_key IS NOT NULL;
CREATE INDEX results_guild_daily ON results (guild_id, daily_key, score DESC, game_id) WHERE daily_key IS NOT NULL;
CREATE INDEX results_guild_best ON results (guild_id, score DESC, game_id) WHERE daily_key IS NOT NULL;
CREATE INDEX results_user ON results (user_id, score DESC, game_id) WHERE user_id IS NOT NULL;

-- Backfill, once: the games finished before this table existed, from their stored final
-- scores ($.result.players of the state); a seat's engine number is its position in seat order.
INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, daily_key, solo,
                     is_bot, target)
SELECT g.id, json_extract(p.value, '$.seat'), g.guild_id, s.user_id, coalesce(s.display_name, '?'),
       json_extract(p.value, '$.total'), json_extract(p.value, '$.place'), g.updated_at, g.daily_key,
       json_array_length(g.state, '$.result.players') = 1, coalesce(s.is_bot, 0),
       json_extract(g.state, '$.result.solo.target')
FROM games g
JOIN json_each(g.state, '$.result.players') p
LEFT JOIN (SELECT game_id, user_id, display_name, is_bot,
                  row_number() OVER (PARTITION BY game_id ORDER BY seat) - 1 AS position
           FROM seats) s ON s.game_id = g.id AND s.position = json_extract(p.value, '$.seat')
WHERE g.status = 'finished' AND json_type(g.state, '$.result.players') = 'array';
