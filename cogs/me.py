"""/me: the commands about the person rather than a game (issue 53), for all of the user's games of
every kind (Planet Unknown and Solar Storm): one set of settings, one away spell, one list of open
games, one profile.

    /me settings [...]   the user's own settings panel (reminder delay, quiet hours, reminders by
                         DM, the new-round ping, language), applied to every game of theirs
    /me away / back      away mode: the computer plays the user's seats in all their games
    /me games            the user's open games of every kind: whose move, and a link to each thread
    /me profile [member] the same profile as /pu profile (cogs/players.py)

Thin over the service (service/_async.py: settings and away mode, GameService.games_of and
``waiting_text``), like the games' commands; errors go through the game cog's one error path
(cogs.table.Table.answering). The settings panel's menus and buttons (cogs/ui.py, custom ids
``pux:``/``puy:``) are answered here (``settings_click``).
"""
from __future__ import annotations

from typing import Any, Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands

from i18n import _, ngettext, use
from service import GameService, ServiceError
from service.settings import round_ping_label, zone_suggestions

from . import ui
from .client import PUBot
from .game import GameCog
from .language import language_of
from .table import fit_lines

Interaction = discord.Interaction


class ShowsProfiles(Protocol):
    """What /me profile calls on cogs/players.py's PlayersCog (loaded before this cog; found by
    name: an extension's module is loaded afresh, so its classes are not this module's to import)."""

    async def profile(self, interaction: Interaction, member: discord.User | None, autopilot: bool,
                      global_board: bool | None) -> None: ...


