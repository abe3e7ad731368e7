"""Fixtures for the end-to-end tests: the real bot (bot.make_bot, real cogs, real service and
a real SQLite file) driven by SimCord's simulated Discord.

The database is opened by the test, outside the bot, so ``env.restart_bot(new_bot(db))``
is a process restart as far as the game is concerned. ``world`` gives one guild with a
games channel, four players and a member with Manage Server.
"""
from __future__ import annotations

from dataclasses import dataclass

import discord
import pytest
import pytest_asyncio
import simcord

from bot import make_bot
from db.connection import open_database


@pytest_asyncio.fixture
async def db(tmp_path):
    database = await open_database(tmp_path / "games.sqlite3")
    yield database
    await database.close()


def new_bot(db):
    # the random-legal autopilot keeps these tests quick; the greedy one is tested in tests/engine
    # a 10-minute heartbeat keeps advance_time(hours) quick; reminders are hours apart anyway
    return make_bot(db, autopilot_level="random", heartbeat_seconds=600)


@pytest.fixture
def simcord_bot(db):
    return new_bot(db)


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
    return World(env, guild, channel, *members, admin, outsider)
