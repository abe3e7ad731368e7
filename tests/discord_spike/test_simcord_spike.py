"""End-to-end tests of spike/bot_example.py through SimCord (simcord==3.2.1).

Each test drives the real, unmodified discord.py bot the way a user would (slash
commands, autocomplete, clicks, selects) and asserts what that user would see.
See spike/SIMCORD_NOTES.md for the patterns these tests establish.
"""
from __future__ import annotations

import asyncio
import datetime as dt
import io

import aiosqlite
import discord
import pytest
import simcord
from discord import app_commands
from PIL import Image

from spike.bot_example import SpikeStore, make_bot
from spike.simcord_helpers import concurrently

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def callback_types(env: simcord.Env) -> list[int]:
    """Interaction callback types the bot sent (4=message, 5=defer, 7=update, 8=autocomplete)."""
    return [e.json["type"] for e in env.http_requests if e.path.endswith("/callback") and e.json]


# --------------------------------------------------------------------------- basics


async def test_command_tree_is_synced_as_one_group(world):
    # setup_hook ran tree.sync(); strict_sync (default) only lets users run synced commands.
    assert set(world.alice.available_commands(world.channel)) >= {
        "pu hello", "pu image", "pu pick", "pu menu", "pu thread", "pu admin", "pu timer", "pu join",
    }


async def test_hello_is_ephemeral_and_mentions_the_user(world):
    result = await world.alice.slash(world.channel, "pu hello")

    assert result.acknowledged and result.ephemeral
    assert result.response.ephemeral
    assert result.response.content == f"Hello {world.alice.mention}!"
    assert result.followups == []
    # Only alice sees it: history(viewer=...) is what that user's client shows.
    assert [m.content for m in world.channel.history(viewer=world.alice)] == [result.response.content]
    assert world.channel.history(viewer=world.bob) == []
    # Without viewer=, history()/last_message show only what *everyone* sees (no ephemerals).
    assert world.channel.history() == [] and world.channel.last_message is None


async def test_option_validation_happens_before_the_bot_sees_anything(world):
    # app_commands.Range[int, 1, 10_000] is enforced by SimCord like the Discord client does.
    with pytest.raises(simcord.OptionError):
        await world.alice.slash(world.channel, "pu image", game=0)
    with pytest.raises(simcord.OptionError):
        await world.alice.slash(world.channel, "pu image", nope=1)


# --------------------------------------------------------- defer + followups + PNG


async def test_image_defers_then_followups_with_png_and_button(world):
    result = await world.alice.slash(world.channel, "pu image", game=42, seat=7)

    # The bot deferred (callback type 5) ... but `result.deferred` is only True while the
    # "thinking..." message is still pending. The first followup after a defer *completes*
    # that original message, so it is `result.response`, not `result.followups[0]`.
    assert callback_types(world.env) == [5]
    assert not result.deferred
    board = result.response
    assert board.content == "Board for game 42, seat 7"
    assert not board.ephemeral

    (attachment,) = board.attachments
    assert attachment.filename == "board-42-7.png"
    assert attachment.content_type == "image/png"
    data = await attachment.read()  # served by SimCord's in-memory CDN
    assert data.startswith(PNG_MAGIC)
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == "PNG" and img.size == (64, 48)

    # Components come back as raw wire dicts.
    (row,) = board.components
    (button,) = row["components"]
    assert button["custom_id"] == "pu:42:7:refresh" and button["label"] == "Refresh"

    # Later followups are separate messages; each keeps its own ephemeral flag.
    (second,) = result.followups
    assert second.content == "(second followup)" and second.ephemeral
    assert [m.content for m in world.channel.history(viewer=world.bob)] == [board.content]


# --------------------------------------------------------------------- autocomplete


async def test_autocomplete_offers_filtered_choices_then_command_uses_value(world):
    choices = await world.alice.autocomplete(world.channel, "pu pick", "choice", "or")
    assert choices == [
        {"name": "Aurora", "value": "Aurora"},
        {"name": "Boreas", "value": "Boreas"},
    ]
    assert callback_types(world.env) == [8]

    result = await world.alice.slash(world.channel, "pu pick", choice=choices[1]["value"])
    assert not result.ephemeral
    assert result.response.content == f"{world.alice.mention} picked Boreas"
    assert [u.id for u in result.response.message.mentions] == [world.alice.id]

    # Autocomplete is only a suggestion: a user can still send free text.
    result = await world.alice.slash(world.channel, "pu pick", choice="Pluto")
    assert result.ephemeral and result.response.content == "Unknown planet 'Pluto'"


