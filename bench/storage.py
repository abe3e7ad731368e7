"""Databases full of stored games, for the memory and start-up benchmarks.

``build(path, games, active)`` fills a new database quickly. The first game is played move by
move through the game service to its end, so its state, action log and posts are exactly
what the bot stores. Every other game is inserted with ``GameRepository.create_game``: four
seats and a real engine state, taken from a pool of random-legal games stopped at various
rounds (active games) or played to the end (finished games).

With ``history``, every game also gets the first game's action log and posts (half of them
for a game in progress), written the way the bot writes them: each post stored with its
full payload, then marked sent with ``GameRepository.mark_sent`` (which empties it), so the
file has the size and the page layout of a real database of that many games. Without
``history`` only states and seats are stored (the quick runs).
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from bench.common import random_game

FIRST_USER = 10_000


def state_pool(seed: int = 0) -> tuple[list[str], list[str]]:
    """Dumped states: (active, finished) from 4-player random-legal games."""
    from engine.state import dump

    active = [dump(random_game(4, seed + i, stop_round=2 + 2 * i)) for i in range(6)]
    finished = [dump(random_game(4, seed + 100 + i)) for i in range(6)]
    return active, finished


async def _add_history(db, repo, game_id: int, actions: list, posts: list) -> None:
    async with db.transaction():
        await db.executemany(
            "INSERT INTO actions (game_id, seq, seat, action, game_version, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, *a) for a in actions])
        for kind, payload, created_at in posts:
            post_id = await db.insert("INSERT INTO outbox (game_id, kind, payload, created_at) VALUES (?, ?, ?, ?)",
                                      (game_id, kind, payload, created_at))
            await repo.mark_sent(post_id)


async def build(path: Path, games: int, active: int, *, history: bool = False) -> dict:
    """Fill a new database at ``path`` with ``games`` games, ``active`` of them in progress
    (spread evenly, the second game among them) and the rest finished. Returns facts about
    it: the id of an old active game, its seats' user ids, the time taken, the file size."""
    from bench.service_bench import play_game
    from db.connection import open_database
    from db.repository import GameRepository
    from service import GameService

    started = time.perf_counter()
    active_states, finished_states = state_pool()
    db = await open_database(path)
    try:
        repo = GameRepository(db)
        template = await play_game(GameService(repo), 7, [FIRST_USER + k for k in range(4)], mark_sent=False)
        actions = [tuple(r) for r in await db.fetchall(
            "SELECT seq, seat, action, game_version, created_at FROM actions WHERE game_id = ? ORDER BY seq",
            (template,))]
        posts = [tuple(r) for r in await db.fetchall(
            "SELECT kind, payload, created_at FROM outbox WHERE game_id = ? ORDER BY id", (template,))]
        for post in await repo.pending_outbox(template):
            await repo.mark_sent(post.id)
        config = json.dumps({"max_players": 4, "remind_hours": 12.0})
        every = max(1, (games - 1) // max(1, active))
        made_active = 0
        old_active = None
        for n in range(1, games):
            is_active = made_active < active and (n - 1) % every == 0
            pool = active_states if is_active else finished_states
            base = FIRST_USER + 4 * n
            gid = await repo.create_game(
                creator_id=base, guild_id=1, channel_id=2, config=config,
                status="active" if is_active else "finished", state=pool[n % len(pool)],
                seats=[(base + k, f"player {base + k}", False) for k in range(4)])
            if history:
                part = 2 if is_active else 1
                await _add_history(db, repo, gid, actions[:len(actions) // part], posts[:len(posts) // part])
            if is_active:
                made_active += 1
                old_active = old_active or gid
        seats = [s.user_id for s in await repo.list_seats(old_active)] if old_active else []
    finally:
        await db.close()
    return {"games": games, "active": made_active, "old_active": old_active, "old_users": seats,
            "build_s": time.perf_counter() - started, "size": path.stat().st_size}