class MeCog(commands.GroupCog, group_name="me",
            group_description="Your own settings, away mode, open games and profile, for all your games"):

    def __init__(self, bot: PUBot, service: GameService, game_cog: GameCog):
        self.bot = bot
        self.service = service
        self.game_cog = game_cog  # its one error path, private answers and outbox poster
        super().__init__()

    def answering(self, interaction: Interaction):
        return self.game_cog.answering(interaction)

    async def send_private(self, interaction: Interaction, text: str, **kwargs) -> None:
        await self.game_cog.send_private(interaction, text, **kwargs)

    async def cog_app_command_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        await self.game_cog.fail(interaction, getattr(error, "original", error))

    # ------------------------------------------------------------------ settings

    async def settings_panel(self, mine) -> tuple[str, discord.ui.View]:
        """The settings panel's text and controls, in the words of each game the person plays (the
        away and new-round ping lines, and the ping's button)."""
        kinds = await self.service.kinds_of_user(mine.user_id)
        lines = [_("**Your settings** (all your games, in every server):")]
        lines += [f"• {line}" for line in mine.describe(self.service.clock(), kinds)]
        lines.append(_("Type /me settings time_zone:... for your time zone (quiet hours follow it)."))
        return "\n".join(lines), ui.settings_view(mine, round_ping_label(mine.round_ping, kinds))

    @app_commands.command(name="settings", description="Your own settings for all your games: reminders, quiet hours")
    @app_commands.describe(reminder_hours="hours before you are reminded: 1-48, 0 for none, -1 for each game's own",
                           quiet_start="start of quiet hours (no pings), 0-23 in your time zone",
                           quiet_end="quiet hours end, an hour 0-23", time_zone="your time zone, e.g. Europe/Paris",
                           reminders_by="reminders in the game's thread or as a direct message",
                           round_ping="Planet Unknown: ping me when a new round opens (in Solar Storm, my turn always pings me)",
                           language="the bot's language for you")
    @app_commands.choices(reminders_by=[app_commands.Choice(name="a mention in the game's thread", value="thread"),
                                        app_commands.Choice(name="a direct message with a link", value="dm")],
                          language=[app_commands.Choice(name="as in Discord", value="discord"),
                                    app_commands.Choice(name="English", value="en"),
                                    app_commands.Choice(name="Français", value="fr")])
    async def settings(self, interaction: Interaction, reminder_hours: float | None = None,
                       quiet_start: int | None = None, quiet_end: int | None = None, time_zone: str | None = None,
                       reminders_by: str | None = None, round_ping: bool | None = None,
                       language: str | None = None) -> None:
        async with self.answering(interaction):
            user = interaction.user.id
            changes: dict[str, Any] = {}
            if reminder_hours is not None:
                changes["remind_hours"] = None if reminder_hours == -1 else reminder_hours
            if time_zone is not None:
                changes["time_zone"] = time_zone
            if quiet_start is not None or quiet_end is not None:
                mine = await self.service.settings_for(user)
                start = quiet_start if quiet_start is not None else mine.quiet_start
                end = quiet_end if quiet_end is not None else mine.quiet_end
                if start is None or end is None:
                    raise ServiceError(_("Quiet hours: give both quiet_start and quiet_end, hours from 0 to 23 "
                                         "(e.g. 22 and 7)."))
                changes["quiet_hours"] = (start, end)
            if reminders_by is not None:
                changes["remind_dm"] = reminders_by == "dm"
            if round_ping is not None:
                changes["round_ping"] = round_ping
            if language is not None:
                changes["language"] = language
            mine = await (self.service.update_settings(user, **changes) if changes
                          else self.service.settings_for(user))
            with use(language_of(mine, interaction)):  # the language just chosen, if one was
                text, view = await self.settings_panel(mine)
                await self.send_private(interaction, text, view=view)

    @settings.autocomplete("time_zone")
    async def time_zones(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            return [app_commands.Choice(name=z, value=z) for z in zone_suggestions(current)]
        except Exception:  # noqa: BLE001 - autocomplete must never fail loudly
            return []

    async def settings_click(self, interaction: Interaction, field: str, value: str) -> None:
        """A menu or button of the settings panel (cogs/ui.py): the clicker's own settings."""
        async with self.answering(interaction):
            user = interaction.user.id
            mine = await self.service.settings_for(user)
            if field == "remind":
                changes: dict[str, Any] = {"remind_hours": None if value == "game" else float(value)}
            elif field == "qs":
                if value == "none":
                    changes = {"quiet_hours": None}
                else:
                    start = int(value)
                    end = mine.quiet_end if mine.quiet_end is not None and mine.quiet_end != start else (start + 8) % 24
                    changes = {"quiet_hours": (start, end)}
            elif field == "qe":
                end = int(value)
                start = mine.quiet_start if mine.quiet_start is not None else (end - 8) % 24
                if start == end:
                    raise ServiceError(_("Quiet hours: the start and the end must differ (e.g. 22 to 7)."))
                changes = {"quiet_hours": (start, end)}
            elif field == "lang":
                changes = {"language": value}
            elif field == "dm":
                changes = {"remind_dm": not mine.remind_dm}
            elif field == "round":
                changes = {"round_ping": not mine.round_ping}
            else:
                raise ServiceError(_("That control is not one this bot made."))
            mine = await self.service.update_settings(user, **changes)
            with use(language_of(mine, interaction)):  # the language just chosen, if one was
                text, view = await self.settings_panel(mine)
                await interaction.response.edit_message(content=text, view=view)

    # ------------------------------------------------------------------ away mode

    @app_commands.command(name="away", description="Away for a while: the computer plays your seats in all your games")
    @app_commands.describe(days="how many days (1-60)", until="or until a date, e.g. 2026-12-24 (in your time zone)")
    async def away(self, interaction: Interaction, days: int | None = None, until: str | None = None) -> None:
        async with self.answering(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            mine, played, refused = await self.service.go_away(interaction.user.id, days, until)
            for game_id in played:
                self.game_cog.flush_soon(game_id)
            until_at = int(mine.away_until or 0)
            lines = [_("🌴 You are away until <t:{t}:f> (<t:{t}:R>). /me back (or any move of yours) ends it.").format(
                t=until_at)]
            lines += await self.service.away_lines(played)
            if refused:
                lines.append(_("Away mode is off in: {games} (their creator chose so): your seat there waits "
                               "for you.").format(games=", ".join(f"#{g}" for g in refused)))
            await self.send_private(interaction, "\n".join(lines))

    @app_commands.command(name="back", description="Back from away: your seats are yours again")
    async def back(self, interaction: Interaction) -> None:
        async with self.answering(interaction):
            await self.service.come_back(interaction.user.id)
            await self.send_private(interaction, _("Welcome back! Your seats are yours again in all your games."))

    # ------------------------------------------------------------------ games and profile

    @app_commands.command(name="games", description="Your open games of every kind: whose move, and a link to each")
    async def games(self, interaction: Interaction) -> None:
        async with self.answering(interaction):
            user = interaction.user.id
            games = await self.service.games_of(user)
            if not games:
                await self.send_private(interaction, _("You have no open game. Start one with /pu create, /pu solo, "
                                                       "/storm create or /storm solo."))
                return
            lines = []
            for g in games:
                line = g.kind.phrase("games_line", status=self.service.status_text(g).splitlines()[0])
                waiting = self.service.waiting_text(g, user)
                if waiting:
                    line += " " + waiting
                if g.channel_id and g.row.guild_id is None:  # direct messages: a link there does not render
                    line += " " + _("(in your DMs)")
                elif g.channel_id:
                    line += f" <#{g.channel_id}>"
                lines.append(line)
            await self.send_private(interaction, fit_lines(lines, lambda n: ngettext(
                "…and {n} more game: the status command in a game's thread shows one.",
                "…and {n} more games: the status command in a game's thread shows one.", n).format(n=n)))

    @app_commands.command(name="profile", description="A player's statistics, rating and recent games")
    @app_commands.describe(member="whose profile (default: yours)")
    async def profile(self, interaction: Interaction, member: discord.User | None = None) -> None:
        # the very profile of /pu profile (its defaults: games the autopilot finished count, the
        # global-board setting unchanged), found by name as the buttons find their cog (cogs/ui.py)
        shows = cast(ShowsProfiles, self.bot.get_cog("PlayersCog"))
        await shows.profile(interaction, member, True, None)


def settings_answered_by(cog: ui.SettingsControls) -> None:
    """mypy checks that MeCog has what the settings panel's menus and buttons call."""


async def setup(bot: commands.Bot) -> None:
    game_cog = bot.get_cog("GameCog")
    if not isinstance(bot, PUBot) or not isinstance(game_cog, GameCog) or bot.get_cog("PlayersCog") is None:
        raise RuntimeError("cogs.me loads after cogs.game and cogs.players on a bot.make_bot bot")
    cog = MeCog(bot, bot.service, game_cog)
    await bot.add_cog(cog)
    settings_answered_by(cog)
