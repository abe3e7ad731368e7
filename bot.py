"""Start the Planet Unknown bot: settings from the environment (.env), the SQLite database
(migrated on start), the cogs, and, on request only, the sync of the slash commands.

    python3 tasks.py bot          # the README's run command (sets up .venv first)
    python3 tasks.py bot --sync   # also publish /pu to Discord (first run, or after a command changed)
    python3 bot.py --offline      # play in the terminal, no Discord needed (--help for options)

Syncing is rate-limited by Discord and discord.py advises against doing it on every start, so it
happens only with --sync: globally, or with DEV_GUILD_ID to that server alone, in which case the
global commands are cleared at the same time so the server does not show /pu twice.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used, so --offline and a missing token need no discord import
    from cogs.client import PUBot

ROOT = Path(__file__).resolve().parent

MISSING_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.
  1. Create an application and a bot user at the Discord developer portal (README: "Run your own bot").
  2. Copy .env.example to .env and put the bot's token after DISCORD_TOKEN=.
  3. Run the same command again.
"""


class Secret(str):
    """A string that keeps itself out of reprs (a settings dict in a log line or a traceback).
    The token is only ever handed to discord.py's login; nothing of ours prints or logs it."""

    def __repr__(self) -> str:
        return "'***'" if self else "''"


def load_settings() -> dict:
    """Settings from the environment, then from .env (which never overrides the environment)."""
    try:
        from dotenv import load_dotenv
    except ImportError:  # running outside the project's environment: the environment alone
        pass
    else:
        load_dotenv(ROOT / ".env")
    return {
        "token": Secret(os.environ.get("DISCORD_TOKEN", "").strip()),
        "dev_guild": os.environ.get("DEV_GUILD_ID", "").strip() or None,
        "database": os.environ.get("DATABASE_PATH", "").strip() or str(ROOT / "data" / "planet_unknown.sqlite3"),
        "log_level": os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
        "workers": os.environ.get("WORKERS", "").strip(),  # worker processes (service/workers.py)
    }


def no_prefix(bot, message) -> list[str]:
    """The bot has slash commands only: no message is ever a command (not even a mention)."""
    return []


def make_bot(db, *, dev_guild: str | None = None, clock=None, autopilot_level: str = "greedy",
             heartbeat_seconds: float = 60, executor=None, sync: bool = False) -> PUBot:
    """A fresh, un-started bot on an open Database. Tests build one per (re)start on the same
    database; ``clock`` gives unix seconds (default: Discord's clock, which tests can move);
    every ``heartbeat_seconds`` the bot fires due reminders and timers and retries posts;
    ``executor`` runs computer players and images (service.workers; default: threads);
    ``sync`` publishes the command tree when it logs in (module docstring)."""
    import discord

    from cogs import EXTENSIONS
    from cogs.client import PUBot
    from db.repository import GameRepository
    from service import GameService

    def discord_clock() -> float:
        return discord.utils.utcnow().timestamp()

    clock = clock or discord_clock
    intents = discord.Intents.default()
    service = GameService(GameRepository(db, clock=clock), clock=clock,
                          autopilot_level=autopilot_level, executor=executor)
    bot = PUBot(db=db, service=service, heartbeat_seconds=heartbeat_seconds,
                command_prefix=no_prefix, help_command=None, intents=intents)

    async def setup_hook() -> None:
        for ext in EXTENSIONS:
            await bot.load_extension(ext)
        if dev_guild:
            bot.tree.copy_global_to(guild=discord.Object(id=int(dev_guild)))
        if sync:
            await sync_commands(bot, dev_guild)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]  # discord.py calls the hook set on the instance
    return bot


async def sync_commands(bot, dev_guild: str | None) -> None:
    """Publish the command tree: to DEV_GUILD_ID alone (its commands show at once) with the
    global commands cleared, so a server never lists /pu twice; or globally."""
    import discord

    log = logging.getLogger("bot")
    if dev_guild:
        guild = discord.Object(id=int(dev_guild))
        synced = await bot.tree.sync(guild=guild)
        await bot.http.bulk_upsert_global_commands(bot.application_id, payload=[])
        log.info("synced %d command(s) to server %s and cleared the global ones", len(synced), dev_guild)
    else:
        synced = await bot.tree.sync()
        log.info("synced %d command(s) globally (Discord may take up to an hour to show them)", len(synced))


async def run(settings: dict) -> None:
    from db import lock
    from db.connection import open_database
    from service import workers

    held = lock.hold(settings["database"])  # one bot per database, or every post goes out twice
    pool = workers.process_pool(workers.default_size(settings.get("workers")))
    try:
        db = await open_database(settings["database"])
        bot = make_bot(db, dev_guild=settings["dev_guild"], executor=pool,
                       sync=settings.get("sync", False))
        workers.tune_gc()  # short garbage-collector pauses on the event loop
        try:
            await bot.start(settings["token"])
        finally:
            if not bot.is_closed():
                await bot.close()
            await db.close()
    finally:
        pool.shutdown(cancel_futures=True)
        lock.release(held)


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--offline":
        from service.console import main as console_main
        return console_main(argv[1:])
    settings = load_settings()
    settings["sync"] = "--sync" in argv
    unknown = [a for a in argv if a != "--sync"]
    if unknown:
        print(f"Unknown option {unknown[0]!r}. Usage: bot.py [--sync] | --offline [...]", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings["log_level"], format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings["token"]:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    import discord

    from db.errors import DatabaseError

    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        pass
    except DatabaseError as error:  # damaged, too new, failed migration: say so, no traceback
        print(f"The bot cannot start: {error}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN: copy it again from the developer portal "
              "(Bot, Reset Token) into .env.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
