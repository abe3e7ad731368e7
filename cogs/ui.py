"""Discord components for the game: persistent buttons and menus whose custom ids carry
everything needed to act after a restart, and the conversion of a service panel into an
ephemeral message. No rules and no database here: every click goes to the game service.

Custom ids (at most 100 characters):
    pul:<game>:<verb>                  lobby: join, leave, boards, bot (boteasy, bothard), crew, start, cancel
    pulv:<game>                        lobby: the menu adding a computer crew-mate (each option: its level)
    puc:<game>:<kind>                  lobby: the clicker's planet or corp menu
    pup:<game>                         "Play": open the clicker's own panel
    pus:<game>                         "Station": show the space station
    pub:<game>:<seat>:<stamp>:<verb>   a panel button (verb as in service.panels)
    pum:<game>:<seat>:<stamp>:<n>      a panel menu (each option's value is a verb)
    pux:<field> / puy:<field>          the clicker's own settings panel: a menu / a button
"""
from __future__ import annotations

import io
import re
from typing import Protocol, cast

import discord
from discord.ext import commands

from i18n import LANGUAGES, N_, _, use
from service import Panel, StaleControl, boards
from service.controls import NOTES_LIMIT

from .language import SpeaksToUser

STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


class Controls(Protocol):
    """What the buttons and menus below call on the cog that answers them (cogs/game.py's
    GameCog, which mypy checks against this). cogs.game imports this module, so this module
    names only what it needs, not that class (no import cycle)."""

    async def fail(self, interaction: discord.Interaction, error: BaseException,
                   game_id: int | None = None) -> None: ...

    async def lobby_click(self, interaction: discord.Interaction, game_id: int, verb: str) -> None: ...

    async def choose_board(self, interaction: discord.Interaction, game_id: int, kind: str, value: str) -> None: ...

    async def open_panel(self, interaction: discord.Interaction, game_id: int | None = None) -> None: ...

    async def show_station(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def panel_click(self, interaction: discord.Interaction, game_id: int, seat: int, stamp: str,
                          verb: str) -> None: ...


class SettingsControls(Protocol):
    """What the settings panel's menus and buttons call on the cog that answers them (cogs/me.py's
    MeCog, checked by mypy there: ``settings_answered_by``)."""

    async def settings_click(self, interaction: discord.Interaction, field: str, value: str) -> None: ...


def answered_by(cog: Controls) -> None:
    """Where the game cog says it answers the controls below: mypy checks it has every method
    they call (cog_of finds it by name at run time)."""


def cog_of(interaction: discord.Interaction) -> Controls:
    cog = interaction.client.get_cog("GameCog") if isinstance(interaction.client, commands.Bot) else None
    assert cog is not None, "the game cog answers only on the bot that loaded it"
    return cast(Controls, cog)


def settings_cog_of(interaction: discord.Interaction) -> SettingsControls:
    cog = interaction.client.get_cog("MeCog") if isinstance(interaction.client, commands.Bot) else None
    assert cog is not None, "the /me cog answers the settings panel only on the bot that loaded it"
    return cast(SettingsControls, cog)


class LobbyButton(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Button], template=r"pul:(?P<game>[0-9]{1,12}):(?P<verb>[a-z]{1,8})"):
    LABELS = {"join": (N_("Join"), discord.ButtonStyle.success), "leave": (N_("Leave"), discord.ButtonStyle.secondary),
              "bot": (N_("Add bot player"), discord.ButtonStyle.secondary),
              "boteasy": (N_("Add easy bot"), discord.ButtonStyle.secondary),
              "bothard": (N_("Add hard bot"), discord.ButtonStyle.secondary),
              "crew": (N_("Add a computer crew-mate"), discord.ButtonStyle.secondary),
              "boards": (N_("Choose planet & corporation"), discord.ButtonStyle.secondary),
              "start": (N_("Start"), discord.ButtonStyle.primary), "cancel": (N_("Cancel"), discord.ButtonStyle.danger)}

    def __init__(self, game_id: int, verb: str):
        label, style = self.LABELS.get(verb, (verb, discord.ButtonStyle.secondary))
        super().__init__(discord.ui.Button(label=_(label), style=style, custom_id=f"pul:{game_id}:{verb}"))
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction).lobby_click(interaction, self.game_id, self.verb)


