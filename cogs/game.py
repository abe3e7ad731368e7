"""The /pu commands, the lobby, the players' private panels and the posts in game threads.

Thin on purpose: every handler reads the interaction, calls the game service (service/),
and sends back what it returns. Private things (a player's panel, their corporation with
its private objectives, their score view) only ever go in ephemeral replies.
"""
from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

import i18n
from engine import data as D
from engine.actions import Pick, Place
from i18n import N_, _, ngettext, use
from service import Game, GameService, NotInGame, ServiceError
from service import boards as sides  # (a /pu create option is called boards)
from service.outbox import Poster

from . import ui
from .client import PUBot
from .help import RULE_TOPICS, TOPIC_NAMES, rules_text
from .language import language_for_new_game
from .posting import DiscordChannel, GameThreads
from .table import Table, no_one_named_in_dm, timing_settings
from .table import clip as clip  # tests import it from here
from .translator import Translator

log = logging.getLogger(__name__)
Interaction = discord.Interaction
# choice names are translated for Discord by cogs.translator (through the catalogue)
BOARD_CHOICES = [app_commands.Choice(name=N_("standard"), value="standard"),
                 app_commands.Choice(name=N_("asymmetric at random"), value="random")]
EVENT_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in
                 ((N_("off"), "off"), (N_("easy"), "easy"), (N_("normal"), "normal"), (N_("hard"), "hard"))]
LEVEL_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in
                 ((N_("easy"), "easy"), (N_("normal"), "normal"), (N_("hard"), "hard"))]
# planets and corporations are offered by autocomplete (board_suggestions), not as choices: their
# names in every language would take a fifth of /pu's 8,000 characters (tests/discord/contract.py)
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in i18n.LANGUAGES.items()]
BoardName = app_commands.Range[str, 1, 40]  # a planet's or corporation's id (the longest has 19 characters)


def board_suggestions(options: list[tuple[str, str, str]], current: str, default: bool
                      ) -> list[app_commands.Choice[str]]:
    """The planets or corporations (``sides.planet_options()``...) whose name or id starts with
    what the player typed, in the player's language, the game's default first where it may be chosen."""
    shown = ([("random", _("default (the game's setting)"))] if default else []) + [
        (value, label) for value, label, _text in options]
    want = current.strip().casefold()
    return [app_commands.Choice(name=label, value=value) for value, label in shown
            if label.casefold().startswith(want) or value.startswith(want)][:25]



