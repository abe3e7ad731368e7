"""Start the Planet Unknown bot: settings from the environment (.env), the database (SQLite by
default, PostgreSQL with DATABASE_URL=postgresql://...; migrated on start), the cogs, and, on
request only, the sync of the slash commands.

Several processes on one PostgreSQL database: give each SHARD_COUNT (the total) and SHARD_IDS
(its own shards, e.g. 0,1); it then runs an AutoShardedBot on those shards (deploy/README.md).

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
Or play at once in the terminal, no Discord needed: python3 tasks.py bot --offline
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
    from db.connection import database_target

    def number(name: str, default: float) -> float:
        text = os.environ.get(name, "").strip()
        try:
            return float(text) if text else default
        except ValueError:
            raise SystemExit(f"{name} must be a number, not {text!r}") from None

    shard_count = int(number("SHARD_COUNT", 0)) or None
    shard_text = os.environ.get("SHARD_IDS", "").strip()
    try:
        shard_ids = [int(part) for part in shard_text.replace(" ", "").split(",") if part] or None
    except ValueError:
        raise SystemExit(f"SHARD_IDS must list shard numbers separated by commas (e.g. 0,1), not {shard_text!r}") \
            from None
    from autopilot import BUDGET_S, MAX_BUDGET_S

    hard_turn_s = number("HARD_TURN_SECONDS", -1) if os.environ.get("HARD_TURN_SECONDS", "").strip() else None
    if hard_turn_s is not None and not 0 <= hard_turn_s <= MAX_BUDGET_S:
        raise SystemExit(f"HARD_TURN_SECONDS is the CPU time a hard computer player may think per turn: a number "
                         f"of seconds from 0 to {MAX_BUDGET_S:g} (empty: {BUDGET_S:g}), not {hard_turn_s:g}")
    if shard_ids and (shard_count is None or any(not 0 <= n < shard_count for n in shard_ids)):
        raise SystemExit(f"SHARD_IDS {shard_text} needs SHARD_COUNT set above each of them (shards are 0 to "
                         "SHARD_COUNT - 1)")
    return {
        "token": Secret(os.environ.get("DISCORD_TOKEN", "").strip()),
        "dev_guild": os.environ.get("DEV_GUILD_ID", "").strip() or None,
        # DATABASE_URL (postgresql://... or sqlite:///path), else DATABASE_PATH, else data/
        "database": database_target(default=ROOT / "data" / "planet_unknown.sqlite3"),
        "shard_count": shard_count,
        "shard_ids": shard_ids,
        # SQLite only: a copy every BACKUP_INTERVAL_HOURS (0: none) into BACKUP_DIR, newest BACKUP_KEEP kept
        "backup_every_s": number("BACKUP_INTERVAL_HOURS", 24) * 3600,
        "backup_keep": int(number("BACKUP_KEEP", 7)),
        "backup_dir": os.environ.get("BACKUP_DIR", "").strip() or str(ROOT / "data" / "backups"),
        "health_every_s": number("HEALTH_LOG_SECONDS", 300),  # the periodic health line (0: none)
        "log_level": os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
        "workers": os.environ.get("WORKERS", "").strip(),  # worker processes (service/workers.py)
        "hard_turn_s": hard_turn_s,  # a hard computer player's CPU seconds per turn (None: the default)
    }


def preload() -> None:
    """What the bot reads once before its first answer, off the event loop (setup_hook runs it
    in a thread): both languages' catalogues and the image modules."""
    import importlib

    import i18n

    for language in i18n.LANGUAGES:
        i18n.catalogue(language)
    importlib.import_module("render")


def no_prefix(bot, message) -> list[str]:
    """The bot has slash commands only: no message is ever a command (not even a mention)."""
    return []


