"""Creating a game, the lobby's buttons, who may press them, and starting."""
from __future__ import annotations

import discord

from engine import data as D
from engine.setup import SUPPORTED_CORPORATIONS, SUPPORTED_PLANETS
from tests.discord.helpers import controls, create_game, finish_turns, lobby_message, start_game


async def test_create_opens_a_lobby_with_buttons_and_a_thread(world):
    r = await create_game(world, world.alice, players=3)
    assert r.acknowledged and not r.ephemeral
    assert "looking for players" in r.response.content and "alice" in r.response.content
    ids = [c["custom_id"] for row in r.response.components for c in row["components"]]
    assert [i.rsplit(":", 1)[1] for i in ids] == ["join", "leave", "boards", "bot", "boteasy", "bothard", "start", "cancel"]
    (thread,) = world.channel.threads
    assert thread.id == r.response.id


async def test_players_join_and_leave_and_the_lobby_message_follows(world):
    r = await create_game(world, world.alice, players=3)
    lobby = lobby_message(r)
    await world.bob.click(lobby, label="Join")
    await world.carol.click(lobby, label="Join")
    assert "2. bob" in lobby.content and "3. carol" in lobby.content
    full = await world.dave.click(lobby, label="Join")
    assert full.ephemeral and "full" in full.response.content
    await world.carol.click(lobby, label="Leave")
    assert "carol" not in lobby.content
    again = await world.bob.click(lobby, label="Join")
    assert again.ephemeral and "already in this game" in again.response.content


async def test_only_the_creator_or_a_manager_starts_or_cancels(world):
    r = await create_game(world, world.alice, players=2)
    lobby = lobby_message(r)
    await world.bob.click(lobby, label="Join")
    refused = await world.bob.click(lobby, label="Start")
    assert refused.ephemeral and "creator" in refused.response.content
    refused = await world.outsider.click(lobby, label="Cancel")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    started = await world.admin.click(lobby, label="Start")
    assert started.acknowledged
    assert "has started" in lobby.content
    game = (await world.service.games_of(world.alice.id))[0]
    assert game.status == "active" and game.state.players == 2


async def test_start_posts_the_first_round_in_the_thread_and_pings_players(world):
    game = await start_game(world, [world.alice, world.bob, world.carol])
    (thread,) = world.channel.threads
    texts = [m.content for m in thread.history()]
    assert any("begins" in t for t in texts)
    opened = [m for m in thread.history() if "Round 1" in m.content]
    assert opened, texts
    commander = game.user_of(game.state.commander)
    assert opened[-1].raw_mentions == [commander] and "commander" in opened[-1].content
    assert game.state.round == 1


async def test_add_bot_player_fills_a_seat(world):
    r = await create_game(world, world.alice, players=2)
    lobby = lobby_message(r)
    await world.alice.click(lobby, label="Add bot player")
    assert "Autopilot 1 (computer)" in lobby.content
    refused = await world.bob.click(lobby, label="Add bot player")
    assert refused.ephemeral and "creator" in refused.response.content


async def test_bots_of_each_level_join_from_their_buttons(world):
    r = await create_game(world, world.alice, players=3)
    lobby = lobby_message(r)
    await world.alice.click(lobby, label="Add hard bot")
    await world.alice.click(lobby, label="Add easy bot")
    assert "Autopilot 1 (hard)" in lobby.content and "Autopilot 2 (easy)" in lobby.content
    game = (await world.service.games_of(world.alice.id))[0]
    assert [game.level_of(i, "normal") for i in range(3)] == ["normal", "hard", "easy"]


async def test_create_sets_the_autopilot_level_for_seats_handed_over(world):
    await create_game(world, world.alice, players=2, autopilot="hard")
    game = (await world.service.games_of(world.alice.id))[0]
    assert game.options["autopilot_level"] == "hard"


async def test_a_command_in_a_channel_without_a_game_says_how_to_start_one(world):
    r = await world.alice.slash(world.channel, "pu play")
    assert r.ephemeral and "/pu create" in r.response.content


async def test_kick_from_the_lobby(world):
    r = await create_game(world, world.alice, players=3)
    lobby = lobby_message(r)
    await world.bob.click(lobby, label="Join")
    refused = await world.carol.slash(world.channel, "pu host kick", player=world.bob)
    assert refused.ephemeral and "creator" in refused.response.content
    ok = await world.alice.slash(world.channel, "pu host kick", player=world.bob)
    assert ok.ephemeral and "removed" in ok.response.content
    assert "bob" not in lobby.content
    assert isinstance(ok.response.message, discord.Message)


