"""Players benchmark (issue 17): /pu profile, a leaderboard page and the rating update at a
game's end, on a database of 20,000 finished games (2,000 of them the profiled player's).

    .venv/bin/python -m bench --only players [--quick]

The games are stored as the finishing save stores them (results rows with their per-game
summaries, one server), then the ratings are rebuilt once. Timed:
- profile: the profile numbers (indexed queries and the summary) and the image drawn in the
  worker pool (GameService.render, threads as in the console), together; the first reply
  is the defer, sent before any of this.
- a leaderboard page (rating, wins; first page and a later one).
- /pu records of the server (target: a leaderboard page's).
- the running totals and rating update of a 4-player game at its end (in its transaction,
  commit included).
"""
from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from bench.common import median, row

PROFILE_TARGET_MS = 300.0
BOARD_TARGET_MS = 150.0
RATING_TARGET_MS = 10.0
GUILD = 1
USER = 7


async def build(path: Path, games: int, mine: int):
    """A database of ``games`` finished games in one server, ``mine`` of them with USER."""
    from db.connection import open_database
    from service import ratings
    db = await open_database(path)
    rng = random.Random(17)
    game_rows, result_rows = [], []
    mine_ids = set(rng.sample(range(1, games + 1), mine))
    for game_id in range(1, games + 1):
        players = rng.randint(2, 4)
        users = rng.sample(range(100, 400), players)
        if game_id in mine_ids:
            users[0] = USER
        finished = 1_700_000_000 + game_id * 600.0
        game_rows.append((game_id, GUILD, users[0], finished - 7200, finished))
        scores = [rng.randint(40, 110) for _ in users]
        order = sorted(range(players), key=lambda i: -scores[i])
        places = {seat: order.index(seat) + 1 for seat in range(players)}
        for seat, user in enumerate(users):
            cats = [rng.randint(0, 25) for _ in range(6)]
            result_rows.append((game_id, seat, GUILD, user, f"player {user}", scores[seat], places[seat], finished,
                                *cats, rng.randint(0, 8), players, 10, finished - 7200))
    async with db.transaction():
        await db.executemany("INSERT INTO games (id, guild_id, creator_id, status, config, state, created_at,"
                             " updated_at) VALUES (?, ?, ?, 'finished', '{}', '{}', ?, ?)", game_rows)
        await db.executemany(
            "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, solo, is_bot,"
            " cat_a, cat_b, cat_c, cat_d, cat_e, cat_f, lifepods, planet, corporation, players, rounds, started_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, 'ksb-4156', 'universal_coalition', ?, ?, ?)",
            result_rows)
    await ratings.rebuild(db)
    return db


async def _measure(quick: bool) -> list[dict]:
    from db.players import PlayerRepository
    from db.repository import GameRepository
    from service import GameService, ratings
    from service import players as P

    games, mine = (5_000, 500) if quick else (20_000, 2_000)
    runs = 5 if quick else 15
    with tempfile.TemporaryDirectory() as tmp:
        db = await build(Path(tmp) / "players.sqlite3", games, mine)
        try:
            service = GameService(GameRepository(db))
            scope = P.Scope(guild_ids=(GUILD,))
            await service.render("profile", P.summarise([]) | {"average": 0.0, "best": 0}, "warm-up")
            numbers, whole = [], []
            for _ in range(runs):
                t = time.perf_counter()
                profile = await service.players.profile(USER, scope)
                numbers.append((time.perf_counter() - t) * 1000)
                png = await service.render("profile", profile, "player 7", subtitle="bench server")
                whole.append((time.perf_counter() - t) * 1000)
            assert profile is not None and profile["games"] == mine and png[:4] == b"\x89PNG"
            boards = []
            for kind, page in (("rating", 0), ("wins", 0), ("best", 5), ("rating", 20)):
                for _ in range(runs):
                    t = time.perf_counter()
                    await service.players.board(kind, "all", GUILD, page)
                    boards.append((time.perf_counter() - t) * 1000)
            records = []
            for _ in range(runs):
                t = time.perf_counter()
                await service.players.records(GUILD)
                records.append((time.perf_counter() - t) * 1000)
            players = PlayerRepository(db)
            updates = []
            next_id = games + 1
            for n in range(runs * 4):
                users = [USER, 101 + n % 50, 201 + n % 50, 301 + n % 50]
                await db.execute("INSERT INTO games (id, guild_id, creator_id, status, config, state, created_at,"
                                 " updated_at) VALUES (?, ?, ?, 'finished', '{}', '{}', 0, 0)",
                                 (next_id, GUILD, USER))
                await db.executemany(
                    "INSERT INTO results (game_id, seat, guild_id, user_id, name, score, place, finished_at, solo,"
                    " is_bot) VALUES (?, ?, ?, ?, 'x', ?, ?, 1e10, 0, 0)",
                    [(next_id, s, GUILD, u, 90 - s, s + 1) for s, u in enumerate(users)])
                t = time.perf_counter()
                async with db.transaction():
                    await ratings.on_finish(players, next_id, 1e10 + n)
                updates.append((time.perf_counter() - t) * 1000)
                next_id += 1
        finally:
            await db.close()
    size = f"{mine:,} of the player's games among {games:,}"
    return [
        row(f"players: /pu profile numbers, {size}", round(median(numbers), 1), "ms",
            f"<= {PROFILE_TARGET_MS:.0f} ms", median(numbers) <= PROFILE_TARGET_MS,
            note="queries and summary; the first reply (the defer) goes before them"),
        row(f"players: /pu profile numbers and image ready, {size}", round(median(whole), 1), "ms",
            f"<= {PROFILE_TARGET_MS:.0f} ms", median(whole) <= PROFILE_TARGET_MS,
            note=f"max {max(whole):.1f} ms; image drawn in the worker pool (threads)"),
        row(f"players: leaderboard page (rating, wins, best; pages 1-21), {games:,} games",
            round(median(boards), 1), "ms", f"<= {BOARD_TARGET_MS:.0f} ms", max(boards) <= BOARD_TARGET_MS,
            note=f"max {max(boards):.1f} ms"),
        row(f"players: /pu records, {games:,} games in the server", round(median(records), 1), "ms",
            f"<= {BOARD_TARGET_MS:.0f} ms", median(records) <= BOARD_TARGET_MS, note=f"max {max(records):.1f} ms"),
        row("players: running totals and rating update of a 4-player game at its end (server + global, commit)",
            round(median(updates), 2), "ms", f"<= {RATING_TARGET_MS:.0f} ms", median(updates) <= RATING_TARGET_MS,
            note=f"max {max(updates):.2f} ms"),
    ]


def measure(quick: bool) -> list[dict]:
    return asyncio.run(_measure(quick))
