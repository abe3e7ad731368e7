"""Typed errors raised by the persistence layer.

Each error keeps its data as attributes so callers can react without parsing the text, and
each message says what happened and, where there is one, what to do about it.
"""
from __future__ import annotations


class DatabaseError(Exception):
    """Base class of every error the db package raises on purpose."""


class DatabaseCorrupt(DatabaseError):
    """The file is not a readable SQLite database, or it failed its integrity check."""

    def __init__(self, path: str, problems: list[str]):
        self.path = path
        self.problems = problems
        super().__init__(
            f"The database {path} is damaged ({problems[0] if problems else 'unknown problem'}). "
            f"Restore it from a backup with: python -m db.restore BACKUP {path}"
        )


class DatabaseTooNew(DatabaseError):
    """The database was written by a newer version of the bot than this one."""

    def __init__(self, path: str, found: int, supported: int):
        self.path = path
        self.found = found
        self.supported = supported
        super().__init__(
            f"The database {path} was written by a newer version of the bot "
            f"(schema version {found}; this version understands up to {supported}). "
            "Upgrade the bot; do not downgrade a database."
        )


class MigrationError(DatabaseError):
    """A migration file failed; its transaction was rolled back."""

    def __init__(self, version: int, name: str, reason: str):
        self.version = version
        self.name = name
        self.reason = reason
        super().__init__(
            f"Migration {name} failed and was rolled back; the database stays at "
            f"version {version - 1}: {reason}"
        )


class BackupInvalid(DatabaseError):
    """A file offered for restore is not a usable backup of this bot's database."""

    def __init__(self, path: str, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"{path} is not a usable backup: {reason}")


class DatabaseInUse(DatabaseError):
    """The database is open elsewhere (probably by the running bot), so it cannot be replaced."""

    def __init__(self, path: str):
        self.path = path
        super().__init__(f"The database {path} is in use; stop the bot before restoring.")


class DatabaseLocked(DatabaseError):
    """Another bot process is running on this database."""

    def __init__(self, path: str, pid: str | None = None):
        self.path = path
        self.pid = pid
        who = f"another bot process (pid {pid})" if pid else "another bot process"
        super().__init__(f"{who} is already using the database {path}. Stop it first, or give this one "
                         f"its own DATABASE_PATH.")


class GameNotFound(DatabaseError):
    """No game has this id."""

    def __init__(self, game_id: int):
        self.game_id = game_id
        super().__init__(f"There is no game #{game_id}.")


class StaleVersion(DatabaseError):
    """A save was based on an older version of the game than the one stored."""

    def __init__(self, game_id: int, expected: int, actual: int):
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"Game #{game_id} changed in the meantime (expected version {expected}, "
            f"found {actual}); look at the current board and try again."
        )


class AlreadySeated(DatabaseError):
    """The user already has a seat in this game."""

    def __init__(self, game_id: int, user_id: int, seat: int):
        self.game_id = game_id
        self.user_id = user_id
        self.seat = seat
        super().__init__(f"You already have seat {seat} in game #{game_id}.")


class DailyGameExists(DatabaseError):
    """The player already has a game for this daily challenge."""

    def __init__(self, daily_key: str, user_id: int, game_id: int):
        self.daily_key = daily_key
        self.user_id = user_id
        self.game_id = game_id
        super().__init__(f"You already have a game for the {daily_key} challenge (game #{game_id}).")