# ------------------------------------------------------------ persistent buttons


async def test_dynamic_button_click_edits_message(world, store: SpikeStore):
    board = (await world.alice.slash(world.channel, "pu image", game=42, seat=7)).response

    clicked = await world.bob.click(board, custom_id="pu:42:7:refresh")  # or label="Refresh"

    assert clicked.acknowledged and callback_types(world.env)[-1] == 7  # UPDATE_MESSAGE
    # For an edit_message response, `response` is the (edited) clicked message itself.
    assert clicked.response.id == board.id
    assert clicked.response.content == "Board for game 42, seat 7 (refresh #1, boot 1)"
    (attachment,) = clicked.response.attachments
    assert (await attachment.read()).startswith(PNG_MAGIC)
    assert store.refresh_counts == {(42, 7): 1}
    # Handles are live: the ResponseMessage we kept already shows the edit.
    assert board.content.endswith("(refresh #1, boot 1)")


async def test_dynamic_button_still_works_after_bot_restart(world, store: SpikeStore):
    env = world.env
    board = (await world.alice.slash(world.channel, "pu image", game=42, seat=7)).response
    menu = (await world.alice.slash(world.channel, "pu menu")).response  # non-persistent View
    await world.bob.click(board, label="Refresh")
    old_bot = env.bot

    # "Restart": drain + detach the old bot, attach a NEW instance to the same virtual
    # Discord (guilds, channels, members, messages, synced commands all persist).
    await env.restart_bot(make_bot(store))

    assert env.bot is not old_bot and env.bot.is_ready()
    clicked = await world.bob.click(board, custom_id="pu:42:7:refresh")
    assert clicked.acknowledged
    assert clicked.response.content == "Board for game 42, seat 7 (refresh #2, boot 2)"
    assert store.refresh_counts == {(42, 7): 2}

    # A plain View died with the old process: Discord would show "interaction failed".
    dead = await world.alice.select(menu, ["dune"])
    assert not dead.acknowledged and dead.response is None

    # The new bot also serves slash commands normally.
    assert (await world.alice.slash(world.channel, "pu hello")).response.content.startswith("Hello")


async def test_dynamic_button_on_any_message_is_routed_by_custom_id_regex(world, store: SpikeStore):
    # The DynamicItem template carries ids, so a button minted for another game works too.
    board = (await world.alice.slash(world.channel, "pu image", game=9000, seat=3)).response
    clicked = await world.alice.click(board, custom_id="pu:9000:3:refresh")
    assert clicked.response.content.startswith("Board for game 9000, seat 3 (refresh #1")
    with pytest.raises(simcord.SetupError):  # no such button on that message
        await world.alice.click(board, custom_id="pu:42:7:refresh")


# -------------------------------------------------------------------- select menu


async def test_select_menu_choice_is_handled(world):
    shown = await world.alice.slash(world.channel, "pu menu")
    assert shown.ephemeral
    (row,) = shown.response.components
    assert [o["value"] for o in row["components"][0]["options"]] == ["aurora", "boreas", "cobalt", "dune"]

    picked = await world.alice.select(shown.response, ["dune"], custom_id="pu:planet-select")

    assert picked.response.content == "You chose dune"
    assert picked.response.components == []  # view=None removed the menu
    assert shown.response.content == "You chose dune"  # same message, edited


async def test_other_users_cannot_touch_an_ephemeral_menu(world):
    shown = await world.alice.slash(world.channel, "pu menu")
    with pytest.raises(simcord.SetupError):  # bob cannot even see alice's ephemeral message
        await world.bob.select(shown.response, ["dune"])
    with pytest.raises(simcord.SetupError):  # not one of the options
        await world.alice.select(shown.response, ["pluto"])


