"""Players' statistics: the queries behind profiles, ratings, leaderboards, records and the
stats export (service/players.py, service/ratings.py).

They read the results table (one row per seat of a finished game, with its per-game summary:
migrations 0003 and 0004) and the ratings tables, never a game's state. Scopes: a server's
games (``guild_id``), a player's own games, or the games shared with another player.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from db.connection import Database
from db.lock import LOCK_RATINGS

GLOBAL = 0  # the ratings scope of the global rating (any other scope is a server id)


@dataclass(frozen=True, slots=True)
class GameSeat:
    """One seat of a finished game, as a profile or a rating update reads it."""
    game_id: int
    seat: int
    guild_id: int | None
    user_id: int | None
    name: str
    score: int
    place: int
    finished_at: float
    daily_key: str | None
    solo: bool
    is_bot: bool
    target: int | None
    categories: tuple[int | None, ...]
    lifepods: int | None
    planet: str | None
    corporation: str | None
    players: int | None
    events: str | None
    rounds: int | None
    started_at: float | None
    autopilot: bool
    rated: bool


_SEAT_COLUMNS = ("game_id, seat, guild_id, user_id, name, score, place, finished_at, daily_key, solo, is_bot, target,"
                 " cat_a, cat_b, cat_c, cat_d, cat_e, cat_f, lifepods, planet, corporation, players, events, rounds,"
                 " started_at, autopilot, rated")


def _seat(row) -> GameSeat:
    values = list(row)
    head, cats, tail = values[:12], tuple(values[12:18]), values[18:]
    head[9], head[10] = bool(head[9]), bool(head[10])
    tail[-2], tail[-1] = bool(tail[-2]), bool(tail[-1])
    fields = [*head, cats, *tail]
    return GameSeat(*fields)


# The results of finished games: a game ended with /pu host end as a forfeit has results too,
# for its ratings only (service.players ended_rows); the totals, boards, records, profiles and
# exports read finished games.
FINISHED = "game_id IN (SELECT id FROM games WHERE status = 'finished')"

# A game's (or every game's) human seats as player_summaries rows: per server and over every
# game (guild 0); the same query as migration 0004's backfill, with a filter on results. A
# server's row is named as the player was in that server's games (migration 0006), never by
# a nickname from another server; the global row is never shown (GLOBAL_NAME is). The
# streak columns are right for one game; over many, rebuild_summaries recomputes them. A seat
# the autopilot played for its player counts in their games and wins, not in their best totals
# (0004's backfill had no such seat: they had no user then).
SUMMARY_SELECT = """
SELECT scope, user_id, (SELECT x.name FROM results x WHERE x.user_id = r.user_id AND (r.scope = 0 OR x.guild_id = r.scope)
                        ORDER BY x.finished_at DESC, x.game_id DESC LIMIT 1),
       count(*), sum(CASE WHEN solo = 0 THEN 1 ELSE 0 END), sum(CASE WHEN solo = 0 AND place = 1 THEN 1 ELSE 0 END),
       max(CASE WHEN solo = 0 AND autopilot = 0 THEN score END), max(CASE WHEN solo = 1 AND autopilot = 0 THEN score END),
       sum(CASE WHEN cat_a IS NULL THEN 0 ELSE 1 END), coalesce(sum(cat_a), 0), coalesce(sum(cat_b), 0),
       coalesce(sum(cat_c), 0), coalesce(sum(cat_d), 0), coalesce(sum(cat_e), 0), coalesce(sum(cat_f), 0),
       max(finished_at), sum(CASE WHEN solo = 0 AND place = 1 THEN 1 ELSE 0 END),
       sum(CASE WHEN solo = 0 AND place = 1 THEN 1 ELSE 0 END)
FROM (SELECT guild_id AS scope, results.* FROM results WHERE guild_id IS NOT NULL AND {where} AND %(finished)s
      UNION ALL SELECT 0 AS scope, results.* FROM results WHERE {where} AND %(finished)s) r
