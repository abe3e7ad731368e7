"""English and French on Discord (issue 18): the command tree localised within Discord's rules,
and a whole game played by French players on a French server, in French from the lobby to the
score sheet, while the same game in English stays English.

"Who sees which language: private answers and panels in the user's Discord language; public
posts (lobby, thread posts, round summaries) in the server's language, or in a game's language
chosen at /pu create."

A text counts as English when it holds an English message of the catalogue that French
translates differently: a fragment of three words or more of it (between its placeholders) in a
message, or the whole message as a button, menu or option label.
"""
from __future__ import annotations

import re

import pytest
import simcord.interactions

from engine import rules
from service import autoplay
from tests.discord import contract as C
from tests.discord.helpers import thread_of, typed
from tests.test_i18n_catalogue import extracted, french

STRIP = " .,:;()*!?\n…"
SAME = {"normal", "standard", "English", "Français"}


def _fragments(text: str) -> set[str]:
    parts = (p.strip(STRIP) for p in re.split(r"\{\w*\}|\n|\*\*", text))
    return {p for p in parts if len(p.split()) >= 3}


def _messages() -> list[tuple[str, str]]:
    """(English, French) of every message (each plural form) French writes differently."""
    translations = french()
    pairs = []
    for key, message in extracted().items():
        english = message if isinstance(message, tuple) else (message,)
        text = translations.get(key)
        forms = list(text) if isinstance(text, (tuple, list)) else [text]
        for en, fr in zip(english, forms if len(forms) == len(english) else [forms[0]] * len(english)):
            if isinstance(fr, str) and fr and fr != en:
                pairs.append((en, fr))
    return pairs


def _language_marks(index: int) -> tuple[set[str], set[str]]:
    """(fragments, whole labels) that mark the language: English (index 0) or French (1)."""
    fragments, labels = set(), set()
    for pair in _messages():
        fragments |= _fragments(pair[index])
        if "{" not in pair[index]:
            labels.add(pair[index])
    other = {f for pair in _messages() for f in _fragments(pair[1 - index])}
    return fragments - other, labels - {pair[1 - index] for pair in _messages()}


def _texts(message) -> tuple[list[str], list[str]]:
    """(contents, labels) of a discord.Message: its text, its buttons', menus' and options' labels."""
    labels = []
    for row in message.components:
        for item in getattr(row, "children", []):
            labels += [x for x in (getattr(item, "label", None), getattr(item, "placeholder", None)) if x]
            labels += [o.label for o in getattr(item, "options", [])]
    return [message.content or ""], labels


def in_language(index: int, contents: list[str], labels: list[str]) -> list[str]:
    fragments, whole = _language_marks(index)
    found = [f"{f!r} in {c[:80]!r}" for c in contents for f in fragments if f in c]
    found += [f"label {label!r}" for label in labels if label in whole]
    return sorted(set(found))


def speak(monkeypatch, locale: str) -> None:
    """Every user's Discord client and the server are set to ``locale`` (SimCord sends en-US)."""
    made = simcord.interactions.base_payload

    def base_payload(*args, **kwargs):
        record, payload = made(*args, **kwargs)
        payload["locale"] = locale
        if "guild_locale" in payload:
            payload["guild_locale"] = locale
        return record, payload
    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)


