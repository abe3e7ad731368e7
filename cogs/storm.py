"""The /storm commands: Solar Storm, the cooperative game, played in a server's thread or alone.

Thin over the same game service as /pu (service.kinds.solar_storm is the game's kind; its
panels, turn logs, reminders and timers come from the service). What both games' commands share
(the error path, private answers, panels drawn as buttons and menus that outlive a restart, the
lobby's buttons, the game's thread) is cogs/table.py; the thread's posts go out through the one
outbox of cogs.game.GameCog (one poster and one heartbeat per bot).
"""
from __future__ import annotations

import io
import json
import logging

import discord
from discord import app_commands
from discord.ext import commands

from i18n import N_, _, ngettext, use
from service import Game, GameService, ServiceError
from service.kinds import solar_storm as storm

from . import ui
from .client import PUBot
from .game import LANGUAGE_CHOICES, LEVEL_CHOICES, GameCog
from .language import language_for_new_game, public_language
from .players import global_name
from .table import Table, clip, fit_lines, timing_settings

log = logging.getLogger(__name__)
Interaction = discord.Interaction
GAME = "solar_storm"  # the game's name in service.kinds
LOBBY_VERBS = ("join", "leave", "start", "cancel")  # cogs/ui.py's lobby buttons, and its level menu:
ADD_CREW_MATE = N_("Add a computer crew-mate…")  # the menu's placeholder (its options: easy, normal, hard)
# the rulebook's levels (engine/solar_storm/data.py); names shown translated (cogs.translator)
DIFFICULTY_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in (
    (N_("easy"), "easy"), (N_("medium"), "medium"), (N_("hard"), "hard"), (N_("veteran"), "veteran"),
    (N_("realistic"), "realistic"))]
DIFFICULTY_NAMES = {c.value for c in DIFFICULTY_CHOICES}
MAX_TYPED = 100  # characters of a typed action: the longest legal one has well under this
SCOPE_CHOICES = [app_commands.Choice(name=N_("this server"), value="server"),
                 app_commands.Choice(name=N_("global (players who opted in)"), value="global")]
NONE = discord.AllowedMentions.none()


def difficulty_name(level: str) -> str:
    """A difficulty level in the language in use (the rulebook's: « moyenne », « vétéran »)."""
    return _(level) if level in DIFFICULTY_NAMES else level