def make_bot(db, *, dev_guild: str | None = None, clock=None, autopilot_level: str = "greedy",
             heartbeat_seconds: float = 60, executor=None, sync: bool = False,
             shard_count: int | None = None, shard_ids: list[int] | None = None,
             hard_turn_s: float | None = None) -> PUBot:
    """A fresh, un-started bot on an open Database. Tests build one per (re)start on the same
    database; ``clock`` gives unix seconds (default: Discord's clock, which tests can move);
    every ``heartbeat_seconds`` the bot fires due reminders and timers and retries posts;
    ``executor`` runs computer players and images (service.workers; default: threads);
    ``sync`` publishes the command tree when it logs in (module docstring); ``shard_count``
    and ``shard_ids``: this process runs those of the bot's shards (an AutoShardedBot);
    ``hard_turn_s``: a hard computer player's CPU seconds per turn (None: the autopilot's 1.5)."""
    import discord

    from cogs import EXTENSIONS
    from cogs.client import PUBot, ShardedPUBot
    from db.repository import GameRepository
    from service import GameService

    def discord_clock() -> float:
        return discord.utils.utcnow().timestamp()

    clock = clock or discord_clock
    intents = discord.Intents.default()
    service = GameService(GameRepository(db, clock=clock), clock=clock,
                          autopilot_level=autopilot_level, executor=executor, hard_turn_s=hard_turn_s)
    options = {"command_prefix": no_prefix, "help_command": None, "intents": intents}
    if shard_count:
        bot: PUBot = ShardedPUBot(db=db, service=service, heartbeat_seconds=heartbeat_seconds,
                                  shard_count=shard_count, shard_ids=shard_ids, **options)
    else:
        bot = PUBot(db=db, service=service, heartbeat_seconds=heartbeat_seconds, **options)

    async def setup_hook() -> None:
        # the catalogues are read, and the image modules imported, in a thread: parsing them (a
        # tenth of a second each) on the event loop would hold up the first answer in each language,
        # the first image (service.games imports render when it first draws), or the command sync
        await asyncio.to_thread(preload)
        for ext in EXTENSIONS:
            await bot.load_extension(ext)
            await asyncio.sleep(0)  # one cog at a time: the loop runs between them
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


def health_line(bot, counts: dict) -> str:
    """One log line on how the process is doing: its shards and their latency, the guilds it
    sees, games in progress, lobbies, posts owed and reminders due (the last four database-wide)."""
    shards = getattr(bot, "shard_ids", None) or [0]
    latency = bot.latency
    latency_ms = "-" if latency != latency or latency == float("inf") else f"{latency * 1000:.0f}"
    return (f"health: shards={','.join(map(str, shards))} latency_ms={latency_ms} guilds={len(bot.guilds)} "
            + " ".join(f"{k}={v}" for k, v in counts.items()))


async def periodic_health(bot, every_s: float) -> None:
    log = logging.getLogger("bot.health")
    while True:
        await asyncio.sleep(every_s)
        try:
            log.info(health_line(bot, await bot.service.repo.health(bot.service.clock())))
        except Exception:
            log.exception("could not compute the health line")


async def run(settings: dict) -> None:
    from db import lock
    from db.backup import backup_every
    from db.connection import is_postgres_url, open_database
    from service import workers

    sqlite = not is_postgres_url(settings["database"])
    # SQLite: one bot per database, or every post goes out twice. PostgreSQL shares the work
    # between processes through the database itself (advisory locks).
    held = lock.hold(settings["database"]) if sqlite else None
    pool = workers.process_pool(workers.default_size(settings.get("workers")))
    background: list[asyncio.Task] = []
    try:
        db = await open_database(settings["database"])
        bot = make_bot(db, dev_guild=settings["dev_guild"], executor=pool,
                       sync=settings.get("sync", False), shard_count=settings.get("shard_count"),
                       shard_ids=settings.get("shard_ids"), hard_turn_s=settings.get("hard_turn_s"))
        workers.tune_gc()  # short garbage-collector pauses on the event loop
        if settings.get("health_every_s"):
            background.append(asyncio.create_task(periodic_health(bot, settings["health_every_s"])))
        if sqlite and settings.get("backup_every_s") and settings["database"] != ":memory:":
            background.append(asyncio.create_task(backup_every(
                settings["database"], settings["backup_dir"], settings["backup_every_s"], settings["backup_keep"],
                log=logging.getLogger("bot.backup"))))
        try:
            await bot.start(settings["token"])
        finally:
            for task in background:
                task.cancel()
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
