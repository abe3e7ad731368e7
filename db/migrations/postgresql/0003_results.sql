-- PostgreSQL version of ../0003_results.sql: each finished game's result, one row per seat,
-- and the backfill of the games finished before the table existed (see the SQLite file).
CREATE TABLE results (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    guild_id    BIGINT,
    user_id     BIGINT,
    name        TEXT    NOT NULL,
    score       INTEGER NOT NULL,
    place       INTEGER NOT NULL CHECK (place >= 1),
    finished_at DOUBLE PRECISION NOT NULL,
    daily_key   TEXT,
    solo        INTEGER NOT NULL CHECK (solo IN (0, 1)),
    is_bot      INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    target      INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_daily ON results (daily_key, score DESC, game_id) WHERE daily_key IS NOT NULL;
CREATE INDEX results_guild_daily ON results (guild_id, daily_key, score DESC, game_id) WHERE daily_key IS NOT NULL;
CREATE INDEX results_guild_best ON results (guild_id, score DESC, game_id) WHERE daily_key IS NOT NULL;
CREATE INDEX results_user ON results (user_id, score DESC, game_id) WHERE user_id IS NOT NULL;

INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, daily_key, solo,
                     is_bot, target)
SELECT g.id, (p.value ->> 'seat')::int, g.guild_id, s.user_id, coalesce(s.display_name, '?'),
       (p.value ->> 'total')::int, (p.value ->> 'place')::int, g.updated_at, g.daily_key,
       (json_array_length(g.state::json -> 'result' -> 'players') = 1)::int, coalesce(s.is_bot, 0),
       (g.state::json #>> '{result,solo,target}')::int
FROM games g
CROSS JOIN LATERAL json_array_elements(
    CASE WHEN json_typeof(g.state::json -> 'result' -> 'players') = 'array'
         THEN g.state::json -> 'result' -> 'players' ELSE '[]'::json END) AS p (value)
LEFT JOIN (SELECT game_id, user_id, display_name, is_bot,
                  row_number() OVER (PARTITION BY game_id ORDER BY seat) - 1 AS position
           FROM seats) s ON s.game_id = g.id AND s.position = (p.value ->> 'seat')::int
WHERE g.status = 'finished';
