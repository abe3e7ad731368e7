"""A Solar Storm game on a French server: /storm's lobby, buttons, announcements and answers in
French with the rulebook's words (difficulté « moyenne »), the game's posts in the game's language;
the same game on an English server stays English. (The turn posts' and panels' own words are the
game kind's: service/kinds/solar_storm.py and its catalogue entries.)"""
from __future__ import annotations

import random

import discord
import pytest

from i18n import _, use
from tests.discord.helpers import thread_of
from tests.discord.storm_helpers import storm_game, typed_step
from tests.discord.test_languages import _texts, in_language, speak


@pytest.mark.parametrize("locale", ["fr", "en-US"])
async def test_a_storm_lobby_and_its_game_speak_the_servers_language(world, monkeypatch, locale):
    speak(monkeypatch, locale)
    fr = locale == "fr"
    language = "fr" if fr else "en"
    r = await world.alice.slash(world.channel, "storm create", players=2, difficulty="medium")
    lobby = r.response
    contents, labels = _texts(lobby.message)
    with use(language):
        assert labels == [_("Join"), _("Leave"), _("Add a computer crew-mate"), _("Start"), _("Cancel")]
    if fr:  # the rulebook's name of the level: « Moyenne »
        assert "cherche un équipage" in contents[0] and "difficulté moyenne" in contents[0]
    else:
        assert "looking for a crew" in contents[0] and "difficulty medium" in contents[0]
    await world.bob.click(lobby, label=labels[0])
    await world.alice.click(lobby, label=labels[3])
    game = await storm_game(world)
    assert game.options["language"] == language
    thread = thread_of(world)
    acting = world.alice if game.user_of(game.kind.to_act(game.state)[0]) == world.alice.id else world.bob
    played = await typed_step(world, acting, random.Random(1))
    assert played.response.content.startswith("✔")
    answers = [await world.alice.slash(thread, "storm act", action="x" * 101),  # too long
               await world.alice.slash(world.channel, "storm solo", crew=1)]
    shown = [m for m in world.channel.history() if m.type != discord.MessageType.thread_created]  # (names)
    for message in [a.response.message for a in answers] + shown:
        c, lab = _texts(message)
        contents += c
        labels += lab
    assert in_language(0 if fr else 1, contents, labels) == []
    if fr:
        assert any("équipier ordinateur" in c for c in contents)  # the announcement of /storm solo
        assert any("trop longue" in c for c in contents)
