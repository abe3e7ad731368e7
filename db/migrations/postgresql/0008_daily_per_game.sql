-- PostgreSQL version of ../0008_daily_per_game.sql: one daily game per player, day and game;
-- the indexes that read a day's outcomes and a server's outcomes.
DROP INDEX games_daily;
CREATE UNIQUE INDEX games_daily ON games (game, daily_key, creator_id) WHERE daily_key IS NOT NULL;
CREATE INDEX outcomes_daily ON outcomes (game, daily_key, guild_id) WHERE daily_key IS NOT NULL;
CREATE INDEX outcomes_guild ON outcomes (game, guild_id) WHERE guild_id IS NOT NULL;
