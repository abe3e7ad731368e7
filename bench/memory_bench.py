"""Memory benchmark: what one game costs in the bot's memory, and the bot's resident size with
1,000 games stored and 100 of them in play.

    .venv/bin/python -m bench --only memory [--quick]

A database of 1,000 games (bench.storage; 100 in progress) is built first. Then, in a fresh
Python process: the bot (bot.make_bot, SimCord's simulated Discord) starts on it, and each of
the 100 games in progress gets one move through the bot's game service, which keeps the
game's state in memory from then on. Resident size (RSS, /proc/self/statm) is read after
start-up and after the 100 moves. The memory per game is measured exactly with tracemalloc:
what a service still holds after loading those 100 games, divided by 100; the RSS growth per
game is given beside it. The RSS includes SimCord's simulated Discord, which runs in the same
process.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import sys
import tempfile
import tracemalloc
from pathlib import Path

from bench.common import KiB, MiB, row, rss_bytes, run_child

TARGET_PER_GAME_MIB = 2.0
GAMES = 1_000
ACTIVE = 100


async def _child(path: Path) -> dict:
    import simcord

    import render  # noqa: F401 - the bot imports it with its first image
    from bot import make_bot
    from db.connection import open_database
    from db.repository import GameRepository
    from engine import rules
    from service import GameService, autoplay

    out: dict[str, float] = {"rss_imports": rss_bytes()}
    db = await open_database(path)
    try:
        bot = make_bot(db, sync=True)
        async with simcord.run(bot) as env:
            await env.settle()
            gc.collect()
            out["rss_ready"] = rss_bytes()
            service = bot.service
            rows = await service.repo.list_games(status="active")
            ids = [r.id for r in rows][:ACTIVE]
            for gid in ids:
                game = await service.load(gid)
                assert game.state is not None  # an active game has a state
                seat = rules.to_act(game.state)[0]
                action = autoplay.default_action(game.state, seat)
                user = game.seats[seat].user_id
                assert user is not None  # the stored games have human seats only
                await service.act(gid, user, str(action))
            await env.settle()
            gc.collect()
            out["rss_active"] = rss_bytes()
            out["cached"] = len(service._cache)

            # exactly: what a service keeps after loading the same games
            fresh = GameService(GameRepository(db))
            await fresh.load(ids[0])
            fresh._cache.clear()
            gc.collect()
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            for gid in ids:
                await fresh.load(gid)
            gc.collect()
            held = tracemalloc.get_traced_memory()[0] - base
            tracemalloc.stop()
            out["held_per_game"] = held / len(ids)
            out["active"] = len(ids)

            # every stored game opened once (e.g. listed with /me games)
            for r in await service.repo.list_games():
                await service.load(r.id)
            gc.collect()
            out["rss_all_loaded"] = rss_bytes()
            out["cached_all"] = len(service._cache)
    finally:
        await db.close()
    return out


def child_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.memory_bench")
    ap.add_argument("path", type=Path)
    args = ap.parse_args(argv)
    print(json.dumps(asyncio.run(_child(args.path))))
    return 0


def measure(quick: bool = False) -> list[dict]:
    from bench.storage import build

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "memory.sqlite3"
        info = asyncio.run(build(path, GAMES, ACTIVE, history=not quick))
        got = run_child("bench.memory_bench", [str(path)])
    per_game = got["held_per_game"]
    rss_growth = (got["rss_active"] - got["rss_ready"]) / got["active"]
    return [
        row("memory per game held in memory", round(per_game / KiB, 1), "KiB",
            f"<= {TARGET_PER_GAME_MIB:g} MiB", per_game <= TARGET_PER_GAME_MIB * MiB,
            note=f"tracemalloc, what the game service keeps per loaded game ({got['active']} games in progress); "
                 f"RSS growth {rss_growth / KiB:.0f} KiB per game"),
        row(f"bot RSS, {GAMES:,} games stored, {ACTIVE} active", round(got["rss_active"] / MiB, 1), "MiB", "report",
            None,
            note=f"after start-up {got['rss_ready'] / MiB:.1f} MiB (imports alone {got['rss_imports'] / MiB:.1f} MiB); "
                 f"after opening every stored game once {got['rss_all_loaded'] / MiB:.1f} MiB "
                 f"({got['cached_all']} games kept); database {info['size'] / MiB:.0f} MiB; "
                 "SimCord runs in the same process"),
    ]


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1:]))
