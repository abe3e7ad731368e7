-- Players: what a profile, a leaderboard and the records read (service/players.py), written in
-- the same transaction as the save that finishes a game (db.repository save_state).
--
-- results gains each seat's per-game summary: the six scoring categories (A-F medals), the
-- lifepods collected, the seat's planet and corporation, the number of seats, the solo
-- event-deck difficulty (easy/normal/hard; NULL without events), the rounds played, when the
-- game started, whether the seat was a human's seat handed to the autopilot ("autopilot")
-- and whether the game moved ratings ("rated"). NULL: not known for that game.
ALTER TABLE results ADD COLUMN cat_a INTEGER;
ALTER TABLE results ADD COLUMN cat_b INTEGER;
ALTER TABLE results ADD COLUMN cat_c INTEGER;
ALTER TABLE results ADD COLUMN cat_d INTEGER;
ALTER TABLE results ADD COLUMN cat_e INTEGER;
ALTER TABLE results ADD COLUMN cat_f INTEGER;
ALTER TABLE results ADD COLUMN lifepods INTEGER;
ALTER TABLE results ADD COLUMN planet TEXT;
ALTER TABLE results ADD COLUMN corporation TEXT;
ALTER TABLE results ADD COLUMN players INTEGER;
ALTER TABLE results ADD COLUMN events TEXT;
ALTER TABLE results ADD COLUMN rounds INTEGER;
ALTER TABLE results ADD COLUMN started_at REAL;
ALTER TABLE results ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
-- a player's games in a server (profile, wins and best-total boards, records)
CREATE INDEX results_guild_user ON results (guild_id, user_id, finished_at);
CREATE INDEX results_user_time ON results (user_id, finished_at);

-- Ratings (openskill Plackett-Luce), per scope: scope 0 is the global rating, any other scope
-- a server's id. ordinal = mu - 3 sigma, the number the boards sort by.
CREATE TABLE ratings (
    scope      INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    ordinal    REAL    NOT NULL,
    games      INTEGER NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (scope, user_id)
);
CREATE INDEX ratings_board ON ratings (scope, ordinal DESC, user_id);

-- Every rating change, one row per rated seat and scope: the trend and the chart over time,
-- and what a rebuild must reproduce.
CREATE TABLE rating_history (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    scope       INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (game_id, scope, user_id)
);
CREATE INDEX rating_history_user ON rating_history (user_id, scope, finished_at);

-- Each player's running totals, per server (guild_id) and over every game (guild_id 0), updated
-- with the results of each finished game: the wins, best-total and best-solo boards and the
-- server's category averages read these few rows instead of every result. Human seats only.
-- multi: games with others; best: best total in a game with others; cat_games: games whose
-- category scores are known, cat_a..cat_f: the sums of those scores; name: the latest name.
CREATE TABLE player_summaries (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    games      INTEGER NOT NULL,
    multi      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    best       INTEGER,
    best_solo  INTEGER,
    cat_games  INTEGER NOT NULL,
    cat_a      INTEGER NOT NULL,
    cat_b      INTEGER NOT NULL,
    cat_c      INTEGER NOT NULL,
    cat_d      INTEGER NOT NULL,
    cat_e      INTEGER NOT NULL,
    cat_f      INTEGER NOT NULL,
    last_at    REAL    NOT NULL,
    streak      INTEGER NOT NULL DEFAULT 0,   -- wins in a row in games with others, up to now
    best_streak INTEGER NOT NULL DEFAULT 0,   -- the longest such run (filled by the ratings rebuild)
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX player_summaries_streak ON player_summaries (guild_id, best_streak DESC, user_id);

-- Each server's records (/pu records), kept up to date as games finish: kind is total, A-F,
-- lifepods (highest; the earliest holds a tie) or fastest (seconds from a game's creation to
-- its end, games with others; lowest).
CREATE TABLE server_records (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    value    REAL    NOT NULL,
    game_id  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind)
);
CREATE INDEX player_summaries_wins ON player_summaries (guild_id, wins DESC, user_id);
CREATE INDEX player_summaries_best ON player_summaries (guild_id, best DESC, user_id);
CREATE INDEX player_summaries_solo ON player_summaries (guild_id, best_solo DESC, user_id);

-- A player's choices about their statistics: global_board 1 = listed on global boards.
CREATE TABLE player_settings (
    user_id      INTEGER PRIMARY KEY,
    global_board INTEGER NOT NULL DEFAULT 0 CHECK (global_board IN (0, 1))
);

