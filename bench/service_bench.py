"""Game service benchmark: one player action through GameService, SQLite commit included.

    .venv/bin/python -m bench --only service [--quick]

Four people play whole 4-player games through ``GameService.act`` on a real SQLite file
(WAL, as the bot opens it): each call loads the game, checks the player, applies the action,
saves state + action log + outbox in one transaction, schedules reminders and builds the
player's next panel (its text and controls; the image is drawn by the caller and is not
counted here). Moves are random legal ones, never undo. Posts owed are marked sent after each
action, as the bot does once it has posted them (not timed: that is the cog's work).
"""
from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from bench.common import median, percentile, row

MEDIAN_TARGET_MS = 15.0
P99_TARGET_MS = 60.0


async def play_game(service, seed: int, users: list[int], samples: list[float] | None = None,
                    rounds: int | None = None, mark_sent: bool = True) -> int:
    """Create, fill and start a game for ``users`` and play it to the end (or to ``rounds``
    rounds) with random legal actions through the service; append each action's
    milliseconds to ``samples``. After each action the posts it owed are marked sent, as the
    bot does once it has posted them (not timed), unless ``mark_sent`` is False. Returns the
    game id."""
    from engine import rules
    from engine.actions import Undo

    game = await service.create(creator_id=users[0], creator_name=f"player {users[0]}", guild_id=1,
                                channel_id=2, options={"max_players": len(users), "seed": seed})
    for u in users[1:]:
        await service.join(game.id, u, f"player {u}")
    game = await service.start(game.id, users[0], False)
    rng = random.Random(seed)
    while game.status == "active" and (rounds is None or game.state.round <= rounds):
        seat = rng.choice(rules.to_act(game.state))
        options = [a for a in rules.legal_actions(game.state, seat) if not isinstance(a, Undo)]
        text = str(rng.choice(options))
        t = time.perf_counter()
        outcome = await service.act(game.id, game.seats[seat].user_id, text)
        if samples is not None:
            samples.append((time.perf_counter() - t) * 1000)
        game = outcome.game
        if mark_sent:
            for post, _payload in await service.pending_posts(game.id):
                await service.mark_posted(post.id)
    return game.id


async def _run(quick: bool) -> list[float]:
    from db.connection import open_database
    from db.repository import GameRepository
    from service import GameService

    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = await open_database(Path(tmp) / "bench.sqlite3")
        try:
            service = GameService(GameRepository(db))
            await play_game(service, 0, [10, 11, 12, 13], rounds=1)  # warm up: imports, caches
            for seed in range(1, 2 if quick else 5):
                base = 100 * seed
                await play_game(service, seed, [base + 1, base + 2, base + 3, base + 4], samples)
        finally:
            await db.close()
    return samples


def measure(quick: bool = False) -> list[dict]:
    samples = asyncio.run(_run(quick))
    med, p99 = median(samples), percentile(samples, 0.99)
    ok = med <= MEDIAN_TARGET_MS and p99 <= P99_TARGET_MS
    return [row("service: apply one action incl. SQLite commit", round(med, 2), "ms",
                f"median <= {MEDIAN_TARGET_MS:g} ms, p99 <= {P99_TARGET_MS:g} ms", ok,
                p99=round(p99, 1),
                note=f"p99 {p99:.1f} ms, max {max(samples):.1f} ms; {len(samples)} actions of "
                     f"{1 if quick else 4} whole 4-player game(s)")]
