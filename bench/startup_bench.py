"""Start-up benchmark: the bot with 10,000 stored games, from a new process to ready, and the
Play button of an old game working afterwards.

    .venv/bin/python -m bench --only startup [--quick]

The database (bench.storage: 10,000 games, 2,000 of them in progress) is built first. In the
full run every game also has an action log and the posts it owed, written as the bot writes
them, so the file has the size and layout of a real one; the quick run stores states and
seats only. Then, several times, in a fresh Python process each time: import the bot, open
the database as bot.py does (integrity check, migrations) and log the bot in to SimCord's
simulated Discord until it is ready (cogs loaded, commands synced); median. In the last
run, the second game in the database (one of the oldest, in progress) is handed to four
members, a reminder posts its Play button in a channel, the bot is restarted (timed as
well), and a member clicks that old button: the answer must be their panel with its image.
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

from bench.common import row, run_child  # noqa: E402 - after T_START: the import is part of the start-up timed

TARGET_S = 3.0
GAMES = 10_000
ACTIVE = 2_000


async def _child(path: Path, button: bool, info: dict) -> dict:
    import simcord

    from bot import make_bot
    from db.connection import open_database
    t0 = time.perf_counter()
    out: dict = {"imports_s": t0 - T_START}
    db = await open_database(path)
    t1 = time.perf_counter()
    try:
        async with simcord.run(make_bot(db, sync=True)) as env:
            t2 = time.perf_counter()
            out.update(open_s=t1 - t0, login_s=t2 - t1, ready_s=t2 - T_START)
            if button:
                out.update(await _old_button(env, db, info, make_bot))
    finally:
        await db.close()
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
    ap.add_argument("--button", action="store_true", help="then restart the bot and click an old Play button")
    ap.add_argument("--info", required=True)
    args = ap.parse_args(argv)
    result = asyncio.run(_child(args.path, args.button, json.loads(args.info)))
    print(json.dumps(result))
    return 0


def measure(quick: bool = False) -> list[dict]:
    from bench.storage import build

    runs = 2 if quick else 5
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "startup.sqlite3"
        info = asyncio.run(build(path, GAMES, ACTIVE, history=not quick))
        got = [run_child("bench.startup_bench", [str(path), "--info", json.dumps(info)]
                         + (["--button"] if n == runs - 1 else [])) for n in range(runs)]
    ready = statistics.median(g["ready_s"] for g in got)
    last = got[-1]
    part = {k: statistics.median(g[k] for g in got) for k in ("imports_s", "open_s", "login_s")}
    return [row(f"bot start-up with {GAMES:,} stored games: new process -> ready", round(ready, 2), "s",
                f"<= {TARGET_S:g} s", ready <= TARGET_S,
                note=f"imports {part['imports_s']:.2f} s + opening the database (integrity check, migrations) "
                     f"{part['open_s']:.2f} s + login to ready {part['login_s']:.2f} s; median of {runs} processes; "
                     f"database {info['size'] / 2**20:,.0f} MiB, {ACTIVE:,} games in progress "
                     f"({'states and seats only' if quick else 'with action logs and posts written as the bot does'}), "
                     f"built in {info['build_s']:.0f} s"),
            row(f"an old game's Play button after a restart ({GAMES:,} games stored)", round(last["click_s"] * 1000),
                "ms", "works", True,
                note=f"game #{last['old_game']} (the second oldest): restart to ready {last['restart_s']:.2f} s, "
                     f"then the click answered with the player's panel and its picture")]


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1:]))
