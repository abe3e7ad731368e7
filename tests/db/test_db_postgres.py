"""The PostgreSQL backend's own behaviour: the choice of backend from the environment, the
PostgreSQL migrations, processes starting together, and the test server's failure message."""
from __future__ import annotations

import asyncio

import pytest

from db import latest_version, load_migrations, open_database, schema_version
from db.connection import Database
from db.connection import database_target as target_from_env
from db.postgres import PgDatabase, _translate
from tests import pg_cluster


def test_database_url_chooses_the_backend_and_database_path_keeps_working():
    assert target_from_env({}, default="data/bot.sqlite3") == "data/bot.sqlite3"
    assert target_from_env({"DATABASE_PATH": "/srv/pu.sqlite3"}, default="x") == "/srv/pu.sqlite3"
    assert target_from_env({"DATABASE_URL": "sqlite:////srv/pu.sqlite3"}) == "/srv/pu.sqlite3"
    assert target_from_env({"DATABASE_URL": "sqlite:///data/pu.sqlite3", "DATABASE_PATH": "other"}) == "data/pu.sqlite3"
    url = "postgresql://bot:secret@db.example/planet"
    assert target_from_env({"DATABASE_URL": url, "DATABASE_PATH": "ignored"}) == url
    with pytest.raises(ValueError, match="postgresql:// or sqlite:///"):
        target_from_env({"DATABASE_URL": "mysql://x/y"})


def test_placeholders_are_rewritten_outside_string_literals_only():
    assert _translate("SELECT ? WHERE a = :game AND b::int = 1 AND c = '?:x%'") == \
        "SELECT %s WHERE a = %(game)s AND b::int = 1 AND c = '?:x%%'"
    assert _translate("SELECT x % 2") == "SELECT x %% 2"


def test_every_migration_has_a_postgresql_version_with_the_same_number_and_name():
    sqlite, pg = load_migrations(), load_migrations(dialect="postgresql")
    assert [(m.version, m.name) for m in pg] == [(m.version, m.name) for m in sqlite]
    assert all(m.path.parent.name == "postgresql" for m in pg)


async def test_a_percent_sign_in_a_literal_survives(pg_url):
    db = await open_database(pg_url)
    try:
        assert await db.fetchval("SELECT '100% ?' || ?", ("!",)) == "100% ?!"
    finally:
        await db.close()


async def test_both_backends_open_with_the_same_interface(database_target):
    db = await open_database(database_target)
    try:
        assert isinstance(db, PgDatabase if database_target.startswith("postgresql://") else Database)
        assert await schema_version(db) == latest_version()
        assert await db.fetchval("SELECT count(*) FROM games") == 0
    finally:
        await db.close()


async def test_processes_starting_together_migrate_the_database_once(pg_url):
    dbs = await asyncio.gather(*(open_database(pg_url) for _ in range(4)))
    try:
        assert [await schema_version(db) for db in dbs] == [latest_version()] * 4
        assert await dbs[0].fetchval("SELECT count(*) FROM schema_version") == latest_version()
    finally:
        for db in dbs:
            await db.close()


async def test_a_postgresql_database_written_by_a_newer_bot_refuses_to_open(pg_url):
    from db import DatabaseTooNew

    db = await open_database(pg_url)
    await db.execute("INSERT INTO schema_version (version) VALUES (?)", (latest_version() + 1,))
    await db.close()
    with pytest.raises(DatabaseTooNew):
        await open_database(pg_url)


def test_without_postgresql_the_tests_say_how_to_install_it(monkeypatch):
    monkeypatch.setenv("PG_BIN", "/nonexistent")
    monkeypatch.setattr(pg_cluster.shutil, "which", lambda name: None)
    monkeypatch.setattr(pg_cluster.glob, "glob", lambda pattern: [])
    with pytest.raises(pg_cluster.PostgresUnavailable, match="apt-get install postgresql"):
        pg_cluster.Cluster()


async def test_the_migration_command_upgrades_a_database_and_says_from_which_version(database_target):
    import sys

    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "db.migrate", database_target,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out = (await proc.communicate())[0].decode()
    assert proc.returncode == 0 and f"schema version 0 -> {latest_version()}" in out, out
    db = await open_database(database_target, migrate=False)
    try:
        assert await schema_version(db) == latest_version()
    finally:
        await db.close()


async def test_a_daily_game_created_twice_at_once_by_two_processes_exists_once(database_target):
    from db import DailyGameExists, GameRepository

    first, second = await open_database(database_target), await open_database(database_target)
    try:
        results = await asyncio.gather(*(
            GameRepository(db).create_game(creator_id=9, kind="daily", daily_key="2026-11-24", status="active",
                                           state="{}", seats=[(9, "Ada", False)]) for db in (first, second)),
            return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["DailyGameExists", "int"]
        game_id = next(r for r in results if isinstance(r, int))
        assert next(r for r in results if isinstance(r, DailyGameExists)).game_id == game_id
    finally:
        await first.close()
        await second.close()
