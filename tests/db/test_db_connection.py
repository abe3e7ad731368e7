"""The connection: settings, refusing damaged files, and transactions between tasks."""
from __future__ import annotations

import asyncio

import pytest

from db import DatabaseCorrupt, GameRepository, latest_version, open_database, schema_version
from tests.db.conftest import rejected


async def test_open_creates_parent_folder_and_turns_on_wal_foreign_keys_and_busy_timeout(tmp_path):
    path = tmp_path / "data" / "nested" / "bot.sqlite3"
    db = await open_database(path)
    try:
        assert path.is_file()
        assert await db.fetchval("PRAGMA journal_mode") == "wal"
        assert await db.fetchval("PRAGMA foreign_keys") == 1
        assert await db.fetchval("PRAGMA busy_timeout") == 5000
        assert await db.fetchval("PRAGMA synchronous") == 1  # NORMAL
    finally:
        await db.close()


async def test_memory_database_opens_at_the_latest_schema_version(db):
    assert await schema_version(db) == latest_version() >= 1


async def test_file_that_is_not_a_database_refuses_to_open_with_a_clear_error(tmp_path):
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(b"these are not the bytes you are looking for" * 100)
    with pytest.raises(DatabaseCorrupt) as caught:
        await open_database(path)
    assert caught.value.path == str(path)
    assert "python -m db.restore" in str(caught.value)


async def test_database_with_a_damaged_page_refuses_to_open(tmp_path):
    path = tmp_path / "bot.sqlite3"
    db = await open_database(path)
    repo = GameRepository(db)
    for n in range(300):
        await repo.create_game(creator_id=n, channel_id=n, config='{"pad": "' + "x" * 200 + '"}')
    await db.close()
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    middle = (len(data) // page_size // 2) * page_size
    data[middle : middle + 12] = b"\x0d" + b"\xff" * 11  # clobber a b-tree page header
    path.write_bytes(bytes(data))
    with pytest.raises(DatabaseCorrupt):
        await open_database(path)


async def test_transaction_commits_when_the_block_succeeds_and_rolls_back_when_it_raises(repo, db):
    game = await repo.create_game(creator_id=1)
    async with db.transaction():
        await db.execute("UPDATE games SET config = '{\"a\": 1}' WHERE id = ?", (game,))
    with pytest.raises(ZeroDivisionError):
        async with db.transaction():
            await db.execute("UPDATE games SET config = '{\"a\": 2}' WHERE id = ?", (game,))
            raise ZeroDivisionError("division by zero")
    assert (await repo.get_game(game)).config == '{"a": 1}'
    assert not db.in_transaction


async def test_cancelled_transaction_is_rolled_back(repo, db):
    game = await repo.create_game(creator_id=1)
    inside = asyncio.Event()

    async def slow_update():
        async with db.transaction():
            await db.execute("UPDATE games SET config = '{\"a\": 2}' WHERE id = ?", (game,))
            inside.set()
            await asyncio.sleep(60)

    task = asyncio.create_task(slow_update())
    await inside.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert (await repo.get_game(game)).config == "{}"


async def test_other_tasks_wait_for_an_open_transaction_instead_of_seeing_its_writes(repo, db):
    game = await repo.create_game(creator_id=1)
    inside, release = asyncio.Event(), asyncio.Event()
    seen = []

    async def writer():
        async with db.transaction():
            await db.execute("UPDATE games SET config = '{\"a\": 2}' WHERE id = ?", (game,))
            inside.set()
            await release.wait()
            raise RuntimeError("change of plan")

    async def reader():
        await inside.wait()
        seen.append((await repo.get_game(game)).config)

    write, read = asyncio.create_task(writer()), asyncio.create_task(reader())
    await inside.wait()
    await asyncio.sleep(0.05)
    assert seen == []  # the reader is waiting
    release.set()
    with pytest.raises(RuntimeError):
        await write
    await read
    assert seen == ["{}"]


async def test_a_transaction_inside_a_transaction_is_part_of_it(db):
    """Two repository calls made one change (a turn timer taken off and the game saved): the
    inner block commits nothing by itself; the outer one's end commits or rolls back both."""
    repo = GameRepository(db)
    game = await repo.create_game(creator_id=1, seats=[(1, "Ada", False)])
    with pytest.raises(LookupError):
        async with db.transaction():
            await repo.set_reminder(game, 0, "timer", 5.0)
            await repo.save_state(game, "{}", 0)  # a transaction of its own, joined
            raise LookupError  # dies before the end
    assert (await repo.get_game(game)).version == 0 and await repo.list_reminders(game) == []
    async with db.transaction():
        await repo.set_reminder(game, 0, "timer", 5.0)
        await repo.save_state(game, "{}", 0)
    assert (await repo.get_game(game)).version == 1 and len(await repo.list_reminders(game)) == 1
    async with db.exclusive():  # a section that is no transaction still does not nest
        with pytest.raises(RuntimeError):
            async with db.exclusive():
                pass


async def test_foreign_keys_are_enforced(db):
    with pytest.raises(rejected()):
        await db.execute(
            "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (999, 0, 1, 'x')"
        )