class GameCog(Table, commands.GroupCog, group_name="pu", group_description="Play Planet Unknown"):
    COMMAND = "/pu"
    # the creator's tools (the creator or a member with Manage Server): /pu host kick, ...
    host = app_commands.Group(name="host", description="The game creator's tools (or Manage Server)")

    def __init__(self, bot: PUBot, service: GameService):
        self.bot = bot
        self.service = service
        self.threads = GameThreads()  # before DiscordChannel, which opens threads too
        self.poster = Poster(service, DiscordChannel(bot, service, self.threads))
        service.listeners.append(self.flush_soon)  # a long autopilot run's posts, round by round
        self._wake: tuple[float, asyncio.Task] | None = None  # the next retry of a held-back post
        self._tasks: set[asyncio.Task] = set()
        super().__init__()

    async def cog_load(self) -> None:
        self.heartbeat.change_interval(seconds=self.bot.heartbeat_seconds)
        self.heartbeat.start()

    async def cog_unload(self) -> None:
        self.heartbeat.cancel()
        if self._wake is not None:
            self._wake[1].cancel()

    # ------------------------------------------------------------------ lobby: planets and corporations

    @staticmethod
    def default_boards(game: Game) -> str:
        return (_("the identical sides (KSB-4156, Universal Coalition)") if game.options["boards"] == "standard"
                else _("an asymmetric side dealt at random"))

    def boards_text(self, game: Game, user_id: int) -> str:
        mine = self.service.boards_of(game, user_id)
        planet = sides.planet_name(mine["planet"]) if mine["planet"] else _("default")
        corp = sides.corporation_name(mine["corporation"]) if mine["corporation"] else _("default")
        return _("**Your boards for game #{game}**: planet **{planet}**, corporation **{corp}**.\n"
                 "Each player chooses their own; an asymmetric side can be taken by one player only. "
                 "Default: {default}. /pu rules planets and /pu rules corporations describe them.").format(
            game=game.id, planet=planet, corp=corp, default=self.default_boards(game))

    async def send_boards(self, interaction: Interaction, game: Game) -> None:
        if game.status != "lobby":
            raise ServiceError(_("Planets and corporations are chosen in the lobby, before the game starts."))
        if game.seat_of(interaction.user.id) is None:
            raise NotInGame(_("Join the game first (the Join button), then choose your planet and corporation."))
        view = ui.boards_view(game.id, self.service.boards_of(game, interaction.user.id), self.default_boards(game))
        await self.send_private(interaction, self.boards_text(game, interaction.user.id), view=view)

    async def choose_board(self, interaction: Interaction, game_id: int, kind: str, value: str) -> None:
        """A pick in a lobby player's planet or corporation menu."""
        async with self.answering(interaction, game_id):
            key = "planet" if kind == "planet" else "corporation"
            game = await self.service.choose_boards(game_id, interaction.user.id, **{key: value})
            view = ui.boards_view(game.id, self.service.boards_of(game, interaction.user.id), self.default_boards(game))
            await interaction.response.edit_message(content=self.boards_text(game, interaction.user.id), view=view)
            await self.refresh_lobby(game)

    def lobby_view(self, game: Game) -> discord.ui.View:
        return ui.lobby_view(game.id, game.status == "lobby", game.language)

    def lobby_text(self, game: Game) -> str:
        """The lobby message (public): in the game's language."""
        with use(game.language):
            return self._lobby_text(game)

    def _lobby_text(self, game: Game) -> str:
        o = game.options
        if game.status == "cancelled":
            return _("~~Game #{game}~~ was cancelled.").format(game=game.id)

        def seat_line(i: int, s) -> str:
            if s.is_bot and game.state is None:
                return _("{n}. {name} (computer)").format(n=i + 1, name=s.display_name)
            if game.state is not None:  # started: the boards each seat really plays
                return _("{n}. {name}: {planet}, {corporation}").format(
                    n=i + 1, name=s.display_name, planet=sides.planet_name(game.state.config['planets'][i]),
                    corporation=sides.corporation_name(game.state.config['corporations'][i]))
            mine = self.service.boards_of(game, s.user_id)
            picked = [sides.planet_name(mine["planet"]) if mine.get("planet") else None,
                      sides.corporation_name(mine["corporation"]) if mine.get("corporation") else None]
            shown = ", ".join(p for p in picked if p)
            return f"{i + 1}. {s.display_name}" + (f": {shown}" if shown else "")

        players = "\n".join(seat_line(i, s) for i, s in enumerate(game.seats)) or _("(nobody yet)")
        decks = {"easy": _("easy event deck"), "normal": _("normal event deck"), "hard": _("hard event deck")}
        settings = [ngettext("up to {n} player", "up to {n} players", o["max_players"]).format(n=o["max_players"]),
                    _("standard boards unless chosen") if o["boards"] == "standard"
                    else _("asymmetric planets and corporations at random unless chosen"),
                    _("private objectives") if o["private_objectives"] else _("no private objectives"),
                    *timing_settings(o),
                    decks.get(o.get("events") or "off", _("no events"))]
        if o.get("hints"):
            settings.append(_("hints allowed (not rated)"))
        if game.status == "lobby":
            head = _("**Planet Unknown: game #{game}** is looking for players ({settings}).").format(
                game=game.id, settings=", ".join(settings))
            tail = _("Press **Join** to take a seat, then **Choose planet & corporation** if you want a particular "
                     "one. The creator starts the game when everyone is in.")
        else:
            head = _("**Planet Unknown: game #{game}** has started ({settings}).").format(
                game=game.id, settings=", ".join(settings))
            tail = _("Follow it in its thread; press **Play** there (or use /pu play) when it is your move.")
        return "{head}\n{players_label}\n{players}\n{tail}".format(
            head=head, players_label=_("Players:"), players=players, tail=tail)

    # ------------------------------------------------------------------ commands: games

    @app_commands.command(name="create", description="Open a new game in this channel, with a lobby and a thread")
    @app_commands.describe(players="most players (1-6)", timer_hours="hours per move before the autopilot plays it (0: off)",
                           remind_hours="hours before a waiting player is reminded (0: off)",
                           private_objectives="play with private objectives",
                           boards="standard boards, or asymmetric planets and corporations dealt at random",
                           events="the event deck: off, or easy / normal / hard",
                           stall_days="days without a move before the game's stall notice (0: never; default 14)",
                           language="the language of the game's posts (default: the server's)",
                           autopilot="autopilot level for seats handed to it and timed-out moves (default: the bot's)",
                           hints="allow hints (the game is then not rated)")
    @app_commands.choices(boards=BOARD_CHOICES, events=EVENT_CHOICES, language=LANGUAGE_CHOICES,
                          autopilot=LEVEL_CHOICES)
    async def create(self, interaction: Interaction, players: app_commands.Range[int, 1, 6] = 4,
                     timer_hours: app_commands.Range[float, 0, 336] = 0.0,
                     remind_hours: app_commands.Range[float, 0, 168] = 12.0,
                     private_objectives: bool = False, boards: str = "standard", events: str = "off",
                     stall_days: app_commands.Range[int, 0, 365] = 14, language: str | None = None,
                     autopilot: str | None = None, hints: bool = False) -> None:
        async with self.answering(interaction):
            if interaction.guild is None:
                raise ServiceError(_("Games are played in a server channel; use /pu solo for a game on your own."))
            parent = getattr(interaction.channel, "parent_id", None)
            if isinstance(interaction.channel, discord.Thread) or parent is not None:
                # a game gets a thread of its own and Discord allows no thread in a thread; in a game's
                # thread, typed commands would also go to the older game
                raise ServiceError(_("Games are created in a channel, not in a thread (a game needs a thread of "
                                     "its own): use /pu create in {channel}.").format(channel=f"<#{parent}>"))
            game = await self.service.create(
                creator_id=interaction.user.id, creator_name=interaction.user.display_name,
                guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                options={"max_players": players, "timer_hours": timer_hours, "remind_hours": remind_hours,
                         "private_objectives": private_objectives, "boards": boards, "events": events,
                         "stall_days": float(stall_days), "language": language or language_for_new_game(interaction),
                         "autopilot_level": autopilot, "hints": hints})
            await interaction.response.send_message(self.lobby_text(game), view=ui.lobby_view(game.id, True, game.language),
                                                    allowed_mentions=discord.AllowedMentions.none())
            message = await interaction.original_response()
            await self.service.repo.set_message(game.id, "lobby", message.channel.id, message.id)
            await self.make_thread(game, message)
            await self.warn_permissions(interaction, game)


    @app_commands.command(name="choose", description="Choose your planet and corporation in this game's lobby")
    @app_commands.describe(planet="your planet (default: the game's setting)",
                           corporation="your corporation (default: the game's setting)")
    async def choose(self, interaction: Interaction, planet: BoardName | None = None,
                     corporation: BoardName | None = None) -> None:
        async with self.answering(interaction):
            game = await self.here(interaction)
            changed = planet is not None or corporation is not None
            if changed:
                game = await self.service.choose_boards(game.id, interaction.user.id, planet=planet,
                                                        corporation=corporation)
            await self.send_boards(interaction, game)  # the answer first: the lobby edit may wait on a rate limit
            if changed:
                await self.refresh_lobby(game)

    @choose.autocomplete("planet")
    async def choose_planet(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return board_suggestions(sides.planet_options(), current, default=True)

    @choose.autocomplete("corporation")
    async def choose_corporation(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return board_suggestions(sides.corporation_options(), current, default=True)

    @app_commands.command(name="solo", description="Start a game on your own now: solo or against computer players")
    @app_commands.describe(events="how hard the event deck is (normal: target 58)",
                           boards="standard boards, or an asymmetric planet and corporation at random",
                           planet="play this planet (overrides boards)",
                           corporation="play this corporation (overrides boards)",
                           language="the language of the game's posts (default: the server's)",
                           opponents="computer opponents (0: a solo game with its target score)",
                           level="how well the computer opponents play (default: normal)")
    @app_commands.choices(boards=BOARD_CHOICES, events=EVENT_CHOICES[1:], language=LANGUAGE_CHOICES, level=LEVEL_CHOICES)
    async def solo(self, interaction: Interaction, events: str = "normal", boards: str = "standard",
                   planet: BoardName | None = None, corporation: BoardName | None = None, language: str | None = None,
                   opponents: app_commands.Range[int, 0, 5] = 0, level: str | None = None) -> None:
        async with self.answering(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            user = interaction.user
            game = await self.service.create(creator_id=user.id, creator_name=user.display_name,
                                             guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                                             options={"max_players": 1 + opponents, "events": events, "boards": boards,
                                                      "language": language or language_for_new_game(
                                                          interaction, solo=True)},
                                             kind="solo" if opponents == 0 else "normal")
            try:
                for _seat in range(opponents):
                    game = await self.service.add_bot(game.id, user.id, False, level or "normal")
            except ServiceError:
                await self.service.cancel(game.id, user.id, False)  # no half-made game left behind
                raise
            if planet is not None or corporation is not None:
                try:
                    game = await self.service.choose_boards(game.id, user.id, planet=planet, corporation=corporation)
                except ServiceError:
                    await self.service.cancel(game.id, user.id, False)  # no half-made game left behind
                    raise
            await self.announce_solo(interaction, game, opponents)
            game = await self.service.start(game.id, user.id, False)
            await self.show_panel(interaction, await self.service.panel(game.id, user.id))
            self.flush_soon(game.id)

    @solo.autocomplete("planet")
    async def solo_planet(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return board_suggestions(sides.planet_options(), current, default=False)

    @solo.autocomplete("corporation")
    async def solo_corporation(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return board_suggestions(sides.corporation_options(), current, default=False)

    async def announce_solo(self, interaction: Interaction, game: Game, opponents: int = 0) -> None:
        """A line in the channel for a game played alone, and its thread (its round posts go there)."""
        user = interaction.user
        if interaction.guild is None or not isinstance(interaction.channel, discord.abc.Messageable):
            return
        try:
            with use(game.language):
                if opponents:
                    text = ngettext("🪐 {name} started game #{game} against {n} computer player.",
                                    "🪐 {name} started game #{game} against {n} computer players.",
                                    opponents).format(name=user.display_name, game=game.id, n=opponents)
                else:
                    text = _("🪐 {name} started solo game #{game}.").format(name=user.display_name, game=game.id)
            msg = await interaction.channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            await self.make_thread(game, msg)
        except discord.HTTPException as error:
            log.warning("game %s: could not announce (%s)", game.id, error)

    @app_commands.command(name="daily", description="Today's solo challenge: the same game for everyone, one try a day")
    @app_commands.describe(language="the language of the result's post (default: the server's)")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def daily(self, interaction: Interaction, language: str | None = None) -> None:
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            user = interaction.user
            game = await self.service.daily(user_id=user.id, name=user.display_name,
                                            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                                            language=language or language_for_new_game(interaction, solo=True))
            answer.game_id = game.id
            outcome = await self.service.panel(game.id, user.id)
            note = _("**Daily challenge {day}** (game #{game}). Only you see this game until you finish it.").format(
                day=game.row.daily_key, game=game.id)
            await self.show_panel(interaction, outcome, note=note)

    # /pu play hint:True stays (it was the typed hint before /pu hint): the same answer as /pu hint
    @app_commands.command(name="play", description="Your move in this channel's game (only you see it)")
    @app_commands.describe(hint="what a strong player would do now, and why (as /pu hint)")
    async def play(self, interaction: Interaction, hint: bool = False) -> None:
        if not hint:
            await self.open_panel(interaction)
            return
        await self.typed_hint(interaction)

    @app_commands.command(name="hint", description="What the hard computer player would do now, and why (only you see it)")
    async def hint(self, interaction: Interaction) -> None:
        await self.typed_hint(interaction)

    async def typed_hint(self, interaction: Interaction) -> None:
        """/pu hint (and /pu play hint:True): the panel's 💡 Hint answer (Table.send_hint), privately;
        the service refuses it where hints are not fair (the daily challenge, a game among people
        whose creator did not allow hints: service/_hint.py)."""
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.here(interaction)
            answer.game_id = game.id
            await self.send_hint(interaction, game.id)

    @app_commands.command(name="learn", description="A guided first game: lessons and hints as you play")
    @app_commands.describe(language="the language of the lessons (default: the server's)")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def learn(self, interaction: Interaction, language: str | None = None) -> None:
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            user = interaction.user
            game = await self.service.learn(user_id=user.id, name=user.display_name, guild_id=interaction.guild_id,
                                            channel_id=interaction.channel_id,
                                            language=language or language_for_new_game(interaction, solo=True))
            answer.game_id = game.id
            await self.announce_solo(interaction, game)
            note = _("**Your first game** (#{game}): read the 📘 notes as they come, press 💡 Hint whenever you "
                     "want, and **Leave the lessons** at any time to carry on alone.").format(game=game.id)
            await self.show_panel(interaction, await self.service.panel(game.id, user.id), note=note)
            self.flush_soon(game.id)

    @app_commands.command(name="place", description="Place your tile by typing its position")
    @app_commands.describe(tile="which depot tile, if you have not taken one yet", at="anchor square, e.g. C5",
                           orient="orientation 0-7 (see the tile picture)",
                           confirm="place it even where it destroys a lifepod or a rover")
    @app_commands.choices(tile=[app_commands.Choice(name="small", value="small"),
                                app_commands.Choice(name="large", value="large")])
    async def place(self, interaction: Interaction, at: str, orient: app_commands.Range[int, 0, 7] = 0,
                    tile: str | None = None, confirm: bool = False) -> None:
        async with self.answering(interaction, flush=True) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.here(interaction)
            answer.game_id = game.id
            if len(at.strip()) > 3:
                raise ServiceError(_("A square is a row letter A-L and a column 1-12, like C5."))
            try:
                anchor = D.parse_cell(at)
            except ValueError as error:
                raise ServiceError(str(error)) from None
            texts = ([str(Pick(tile))] if tile else []) + [str(Place(anchor, orient))]
            outcome = await self.service.act_all(game.id, interaction.user.id, texts, typed=True, confirmed=confirm)
            await self.show_panel(interaction, outcome, note=_("✔ placed at {square}, orientation {orient}").format(
                square=D.cell_name(anchor), orient=orient))

    @place.autocomplete("at")
    async def place_at(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            game = await self.here(interaction)
            tile = getattr(interaction.namespace, "tile", None)
            orient = getattr(interaction.namespace, "orient", None)
            squares = self.service.suggest_squares(game, interaction.user.id, tile, orient)
            want = current.strip().upper()
            fits = _("{square} (fits)") if orient is None else _("{square} (fits in orientation {orient})")
            return [app_commands.Choice(name=fits.format(square=c, orient=orient), value=c)
                    for c in squares if c.startswith(want)][:25]
        except Exception:  # noqa: BLE001 - autocomplete must never fail loudly
            return []

    @app_commands.command(name="act", description="Type any move, e.g. 'pick large', 'resolve 2 water', 'confirm'")
    @app_commands.describe(action="the move (the suggestions list every legal one)")
    async def act(self, interaction: Interaction, action: str) -> None:
        async with self.answering(interaction, flush=True) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.here(interaction)
            answer.game_id = game.id
            if len(action) > 100:
                raise ServiceError(_("That move is too long; pick one from the suggestions."))
            outcome = await self.service.act(game.id, interaction.user.id, action, typed=True)
            await self.show_panel(interaction, outcome, note=f"✔ {outcome.played[0]}")

    @act.autocomplete("action")
    async def act_suggestions(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            texts = self.service.suggest_actions(await self.here(interaction), interaction.user.id, current)
            return [app_commands.Choice(name=t, value=t) for t in texts][:25]
        except Exception:  # noqa: BLE001
            return []

    # ------------------------------------------------------------------ commands: looking

    async def _player_seat(self, game: Game, member: discord.abc.User | None, viewer: int) -> int:
        target = member.id if member is not None else viewer
        seat = game.seat_of(target)
        if seat is None:
            if member is None:
                if game.state is not None and game.state.players == 1:
                    return 0
                raise ServiceError(_("You are not playing in this game: name a player, e.g. /pu board player:@name."))
            raise ServiceError(_("{name} is not playing in this game.").format(name=member.display_name))
        return seat

    async def _show_image(self, interaction: Interaction, builder, named=None) -> None:
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            no_one_named_in_dm(interaction, named)
            game = await self.here(interaction)
            answer.game_id = game.id
            if game.state is None:
                raise ServiceError(_("The game has not started yet: {status}").format(
                    status=self.service.status_text(game)))
            text, kind, args, kwargs = await builder(game)
            png = await self.service.render(kind, *args, **kwargs)
            await self.send_private(interaction, text, files=ui.png_file(png, f"game-{game.id}-{kind}.png"))

    @app_commands.command(name="board", description="See a planet (yours by default)")
    @app_commands.describe(player="whose planet (default: yours)")
    async def board(self, interaction: Interaction, player: discord.User | None = None) -> None:
        async def build(game: Game):
            seat = await self._player_seat(game, player, interaction.user.id)
            view = self.service.view(game, interaction.user.id)
            assert game.state is not None  # _show_image answers a game that has not started
            text = _("{name}'s planet, round {round}.").format(name=game.names[seat], round=game.state.round)
            return text, "planet", (view, seat, game.names), {}
        await self._show_image(interaction, build, player)

    @app_commands.command(name="corp", description="See a corporation board (yours by default)")
    @app_commands.describe(player="whose corporation (default: yours)")
    async def corp(self, interaction: Interaction, player: discord.User | None = None) -> None:
        async def build(game: Game):
            seat = await self._player_seat(game, player, interaction.user.id)
            view = self.service.view(game, interaction.user.id)
            return _("{name}'s corporation.").format(name=game.names[seat]), "corporation", (view, seat, game.names), {}
        await self._show_image(interaction, build, player)

    @app_commands.command(name="station", description="See the space station")
    async def station(self, interaction: Interaction) -> None:
        async def build(game: Game):
            view = self.service.view(game, interaction.user.id)
            assert game.state is not None  # _show_image answers a game that has not started
            return _("The space station, round {round}.").format(round=game.state.round), "station", (view, game.names), {}
        await self._show_image(interaction, build)

    async def show_station(self, interaction: Interaction, game_id: int) -> None:
        async with self.answering(interaction, game_id):
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.service.load(game_id)
            if game.kind.command != self.COMMAND:  # a Planet Unknown button (a forged one, on another game)
                raise ServiceError(_("That button is not one this bot made."))
            if game.state is None:
                raise ServiceError(_("The game has not started yet."))
            if game.row.kind == "daily" and game.status == "active" and game.seat_of(interaction.user.id) is None:
                raise NotInGame(_("A daily challenge is seen only by its player until it is over."))
            png = await self.service.render("station", self.service.view(game, interaction.user.id), game.names)
            await self.send_private(interaction, _("The space station, round {round}.").format(round=game.state.round),
                                    files=ui.png_file(png, f"game-{game.id}-station.png"))

    @app_commands.command(name="status", description="Who still has to play")
    async def status(self, interaction: Interaction) -> None:
        async with self.answering(interaction):
            game = await self.here(interaction)
            await self.send_private(interaction, await self.service.status_report(game))

    @app_commands.command(name="score", description="Current standing by scoring category")
    async def score(self, interaction: Interaction) -> None:
        async with self.answering(interaction):
            game = await self.here(interaction)
            if game.state is None:
                raise ServiceError(_("The game has not started yet."))
            result = self.service.standings(game, interaction.user.id)
            lines = [_("**Standing, round {round}** (A lines, B tracks, C lifepods and meteorites, "
                       "D civ cards, E private objectives, F neighbours):").format(round=game.state.round)]
            players = {p["seat"]: p for p in result["players"]}
            for seat in result["ranking"]:
                p = players[seat]
                parts = " ".join(f"{k} {p[k]['total']}" for k in "ABCDEF")
                lines.append(_("{place}. {name}: **{total}** ({parts})").format(
                    place=p['place'], name=game.names[seat], total=p['total'], parts=parts))
            if game.state.phase != "over":
                lines.append(_("Other players' hidden cards are not counted until the end."))
            await self.send_private(interaction, "\n".join(lines))

    @app_commands.command(name="history", description="A past round: what each player did, and the planets at its end")
    @app_commands.describe(round_="which round (default: the last one that is over)")
    @app_commands.rename(round_="round")
    async def history(self, interaction: Interaction, round_: int | None = None) -> None:
        async with self.answering(interaction) as answer:
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.here(interaction)
            answer.game_id = game.id
            shown = await self.service.history(game.id, interaction.user.id, round_)
            title = _("Game #{id}: the planets after round {n}").format(id=game.id, n=shown["round"])
            png = await self.service.render("summary", shown["view"], game.names, title=title)
            await self.send_private(interaction, shown["text"],
                                    files=ui.png_file(png, f"game-{game.id}-round-{shown['round']}.png"))

    @app_commands.command(name="rules", description="A rules reminder")
    @app_commands.describe(topic="what you want to know")
    @app_commands.choices(topic=[app_commands.Choice(name=TOPIC_NAMES[t], value=t) for t in RULE_TOPICS])
    async def rules_(self, interaction: Interaction, topic: str = "overview") -> None:
        await self.send_private(interaction, rules_text(topic))

    @app_commands.command(name="reminders", description="Turn your reminders in this game on or off")
    @app_commands.describe(on="yes: remind me when it is my move here; no: never in this game")
    async def reminders(self, interaction: Interaction, on: bool) -> None:
        async with self.answering(interaction):
            game = await self.here(interaction)
            await self.service.set_reminders(game.id, interaction.user.id, on)
            text = _("Reminders on for game #{game}.") if on else _("Reminders off for game #{game}.")
            await self.send_private(interaction, text.format(game=game.id))

    # ------------------------------------------------------------------ commands: the creator's tools

    @host.command(name="kick", description="Remove a player from the lobby")
    @app_commands.describe(player="the player to remove")
    async def kick(self, interaction: Interaction, player: discord.User) -> None:
        await self.host_kick(interaction, player)

    @host.command(name="replace", description="Hand a player's seat to someone else or to the autopilot")
    @app_commands.describe(seat="seat number (1-6)", member="the new player; leave empty for the autopilot")
    async def replace(self, interaction: Interaction, seat: app_commands.Range[int, 1, 6],
                      member: discord.User | None = None) -> None:
        await self.host_replace(interaction, seat, member)

    @host.command(name="end", description="End this game now")
    async def end(self, interaction: Interaction) -> None:
        await self.host_end(interaction)

    @host.command(name="pause", description="Pause this game: no turn timer, no reminders")
    async def pause(self, interaction: Interaction) -> None:
        await self.host_pause(interaction, True)

    @host.command(name="resume", description="Resume a paused game: timers and reminders start again")
    async def resume(self, interaction: Interaction) -> None:
        await self.host_pause(interaction, False)

    @host.command(name="allow-away", description="May the autopilot play for players who are away? (default: yes)")
    @app_commands.describe(allow="yes: away players' seats are played by the autopilot; no: they wait")
    async def allow_away(self, interaction: Interaction, allow: bool) -> None:
        await self.host_allow_away(interaction, allow)

    # ------------------------------------------------------------------ posting to game threads

    def flush_soon(self, game_id: int) -> None:
        task = asyncio.get_running_loop().create_task(self.flush(game_id))
        self._tasks.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._tasks.discard)

    async def flush(self, game_id: int | None = None) -> int:
        """Post what the service owes to game channels (service.outbox: in order, once, with
        back-off); return how many were sent. A held-back post is retried when it is due."""
        sent = await self.poster.flush(game_id)
        due = await self.poster.next_attempt()
        if due is not None and (self._wake is None or self._wake[1].done() or due < self._wake[0]):
            if self._wake is not None:
                self._wake[1].cancel()
            delay = max(0.0, due - self.service.clock())
            self._wake = (due, asyncio.get_running_loop().create_task(self._retry_later(delay)))
        return sent

    async def _retry_later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self._wake = None
        try:
            await self.flush()
        except Exception:
            log.exception("retrying posts failed")

    @tasks.loop(seconds=60)
    async def heartbeat(self) -> None:
        """Fire due reminders and timers, and post anything still owed (after a restart too)."""
        try:
            await self.service.tick()
            await self.flush()
        except Exception:
            log.exception("heartbeat failed")

    @heartbeat.before_loop
    async def before_heartbeat(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, PUBot):
        raise RuntimeError("cogs.game loads on a bot.make_bot bot (cogs.client.PUBot), which carries the game service")
    service = bot.service
    for item in ui.DYNAMIC_ITEMS:
        bot.add_dynamic_items(item)
    if bot.tree.translator is None:  # the commands' names and descriptions in the user's language
        await bot.tree.set_translator(Translator())
    cog = GameCog(bot, service)
    await bot.add_cog(cog)
    ui.answered_by(cog)  # (mypy checks that the cog has what the buttons and menus call)
