"""A tiny example bot used to prove out SimCord testing patterns.

Everything the real Planet Unknown cogs will need is represented once:

* ``/pu`` slash command group (``commands.GroupCog``) with options and autocomplete
* ephemeral replies, ``defer()`` + followups, PNG attachments built with Pillow
* a persistent button implemented as a ``discord.ui.DynamicItem`` whose custom_id
  (``pu:<game>:<seat>:refresh``) carries ids, so it survives a bot restart
* a select menu (regular ``View`` with a timeout)
* creating a thread from a message and posting into it (with a mention)
* a Manage Server permission guard
* a ``discord.ext.tasks`` background loop that posts when a clock passes a deadline
* a command that two players can hit concurrently (guarded by an ``asyncio.Lock``)

State that must survive a restart lives in :class:`SpikeStore` (standing in for the
database); pass the same store to a second ``make_bot()`` call to simulate a restart.
"""
from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import io
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

import aiosqlite
import discord
from discord import app_commands
from discord.ext import commands, tasks
from PIL import Image

Clock = Callable[[], dt.datetime]

PLANETS = [
    "Aurora",
    "Boreas",
    "Cobalt",
    "Dune",
    "Ember",
    "Frost",
    "Gaia",
    "Helios",
]


@dataclass
class Deadline:
    channel_id: int
    user_id: int
    game_id: int
    at: dt.datetime


@dataclass
class SpikeStore:
    """Stands in for the database: survives bot restarts when shared between bots."""

    refresh_counts: dict[tuple[int, int], int] = field(default_factory=dict)
    deadlines: list[Deadline] = field(default_factory=list)
    seats: dict[int, list[int]] = field(default_factory=dict)  # game_id -> user ids in seat order
    join_delay: float = 0.0  # >0 widens the race window in /pu join (costs real time!)
    use_join_lock: bool = True  # False reproduces the lost-update race in /pu join
    db: aiosqlite.Connection | None = None  # if set, /pu join does a real aiosqlite round trip
    boots: int = 0  # how many bot instances were built on this store


def render_png(text: str, size: tuple[int, int] = (64, 48)) -> bytes:
    """A small deterministic PNG (colour derived from the text)."""
    digest = zlib.crc32(text.encode())
    colour = tuple((digest >> shift) & 0xFF for shift in (0, 8, 16))
    image = Image.new("RGB", size, colour)  # type: ignore[arg-type]
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def board_file(game_id: int, seat: int, n: int = 0) -> discord.File:
    data = render_png(f"{game_id}:{seat}:{n}")
    return discord.File(io.BytesIO(data), filename=f"board-{game_id}-{seat}.png")


class RefreshButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pu:(?P<game>[0-9]+):(?P<seat>[0-9]+):refresh",
):
    """Persistent button. All state it needs is in its custom_id + the store."""

    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Refresh",
                style=discord.ButtonStyle.primary,
                custom_id=f"pu:{game_id}:{seat}:refresh",
            )
        )
        self.game_id = game_id
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /
    ) -> RefreshButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: SpikeBot = interaction.client  # type: ignore[assignment]
        key = (self.game_id, self.seat)
        bot.store.refresh_counts[key] = bot.store.refresh_counts.get(key, 0) + 1
        n = bot.store.refresh_counts[key]
        # Edit the message the button lives on: new content + new image, keep the button.
        view = discord.ui.View(timeout=None)
        view.add_item(RefreshButton(self.game_id, self.seat))
        await interaction.response.edit_message(
            content=f"Board for game {self.game_id}, seat {self.seat} (refresh #{n}, boot {bot.boot_id})",
            attachments=[board_file(self.game_id, self.seat, n)],
            view=view,
        )