-- Backfill (SQLite JSON functions, as 0003): the finished games' stored final scores
-- ($.result.players[seat]) and setup ($.config). The ratings of these games are computed by a
-- separate Python step (service/ratings.py rebuild), run on the next start.
UPDATE results SET
    cat_a = (SELECT json_extract(g.state, '$.result.players[' || results.seat || '].A.total') FROM games g WHERE g.id = results.game_id),
    cat_b = (SELECT json_extract(g.state, '$.result.players[' || results.seat || '].B.total') FROM games g WHERE g.id = results.game_id),
    cat_c = (SELECT json_extract(g.state, '$.result.players[' || results.seat || '].C.total') FROM games g WHERE g.id = results.game_id),
    cat_d = (SELECT json_extract(g.state, '$.result.players[' || results.seat || '].D.total') FROM games g WHERE g.id = results.game_id),
    cat_e = (SELECT json_extract(g.state, '$.result.players[' || results.seat || '].E.total') FROM games g WHERE g.id = results.game_id),
    cat_f = (SELECT json_extract(g.state, '$.result.players[' || results.seat || '].F.total') FROM games g WHERE g.id = results.game_id),
    lifepods = (SELECT json_extract(g.state, '$.result.players[' || results.seat || '].C.lifepods') FROM games g WHERE g.id = results.game_id),
    planet = (SELECT json_extract(g.state, '$.config.planets[' || results.seat || ']') FROM games g WHERE g.id = results.game_id),
    corporation = (SELECT json_extract(g.state, '$.config.corporations[' || results.seat || ']') FROM games g WHERE g.id = results.game_id),
    players = (SELECT json_extract(g.state, '$.config.players') FROM games g WHERE g.id = results.game_id),
    rounds = (SELECT json_extract(g.state, '$.round') FROM games g WHERE g.id = results.game_id),
    started_at = (SELECT g.created_at FROM games g WHERE g.id = results.game_id),
    events = CASE WHEN solo = 1 THEN (SELECT coalesce(json_extract(g.config, '$.events'), 'normal')
                                       FROM games g WHERE g.id = results.game_id) END,
    autopilot = CASE WHEN is_bot = 1 AND name LIKE 'Autopilot (%' THEN 1 ELSE 0 END;

-- The running totals of the games finished so far (db/players.py SUMMARY_SELECT, the same
-- query): per server, then over every game.
INSERT INTO player_summaries (guild_id, user_id, name, games, multi, wins, best, best_solo, cat_games,
                              cat_a, cat_b, cat_c, cat_d, cat_e, cat_f, last_at)
SELECT scope, user_id,
       (SELECT x.name FROM results x WHERE x.user_id = r.user_id ORDER BY x.finished_at DESC, x.game_id DESC LIMIT 1),
       count(*), sum(CASE WHEN solo = 0 THEN 1 ELSE 0 END), sum(CASE WHEN solo = 0 AND place = 1 THEN 1 ELSE 0 END),
       max(CASE WHEN solo = 0 THEN score END), max(CASE WHEN solo = 1 THEN score END),
       sum(CASE WHEN cat_a IS NULL THEN 0 ELSE 1 END), coalesce(sum(cat_a), 0), coalesce(sum(cat_b), 0),
       coalesce(sum(cat_c), 0), coalesce(sum(cat_d), 0), coalesce(sum(cat_e), 0), coalesce(sum(cat_f), 0),
       max(finished_at)
FROM (SELECT guild_id AS scope, results.* FROM results WHERE guild_id IS NOT NULL
      UNION ALL SELECT 0 AS scope, results.* FROM results) r
WHERE user_id IS NOT NULL AND is_bot = 0
GROUP BY scope, user_id;

-- The records of the games finished so far (db/players.py RECORD_SOURCES, the same rules).
INSERT INTO server_records (guild_id, kind, name, value, game_id)
SELECT guild_id, kind, name, value, game_id FROM (
    SELECT guild_id, kind, name, value, game_id,
           row_number() OVER (PARTITION BY guild_id, kind
                              ORDER BY CASE WHEN kind = 'fastest' THEN value ELSE -value END, finished_at, game_id, seat) AS n
    FROM (SELECT guild_id, 'total' AS kind, name, score AS value, game_id, finished_at, seat FROM results
          WHERE guild_id IS NOT NULL AND user_id IS NOT NULL AND is_bot = 0
          UNION ALL SELECT guild_id, 'A', name, cat_a, game_id, finished_at, seat FROM results
          WHERE guild_id IS NOT NULL AND user_id IS NOT NULL AND is_bot = 0 AND cat_a IS NOT NULL
          UNION ALL SELECT guild_id, 'B', name, cat_b, game_id, finished_at, seat FROM results
          WHERE guild_id IS NOT NULL AND user_id IS NOT NULL AND is_bot = 0 AND cat_b IS NOT NULL
          UNION ALL SELECT guild_id, 'C', name, cat_c, game_id, finished_at, seat FROM results
          WHERE guild_id IS NOT NULL AND user_id IS NOT NULL AND is_bot = 0 AND cat_c IS NOT NULL
          UNION ALL SELECT guild_id, 'D', name, cat_d, game_id, finished_at, seat FROM results
          WHERE guild_id IS NOT NULL AND user_id IS NOT NULL AND is_bot = 0 AND cat_d IS NOT NULL
          UNION ALL SELECT guild_id, 'E', name, cat_e, game_id, finished_at, seat FROM results
          WHERE guild_id IS NOT NULL AND user_id IS NOT NULL AND is_bot = 0 AND cat_e IS NOT NULL
          UNION ALL SELECT guild_id, 'F', name, cat_f, game_id, finished_at, seat FROM results
          WHERE guild_id IS NOT NULL AND user_id IS NOT NULL AND is_bot = 0 AND cat_f IS NOT NULL
          UNION ALL SELECT guild_id, 'lifepods', name, lifepods, game_id, finished_at, seat FROM results
          WHERE guild_id IS NOT NULL AND user_id IS NOT NULL AND is_bot = 0 AND lifepods IS NOT NULL
          UNION ALL SELECT guild_id, 'fastest', 'game #' || game_id, finished_at - started_at, game_id, finished_at, seat
          FROM results WHERE guild_id IS NOT NULL AND solo = 0 AND seat = 0 AND started_at IS NOT NULL) candidates
) ranked WHERE n = 1;
