"""Slash commands in the user's language: discord.py's Translator, which the command tree asks
for each command's and option's name and description and each choice's name, per Discord
locale, when the tree is synced.

Descriptions and choice names are the English text looked up in the catalogue (i18n: the
French .po files); the extraction finds them in the command decorators (i18n/slash.py).
Localised command and option names come from ``NAMES`` below, written to Discord's rules (1-32
characters, lower case, letters, digits, ``-`` and ``_``); a name not listed keeps its English
name in every language. A string without a translation is left to Discord's default (English).
"""
from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import i18n
from i18n import _, use

# Localised names of commands, groups and options, by language: English name -> name.
NAMES: dict[str, dict[str, str]] = {
    "fr": {
        # commands and groups
        "create": "créer", "choose": "choisir", "solo": "solo", "daily": "défi-du-jour", "play": "jouer",
        "place": "poser", "act": "action", "board": "planète", "corp": "corporation", "station": "station",
        "status": "état", "score": "score", "rules": "règles", "reminders": "rappels", "games": "parties",
        "profile": "profil", "leaderboard": "classement", "records": "records", "export-stats": "exporter-stats",
        "rated-autopilot": "pilote-auto-classé", "kick": "exclure", "replace": "remplacer", "end": "terminer",
        "settings": "réglages", "away": "absent", "back": "retour", "history": "historique", "host": "hôte",
        "pause": "pause", "resume": "reprendre", "allow-away": "autoriser-absences", "export": "exporter",
        "learn": "apprendre", "me": "moi",
        # options
        "players": "joueurs", "timer_hours": "heures_chrono", "remind_hours": "heures_rappel",
        "private_objectives": "objectifs_privés", "boards": "plateaux", "events": "événements",
        "language": "langue", "planet": "planète", "corporation": "corporation", "tile": "tuile", "at": "case",
        "orient": "orientation", "action": "action", "player": "joueur", "topic": "sujet", "on": "actifs",
        "seat": "siège", "member": "membre", "kind": "type", "period": "période", "scope": "portée",
        "autopilot": "pilote_auto", "global_board": "classement_global", "allow": "autoriser",
        "stall_days": "jours_avant_relance", "time_zone": "fuseau_horaire", "quiet_start": "début_calme",
        "quiet_end": "fin_calme", "reminder_hours": "heures_rappel", "reminders_by": "rappels_par",
        "round_ping": "notif_tour", "days": "jours", "until": "jusqu_au", "round": "tour", "what": "quoi",
        "number": "numéro", "opponents": "adversaires", "level": "niveau", "hints": "conseils", "hint": "conseil",
        "confirm": "confirmer",
        "difficulty": "difficulté", "no_peek": "sans_regarder", "crew": "équipiers", "turn": "tour",
        "day": "jour",
    },
}
NAME_PLACES = (Where.command_name, Where.group_name, Where.parameter_name)


class Translator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        language = i18n.from_discord(locale)
        if language == i18n.DEFAULT:
            return None
        if context.location in NAME_PLACES:
            return NAMES.get(language, {}).get(string.message)
        with use(language):
            text = _(string.message)
        return text if text != string.message else None