class BoardMenu(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Select], template=r"puc:(?P<game>[0-9]{1,12}):(?P<kind>planet|corp)"):
    """A lobby player's menu of planets or corporations (on their private message)."""

    def __init__(self, game_id: int, kind: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None):
        super().__init__(discord.ui.Select(custom_id=f"puc:{game_id}:{kind}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="?")]))
        self.game_id, self.kind = game_id, kind

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await cog_of(interaction).choose_board(interaction, self.game_id, self.kind, value)


class LevelMenu(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Select], template=r"pulv:(?P<game>[0-9]{1,12})"):
    """A lobby's "add a computer crew-mate" with its level: one menu, an option per level (the
    pick goes to the lobby as the verb ``crew<level>``)."""
    LEVELS = (("easy", N_("Easy"), N_("plays like a new player")),
              ("normal", N_("Normal"), N_("a sensible crew-mate (the default)")),
              ("hard", N_("Hard"), N_("looks ahead over what the decks may hold")))

    def __init__(self, game_id: int, placeholder: str | None = None):
        options = [discord.SelectOption(label=_(label), value=level, description=_(text)[:100])
                   for level, label, text in self.LEVELS]
        super().__init__(discord.ui.Select(custom_id=f"pulv:{game_id}", placeholder=placeholder, options=options,
                                           row=1))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        level = self.item.values[0] if self.item.values else ""
        await cog_of(interaction).lobby_click(interaction, self.game_id, "crew" + level)


class PlayButton(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Button], template=r"pup:(?P<game>[0-9]{1,12})"):
    def __init__(self, game_id: int):
        super().__init__(discord.ui.Button(label=_("Play"), style=discord.ButtonStyle.primary, emoji="🪐",
                                           custom_id=f"pup:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction).open_panel(interaction, self.game_id)


class StationButton(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Button], template=r"pus:(?P<game>[0-9]{1,12})"):
    def __init__(self, game_id: int):
        super().__init__(discord.ui.Button(label=_("Station"), style=discord.ButtonStyle.secondary,
                                           custom_id=f"pus:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction).show_station(interaction, self.game_id)


class PanelButton(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"pub:(?P<game>[0-9]{1,12}):(?P<seat>[0-9]{1,2}):(?P<stamp>[0-9a-f]{6}):(?P<verb>.{1,70})"):
    def __init__(self, game_id: int, seat: int, stamp: str, verb: str, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False, row: int = 0):
        super().__init__(discord.ui.Button(label=label[:80], style=style, disabled=disabled, row=row,
                                           custom_id=f"pub:{game_id}:{seat}:{stamp}:{verb}"))
        self.game_id, self.seat, self.stamp, self.verb = game_id, seat, stamp, verb

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["seat"]), match["stamp"], match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction).panel_click(interaction, self.game_id, self.seat, self.stamp, self.verb)


class PanelMenu(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Select],
                template=r"pum:(?P<game>[0-9]{1,12}):(?P<seat>[0-9]{1,2}):(?P<stamp>[0-9a-f]{6}):(?P<n>[0-9])"):
    def __init__(self, game_id: int, seat: int, stamp: str, n: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None, row: int = 0):
        super().__init__(discord.ui.Select(custom_id=f"pum:{game_id}:{seat}:{stamp}:{n}", row=row,
                                           placeholder=placeholder, options=options or [discord.SelectOption(label="?")]))
        self.game_id, self.seat, self.stamp = game_id, seat, stamp

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["seat"]), match["stamp"], int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        verb = self.item.values[0] if self.item.values else ""
        await cog_of(interaction).panel_click(interaction, self.game_id, self.seat, self.stamp, verb)


# ---------------------------------------------------------------------- /me settings (the user's own)
# custom ids: pux:<field> a menu (remind, qs, qe, lang), puy:<field> a button (dm, round); the
# choice is in the menu value or the field, the user is the clicker: nothing else is needed


