"""Moving a bot from SQLite to PostgreSQL (python -m db.to_postgres): a database with games in
every state (lobby, active, finished, cancelled, daily challenges, owed posts, reminders, the
bot's messages, results) is copied whole, checked, and the bot goes on with it in PostgreSQL."""
from __future__ import annotations

import asyncio
import sys

from db import to_postgres
from db.connection import open_database
from db.players import PlayerRepository
from db.repository import GameRepository
from service import GameService, autoplay
from tests.service.test_games import two_player_game
from tests.service.test_leaderboard import mixed_database


async def test_a_database_with_games_in_every_state_moves_to_postgresql_unchanged(tmp_path, pg_url):
    path = tmp_path / "bot.sqlite3"
    db = await open_database(path)

    class Clock:
        now = 1_000_000.0

        def __call__(self):
            return self.now

    clock = Clock()
    service = GameService(GameRepository(db, clock=clock), clock=clock, autopilot_level="random")
    service.test_clock = clock
    await mixed_database(service)
    active = await two_player_game(service, remind_hours=1)  # owed posts and reminders pending
    await service.create(creator_id=77, creator_name="lobby host", guild_id=3, channel_id=9, options={})
    await service.repo.set_message(active.id, "board", 9, 123456789012345678)
    statuses = {g.status for g in await service.repo.list_games()}
    await PlayerRepository(db).set_global_opt_in(5, True)
    summaries, records = await PlayerRepository(db).summaries(), await PlayerRepository(db).all_records()
    await db.close()
    assert summaries and records
    assert statuses == {"lobby", "active", "finished", "cancelled"}

    code, out = await tool(path, pg_url)
    assert code == 0 and "every table is identical" in out, out
    assert await to_postgres.verify(path, pg_url) == []

    moved = await open_database(pg_url)
    try:
        # the players' running totals, records and choices came along (boards and records read them)
        players = PlayerRepository(moved)
        assert await players.summaries() == summaries and await players.all_records() == records
        assert await players.global_opt_in(5)
        service = GameService(GameRepository(moved, clock=clock), clock=clock, autopilot_level="random")
        assert [(r.seat, r.kind) for r in await service.repo.list_reminders(active.id)] == [(0, "nudge"), (1, "nudge"), (0, "stall")]
        game = await service.load(active.id)  # play goes on where it stopped
        answer = await service.act(game.id, 1, str(autoplay.default_action(game.state, 0)))
        assert answer.game.version == game.version + 1
        new = await service.create(creator_id=88, creator_name="after", guild_id=3, channel_id=9, options={})
        assert new.id > max(g.id for g in await service.repo.list_games() if g.id != new.id)
        # the check notices a game whose state is not its log's (here: another game's state)
        other = next(g for g in await service.repo.list_games("finished"))
        await moved.execute("UPDATE games SET state = (SELECT state FROM games WHERE id = ?) WHERE id = ?",
                             (other.id, active.id))
        problems = await to_postgres.verify(path, pg_url)
        assert any(p.startswith(f"game {active.id}: ") for p in problems)
        assert any(p.startswith("games: ") for p in problems)
    finally:
        await moved.close()
    code, out = await tool(path, pg_url)
    assert code == 1 and "already holds games" in out  # never into a database that already has games


async def tool(*args) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "db.to_postgres", *map(str, args),
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await proc.communicate()
    assert proc.returncode is not None  # communicate() waits for the exit
    return proc.returncode, out.decode()
