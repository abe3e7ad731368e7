"""The PostgreSQL backend: the same interface as db.connection.Database, on psycopg 3 (async).

One connection per process, shared by its asyncio tasks the way the SQLite connection is: a
task inside `async with db.transaction():` has it to itself until the block ends. Several bot
processes share the database; what one process must not do at the same time as another (change
one game, deliver one game's posts) is serialised with PostgreSQL advisory locks (`guard`).

The repository's SQL is written once for both backends, with SQLite's placeholders (`?` and
`:name`); `_translate` rewrites them into psycopg's. Parameters are bound on the client side
(psycopg's ClientCursor), so a parameter takes its type from the statement around it, as in
SQLite (`? IS NULL`, `coalesce(?, status)` need no casts).
"""
from __future__ import annotations

import asyncio
import contextvars
import functools
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from psycopg import AsyncClientCursor

from db.lock import LOCK_GAME, LOCK_MIGRATIONS, LOCK_OUTBOX  # noqa: F401 - advisory-lock namespaces
from db.migrations import bring_up_to_date
from db.sections import Sections

# `?` and `:name` outside string literals and quoted names become psycopg placeholders; every
# `%` is doubled (psycopg reads `%` as the start of a placeholder, literals included).
_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\?|(?<!:):([A-Za-z_]\w*)|%")


@functools.lru_cache(maxsize=512)  # the repository's statements are few: each is rewritten once
def _translate(sql: str) -> str:
    def sub(match: re.Match) -> str:
        text = match.group(0)
        if text == "?":
            return "%s"
        if text == "%":
            return "%%"
        if match.group(1):
            return f"%({match.group(1)})s"
        return text.replace("%", "%%")  # a literal: psycopg reads %% as % even there
    return _TOKEN.sub(sub, sql)


class Row(tuple):
    """A result row: a tuple that also answers row["column"], like sqlite3.Row."""

    __slots__ = ()
    _names: tuple[str, ...] = ()

    def __getitem__(self, key):
        if isinstance(key, str):
            return tuple.__getitem__(self, self._names.index(key))
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


_ROW_CLASSES: dict[tuple[str, ...], type[Row]] = {}


def _row_factory(cursor):
    result = cursor.pgresult  # the column names straight from the result (cheaper than description)
    names = tuple(result.fname(i).decode() for i in range(result.nfields)) if result is not None else ()
    cls = _ROW_CLASSES.get(names)
    if cls is None:  # one class per column list, made once (a query's rows share it)
        cls = _ROW_CLASSES[names] = type("Row", (Row,), {"__slots__": (), "_names": names})
    return cls


