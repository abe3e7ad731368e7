"""Copy the bot's SQLite database into PostgreSQL, then check the copy.

    python -m db.to_postgres data/planet_unknown.sqlite3 postgresql://bot@localhost/planet

Stop the bot first (the SQLite file must not change during the copy; the tool takes the same
lock the bot does). The PostgreSQL database is migrated to the current schema and must hold
no games yet. Every table is copied in one transaction (games, seats, action logs, owed and
sent posts, reminders, the bot's messages, results, the players' ratings, running totals,
records and settings) with the same ids, and the id counters are
moved past them. Then the check, which must come out clean or the tool says what differs:
every table holds the same rows in both databases, and every game's stored state is the
replay of its action log in PostgreSQL (the engine plays the log again from the game's
configuration and seed).
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from db.connection import open_database

# Parents before children (foreign keys); each with the columns that identify a row.
TABLES = {
    "games": ("id",),
    "seats": ("game_id", "seat"),
    "actions": ("game_id", "seq"),
    "outbox": ("id",),
    "reminders": ("game_id", "seat", "kind"),
    "messages": ("game_id", "kind"),
    "results": ("game_id", "seat"),
    "outcomes": ("game_id", "seat"),  # migration 0007
    # players' statistics (migration 0004): ratings, their history, running totals, records, opt-ins
    "ratings": ("scope", "user_id"),
    "rating_history": ("game_id", "scope", "user_id"),
    "player_summaries": ("guild_id", "user_id"),
    "server_records": ("guild_id", "kind"),
    "player_settings": ("user_id",),
}


async def _columns(db, table: str) -> list[str]:
    return [row[1] for row in await db.fetchall(f"PRAGMA table_info({table})")]


async def _rows(db, table: str, columns: list[str]) -> list[tuple]:
    order = ", ".join(TABLES[table])
    return [tuple(row) for row in await db.fetchall(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}")]


async def copy(sqlite_path: str | Path, url: str) -> dict[str, int]:
    """Copy every table; return the number of rows copied per table. Raises ValueError if the
    PostgreSQL database already holds games."""
    source = await open_database(sqlite_path)
    dest = await open_database(url)
    try:
        if await dest.fetchval("SELECT count(*) FROM games"):
            raise ValueError(f"{url.split('@')[-1]} already holds games: copy into an empty database")
        counts = {}
        async with dest.transaction():
            for table in TABLES:
                columns = await _columns(source, table)
                rows = await _rows(source, table, columns)
                marks = ", ".join("?" * len(columns))
                await dest.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
                counts[table] = len(rows)
            for table in ("games", "outbox"):  # the next new id follows the copied ones
                await dest.fetchval(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                                    f" coalesce((SELECT max(id) FROM {table}), 0) + 1, false)")
        return counts
    finally:
        await source.close()
        await dest.close()


async def verify(sqlite_path: str | Path, url: str) -> list[str]:
    """What differs between the two databases, and every game whose stored state (in
    PostgreSQL) is not the replay of its log; empty when the copy is faithful."""
    from engine.replay import replay
    from engine.state import dump, load

    problems = []
    source = await open_database(sqlite_path)
    dest = await open_database(url)
    try:
        for table in TABLES:
            columns = await _columns(source, table)
            mine, theirs = await _rows(source, table, columns), await _rows(dest, table, columns)
            if mine != theirs:
                differ = sum(1 for a, b in zip(mine, theirs) if a != b) + abs(len(mine) - len(theirs))
                problems.append(f"{table}: {differ} row(s) differ ({len(mine)} in SQLite, {len(theirs)} in PostgreSQL)")
        for game_id, state_text in await dest.fetchall("SELECT id, state FROM games WHERE state IS NOT NULL"
                                                      " AND game = 'planet_unknown' ORDER BY id"):
            state = load(state_text)
            log = await dest.fetchall("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
            try:
                again = replay({"config": state.config, "seed": state.seed, "actions": [list(a) for a in log]})
            except Exception as error:  # noqa: BLE001 - reported, with the game's number
                problems.append(f"game {game_id}: its log does not replay ({error})")
                continue
            if dump(again) != state_text:
                problems.append(f"game {game_id}: the stored state is not the replay of its log")
    finally:
        await source.close()
        await dest.close()
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not argv[1].startswith(("postgresql://", "postgres://")):
        print("usage: python -m db.to_postgres SQLITE_FILE postgresql://USER@HOST/DATABASE", file=sys.stderr)
        return 2
    from db import lock
    from db.errors import DatabaseError

    src, url = argv
    if not Path(src).is_file():
        print(f"error: there is no database at {src}", file=sys.stderr)
        return 1
    try:
        held = lock.hold(src)  # the bot must be stopped: it would go on writing to the file
        try:
            counts = asyncio.run(copy(src, url))
            problems = asyncio.run(verify(src, url))
        finally:
            lock.release(held)
    except (DatabaseError, ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print("Copied " + ", ".join(f"{n} {table}" for table, n in counts.items()) + ".")
    if problems:
        print("The copy differs from the original:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    print(f"Checked: every table is identical and all {counts['games']} games replay to their stored state.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