class StormCog(Table, commands.GroupCog, group_name="storm",
               group_description="Play Solar Storm, the cooperative game: repair the ship together"):
    COMMAND = "/storm"
    # the creator's tools (the creator or a member with Manage Server), as /pu host's (cogs/table.py)
    host = app_commands.Group(name="host", description="The game creator's tools (or Manage Server)")

    def __init__(self, bot: PUBot, service: GameService, game_cog: GameCog):
        self.bot = bot
        self.service = service
        self.game_cog = game_cog
        self.threads = game_cog.threads  # one thread policy per bot (posting.GameThreads)
        super().__init__()

    def flush_soon(self, game_id: int) -> None:
        self.game_cog.flush_soon(game_id)  # the bot's one outbox poster

    # ------------------------------------------------------------------ the lobby

    def lobby_view(self, game: Game) -> discord.ui.View:
        return ui.lobby_view(game.id, game.status == "lobby", game.language, verbs=LOBBY_VERBS, levels=ADD_CREW_MATE)

    def lobby_text(self, game: Game) -> str:
        with use(game.language):
            return self._lobby_text(game)

    def _lobby_text(self, game: Game) -> str:
        o = game.options
        if game.status == "cancelled":
            return _("~~Game #{game}~~ was cancelled.").format(game=game.id)
        settings = [ngettext("up to {n} player", "up to {n} players", o["max_players"]).format(n=o["max_players"]),
                    _("difficulty {level}").format(level=difficulty_name(o["difficulty"]))]
        if o.get("no_peek"):
            settings.append(_("no peeking at the decks"))
        settings += timing_settings(o)
        crew = "\n".join(
            (_("{n}. {name} (computer)") if s.is_bot else "{n}. {name}").format(n=i + 1, name=s.display_name)
            for i, s in enumerate(game.seats)) or _("(nobody yet)")
        if game.status == "lobby":
            head = _("**Solar Storm: game #{game}** is looking for a crew ({settings}).").format(
                game=game.id, settings=", ".join(settings))
            tail = _("Press **Join** to take a seat. The creator can add a computer crew-mate at the level "
                     "chosen in the menu, and starts the game when the crew is in. With one player, that player "
                     "runs three crew members.")
        else:
            head = _("**Solar Storm: game #{game}** has started ({settings}).").format(
                game=game.id, settings=", ".join(settings))
            tail = _("Follow it in its thread; press **Play** there (or use /storm play) on your turn.")
        return "{head}\n{label}\n{crew}\n{tail}".format(head=head, label=_("Crew:"), crew=crew, tail=tail)

    # ------------------------------------------------------------------ commands: games

    @app_commands.command(name="create", description="Open a Solar Storm game in this channel, with a lobby and a thread")
    @app_commands.describe(players="most players (1-4; 1: one person runs three crew members)",
                           difficulty="how hard the damage deck is (default: easy)",
                           no_peek="the optional rule: nobody may look at the decks or count them",
                           timer_hours="hours per turn before a computer crew-mate plays it (0: off)",
                           remind_hours="hours before the player to act is reminded (0: off)",
                           stall_days="days without a move before the game's stall notice (0: never; default 14)",
                           language="the language of the game's posts (default: the server's)")
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES, language=LANGUAGE_CHOICES)
    async def create(self, interaction: Interaction, players: app_commands.Range[int, 1, 4] = 4,
                     difficulty: str = "easy", no_peek: bool = False,
                     timer_hours: app_commands.Range[float, 0, 336] = 0.0,
                     remind_hours: app_commands.Range[float, 0, 168] = 12.0,
                     stall_days: app_commands.Range[int, 0, 365] = 14, language: str | None = None) -> None:
        async with self.answering(interaction):
            if interaction.guild is None:
                raise ServiceError(_("Games are played in a server channel; use /storm solo for a game on "
                                     "your own."))
            parent = getattr(interaction.channel, "parent_id", None)
            if isinstance(interaction.channel, discord.Thread) or parent is not None:
                raise ServiceError(_("Games are created in a channel, not in a thread (a game needs a thread of "
                                     "its own): use /storm create in {channel}.").format(channel=f"<#{parent}>"))
            game = await self.service.create(
                creator_id=interaction.user.id, creator_name=interaction.user.display_name,
                guild_id=interaction.guild_id, channel_id=interaction.channel_id, game=GAME,
                options={"max_players": players, "difficulty": difficulty, "no_peek": no_peek,
                         "timer_hours": timer_hours, "remind_hours": remind_hours, "stall_days": float(stall_days),
                         "language": language or language_for_new_game(interaction)})
            await interaction.response.send_message(self.lobby_text(game), view=self.lobby_view(game),
                                                    allowed_mentions=discord.AllowedMentions.none())
            message = await interaction.original_response()
            await self.service.repo.set_message(game.id, "lobby", message.channel.id, message.id)
            await self.make_thread(game, message)
            await self.warn_permissions(interaction, game)

    @app_commands.command(name="solo", description="Play Solar Storm alone now: three crew members, or computer crew-mates")
    @app_commands.describe(difficulty="how hard the damage deck is (default: easy)",
                           crew="computer crew-mates at your side (0: you run three crew members)",
                           language="the language of the game's posts (default: the server's)",
                           level="how well the computer crew-mates play (default: normal)")
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES, language=LANGUAGE_CHOICES, level=LEVEL_CHOICES)
    async def solo(self, interaction: Interaction, difficulty: str = "easy",
                   crew: app_commands.Range[int, 0, 3] = 0, language: str | None = None,
                   level: str | None = None) -> None:
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            user = interaction.user
            game = await self.service.create(
                creator_id=user.id, creator_name=user.display_name, guild_id=interaction.guild_id,
                channel_id=interaction.channel_id, game=GAME, kind="solo" if crew == 0 else "normal",
                options={"max_players": 1 + crew, "difficulty": difficulty,
                         "language": language or language_for_new_game(interaction, solo=True)})
            answer.game_id = game.id
            try:
                for _seat in range(crew):
                    game = await self.service.add_bot(game.id, user.id, False, level)
            except ServiceError:
                await self.service.cancel(game.id, user.id, False)  # no half-made game left behind
                raise
            await self.announce(interaction, game, crew)
            game = await self.service.start(game.id, user.id, False)
            await self.show_panel(interaction, await self.service.panel(game.id, user.id))
            self.flush_soon(game.id)

    async def announce(self, interaction: Interaction, game: Game, crew: int) -> None:
        """A line in the channel for a game played alone, and its thread (its turn posts go there)."""
        if interaction.guild is None or not isinstance(interaction.channel, discord.abc.Messageable):
            return
        name = interaction.user.display_name
        try:
            with use(game.language):
                text = (ngettext("☀ {name} started Solar Storm #{game} with {n} computer crew-mate.",
                                 "☀ {name} started Solar Storm #{game} with {n} computer crew-mates.",
                                 crew).format(name=name, game=game.id, n=crew) if crew else
                        _("☀ {name} started Solar Storm #{game} alone, running three crew members.").format(
                            name=name, game=game.id))
            message = await interaction.channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            await self.make_thread(game, message)
        except discord.HTTPException as error:
            log.warning("game %s: could not announce (%s)", game.id, error)


    # ------------------------------------------------------------------ commands: the daily challenge

    @app_commands.command(name="daily", description="Today's Solar Storm challenge: the same game for everyone, one try a day")
    @app_commands.describe(language="the language of the result's post (default: the server's)")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def daily(self, interaction: Interaction, language: str | None = None) -> None:
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            user = interaction.user
            game = await self.service.daily(user_id=user.id, name=user.display_name, guild_id=interaction.guild_id,
                                            channel_id=interaction.channel_id, game=GAME,
                                            language=language or language_for_new_game(interaction, solo=True))
            answer.game_id = game.id
            # the name global boards show, as it is now (db.players.global_name: recorded for those who opted in)
            await self.service.players.note_global_name(user.id, global_name(user))
            note = _("**Solar Storm daily {day}** (game #{game}, difficulty {level}): you run three crew members. "
                     "Only you see this game until you finish it; one try a day, no hints.").format(
                day=game.row.daily_key, game=game.id, level=difficulty_name(game.options["difficulty"]))
            await self.show_panel(interaction, await self.service.panel(game.id, user.id), note=note)

    @app_commands.command(name="leaderboard", description="A day's Solar Storm daily ranking, with streaks")
    @app_commands.describe(day="which day, YYYY-MM-DD in UTC (default: today)", scope="this server or global")
    @app_commands.choices(scope=SCOPE_CHOICES)
    async def leaderboard(self, interaction: Interaction, day: app_commands.Range[str, 1, 20] | None = None,
                          scope: str = "server") -> None:
        async with self.answering(interaction):
            if scope not in ("server", "global"):
                raise ServiceError(_("Choose a scope from the list: this server or global."))
            board = await self.service.daily_board(GAME, guild_id=interaction.guild_id, user_id=interaction.user.id,
                                                   day=day, scope=scope)
            if board["mine"]:  # outside a server: the reader's own result, privately
                await self.send_private(interaction, self.board_text(board))
                return
            with use(public_language(interaction)):  # everybody in the channel reads it
                await interaction.response.send_message(self.board_text(board), allowed_mentions=NONE)

    @staticmethod
    def board_text(board: dict) -> str:
        lines = storm.daily_board_lines(board)
        lines.append(_("Won before lost; among wins, more resource cards left first; among losses, more rooms "
                       "diverted, then more turns survived. Play today's: /storm daily."))
        return fit_lines(lines, lambda n: ngettext("… and {n} more", "… and {n} more", n).format(n=n))

    @app_commands.command(name="records", description="This server's Solar Storm records: wins, hardest, fastest, streaks")
    async def records(self, interaction: Interaction) -> None:
        async with self.answering(interaction):
            if interaction.guild_id is None:
                raise ServiceError(_("Records are kept per server: use /storm records in a server."))
            with use(public_language(interaction)):  # everybody in the channel reads it
                lines = storm.records_lines(await self.service.outcome_records(GAME, interaction.guild_id))
                text = ("\n".join([_("**Solar Storm records of this server**"), *lines]) if lines else
                        _("No Solar Storm game won in this server yet: the first win sets every record! "
                          "(/storm solo, /storm create, /storm daily)"))
                await interaction.response.send_message(clip(text), allowed_mentions=NONE)

    # ------------------------------------------------------------------ commands: playing

    @app_commands.command(name="play", description="Your turn in this channel's Solar Storm game (only you see it)")
    async def play(self, interaction: Interaction) -> None:
        await self.open_panel(interaction)

    @app_commands.command(name="act", description="Type an action, e.g. 'move bridge', 'scavenge', 'end'")
    @app_commands.describe(action="the action (the suggestions list every legal one)")
    async def act(self, interaction: Interaction, action: str) -> None:
        async with self.answering(interaction, flush=True) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.here(interaction)
            answer.game_id = game.id
            if len(action) > MAX_TYPED:
                raise ServiceError(_("That action is too long; pick one from the suggestions."))
            outcome = await self.service.act(game.id, interaction.user.id, action)
            await self.show_panel(interaction, outcome, note=f"✔ {outcome.played[0]}")

    @app_commands.command(name="hint", description="What the hard computer crew-mate would do now, and why (only you see it)")
    async def hint(self, interaction: Interaction) -> None:
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.here(interaction)
            answer.game_id = game.id
            await self.send_hint(interaction, game.id)  # private, in the reader's language; nothing in the thread

    @act.autocomplete("action")
    async def act_suggestions(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            texts = self.service.suggest_actions(await self.here(interaction), interaction.user.id, current)
            return [app_commands.Choice(name=t[:100], value=t[:100]) for t in texts][:25]
        except Exception:  # noqa: BLE001 - autocomplete must never fail loudly
            return []

    # ------------------------------------------------------------------ commands: looking

    @app_commands.command(name="status", description="Whose turn it is, and the deadlines")
    async def status(self, interaction: Interaction) -> None:
        async with self.answering(interaction):
            game = await self.here(interaction)
            await self.send_private(interaction, await self.service.status_report(game))

    @app_commands.command(name="history", description="A past turn: what the crew member did and the damage")
    @app_commands.describe(turn="which turn (default: the last one that is over)")
    async def history(self, interaction: Interaction, turn: app_commands.Range[int, 1, 999] | None = None) -> None:
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.here(interaction)
            answer.game_id = game.id
            shown = await self.service.history(game.id, interaction.user.id, turn)
            await self.send_private(interaction, shown["text"])  # public information only (the service's)

    @app_commands.command(name="export", description="This game's replay file, once it is over")
    async def export(self, interaction: Interaction) -> None:
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.here(interaction)
            answer.game_id = game.id
            _game, record = await self.service.export_record(game.id, interaction.user.id,
                                                                guild_id=interaction.guild_id)
            data = json.dumps(record, separators=(",", ":")).encode()
            await interaction.followup.send(
                _("Solar Storm #{id} as a replay file ({n} actions). Replay it with `python -m "
                  "engine.solar_storm.replay solar-storm-{id}.json`.").format(id=game.id, n=len(record["actions"])),
                ephemeral=True, file=discord.File(io.BytesIO(data), f"solar-storm-{game.id}.json"))


    # ------------------------------------------------------------------ commands: the creator's tools

    @host.command(name="kick", description="Remove a player from the lobby")
    @app_commands.describe(player="the player to remove")
    async def kick(self, interaction: Interaction, player: discord.User) -> None:
        await self.host_kick(interaction, player)

    @host.command(name="replace", description="Hand a player's seat to someone else or to a computer crew-mate")
    @app_commands.describe(seat="seat number (1-4)", member="the new player; leave empty for a computer crew-mate",
                           level="how well the computer crew-mate plays (default: the game's level)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def replace(self, interaction: Interaction, seat: app_commands.Range[int, 1, 4],
                      member: discord.User | None = None, level: str | None = None) -> None:
        await self.host_replace(interaction, seat, member, level)

    @host.command(name="end", description="End this game now")
    async def end(self, interaction: Interaction) -> None:
        await self.host_end(interaction)

    @host.command(name="pause", description="Pause this game: no turn timer, no reminders")
    async def pause(self, interaction: Interaction) -> None:
        await self.host_pause(interaction, True)

    @host.command(name="resume", description="Resume a paused game: timers and reminders start again")
    async def resume(self, interaction: Interaction) -> None:
        await self.host_pause(interaction, False)

    @host.command(name="allow-away",
                  description="May a computer crew-mate play for players who are away? (default: yes)")
    @app_commands.describe(allow="yes: a computer crew-mate plays the turns of away players; no: they wait")
    async def allow_away(self, interaction: Interaction, allow: bool) -> None:
        await self.host_allow_away(interaction, allow)


async def setup(bot: commands.Bot) -> None:
    game_cog = bot.get_cog("GameCog")
    if not isinstance(bot, PUBot) or not isinstance(game_cog, GameCog):
        raise RuntimeError("cogs.storm loads after cogs.game on a bot.make_bot bot: it posts through the game "
                           "cog's outbox")
    await bot.add_cog(StormCog(bot, bot.service, game_cog))
