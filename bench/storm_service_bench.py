"""Solar Storm through the game service (issue 53): one action, SQLite commit included.

    .venv/bin/python -m bench --only storm_service [--quick]

Four people play whole 4-player Solar Storm games (easy) through ``GameService.act`` on a real
SQLite file (WAL, as the bot opens it), as bench.service_bench does for Planet Unknown: each call
loads the game, checks the player, applies the action, saves state + action log + outbox in one
transaction (a turn's post gets its log, rebuilt in the worker pool), schedules reminders and
builds the player's next panel (its text and controls, each action checked for whether it can be
undone; the ship image is drawn by the caller and is not counted here). Actions are random legal
ones, never undo, from fixed seeds; posts owed are marked sent after each action (not timed).
Wall-clock time.
"""
from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from bench.common import median, percentile, row

MEDIAN_TARGET_MS = 15.0


async def play_game(service, seed: int, users: list[int], samples: list[float]) -> int:
    """A 4-player Solar Storm game for ``users`` played to its end with random legal actions
    through the service; each action's milliseconds go to ``samples``. Returns the game id."""
    game = await service.create(creator_id=users[0], creator_name=f"player {users[0]}", guild_id=1, channel_id=2,
                                game="solar_storm", options={"max_players": len(users), "seed": seed})
    for u in users[1:]:
        await service.join(game.id, u, f"player {u}")
    game = await service.start(game.id, users[0], False)
    rng = random.Random(seed)
    while game.status == "active":
        pos = game.kind.to_act(game.state)[0]
        text = rng.choice([str(a) for a in game.kind.legal_actions(game.state, pos) if str(a) != "undo"])
        t = time.perf_counter()
        outcome = await service.act(game.id, game.seats[pos].user_id, text)
        samples.append((time.perf_counter() - t) * 1000)
        game = outcome.game
        for post, _payload in await service.pending_posts(game.id):
            await service.mark_posted(post.id)
    return game.id


async def _run(quick: bool) -> tuple[list[float], int]:
    from db.connection import open_database
    from db.repository import GameRepository
    from service import GameService

    samples: list[float] = []
    games = 3 if quick else 20
    with tempfile.TemporaryDirectory() as tmp:
        db = await open_database(Path(tmp) / "bench.sqlite3")
        try:
            service = GameService(GameRepository(db))
            await play_game(service, 0, [10, 11, 12, 13], [])  # warm up: imports, caches
            for seed in range(1, games + 1):
                base = 100 * seed
                await play_game(service, seed, [base + 1, base + 2, base + 3, base + 4], samples)
        finally:
            await db.close()
    return samples, games


def measure(quick: bool = False) -> list[dict]:
    samples, games = asyncio.run(_run(quick))
    med = median(samples)
    return [row("Solar Storm: apply one action incl. SQLite commit (service, 4 players)", round(med, 2), "ms",
                f"median <= {MEDIAN_TARGET_MS:g} ms", med <= MEDIAN_TARGET_MS, p99=round(percentile(samples, 0.99), 1),
                note=f"wall-clock; p90 {percentile(samples, 0.9):.1f} ms, p99 {percentile(samples, 0.99):.1f} ms, "
                     f"max {max(samples):.1f} ms; {len(samples)} actions of {games} whole games")]
