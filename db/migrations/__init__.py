"""Numbered schema migrations and the runner that applies them.

Each file in this folder is named NNNN_description.sql, numbered from 0001 without gaps.
The database's schema version is `PRAGMA user_version`: the number of the last file applied.
Each file runs in its own transaction together with the version bump, so a failing file
leaves the database exactly at the previous version.

Writing a migration: plain SQL statements, no BEGIN/COMMIT. Foreign-key enforcement is off
while migrations run (so a table can be rebuilt by the create-copy-drop-rename recipe without
cascading deletes); `PRAGMA foreign_key_check` must come out clean before each commit.
Never edit a file once released; add a new one.

PostgreSQL: the files in postgresql/ carry the same numbers and names, in PostgreSQL's dialect
(every migration has one there: load_migrations(dialect="postgresql") refuses a missing one).
The version lives in the table schema_version; each file runs in one transaction with the
version bump, under an advisory lock, so processes starting together migrate once.
"""
from __future__ import annotations

import re
import sqlite3
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from db.errors import DatabaseTooNew, MigrationError


class Backend(Protocol):
    """What the runner needs of a connection: both db.connection.Database (SQLite) and
    db.postgres.PgDatabase have it. Those modules open a database, then bring it up to date
    here, so this module names neither of them (no import cycle)."""

    dialect: str

    def exclusive(self) -> AbstractAsyncContextManager[Any]: ...

    def transaction(self) -> AbstractAsyncContextManager[Any]: ...

    async def execute(self, sql: str, params: Any = ()) -> int: ...

    async def executescript(self, script: str) -> None: ...

    async def fetchall(self, sql: str, params: Any = ()) -> Any: ...

    async def fetchval(self, sql: str, params: Any = ()) -> Any: ...


MIGRATIONS_DIR = Path(__file__).resolve().parent
PG_DIR = MIGRATIONS_DIR / "postgresql"
_NAME = re.compile(r"^(\d{4})_\w+\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path


def load_migrations(directory: Path = MIGRATIONS_DIR, *, dialect: str = "sqlite") -> list[Migration]:
    """The migration files in `directory`, in order (with dialect="postgresql", their
    PostgreSQL versions from its postgresql/ folder).

    Raises ValueError if the numbering does not run 1, 2, 3, ... without gaps or repeats, or a
    migration has no PostgreSQL version.
    """
    if dialect == "postgresql":
        pg = {m.name: m for m in load_migrations(directory / "postgresql")} \
            if (directory / "postgresql").is_dir() else {}
        generic = load_migrations(directory)
        missing = [m.name for m in generic if m.name not in pg]
        if missing or len(pg) != len(generic):
            raise ValueError(f"migrations without a PostgreSQL version in {directory / 'postgresql'}: {missing}")
        return [pg[m.name] for m in generic]
    found = []
    for path in directory.glob("*.sql"):
        match = _NAME.match(path.name)
        if not match:
            raise ValueError(f"migration file name {path.name!r} is not NNNN_description.sql")
        found.append(Migration(int(match.group(1)), path.name, path))
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise ValueError(f"migrations in {directory} must be numbered 1..N without gaps: {numbers}")
    return found


def latest_version(migrations: list[Migration] | None = None) -> int:
    """The schema version this code writes: the number of the newest migration."""
    migrations = load_migrations() if migrations is None else migrations
    return migrations[-1].version if migrations else 0


async def schema_version(db: Backend) -> int:
    """The schema version stored in the database (0 for a blank one)."""
    if db.dialect == "postgresql":
        if not await db.fetchval("SELECT to_regclass('schema_version') IS NOT NULL"):
            return 0
        return await db.fetchval("SELECT coalesce(max(version), 0) FROM schema_version")
    return await db.fetchval("PRAGMA user_version")


async def bring_up_to_date(db: Backend, where: str, migrate: bool = True) -> None:
    """What opening a database does on both backends: refuse one a newer bot has written
    (DatabaseTooNew), then apply the missing migrations unless ``migrate`` is False."""
    found = await schema_version(db)
    if found > latest_version():
        raise DatabaseTooNew(where, found, latest_version())
    if migrate:
        await apply_migrations(db)


async def apply_migrations(
    db: Backend, *, target: int | None = None, migrations: list[Migration] | None = None
) -> list[int]:
    """Apply, in order, every migration newer than the database, up to `target` (default: all).

    Returns the versions applied. Raises MigrationError naming the file that failed; the
    files before it stay applied. Callers check for a too-new database first (open_database
    does), since this function simply has nothing to do then.
    """
    if db.dialect == "postgresql":
        return await _apply_postgres(db, target, migrations)
    migrations = load_migrations() if migrations is None else migrations
    target = latest_version(migrations) if target is None else target
    applied: list[int] = []
    async with db.exclusive():
        current = await schema_version(db)
        pending = [m for m in migrations if current < m.version <= target]
        if not pending:
            return applied
        foreign_keys = await db.fetchval("PRAGMA foreign_keys")
        await db.execute("PRAGMA foreign_keys = OFF")  # has no effect inside a transaction
        try:
            for migration in pending:
                await _apply_one(db, migration)
                applied.append(migration.version)
        finally:
            await db.execute(f"PRAGMA foreign_keys = {int(foreign_keys)}")
    return applied


async def _apply_one(db: Backend, migration: Migration) -> None:
    sql = migration.path.read_text(encoding="utf-8")
    try:
        # The trailing newline and semicolon close a last statement or comment left open.
        await db.executescript(
            f"BEGIN IMMEDIATE;\n{sql}\n;\nPRAGMA user_version = {migration.version};"
        )
        broken = await db.fetchall("PRAGMA foreign_key_check")
        if broken:
            first = broken[0]
            raise MigrationError(
                migration.version,
                migration.name,
                f"{len(broken)} row(s) break foreign keys, e.g. {first[0]} rowid {first[1]} -> {first[2]}",
            )
        await db.execute("COMMIT")
    except BaseException as error:
        try:
            await db.execute("ROLLBACK")
        except sqlite3.OperationalError:
            pass  # the failure happened before BEGIN took effect
        if isinstance(error, sqlite3.Error):
            raise MigrationError(migration.version, migration.name, str(error)) from error
        raise


async def _apply_postgres(db: Backend, target: int | None, migrations: list[Migration] | None) -> list[int]:
    from db.lock import LOCK_MIGRATIONS

    migrations = load_migrations(dialect="postgresql") if migrations is None else migrations
    target = latest_version(migrations) if target is None else target
    applied = []
    for migration in migrations:
        if migration.version > target:
            break
        try:
            async with db.transaction():
                # One process migrates; the others wait here, then find the work done.
                await db.fetchval("SELECT pg_advisory_xact_lock(?, 0)", (LOCK_MIGRATIONS,))
                await db.executescript("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                if await schema_version(db) >= migration.version:
                    continue
                await db.executescript(migration.path.read_text(encoding="utf-8"))
                await db.execute("INSERT INTO schema_version (version) VALUES (?)", (migration.version,))
        except Exception as error:
            import psycopg
            if isinstance(error, psycopg.Error):
                raise MigrationError(migration.version, migration.name, str(error)) from error
            raise
        applied.append(migration.version)
    return applied
