-- Asynchronous play (issue 16): each player's own settings, for all their games and servers
-- (service/settings.py). remind_hours: hours before a reminder (NULL: the game's setting, 0:
-- none); quiet_start/quiet_end: hours 0-23 of the day in time_zone (an IANA name) when nobody
-- pings them (NULL: no quiet hours); remind_dm: 1 to get reminders as a direct message with a
-- link to the game's thread; round_ping: 0 to get no ping when a new round opens; language:
-- 'en' or 'fr' (NULL: Discord's language); away_until: while later than now, the autopilot
-- plays their seats (/pu away).
ALTER TABLE player_settings ADD COLUMN remind_hours REAL;
ALTER TABLE player_settings ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 23);
ALTER TABLE player_settings ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN 0 AND 23);
ALTER TABLE player_settings ADD COLUMN time_zone TEXT;
ALTER TABLE player_settings ADD COLUMN remind_dm INTEGER NOT NULL DEFAULT 0 CHECK (remind_dm IN (0, 1));
ALTER TABLE player_settings ADD COLUMN round_ping INTEGER NOT NULL DEFAULT 1 CHECK (round_ping IN (0, 1));
ALTER TABLE player_settings ADD COLUMN language TEXT;
ALTER TABLE player_settings ADD COLUMN away_until REAL;
