"""Migrations: from blank, from every older version, failures, and databases from the future."""
from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing

import pytest

from db import (
    DatabaseTooNew,
    GameRepository,
    MigrationError,
    apply_migrations,
    latest_version,
    load_migrations,
    open_database,
    schema_version,
)

LATEST = latest_version()
TABLES = {"games", "seats", "actions", "outbox", "reminders", "messages"}


def with_extra_migration(tmp_path, name: str, sql: str):
    """The real migrations plus one more file after them, in a folder of the test's own."""
    folder = tmp_path / "migrations"
    folder.mkdir()
    for migration in load_migrations():
        shutil.copy(migration.path, folder / migration.name)
    (folder / f"{LATEST + 1:04d}_{name}.sql").write_text(sql)
    return load_migrations(folder)


async def insert_version_1_rows(db) -> None:
    """Rows written with the schema of 0001 only, as the oldest bot would have."""
    await db.execute(
        "INSERT INTO games (id, guild_id, channel_id, thread_id, creator_id, status, config, state,"
        " version, created_at, updated_at) VALUES (7, 1, 2, 3, 42, 'active', '{}', '{\"n\": 1}',"
        " 1, 10.0, 11.0)"
    )
    await db.execute(
        "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (7, 0, 42, 'Ada')"
    )
    await db.execute(
        "INSERT INTO actions (game_id, seq, seat, action, game_version, created_at)"
        " VALUES (7, 1, 0, 'place 1', 1, 11.0)"
    )


async def assert_version_1_rows_kept(db) -> None:
    repo = GameRepository(db)
    game = await repo.get_game(7)
    assert (game.creator_id, game.thread_id, game.state, game.version) == (42, 3, '{"n": 1}', 1)
    assert [(s.seat, s.user_id, s.display_name) for s in await repo.list_seats(7)] == [(0, 42, "Ada")]
    assert [(a.seq, a.action) for a in await repo.list_actions(7)] == [(1, "place 1")]


async def test_blank_database_migrates_to_the_latest_version_with_every_table(tmp_path):
    db = await open_database(tmp_path / "bot.sqlite3")
    try:
        assert await schema_version(db) == LATEST
        names = {row[0] for row in await db.fetchall("SELECT name FROM sqlite_schema WHERE type = 'table'")}
        assert TABLES <= names
        assert await db.fetchall("PRAGMA foreign_key_check") == []
    finally:
        await db.close()


def test_migration_files_are_numbered_from_one_without_gaps():
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, LATEST + 1))
    assert migrations[0].name == "0001_initial.sql"


def test_migration_folder_with_a_gap_is_rejected(tmp_path):
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0003_c.sql").write_text("SELECT 1;")
    with pytest.raises(ValueError, match="without gaps"):
        load_migrations(tmp_path)


@pytest.mark.parametrize("stop_at", range(1, LATEST + 1))
async def test_database_left_at_an_older_version_upgrades_and_keeps_its_rows(database_target, stop_at):
    path = database_target
    db = await open_database(path, migrate=False)
    assert await apply_migrations(db, target=1) == [1]
    await insert_version_1_rows(db)
    await apply_migrations(db, target=stop_at)
    assert await schema_version(db) == stop_at
    await db.close()

    db = await open_database(path)  # what the bot does at start
    try:
        assert await schema_version(db) == LATEST
        await assert_version_1_rows_kept(db)
    finally:
        await db.close()


async def test_a_newly_added_migration_upgrades_an_existing_database_and_keeps_its_rows(tmp_path):
    migrations = with_extra_migration(
        tmp_path, "add_note", "ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT 'kept';"
    )
    db = await open_database(":memory:", migrate=False)
    try:
        await apply_migrations(db, target=1, migrations=migrations)
        await insert_version_1_rows(db)
        assert await apply_migrations(db, migrations=migrations) == list(range(2, LATEST + 2))
        assert await schema_version(db) == LATEST + 1
        await assert_version_1_rows_kept(db)
        assert await db.fetchval("SELECT note FROM games WHERE id = 7") == "kept"
        assert await apply_migrations(db, migrations=migrations) == []  # nothing left to do
    finally:
        await db.close()


async def test_failing_migration_is_rolled_back_entirely_and_the_version_kept(tmp_path):
    migrations = with_extra_migration(
        tmp_path, "broken", "CREATE TABLE half_done (x);\nINSERT INTO no_such_table VALUES (1);"
    )
    db = await open_database(":memory:")
    try:
        with pytest.raises(MigrationError) as caught:
            await apply_migrations(db, migrations=migrations)
        assert caught.value.version == LATEST + 1
        assert "no_such_table" in str(caught.value)
        assert await schema_version(db) == LATEST
        assert await db.fetchval("SELECT count(*) FROM sqlite_schema WHERE name = 'half_done'") == 0
        assert await db.fetchval("PRAGMA foreign_keys") == 1  # switched back on after the run
        assert not db.in_transaction
    finally:
        await db.close()


async def test_migration_that_leaves_broken_foreign_keys_is_rolled_back(tmp_path):
    migrations = with_extra_migration(
        tmp_path, "orphan", "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (999, 0, 1, 'x');"
    )
    db = await open_database(":memory:")
    try:
        with pytest.raises(MigrationError, match="foreign keys"):
            await apply_migrations(db, migrations=migrations)
        assert await schema_version(db) == LATEST
        assert await db.fetchval("SELECT count(*) FROM seats") == 0
    finally:
        await db.close()


async def test_database_written_by_a_newer_bot_refuses_to_open(tmp_path):
    path = tmp_path / "bot.sqlite3"
    db = await open_database(path)
    await db.execute(f"PRAGMA user_version = {LATEST + 1}")
    await db.close()

    with pytest.raises(DatabaseTooNew) as caught:
        await open_database(path)
    error = caught.value
    assert (error.found, error.supported) == (LATEST + 1, LATEST)
    assert "newer version of the bot" in str(error) and "Upgrade the bot" in str(error)
    with pytest.raises(DatabaseTooNew):
        await open_database(path, migrate=False)
    # Refusing did not touch the file.
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST + 1