async def test_the_command_tree_is_localised_in_french_within_discords_rules(world):
    (put,) = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert C.check_commands(put.json) == []
    pu, storm, me = put.json
    assert pu["description_localizations"]["fr"] == "Jouer à Planet Unknown"
    assert storm["description_localizations"]["fr"].startswith("Jouer à Solar Storm")
    assert me["name_localizations"]["fr"] == "moi" and me["description_localizations"]["fr"].startswith("Vos réglages")
    untranslated = []
    for top, sub in [(command, s) for command in (pu, storm, me) for s in command["options"]]:
        items = [(f"/{top['name']} {sub['name']}", sub)] + [(f"/{top['name']} {sub['name']} {o['name']}", o)
                                                            for o in sub.get("options", [])]
        for where, item in items:
            if "fr" not in item.get("name_localizations", {}) or "fr" not in item.get("description_localizations", {}):
                untranslated.append(where)
            for choice in item.get("choices", []):
                # the same word in both languages; languages named as their speakers write them;
                # the rules topics' choices come with the topics' French (cogs/help.py)
                if "fr" not in choice.get("name_localizations", {}) and choice["name"] not in SAME \
                        and sub["name"] != "rules":
                    untranslated.append(f"{where} choice {choice['name']}")
    assert untranslated == []
    play = next(s for s in pu["options"] if s["name"] == "play")
    assert play["name_localizations"]["fr"] == "jouer"
    assert all(loc in ("fr",) for loc in play["name_localizations"])  # English clients keep the English names


@pytest.mark.parametrize("locale", ["fr", "en-US"])
async def test_a_whole_game_is_played_in_the_players_language(world, monkeypatch, locale):
    speak(monkeypatch, locale)
    fr = locale == "fr"
    alice, bob = world.alice, world.bob
    seen = []  # every interaction's answers
    r = await alice.slash(world.channel, "pu create", players=2, remind_hours=1.0)
    seen.append(r)
    lobby = r.response
    lobby_text, lobby_labels = _texts(lobby.message)  # as it was while open (started: no buttons)
    seen.append(await bob.click(lobby, label="Rejoindre" if fr else "Join"))
    seen.append(await alice.click(lobby, label="Lancer" if fr else "Start"))
    game = (await world.service.games_of(alice.id))[-1]
    assert game.options["language"] == ("fr" if fr else "en")
    thread = thread_of(world)
    for who in (alice, bob):
        seen.append(await who.slash(thread, "pu play"))
    seen.append(await alice.slash(thread, "pu status"))
    seen.append(await alice.slash(thread, "pu act", action="not a move"))  # an error answer
    await world.env.advance_time(2 * 3600)  # a reminder for whoever has not played
    steps = 0
    while game.status == "active":
        acting = [p for p in (alice, bob) if game.seat_of(p.id) in rules.to_act(game.state)]
        who = acting[0]
        action = autoplay.default_action(game.state, game.seat_of(who.id))
        r = await who.slash(thread, "pu act", action=typed(action))
        assert r.ephemeral and r.response.content.startswith("✔"), r.response.content
        if steps % 25 == 0:
            seen.append(r)
            seen.append(await who.slash(thread, "pu score"))
            await world.env.advance_time(16 * 60)
        steps += 1
        game = await world.service.load(game.id)
    contents, labels = list(lobby_text), list(lobby_labels)
    messages = [m for r in seen for m in ([r.response] if r.response else []) + list(r.followups)]
    for message in [m.message for m in messages] + thread.history() + world.channel.history():
        c, lab = _texts(message)
        contents += c
        labels += lab
    posts = "\n".join(m.content for m in thread.history())
    if fr:
        assert in_language(0, contents, labels) == []
        assert "**Le tour 1 est ouvert.**" in posts and "**La partie n°" in posts and "vous attend" in posts
        assert "Rejoindre" in labels and "Jouer" in labels and "cherche des joueurs" in lobby_text[0]
    else:
        assert in_language(1, contents, labels) == []
        assert "**Round 1 is open.**" in posts and "is waiting for you" in posts
        assert "Join" in labels and "Play" in labels and "is looking for players" in lobby_text[0]


def test_every_button_and_menu_of_the_bot_answers_in_the_clicking_users_language():
    """Each persistent component sets the user's language before its callback runs (a
    leaderboard's page buttons once answered in English whatever the user's language)."""
    from cogs import players, ui
    from cogs.language import SpeaksToUser
    items = (*ui.DYNAMIC_ITEMS, *players.DYNAMIC_ITEMS)
    assert [i.__name__ for i in items if not issubclass(i, SpeaksToUser)] == []
