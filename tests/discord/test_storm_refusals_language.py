"""Issue 53: a wrong /storm act gets a short private answer saying what was wrong and what would
be right, in the reader's language: the rules' refusals (not only the typos) read French for a
French player, with the French verbs to type, and English for an English one; a move out of turn
is answered with the name of the person whose turn it is ("It is alice's turn, not yours.")."""
from __future__ import annotations

import pytest

from tests.discord.helpers import thread_of
from tests.discord.storm_helpers import storm_game
from tests.discord.test_languages import speak
from tests.engine.solar_storm.test_french_messages import english_words

TYPED = {"fr": ["collecter 1", "jeton", "défausser métal", "ordonner métal", "relancer"],
         "en": ["collect 1", "token", "discard metal", "order metal", "reactivate"]}
EXPECTED = {"fr": ["On collecte après ses actions : terminez-les d'abord (fin).",
                   "Vous n'avez pas de jeton d'action."],
            "en": ["Collect after your actions: end them first (end).", "You hold no action token."]}


@pytest.mark.parametrize("locale", ["fr", "en-US"])
async def test_a_move_the_rules_refuse_is_answered_privately_in_the_players_language(world, monkeypatch, locale):
    speak(monkeypatch, locale)
    language = locale[:2]
    lobby = (await world.alice.slash(world.channel, "storm create", players=2)).response
    await world.bob.click(lobby, label="Rejoindre" if language == "fr" else "Join")
    await world.alice.click(lobby, label="Lancer" if language == "fr" else "Start")
    game = await storm_game(world)
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    active = people[game.user_of(game.kind.to_act(game.state)[0])]
    other = world.bob if active is world.alice else world.alice
    answers = [await active.slash(thread_of(world), "storm act", action=text) for text in TYPED[language]]
    answers.append(await other.slash(thread_of(world), "storm act", action=TYPED[language][0]))
    texts = [a.response.content for a in answers]
    assert all(a.ephemeral for a in answers), texts
    assert texts[:2] == EXPECTED[language]
    if language == "fr":
        assert [t for t in texts if english_words(t)] == []
    # the refusal of a move out of turn names the person whose turn it is, not their seat
    name = game.seats[game.kind.to_act(game.state)[0]].display_name
    assert texts[-1] == {"fr": f"C'est à {name} de jouer, pas à vous.",
                         "en": f"It is {name}'s turn, not yours."}[language]
    assert (await world.service.load(game.id)).version == game.version  # nothing changed
