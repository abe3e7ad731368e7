"""The players' commands under /pu: profile, leaderboard, records and export (a game's replay file, or statistics). Thin over
service/players.py; the profile image is drawn in the worker pool (GameService.render).

They join the /pu group of cogs.game (loaded first). Leaderboard pages turn with buttons that
outlive a restart (DynamicItem), custom id ``pulb:<kind>:<period>:<scope>:<page>``.

Privacy: in a server, a profile covers that server's games only (everyone reading it is there);
in a DM, one's own games, or the DM games shared with the other player. Global boards list only
players who opted in with /pu profile global_board:true, and show no server names.
"""
from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import discord
from discord import Interaction, app_commands
from discord.ext import commands

from i18n import N_, _, ngettext, use
from service import players as P
from service.outcomes import you_line

from .language import SpeaksToUser, public_language

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()
KIND_CHOICES = [app_commands.Choice(name=P.BOARD_TITLES[k], value=k) for k in P.BOARD_KINDS]
PERIOD_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in
                  ((N_("all time"), "all"), (N_("today"), "today"), (N_("this week"), "week"))]
SCOPE_CHOICES = [app_commands.Choice(name=N_("this server"), value="server"),
                 app_commands.Choice(name=N_("global (players who opted in)"), value="global")]
EXPORT_CHOICES = [app_commands.Choice(name=N_("the game's replay file"), value="game"),
                  app_commands.Choice(name=N_("my statistics (CSV)"), value="stats")]
# names shown translated, where shown
RECORD_NAMES = {"total": N_("Highest total"), "lifepods": N_("Most lifepods"), "streak": N_("Longest win streak"),
                "fastest": N_("Fastest finished game with others"), **{c: "" for c in P.CATEGORIES}}


def record_name(key: str) -> str:
    if key in P.CATEGORY_NAMES:
        return _("Highest {category} ({name})").format(category=key, name=_(P.CATEGORY_NAMES[key]))
    return _(RECORD_NAMES[key])


def global_name(user: discord.abc.User) -> str:
    """The name a user shows on global boards: their Discord global name (or user name), never
    a server nickname (Member.display_name is one)."""
    return user.global_name or user.name


def cog_of(interaction: Interaction) -> PlayersCog:
    cog = interaction.client.get_cog("PlayersCog") if isinstance(interaction.client, commands.Bot) else None
    assert isinstance(cog, PlayersCog), "the players' commands answer only on the bot that loaded them"
    return cog


def clip(text: str, limit: int = 2000) -> str:
    if len(text) <= limit:
        return text
    return text[:text.rfind("\n", 0, limit - 1)] + "\n…"


class BoardPage(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Button],
                template=r"pulb:(?P<kind>[a-z]{1,6}):(?P<period>[a-z]{1,5}):(?P<scope>[gs]):(?P<page>[0-9]{1,4}):(?P<dir>[pn])"):
    """Previous / next page of a leaderboard."""

    def __init__(self, kind: str, period: str, scope: str, page: int, direction: str, *, disabled: bool = False):
        label = _("◀ Previous") if direction == "p" else _("Next ▶")
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"pulb:{kind}:{period}:{scope}:{page}:{direction}"))
        self.kind, self.period, self.scope, self.page = kind, period, scope, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["kind"], match["period"], match["scope"], int(match["page"]), match["dir"])

    async def callback(self, interaction: Interaction) -> None:
        await cog_of(interaction).turn_page(interaction, self.kind, self.period, self.scope, self.page)


DYNAMIC_ITEMS = (BoardPage,)


