"""Asynchronous play: restarts, reminders, turn timers, the creator's tools."""
from __future__ import annotations

from engine import rules
from tests.discord.conftest import new_bot
from tests.discord.helpers import button, click_default, play_panel, start_game, thread_of
from tests.discord.simcord_extra import concurrently

HOUR = 3600


async def test_a_restart_mid_round_keeps_the_game_and_its_buttons(world, db):
    game = await start_game(world, [world.alice, world.bob])
    old_panel = await play_panel(world, world.alice, game.id)
    panel = await play_panel(world, world.alice, game.id)
    placing = await world.alice.click(panel.response, custom_id=button(panel.response, "a:pick large"))
    msg = placing.response
    old_bot = world.env.bot
    await world.env.restart_bot(new_bot(db))
    assert world.env.bot is not old_bot
    # the ephemeral panel sent before the restart still works
    moved = await world.alice.click(msg, custom_id=button(msg, "c:next"))
    assert moved.acknowledged and "Place your tile" in moved.response.content
    placed = await world.alice.click(moved.response, custom_id=button(moved.response, "a:place"))
    assert placed.acknowledged
    game = await world.service.load(game.id)
    assert len(game.state.seats[game.seat_of(world.alice.id)].board.tiles) == 1
    # a panel shown before the pick is out of date: its click is refused with the current panel
    stale = await world.alice.click(old_panel.response, custom_id=button(old_panel.response, "a:pick small"))
    assert stale.followups and "out of date" in stale.followups[-1].content
    game2 = await world.service.load(game.id)
    assert game2.version == game.version


async def test_a_double_click_plays_once(world):
    game = await start_game(world, [world.alice, world.bob])
    panel = await play_panel(world, world.alice, game.id)
    cid = button(panel.response, "a:pick large")
    first, second = await concurrently(world.env, lambda: world.alice.click(panel.response, custom_id=cid),
                                       lambda: world.alice.click(panel.response, custom_id=cid))
    assert first.acknowledged and second.acknowledged
    actions = [a.action for a in await world.service.repo.list_actions(game.id) if a.seat == 0]
    assert actions == ["pick large"]
    assert any("out of date" in m.content for r in (first, second) for m in r.followups)


async def test_a_waiting_player_is_reminded_and_the_last_one_is_told(world):
    game = await start_game(world, [world.alice, world.bob, world.carol], remind_hours=2)
    commander = [p for p in (world.alice, world.bob, world.carol)
                 if game.seat_of(p.id) == game.state.commander][0]
    panel = await play_panel(world, commander, game.id)
    await commander.click(panel.response, custom_id=button(panel.response, "a:turn 0"))
    thread = thread_of(world)
    await world.env.advance_time(1 * HOUR)
    assert not [m for m in thread.history() if "waiting for you" in m.content]
    await world.env.advance_time(1 * HOUR + 60)
    nudges = [m for m in thread.history() if "waiting for you" in m.content]
    assert {m.raw_mentions[0] for m in nudges} == {world.alice.id, world.bob.id, world.carol.id}
    # bob turns his reminders off; alice and carol finish their turns; nobody pings bob
    await world.bob.slash(thread, "pu reminders", on=False)
    for who in (world.alice, world.carol):
        game = await world.service.load(game.id)
        while game.seat_of(who.id) in rules.to_act(game.state):
            r = await play_panel(world, who, game.id)
            await click_default(world, who, game.id, r.response)
            game = await world.service.load(game.id)
    count = len(thread.history())
    await world.env.advance_time(3 * HOUR)
    assert not [m for m in thread.history()[count:] if world.bob.id in m.raw_mentions]
    await world.bob.slash(thread, "pu reminders", on=True)
    await world.env.advance_time(3 * HOUR)
    later = [m.content for m in thread.history()[count:]]
    assert any("last one" in t for t in later) or any("waiting for you" in t for t in later)


async def test_the_turn_timer_plays_for_an_absent_player_and_says_so(world):
    game = await start_game(world, [world.alice, world.bob], timer_hours=1, remind_hours=0)
    # alice plays her whole turn; bob does nothing
    while game.seat_of(world.alice.id) in rules.to_act(game.state):
        r = await play_panel(world, world.alice, game.id)
        await click_default(world, world.alice, game.id, r.response)
        game = await world.service.load(game.id)
    assert game.state.round == 1
    await world.env.advance_time(HOUR + 60)
    game = await world.service.load(game.id)
    assert game.state.round == 2
    notes = [m for m in thread_of(world).history() if "Time ran out" in m.content]
    assert len(notes) == 1 and world.bob.id in notes[0].raw_mentions
    assert any("Round 1 is over" in m.content for m in thread_of(world).history())


async def test_the_creator_hands_a_seat_to_the_autopilot_and_ends_the_game(world):
    game = await start_game(world, [world.alice, world.bob])
    refused = await world.bob.slash(thread_of(world), "pu host replace", seat=1)
    assert refused.ephemeral and "creator" in refused.response.content
    r = await world.alice.slash(thread_of(world), "pu host replace", seat=game.seat_of(world.bob.id) + 1)
    assert r.ephemeral and "Autopilot" in r.response.content
    game = await world.service.load(game.id)
    bob_seat = game.seats[1]
    assert bob_seat.is_bot and game.state.seats[1].step == "done"  # the autopilot played at once
    ended = await world.admin.slash(thread_of(world), "pu host end")
    assert ended.ephemeral
    assert (await world.service.load(game.id)).status == "cancelled"
    late = await world.alice.slash(thread_of(world), "pu act", action="pick large")
    assert late.ephemeral and "ended" in late.response.content
