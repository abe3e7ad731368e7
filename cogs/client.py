"""The bot the cogs run on: discord.py's Bot with what bot.make_bot gives the cogs (the
database, the game service, the heartbeat period), typed so the cogs and benchmarks read them
as attributes."""
from __future__ import annotations

from typing import Any

from discord.ext import commands

from db.connection import Database
from service import GameService

from .language import LocalisedTree


class PUBot(commands.Bot):
    def __init__(self, *, db: Database, service: GameService, heartbeat_seconds: float, **options: Any):
        options.setdefault("tree_cls", LocalisedTree)  # answers in the user's language (cogs.language)
        super().__init__(**options)
        self.db = db
        self.service = service
        self.heartbeat_seconds = heartbeat_seconds  # reminders, timers, post retries (cogs.game)


class ShardedPUBot(PUBot, commands.AutoShardedBot):
    """The same bot running some of the application's shards (SHARD_COUNT, SHARD_IDS): one of
    several processes sharing one PostgreSQL database (deploy/)."""
