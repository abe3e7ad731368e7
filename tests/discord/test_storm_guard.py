"""Solar Storm against bad input and for privacy, in the simulated Discord: forged and outdated
components on a storm game and bad verbs on a player's own panel (each a short private answer,
the game unchanged, nothing logged at ERROR); a whole no-peek crew game whose public messages
never carry a panel or a deck count (the optional rule: « Vous ne pouvez pas regarder les
paquets [...] Cela inclut le comptage des cartes »)."""
from __future__ import annotations

import logging
import random
import re

import discord

from tests.discord.helpers import thread_of
from tests.discord.storm_helpers import add_crew_mate, storm_game, storm_lobby, typed_step
from tests.discord.test_fuzz import answers, assert_private_and_short, game_states, send_forged
from tests.service.test_fuzz import junk

BAD_VERBS = ["k:fly", "k:", "p:-5", "p:abc", "p:99999", "a:", "a:move nowhere", "a:give nanobots 9",
             "a:scavenge scavenge", "x:y", "a:" + "é" * 60, "k:undo", "a:end end", "p:1e9", "a:take data 0"]


async def storm_crew(world, **options):
    lobby = await storm_lobby(world, world.alice, players=3, **options)
    await world.bob.click(lobby, label="Join")
    await add_crew_mate(world.alice, lobby)
    await world.alice.click(lobby, label="Start")
    game = await storm_game(world)
    acting = game.user_of(game.kind.to_act(game.state)[0])
    first, other = (world.alice, world.bob) if acting == world.alice.id else (world.bob, world.alice)
    return game, first, other


async def test_forged_components_and_bad_panel_verbs_on_a_storm_game_are_refused_privately(world, monkeypatch,
                                                                                          caplog):
    from cogs import ui

    game, first, other = await storm_crew(world)
    thread = thread_of(world)
    stamp = game.kind.stamp(game.state, game.seat_of(first.id))
    before = await game_states(world, [game.id])
    rng = random.Random(5)
    forged_ids = [f"pub:{game.id}:{game.seat_of(first.id)}:{stamp}:a:end",  # someone else's panel
                  f"pub:{game.id}:0:000000:a:end", f"pul:{game.id}:boards", f"pul:{game.id}:start",
                  f"pul:{game.id}:crew", f"pus:{game.id}",
                  f"pum:{game.id}:0:{stamp}:0"] + [f"pub:{game.id}:1:{stamp}:{junk(rng)}"[:100] for _ in range(6)]
    forged = await send_forged(world, thread, forged_ids)
    with caplog.at_level(logging.WARNING):
        for cid in forged_ids:
            for user in (other, world.outsider):
                r = await user.click(forged, custom_id=cid)
                assert_private_and_short(r, f"{user.name} clicked {cid!r}", forged)
        # a Play button pressed by the crew-mate who waits: whose turn it is, privately, nothing to press
        play = await send_forged(world, thread, [f"pup:{game.id}"])
        r = await other.click(play, custom_id=f"pup:{game.id}")
        (shown,) = answers(r, play)
        assert shown.ephemeral and f"It is {first.name}'s turn" in shown.content and not shown.components
        # the active player's own panel, its buttons' verbs changed by a modified client
        real = ui.panel_view

        def forged_panel(panel):
            view = discord.ui.View(timeout=None)
            for i, verb in enumerate(BAD_VERBS):
                view.add_item(ui.PanelButton(panel.game_id, panel.seat, panel.stamp, verb, "x", row=i // 5))
            return view

        monkeypatch.setattr(ui, "panel_view", forged_panel)
        panel = (await first.slash(thread, "storm play")).response
        for verb in BAD_VERBS:  # (each answer draws the forged buttons again)
            cid = next(c["custom_id"] for row in panel.components for c in row["components"]
                       if c["custom_id"].endswith(":" + verb))
            r = await first.click(panel, custom_id=cid)
            assert r.acknowledged, verb
            got = answers(r)
            assert all(m.ephemeral and len(m.content) <= 2000 for m in got), verb
            assert "Sorry, something went wrong" not in " ".join(m.content for m in got), verb
        monkeypatch.setattr(ui, "panel_view", real)
    assert await game_states(world, [game.id]) == before
    assert [x.getMessage() for x in caplog.records if x.levelno >= logging.ERROR] == []


async def test_a_no_peek_game_shows_no_deck_count_and_no_panel_in_public(world):
    game, _first, _other = await storm_crew(world, no_peek=True)
    thread = thread_of(world)
    rng = random.Random(8)
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    private = []
    for _ in range(3000):
        game = await world.service.load(game.id)
        if game.status != "active":
            break
        who = people[game.user_of(game.kind.to_act(game.state)[0])]
        if rng.random() < 0.1:
            private.append((await who.slash(thread, "storm play")).response)
        private.append((await typed_step(world, who, rng)).response)
    assert game.status == "finished"
    await world.cog.flush()
    count = re.compile(r"(resource|damage) deck: \d")
    for message in thread.history() + world.channel.history():
        ids = [c.custom_id or "" for row in message.components for c in getattr(row, "children", [])]
        assert not any(i.startswith(("pub:", "pum:")) for i in ids), "a panel in public"
        if game.status == "active" or message.content.startswith("**Turn"):
            assert not count.search(message.content), message.content[:200]
    for message in private:  # the rule holds in the players' own panels too
        assert message.ephemeral and not count.search(message.content), message.content[:200]
