"""Reading and writing games: rows, seats, the action log, the outbox, reminders, messages.

The repository stores JSON text (config, state, payloads) as given and never parses it; the
game service owns its meaning. Game state changes only through `save_state`, an optimistic
write: it names the version it was computed from and fails with StaleVersion if the game
moved on meanwhile, instead of silently overwriting someone else's move.
"""
from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from db.connection import Database
from db.errors import AlreadySeated, DailyGameExists, GameNotFound, StaleVersion
from db.players import global_name

OPEN_STATUSES = ("lobby", "active")
FINAL_STATUSES = ("finished", "cancelled")


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    creator_id: int
    status: str
    kind: str
    daily_key: str | None
    config: str
    state: str | None
    version: int
    created_at: float
    updated_at: float
    game: str = "planet_unknown"  # the game kind (service/kinds; migration 0007)


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    seat: int
    user_id: int | None
    display_name: str
    is_bot: bool
    reminders: bool


@dataclass(frozen=True, slots=True)
class ActionRow:
    game_id: int
    seq: int
    seat: int | None
    action: str
    game_version: int
    created_at: float


@dataclass(frozen=True, slots=True)
class OutboxRow:
    id: int
    game_id: int
    kind: str
    payload: str
    created_at: float
    sent_at: float | None
    attempts: int = 0                        # sends tried so far
    next_attempt_at: float | None = None     # not before this (back-off after a failure)
    attempt_started_at: float | None = None  # a send began then and its outcome is unknown
    message_id: int | None = None            # the message it became, once sent


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's final result (the results table; the leaderboards read it)."""
    seat: int
    user_id: int | None
    name: str
    score: int
    place: int
    solo: bool = False
    is_bot: bool = False
    target: int | None = None
    game_id: int | None = None
    guild_id: int | None = None
    daily_key: str | None = None
    finished_at: float | None = None
    # per-game summary (migration 0004; service/players.py fills them, NULL when unknown)
    categories: tuple[int, ...] | None = None  # medals of scoring categories A-F
    lifepods: int | None = None
    planet: str | None = None
    corporation: str | None = None
    players: int | None = None
    events: str | None = None                  # solo event-deck difficulty
    rounds: int | None = None
    started_at: float | None = None
    autopilot: bool = False                    # a human's seat handed to the autopilot


_RESULT_COLUMNS = "seat, user_id, name, score, place, solo, is_bot, target, game_id, guild_id, daily_key, finished_at"


@dataclass(frozen=True, slots=True)
class OutcomeRow:
    """One seat's outcome of a finished game of a kind without scores (the outcomes table,
    migration 0007): ``summary`` is the game kind's own JSON (service/kinds)."""
    seat: int
    user_id: int | None
    name: str
    summary: str
    game_id: int | None = None
    guild_id: int | None = None
    daily_key: str | None = None
    finished_at: float | None = None


_OUTCOME_COLUMNS = "seat, user_id, name, summary, game_id, guild_id, daily_key, finished_at"


@dataclass(frozen=True, slots=True)
class ReminderRow:
    game_id: int
    seat: int
    kind: str
    due_at: float


@dataclass(frozen=True, slots=True)
class MessageRow:
    game_id: int
    kind: str
    channel_id: int
    message_id: int


_GAME_COLUMNS = (
    "g.id, g.guild_id, g.channel_id, g.thread_id, g.creator_id, g.status, g.kind, g.daily_key, "
    "g.config, g.state, g.version, g.created_at, g.updated_at, g.game"
)


_OUTBOX_COLUMNS = (
    "id, game_id, kind, payload, created_at, sent_at, attempts, next_attempt_at, attempt_started_at, message_id"
)


def _game(row) -> GameRow:
    return GameRow(*row)


def _result(row) -> ResultRow:
    seat, user_id, name, score, place, solo, is_bot, *rest = row
    return ResultRow(seat, user_id, name, score, place, bool(solo), bool(is_bot), *rest)


def _seat(row) -> SeatRow:
    game_id, seat, user_id, name, is_bot, reminders = row
    return SeatRow(game_id, seat, user_id, name, bool(is_bot), bool(reminders))


