"""Backing up a live database, and restoring one.

`backup` uses SQLite's online backup API in a single step: it reads one consistent snapshot
while the bot keeps writing (in WAL mode readers and writers do not block each other), checks
the copy, and moves it into place. The copy is a single self-contained file (rollback-journal
mode, no -wal beside it); the bot switches it back to WAL when it opens it.

`restore` refuses anything that is not an intact database of this bot at a version it
understands, and refuses while the destination is open elsewhere (stop the bot first). It
writes the new file beside the old one and swaps it in with os.replace, so the destination is
always either the old database or the whole new one.

`backup_rotating` is the scheduled form the bot runs by itself (BACKUP_INTERVAL_HOURS,
BACKUP_KEEP, BACKUP_DIR; see bot.py): a time-stamped copy in a folder, keeping the newest N.

Command line: python -m db.backup SRC DEST  (restore: python -m db.restore BACKUP DEST)
"""
from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from pathlib import Path

from db.errors import BackupInvalid, DatabaseCorrupt, DatabaseError, DatabaseInUse, DatabaseTooNew
from db.migrations import latest_version

_SIDECARS = ("-wal", "-shm", "-journal")


async def backup(src_path: str | Path, dest_path: str | Path) -> int:
    """Copy the database at `src_path` (which may be in use) to `dest_path`, replacing it.

    Returns the schema version of the copy. Raises FileNotFoundError if there is no source,
    DatabaseCorrupt if the source (hence the copy) fails its integrity check.
    """
    return await asyncio.to_thread(_backup, Path(src_path), Path(dest_path))


async def restore(backup_path: str | Path, dest_path: str | Path) -> int:
    """Replace the database at `dest_path` by the backup at `backup_path`.

    Returns the schema version restored (the bot upgrades it on its next start if older).
    Raises BackupInvalid if the backup is missing, damaged or not this bot's database,
    DatabaseTooNew if a newer bot wrote it, DatabaseInUse if the destination is open.
    """
    return await asyncio.to_thread(_restore, Path(backup_path), Path(dest_path))


BACKUP_PREFIX = "planet_unknown-"


async def backup_rotating(src_path: str | Path, folder: str | Path, keep: int, now: float | None = None) -> Path:
    """Copy the database into `folder` as planet_unknown-YYYYMMDD-HHMMSS.sqlite3 (UTC), then
    delete the oldest such copies beyond the newest `keep`. Returns the new copy's path."""
    import time

    folder = Path(folder)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
    dest = folder / f"{BACKUP_PREFIX}{stamp}.sqlite3"
    await backup(src_path, dest)
    copies = sorted(folder.glob(f"{BACKUP_PREFIX}*.sqlite3"))
    for old in copies[:max(0, len(copies) - max(1, keep))]:
        old.unlink(missing_ok=True)
    return dest


async def backup_every(src_path: str | Path, folder: str | Path, every_s: float, keep: int, log=None) -> None:
    """Run `backup_rotating` every `every_s` seconds, for ever (the bot cancels it when it
    stops). A failed backup is logged and tried again at the next interval."""
    while True:
        await asyncio.sleep(every_s)
        try:
            dest = await backup_rotating(src_path, folder, keep)
            if log is not None:
                log.info("backup: wrote %s (keeping the newest %d)", dest, keep)
        except (DatabaseError, OSError, sqlite3.Error) as error:
            if log is not None:
                log.error("backup of %s failed: %s (next try in %g s)", src_path, error, every_s)


def _backup(src: Path, dest: Path) -> int:
    if not src.is_file():
        raise FileNotFoundError(f"There is no database at {src}.")
    dest.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(src, timeout=5)
    try:
        try:
            return _write_copy(source, dest)
        except sqlite3.OperationalError:
            raise  # busy, disk full, ...: not the source's fault
        except sqlite3.DatabaseError as error:
            raise DatabaseCorrupt(str(src), [str(error)]) from error
    finally:
        source.close()


def _restore(src: Path, dest: Path) -> int:
    if not src.is_file():
        raise BackupInvalid(str(src), "there is no such file")
    source = sqlite3.connect(src)
    try:
        version = _check(source, src)
        dest.parent.mkdir(parents=True, exist_ok=True)
        _release(dest)
        _write_copy(source, dest)
        return version
    finally:
        source.close()


def _check(conn: sqlite3.Connection, path: Path) -> int:
    """Return the schema version of an intact bot database, or raise BackupInvalid/TooNew."""
    try:
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        has_games = conn.execute("SELECT 1 FROM sqlite_schema WHERE name = 'games'").fetchone()
    except sqlite3.DatabaseError as error:  # e.g. "file is not a database"
        raise BackupInvalid(str(path), str(error)) from error
    if problems != ["ok"]:
        raise BackupInvalid(str(path), f"it fails its integrity check ({problems[0]})")
    if version < 1 or not has_games:
        raise BackupInvalid(str(path), "it is not a database of this bot")
    if version > latest_version():
        raise DatabaseTooNew(str(path), version, latest_version())
    return version


def _release(dest: Path) -> None:
    """Make sure nothing has `dest` open, and leave no journal of the old file behind
    (SQLite would replay an old -wal or -journal into the new file)."""
    if dest.exists():
        old = sqlite3.connect(dest, timeout=0)
        try:
            # Leaving WAL mode needs the only connection; it also folds the -wal back in.
            old.execute("PRAGMA journal_mode = DELETE")
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise DatabaseInUse(str(dest)) from error
        except sqlite3.DatabaseError:
            pass  # the old file is damaged; it is about to be replaced anyway
        finally:
            old.close()
    for suffix in _SIDECARS:
        Path(f"{dest}{suffix}").unlink(missing_ok=True)


def _write_copy(source: sqlite3.Connection, dest: Path) -> int:
    """Copy `source` into a fresh file beside `dest`, check it, and swap it into place."""
    tmp = dest.with_name(dest.name + ".tmp")
    for path in (tmp, *(Path(f"{tmp}{suffix}") for suffix in _SIDECARS)):
        path.unlink(missing_ok=True)
    target = sqlite3.connect(tmp)
    try:
        source.backup(target)  # pages=-1: the whole database from one read snapshot
        target.execute("PRAGMA journal_mode = DELETE")
        problems = [row[0] for row in target.execute("PRAGMA integrity_check")]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError(f"the copy fails its integrity check ({problems[0]})")
        version = target.execute("PRAGMA user_version").fetchone()[0]
    except BaseException:
        target.close()
        tmp.unlink(missing_ok=True)
        raise
    target.close()
    with open(tmp, "rb+") as handle:
        os.fsync(handle.fileno())
    os.replace(tmp, dest)
    _fsync_dir(dest.parent)
    return version


def _fsync_dir(folder: Path) -> None:
    if os.name == "posix":  # makes the rename itself durable; not possible on Windows
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def main(argv: list[str], action=backup, verb: str = "Backed up", usage: str = "db.backup SRC DEST") -> int:
    """Shared command-line body of db.backup and db.restore: one line out, exit status 0/1/2."""
    if len(argv) != 2:
        print(f"usage: python -m {usage}", file=sys.stderr)
        return 2
    src, dest = argv
    try:
        version = asyncio.run(action(src, dest))
    except (DatabaseError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"{verb} {src} to {dest} (schema version {version}, {os.path.getsize(dest)} bytes).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
