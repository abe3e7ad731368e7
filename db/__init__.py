"""Persistence: one aiosqlite connection, numbered SQL migrations, and the game repository.

No Discord or engine imports here. Backups live in db.backup (not imported here so that
`python -m db.backup` runs cleanly).
"""
from db.connection import Database, open_database
from db.errors import (
    AlreadySeated,
    BackupInvalid,
    DailyGameExists,
    DatabaseCorrupt,
    DatabaseError,
    DatabaseInUse,
    DatabaseLocked,
    DatabaseTooNew,
    GameNotFound,
    MigrationError,
    StaleVersion,
)
from db.migrations import apply_migrations, latest_version, load_migrations, schema_version
from db.repository import (
    ActionRow,
    GameRepository,
    GameRow,
    MessageRow,
    OutboxRow,
    ReminderRow,
    SeatRow,
)

__all__ = [
    "ActionRow", "AlreadySeated", "BackupInvalid", "DailyGameExists", "Database",
    "DatabaseCorrupt", "DatabaseError", "DatabaseInUse", "DatabaseLocked", "DatabaseTooNew", "GameNotFound",
    "GameRepository", "GameRow", "MessageRow", "MigrationError", "OutboxRow", "ReminderRow",
    "SeatRow", "StaleVersion", "apply_migrations", "latest_version", "load_migrations",
    "open_database", "schema_version",
]