WHERE user_id IS NOT NULL AND is_bot = 0
GROUP BY scope, user_id"""
SUMMARY_SELECT = SUMMARY_SELECT % {"finished": FINISHED}
SUMMARY_COLUMNS = ("guild_id, user_id, name, games, multi, wins, best, best_solo, cat_games, cat_a, cat_b, cat_c,"
                   " cat_d, cat_e, cat_f, last_at, streak, best_streak")
# a person's own play: records leave out the seats the autopilot played for them
_HUMAN = "guild_id IS NOT NULL AND user_id IS NOT NULL AND is_bot = 0 AND autopilot = 0"
# Each kind of server record: (kind, value, name, filter); fastest is the lowest, the others the
# highest; the earliest game holds a tie. The same rules as migration 0004's backfill.
RECORD_SOURCES = (
    ("total", "score", "name", _HUMAN),
    *((c, f"cat_{c.lower()}", "name", f"{_HUMAN} AND cat_{c.lower()} IS NOT NULL") for c in "ABCDEF"),
    ("lifepods", "lifepods", "name", f"{_HUMAN} AND lifepods IS NOT NULL"),
    ("fastest", "finished_at - started_at", "'game #' || game_id",
     "guild_id IS NOT NULL AND solo = 0 AND seat = 0 AND started_at IS NOT NULL"),
)




def global_name(user: str) -> str:
    """The name a player has on global boards (``user``: the SQL of their user id): the one they
    gave for them (player_settings.global_name: their Discord global name), else the name of
    their last direct-message game (their global name then); NULL if neither. Never a name
    from a server's game: it can be a nickname there, which says what servers they are in."""
    return (f"coalesce((SELECT p.global_name FROM player_settings p WHERE p.user_id = {user}),"
            f" (SELECT x.name FROM results x WHERE x.user_id = {user} AND x.guild_id IS NULL"
            " ORDER BY x.finished_at DESC, x.game_id DESC LIMIT 1))")


def _records_select(where: str) -> str:
    union = " UNION ALL ".join(
        f"SELECT guild_id, '{kind}' AS kind, {name} AS name, {value} AS value, game_id, finished_at, seat FROM results"
        f" WHERE {condition} AND {where} AND {FINISHED}" for kind, value, name, condition in RECORD_SOURCES)
    return ("SELECT guild_id, kind, name, value, game_id FROM (SELECT guild_id, kind, name, value, game_id,"
            " row_number() OVER (PARTITION BY guild_id, kind ORDER BY CASE WHEN kind = 'fastest' THEN value"
            f" ELSE -value END, finished_at, game_id, seat) AS n FROM ({union}) candidates) ranked WHERE n = 1")


def _higher(current: str, new: str) -> str:
    """The larger of two values, NULL only if both are: SQLite's two-argument max() and
    PostgreSQL's GREATEST differ on NULL, so both backends get this CASE instead."""
    return f"CASE WHEN {current} IS NULL OR {new} > {current} THEN {new} ELSE {current} END"


@dataclass(frozen=True, slots=True)
class Rating:
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    games: int


