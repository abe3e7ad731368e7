"""One bot process per SQLite database (PostgreSQL takes several: see db.postgres).

Two bots on the same SQLite file would each deliver the posts they owe and each fire the
reminders: players would see everything twice. ``hold(path)`` takes an exclusive lock on
``<path>.lock`` for as long as the process lives (the system drops it when the process ends,
even when it is killed), and raises DatabaseLocked if another process holds it.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import IO

from db.errors import DatabaseLocked

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock (run one bot per database by hand)
    fcntl = None  # type: ignore[assignment]


# PostgreSQL (several processes on one database): advisory-lock namespaces, the first key of
# pg_advisory_lock(namespace, id); see Database.guard / PgDatabase.guard.
LOCK_GAME = 1       # changes to one game
LOCK_OUTBOX = 2     # delivering one game's owed posts
LOCK_MIGRATIONS = 3
LOCK_RATINGS = 4    # rating updates (read, compute, write: one game at a time; db.players)


def lock_path(db_path: str | Path) -> Path:
    return Path(f"{db_path}.lock")


def hold(db_path: str | Path) -> IO | None:
    """Lock the database for this process; keep the returned file open as long as the bot runs.
    Raises DatabaseLocked (with the other process's id when it wrote one) if it is taken."""
    if str(db_path) == ":memory:" or fcntl is None:
        return None
    path = lock_path(db_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a+")
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        other = handle.read().strip()
        handle.close()
        raise DatabaseLocked(str(db_path), other or None) from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


def release(handle: IO | None) -> None:
    if handle is not None and not handle.closed:
        handle.close()