class PlanetSelect(discord.ui.Select["PlanetView"]):
    def __init__(self) -> None:
        super().__init__(
            custom_id="pu:planet-select",
            placeholder="Choose a planet",
            options=[discord.SelectOption(label=p, value=p.lower()) for p in PLANETS[:4]],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        self.view.chosen = self.values[0]
        self.view.stop()
        await interaction.response.edit_message(content=f"You chose {self.values[0]}", view=None)


class PlanetView(discord.ui.View):
    def __init__(self, owner_id: int, interaction: discord.Interaction) -> None:
        super().__init__(timeout=120)
        self.owner_id = owner_id
        self.interaction = interaction  # kept to edit the (ephemeral) original on timeout
        self.chosen: str | None = None
        self.add_item(PlanetSelect())

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.owner_id

    async def on_timeout(self) -> None:
        await self.interaction.edit_original_response(content="Menu expired", view=None)


class PuCog(commands.GroupCog, group_name="pu", group_description="Planet Unknown"):
    def __init__(self, bot: SpikeBot) -> None:
        self.bot = bot
        self.join_lock = asyncio.Lock()
        super().__init__()

    async def cog_load(self) -> None:
        self.deadline_watch.start()

    async def cog_unload(self) -> None:
        self.deadline_watch.cancel()

    # -- plain ephemeral reply + mention -------------------------------------------------
    @app_commands.command(name="hello", description="Say hello (only you see it)")
    async def hello(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hello {interaction.user.mention}!", ephemeral=True)

    # -- defer + followup with PNG + persistent dynamic button ---------------------------
    @app_commands.command(name="image", description="Show a board image")
    @app_commands.describe(game="game id", seat="seat number")
    async def image(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1, 10_000] = 42,
        seat: app_commands.Range[int, 1, 99] = 7,
    ) -> None:
        await interaction.response.defer()
        png = await asyncio.to_thread(render_png, f"{game}:{seat}:0")  # rendering off-loop
        view = discord.ui.View(timeout=None)
        view.add_item(RefreshButton(game, seat))
        await interaction.followup.send(
            f"Board for game {game}, seat {seat}",
            file=discord.File(io.BytesIO(png), filename=f"board-{game}-{seat}.png"),
            view=view,
        )
        await interaction.followup.send("(second followup)", ephemeral=True)

    # -- autocomplete ---------------------------------------------------------------------
    @app_commands.command(name="pick", description="Pick a planet")
    async def pick(self, interaction: discord.Interaction, choice: str) -> None:
        if choice not in PLANETS:
            await interaction.response.send_message(f"Unknown planet {choice!r}", ephemeral=True)
            return
        await interaction.response.send_message(f"{interaction.user.mention} picked {choice}")

    @pick.autocomplete("choice")
    async def pick_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        current = current.lower()
        return [app_commands.Choice(name=p, value=p) for p in PLANETS if current in p.lower()][:25]

    # -- select menu ----------------------------------------------------------------------
    @app_commands.command(name="menu", description="Choose a planet from a menu")
    async def menu(self, interaction: discord.Interaction) -> None:
        view = PlanetView(interaction.user.id, interaction)
        await interaction.response.send_message("Pick one:", view=view, ephemeral=True)

    # -- thread from a message + mention ---------------------------------------------------
    @app_commands.command(name="thread", description="Start a game thread")
    async def thread(self, interaction: discord.Interaction, name: str, opponent: discord.Member) -> None:
        await interaction.response.send_message(f"Starting game **{name}**")
        anchor = await interaction.original_response()
        thread = await anchor.create_thread(name=name, auto_archive_duration=1440)
        await thread.send(
            f"Welcome {interaction.user.mention} and {opponent.mention}! Good luck.",
            # Both names render as mentions, but only the opponent gets a notification.
            allowed_mentions=discord.AllowedMentions(users=[opponent]),
        )

    # -- permission guard -----------------------------------------------------------------
    @app_commands.command(name="admin", description="Admin-only settings")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def admin(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Admin panel opened", ephemeral=True)

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.MissingPermissions):
            await interaction.response.send_message(
                "You need the Manage Server permission to do that.", ephemeral=True
            )

    # -- deadline timer + background loop -------------------------------------------------
    @app_commands.command(name="timer", description="Set a turn deadline")
    async def timer(self, interaction: discord.Interaction, minutes: app_commands.Range[int, 1, 1440]) -> None:
        at = self.bot.clock() + dt.timedelta(minutes=minutes)
        self.bot.store.deadlines.append(
            Deadline(interaction.channel_id or 0, interaction.user.id, 42, at)
        )
        await interaction.response.send_message(
            f"Deadline set for {discord.utils.format_dt(at, 'R')}", ephemeral=True
        )

    @tasks.loop(seconds=30)
    async def deadline_watch(self) -> None:
        now = self.bot.clock()
        due = [d for d in self.bot.store.deadlines if d.at <= now]
        for d in due:
            self.bot.store.deadlines.remove(d)
            channel = self.bot.get_channel(d.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(f"<@{d.user_id}> time is up in game {d.game_id}!")

    @deadline_watch.before_loop
    async def before_deadline_watch(self) -> None:
        await self.bot.wait_until_ready()

    # -- concurrency ----------------------------------------------------------------------
    @app_commands.command(name="join", description="Join game 1")
    async def join(self, interaction: discord.Interaction) -> None:
        lock = self.join_lock if self.bot.store.use_join_lock else contextlib.nullcontext()
        async with lock:
            seats = list(self.bot.store.seats.get(1, []))  # read ...
            if self.bot.store.db is not None:  # ... a real DB round trip (worker thread) ...
                async with self.bot.store.db.execute("SELECT 1") as cursor:
                    await cursor.fetchone()
            await asyncio.sleep(self.bot.store.join_delay)  # ... and/or a timer ...
            if interaction.user.id not in seats:
                seats.append(interaction.user.id)
            self.bot.store.seats[1] = seats  # ... write
        await interaction.response.send_message(
            f"{interaction.user.mention} joined as seat {seats.index(interaction.user.id) + 1}"
        )


class SpikeBot(commands.Bot):
    def __init__(self, store: SpikeStore, clock: Clock) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents)
        self.store = store
        self.clock = clock
        store.boots += 1
        self.boot_id = store.boots  # shows which instance handled an interaction

    async def setup_hook(self) -> None:
        self.add_dynamic_items(RefreshButton)  # persistent buttons: registered on every boot
        await self.add_cog(PuCog(self))
        await self.tree.sync()


def make_bot(store: SpikeStore | None = None, clock: Clock | None = None) -> SpikeBot:
    """Build a fresh, un-started bot. Pass the same ``store`` to simulate a restart."""
    return SpikeBot(store or SpikeStore(), clock or discord.utils.utcnow)
