-- One daily challenge per game a day (issue 53): a player may play Planet Unknown's daily and
-- Solar Storm's daily on the same day, still once each. The unique index of 0001 (one daily
-- game per player and day) now also names the game; and a day's outcomes (Solar Storm's daily
-- leaderboard, service/_outcomes.py) are read through their own index.
DROP INDEX games_daily;
CREATE UNIQUE INDEX games_daily ON games (game, daily_key, creator_id) WHERE daily_key IS NOT NULL;
CREATE INDEX outcomes_daily ON outcomes (game, daily_key, guild_id) WHERE daily_key IS NOT NULL;
CREATE INDEX outcomes_guild ON outcomes (game, guild_id) WHERE guild_id IS NOT NULL;
