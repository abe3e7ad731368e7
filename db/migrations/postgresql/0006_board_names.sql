-- The names on leaderboards (issue 51): a server's boards show the name a player had in that
-- server's games, never their nickname from another server; global boards show the name the
-- player chose for them (their Discord global name, noted when they opt in with /pu profile
-- global_board:true and whenever they ask for their own profile) or, before they have
-- given one, the name of their last direct-message game (also their global name).
ALTER TABLE player_settings ADD COLUMN global_name TEXT;

-- The running totals of each server took the player's latest name of any server: rebuilt
-- from that server's own games.
UPDATE player_summaries SET name = coalesce(
    (SELECT x.name FROM results x WHERE x.user_id = player_summaries.user_id AND x.guild_id = player_summaries.guild_id
     ORDER BY x.finished_at DESC, x.game_id DESC LIMIT 1), name)
WHERE guild_id <> 0;