async def test_select_menu_view_times_out_on_virtual_clock(world):
    shown = await world.alice.slash(world.channel, "pu menu")  # View(timeout=120)

    await world.env.advance_time(119)
    assert shown.response.content == "Pick one:"
    await world.env.advance_time(2)  # instant; on_timeout runs and edits the message

    assert shown.response.content == "Menu expired"
    assert shown.response.components == []


# ------------------------------------------------------------- threads + mentions


async def test_thread_is_created_from_the_message_with_a_welcome_mention(world):
    result = await world.alice.slash(world.channel, "pu thread", name="Game 42", opponent=world.bob)

    assert result.response.content == "Starting game **Game 42**"
    (thread,) = world.channel.threads
    assert thread.is_thread and thread.name == "Game 42"
    assert thread.id == result.response.id  # a thread started from a message shares its id

    (welcome,) = thread.history()
    assert welcome.content == f"Welcome {world.alice.mention} and {world.bob.mention}! Good luck."
    assert {u.id for u in welcome.mentions} == {world.alice.id, world.bob.id}
    # Who was actually *pinged* (allowed_mentions applied) is only visible on SimCord's
    # backend model, which is internal API: fine for a spike, avoid in the real suite.
    stored = world.env.backend.get_message(thread.id, welcome.id)
    assert stored.ping_user_ids == [world.bob.id]
    assert welcome.author.id == world.env.bot.user.id

    # Users can talk in the thread (checks send_messages_in_threads).
    await world.bob.send(thread, "gl hf")
    assert thread.last_message.content == "gl hf"
    # The bot's cache agrees.
    cached = world.env.bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread) and cached.parent_id == world.channel.id


# -------------------------------------------------------------------- permissions


async def test_admin_requires_manage_server(world):
    refused = await world.alice.slash(world.channel, "pu admin")
    assert refused.ephemeral
    assert refused.response.content == "You need the Manage Server permission to do that."
    # The check failure also reached tree.on_error; SimCord records it and would fail the
    # test at teardown unless we inspect it (reading .errors acknowledges it).
    (error,) = world.env.errors
    assert isinstance(error, app_commands.MissingPermissions)
    assert error.missing_permissions == ["manage_guild"]

    allowed = await world.admin.slash(world.channel, "pu admin")
    assert allowed.ephemeral and allowed.response.content == "Admin panel opened"
    assert world.env.errors == [error]  # nothing new


async def test_guild_owner_passes_the_guard(world):
    # create_guild() makes a synthetic owner (never the bot); owners bypass permission checks.
    # The owner is already a member, so wrap the UserHandle in a MemberActor to act as them.
    owner = simcord.MemberActor(world.env, world.guild, world.guild.owner)
    assert owner.member.guild_permissions.manage_guild
    assert (await owner.slash(world.channel, "pu admin")).response.content == "Admin panel opened"


# ------------------------------------------------------------ time / background loop


async def test_deadline_loop_fires_when_virtual_clock_passes_deadline(world, store: SpikeStore):
    env = world.env
    start = env.now()
    assert start == dt.datetime(2026, 1, 1, tzinfo=dt.UTC)  # fixed virtual epoch
    assert discord.utils.utcnow() == start  # the plugin selects the virtual clock in tests too

    await world.alice.slash(world.channel, "pu timer", minutes=5)
    (deadline,) = store.deadlines
    assert deadline.at == start + dt.timedelta(minutes=5)  # bot's discord.utils.utcnow() is virtual

    await env.advance_time(4 * 60)  # loop ticks every 30s, deadline not reached
    assert world.channel.history(viewer=world.bob) == []

    await env.advance_time(90)  # instant: crosses the deadline, the loop posts
    (msg,) = world.channel.history(viewer=world.bob)
    assert msg.content == f"{world.alice.mention} time is up in game 42!"
    assert [u.id for u in msg.mentions] == [world.alice.id]
    assert store.deadlines == []
    assert env.now() == start + dt.timedelta(seconds=330)


class FakeClock:
    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


