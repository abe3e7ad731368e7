"""Fixtures for the SimCord spike.

The ``simcord`` pytest plugin (auto-registered by the simcord package) provides the
``simcord_env`` fixture; it only needs us to define ``simcord_bot`` returning a fresh,
un-started bot. ``simcord_env`` then fake-logs-in the bot (running ``setup_hook`` ->
``tree.sync()``), drives it to READY and, at teardown, re-raises any error the bot
swallowed that the test did not inspect via ``simcord_env.errors``.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import discord
import pytest
import pytest_asyncio
import simcord

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # make `spike` importable however pytest is launched
    sys.path.insert(0, str(ROOT))

from spike.bot_example import SpikeStore, make_bot  # noqa: E402


@pytest.fixture
def store() -> SpikeStore:
    """The state that outlives a bot instance (stands in for the database)."""
    return SpikeStore()


@pytest.fixture
def simcord_bot(store: SpikeStore):
    return make_bot(store)


@dataclass
class World:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    admin: simcord.MemberActor


@pytest_asyncio.fixture
async def world(simcord_env: simcord.Env) -> World:
    """One guild, one text channel, two plain players and one member with Manage Server.

    Must be an *async* fixture even though the builders are synchronous: create_guild()
    and add_member() emit gateway events into the bot, which needs the running loop
    (a plain `def` fixture fails with "RuntimeError: no running event loop").
    """
    env = simcord_env
    guild = env.create_guild("Planet Unknown HQ")
    channel = guild.create_text_channel("games")
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    world = World(
        env=env,
        guild=guild,
        channel=channel,
        alice=guild.add_member(env.create_user("alice")),
        bob=guild.add_member(env.create_user("bob")),
        admin=guild.add_member(env.create_user("admin"), roles=[managers]),
    )
    # Builders emit events but do not run the bot. Settle so the bot's cache (guild
    # chunking, members) is up to date before the test inspects it. Actor verbs settle
    # on their own, so this only matters for assertions made before the first verb.
    await env.settle()
    return world
