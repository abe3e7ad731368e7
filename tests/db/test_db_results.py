"""The results table (migration 0003): finished games' results, backfilled once from the
games finished before it existed, so leaderboards never parse stored states."""
from __future__ import annotations

import json

from bench.common import random_game
from db import migrations
from db.connection import open_database
from db.repository import GameRepository
from engine.state import dump


async def test_the_migration_backfills_the_results_of_games_finished_before_it(database_target):
    db = await open_database(database_target, migrate=False)
    try:
        await migrations.apply_migrations(db, target=2)
        solo, duo = random_game(1, 3), random_game(2, 4)
        rows = [  # id, guild, creator, status, kind, daily key, state
            (1, 10, 100, "finished", "daily", "2026-11-01", dump(solo)),
            (2, 20, 200, "finished", "normal", None, dump(duo)),
            (3, 10, 300, "active", "normal", None, dump(duo)),      # not over: no result
            (4, 10, 400, "cancelled", "normal", None, dump(duo)),   # ended early: no result
        ]
        await db.executemany(
            "INSERT INTO games (id, guild_id, creator_id, status, kind, daily_key, state, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 5.0, 6.0)", rows)
        # game 2's seats are numbered 0 and 2 (someone left the lobby): engine seat 1 is seat row 2
        await db.executemany("INSERT INTO seats (game_id, seat, user_id, display_name, is_bot) VALUES (?, ?, ?, ?, ?)",
                             [(1, 0, 100, "solo player", 0), (2, 0, 200, "host", 0), (2, 2, None, "Autopilot 1", 1),
                              (3, 0, 300, "x", 0), (4, 0, 400, "y", 0)])
        await migrations.apply_migrations(db)
        repo = GameRepository(db)
        (daily,) = await repo.game_results(1)
        assert (daily.user_id, daily.name, daily.score, daily.place, daily.daily_key, daily.solo, daily.guild_id) == (
            100, "solo player", solo.result["players"][0]["total"], 1, "2026-11-01", True, 10)
        assert daily.target == solo.result["solo"]["target"] and daily.finished_at == 6.0
        pair = await repo.game_results(2)
        expected = {p["seat"]: p for p in json.loads(dump(duo))["result"]["players"]}
        assert [(r.seat, r.user_id, r.name, r.is_bot, r.score, r.place) for r in pair] == [
            (0, 200, "host", False, expected[0]["total"], expected[0]["place"]),
            (1, None, "Autopilot 1", True, expected[1]["total"], expected[1]["place"])]
        assert await repo.game_results(3) == [] and await repo.game_results(4) == []
        today, count = await repo.daily_results("2026-11-01", guild_id=10)
        assert count == 1 and today == [daily]
    finally:
        await db.close()


async def test_leaderboard_queries_use_the_results_indexes(tmp_path):
    db = await open_database(tmp_path / "new.sqlite3")
    try:
        for sql, args in (("SELECT * FROM results WHERE daily_key = ? AND guild_id = ? ORDER BY score DESC, game_id",
                           ("d", 1)),
                          ("SELECT * FROM results WHERE daily_key IS NOT NULL AND guild_id = ?"
                           " ORDER BY score DESC, game_id", (1,)),
                          ("SELECT * FROM results WHERE daily_key IS NOT NULL AND user_id = ?"
                           " ORDER BY score DESC, game_id", (1,))):
            plan = " ".join(str(tuple(r)) for r in await db.fetchall("EXPLAIN QUERY PLAN " + sql, args))
            assert "USING INDEX" in plan and "SCAN results" not in plan.replace("USING INDEX", ""), plan
    finally:
        await db.close()
