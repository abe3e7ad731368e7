"""What every game's commands share (cogs/game.py's /pu, cogs/storm.py's /storm): the one error
path that turns ServiceError/EngineError into a short private answer, private answers, the
creator's tools (``host_kick`` ...: the one body of /pu host and /storm host, each cog declaring
its own group over it), the players' panels (a service Panel drawn as discord.ui components by
cogs/ui.py, whose DynamicItem buttons outlive a restart and answer "out of date" with the
current panel), the lobby's buttons, the game's thread. Nothing here knows a game's rules: a game's commands module
gives its lobby's text and buttons (``lobby_text``, ``lobby_view``).

The buttons and menus of cogs/ui.py reach the game cog (cogs.game.GameCog, the one that owns
the outbox and the heartbeat); for a game of another kind it finds that game's commands cog with
``table_for`` (by the kind's ``command``).
"""
from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

import discord
from discord import app_commands

import i18n
from db.errors import DatabaseError
from engine.errors import DataError, EngineError
from i18n import _
from service import Game, GameService, NotInGame, Outcome, ServiceError, StaleControl
from service.panels import HINT

from . import ui
from .client import PUBot
from .posting import GameThreads, missing_permissions

log = logging.getLogger("cogs.game")  # the Discord layer's logger, as before the split
Interaction = discord.Interaction