class SettingsMenu(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Select], template=r"pux:(?P<field>remind|qs|qe|lang)"):
    def __init__(self, field: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, row: int = 0):
        super().__init__(discord.ui.Select(custom_id=f"pux:{field}", row=row, placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="?")]))
        self.field = field

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["field"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await settings_cog_of(interaction).settings_click(interaction, self.field, value)


class SettingsButton(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Button], template=r"puy:(?P<field>dm|round)"):
    def __init__(self, field: str, label: str = "?", on: bool = False):
        super().__init__(discord.ui.Button(custom_id=f"puy:{field}", label=label[:80],
                                           style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
                                           row=4))
        self.field = field

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["field"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await settings_cog_of(interaction).settings_click(interaction, self.field, "")


SETTINGS_ITEMS = (SettingsMenu, SettingsButton)


def _known_ids() -> str:
    """One pattern matching the custom id of every item above (their groups unnamed)."""
    from .players import DYNAMIC_ITEMS as PLAYERS_ITEMS  # leaderboard pages (cogs/players.py)
    items = (LobbyButton, LevelMenu, BoardMenu, PlayButton, StationButton, PanelButton, PanelMenu, *PLAYERS_ITEMS,
             *SETTINGS_ITEMS)
    return "|".join(re.sub(r"\(\?P<\w+>", "(?:", item.__discord_ui_compiled_template__.pattern) for item in items)


class UnknownControl(SpeaksToUser, discord.ui.DynamicItem[discord.ui.Item],  # the clicked button or menu
                     template=rf"(?!(?:{_known_ids()})\Z)(?![0-9a-f]{{32}}\Z)[\s\S]{{1,100}}"):
    """Any other component on the bot's messages: one from an older version of the bot (its ids
    have changed since) or a forged one. Answered privately instead of "interaction failed".
    (Ids of 32 hex digits are discord.py's own, for views that are not persistent.)"""

    def __init__(self, custom_id: str = "?", item: discord.ui.Item | None = None):
        super().__init__(item or discord.ui.Button(label="?", custom_id=custom_id[:100]))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match.group(0), item)  # keeps the clicked button or menu as it is

    async def callback(self, interaction: discord.Interaction) -> None:
        game = re.match(r"pu[a-z]?:([0-9]{1,12})(?::|\Z)", self.custom_id or "")
        if game is not None:  # an older button of a game: refused with the player's current board
            await cog_of(interaction).fail(interaction, StaleControl(int(game[1]), -1))
            return
        await interaction.response.send_message(
            _("This control is not one I know: it is from an older version of the bot. "
              "Press **Play** in the game's thread or use /pu play for the current board."), ephemeral=True)


DYNAMIC_ITEMS = (LobbyButton, LevelMenu, BoardMenu, PlayButton, StationButton, PanelButton, PanelMenu, *SETTINGS_ITEMS,
                 UnknownControl)


PU_LOBBY = ("join", "leave", "boards", "bot", "boteasy", "bothard", "start", "cancel")


def lobby_view(game_id: int, open_: bool = True, language: str | None = None,
               verbs: tuple[str, ...] = PU_LOBBY, levels: str | None = None) -> discord.ui.View:
    """The lobby's buttons (public: in the game's ``language``), one per verb (LobbyButton), and
    with ``levels`` (its placeholder) the menu that adds a computer player at a chosen level."""
    view = discord.ui.View(timeout=None)
    if open_:
        with use(language):
            for verb in verbs:
                view.add_item(LobbyButton(game_id, verb))
            if levels is not None:
                view.add_item(LevelMenu(game_id, placeholder=_(levels)))
    return view


def boards_view(game_id: int, chosen: dict, default_text: str) -> discord.ui.View:
    """The two menus of a lobby player's private message, their current choice selected."""
    view = discord.ui.View(timeout=None)
    for kind, key, options in (("planet", "planet", boards.planet_options()),
                               ("corp", "corporation", boards.corporation_options())):
        items = [discord.SelectOption(label=_("Default: {boards}").format(boards=default_text)[:100], value="random",
                                      default=chosen.get(key) is None)]
        items += [discord.SelectOption(label=label[:100], value=value, description=text[:100] or None,
                                       default=chosen.get(key) == value) for value, label, text in options]
        placeholder = _("Your planet") if key == "planet" else _("Your corporation")
        view.add_item(BoardMenu(game_id, kind, items[:25], placeholder=placeholder))
    return view


