"""One connection per process, shared by its asyncio tasks (both backends): a task inside an
exclusive section (a transaction, or work that manages its own) has the connection to itself
until the block ends; statements outside a section wait for the lock."""
from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import ClassVar, Self


class Sections:
    """The lock and the section bookkeeping of a shared connection. Each backend keeps its own
    context variable (``_section``), so a task may hold a section of each at once (the
    SQLite-to-PostgreSQL copy reads one while it writes the other)."""

    _section: ClassVar[contextvars.ContextVar[object | None]]

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self._token: object | None = None

    def _holds(self) -> bool:
        """Whether the running task is inside this connection's exclusive section."""
        return self._token is not None and self._section.get() is self._token

    @asynccontextmanager
    async def exclusive(self) -> AsyncIterator[Self]:
        """Hold the connection for several statements without opening a transaction.

        Statements run through this object inside the block skip the lock. Used for work that
        manages its own transactions (migrations) or changes connection settings.
        """
        if self._holds():
            raise RuntimeError("this task already holds the database; sections do not nest")
        async with self._lock:
            self._token = token = object()
            reset = self._section.set(token)
            try:
                yield self
            finally:
                self._token = None
                self._section.reset(reset)