class PgDatabase(Sections):
    """A psycopg async connection plus a lock that keeps transactions from interleaving."""

    dialect = "postgresql"
    for_update = " FOR UPDATE"
    _section = contextvars.ContextVar("pg_section", default=None)  # db.sections

    def __init__(self, conn: psycopg.AsyncConnection, url: str):
        super().__init__()
        self.path = url
        self.url = url
        self._conn = conn
        self._in_transaction = False
        self._begin_pending = False  # in a transaction whose BEGIN is not sent yet

    @property
    def in_transaction(self) -> bool:
        return self._in_transaction or self._conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgDatabase]:
        """One transaction (READ COMMITTED): COMMIT at the end of the block, ROLLBACK on any
        exception. Row locks taken by UPDATE make a second process's write to the same game
        wait, then see the new row (so a version check fails cleanly instead of overwriting).
        Inside the task's own transaction, the block is part of it (its end commits or rolls
        back both), so a caller can make several repository calls one atomic change."""
        if self._holds() and self._in_transaction:
            yield self
            return
        async with self.exclusive():
            # BEGIN goes out with the block's first statement (one round trip fewer); a block
            # that ran no statement has nothing to commit
            self._begin_pending = self._in_transaction = True
            try:
                yield self
            except BaseException:
                await self._rollback()
                raise
            try:
                if not self._begin_pending:
                    await self._conn.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise
            finally:
                self._in_transaction = self._begin_pending = False

    async def _rollback(self) -> None:
        self._in_transaction = False
        if self._begin_pending:  # nothing was sent
            self._begin_pending = False
            return
        try:
            await self._conn.execute("ROLLBACK")
        except psycopg.Error:
            pass

    async def _run(self, fn, *args):
        if self._holds():
            return await fn(*args)
        async with self._lock:
            return await fn(*args)

    async def _send(self, cur, sql: str, params) -> None:
        """Run one statement; the first of a transaction carries its BEGIN along (a client-side
        cursor sends both in one query; the cursor then moves on to the statement's result)."""
        if self._begin_pending:
            self._begin_pending = False
            await cur.execute("BEGIN; " + _translate(sql), params)
            cur.nextset()
        else:
            await cur.execute(_translate(sql), params)

    async def _execute(self, sql: str, params, returning: bool = False):
        async with self._conn.cursor() as cur:
            await self._send(cur, sql, params)
            if returning:
                row = await cur.fetchone()
                assert row is not None, "an INSERT ... RETURNING returns its row"
                return cur.rowcount, row[0]
            return cur.rowcount, None

    async def _executemany(self, sql: str, rows):
        rows = list(rows)
        if not rows:
            return 0, None
        if self._begin_pending:  # executemany runs in pipeline mode: one query a statement
            self._begin_pending = False
            await self._conn.execute("BEGIN")
        async with self._conn.cursor() as cur:
            await cur.executemany(_translate(sql), rows)
            return cur.rowcount, None

    async def _fetchall(self, sql: str, params):
        async with self._conn.cursor(row_factory=_row_factory) as cur:
            await self._send(cur, sql, params)
            return await cur.fetchall()

    async def _executescript(self, script: str) -> None:
        if self._begin_pending:
            self._begin_pending = False
            script = "BEGIN; " + script
        async with self._conn.cursor() as cur:
            await cur.execute(script)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return (await self._run(self._execute, sql, params))[0]

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one INSERT; return the id of the new row (its `id` column)."""
        return (await self._run(self._execute, sql + " RETURNING id", params, True))[1]

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> int:
        return (await self._run(self._executemany, sql, rows))[0]

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._run(self._fetchall, sql, params)

    async def fetchsets(self, queries: Sequence[tuple[str, Any]]) -> list[list[Row]]:
        """Run several queries; return each one's rows. They go to the server as one request
        (their parameters bound here), so they cost one round trip."""
        return await self._run(self._fetchsets, queries)

    async def _fetchsets(self, queries):
        async with self._conn.cursor(row_factory=_row_factory) as cur:
            script = "; ".join(cur.mogrify(_translate(sql), params) for sql, params in queries)
            begin, self._begin_pending = self._begin_pending, False
            await cur.execute(("BEGIN; " if begin else "") + script)  # no parameters: sent as it is
            if begin:
                cur.nextset()
            sets = [await cur.fetchall()]
            while cur.nextset():
                sets.append(await cur.fetchall())
            return sets

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]

    async def executescript(self, script: str) -> None:
        """Run several statements (no parameters), inside the current transaction if any."""
        await self._run(self._executescript, script)

    @staticmethod
    def is_unique_violation(error: BaseException) -> bool:
        return isinstance(error, psycopg.errors.UniqueViolation)

    @asynccontextmanager
    async def guard(self, namespace: int, key: int, local: asyncio.Lock | None = None):
        """Hold `local` (this process's lock) and the advisory lock (namespace, key) that other
        processes take for the same thing. Waiting polls pg_try_advisory_lock, so the shared
        connection is never blocked while another process holds the lock."""
        async with local if local is not None else _nothing():
            delay = 0.002
            while not await self._try_lock(namespace, key):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.05)
            try:
                yield
            finally:
                await asyncio.shield(self._unlock(namespace, key))

    async def _try_lock(self, namespace: int, key: int) -> bool:
        attempt = asyncio.ensure_future(self.fetchval("SELECT pg_try_advisory_lock(?, ?)", (namespace, key)))
        try:
            return await asyncio.shield(attempt)
        except asyncio.CancelledError:
            # Cancelled while asking: if the server granted the lock anyway, give it back, or
            # the game would stay locked for the other processes as long as this one lives.
            def undo(done: asyncio.Future) -> None:
                if not done.cancelled() and done.exception() is None and done.result():
                    asyncio.ensure_future(self._unlock(namespace, key))
            attempt.add_done_callback(undo)
            raise

    async def _unlock(self, namespace: int, key: int) -> None:
        try:
            await self.fetchval("SELECT pg_advisory_unlock(?, ?)", (namespace, key))
        except psycopg.Error:
            pass  # the connection is gone, and its locks with it

    async def close(self) -> None:
        async with self.exclusive():
            await self._conn.close()


@asynccontextmanager
async def _nothing():
    yield


async def open_postgres(url: str, *, migrate: bool = True, options: str | None = None) -> PgDatabase:
    """Connect to the PostgreSQL database at `url` and bring its schema up to date.

    Raises DatabaseTooNew if a newer bot has written it, MigrationError if an upgrade fails.
    `options` are server settings for this connection (tests pass a search_path)."""
    kwargs: dict[str, Any] = {"options": options} if options else {}
    conn = await psycopg.AsyncConnection.connect(url, autocommit=True, cursor_factory=AsyncClientCursor,
                                                 **kwargs)
    try:
        db = PgDatabase(conn, url)
        await bring_up_to_date(db, url, migrate)
        return db
    except BaseException:
        await conn.close()
        raise
