-- Initial schema. Times are unix seconds (REAL); Discord ids (snowflakes) are INTEGER;
-- config, state and payload columns hold JSON text that only the game service interprets.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,                      -- NULL for games started in DMs
    channel_id  INTEGER,
    thread_id   INTEGER,                      -- the game's own thread, if it has one
    creator_id  INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    kind        TEXT    NOT NULL DEFAULT 'normal' CHECK (kind <> ''),
    daily_key   TEXT,                         -- e.g. '2026-11-21' for daily challenges
    config      TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(config)),
    state       TEXT    CHECK (state IS NULL OR json_valid(state)),
    version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    -- A game past its lobby has a state (a lobby may be cancelled before it has one).
    CHECK (status IN ('lobby', 'cancelled') OR state IS NOT NULL),
    -- Daily-challenge games, and only they, carry the challenge key.
    CHECK ((kind = 'daily') = (daily_key IS NOT NULL))
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_guild ON games (guild_id, status);
CREATE INDEX games_channel ON games (channel_id);
CREATE INDEX games_thread ON games (thread_id) WHERE thread_id IS NOT NULL;
-- One game per player per daily challenge (a daily game's creator is its player).
CREATE UNIQUE INDEX games_daily ON games (daily_key, creator_id) WHERE daily_key IS NOT NULL;

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    user_id      INTEGER,                     -- NULL for a computer seat
    display_name TEXT    NOT NULL,
    is_bot       INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
    reminders    INTEGER NOT NULL DEFAULT 1 CHECK (reminders IN (0, 1)),
    PRIMARY KEY (game_id, seat),
    CHECK (is_bot = 1 OR user_id IS NOT NULL)
) WITHOUT ROWID;
CREATE UNIQUE INDEX seats_user_once ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- Every accepted action, in order: enough to replay and audit a game.
CREATE TABLE actions (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 1),   -- 1, 2, 3, ... within a game
    seat         INTEGER,                             -- NULL for actions of the game itself
    action       TEXT    NOT NULL,
    game_version INTEGER NOT NULL,                    -- the games.version this save produced
    created_at   REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER actions_append_only BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

-- Posts owed to a game's channel, written in the same transaction as the state that caused
-- them; rows with sent_at NULL after a crash are posted on restart.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    payload    TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
    created_at REAL    NOT NULL,
    sent_at    REAL
);
CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE sent_at IS NULL;

CREATE TABLE reminders (
    game_id INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    kind    TEXT    NOT NULL,
    due_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, kind),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX reminders_due ON reminders (due_at);

-- The bot's own long-lived messages for a game (lobby, board, ...), to edit or re-create them.
CREATE TABLE messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;
