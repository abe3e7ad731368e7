"""Backups of a live database, restores, and the two command-line entry points."""
from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from db import BackupInvalid, DatabaseInUse, DatabaseTooNew, GameRepository, latest_version, open_database
from db.backup import backup, restore

ROOT = Path(__file__).resolve().parents[2]


def read(path, sql):
    """Every row of `sql` run on the file at `path` through a plain sqlite3 connection."""
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(sql).fetchall()


async def make_database(path, games: int = 1) -> list[int]:
    db = await open_database(path)
    repo = GameRepository(db)
    ids = [await repo.create_game(creator_id=n, channel_id=n) for n in range(games)]
    await db.close()
    return ids


async def test_backup_of_a_database_being_written_is_intact_and_holds_every_committed_row(tmp_path):
    src, dest = tmp_path / "live.sqlite3", tmp_path / "backups" / "copy.sqlite3"
    db = await open_database(src)
    repo = GameRepository(db)
    padding = json.dumps({"pad": "x" * 100_000})
    for n in range(40):  # a few megabytes, so the copy takes a moment
        await repo.create_game(creator_id=n, config=padding)
    game = await repo.create_game(creator_id=1, status="active", state='{"n": 0}')
    saved: list[int] = []
    stop = asyncio.Event()

    async def writer():
        version = 0
        while not stop.is_set():
            version = await repo.save_state(
                game, json.dumps({"n": version + 1}), version, actions=[(0, f"move {version + 1}")])
            saved.append(version)
            await asyncio.sleep(0)

    task = asyncio.create_task(writer())
    try:
        while len(saved) < 5:
            await asyncio.sleep(0.01)
        committed_before = saved[-1]
        await backup(src, dest)
        while len(saved) < committed_before + 5:  # the writer kept going meanwhile
            await asyncio.sleep(0.01)
    finally:
        stop.set()
        await task
        await db.close()

    assert read(dest, "PRAGMA integrity_check") == [("ok",)]
    assert read(dest, "PRAGMA user_version") == [(latest_version(),)]
    [(version, state)] = read(dest, f"SELECT version, state FROM games WHERE id = {game}")
    [(actions,)] = read(dest, f"SELECT count(*) FROM actions WHERE game_id = {game}")
    assert version >= committed_before
    assert json.loads(state)["n"] == actions == version  # one snapshot: state and log agree
    assert not Path(f"{dest}-wal").exists()  # a single self-contained file
    copy = await open_database(dest)  # and the bot can open it
    assert (await GameRepository(copy).get_game(game)).version == version
    await copy.close()


async def test_restore_brings_back_the_state_at_backup_time(tmp_path):
    live, saved = tmp_path / "bot.sqlite3", tmp_path / "saved.sqlite3"
    [game] = await make_database(live)
    assert await backup(live, saved) == latest_version()

    db = await open_database(live)
    await GameRepository(db).set_config(game, '{"changed": true}')
    await GameRepository(db).create_game(creator_id=9)
    await db.close()

    assert await restore(saved, live) == latest_version()
    db = await open_database(live)
    try:
        repo = GameRepository(db)
        assert [(g.id, g.config) for g in await repo.list_games()] == [(game, "{}")]
    finally:
        await db.close()


async def test_restore_refuses_a_file_that_is_not_a_database_and_leaves_the_destination_alone(tmp_path):
    live, junk = tmp_path / "bot.sqlite3", tmp_path / "junk.sqlite3"
    await make_database(live, games=2)
    junk.write_bytes(b"definitely not SQLite " * 500)
    with pytest.raises(BackupInvalid) as caught:
        await restore(junk, live)
    assert caught.value.path == str(junk)
    assert "not a database" in str(caught.value)
    assert read(live, "SELECT count(*) FROM games") == [(2,)]


async def test_restore_refuses_a_missing_file_and_a_database_of_another_program(tmp_path):
    other = tmp_path / "other.sqlite3"
    with closing(sqlite3.connect(other)) as conn:
        conn.execute("CREATE TABLE notes (text)")
    with pytest.raises(BackupInvalid, match="not a database of this bot"):
        await restore(other, tmp_path / "bot.sqlite3")
    with pytest.raises(BackupInvalid, match="no such file"):
        await restore(tmp_path / "missing.sqlite3", tmp_path / "bot.sqlite3")
    assert not (tmp_path / "bot.sqlite3").exists()


async def test_restore_refuses_a_backup_written_by_a_newer_bot(tmp_path):
    future = tmp_path / "future.sqlite3"
    await make_database(future)
    with closing(sqlite3.connect(future)) as conn:
        conn.execute(f"PRAGMA user_version = {latest_version() + 1}")
    with pytest.raises(DatabaseTooNew):
        await restore(future, tmp_path / "bot.sqlite3")


async def test_restore_refuses_while_the_bot_has_the_database_open(tmp_path):
    live, saved = tmp_path / "bot.sqlite3", tmp_path / "saved.sqlite3"
    await make_database(live)
    await backup(live, saved)
    db = await open_database(live)
    try:
        with pytest.raises(DatabaseInUse, match="stop the bot"):
            await restore(saved, live)
    finally:
        await db.close()


def run_module(*args):
    return subprocess.run([sys.executable, "-m", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


async def test_command_line_backup_and_restore_each_print_one_line(tmp_path):
    live, saved = tmp_path / "bot.sqlite3", tmp_path / "saved.sqlite3"
    await make_database(live)

    done = run_module("db.backup", live, saved)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Backed up") and done.stdout.count("\n") == 1
    assert done.stderr == ""

    done = run_module("db.restore", saved, tmp_path / "restored" / "bot.sqlite3")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Restored") and done.stdout.count("\n") == 1
    assert read(tmp_path / "restored" / "bot.sqlite3", "SELECT count(*) FROM games") == [(1,)]

    (tmp_path / "junk").write_text("junk")
    failed = run_module("db.restore", tmp_path / "junk", live)
    assert failed.returncode == 1 and failed.stdout == ""
    assert failed.stderr.startswith("error:") and failed.stderr.count("\n") == 1