class GameRepository:
    """Game persistence on top of one Database. `clock` gives "now" in unix seconds."""

    def __init__(self, db: Database, clock: Callable[[], float] = time.time):
        self.db = db
        self.clock = clock
        # awaited with (game id, finish time) inside the transaction that stores a game's results
        self.finish_hooks: list[Callable[[int, float], Awaitable[None]]] = []

    # -- games ---------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        creator_id: int,
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        config: str = "{}",
        kind: str = "normal",
        daily_key: str | None = None,
        status: str = "lobby",
        state: str | None = None,
        seats: Iterable[tuple[int | None, str, bool]] = (),
        game: str = "planet_unknown",
    ) -> int:
        """Create a game and return its id.

        `seats` are (user_id, display_name, is_bot) tuples, seated 0, 1, 2, ... in order, in
        the same transaction; a solo or daily game can thus start active in one step.
        Raises DailyGameExists if `daily_key` is given and the creator already has that game.
        """
        seats = list(seats)
        try:
            return await self._create_game(creator_id, guild_id, channel_id, thread_id, config, kind, daily_key,
                                           status, state, seats, game)
        except Exception as error:
            # Two processes creating the player's daily game at once (PostgreSQL lets both look
            # before either inserts): the second insert breaks the unique index; say why.
            if daily_key is None or not self.db.is_unique_violation(error):
                raise
            existing = await self.find_daily_game(daily_key, creator_id, game)
            if existing is None:
                raise
            raise DailyGameExists(daily_key, creator_id, existing.id) from None

    async def _create_game(self, creator_id, guild_id, channel_id, thread_id, config, kind, daily_key, status,
                           state, seats, game="planet_unknown") -> int:
        now = self.clock()
        async with self.db.transaction():
            if daily_key is not None:
                existing = await self.find_daily_game(daily_key, creator_id, game)
                if existing is not None:
                    raise DailyGameExists(daily_key, creator_id, existing.id)
            game_id = await self.db.insert(
                "INSERT INTO games (guild_id, channel_id, thread_id, creator_id, status, kind,"
                " daily_key, config, state, created_at, updated_at, game)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, thread_id, creator_id, status, kind, daily_key,
                 config, state, now, now, game),
            )
            await self.db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, display_name, is_bot)"
                " VALUES (?, ?, ?, ?, ?)",
                [(game_id, n, user, name, int(bot)) for n, (user, name, bot) in enumerate(seats)],
            )
        return game_id

    async def get_game(self, game_id: int) -> GameRow:
        """The game with this id. Raises GameNotFound."""
        row = await self.db.fetchone(f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        return _game(row)

    async def get_game_and_seats(self, game_id: int) -> tuple[GameRow, list[SeatRow]]:
        """The game with this id and its seats in seat order, read together (one round trip to
        a PostgreSQL server). Raises GameNotFound."""
        games, seats = await self.db.fetchsets([
            (f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.id = ?", (game_id,)),
            ("SELECT game_id, seat, user_id, display_name, is_bot, reminders FROM seats"
             " WHERE game_id = ? ORDER BY seat", (game_id,))])
        if not games:
            raise GameNotFound(game_id)
        return _game(games[0]), [_seat(row) for row in seats]

    async def list_games(
        self,
        status: str | Iterable[str] | None = None,
        guild_id: int | None = None,
        channel_or_thread_id: int | None = None,
        user_id: int | None = None,
    ) -> list[GameRow]:
        """Games matching every filter given (status may be one or several), oldest first."""
        where: list[str] = []
        params: list[Any] = []
        if status is not None:
            statuses = [status] if isinstance(status, str) else list(status)
            where.append(f"g.status IN ({', '.join('?' * len(statuses))})")
            params += statuses
        if guild_id is not None:
            where.append("g.guild_id = ?")
            params.append(guild_id)
        if channel_or_thread_id is not None:
            where.append("(g.channel_id = ? OR g.thread_id = ?)")
            params += [channel_or_thread_id, channel_or_thread_id]
        if user_id is not None:
            # a seat the autopilot took over keeps its user, but they no longer play it
            where.append("g.id IN (SELECT game_id FROM seats WHERE user_id = ? AND is_bot = 0)")
            params.append(user_id)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        rows = await self.db.fetchall(f"SELECT {_GAME_COLUMNS} FROM games g{clause} ORDER BY g.id", params)
        return [_game(row) for row in rows]

    async def find_game_for_channel(self, channel_id: int) -> GameRow | None:
        """The game a command sent in this channel or thread is about, or None.

        Prefers a lobby or active game; then a game whose own thread this is over one merely
        in this channel; then the most recently updated.
        """
        row = await self.db.fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.channel_id = :id OR g.thread_id = :id"
            " ORDER BY g.status IN ('lobby', 'active') DESC, coalesce(g.thread_id = :id, FALSE) DESC,"
            " g.updated_at DESC, g.id DESC LIMIT 1",
            {"id": channel_id},
        )
        return None if row is None else _game(row)

    async def save_state(
        self,
        game_id: int,
        state: str,
        expected_version: int,
        actions: Iterable[tuple[int | None, str]] = (),
        status: str | None = None,
        outbox: Iterable[tuple[str, str]] = (),
        results: Iterable[ResultRow] = (),
        config: str | None = None,
        outcomes: Iterable[OutcomeRow] = (),
    ) -> int:
        """Store a new state computed from version `expected_version`; return the new version.

        In one transaction: replace the state (and status and config, if given), append `actions`
        ((seat, text) pairs) to the log with the next sequence numbers, and queue `outbox`
        ((kind, payload JSON) pairs). Finishing or cancelling a game drops its reminders.
        `results` (the seats' final scores of a game this save finishes) go to the results
        table, in the same transaction; their game_id, guild_id, daily_key and finished_at
        are taken from the game row and the save. `outcomes` (a game kind's per-seat outcome
        summaries, for kinds without scores) go to the outcomes table the same way.
        Raises StaleVersion (and changes nothing) if the stored version differs, and
        GameNotFound if there is no such game.
        """
        now = self.clock()
        actions, outbox = list(actions), list(outbox)
        async with self.db.transaction():
            changed = await self.db.execute(
                "UPDATE games SET state = ?, status = coalesce(?, status), config = coalesce(?, config),"
                " version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
                (state, status, config, now, game_id, expected_version),
            )
            if not changed:
                await self._raise_stale(game_id, expected_version)
            version = expected_version + 1
            await self._append_actions(game_id, version, now, actions)
            if outbox:  # one statement for all rows (one round trip to a PostgreSQL server)
                await self.db.execute(
                    "INSERT INTO outbox (game_id, kind, payload, created_at) VALUES "
                    + ", ".join(["(?, ?, ?, ?)"] * len(outbox)),
                    [x for kind, payload in outbox for x in (game_id, kind, payload, now)],
                )
            if results:
                results = list(results)
                game_row = await self.db.fetchone(
                    "SELECT guild_id, daily_key, created_at FROM games WHERE id = ?", (game_id,))
                assert game_row is not None  # the game saved just above
                guild_id, daily_key, created_at = game_row
                await self.db.executemany(
                    "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place,"
                    " finished_at, daily_key, solo, is_bot, target, cat_a, cat_b, cat_c, cat_d, cat_e, cat_f,"
                    " lifepods, planet, corporation, players, events, rounds, started_at, autopilot)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (game_id, seat) DO UPDATE SET guild_id = excluded.guild_id,"
                    " user_id = excluded.user_id, name = excluded.name, score = excluded.score,"
                    " place = excluded.place, finished_at = excluded.finished_at, daily_key = excluded.daily_key,"
                    " solo = excluded.solo, is_bot = excluded.is_bot, target = excluded.target,"
                    " cat_a = excluded.cat_a, cat_b = excluded.cat_b, cat_c = excluded.cat_c,"
                    " cat_d = excluded.cat_d, cat_e = excluded.cat_e, cat_f = excluded.cat_f,"
                    " lifepods = excluded.lifepods, planet = excluded.planet, corporation = excluded.corporation,"
                    " players = excluded.players, events = excluded.events, rounds = excluded.rounds,"
                    " started_at = excluded.started_at, autopilot = excluded.autopilot",
                    [(game_id, r.seat, guild_id, r.user_id, r.name, r.score, r.place, now, daily_key, int(r.solo),
                      int(r.is_bot), r.target, *(r.categories or (None,) * 6), r.lifepods, r.planet,
                      r.corporation, r.players, r.events, r.rounds,
                      r.started_at if r.started_at is not None else created_at, int(r.autopilot))
                     for r in results],
                )
                for hook in self.finish_hooks:  # e.g. ratings (service/ratings.py), same transaction
                    await hook(game_id, now)
            outcomes = list(outcomes)
            if outcomes:
                await self._store_outcomes(game_id, now, outcomes)
            await self._drop_reminders_if_over(game_id, status)
        return version

    async def _store_outcomes(self, game_id: int, now: float, outcomes: list[OutcomeRow]) -> None:
        game_row = await self.db.fetchone("SELECT guild_id, daily_key, game FROM games WHERE id = ?", (game_id,))
        assert game_row is not None  # the game saved just before
        guild_id, daily_key, game = game_row
        await self.db.executemany(
            "INSERT INTO outcomes (game_id, seat, game, guild_id, user_id, name, daily_key, finished_at, summary)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET"
            " user_id = excluded.user_id, name = excluded.name, finished_at = excluded.finished_at,"
            " summary = excluded.summary",
            [(game_id, o.seat, game, guild_id, o.user_id, o.name, daily_key, now, o.summary) for o in outcomes])

    async def outcomes_of(self, user_id: int, game: str, *, guild_ids: Iterable[int] | None = None,
                          dm_with: int | None = None) -> list[OutcomeRow]:
        """A person's finished games of one game kind (the outcomes table), oldest first: all of
        them, or (a profile's scope, service.players.Scope) those of the servers ``guild_ids``
        plus the direct-message games where ``dm_with`` also had a seat."""
        if guild_ids is None and dm_with is None:
            rows = await self.db.fetchall(
                f"SELECT {_OUTCOME_COLUMNS} FROM outcomes WHERE game = ? AND user_id = ?"
                " ORDER BY finished_at, game_id", (game, user_id))
            return [OutcomeRow(*row) for row in rows]
        out = []
        for guild_id in guild_ids or ():
            out += await self.db.fetchall(
                f"SELECT {_OUTCOME_COLUMNS} FROM outcomes WHERE game = ? AND user_id = ? AND guild_id = ?",
                (game, user_id, guild_id))
        if dm_with is not None:
            out += await self.db.fetchall(
                f"SELECT {_OUTCOME_COLUMNS} FROM outcomes o WHERE game = ? AND user_id = ? AND guild_id IS NULL"
                " AND EXISTS (SELECT 1 FROM outcomes x WHERE x.game_id = o.game_id AND x.user_id = ?)",
                (game, user_id, dm_with))
        return sorted((OutcomeRow(*row) for row in out), key=lambda r: (r.finished_at or 0.0, r.game_id or 0))

    async def outcomes_in(self, game: str, guild_id: int) -> list[OutcomeRow]:
        """Every seat's outcome of a server's finished games of one game kind, oldest first (its
        records: service/_outcomes.py)."""
        rows = await self.db.fetchall(
            f"SELECT {_OUTCOME_COLUMNS} FROM outcomes WHERE game = ? AND guild_id = ?"
            " ORDER BY finished_at, game_id, seat", (game, guild_id))
        return [OutcomeRow(*row) for row in rows]

    async def daily_outcomes(self, game: str, daily_key: str, *, guild_id: int | None = None,
                             user_id: int | None = None, opted_in: bool = False) -> list[OutcomeRow]:
        """A day's daily-challenge outcomes of ``game`` (people's seats only), in one server
        (``guild_id``), of one player (``user_id``), or (``opted_in``) of every player listed on
        global boards, each named there by their global name (db.players.global_name; None
        when they have given none)."""
        name = global_name("o.user_id") if opted_in else "o.name"
        args: tuple[int, ...]
        if opted_in:
            where, args = "o.user_id IN (SELECT user_id FROM player_settings WHERE global_board = 1)", ()
        elif guild_id is not None:
            where, args = "o.guild_id = ?", (guild_id,)
        elif user_id is not None:
            where, args = "o.user_id = ?", (user_id,)
        else:
            raise ValueError("a day's outcomes are read for one server, one player or the global board")
        rows = await self.db.fetchall(
            f"SELECT o.seat, o.user_id, {name}, o.summary, o.game_id, o.guild_id, o.daily_key, o.finished_at"
            f" FROM outcomes o WHERE o.game = ? AND o.daily_key = ? AND o.user_id IS NOT NULL AND {where}"
            " ORDER BY o.finished_at, o.game_id", (game, daily_key, *args))
        return [OutcomeRow(*row) for row in rows]

    async def daily_outcomes_of(self, game: str, user_ids: Iterable[int], *,
                                guild_id: int | None = None) -> list[OutcomeRow]:
        """The daily-challenge outcomes of ``game`` of these players (in one server, if given),
        oldest first: their streaks."""
        ids = sorted(set(user_ids))
        if not ids:
            return []
        where, args = ("guild_id = ?", (guild_id,)) if guild_id is not None else ("1 = 1", ())
        rows = await self.db.fetchall(
            f"SELECT {_OUTCOME_COLUMNS} FROM outcomes WHERE game = ? AND daily_key IS NOT NULL AND {where}"
            f" AND user_id IN ({', '.join('?' * len(ids))}) ORDER BY daily_key, finished_at",
            (game, *args, *ids))
        return [OutcomeRow(*row) for row in rows]

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Record the game's own thread (or forget it, with None). Raises GameNotFound."""
        if not await self.db.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id)):
            raise GameNotFound(game_id)

    async def set_status(self, game_id: int, status: str, expected_version: int | None = None) -> int:
        """Change a game's status (e.g. cancel a lobby) and return its new version.

        Leaves the state alone. Raises StaleVersion if `expected_version` is given and differs,
        GameNotFound if there is no such game.
        """
        return await self._update(game_id, "status", status, expected_version)

    async def set_config(self, game_id: int, config: str, expected_version: int | None = None) -> int:
        """Replace a game's config JSON (lobby options) and return its new version.

        Raises StaleVersion if `expected_version` is given and differs, GameNotFound if
        there is no such game.
        """
        return await self._update(game_id, "config", config, expected_version)

    async def _update(self, game_id: int, column: str, value: str, expected: int | None) -> int:
        now = self.clock()
        async with self.db.transaction():
            changed = await self.db.execute(
                f"UPDATE games SET {column} = ?, version = version + 1, updated_at = ?"
                " WHERE id = ? AND (? IS NULL OR version = ?)",
                (value, now, game_id, expected, expected),
            )
            if not changed:
                await self._raise_stale(game_id, expected)
            if column == "status":
                await self._drop_reminders_if_over(game_id, value)
            return await self.db.fetchval("SELECT version FROM games WHERE id = ?", (game_id,))

    async def _raise_stale(self, game_id: int, expected: int | None) -> None:
        actual = await self.db.fetchval("SELECT version FROM games WHERE id = ?", (game_id,))
        if actual is None:
            raise GameNotFound(game_id)
        assert expected is not None  # with no expected version, only a missing game changes nothing
        raise StaleVersion(game_id, expected, actual)

    async def _append_actions(self, game_id, version, now, actions) -> None:
        if not actions:
            return
        # one statement (one round trip to a PostgreSQL server): the next sequence numbers are
        # counted on from the log's last one; a VALUES list names its columns column1, column2...
        # in both SQLite and PostgreSQL
        await self.db.execute(
            "INSERT INTO actions (game_id, seq, seat, action, game_version, created_at)"
            " SELECT ?, (SELECT coalesce(max(seq), 0) FROM actions WHERE game_id = ?) + v.column1,"
            " CAST(v.column2 AS INTEGER), v.column3, ?, ? FROM (VALUES "
            + ", ".join(["(?, ?, ?)"] * len(actions)) + ") AS v",
            [game_id, game_id, version, now, *(x for n, (seat, text) in enumerate(actions, 1) for x in (n, seat, text))],
        )

    async def _drop_reminders_if_over(self, game_id: int, status: str | None) -> None:
        if status in FINAL_STATUSES:
            await self.db.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))

    # -- seats ---------------------------------------------------------------------------

    async def add_seat(
        self, game_id: int, user_id: int | None, display_name: str, *, is_bot: bool = False
    ) -> int:
        """Seat someone (or a computer player) in the lowest free seat; return its number.

        Seat numbers are never shuffled when others leave. Raises GameNotFound, and
        AlreadySeated if the user has a seat in this game.
        """
        async with self.db.transaction():
            # FOR UPDATE (PostgreSQL): two processes seating people in one game take turns.
            if await self.db.fetchval(f"SELECT 1 FROM games WHERE id = ?{self.db.for_update}", (game_id,)) is None:
                raise GameNotFound(game_id)
            await self._check_not_seated(game_id, user_id)
            taken = {row[0] for row in await self.db.fetchall(
                "SELECT seat FROM seats WHERE game_id = ?", (game_id,))}
            seat = next(n for n in range(len(taken) + 1) if n not in taken)
            await self.db.execute(
                "INSERT INTO seats (game_id, seat, user_id, display_name, is_bot)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, seat, user_id, display_name, int(is_bot)),
            )
        return seat

    async def _check_not_seated(self, game_id: int, user_id: int | None, allowed: int | None = None) -> None:
        if user_id is None:
            return
        seat = await self.db.fetchval(
            "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        if seat is not None and seat != allowed:
            raise AlreadySeated(game_id, user_id, seat)

    async def remove_seat(self, game_id: int, seat: int) -> bool:
        """Empty a seat (and drop its reminders); return False if it was not taken."""
        return bool(await self.db.execute(
            "DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)))

    async def list_seats(self, game_id: int) -> list[SeatRow]:
        """The game's seats in seat order."""
        rows = await self.db.fetchall(
            "SELECT game_id, seat, user_id, display_name, is_bot, reminders FROM seats"
            " WHERE game_id = ? ORDER BY seat", (game_id,))
        return [_seat(row) for row in rows]

    async def set_seat_reminders(self, game_id: int, seat: int, enabled: bool) -> bool:
        """Turn reminders for a seat on or off; return False if there is no such seat."""
        return bool(await self.db.execute(
            "UPDATE seats SET reminders = ? WHERE game_id = ? AND seat = ?",
            (int(enabled), game_id, seat)))

    async def replace_seat_user(
        self, game_id: int, seat: int, user_id: int | None, display_name: str, *, is_bot: bool = False
    ) -> bool:
        """Hand a seat to someone else, or to a computer player; return False if no such seat.

        Raises AlreadySeated if the new user already has another seat in this game.
        """
        async with self.db.transaction():
            await self._check_not_seated(game_id, user_id, allowed=seat)
            return bool(await self.db.execute(
                "UPDATE seats SET user_id = ?, display_name = ?, is_bot = ?"
                " WHERE game_id = ? AND seat = ?",
                (user_id, display_name, int(is_bot), game_id, seat)))

    # -- action log and outbox -------------------------------------------------------------

    async def list_actions(self, game_id: int, after_seq: int = 0) -> list[ActionRow]:
        """The game's logged actions with seq > after_seq, in order."""
        rows = await self.db.fetchall(
            "SELECT game_id, seq, seat, action, game_version, created_at FROM actions"
            " WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after_seq))
        return [ActionRow(*row) for row in rows]

    async def pending_outbox(self, game_id: int | None = None) -> list[OutboxRow]:
        """Unsent outbox rows (of one game, or of all), oldest first."""
        rows = await self.db.fetchall(
            f"SELECT {_OUTBOX_COLUMNS} FROM outbox"
            " WHERE sent_at IS NULL AND (:game IS NULL OR game_id = :game) ORDER BY id",
            {"game": game_id})
        return [OutboxRow(*row) for row in rows]

    async def get_outbox(self, outbox_id: int) -> OutboxRow | None:
        """One outbox row, sent or not, or None."""
        row = await self.db.fetchone(f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE id = ?", (outbox_id,))
        return None if row is None else OutboxRow(*row)

    async def mark_sent(self, outbox_id: int, *, message_id: int | None = None, keep_payload: bool = False) -> bool:
        """Record that an outbox row was posted (as `message_id`, if known); return False if it
        already was (or is unknown).

        The payload (it may hold a whole game view for an image) is emptied unless
        `keep_payload`: once posted, only the fact that it was sent is worth keeping.
        """
        return bool(await self.db.execute(
            "UPDATE outbox SET sent_at = ?, message_id = ?, attempt_started_at = NULL,"
            " payload = CASE WHEN ? = 1 THEN payload ELSE '{}' END WHERE id = ? AND sent_at IS NULL",
            (self.clock(), message_id, int(keep_payload), outbox_id)))

    async def start_attempt(self, outbox_id: int, previous: float | None) -> bool:
        """Record, before sending, that an attempt to post the row begins now (committed at
        once, so a crash during the send leaves the mark). `previous` is the row's
        attempt_started_at as the caller read it: if it changed since (another poster took the
        row) or the row was sent, nothing is recorded and False is returned."""
        return bool(await self.db.execute(
            "UPDATE outbox SET attempts = attempts + 1, attempt_started_at = ?"
            " WHERE id = ? AND sent_at IS NULL AND attempt_started_at IS NOT DISTINCT FROM ?", (self.clock(), outbox_id, previous)))

    async def attempt_failed(self, outbox_id: int, retry_at: float, *, maybe_sent: bool) -> None:
        """Record a failed attempt: try again at `retry_at`. Unless `maybe_sent` (the failure
        does not tell whether the message was created), the attempt is closed."""
        await self.db.execute(
            "UPDATE outbox SET next_attempt_at = ?,"
            " attempt_started_at = CASE WHEN ? = 1 THEN attempt_started_at ELSE NULL END"
            " WHERE id = ? AND sent_at IS NULL", (retry_at, int(maybe_sent), outbox_id))

    # -- reminders -------------------------------------------------------------------------

    async def set_reminder(self, game_id: int, seat: int, kind: str, due_at: float) -> None:
        """Schedule (or move) the seat's reminder of this kind."""
        await self.db.execute(
            "INSERT INTO reminders (game_id, seat, kind, due_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, seat, kind) DO UPDATE SET due_at = excluded.due_at",
            (game_id, seat, kind, due_at))

    async def clear_reminders(self, game_id: int, seat: int | None = None, kind: str | None = None) -> int:
        """Drop a game's reminders, narrowed to a seat and/or kind if given; return how many."""
        return await self.db.execute(
            "DELETE FROM reminders WHERE game_id = :game AND (:seat IS NULL OR seat = :seat)"
            " AND (:kind IS NULL OR kind = :kind)",
            {"game": game_id, "seat": seat, "kind": kind})

    async def list_reminders(self, game_id: int) -> list[ReminderRow]:
        """Every scheduled reminder of a game, soonest first."""
        rows = await self.db.fetchall(
            "SELECT game_id, seat, kind, due_at FROM reminders WHERE game_id = ? ORDER BY due_at, seat, kind",
            (game_id,))
        return [ReminderRow(*row) for row in rows]

    async def reminder_still_due(self, reminder: ReminderRow) -> bool:
        """Whether this reminder is still scheduled as it was read (same due time). Several
        processes may read the same due reminder; the one that fires it first moves or drops it
        (holding the game's lock), so the others find it changed and leave it."""
        return await self.db.fetchval(
            "SELECT 1 FROM reminders WHERE game_id = ? AND seat = ? AND kind = ? AND due_at = ?",
            (reminder.game_id, reminder.seat, reminder.kind, reminder.due_at)) is not None

    async def due_reminders(self, now: float) -> list[ReminderRow]:
        """Reminders due at `now` for active games: every turn timer ("timer"), autopilot run
        to resume ("bots") and stalled-game step ("stall", "handover"), and the other kinds only
        for seats that have reminders on."""
        rows = await self.db.fetchall(
            "SELECT r.game_id, r.seat, r.kind, r.due_at FROM reminders r"
            " JOIN games g ON g.id = r.game_id"
            " JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat"
            " WHERE r.due_at <= ? AND g.status = 'active' AND (s.reminders = 1 OR r.kind IN ('timer', 'bots', 'stall', 'handover'))"
            " ORDER BY r.due_at", (now,))
        return [ReminderRow(*row) for row in rows]

    async def health(self, now: float) -> dict[str, int]:
        """Counts for the bot's periodic health line: games by state, posts owed, reminders due."""
        row = await self.db.fetchone(
            "SELECT (SELECT count(*) FROM games WHERE status = 'active'),"
            " (SELECT count(*) FROM games WHERE status = 'lobby'),"
            " (SELECT count(*) FROM outbox WHERE sent_at IS NULL),"
            " (SELECT count(*) FROM reminders WHERE due_at <= ?)", (now,))
        assert row is not None  # an aggregate query returns one row
        return dict(zip(("active", "lobbies", "posts_owed", "reminders_due"), (int(v) for v in row)))

    # -- messages --------------------------------------------------------------------------

    async def set_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> None:
        """Remember the bot's message of this kind for the game (replacing an older one)."""
        await self.db.execute(
            "INSERT INTO messages (game_id, kind, channel_id, message_id) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id,"
            " message_id = excluded.message_id",
            (game_id, kind, channel_id, message_id))

    async def get_message(self, game_id: int, kind: str) -> MessageRow | None:
        """The remembered message of this kind, or None."""
        row = await self.db.fetchone(
            "SELECT game_id, kind, channel_id, message_id FROM messages WHERE game_id = ? AND kind = ?",
            (game_id, kind))
        return None if row is None else MessageRow(*row)

    async def list_messages(self, game_id: int) -> list[MessageRow]:
        """Every remembered message of the game."""
        rows = await self.db.fetchall(
            "SELECT game_id, kind, channel_id, message_id FROM messages WHERE game_id = ? ORDER BY kind",
            (game_id,))
        return [MessageRow(*row) for row in rows]

    async def clear_message(self, game_id: int, kind: str) -> bool:
        """Forget a message (e.g. it was deleted); return False if none was remembered."""
        return bool(await self.db.execute(
            "DELETE FROM messages WHERE game_id = ? AND kind = ?", (game_id, kind)))

    # -- daily challenges ------------------------------------------------------------------

    async def find_daily_game(self, daily_key: str, user_id: int, game: str = "planet_unknown") -> GameRow | None:
        """The player's game for this daily challenge of ``game`` (each game has its own daily:
        migration 0008), or None if they have not played it."""
        row = await self.db.fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.daily_key = ? AND g.creator_id = ? AND g.game = ?",
            (daily_key, user_id, game))
        return None if row is None else _game(row)

    async def list_daily_games(self, daily_key: str) -> list[GameRow]:
        """Every game of this daily challenge (for its leaderboard), oldest first."""
        rows = await self.db.fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.daily_key = ? ORDER BY g.id", (daily_key,))
        return [_game(row) for row in rows]

    # -- results (leaderboards) ------------------------------------------------------------

    async def daily_results(self, daily_key: str, *, guild_id: int | None = None, user_id: int | None = None,
                            limit: int = 10) -> tuple[list[ResultRow], int]:
        """A daily challenge's results, best first (ties: the earlier game), in one server
        (``guild_id``) or of one player (``user_id``): the first ``limit`` and how many there are."""
        where, args = self._result_scope(guild_id, user_id)
        rows = await self.db.fetchall(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE daily_key = ? AND {where}"
            " ORDER BY score DESC, game_id LIMIT ?", (daily_key, *args, limit))
        count = await self.db.fetchval(
            f"SELECT count(*) FROM results WHERE daily_key = ? AND {where}", (daily_key, *args))
        return [_result(row) for row in rows], count

    async def daily_rank(self, daily_key: str, user_id: int, *, guild_id: int) -> tuple[ResultRow, int] | None:
        """``user_id``'s result of a daily challenge in one server and its rank there (the order of
        ``daily_results``: best first, ties to the earlier game), or None when they have none."""
        where, args = self._result_scope(guild_id, None)
        row = await self.db.fetchone(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE daily_key = ? AND {where} AND user_id = ?"
            " ORDER BY score DESC, game_id LIMIT 1", (daily_key, *args, user_id))
        if row is None:
            return None
        mine = _result(row)
        ahead = await self.db.fetchval(
            f"SELECT count(*) FROM results WHERE daily_key = ? AND {where}"
            " AND (score > ? OR (score = ? AND game_id < ?))", (daily_key, *args, mine.score, mine.score, mine.game_id))
        return mine, ahead + 1

    async def best_daily_results(self, *, guild_id: int | None = None, user_id: int | None = None,
                                 limit: int = 10) -> list[ResultRow]:
        """The best daily-challenge results ever, in one server or of one player."""
        where, args = self._result_scope(guild_id, user_id)
        rows = await self.db.fetchall(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE daily_key IS NOT NULL AND {where}"
            " ORDER BY score DESC, game_id LIMIT ?", (*args, limit))
        return [_result(row) for row in rows]

    async def game_results(self, game_id: int) -> list[ResultRow]:
        """A finished game's results in seat order (empty if it is not finished: a game ended as a
        forfeit has results for its ratings only, service.players ended_rows)."""
        rows = await self.db.fetchall(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE game_id = ?"
            " AND game_id IN (SELECT id FROM games WHERE status = 'finished') ORDER BY seat", (game_id,))
        return [_result(row) for row in rows]

    @staticmethod
    def _result_scope(guild_id: int | None, user_id: int | None) -> tuple[str, tuple]:
        if (guild_id is None) == (user_id is None):
            raise ValueError("results are read for one server or for one player")
        # a daily challenge the autopilot finished for its player is not their result
        return ("guild_id = ? AND autopilot = 0", (guild_id,)) if guild_id is not None else (
            "user_id = ? AND autopilot = 0", (user_id,))
