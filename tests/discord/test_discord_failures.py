"""When Discord fails: sends refused or rate-limited (retried with back-off), the game's thread
or lobby message deleted (made again), the bot missing permissions (the creator is told)."""
from __future__ import annotations

import discord

from tests.discord.helpers import create_game, lobby_message, start_game, thread_of


def posts_of(channel, text):
    return [m for m in channel.history() if text in m.content]


async def test_a_failed_or_rate_limited_post_is_retried_with_back_off_and_posted_once(world):
    env = world.env
    r = await create_game(world, world.alice, players=2)
    await world.bob.click(lobby_message(r), label="Join")
    env.inject_error("POST", "/channels/*/messages", status=429, message="You are being rate limited.")
    env.inject_error("POST", "/channels/*/messages", status=500)
    await world.alice.click(lobby_message(r), label="Start")
    thread = thread_of(world)
    assert posts_of(thread, "begins") == []  # first attempt: 429
    await env.advance_time(4)
    assert posts_of(thread, "begins") == []  # back-off: 5 s before the second attempt
    await env.advance_time(2)
    assert posts_of(thread, "begins") == []  # second attempt: 500
    await env.advance_time(13)
    assert posts_of(thread, "begins") == []  # then 15 s
    await env.advance_time(3)
    texts = [m.content for m in thread.history()]
    assert len(posts_of(thread, "begins")) == 1 and len(posts_of(thread, "Round 1 is open")) == 1
    assert texts.index(posts_of(thread, "begins")[0].content) < texts.index(posts_of(thread, "Round 1 is open")[0].content)
    sends = [e for e in env.http_requests if e.method == "POST" and e.path == f"/channels/{thread.id}/messages"]
    assert len(sends) == len(texts) + 2  # every post once, plus the two refused attempts


async def test_a_deleted_thread_is_made_again_and_the_game_goes_on_there(world):
    env = world.env
    game = await start_game(world, [world.alice, world.bob, world.carol])
    old = thread_of(world)
    env.backend.delete_channel(old.id)  # a moderator deletes the game's thread
    await env.settle()
    commander = [p for p in (world.alice, world.bob, world.carol) if game.seat_of(p.id) == game.state.commander][0]
    r = await commander.slash(world.channel, "pu act", action="turn 0")  # the thread is gone: play in the channel
    assert r.ephemeral and r.response.content.startswith("✔")
    new = thread_of(world)
    assert new.id != old.id
    assert (await world.service.load(game.id)).row.thread_id == new.id
    assert len(posts_of(new, "Round 1 is open")) == 1
    assert posts_of(world.channel, "new thread")  # the channel is told where the game went
    # the new thread is the game's: commands there find it
    r = await world.alice.slash(new, "pu status")
    assert r.ephemeral and f"Game #{game.id}" in r.response.content


async def test_a_thread_that_vanishes_under_a_send_is_replaced_at_once(world):
    env = world.env
    game = await start_game(world, [world.alice, world.bob, world.carol])
    old = thread_of(world)
    env.inject_error("POST", f"/channels/{old.id}/messages", status=404, code=10003, message="Unknown Channel")
    commander = [p for p in (world.alice, world.bob, world.carol) if game.seat_of(p.id) == game.state.commander][0]
    await commander.slash(old, "pu act", action="turn 0")
    new = thread_of(world)
    assert new.id != old.id and len(posts_of(new, "Round 1 is open")) == 1
    assert posts_of(old, "Round 1 is open") == []


async def test_a_deleted_lobby_message_is_posted_again_with_working_buttons(world):
    env = world.env
    r = await create_game(world, world.alice, players=3)
    lobby = lobby_message(r)
    await world.bob.click(lobby, label="Join")
    env.backend.delete_message(world.channel.id, lobby.id)
    await env.settle()
    kicked = await world.alice.slash(world.channel, "pu host kick", player=world.bob)
    assert kicked.ephemeral and "removed" in kicked.response.content
    (again,) = [m for m in world.channel.history() if "looking for players" in m.content]
    assert again.id != lobby.id and "bob" not in again.content
    joined = await world.carol.click(again, label="Join")
    assert joined.acknowledged and "2. carol" in joined.response.content


