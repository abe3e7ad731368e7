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