class PlayerRepository:
    def __init__(self, db: Database):
        self.db = db

    # -- reading results -------------------------------------------------------------------

    async def game_seats(self, game_id: int) -> list[GameSeat]:
        """A finished game's seats in seat order."""
        rows = await self.db.fetchall(f"SELECT {_SEAT_COLUMNS} FROM results WHERE game_id = ? ORDER BY seat",
                                      (game_id,))
        return [_seat(r) for r in rows]

    async def game_config(self, game_id: int) -> str:
        return await self.db.fetchval("SELECT config FROM games WHERE id = ?", (game_id,)) or "{}"

    async def seats_of(self, user_id: int, *, guild_ids: list[int] | None = None, dm_with: int | None = None,
                       everything: bool = False) -> list[GameSeat]:
        """The user's seats of finished games, oldest first, in the servers ``guild_ids``, plus
        (``dm_with``) the DM games where that other user also had a seat; ``everything``:
        every game of theirs (their own view of themselves)."""
        if everything:
            rows = await self.db.fetchall(
                f"SELECT {_SEAT_COLUMNS} FROM results WHERE user_id = ? AND {FINISHED} ORDER BY finished_at, game_id",
                (user_id,))
            return [_seat(r) for r in rows]
        out = []
        for guild_id in guild_ids or ():
            out += await self.db.fetchall(
                f"SELECT {_SEAT_COLUMNS} FROM results WHERE guild_id = ? AND user_id = ? AND {FINISHED}",
                (guild_id, user_id))
        if dm_with is not None:
            out += await self.db.fetchall(
                f"SELECT {_SEAT_COLUMNS} FROM results r WHERE user_id = ? AND guild_id IS NULL AND {FINISHED}"
                " AND EXISTS (SELECT 1 FROM results o WHERE o.game_id = r.game_id AND o.user_id = ?)",
                (user_id, dm_with))
        seats = sorted((_seat(r) for r in out), key=lambda s: (s.finished_at, s.game_id))
        return seats

    async def category_averages(self, guild_id: int | None) -> tuple[float | None, ...]:
        """The average medals per category A-F of human seats in a server (None: of every game),
        from the players' running totals."""
        row = await self.db.fetchone(
            "SELECT sum(cat_a), sum(cat_b), sum(cat_c), sum(cat_d), sum(cat_e), sum(cat_f), sum(cat_games)"
            " FROM player_summaries WHERE guild_id = ?", (0 if guild_id is None else guild_id,))
        assert row is not None  # an aggregate query returns one row
        *sums, count = row
        return tuple(None if not count else total / count for total in sums)

    # -- running totals --------------------------------------------------------------------

    async def add_to_summaries(self, game_id: int) -> None:
        """Add a finished game's human seats to the players' running totals (inside the
        transaction that stores its results)."""
        await self.db.execute(
            f"INSERT INTO player_summaries ({SUMMARY_COLUMNS}) {SUMMARY_SELECT.format(where='game_id = :game')}"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name,"
            " games = player_summaries.games + excluded.games, multi = player_summaries.multi + excluded.multi,"
            " wins = player_summaries.wins + excluded.wins,"
            f" best = {_higher('player_summaries.best', 'excluded.best')},"
            f" best_solo = {_higher('player_summaries.best_solo', 'excluded.best_solo')},"
            " cat_games = player_summaries.cat_games + excluded.cat_games,"
            " cat_a = player_summaries.cat_a + excluded.cat_a, cat_b = player_summaries.cat_b + excluded.cat_b,"
            " cat_c = player_summaries.cat_c + excluded.cat_c, cat_d = player_summaries.cat_d + excluded.cat_d,"
            " cat_e = player_summaries.cat_e + excluded.cat_e, cat_f = player_summaries.cat_f + excluded.cat_f,"
            f" last_at = {_higher('player_summaries.last_at', 'excluded.last_at')},"
            " streak = CASE WHEN excluded.wins > 0 THEN player_summaries.streak + 1"
            "               WHEN excluded.multi > 0 THEN 0 ELSE player_summaries.streak END,"
            " best_streak = CASE WHEN excluded.wins > 0 AND player_summaries.streak + 1 > player_summaries.best_streak"
            "                    THEN player_summaries.streak + 1 ELSE player_summaries.best_streak END",
            {"game": game_id})
        await self.db.execute(
            f"INSERT INTO server_records (guild_id, kind, name, value, game_id) {_records_select('game_id = :game')}"
            " ON CONFLICT (guild_id, kind) DO UPDATE SET name = excluded.name, value = excluded.value,"
            " game_id = excluded.game_id WHERE (excluded.kind = 'fastest' AND excluded.value < server_records.value)"
            " OR (excluded.kind <> 'fastest' AND excluded.value > server_records.value)", {"game": game_id})

    async def rebuild_summaries(self) -> None:
        """Recompute every running total from the results (inside a transaction)."""
        await self.db.execute("DELETE FROM player_summaries")
        await self.db.execute(f"INSERT INTO player_summaries ({SUMMARY_COLUMNS}) {SUMMARY_SELECT.format(where='1 = 1')}")
        streaks: dict[tuple[int, int], list[int]] = {}  # (scope, user) -> [current, best]
        for guild_id, user_id, place in await self.db.fetchall(
                "SELECT guild_id, user_id, place FROM results WHERE user_id IS NOT NULL AND is_bot = 0 AND solo = 0"
                f" AND {FINISHED} ORDER BY finished_at, game_id"):
            for scope in ((guild_id, 0) if guild_id is not None else (0,)):
                entry = streaks.setdefault((scope, user_id), [0, 0])
                entry[0] = entry[0] + 1 if place == 1 else 0
                entry[1] = max(entry[1], entry[0])
        await self.db.executemany(
            "UPDATE player_summaries SET streak = ?, best_streak = ? WHERE guild_id = ? AND user_id = ?",
            [(cur, best, scope, user) for (scope, user), (cur, best) in streaks.items()])
        await self.db.execute("DELETE FROM server_records")
        await self.db.execute(f"INSERT INTO server_records (guild_id, kind, name, value, game_id) {_records_select('1 = 1')}")

    async def summaries(self) -> list[tuple]:
        return [tuple(r) for r in await self.db.fetchall(
            f"SELECT {SUMMARY_COLUMNS} FROM player_summaries ORDER BY guild_id, user_id")]

    async def server_records(self, guild_id: int) -> dict[str, tuple]:
        """The server's records: kind -> (name, value, game id); "streak" -> (name, length, None)."""
        rows = await self.db.fetchall("SELECT kind, name, value, game_id FROM server_records WHERE guild_id = ?",
                                      (guild_id,))
        out = {kind: (name, value if kind == "fastest" else int(value), game_id) for kind, name, value, game_id in rows}
        streak = await self.db.fetchone(
            "SELECT name, best_streak FROM player_summaries WHERE guild_id = ? AND best_streak > 0"
            " ORDER BY best_streak DESC, last_at, user_id LIMIT 1", (guild_id,))
        if streak is not None:
            out["streak"] = (streak[0], streak[1], None)
        return out

    async def all_records(self) -> list[tuple]:
        return [tuple(r) for r in await self.db.fetchall("SELECT * FROM server_records ORDER BY 1, 2")]

    async def rating_history(self, user_id: int, scope: int) -> list[tuple[int, float, float]]:
        """(game id, ordinal, finished_at) of each rating change, oldest first."""
        rows = await self.db.fetchall(
            "SELECT game_id, ordinal, finished_at FROM rating_history WHERE user_id = ? AND scope = ?"
            " ORDER BY finished_at, game_id", (user_id, scope))
        return [tuple(r) for r in rows]

    # -- ratings ---------------------------------------------------------------------------

    async def lock_ratings(self) -> None:
        """Take the ratings for the rest of the caller's transaction: a rating update reads the
        players' ratings and writes new ones computed from them, so two processes finishing
        games of the same player at once would lose one update. On PostgreSQL, a transaction
        advisory lock (released at COMMIT or ROLLBACK) makes the second wait, then read the
        first's ratings; SQLite has one process, whose transactions already take turns."""
        if getattr(self.db, "dialect", "sqlite") == "postgresql":
            await self.db.fetchval("SELECT pg_advisory_xact_lock(?, 0)", (LOCK_RATINGS,))

    async def ratings(self, scope: int, user_ids: list[int]) -> dict[int, Rating]:
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        rows = await self.db.fetchall(
            f"SELECT user_id, mu, sigma, ordinal, games FROM ratings WHERE scope = ? AND user_id IN ({marks})",
            (scope, *user_ids))
        return {r[0]: Rating(*r) for r in rows}

    async def put_ratings(self, scope: int, game_id: int, finished_at: float, ratings: list[Rating]) -> None:
        """Store new ratings after a game (call inside the transaction that stores its results)."""
        await self.db.executemany(
            "INSERT INTO ratings (scope, user_id, mu, sigma, ordinal, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (scope, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " ordinal = excluded.ordinal, games = excluded.games, updated_at = excluded.updated_at",
            [(scope, r.user_id, r.mu, r.sigma, r.ordinal, r.games, finished_at) for r in ratings])
        await self.db.executemany(
            "INSERT INTO rating_history (game_id, scope, user_id, mu, sigma, ordinal, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, scope, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, ordinal = excluded.ordinal, finished_at = excluded.finished_at",
            [(game_id, scope, r.user_id, r.mu, r.sigma, r.ordinal, finished_at) for r in ratings])

    async def put_rebuilt(self, ratings: list[tuple], history: list[tuple], rated_games: list[int]) -> None:
        """Store ratings recomputed from scratch (service.ratings.replay's rows; call inside the
        rebuild's transaction, after clear_ratings)."""
        await self.db.executemany(
            "INSERT INTO ratings (scope, user_id, mu, sigma, ordinal, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            ratings)
        await self.db.executemany(
            "INSERT INTO rating_history (game_id, scope, user_id, mu, sigma, ordinal, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)", history)
        await self.db.executemany("UPDATE results SET rated = 1 WHERE game_id = ?", [(g,) for g in rated_games])

    async def all_game_seats(self) -> dict[int, list[GameSeat]]:
        """Every finished game's seats, in seat order, by game id (the ratings rebuild)."""
        out: dict[int, list[GameSeat]] = {}
        for row in await self.db.fetchall(f"SELECT {_SEAT_COLUMNS} FROM results ORDER BY game_id, seat"):
            seat = _seat(row)
            out.setdefault(seat.game_id, []).append(seat)
        return out

    async def game_configs(self) -> dict[int, str]:
        """The options (config JSON) of every game with results, by id (the ratings rebuild)."""
        rows = await self.db.fetchall("SELECT id, config FROM games WHERE id IN (SELECT game_id FROM results)")
        return {game_id: config for game_id, config in rows}

    async def mark_rated(self, game_id: int) -> None:
        await self.db.execute("UPDATE results SET rated = 1 WHERE game_id = ?", (game_id,))

    async def clear_ratings(self) -> None:
        await self.db.execute("DELETE FROM ratings")
        await self.db.execute("DELETE FROM rating_history")
        await self.db.execute("UPDATE results SET rated = 0 WHERE rated = 1")

    async def finished_games(self) -> list[tuple[int, float]]:
        """(game id, finished_at) of every game with results, in the order they finished."""
        rows = await self.db.fetchall(
            "SELECT game_id, max(finished_at) AS t FROM results GROUP BY game_id ORDER BY t, game_id")
        return [tuple(r) for r in rows]

    async def ratings_missing(self) -> bool:
        """True if games with two or more human seats exist but no rating was ever computed
        (a database migrated to 0004: ratings are rebuilt once)."""
        if await self.db.fetchval("SELECT 1 FROM rating_history LIMIT 1"):
            return False
        return bool(await self.db.fetchval(
            "SELECT 1 FROM results WHERE user_id IS NOT NULL AND is_bot = 0 AND solo = 0 LIMIT 1"))

    # -- leaderboards ----------------------------------------------------------------------

    async def board(self, kind: str, *, guild_id: int | None, since_day: str | None = None,
                    until_day: str | None = None, offset: int = 0, limit: int = 10,
                    everyone: bool = False) -> tuple[list[tuple], int]:
        """One page of a leaderboard and how many entries it has: (user id, name, value, games).
        The name: on a server's board, the player's name in that server's games; on the global
        board, their global name (``global_name``), None when they have given none yet.

        kind: rating, wins, best (best total in a game with others), solo (best solo total),
        daily (best daily-challenge total between since_day and until_day). ``guild_id`` None:
        the global board, of players who opted in only (``everyone``: of every player, for the
        offline console, whose players all sit at one keyboard)."""
        select, source, order, count_sql, args = self._board_sql(kind, guild_id, since_day, until_day, everyone)
        args.update(limit=limit, offset=offset)
        rows = [tuple(r) for r in await self.db.fetchall(
            f"{select} {source} ORDER BY {order} LIMIT :limit OFFSET :offset", args)]
        if kind == "rating":  # rounded here: PostgreSQL has no round() of a double to some digits
            rows = [(user, name, round(value, 1), games) for user, name, value, games in rows]
        count = await self.db.fetchval(count_sql, args)
        return rows, count

    async def board_rank(self, kind: str, user_id: int, *, guild_id: int | None, since_day: str | None = None,
                         until_day: str | None = None, everyone: bool = False) -> tuple[int, tuple] | None:
        """``user_id``'s place on the leaderboard ``board`` reads with the same arguments, and their
        row (user id, name, value, games); None when they are not on it."""
        select, source, order, _count, args = self._board_sql(kind, guild_id, since_day, until_day, everyone)
        args["me"] = user_id
        row = await self.db.fetchone(
            f"SELECT * FROM ({select}, row_number() OVER (ORDER BY {order}) AS place {source}) ranked"
            " WHERE ranked.user_id = :me", args)
        if row is None:
            return None
        user, name, value, games, place = tuple(row)
        return int(place), (user, name, round(value, 1) if kind == "rating" else value, games)

    @staticmethod
    def _board_sql(kind: str, guild_id: int | None, since_day: str | None, until_day: str | None,
                   everyone: bool) -> tuple[str, str, str, str, dict]:
        """A leaderboard's query in parts: its SELECT (user_id, name, value, games), its FROM ...
        WHERE [GROUP BY], its order, the query counting its entries, and their arguments."""
        opted_in = "1 = 1" if everyone else "user_id IN (SELECT user_id FROM player_settings WHERE global_board = 1)"
        scope = "guild_id = :guild" if guild_id is not None else opted_in
        args = {"guild": guild_id, "since": since_day, "until": until_day,
                "scope": guild_id if guild_id is not None else GLOBAL}
        if kind == "rating":
            where = "r.scope = :scope" + ("" if guild_id is not None or everyone else f" AND r.{opted_in}")
            # the name: on a server's board the running totals', else (a player rated only through a
            # forfeit: service.players ended_rows) the latest name in that server's results; on the
            # global board their global name (global_name), never a server's
            name = ("coalesce(s.name, (SELECT x.name FROM results x WHERE x.user_id = r.user_id"
                    " AND x.guild_id = r.scope ORDER BY x.finished_at DESC, x.game_id DESC LIMIT 1), '?')"
                    if guild_id is not None else global_name("r.user_id"))
            return (f"SELECT r.user_id AS user_id, {name} AS name, r.ordinal AS value, r.games AS games",
                    "FROM ratings r LEFT JOIN player_summaries s ON s.guild_id = r.scope AND s.user_id = r.user_id"
                    f" WHERE {where}", "r.ordinal DESC, r.user_id",
                    f"SELECT count(*) FROM ratings r WHERE {where}", args)
        if kind in ("wins", "best", "solo"):
            column = {"wins": "wins", "best": "best", "solo": "best_solo"}[kind]
            where = f"guild_id = :scope AND {column} {'> 0' if kind == 'wins' else 'IS NOT NULL'}" + (
                "" if guild_id is not None else f" AND {opted_in}")
            name = "name" if guild_id is not None else global_name("player_summaries.user_id")
            return (f"SELECT user_id, {name} AS name, {column} AS value, games",
                    f"FROM player_summaries WHERE {where}", f"{column} DESC, user_id",
                    f"SELECT count(*) FROM player_summaries WHERE {where}", args)
        where = (f"{scope} AND user_id IS NOT NULL AND is_bot = 0 AND autopilot = 0 AND daily_key IS NOT NULL"
                 " AND (:since IS NULL OR daily_key >= :since) AND (:until IS NULL OR daily_key <= :until)")
        name = "max(name)" if guild_id is not None else global_name("results.user_id")
        return (f"SELECT user_id, {name} AS name, max(score) AS value, count(*) AS games",
                f"FROM results WHERE {where} GROUP BY user_id", "max(score) DESC, user_id",
                f"SELECT count(DISTINCT user_id) FROM results WHERE {where}", args)

    # -- settings --------------------------------------------------------------------------

    async def global_opt_in(self, user_id: int) -> bool:
        return bool(await self.db.fetchval("SELECT global_board FROM player_settings WHERE user_id = ?", (user_id,)))

    async def set_global_opt_in(self, user_id: int, value: bool, name: str | None = None) -> None:
        """List the user on global boards or not; ``name``: the name they show there."""
        await self.db.execute(
            "INSERT INTO player_settings (user_id, global_board, global_name) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET global_board = excluded.global_board,"
            " global_name = coalesce(excluded.global_name, player_settings.global_name)",
            (user_id, int(value), name))

    async def set_global_name(self, user_id: int, name: str) -> None:
        """The name the user shows on global boards, if they have a settings row (a user who
        never opted in is on no global board: nothing is stored for them)."""
        await self.db.execute("UPDATE player_settings SET global_name = ? WHERE user_id = ?", (name, user_id))

    # -- personal settings (migration 0005: service/settings.py) ----------------------------

    SETTINGS_COLUMNS = ("remind_hours", "quiet_start", "quiet_end", "time_zone", "remind_dm", "round_ping",
                        "language", "away_until")

    async def settings_rows(self, user_ids: Iterable[int]) -> dict[int, tuple]:
        """Each listed user's settings row (SETTINGS_COLUMNS in order); users without one are left out."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        rows = await self.db.fetchall(
            f"SELECT user_id, {', '.join(self.SETTINGS_COLUMNS)} FROM player_settings"
            f" WHERE user_id IN ({', '.join('?' * len(ids))})", ids)
        return {int(row[0]): tuple(row[1:]) for row in rows}

    async def update_settings(self, user_id: int, values: dict) -> None:
        """Store some of a user's settings (keys from SETTINGS_COLUMNS), keeping the others."""
        columns = [c for c in self.SETTINGS_COLUMNS if c in values]
        if not columns:
            return
        await self.db.execute(
            f"INSERT INTO player_settings (user_id, {', '.join(columns)}) VALUES (?{', ?' * len(columns)})"
            f" ON CONFLICT (user_id) DO UPDATE SET {', '.join(f'{c} = excluded.{c}' for c in columns)}",
            (user_id, *(values[c] for c in columns)))