async def test_missing_permissions_are_told_to_the_creator_and_posts_wait_until_fixed(world):
    env = world.env
    bot_user = env.bot.user
    locked = world.guild.create_text_channel("locked", overwrites={bot_user: discord.PermissionOverwrite(
        send_messages=False, send_messages_in_threads=False, create_public_threads=False)})
    await env.settle()
    r = await world.alice.slash(locked, "pu create", players=2)
    assert r.acknowledged
    warning = [m for m in r.followups if "missing permissions" in m.content]
    assert warning and warning[0].ephemeral and "Send Messages" in warning[0].content
    await world.bob.click(r.response, label="Join")
    await world.alice.click(r.response, label="Start")
    assert not posts_of(locked, "begins") and locked.threads == []
    dms = world.alice.user.dm_channel.history()
    assert len(dms) == 1 and "missing a permission" in dms[0].content and "Send Messages" in dms[0].content
    await env.advance_time(30)  # still refused: the creator is not told again
    assert len(world.alice.user.dm_channel.history()) == 1
    env.backend.delete_overwrite(locked.id, bot_user.id)  # a manager fixes the channel
    await env.settle()
    await env.advance_time(60)
    assert len(posts_of(locked, "begins")) == 1 and len(posts_of(locked, "Round 1 is open")) == 1


def thread_requests(env) -> list:
    return [r for r in env.http_requests if r.method == "POST" and r.path.endswith("/threads")]


async def test_without_create_public_threads_no_thread_is_asked_for_and_the_game_plays_in_the_channel(world):
    """Each refused request counts toward Discord's invalid-request limit (10,000 in 10 minutes,
    then an hour's ban from the API): the bot checks its permission before asking."""
    env = world.env
    nothreads = world.guild.create_text_channel("no-threads", overwrites={env.bot.user: discord.PermissionOverwrite(
        create_public_threads=False)})
    await env.settle()
    before = len(thread_requests(env))
    for creator, partner in ((world.alice, world.bob), (world.carol, world.dave)):
        r = await creator.slash(nothreads, "pu create", players=2)
        await partner.click(r.response, label="Join")
        await creator.click(r.response, label="Start")
    solo = await world.alice.slash(nothreads, "pu solo")
    assert solo.ephemeral
    assert len(thread_requests(env)) == before and nothreads.threads == []
    assert len(posts_of(nothreads, "begins")) == 3  # the three games play in the channel
    env.backend.delete_overwrite(nothreads.id, env.bot.user.id)  # a manager grants it
    await env.settle()
    r = await world.alice.slash(nothreads, "pu create", players=2)
    assert len(nothreads.threads) == 1 and nothreads.threads[0].id == r.response.id


async def test_a_channel_where_discord_refused_a_thread_is_not_asked_again(world):
    """The permission can look granted to the bot and still be refused (a setting it cannot
    see, such as a parent category's): one refusal per channel, then the channel is used."""
    env = world.env
    env.inject_error("POST", "/channels/*/messages/*/threads", status=403, code=50013,
                     message="Missing Permissions", times=None)
    before = len(thread_requests(env))
    for creator, partner in ((world.alice, world.bob), (world.carol, world.dave)):
        r = await creator.slash(world.channel, "pu create", players=2)
        await partner.click(r.response, label="Join")
        await creator.click(r.response, label="Start")
    await world.alice.slash(world.channel, "pu solo")
    assert len(thread_requests(env)) == before + 1
    assert len(posts_of(world.channel, "begins")) == 3 and world.channel.threads == []
    other = world.guild.create_text_channel("other")
    await env.settle()
    await world.alice.slash(other, "pu create", players=2)
    assert len(thread_requests(env)) == before + 2  # another channel is asked once too