async def test_players_choose_their_planet_and_corporation_from_the_lobby(world):
    r = await create_game(world, world.alice, players=2)
    lobby = lobby_message(r)
    await world.bob.click(lobby, label="Join")
    menu = await world.alice.click(lobby, label="Choose planet & corporation")
    assert menu.ephemeral and "Your boards for game" in menu.response.content
    kinds = [c[0].split(":")[-1] for c in controls(menu.response) if c[2] == 3]
    assert kinds == ["planet", "corp"]
    planet_menu = next(c[0] for c in controls(menu.response) if c[0].endswith(":planet"))
    picked = await world.alice.select(menu.response, ["cerberus"], custom_id=planet_menu)
    assert picked.acknowledged and "planet **Cerberus**" in menu.response.content
    assert "1. alice: Cerberus" in lobby.content  # everyone sees what is taken

    # bob can't take the same asymmetric planet, and is told who has it
    theirs = await world.bob.click(lobby, label="Choose planet & corporation")
    refused = await world.bob.select(theirs.response, ["cerberus"], custom_id=planet_menu)
    assert refused.ephemeral and "alice has already chosen cerberus" in refused.response.content.lower()
    # the slash command does the same job
    ok = await world.bob.slash(world.channel, "pu choose", planet="petra", corporation="republic")
    assert ok.ephemeral and "planet **Petra**, corporation **Republic**" in ok.response.content
    assert "2. bob: Petra, Republic" in lobby.content

    outsider = await world.carol.click(lobby, label="Choose planet & corporation")
    assert outsider.ephemeral and "Join the game first" in outsider.response.content

    await world.alice.click(lobby, label="Start")
    game = (await world.service.games_of(world.alice.id))[0]
    assert game.state.config["planets"] == ["cerberus", "petra"]
    assert game.state.config["corporations"] == ["universal_coalition", "republic"]
    assert "1. alice: Cerberus, Universal Coalition" in lobby.content
    started = [m.content for m in world.channel.threads[-1].history() if "begins" in m.content]
    assert started and "Cerberus" in started[0] and "Republic" in started[0]
    late = await world.bob.slash(world.channel.threads[-1], "pu choose", planet="gaia")
    assert late.ephemeral and "in the lobby" in late.response.content


async def test_planets_and_corporations_are_suggested_as_the_player_types_in_their_language(world, monkeypatch):
    from tests.discord.test_languages import speak

    await create_game(world, world.alice, players=2)
    planets = await world.alice.autocomplete(world.channel, "pu choose", "planet", "ga")
    assert [(c["name"], c["value"]) for c in planets] == [(f"Gaia (complexity {D.planet('gaia').complexity})", "gaia")]
    every = await world.alice.autocomplete(world.channel, "pu choose", "corporation", "")
    assert every[0]["value"] == "random" and len(every) == 1 + len(SUPPORTED_CORPORATIONS)
    solo = await world.alice.autocomplete(world.channel, "pu solo", "planet", "")
    assert [c["value"] for c in solo] == list(SUPPORTED_PLANETS)  # a solo game has no other default
    assert await world.alice.autocomplete(world.channel, "pu solo", "corporation", "zzz") == []
    speak(monkeypatch, "fr")
    french = await world.alice.autocomplete(world.channel, "pu solo", "corporation", "horizon")
    assert [c["name"] for c in french] == [f"Groupe Horizon (difficulté {D.corporation('horizon_group').complexity})"]
    # a name typed instead of picked is refused with the ones there are
    typed = await world.alice.slash(world.channel, "pu choose", planet="Atlantis")
    assert typed.ephemeral and "gaia" in typed.response.content


async def test_a_solo_game_with_a_chosen_planet(world):
    r = await world.alice.slash(world.channel, "pu solo", planet="pajitnov", corporation="wormhole_corp")
    assert r.ephemeral
    game = (await world.service.games_of(world.alice.id))[0]
    assert game.state.config["planets"] == ["pajitnov"] and game.state.config["corporations"] == ["wormhole_corp"]


async def test_solo_against_computer_opponents_of_a_chosen_level_starts_at_once(world):
    r = await world.alice.slash(world.channel, "pu solo", opponents=2, level="easy")
    assert r.ephemeral
    game = (await world.service.games_of(world.alice.id))[0]
    assert game.status == "active" and game.state.players == 3
    assert [s.is_bot for s in game.seats] == [False, True, True]
    assert [game.level_of(i, "normal") for i in (1, 2)] == ["easy", "easy"]
    assert game.state.config.get("events")  # the event deck chosen (normal by default), as in solo
    assert len(world.channel.threads) == 1
    assert any("against 2 computer players" in m.content for m in world.channel.history())
    game = await finish_turns(world, game.id, [world.alice])
    assert game.state.round == 2  # the computer players played round 1 around Alice