async def test_deadline_loop_with_an_injected_fake_clock():
    # Not using the simcord_env fixture: simcord.run() gives the same Env for custom bots.
    clock = FakeClock(dt.datetime(2030, 5, 1, 12, 0, tzinfo=dt.UTC))
    store = SpikeStore()
    async with simcord.run(make_bot(store, clock=clock)) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        await alice.slash(channel, "pu timer", minutes=60)

        await env.advance_time(30)  # lets the loop iterate; the fake clock has not moved
        assert channel.history(viewer=alice)[-1].content.startswith("Deadline set")

        clock.now += dt.timedelta(hours=2)  # the game clock jumps...
        await env.advance_time(30)  # ...and the next loop iteration notices
        assert channel.last_message.content == f"{alice.mention} time is up in game 42!"


# ---------------------------------------------------------------------- concurrency


async def test_gathering_two_actor_verbs_is_rejected(world):
    results = await asyncio.gather(
        world.alice.slash(world.channel, "pu hello"),
        world.bob.slash(world.channel, "pu hello"),
        return_exceptions=True,  # without it the 2nd verb keeps running and teardown breaks
    )
    assert isinstance(results[0], simcord.InteractionResult)
    assert isinstance(results[1], simcord.SetupError)
    assert "operation overlaps active slash" in str(results[1])


@pytest.mark.parametrize("use_lock", [True, False], ids=["with-lock", "without-lock"])
async def test_two_users_join_concurrently(world, store: SpikeStore, use_lock: bool):
    store.use_join_lock = use_lock
    alice, bob = world.alice, world.bob

    res_a, res_b = await concurrently(
        world.env,
        lambda: alice.slash(world.channel, "pu join"),
        lambda: bob.slash(world.channel, "pu join"),
    )

    if use_lock:
        assert res_a.response.content == f"{alice.mention} joined as seat 1"
        assert res_b.response.content == f"{bob.mention} joined as seat 2"
        assert store.seats[1] == [alice.id, bob.id]
    else:  # proves the handlers really interleaved: classic lost update
        assert res_a.response.content == f"{alice.mention} joined as seat 1"
        assert res_b.response.content == f"{bob.mention} joined as seat 1"
        assert store.seats[1] == [bob.id]


async def test_two_users_click_the_same_persistent_button_concurrently(world, store: SpikeStore):
    board = (await world.alice.slash(world.channel, "pu image", game=42, seat=7)).response
    first, second = await concurrently(
        world.env,
        lambda: world.alice.click(board, custom_id="pu:42:7:refresh"),
        lambda: world.bob.click(board, custom_id="pu:42:7:refresh"),
    )
    assert first.acknowledged and second.acknowledged
    assert store.refresh_counts == {(42, 7): 2}
    assert board.content == "Board for game 42, seat 7 (refresh #2, boot 1)"


async def test_concurrent_joins_with_real_aiosqlite_round_trips(world, store: SpikeStore):
    async with aiosqlite.connect(":memory:") as db:
        store.db = db
        results = await concurrently(
            world.env, *[lambda m=m: m.slash(world.channel, "pu join") for m in (world.alice, world.bob, world.admin)]
        )
        store.db = None
    assert [r.response.content.split()[-1] for r in results] == ["1", "2", "3"]


@pytest.mark.simcord(settle_timeout=0.5)  # fail fast: the default is 5 s of real time
async def test_limitation_lock_wait_behind_a_timer_cannot_settle(world, store: SpikeStore):
    """Pinned SimCord 3.2.1 limitation (if this test starts failing, SimCord fixed it).

    bob's handler waits on the asyncio.Lock held by alice's handler, which sleeps on a
    timer. SimCord classifies the lock wait as an "unknown wait", so it refuses to move
    the virtual clock (advance_time would hit the same wall) and the timer never fires:
    settlement deadlocks until settle_timeout -> TimeoutError. Even asyncio.sleep(0.01)
    triggers it. Keep timers (asyncio.sleep, wait_for timeouts) out of lock-protected
    code; real I/O inside the lock (aiosqlite) is fine, see the test above.
    """
    store.join_delay = 0.01
    with pytest.raises(TimeoutError, match="did not settle"):
        await concurrently(
            world.env,
            lambda: world.alice.slash(world.channel, "pu join"),
            lambda: world.bob.slash(world.channel, "pu join"),
        )
    assert store.seats == {}  # neither handler got past the sleep
    assert world.env.now() == dt.datetime(2026, 1, 1, tzinfo=dt.UTC)  # clock never moved