def is_admin(interaction: Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


def no_one_named_in_dm(interaction: Interaction, named) -> None:
    """A user option (player, member) names a member of the server the command is used in."""
    if named is not None and interaction.guild is None:
        raise ServiceError(_("Naming a player works in a server channel or a game's thread, not in a direct "
                             "message: use the command there."))


def fit_lines(lines: list[str], more: Callable[[int], str], limit: int = 2000) -> str:
    """As many whole lines as fit in one message, then ``more(n)`` (``n``: how many were left
    out). A line is never cut (a cut mention or link shows as garbage)."""
    keep, total = 0, -1
    for line in lines:
        if total + 1 + len(line) > limit:
            break
        keep, total = keep + 1, total + 1 + len(line)
    if keep == len(lines):
        return "\n".join(lines)
    for shown in range(keep, -1, -1):  # room for the last line
        text = "\n".join(lines[:shown] + [more(len(lines) - shown)])
        if len(text) <= limit:
            return text
    return more(len(lines))[:limit]


def clip(text: str, limit: int = 2000) -> str:
    """``text`` within Discord's message limit, cut after a whole line (never inside a mention)."""
    if len(text) <= limit:
        return text
    cut = text.rfind("\n", 0, limit - 2)
    return (text[:cut] if cut > 0 else text[:limit - 2].rsplit(" ", 1)[0]) + "\n…"


def hours_text(value: float) -> str:
    """Hours as the lobby shows them: 12, 1.5 (1,5 in French)."""
    return i18n.number(value) if float(value).is_integer() else i18n.number(value, 2).rstrip("0")


def timing_settings(options: dict) -> list[str]:
    """A lobby's words for its turn timer and reminders (every game's lobby shows them)."""
    return [_("turn timer {hours} h").format(hours=hours_text(options["timer_hours"])) if options["timer_hours"]
            else _("no turn timer"),
            _("reminders after {hours} h").format(hours=hours_text(options["remind_hours"])) if options["remind_hours"]
            else _("no reminders")]


def short(error: BaseException) -> str:
    text = str(error).strip() or _("That did not work.")
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class Answer:
    """What a handler learns on the way that its error answer and its flush need: the game."""
    __slots__ = ("game_id",)

    def __init__(self, game_id: int | None):
        self.game_id = game_id


class Table:
    """Mixed into each game's commands cog (a discord.py Cog): needs ``bot``, ``service``,
    ``threads`` (posting.GameThreads, one per bot) and ``flush_soon(game_id)``."""
    COMMAND = ""  # the game's top-level command as its kind names it (service.kinds: ``command``)
    bot: PUBot
    service: GameService
    threads: GameThreads

    def flush_soon(self, game_id: int) -> None:
        raise NotImplementedError

    def lobby_text(self, game: Game) -> str:
        """The game's lobby message (public: in the game's language)."""
        raise NotImplementedError

    def lobby_view(self, game: Game) -> discord.ui.View:
        """The lobby's buttons (public: in the game's language)."""
        raise NotImplementedError

    async def send_boards(self, interaction: Interaction, game: Game) -> None:
        """The lobby's "choose your boards" answer, for a game that has boards to choose."""
        raise ServiceError(_("That button is not one this bot made."))

    def table_for(self, game: Game) -> Table:
        """The commands cog of ``game``'s kind (this one unless another game's cog claims it)."""
        want = game.kind.command
        if self.COMMAND == want:
            return self
        for cog in self.bot.cogs.values():
            if isinstance(cog, Table) and cog.COMMAND == want:
                return cog
        return self

    # ------------------------------------------------------------------ answering

    async def send_private(self, interaction: Interaction, text: str, *, files=(), view=None,
                           embeds: Sequence[discord.Embed] = ()) -> None:
        """An ephemeral answer, whether or not the interaction was answered or deferred yet."""
        kwargs: dict[str, Any] = {"content": clip(text), "ephemeral": True, "files": list(files)}
        if view is not None:
            kwargs["view"] = view
        if embeds:
            kwargs["embeds"] = list(embeds)
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)

    async def fail(self, interaction: Interaction, error: BaseException, game_id: int | None = None) -> None:
        """One place that turns errors into short private answers."""
        if isinstance(error, StaleControl):
            try:
                outcome = await self.service.panel(error.game_id, interaction.user.id)
                await self.show_panel(interaction, outcome, note=short(error), edit=False)
                return
            except (ServiceError, EngineError) as again:
                error = again
        if isinstance(error, (ServiceError, EngineError, DatabaseError)) and not isinstance(error, DataError):
            text = short(error)  # the player's mistake (a DataError is ours: the apology below)
        elif isinstance(error, app_commands.MissingPermissions):
            text = _("You need the Manage Server permission to do that.")
        else:
            log.exception("unexpected error in game %s", game_id, exc_info=error)
            text = _("Sorry, something went wrong on our side; the game is safe. Please try again.")
        try:
            await self.send_private(interaction, text)
        except discord.HTTPException:
            log.warning("could not deliver an error message to %s", interaction.user.id)

    @contextlib.asynccontextmanager
    async def answering(self, interaction: Interaction, game_id: int | None = None, *,
                        flush: bool = False) -> AsyncIterator[Answer]:
        """The one error path of the handlers: a failure in the block is answered privately
        (``fail``) and goes no further; with ``flush``, the posts the game owes go out
        afterwards, whether the block failed or not. Set ``answer.game_id`` once the game is known.

            async with self.answering(interaction, flush=True) as answer:
                game = await self.here(interaction)
                answer.game_id = game.id
                ...
        """
        answer = Answer(game_id)
        try:
            yield answer
        except Exception as error:  # noqa: BLE001 - every failure gets an answer
            await self.fail(interaction, error, answer.game_id)
        finally:
            if flush and answer.game_id is not None:
                self.flush_soon(answer.game_id)

    async def cog_app_command_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        await self.fail(interaction, getattr(error, "original", error))

    async def here(self, interaction: Interaction) -> Game:
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None)
        game = await self.service.game_here(interaction.channel_id or 0, parent, interaction.user.id,
                                            asked_by=self.COMMAND or None)
        if self.COMMAND and game.kind.command != self.COMMAND:  # another game's thread: its own commands
            raise ServiceError(_("The game here is {title} #{id}: use its commands, {command}.").format(
                title=game.kind.title, id=game.id, command=game.kind.command))
        return game

    # ------------------------------------------------------------------ the creator's tools (/<game> host ...)

    async def host_kick(self, interaction: Interaction, player: discord.User) -> None:
        """``host kick``: remove ``player`` from the lobby here."""
        async with self.answering(interaction):
            no_one_named_in_dm(interaction, player)
            game = await self.here(interaction)
            seat = game.seat_of(player.id)
            if seat is None:
                raise ServiceError(_("{name} is not in this game.").format(name=player.display_name))
            game = await self.service.kick(game.id, interaction.user.id, is_admin(interaction), seat)
            await self.send_private(interaction, _("{name} was removed from game #{game}.").format(
                name=player.display_name, game=game.id))
            await self.refresh_lobby(game)

    async def host_replace(self, interaction: Interaction, seat: int, member: discord.User | None,
                           level: str | None = None) -> None:
        """``host replace``: hand (1-based) ``seat`` to ``member``, or to the computer (at ``level``;
        None: the game's level) when no member is named."""
        async with self.answering(interaction, flush=True) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            no_one_named_in_dm(interaction, member)
            game = await self.here(interaction)
            answer.game_id = game.id
            if member is not None and not isinstance(member, discord.Member):
                raise ServiceError(game.kind.phrase("replace_not_member", name=member.display_name))
            if member is not None and level is not None:
                raise ServiceError(_("A level is for a computer player: name a member, or choose a level "
                                     "and leave the member empty."))
            new = None if member is None else (member.id, member.display_name)
            game = await self.service.replace(game.id, interaction.user.id, is_admin(interaction), seat - 1, new,
                                              level=level)
            await self.send_private(interaction, _("Seat {seat} is now played by {name}.").format(
                seat=seat, name=game.names[seat - 1]))

    async def host_end(self, interaction: Interaction) -> None:
        """``host end``: end the game here now."""
        async with self.answering(interaction, flush=True) as answer:
            game = await self.here(interaction)
            answer.game_id = game.id
            game = await self.service.cancel(game.id, interaction.user.id, is_admin(interaction))
            await self.send_private(interaction, _("Game #{game} is ended.").format(game=game.id))
            await self.refresh_lobby(game)

    async def host_pause(self, interaction: Interaction, paused: bool) -> None:
        """``host pause`` / ``host resume``."""
        await self.host_switch(interaction, self.service.pause, paused,
                               _("Game #{id} is paused.") if paused else _("Game #{id} is resumed."))

    async def host_allow_away(self, interaction: Interaction, allow: bool) -> None:
        """``host allow-away``: may the computer play for players who are away?"""
        await self.host_switch(interaction, self.service.allow_away, allow,
                               _("Away mode is allowed in game #{id}.") if allow else
                               _("Away mode is off in game #{id}."))

    async def host_switch(self, interaction: Interaction, switch, on: bool, done: str) -> None:
        """A creator's on/off switch for the game here (``switch(game_id, user, is_admin, on)``
        of the service), answered privately with ``done``."""
        async with self.answering(interaction, flush=True) as answer:
            game = await self.here(interaction)
            answer.game_id = game.id
            game = await switch(game.id, interaction.user.id, is_admin(interaction), on)
            await self.send_private(interaction, done.format(id=game.id))

    # ------------------------------------------------------------------ panels

    async def show_panel(self, interaction: Interaction, outcome: Outcome, *, note: str = "", edit: bool = False) -> None:
        panel = outcome.panel
        assert panel is not None, "show_panel is given the outcome of a seat's own request, which has its panel"
        png = await self.service.render_panel(panel)
        files = ui.png_file(png, f"game-{panel.game_id}-seat-{panel.seat + 1}.png")
        deadline = await self.service.deadline_note(panel.game_id, panel.seat) if not panel.done else ""
        text = (note + "\n" if note else "") + panel.text + ("\n" + deadline if deadline else "")
        view = ui.panel_view(panel)
        embeds = ui.panel_embeds(panel)  # the guided game's lessons and hint, beside the text
        if edit:  # an edit replaces the embeds too: none left from a panel before
            await interaction.edit_original_response(content=clip(text), attachments=files, view=view, embeds=embeds)
        else:
            await self.send_private(interaction, text, files=files, view=view, embeds=embeds)

    async def open_panel(self, interaction: Interaction, game_id: int | None = None) -> None:
        async with self.answering(interaction, game_id) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            if answer.game_id is None:
                answer.game_id = (await self.here(interaction)).id
            outcome = await self.service.panel(answer.game_id, interaction.user.id)
            await self.show_panel(interaction, outcome)

    async def panel_click(self, interaction: Interaction, game_id: int, seat: int, stamp: str, verb: str) -> None:
        async with self.answering(interaction, game_id, flush=True):
            message = interaction.message
            if message is None or not message.flags.ephemeral:  # panels are only ever private
                command = (await self.service.load(game_id)).kind.command
                raise NotInGame(_("These controls only work on your own private panel: use {command} play.").format(
                    command=command))
            if verb == HINT:  # answered apart, in a message of its own: the panel stays as it is
                await interaction.response.defer(ephemeral=True, thinking=True)
                await self.send_hint(interaction, game_id)
                return
            await interaction.response.defer()  # the panel message itself is edited
            outcome = await self.service.control(game_id, interaction.user.id, seat, stamp, verb)
            note = ""
            if outcome.played:
                note = f"✔ {outcome.played[0]}"
            await self.show_panel(interaction, outcome, note=note, edit=True)

    async def send_hint(self, interaction: Interaction, game_id: int) -> None:
        """The hint, privately: its text and the placement's preview (nothing in the thread)."""
        found = await self.service.hint(game_id, interaction.user.id)
        png = await self.service.render(found.image[0], *found.image[1], **found.image[2]) if found.image else None
        await self.send_private(interaction, found.text, files=ui.png_file(png, f"game-{game_id}-hint.png"))

    async def lobby_click(self, interaction: Interaction, game_id: int, verb: str) -> None:
        user = interaction.user
        async with self.answering(interaction, game_id, flush=True):
            if verb == "join":
                game = await self.service.join(game_id, user.id, user.display_name)
            elif verb == "leave":
                game = await self.service.leave(game_id, user.id)
            elif verb in ("bot", "boteasy", "bothard") or verb.startswith("crew"):
                # the bot's default level, easy, hard; crew<level>: the lobby's level menu (``crew``: default)
                level = verb[3:] if verb.startswith("bot") else verb[4:]
                await self.service.check_manager(game_id, user.id, is_admin(interaction))
                await interaction.response.defer()
                game = await self.service.add_bot(game_id, user.id, is_admin(interaction), level or None)
            elif verb == "start":
                await self.service.check_manager(game_id, user.id, is_admin(interaction))
                await interaction.response.defer()
                game = await self.service.start(game_id, user.id, is_admin(interaction))
            elif verb == "cancel":
                game = await self.service.cancel(game_id, user.id, is_admin(interaction))
            elif verb == "boards":
                game = await self.service.load(game_id)
                await self.table_for(game).send_boards(interaction, game)
                return
            else:
                raise ServiceError(_("That button is not one this bot made."))
            table = self.table_for(game)  # the lobby as its game's commands show it
            content, view = table.lobby_text(game), table.lobby_view(game)
            if interaction.response.is_done():
                await interaction.edit_original_response(content=content, view=view)
            else:
                await interaction.response.edit_message(content=content, view=view)

    async def warn_permissions(self, interaction: Interaction, game: Game) -> None:
        """Tell the game's creator, privately and at once, what the bot may not do here (in the
        game's words: what of its posts waits)."""
        missing = missing_permissions(interaction.channel) if interaction.channel is not None else []
        if missing:
            await interaction.followup.send(game.kind.phrase("missing_permissions", permissions=", ".join(missing)),
                                            ephemeral=True)

    async def make_thread(self, game: Game, message: discord.Message) -> None:
        """The game's thread, where the bot may open one (posting.GameThreads); else its posts go
        to the channel."""
        try:
            thread = await self.threads.open(message, f"{game.kind.title} #{game.id}")
        except discord.HTTPException as error:
            log.warning("game %s: no thread (%s); posts go to the channel", game.id, error)
            return
        if thread is not None:
            await self.service.set_thread(game.id, thread.id)

    async def refresh_lobby(self, game: Game) -> None:
        row = await self.service.repo.get_message(game.id, "lobby")
        if row is None:
            return
        table = self.table_for(game)
        content, view = table.lobby_text(game), table.lobby_view(game)
        try:
            channel = self.bot.get_channel(row.channel_id) or await self.bot.fetch_channel(row.channel_id)
            # the lobby message was posted there by its create command: a channel that takes messages
            assert isinstance(channel, (discord.TextChannel, discord.Thread, discord.VoiceChannel, discord.StageChannel))
            try:
                await channel.get_partial_message(row.message_id).edit(content=content, view=view)
            except discord.NotFound:  # somebody deleted it: post it again
                message = await channel.send(content, view=view, allowed_mentions=discord.AllowedMentions.none())
                await self.service.repo.set_message(game.id, "lobby", channel.id, message.id)
        except discord.HTTPException as error:
            log.info("game %s: lobby message not updated (%s)", game.id, error)
