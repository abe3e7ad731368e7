"""Fixtures for the end-to-end tests: the real bot (bot.make_bot, real cogs, real service and
a real SQLite file) driven by SimCord's simulated Discord.

The database is opened by the test, outside the bot, so ``env.restart_bot(new_bot(db))``
is a process restart as far as the game is concerned. ``world`` gives one guild with a
games channel, four players and a member with Manage Server.

Two autouse fixtures hold every test here to what real Discord and real players would notice:
``discord_contract`` checks every payload the bot sends against Discord's documented limits
(tests/discord/contract.py) and ``loop_watchdog`` fails a test whose bot code keeps the event
loop busy longer than watchdog.STALL_MS (tests/discord/watchdog.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import discord
import pytest
import pytest_asyncio
import simcord

import i18n
from bot import make_bot
from db.connection import open_database

from . import contract
from .watchdog import Watchdog

# the Discord locales the bot writes its commands' descriptions in (besides the default, English)
BOT_LOCALES = tuple(str(loc) for loc in discord.Locale if i18n.from_discord(loc) != i18n.DEFAULT)


@pytest.fixture(autouse=True)
def discord_contract(monkeypatch):
    """Every payload the bot sends is checked against Discord's limits; a violation fails the test."""
    recorder = contract.ContractRecorder(locales=BOT_LOCALES)
    contract.install(monkeypatch, recorder)
    yield recorder
    if recorder.violations:
        pytest.fail("payloads real Discord would refuse or that break a promise to players "
                    "(tests/discord/contract.py):\n  " + "\n  ".join(recorder.violations), pytrace=False)


@pytest.fixture(autouse=True)
def loop_watchdog():
    """Any step of the bot's code that holds the event loop longer than STALL_MS fails the test."""
    dog = Watchdog()
    dog.start()
    try:
        yield dog
    finally:
        dog.stop()
    if dog.stalls:
        pytest.fail(f"the event loop stalled {len(dog.stalls)} time(s) (tests/discord/watchdog.py):\n"
                    + dog.report(), pytrace=False)


@pytest_asyncio.fixture
async def db(tmp_path):
    database = await open_database(tmp_path / "games.sqlite3")
    yield database
    await database.close()


def new_bot(db, **options):
    # the random-legal autopilot keeps these tests quick; the greedy one is tested in tests/engine
    # a 10-minute heartbeat keeps advance_time(hours) quick; reminders are hours apart anyway
    # (a restarted bot does not sync: the commands stay published, as on real Discord)
    return make_bot(db, **{"autopilot_level": "random", "heartbeat_seconds": 600, **options})


@pytest.fixture
def simcord_bot(db):
    return new_bot(db, sync=True)  # the first start publishes the commands (python3 tasks.py bot --sync)


@dataclass
class World:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    dave: simcord.MemberActor
    admin: simcord.MemberActor
    outsider: simcord.MemberActor

    @property
    def service(self):
        return self.env.bot.service

    @property
    def cog(self):
        return self.env.bot.get_cog("GameCog")


@pytest_asyncio.fixture
async def world(simcord_env) -> World:
    env = simcord_env
    guild = env.create_guild("Planet Unknown Club")
    channel = guild.create_text_channel("games")
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")]
    admin = guild.add_member(env.create_user("admin"), roles=[managers])
    outsider = guild.add_member(env.create_user("outsider"))
    await env.settle()
    alice, bob, carol, dave = members
    return World(env, guild, channel, alice, bob, carol, dave, admin, outsider)
