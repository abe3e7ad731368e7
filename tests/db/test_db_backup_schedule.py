"""Scheduled SQLite backups (db.backup.backup_rotating, run by the bot every
BACKUP_INTERVAL_HOURS): time-stamped copies, the newest BACKUP_KEEP kept, each restorable;
and the health counts the bot logs (both backends)."""
from __future__ import annotations

import asyncio

from db import GameRepository, open_database
from db.backup import backup_every, backup_rotating, restore


async def test_scheduled_backups_keep_the_newest_copies_and_each_restores(tmp_path):
    path = tmp_path / "bot.sqlite3"
    db = await open_database(path)
    repo = GameRepository(db)
    folder = tmp_path / "backups"
    made = []
    try:
        for n in range(4):
            await repo.create_game(creator_id=100 + n)
            made.append(await backup_rotating(path, folder, keep=2, now=1_800_000_000 + 3600 * n))
    finally:
        await db.close()
    assert sorted(p.name for p in folder.iterdir()) == [made[2].name, made[3].name]
    assert made[3].name == "planet_unknown-20270115-110000.sqlite3"
    restored = tmp_path / "restored.sqlite3"
    await restore(made[2], restored)  # the copy from before the fourth game
    db = await open_database(restored)
    try:
        assert [g.creator_id for g in await GameRepository(db).list_games()] == [100, 101, 102]
    finally:
        await db.close()


async def test_the_bot_s_backup_loop_writes_a_copy_each_interval(tmp_path):
    path = tmp_path / "bot.sqlite3"
    db = await open_database(path)
    await GameRepository(db).create_game(creator_id=7)
    await db.close()
    folder = tmp_path / "b"
    task = asyncio.create_task(backup_every(path, folder, every_s=0.05, keep=3))
    try:
        for _ in range(500):
            await asyncio.sleep(0.02)
            if len(list(folder.glob("planet_unknown-*.sqlite3"))) >= 1:
                break
    finally:
        task.cancel()
    copy = sorted(folder.glob("planet_unknown-*.sqlite3"))[-1]
    await restore(copy, tmp_path / "restored.sqlite3")
    db = await open_database(tmp_path / "restored.sqlite3")
    try:
        assert [g.creator_id for g in await GameRepository(db).list_games()] == [7]
    finally:
        await db.close()


async def test_health_counts_games_posts_and_due_reminders(repo, clock):
    lobby = await repo.create_game(creator_id=1)
    game = await repo.create_game(creator_id=2, status="active", state="{}", seats=[(2, "Bo", False)])
    await repo.save_state(game, "{}", 0, outbox=[("post", "{}"), ("post", "{}")])
    await repo.set_reminder(game, 0, "nudge", clock.now - 1)
    await repo.set_reminder(game, 0, "timer", clock.now + 60)
    assert lobby and await repo.health(clock.now) == {"active": 1, "lobbies": 1, "posts_owed": 2, "reminders_due": 1}
