"""A Solar Storm crew in a server: the lobby (join, a computer crew-mate, start), the game's thread,
the private panels (only the player whose turn it is can act), typed actions, the computer's
turns, each turn's post in the thread and the final post; and how fast a turn's post follows
the end of the turn in the simulated Discord (issue 53: under 400 ms)."""
from __future__ import annotations

import asyncio
import random

from tests.discord.helpers import controls, thread_of
from tests.discord.storm_helpers import (
    add_crew_mate,
    panel_turn_step,
    spy_on_crew_levels,
    storm_game,
    storm_lobby,
    typed_step,
)


async def test_a_crew_of_three_with_a_computer_crew_mate_from_the_lobby_to_the_final_post(world):
    lobby = await storm_lobby(world, world.alice, players=3, difficulty="medium")
    assert "looking for a crew" in lobby.content and "medium" in lobby.content
    labels = [label for _cid, label, _kind in controls(lobby)]
    assert labels == ["Join", "Leave", "Start", "Cancel", "Add a computer crew-mate…"]
    thread = thread_of(world)
    assert thread.name.startswith("Solar Storm #")
    await world.bob.click(lobby, label="Join")
    r = await add_crew_mate(world.bob, lobby)  # the creator's menu
    assert r.ephemeral and "creator" in r.response.content.lower()
    await add_crew_mate(world.alice, lobby)
    r = await world.carol.click(lobby, label="Join")
    assert r.ephemeral and "full" in r.response.content
    await world.alice.click(lobby, label="Start")
    edited = next(m for m in world.channel.history() if m.id == lobby.id)
    assert "has started" in edited.content and not edited.components  # the lobby's buttons are gone
    game = await storm_game(world)
    assert game.status == "active" and [s.is_bot for s in game.seats] == [False, False, True]
    await world.cog.flush()
    start = [m for m in thread.history() if "begins" in m.content]
    assert len(start) == 1 and {world.alice.id, world.bob.id} <= set(start[0].raw_mentions)
    # the other player's panel while it is someone's turn: whose turn it is, and nothing to press
    acting = game.user_of(game.kind.to_act(game.state)[0])
    first, other = (world.alice, world.bob) if acting == world.alice.id else (world.bob, world.alice)
    r = await other.slash(thread, "storm play")
    assert r.ephemeral and f"It is {first.name}'s turn" in r.response.content and not r.response.components
    # the game to its end: Alice through her panel, Bob typing, the computer on its own
    rng = random.Random(4)
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    posted = 0  # turns whose post followed the end of the turn
    panel = None
    for _ in range(4000):
        game = await world.service.load(game.id)
        if game.status != "active":
            break
        who = people[game.user_of(game.kind.to_act(game.state)[0])]
        turn = game.state.turn
        posts = len(thread.history())
        if who is world.alice:
            if panel is None:
                panel = (await world.alice.slash(thread, "storm play")).response
            panel = await panel_turn_step(world, world.alice, panel, rng)
        else:
            panel = None
            await typed_step(world, world.bob, rng)
        game = await world.service.load(game.id)
        if game.state.turn != turn or game.status != "active":  # the turn ended: its post follows
            panel = None
            await world.env.settle()
            if any(m.content.startswith(f"**Turn {turn}**") for m in thread.history()[posts:]):
                posted += 1
    assert game.status == "finished"
    history = [m.content for m in thread.history()]
    turn_posts = [t for t in history if t.startswith("**Turn ")]
    assert any("Crew-mate 1" in t for t in turn_posts)  # the computer's turns are posted like anyone's
    assert any("💥" in t or "🕳" in t for t in turn_posts)  # the damage phase is in the log
    assert "won" in history[-1] or "lost" in history[-1]
    assert posted, "no turn post was seen"  # how soon it comes: bench/storm_discord_bench.py, not a timed test


async def test_the_lobby_adds_a_hard_crew_mate_that_plays_its_turns_at_the_hard_level(world, monkeypatch):
    """Issue 54: "the lobby's 'add a computer crew-mate' (with its level)": a menu of the three
    levels; the seat keeps its level and the computer plays it at that level."""
    played = spy_on_crew_levels(world, monkeypatch)
    lobby = await storm_lobby(world, world.alice, players=2)
    menu = [c for row in lobby.components for c in row["components"] if c["custom_id"].startswith("pulv:")]
    assert [o["value"] for o in menu[0]["options"]] == ["easy", "normal", "hard"]
    r = await add_crew_mate(world.alice, lobby, "hard")
    assert not r.ephemeral  # the lobby itself, edited: its crew shows the seat and its level
    edited = next(m for m in world.channel.history() if m.id == lobby.id)
    assert "2. Crew-mate 1 (hard) (computer)" in edited.content
    await world.alice.click(lobby, label="Start")
    game = await storm_game(world)
    assert [s.is_bot for s in game.seats] == [False, True]
    assert game.level_of(1, "normal") == "hard"
    rng = random.Random(3)
    for _ in range(3000):  # Alice plays her turns; the crew-mate plays its own in the worker pool
        game = await world.service.load(game.id)
        if game.status != "active" or (played and game.kind.to_act(game.state) == [0]):
            break
        if game.kind.to_act(game.state) == [0]:
            await typed_step(world, world.alice, rng)
        else:
            await asyncio.sleep(0.01)
    assert played and {level for seat, level in played if seat == 1} == {"hard"}
    assert game.status != "active" or game.kind.to_act(game.state) == [0]  # its whole turn was played
