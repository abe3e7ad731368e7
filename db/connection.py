"""The bot's one long-lived SQLite connection.

`open_database` connects, refuses damaged or too-new files, sets the connection up (WAL,
foreign keys, busy timeout) and brings the schema up to date. `Database` serialises use of
the connection between asyncio tasks: a task inside `async with db.transaction():` has the
connection to itself until the block ends, so other tasks never see or join its half-done work.
"""
from __future__ import annotations

import asyncio
import contextvars
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from db.errors import DatabaseCorrupt
from db.migrations import bring_up_to_date
from db.sections import Sections

# query parameters: positional (``?``) or named (``:name``)
Params = Sequence[Any] | Mapping[str, Any]

class Database(Sections):
    """An aiosqlite connection plus a lock that keeps transactions from interleaving."""

    dialect = "sqlite"
    for_update = ""  # SQLite locks the whole database for a write transaction (BEGIN IMMEDIATE)
    # the token of the exclusive section the running task is in, if any (db.sections)
    _section = contextvars.ContextVar("db_section", default=None)

    def __init__(self, conn: aiosqlite.Connection, path: str):
        super().__init__()
        self.path = path
        self._conn = conn

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        """Run the block in one write transaction: BEGIN IMMEDIATE, then COMMIT or ROLLBACK.

        IMMEDIATE takes the write lock up front, so another process writing at the same time
        makes us wait (up to the busy timeout) instead of failing halfway. Any exception,
        cancellation included, rolls back and is re-raised. Inside the task's own transaction,
        the block is part of it (its end commits or rolls back both): a caller can make several
        repository calls one atomic change.
        """
        if self._holds() and self.in_transaction:
            yield self
            return
        async with self.exclusive():
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
            except BaseException:
                # If we were cancelled, BEGIN may still run later on the worker thread.
                await self._rollback()
                raise
            try:
                yield self
            except BaseException:
                await self._rollback()
                raise
            try:
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        # aiosqlite runs statements in order, so this lands after anything still queued.
        try:
            await self._conn.execute("ROLLBACK")
        except sqlite3.OperationalError:
            pass  # no transaction was open

    async def _run(self, fn: Callable[..., Awaitable[Any]], *args: Any) -> Any:
        """Await fn(*args) holding the connection (or inside the section that holds it)."""
        if self._holds():
            return await fn(*args)
        async with self._lock:
            return await fn(*args)

    async def _execute(self, sql: str, params: Params) -> tuple[int, int | None]:
        cursor = await self._conn.execute(sql, params)
        try:
            return cursor.rowcount, cursor.lastrowid
        finally:
            await cursor.close()

    async def _executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> tuple[int, None]:
        cursor = await self._conn.executemany(sql, rows)
        try:
            return cursor.rowcount, None
        finally:
            await cursor.close()

    async def _fetchall(self, sql: str, params: Params) -> list[sqlite3.Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def _executescript(self, script: str) -> None:
        cursor = await self._conn.executescript(script)
        await cursor.close()

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return the number of rows it changed."""
        return (await self._run(self._execute, sql, params))[0]

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Run one INSERT; return the rowid of the new row."""
        return (await self._run(self._execute, sql, params))[1]

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> int:
        """Run one statement once per parameter row; return the total rows changed."""
        return (await self._run(self._executemany, sql, rows))[0]

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        """Run a query; return every row (rows index by column name too)."""
        return await self._run(self._fetchall, sql, params)

    async def fetchsets(self, queries: Sequence[tuple[str, Params]]) -> list[list[sqlite3.Row]]:
        """Run several queries one after the other; return each one's rows (on PostgreSQL they
        travel as one request)."""
        async def run() -> list[list[sqlite3.Row]]:
            return [await self._fetchall(sql, params) for sql, params in queries]
        return await self._run(run)

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        """Run a query; return its first row, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        """Run a query; return the first column of its first row, or None."""
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]

    async def executescript(self, script: str) -> None:
        """Run several statements. SQLite's script runner commits any open transaction
        first, so this is for use inside `exclusive()`, never inside `transaction()`."""
        if self._holds() and self._conn.in_transaction:
            raise RuntimeError("executescript would commit the open transaction")
        await self._run(self._executescript, script)

    @staticmethod
    def is_unique_violation(error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)

    @asynccontextmanager
    async def guard(self, namespace: int, key: int, local: asyncio.Lock | None = None) -> AsyncIterator[None]:
        """Hold `local`, this process's lock for one thing (a game, its posts). One process owns
        a SQLite database (db.lock), so nothing more is needed; PostgreSQL adds an advisory lock."""
        if local is None:
            yield
            return
        async with local:
            yield

    async def close(self) -> None:
        """Let SQLite refresh its query-planner statistics, then close the connection."""
        async with self.exclusive():
            try:
                await self._conn.execute("PRAGMA optimize")
            finally:
                await self._conn.close()


def is_postgres_url(target: str | Path) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


def sqlite_path(target: str | Path) -> str:
    """The file of a SQLite target: a path, or a sqlite:///path URL (sqlite:////abs/path or
    sqlite:///relative/path, as SQLAlchemy writes them)."""
    text = str(target)
    return text[len("sqlite:///"):] if text.startswith("sqlite:///") else text


def database_target(environ=None, default: str | Path | None = None) -> str:
    """Where the bot's data lives, from the environment: DATABASE_URL (postgresql://... or
    sqlite:///path), else DATABASE_PATH (a SQLite file), else `default`."""
    import os
    environ = os.environ if environ is None else environ
    url = (environ.get("DATABASE_URL") or "").strip()
    if url:
        if not (is_postgres_url(url) or url.startswith("sqlite:///")):
            raise ValueError(f"DATABASE_URL must start with postgresql:// or sqlite:///, not {url.split(':')[0]}:")
        return url if is_postgres_url(url) else sqlite_path(url)
    return (environ.get("DATABASE_PATH") or "").strip() or str(default)


async def open_database(path: str | Path, *, migrate: bool = True, **pg_options: Any):
    """Open (creating if needed) the database at `path` and make it ready for use.

    `path` may also be a URL: postgresql://... opens PostgreSQL (db.postgres.PgDatabase, same
    interface), sqlite:///file a SQLite file.

    ":memory:" gives a private in-memory database, for tests. With `migrate=False` the
    schema is left at whatever version it has (tests use this to build old databases).

    Raises DatabaseCorrupt if the file is not a database or fails `PRAGMA quick_check`,
    DatabaseTooNew if a newer bot has written it, MigrationError if an upgrade fails.
    """
    if is_postgres_url(path):
        from db.postgres import open_postgres
        return await open_postgres(str(path), migrate=migrate, **pg_options)
    path = sqlite_path(path)
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: the sqlite3 module opens no transactions of its own; ours are
    # explicit (see Database.transaction).
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute("PRAGMA busy_timeout = 5000")
        try:
            problems = [row[0] for row in await conn.execute_fetchall("PRAGMA quick_check")]
        except sqlite3.DatabaseError as error:  # "file is not a database", ...
            raise DatabaseCorrupt(path, [str(error)]) from error
        if problems != ["ok"]:
            raise DatabaseCorrupt(path, problems)
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        db = Database(conn, path)
        await bring_up_to_date(db, str(path), migrate)
        return db
    except BaseException:
        await conn.close()
        raise