class PlayersCog(commands.Cog):
    def __init__(self, bot: commands.Bot, service, answering: Callable[[Interaction], AbstractAsyncContextManager]):
        self.bot = bot
        self.service = service
        self._answering = answering  # GameCog.answering (cogs.game imports this module, not back)
        self.players: P.Players = service.players

    async def cog_load(self) -> None:
        from service import ratings
        # first start after migration 0004: replayed in the worker pool, claimed in the database
        # (of processes starting together, one rebuilds)
        count = await ratings.rebuild_if_missing(self.players.repo.db, self.service.executor)
        if count is not None:
            log.info("ratings rebuilt from %d finished game(s)", count)

    def answering(self, interaction: Interaction) -> AbstractAsyncContextManager:
        """The game cog's one error path (GameCog.answering): a player's mistake gets its short
        private answer and is not logged; a fault of ours gets the apology and is logged."""
        return self._answering(interaction)

    @staticmethod
    async def private(interaction: Interaction, text: str, **kwargs) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(clip(text), ephemeral=True, allowed_mentions=NONE, **kwargs)
        else:
            await interaction.response.send_message(clip(text), ephemeral=True, allowed_mentions=NONE, **kwargs)

    # ------------------------------------------------------------------ profile

    async def profile(self, interaction: Interaction, member: discord.User | None, autopilot: bool,
                      global_board: bool | None) -> None:
        async with self.answering(interaction):
            subject = member or interaction.user
            if global_board is not None:
                if subject.id != interaction.user.id:
                    await self.private(interaction, _("You can only change your own global-board setting."))
                    return
                await self.players.set_global(subject.id, global_board, global_name(interaction.user))
            elif subject.id == interaction.user.id:
                await self.players.note_global_name(subject.id, global_name(interaction.user))
            if interaction.guild is not None and not isinstance(subject, discord.Member):
                await self.private(interaction, _("{name} is not a member of this server, so their "
                                                  "profile is not shown here.").format(name=subject.display_name))
                return
            await interaction.response.defer(ephemeral=interaction.guild is None, thinking=True)
            scope = P.scope_for(interaction.user.id, subject.id, interaction.guild_id)
            profile = await self.players.profile(subject.id, scope, include_autopilot=autopilot)
            with use(public_language(interaction)):  # in a server everybody reads it
                # the other games' parts (Solar Storm's: service.outcome_profiles), after Planet Unknown's
                others = await self.service.outcome_profiles(subject.id, scope)
                await self.show_profile(interaction, subject, profile, global_board, others)

    async def show_profile(self, interaction: Interaction, subject: discord.abc.User, profile: dict | None,
                           global_board: bool | None, others: list[dict] | None = None) -> None:
        """The profile's public part (in a server: in the server's language); ``others``: the
        other games' parts (service.outcome_profiles: a text and a section of the image)."""
        note = ""
        if global_board is not None:
            note = (_("You are now listed on global leaderboards.") if global_board
                    else _("You are no longer listed on global leaderboards.")) + "\n"
        extra = "".join("\n\n" + part["text"] for part in others or ())
        sections = [part["section"] for part in others or () if part["section"]]
        if profile is None and extra:  # no Planet Unknown game there: the other games' parts alone
            await interaction.followup.send(clip(note + f"**{subject.display_name}**" + extra), allowed_mentions=NONE)
            return
        if profile is None:
            none = (_("{name} has no finished game in this server. Finish a game (or /pu daily) and come back!")
                    if interaction.guild is not None else
                    _("{name} has no finished game yet. Finish a game (or /pu daily) and come back!")
                    if subject.id == interaction.user.id else
                    _("{name} has no finished game in direct-message games you both played. Finish a game "
                      "(or /pu daily) and come back!"))
            await interaction.followup.send(note + none.format(name=subject.display_name), allowed_mentions=NONE)
            return
        where = interaction.guild.name if interaction.guild is not None else _("all games")
        image = await self.service.render("profile", profile, subject.display_name, subtitle=where[:40],
                                          **({"sections": sections} if sections else {}))
        await interaction.followup.send(clip(note + P.profile_text(subject.display_name, profile) + extra),
                                        file=discord.File(io.BytesIO(image), "profile.png"),
                                        allowed_mentions=NONE)

    # ------------------------------------------------------------------ leaderboards

    def board_text(self, board: dict, scope: str) -> str:
        kind = board["kind"]
        title = _(P.BOARD_TITLES[kind])
        if board["kind"] == "daily":
            title += " " + {"all": _("(best, all time)"), "today": _("(today)"), "week": _("(this week)")}[board["period"]]
        where = _("global, players who opted in") if scope == "g" else _("this server")
        lines = [_("**{title}**: {where}. Page {page}/{pages}.").format(
            title=title, where=where, page=board['page'] + 1, pages=board['pages'])]
        for rank, _user, name, value, games in board["rows"]:
            lines.append(P.board_row(kind, rank, name, value, games))
        if board.get("you"):  # the reader, below the page: their own row, public on this board anyway
            rank, _user, name, value, games = board["you"]
            lines.append(you_line(P.board_row(kind, rank, name, value, games), rank, board["count"]))
        return "\n".join(lines)

    def board_view(self, board: dict, scope: str) -> discord.ui.View | None:
        if board["pages"] <= 1:
            return None
        view = discord.ui.View(timeout=None)
        page = board["page"]
        view.add_item(BoardPage(board["kind"], board["period"], scope, max(page - 1, 0), "p", disabled=page == 0))
        view.add_item(BoardPage(board["kind"], board["period"], scope, min(page + 1, board["pages"] - 1), "n",
                                disabled=page + 1 >= board["pages"]))
        return view

    async def leaderboard(self, interaction: Interaction, kind: str | None, period: str, scope: str) -> None:
        if kind is None:  # the daily challenge: today and the best ever (the first leaderboard)
            await self.daily_board(interaction)
            return
        async with self.answering(interaction):
            if kind not in P.BOARD_KINDS or period not in P.PERIODS or scope not in ("server", "global"):
                await self.private(interaction, _("Choose a kind and a period from the lists."))
                return
            if scope == "server" and interaction.guild_id is None:
                await self.private(interaction, _("Server leaderboards are shown in a server; in a DM use "
                                                  "scope: global, or /pu profile for your own numbers."))
                return
            if scope == "global" and not await self.players.global_opt_in(interaction.user.id):
                await self.private(interaction, _("Global leaderboards are for players listed on them: turn it on "
                                                  "with /pu profile global_board:True."))
                return
            await interaction.response.defer()
            with use(public_language(interaction)):  # everybody in the channel reads it
                code = "g" if scope == "global" else "s"
                board = await self.players.board(kind, period, None if code == "g" else interaction.guild_id,
                                                 user_id=interaction.user.id)
                if not board["rows"]:
                    await interaction.followup.send(_("Nobody is on this leaderboard yet: finish a game and come back!"))
                    return
                view = self.board_view(board, code)
                if view is not None:
                    await interaction.followup.send(self.board_text(board, code), allowed_mentions=NONE, view=view)
                else:
                    await interaction.followup.send(self.board_text(board, code), allowed_mentions=NONE)

    async def turn_page(self, interaction: Interaction, kind: str, period: str, scope: str, page: int) -> None:
        async with self.answering(interaction):
            if kind not in P.BOARD_KINDS or period not in P.PERIODS or (scope == "s" and interaction.guild_id is None):
                await self.private(interaction, _("This leaderboard is out of date; ask for a new one with "
                                                  "/pu leaderboard."))
                return
            if scope == "g" and not await self.players.global_opt_in(interaction.user.id):
                await self.private(interaction, _("Global leaderboards are for players listed on them: turn it on "
                                                  "with /pu profile global_board:True."))
                return
            await interaction.response.defer()
            with use(public_language(interaction)):  # everybody in the channel reads it
                board = await self.players.board(kind, period, None if scope == "g" else interaction.guild_id, page)
                if page >= board["pages"]:
                    board = await self.players.board(kind, period, None if scope == "g" else interaction.guild_id,
                                                     board["pages"] - 1)
                await interaction.edit_original_response(content=self.board_text(board, scope),
                                                         view=self.board_view(board, scope), allowed_mentions=NONE)

    async def daily_board(self, interaction: Interaction) -> None:
        async with self.answering(interaction):
            await interaction.response.defer()  # the database may be busy: answer within 3 s regardless
            with use(public_language(interaction)):  # everybody in the channel reads it
                board = await self.service.leaderboard(interaction.guild_id, user_id=interaction.user.id)
                if board["mine"]:
                    lines = [_("**Daily challenge {day}: your own results.** Outside a server only your "
                               "own results are shown; use /pu leaderboard in a server to see its ranking.").format(
                        day=board['day'])]
                    lines += [_("Today: {medals}").format(medals=P.medals(e['total'])) for e in board["today"]] or [
                        _("You have not finished today's challenge yet: /pu daily.")]
                else:
                    lines = [_("**Daily challenge {day}**: {n} finished so far.").format(
                        day=board['day'], n=board['players_today'])]
                    lines += [P.board_row("daily", i, e['name'], e['total'], 1)
                              for i, e in enumerate(board["today"], 1)] or [
                        _("Nobody has finished today's challenge yet: /pu daily.")]
                    you = board.get("you")
                    if you:  # the reader, below the top: their own row, public on this board anyway
                        lines.append(you_line(P.board_row("daily", you["rank"], you["name"], you["total"], 1),
                                              you["rank"], board["players_today"]))
                if board["best"]:
                    lines.append(_("**Your best:**") if board["mine"] else _("**Best ever:**"))
                    lines += [_("{row} ({day})").format(row=P.board_row("daily", i, e['name'], e['total'], 1),
                                                        day=e['day']) for i, e in enumerate(board["best"], 1)]
                await interaction.followup.send(clip("\n".join(lines)), allowed_mentions=NONE)

    async def rated_autopilot(self, interaction: Interaction, allow: bool) -> None:
        async with self.answering(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel = interaction.channel
            game = await self.service.game_here(interaction.channel_id or 0, getattr(channel, "parent_id", None),
                                                interaction.user.id)
            perms = getattr(interaction.user, "guild_permissions", None)
            text = await P.allow_autopilot_rating(self.service, game.id, interaction.user.id,
                                                  bool(perms and perms.manage_guild), allow)
            await interaction.followup.send(text, ephemeral=True)

    # ------------------------------------------------------------------ records and export

    async def records(self, interaction: Interaction) -> None:
        async with self.answering(interaction):
            if interaction.guild_id is None:
                await self.private(interaction, _("Records are kept per server: use /pu records in a server."))
                return
            await interaction.response.defer()
            with use(public_language(interaction)):  # everybody in the channel reads it
                records = await self.players.records(interaction.guild_id)
                if not records:
                    await interaction.followup.send(_("No finished game in this server yet: the first one sets every "
                                                      "record!"))
                    return
                lines = [_("**Server records**")]
                for key in RECORD_NAMES:
                    if key in records:
                        who, value, game_id = records[key]
                        shown = P.duration(value) if key == "fastest" else value
                        if key == "streak":
                            line = _("{record}: {value} by {who}")
                        elif key == "fastest":
                            line = _("{record}: {value}, {who}")
                        else:
                            line = _("{record}: {value} by {who} (game #{game})")
                        lines.append(line.format(record=record_name(key), value=shown, who=who, game=game_id))
                await interaction.followup.send(clip("\n".join(lines)), allowed_mentions=NONE)

    async def export(self, interaction: Interaction, what: str, number: int | None) -> None:
        """/pu export: the game's replay file (default) or the user's finished games as CSV."""
        async with self.answering(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            if what == "stats":
                await self.export_stats(interaction)
                return
            await self.export_game(interaction, number)

    async def export_stats(self, interaction: Interaction) -> None:
        text = await self.players.export_csv(interaction.user.id)
        if text.count("\n") <= 1:
            await interaction.followup.send(_("You have no finished game yet, so there is nothing to export."),
                                            ephemeral=True)
            return
        await interaction.followup.send(_("Your finished games (one row per game):"), ephemeral=True,
                                        file=discord.File(io.BytesIO(text.encode()), "planet-unknown-stats.csv"))

    async def export_game(self, interaction: Interaction, number: int | None) -> None:
        """The replay file of the game of this thread (or game ``number`` of this server, or one
        the user played), once it is over."""
        user = interaction.user.id
        if number is None:
            channel = interaction.channel
            game = await self.service.game_here(interaction.channel_id or 0, getattr(channel, "parent_id", None), user)
        else:
            game = await self.service.load(number)
        _game, record = await self.service.export_record(game.id, user, guild_id=interaction.guild_id)
        data = json.dumps(record, separators=(",", ":")).encode()
        moves = len(record["actions"])
        await interaction.followup.send(
            ngettext("Game #{id} as a replay file ({n} move). Replay it with `python -m engine.replay "
                     "game-{id}.json`; attach it to a bug report (see the README).",
                     "Game #{id} as a replay file ({n} moves). Replay it with `python -m engine.replay "
                     "game-{id}.json`; attach it to a bug report (see the README).", moves).format(id=game.id, n=moves),
            ephemeral=True, file=discord.File(io.BytesIO(data), f"game-{game.id}.json"))


# ---------------------------------------------------------------------- the /pu commands

def make_commands() -> list[app_commands.Command]:
    """The commands, made fresh for each bot (a command belongs to one /pu group)."""

    @app_commands.command(name="profile", description="A player's statistics, rating and recent games")
    @app_commands.describe(member="whose profile (default: yours)",
                           autopilot="count games the autopilot finished for them (default: yes)",
                           global_board="list yourself on global leaderboards (yes/no)")
    async def profile_command(interaction: Interaction, member: discord.User | None = None, autopilot: bool = True,
                              global_board: bool | None = None) -> None:
        await cog_of(interaction).profile(interaction, member, autopilot, global_board)

    @app_commands.command(name="leaderboard", description="Leaderboards: daily challenge (default), rating, wins, best totals")
    @app_commands.describe(kind="which ranking (default: today's daily challenge and the best ever)",
                           period="daily challenge: today, this week or all time", scope="this server or global")
    @app_commands.choices(kind=KIND_CHOICES, period=PERIOD_CHOICES, scope=SCOPE_CHOICES)
    async def leaderboard_command(interaction: Interaction, kind: str | None = None, period: str = "all",
                                  scope: str = "server") -> None:
        await cog_of(interaction).leaderboard(interaction, kind, period, scope)

    @app_commands.command(name="records", description="This server's records: highest totals, streaks, fastest game")
    async def records_command(interaction: Interaction) -> None:
        await cog_of(interaction).records(interaction)

    @app_commands.command(name="export", description="A finished game's replay file, or your statistics (only you see it)")
    @app_commands.describe(what="the game's replay file (default) or your finished games as a CSV file",
                           number="the game's number (default: the game of this thread)")
    @app_commands.choices(what=EXPORT_CHOICES)
    async def export_command(interaction: Interaction, what: str = "game",
                             number: app_commands.Range[int, 1, 2**31 - 1] | None = None) -> None:
        await cog_of(interaction).export(interaction, what, number)

    @app_commands.command(name="rated-autopilot",
                          description="Creator: is this game rated if the autopilot plays a seat for most rounds?")
    @app_commands.describe(allow="yes: still rated; no (default): unrated if the autopilot plays a seat over half the rounds")
    async def rated_autopilot_command(interaction: Interaction, allow: bool) -> None:
        await cog_of(interaction).rated_autopilot(interaction, allow)

    return [profile_command, leaderboard_command, records_command, export_command, rated_autopilot_command]


HOST_COMMANDS = ("rated-autopilot",)  # these go in the /pu host group (cogs.game), the others in /pu


async def setup(bot: commands.Bot) -> None:
    service = getattr(bot, "service", None)
    game_cog = bot.get_cog("GameCog")
    if service is None or game_cog is None:
        raise RuntimeError("cogs.players loads after cogs.game, with bot.service set")
    for item in DYNAMIC_ITEMS:
        bot.add_dynamic_items(item)
    await bot.add_cog(PlayersCog(bot, service, game_cog.answering))  # type: ignore[attr-defined]
    group = game_cog.app_command
    assert group is not None, "GameCog is the /pu group cog"
    host = group.get_command("host")
    assert isinstance(host, app_commands.Group), "GameCog has the /pu host group"
    for command in make_commands():
        (host if command.name in HOST_COMMANDS else group).add_command(command, override=True)


async def teardown(bot: commands.Bot) -> None:
    game_cog = bot.get_cog("GameCog")
    group = None if game_cog is None else game_cog.app_command
    if group is not None:
        for name in ("profile", "leaderboard", "records", "export"):
            group.remove_command(name)
        host = group.get_command("host")
        if isinstance(host, app_commands.Group):
            for name in HOST_COMMANDS:
                host.remove_command(name)
