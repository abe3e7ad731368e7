"""The simulated Discord the benchmarks play in (bench.discord_bench, bench.storm_discord_bench,
bench.load_bench's SimCord part), set up in one place.

    async with simulated_discord("discord.sqlite3", [("games", ["ann", "ben"])]) as sim:
        (channel, players), = sim.tables
        await players[0].slash(channel, "pu create", players=2)
        ... sim.posted: every message SimCord stored, as (time, channel id, text, attachments)

The real bot (bot.make_bot: cogs, game service, a SQLite file in a temporary folder, random
computer players, a long heartbeat, commands synced) runs in SimCord's simulated Discord, as in
tests/discord; one guild, one text channel per table with its members, settled before the
benchmark starts. The database is closed and the folder removed on the way out.
"""
from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class SimDiscord:
    bot: Any                   # bot.make_bot's bot: its game service is ``bot.service``
    env: Any                   # SimCord's environment (settle, advance_time, backend)
    guild: Any
    tables: list[tuple[Any, list[Any]]]  # (channel, members) in the order asked for
    # every message SimCord's backend stored: (perf_counter time, channel id, text, attachments)
    posted: list[tuple[float, int, str, int]] = field(default_factory=list)


@contextlib.asynccontextmanager
async def simulated_discord(db_name: str, tables: Sequence[tuple[str, Sequence[str]]],
                            guild: str = "Bench") -> AsyncIterator[SimDiscord]:
    """The bot in SimCord with a guild, ``tables`` (channel name, member names) and a spy on every
    stored message (``SimDiscord.posted``)."""
    import simcord

    from bot import make_bot
    from db.connection import open_database

    with tempfile.TemporaryDirectory() as folder:
        db = await open_database(Path(folder) / db_name)
        try:
            bot = make_bot(db, autopilot_level="random", heartbeat_seconds=600, sync=True)
            async with simcord.run(bot) as env:
                server = env.create_guild(guild)
                sim = SimDiscord(bot, env, server, [
                    (server.create_text_channel(channel), [server.add_member(env.create_user(n)) for n in names])
                    for channel, names in tables])
                commit = env.backend.commit_message

                def spy(message, *args, **kwargs):
                    out = commit(message, *args, **kwargs)
                    sim.posted.append((time.perf_counter(), out.channel_id, out.content or "", len(out.attachments)))
                    return out

                env.backend.commit_message = spy  # type: ignore[method-assign]  # a spy on this instance's method
                await env.settle()
                yield sim
        finally:
            await db.close()
