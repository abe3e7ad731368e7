"""Bring a database's schema up to date without starting the bot.

    python -m db.migrate                       # the bot's own database (DATABASE_URL / DATABASE_PATH)
    python -m db.migrate postgresql://bot@db/planet

Every bot process also migrates on start (processes starting together wait for one another),
so this is for running the upgrade on its own: before starting a new version on several
machines, or to see where a database stands.
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from db.connection import database_target, open_database
from db.errors import DatabaseError
from db.migrations import latest_version, schema_version

ROOT = Path(__file__).resolve().parents[1]


async def migrate(target: str) -> tuple[int, int]:
    """Open (which migrates) and return (version before, version after)."""
    db = await open_database(target, migrate=False)
    try:
        before = await schema_version(db)
    finally:
        await db.close()
    db = await open_database(target)
    try:
        return before, await schema_version(db)
    finally:
        await db.close()


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("usage: python -m db.migrate [DATABASE_URL or SQLite file]", file=sys.stderr)
        return 2
    try:
        target = argv[0] if argv else database_target(default=ROOT / "data" / "planet_unknown.sqlite3")
        if not target.startswith("postgres"):
            from db.connection import sqlite_path
            target = sqlite_path(target)
        before, after = asyncio.run(migrate(target))
    except (DatabaseError, ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    where = target.split("@")[-1] if "@" in target else target  # never print a password
    print(f"{where}: schema version {before} -> {after} (this bot writes version {latest_version()}).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
