"""A whole Solar Storm game on a French server: /storm's lobby, buttons, announcements, answers,
panels and every post of the game's thread in French with the rulebook's words (difficulté
« moyenne », « Tour 1 »), checked against the catalogue for any English left; the same game on an
English server stays English."""
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
        assert labels == [_("Join"), _("Leave"), _("Start"), _("Cancel"), _("Add a computer crew-mate…"),
                          _("Easy"), _("Normal"), _("Hard")]
    if fr:  # the rulebook's name of the level: « Moyenne »
        assert "cherche un équipage" in contents[0] and "difficulté moyenne" in contents[0]
    else:
        assert "looking for a crew" in contents[0] and "difficulty medium" in contents[0]
    await world.bob.click(lobby, label=labels[0])
    await world.alice.click(lobby, label=labels[2])
    game = await storm_game(world)
    assert game.options["language"] == language
    thread = thread_of(world)
    answers = [await world.alice.slash(thread, "storm act", action="x" * 101),  # too long
               await world.alice.slash(thread, "storm status")]
    rng = random.Random(1)
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    for step in range(3000):  # the whole game, typed: every panel that answers is kept
        game = await world.service.load(game.id)
        if game.status != "active":
            break
        played = await typed_step(world, people[game.user_of(game.kind.to_act(game.state)[0])], rng)
        if step % 7 == 0:
            answers.append(played)
    assert game.status == "finished"
    await world.cog.flush()
    answers.append(await world.alice.slash(world.channel, "storm solo", crew=1))
    shown = [m for m in world.channel.history() + thread.history()
             if m.type != discord.MessageType.thread_created]  # (a thread's name is its game's title)
    posts = "\n".join(m.content for m in thread.history())
    assert ("Tour 1" if fr else "Turn 1") in posts
    for message in [a.response.message for a in answers] + shown:
        c, lab = _texts(message)
        contents += c
        labels += lab
    assert in_language(0 if fr else 1, contents, labels) == []
    if fr:
        assert any("équipier ordinateur" in c for c in contents)  # the announcement of /storm solo
        assert any("trop longue" in c for c in contents)
