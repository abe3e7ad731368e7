"""A whole Solar Storm game alone in Discord: /storm solo, the private panel, typed actions, the
thread's turn posts, the final post and the replay file."""
from __future__ import annotations

import json
import random

from engine.solar_storm import dump, replay
from tests.discord.helpers import thread_of
from tests.discord.storm_helpers import panel_turn_step, storm_game, typed_step


async def test_a_whole_solo_game_one_person_running_three_crew_members(world):
    r = await world.alice.slash(world.channel, "storm solo", difficulty="easy")
    assert r.ephemeral and "Choose an action" in r.response.content
    announced = [m.content for m in world.channel.history()]
    assert any("Solar Storm" in t and "three crew members" in t for t in announced)
    thread = thread_of(world)
    assert thread.name.startswith("Solar Storm #")
    game = await storm_game(world)
    assert game.state.crew == 3  # rulebook, solo: « vous contrôlez 3 membres d'équipage »
    rng = random.Random(11)
    panel = r.response
    for _ in range(12):  # the first actions through the panel's menu and buttons
        panel = await panel_turn_step(world, world.alice, panel, rng)
    seen = set()
    for _ in range(3000):  # then typed, as the autocomplete suggests, to the end
        game = await world.service.load(game.id)
        if game.status != "active":
            break
        seen.add(game.state.active)
        await typed_step(world, world.alice, rng)
    assert game.status == "finished"
    assert seen == {0, 1, 2}  # the one person acted for each crew member in turn
    await world.cog.flush()
    posts = [m.content for m in thread.history()]
    assert any(t.startswith("**Turn 1**") for t in posts)
    assert "won" in posts[-1] or "lost" in posts[-1]
    assert "/storm export" in posts[-1]
    # a past turn, privately: its log as the thread showed it
    shown = await world.alice.slash(thread, "storm history", turn=1)
    assert shown.ephemeral and "1" in shown.response.content.splitlines()[0]
    turn_one = next(t for t in posts if t.startswith("**Turn 1**")).splitlines()[1:]
    assert turn_one and all(line in shown.response.content for line in turn_one)
    # the replay file replays to the same game (engine.solar_storm.replay reads it)
    exported = await world.alice.slash(thread, "storm export")
    (att,) = exported.response.attachments
    record = json.loads(await att.read())
    assert dump(replay(record)) == dump(game.state)


async def test_export_waits_for_the_end_and_a_wrong_action_gets_a_short_private_answer(world, caplog):
    await world.alice.slash(world.channel, "storm solo")
    thread = thread_of(world)
    game = await storm_game(world)
    r = await world.alice.slash(thread, "storm export")
    assert r.ephemeral and "once the game is over" in r.response.content
    r = await world.alice.slash(thread, "storm act", action="fly to the moon")
    assert r.ephemeral and "not an action" in r.response.content and len(r.response.content) < 500
    r = await world.alice.slash(thread, "storm act", action="x" * 101)
    assert r.ephemeral and "too long" in r.response.content
    r = await world.alice.slash(thread, "storm history")  # no turn is over yet
    assert r.ephemeral and r.response.content and len(r.response.content) < 500
    r = await world.bob.slash(thread, "storm play")  # not in this game
    assert r.ephemeral and "not playing" in r.response.content
    r = await world.alice.slash(thread, "pu play")  # the other game's commands
    assert r.ephemeral and "/storm" in r.response.content
    assert (await world.service.load(game.id)).version == game.version
    assert not [rec for rec in caplog.records if rec.levelname == "ERROR"]


async def test_storm_solo_with_computer_crew_mates_at_a_chosen_level(world):
    """/storm solo crew:N level:L seats N computer crew-mates that play at level L (issue 54)."""
    r = await world.alice.slash(world.channel, "storm solo", crew=2, level="easy")
    assert r.ephemeral
    game = await storm_game(world)
    assert game.status == "active" and [s.is_bot for s in game.seats] == [False, True, True]
    assert [game.level_of(i, "normal") for i in (1, 2)] == ["easy", "easy"]
