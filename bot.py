"""Start the Planet Unknown bot: settings from the environment (.env), the SQLite database
(migrated on start), the cogs, and the slash commands (synced to DEV_GUILD_ID when set).

    python3 tasks.py bot        # the README's run command (sets up .venv first)
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent

MISSING_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.
  1. Create an application and a bot user at the Discord developer portal (README: "Run your own bot").
  2. Copy .env.example to .env and put the bot's token after DISCORD_TOKEN=.
  3. Run the same command again.
"""


def load_settings() -> dict:
    try:
        from dotenv import load_dotenv
    except ImportError:  # running outside the project's environment
        load_dotenv = None
    if load_dotenv is not None:
        load_dotenv(ROOT / ".env")
    return {
        "token": os.environ.get("DISCORD_TOKEN", "").strip(),
        "dev_guild": os.environ.get("DEV_GUILD_ID", "").strip() or None,
        "database": os.environ.get("DATABASE_PATH", "").strip() or str(ROOT / "data" / "planet_unknown.sqlite3"),
        "log_level": os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
    }


async def run(settings: dict) -> None:
    import discord
    from discord.ext import commands

    from cogs import EXTENSIONS
    from db.connection import open_database

    db = await open_database(settings["database"])
    intents = discord.Intents.default()
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=intents)
    bot.db = db  # type: ignore[attr-defined]

    async def setup_hook() -> None:
        for ext in EXTENSIONS:
            await bot.load_extension(ext)
        if settings["dev_guild"]:
            guild = discord.Object(id=int(settings["dev_guild"]))
            bot.tree.copy_global_to(guild=guild)
            await bot.tree.sync(guild=guild)
        else:
            await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    try:
        await bot.start(settings["token"])
    finally:
        await db.close()


def main(argv: list[str]) -> int:
    settings = load_settings()
    logging.basicConfig(level=settings["log_level"], format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings["token"]:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
