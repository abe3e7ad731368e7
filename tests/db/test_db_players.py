"""Migration 0004 (issue 17): the per-game summaries of games finished before it are
backfilled from their stored final scores, and the ratings are rebuilt from them once."""
from __future__ import annotations

import json

from bench.common import random_game
from db import migrations
from db.connection import open_database
from db.players import GLOBAL, PlayerRepository
from engine.state import dump
from service import ratings


async def test_migration_4_backfills_summaries_of_games_finished_under_version_3(database_target):
    db = await open_database(database_target, migrate=False)  # a SQLite file, then a PostgreSQL schema
    try:
        await migrations.apply_migrations(db, target=3)
        solo, duo = random_game(1, 3), random_game(2, 4)
        await db.executemany(
            "INSERT INTO games (id, guild_id, creator_id, status, kind, daily_key, config, state, created_at,"
            " updated_at) VALUES (?, ?, ?, 'finished', ?, ?, ?, ?, 5.0, 6.0)",
            [(1, 10, 100, "daily", "2026-11-01", '{"events": "hard"}', dump(solo)),
             (2, 10, 200, "normal", None, "{}", dump(duo))])
        await db.executemany("INSERT INTO seats (game_id, seat, user_id, display_name, is_bot) VALUES (?, ?, ?, ?, ?)",
                             [(1, 0, 100, "solo player", 0), (2, 0, 200, "host", 0), (2, 1, 300, "guest", 0)])
        # the results rows as migration 0003 left them: written when these games finished
        await db.executemany(
            "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, daily_key,"
            " solo, is_bot) VALUES (?, ?, 10, ?, ?, ?, ?, 6.0, ?, ?, 0)",
            [(1, 0, 100, "solo player", solo.result["players"][0]["total"], 1, "2026-11-01", 1)]
            + [(2, p["seat"], (200, 300)[p["seat"]], ("host", "guest")[p["seat"]], p["total"], p["place"], None, 0)
               for p in duo.result["players"]])
        await migrations.apply_migrations(db)
        players = PlayerRepository(db)
        (daily,) = await players.game_seats(1)
        stored = json.loads(dump(solo))["result"]["players"][0]
        assert daily.categories == tuple(stored[c]["total"] for c in "ABCDEF")
        assert daily.lifepods == stored["C"]["lifepods"] and daily.events == "hard" and daily.players == 1
        assert daily.planet == solo.config["planets"][0] and daily.corporation == solo.config["corporations"][0]
        assert daily.rounds == solo.round and daily.started_at == 5.0 and not daily.rated
        pair = await players.game_seats(2)
        assert [s.categories for s in pair] == [tuple(p[c]["total"] for c in "ABCDEF")
                                                for p in json.loads(dump(duo))["result"]["players"]]
        assert all(s.events is None and s.players == 2 for s in pair)
        # the running totals: per server and over every game, human seats only
        totals = {(r[0], r[1]): r for r in await players.summaries()}
        assert set(totals) == {(10, 100), (10, 200), (10, 300), (0, 100), (0, 200), (0, 300)}
        solo_total = solo.result["players"][0]["total"]
        assert totals[(10, 100)][3:8] == (1, 0, 0, None, solo_total)  # games, multi, wins, best, best solo
        winner = 200 if pair[0].place == 1 else 300
        assert totals[(0, winner)][5] == 1 and totals[(0, winner)][8] == 1  # a win; category scores known
        assert await players.category_averages(10) == tuple(
            (daily.categories[i] + pair[0].categories[i] + pair[1].categories[i]) / 3 for i in range(6))
        # the server's records, from the same games
        records = await players.server_records(10)
        top = max([daily, *pair], key=lambda x: (x.score, -x.game_id, -x.seat))
        assert records["total"] == (top.name, top.score, top.game_id)
        assert records["fastest"] == ("game #2", 1.0, 2)  # created at 5, finished at 6
        # the ratings step (run once on the next start): the two-player game is rated
        assert await players.ratings_missing()
        assert await ratings.rebuild(db) == 1
        assert not await players.ratings_missing()
        assert set(await players.ratings(10, [200, 300])) == {200, 300}
        assert set(await players.ratings(GLOBAL, [200, 300])) == {200, 300}
    finally:
        await db.close()


async def test_profile_and_board_queries_use_indexes(tmp_path):
    db = await open_database(tmp_path / "new.sqlite3")
    try:
        for sql, args in (("SELECT * FROM results WHERE guild_id = ? AND user_id = ?", (1, 2)),
                          ("SELECT * FROM results WHERE user_id = ? ORDER BY finished_at", (1,)),
                          ("SELECT * FROM ratings WHERE scope = ? ORDER BY ordinal DESC", (1,)),
                          ("SELECT * FROM rating_history WHERE user_id = ? AND scope = ? ORDER BY finished_at",
                           (1, 0))):
            plan = " ".join(str(tuple(r)) for r in await db.fetchall("EXPLAIN QUERY PLAN " + sql, args))
            assert "USING" in plan and "SCAN results" not in plan and "SCAN ratings" not in plan, plan
    finally:
        await db.close()


async def test_the_board_names_migration_names_each_servers_totals_from_that_servers_games(database_target):
    """Issue 51, finding 12: totals stored before the fix could carry a nickname from another
    server (a ratings rebuild named every server's row by the player's latest name anywhere);
    the migration names each server's row from that server's own games, and gives the
    players' settings the global name the global boards show."""
    (board_names,) = [m for m in migrations.load_migrations() if m.name.endswith("_board_names.sql")]
    db = await open_database(database_target, migrate=False)  # a SQLite file, then a PostgreSQL schema
    try:
        await migrations.apply_migrations(db, target=board_names.version - 1)
        await db.executemany(
            "INSERT INTO games (id, guild_id, creator_id, status, kind, config, state, created_at, updated_at)"
            " VALUES (?, ?, 7, 'finished', 'normal', '{}', '{}', 1.0, 2.0)", [(1, 10), (2, 20)])
        await db.executemany(
            "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, solo, is_bot)"
            " VALUES (?, 0, ?, 7, ?, 50, 1, ?, 1, 0)", [(1, 10, "Bee", 100.0), (2, 20, "Secret Agent Bee", 200.0)])
        async with db.transaction():
            await PlayerRepository(db).rebuild_summaries()  # the rebuild as it was: the latest name anywhere
            await db.execute("UPDATE player_summaries SET name = 'Secret Agent Bee'")
        await migrations.apply_migrations(db)
        rows = {g: n for g, n in await db.fetchall("SELECT guild_id, name FROM player_summaries WHERE user_id = 7")}
        assert rows[10] == "Bee" and rows[20] == "Secret Agent Bee"
        await PlayerRepository(db).set_global_opt_in(7, True, "Bea")
        assert await db.fetchval("SELECT global_name FROM player_settings WHERE user_id = 7") == "Bea"
    finally:
        await db.close()
