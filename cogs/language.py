"""Which language the bot speaks to whom on Discord (i18n): a user's private answers and panels
in their own language, a game's public posts in the game's language (chosen at /pu create).

Every interaction runs in a task of its own; before its command, autocomplete, button or menu
runs, the command tree's check (``LocalisedTree``) or the component's (``SpeaksToUser``) sets
that task's language to the user's, once. Public text (the lobby message, thread posts) is
written inside ``i18n.use(game.language)``; a public answer that belongs to no game (a
leaderboard, the records, a profile shown in a server) inside ``i18n.use(public_language(...))``.
"""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import i18n


def language_of(settings: Any, interaction: discord.Interaction) -> str:
    """The language of a user's private answers and panels, given their settings
    (service.settings.Settings, or None): the one they chose in /me settings, else their Discord
    client's. After a change of settings, the answer is written in the language as it is now."""
    chosen = getattr(settings, "language", None)
    if chosen:
        return i18n.supported(chosen)
    return i18n.from_discord(getattr(interaction, "locale", None))


async def language_for_user(interaction: discord.Interaction) -> str:
    """The language of this user's private answers and panels (``language_of`` their settings)."""
    service = getattr(interaction.client, "service", None)
    settings = await service.settings_for(interaction.user.id) if service is not None else None
    return language_of(settings, interaction)


def language_for_new_game(interaction: discord.Interaction, *, solo: bool = False) -> str:
    """The default language of a new game's public posts: the server's, else English (a solo
    game or a daily challenge outside a server: the player's own)."""
    guild_locale = getattr(interaction, "guild_locale", None)
    if interaction.guild_id is not None and guild_locale is not None:
        return i18n.from_discord(guild_locale)
    if solo:
        return i18n.from_discord(getattr(interaction, "locale", None))
    return i18n.DEFAULT


def public_language(interaction: discord.Interaction) -> str:
    """The language of an answer everybody in the channel reads (a leaderboard, the records, a
    profile, a board's next page): the server's, whoever asked. Outside a server only the user
    reads it: their own language (set for the interaction's task by ``speak_to``)."""
    if interaction.guild_id is not None:
        return language_for_new_game(interaction)
    return i18n.language()


async def speak_to(interaction: discord.Interaction) -> str:
    """Set the language of the interaction's task to the user's; return it."""
    return i18n.set_language(await language_for_user(interaction))


class LocalisedTree(app_commands.CommandTree):
    """The command tree: every slash command and autocomplete answers in the user's language."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        await speak_to(interaction)
        return True


class SpeaksToUser:
    """Mixed into the bot's buttons and menus (DynamicItem): the click is answered in the
    clicking user's language."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        await speak_to(interaction)
        parent: Any = super()
        return await parent.interaction_check(interaction)