def post_view(game_id: int, buttons: list[str]) -> discord.ui.View | None:
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    if "play" in buttons:
        view.add_item(PlayButton(game_id))
    if "station" in buttons:
        view.add_item(StationButton(game_id))
    return view


def panel_view(panel: Panel) -> discord.ui.View | None:
    if not panel.controls:
        return None
    view = discord.ui.View(timeout=None)
    menus = 0
    for control in panel.controls:
        if control.kind == "button":
            view.add_item(PanelButton(panel.game_id, panel.seat, panel.stamp, control.verb, control.label,
                                      STYLES.get(control.style, discord.ButtonStyle.secondary), control.disabled,
                                      min(control.row, 4)))
        else:
            details = list(control.details) + [""] * (len(control.options) - len(control.details))
            options = [discord.SelectOption(label=label[:100], value=verb[:100], description=detail[:100] or None)
                       for (verb, label), detail in zip(control.options, details)]
            view.add_item(PanelMenu(panel.game_id, panel.seat, panel.stamp, menus, options, control.label[:150],
                                    min(control.row, 4)))
            menus += 1
    return view


NOTES_COLOUR = discord.Colour(0x3B82F6)  # the guided game's notes: a blue bar beside them


def panel_embeds(panel: Panel) -> list[discord.Embed]:
    """The panel's notes (the guided game's lessons and hint) in one embed under its text, each a
    paragraph (the service keeps them within an embed's description: service.controls.NOTES_LIMIT)."""
    if not panel.notes:
        return []
    return [discord.Embed(description="\n\n".join(panel.notes)[:NOTES_LIMIT], colour=NOTES_COLOUR)]


def png_file(data: bytes | None, name: str) -> list[discord.File]:
    return [] if data is None else [discord.File(io.BytesIO(data), filename=name)]


REMIND_CHOICES = ("game", "0", "1", "2", "4", "6", "8", "12", "24", "36", "48")


def settings_view(mine, round_ping: str) -> discord.ui.View:
    """The private settings panel: its menus show the current choices (service.settings.Settings);
    ``round_ping``: the new-round ping button's label, in the words of the person's games
    (service.settings.round_ping_label)."""
    view = discord.ui.View(timeout=None)
    current = "game" if mine.remind_hours is None else f"{mine.remind_hours:g}"
    remind = [discord.SelectOption(label=_("Reminders: each game's own delay") if v == "game" else
                                   _("Reminders: off") if v == "0" else _("Reminders after {n} h").format(n=v),
                                   value=v, default=v == current) for v in REMIND_CHOICES]
    view.add_item(SettingsMenu("remind", remind, _("How soon you are reminded"), row=0))
    starts = [discord.SelectOption(label=_("No quiet hours"), value="none", default=mine.quiet_start is None)]
    starts += [discord.SelectOption(label=_("Quiet from {h:02d}:00").format(h=h), value=str(h),
                                    default=mine.quiet_start == h) for h in range(24)]
    view.add_item(SettingsMenu("qs", starts, _("Quiet hours: start"), row=1))
    ends = [discord.SelectOption(label=_("Quiet until {h:02d}:00").format(h=h), value=str(h),
                                 default=mine.quiet_end == h) for h in range(24)]
    view.add_item(SettingsMenu("qe", ends, _("Quiet hours: end"), row=2))
    langs = [discord.SelectOption(label=_("Language: as in Discord"), value="discord", default=mine.language is None)]
    langs += [discord.SelectOption(label=name, value=code, default=mine.language == code)
              for code, name in LANGUAGES.items()]
    view.add_item(SettingsMenu("lang", langs, _("Language"), row=3))
    view.add_item(SettingsButton("dm", _("Reminders by direct message") if mine.remind_dm
                                 else _("Reminders in the game's thread"), mine.remind_dm))
    view.add_item(SettingsButton("round", round_ping, mine.round_ping))
    return view
