"""Start-up benchmark: the bot with 10,000 stored games, from opening the database to ready,
and the Play button of an old game working afterwards.

    .venv/bin/python -m bench --only startup [--quick]

The database (bench.storage: 10,000 games, 2,000 of them in progress) is built first; the
full run also gives every finished game a real action log and its sent posts, so the file
has the size such a bot really has (about 1 GB); the quick run stores states and seats only.
Then, in a fresh Python process (cold imports): open the database as bot.py does
(integrity check, migrations) and log the bot in to SimCord's simulated Discord until it is
ready (cogs loaded, commands synced); several times, median. In the last run, the second game
in the database (one of the oldest, in progress) is handed to four members, a reminder
posts its Play button in a channel, the bot is restarted (timed as well), and a member
clicks that old button: the answer must be their panel with its image.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

T_START = time.perf_counter()

from bench.common import run_child, row  # noqa: E402

TARGET_S = 3.0
GAMES = 10_000
ACTIVE = 2_000


async def _child(path: Path, runs: int, info: dict) -> dict:
    t = time.perf_counter()
    import discord  # noqa: F401
    import simcord

    from bot import make_bot
    from db.connection import open_database
    imports = time.perf_counter() - t

    starts, opens = [], []
    out: dict = {"imports_s": imports, "process_to_imports_s": time.perf_counter() - T_START}
    for n in range(runs):
        t0 = time.perf_counter()
        db = await open_database(path)
        t1 = time.perf_counter()
        try:
            bot = make_bot(db)
            async with simcord.run(bot) as env:
                t2 = time.perf_counter()
                await env.settle()
                t3 = time.perf_counter()
                opens.append(t1 - t0)
                starts.append(t2 - t0)
                if n == 0:
                    out["first_heartbeat_s"] = t3 - t2
                if n == runs - 1:
                    out.update(await _old_button(env, db, info, make_bot))
        finally:
            await db.close()
    out.update(starts=starts, opens=opens)
    return out


async def _old_button(env, db, info: dict, make_bot) -> dict:
    """Hand the old game to members, let a reminder post its Play button, restart the bot,
    click the button."""
    guild = env.create_guild("Old games")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"player{k}")) for k in range(4)]
    await env.settle()
    service = env.bot.service
    game_id = info["old_active"]
    for seat, member in enumerate(members):
        await service.repo.replace_seat_user(game_id, seat, member.id, f"player{seat}")
    await service.repo.set_thread(game_id, channel.id)
    await service.repo.set_reminder(game_id, 0, "nudge", 0.0)  # long overdue: the next heartbeat fires it
    await env.advance_time(61)
    posts = [m for m in channel.history() if f"game #{game_id} is waiting" in m.content]
    if not posts:
        raise RuntimeError("the reminder with the Play button was not posted")
    t = time.perf_counter()
    await env.restart_bot(make_bot(db))
    restart = time.perf_counter() - t
    t = time.perf_counter()
    result = await members[0].click(posts[-1], label="Play")
    click = time.perf_counter() - t
    answer = result.response
    if not (result.acknowledged and answer is not None and answer.ephemeral and answer.attachments
            and "choose a tile" in answer.content):
        raise RuntimeError(f"the old Play button did not open the panel: {answer and answer.content!r}")
    return {"restart_s": restart, "click_s": click, "old_game": game_id}


def child_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.startup_bench")
    ap.add_argument("path", type=Path)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--info", required=True)
    args = ap.parse_args(argv)
    result = asyncio.run(_child(args.path, args.runs, json.loads(args.info)))
    print(json.dumps(result))
    return 0


def measure(quick: bool = False) -> list[dict]:
    from bench.storage import build

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "startup.sqlite3"
        info = asyncio.run(build(path, GAMES, ACTIVE, history=not quick))
        got = run_child("bench.startup_bench", [str(path), "--runs", "2" if quick else "5",
                                                "--info", json.dumps(info)])
    ready = statistics.median(got["starts"])
    return [row(f"bot start-up with {GAMES:,} stored games: open database -> ready", round(ready, 2), "s",
                f"<= {TARGET_S:g} s", ready <= TARGET_S,
                note=f"database {info['size'] / 2**20:,.0f} MiB ({'states and seats only' if quick else 'with action logs and sent posts'}); "
                     f"integrity check and migrations {statistics.median(got['opens']):.2f} s of it; "
                     f"median of {len(got['starts'])} starts; imports before it {got['imports_s']:.2f} s; "
                     f"first heartbeat {got['first_heartbeat_s']:.2f} s more; "
                     f"built in {info['build_s']:.0f} s"),
            row("old game's Play button after a restart (10,000 games stored)", round(got["click_s"] * 1000), "ms",
                "works", True,
                note=f"game #{got['old_game']} (second oldest): restart to ready {got['restart_s']:.2f} s, "
                     f"then the click answered with the player's panel and picture")]


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1:]))
