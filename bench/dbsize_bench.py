"""Database size benchmark: bytes on disk per finished 4-player game.

    .venv/bin/python -m bench --only dbsize [--quick]

Whole 4-player games are played move by move through the game service (as the bot does) on
a fresh database file; the size of the file after the games, minus the size of the empty
(migrated) file, divided by the number of games, is the cost of one finished game: its
state, seats, action log and the rows of the posts it owed its channel (marked sent after
each move, which empties their payload, as the bot does once it has posted them).
"""
from __future__ import annotations

import asyncio
import os
import sqlite3
import tempfile
from pathlib import Path

from bench.common import KiB, row
from bench.service_bench import play_game

TARGET_KIB = 200


def _size(path: Path) -> tuple[int, int]:
    """The database's size once its write-ahead log is folded into the file, and how much of
    it is free pages (kept for reuse)."""
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = con.execute("PRAGMA page_size").fetchone()[0]
        pages = con.execute("PRAGMA page_count").fetchone()[0]
        free = con.execute("PRAGMA freelist_count").fetchone()[0]
    finally:
        con.close()
    return page_size * pages, page_size * free


def _by_table(path: Path) -> dict[str, int]:
    con = sqlite3.connect(path)
    try:
        return {name: size for name, size in con.execute(
            "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC")}
    except sqlite3.OperationalError:  # SQLite built without the dbstat table
        return {}
    finally:
        con.close()


async def _fill(path: Path, games: int) -> None:
    from db.connection import open_database
    from db.repository import GameRepository
    from service import GameService

    db = await open_database(path)
    try:
        service = GameService(GameRepository(db))
        for seed in range(games):
            base = 100 * (seed + 1)
            await play_game(service, 1000 + seed, [base + 1, base + 2, base + 3, base + 4])
    finally:
        await db.close()


def measure(quick: bool = False) -> list[dict]:
    from db.connection import open_database

    games = 1 if quick else 5
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "size.sqlite3"

        async def empty() -> None:
            db = await open_database(path)
            await db.close()

        asyncio.run(empty())
        before, _ = _size(path)
        asyncio.run(_fill(path, games))
        after, free = _size(path)
        tables = _by_table(path)
        file_size = os.path.getsize(path)
    per_game = (after - before) / games / KiB
    top = ", ".join(f"{name} {size / games / KiB:.0f}" for name, size in list(tables.items())[:3])
    return [row("database size per finished 4-player game", round(per_game, 1), "KiB",
                f"<= {TARGET_KIB} KiB", per_game <= TARGET_KIB,
                note=f"{games} game(s) played move by move through the service; "
                     f"largest parts per game (KiB): {top}; file {file_size / KiB:.0f} KiB, "
                     f"{free / KiB:.0f} KiB of it free pages")]
