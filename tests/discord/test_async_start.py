"""Asynchronous play as real groups use it (issue 51), end to end on SimCord with its simulated
clock: a game started while someone is away or in their quiet hours, a typo while away, away
spells that run out, allow-away off, a slow station turn and the turn timer, the stall notice
at night, and a daily challenge that never reminds in public."""
from __future__ import annotations

import re

import pytest

from engine import rules
from tests.discord.conftest import new_bot
from tests.discord.helpers import button, click_default, play_panel, start_game, thread_of

HOUR = 3600
DAY = 24 * HOUR
TICK = 600  # the test bot's heartbeat (conftest.new_bot)


def stamps(text: str) -> list[int]:
    return [int(t) for t in re.findall(r"<t:(\d+):", text)]


def quiet_now(world) -> dict:
    """Quiet hours (UTC) around the simulated now: from the hour before to three hours on."""
    hour = world.env.now().hour
    return {"quiet_start": (hour - 1) % 24, "quiet_end": (hour + 3) % 24}


async def turn_station(world, game, players):
    """The commander turns the station (if a person must: an away commander's is played)."""
    if game.state.phase != "rotate":
        return game
    commander = next((p for p in players if game.seat_of(p.id) == game.state.commander), None)
    if commander is not None:
        panel = await play_panel(world, commander, game.id)
        await commander.click(panel.response, custom_id=button(panel.response, "a:turn 0"))
    return await world.service.load(game.id)


def posts(world, text):
    return [m for m in thread_of(world).history() + world.channel.history() if text in m.content]


async def test_a_game_started_while_one_is_away_and_one_is_asleep_treats_round_one_like_any(world):
    """Bob went away (from another game), alice is in her quiet hours, carol turned the
    new-round ping off: the new game's start and round 1 ping none of them, and bob's seat
    is played by the autopilot instead of stopping the game."""
    await start_game(world, [world.alice, world.bob], remind_hours=0)
    r = await world.bob.slash(thread_of(world), "me away", days=3)
    assert r.ephemeral and "away until" in r.response.content
    await world.alice.slash(world.channel, "me settings", **quiet_now(world))
    await world.carol.slash(world.channel, "me settings", round_ping=False)
    game = await start_game(world, [world.alice, world.bob, world.carol], remind_hours=0)
    begins = posts(world, f"Game #{game.id} begins")
    assert len(begins) == 1
    assert world.alice.id not in begins[0].raw_mentions and world.bob.id not in begins[0].raw_mentions
    assert world.carol.id in begins[0].raw_mentions
    game = await turn_station(world, game, [world.alice, world.carol])
    opened = posts(world, "Round 1 is open")
    assert len(opened) == 1 and not opened[0].raw_mentions, opened[0].content
    assert game.seat_of(world.bob.id) not in rules.to_act(game.state)  # played for him
    assert posts(world, "played by the autopilot for bob")


async def test_a_typo_while_away_keeps_away_mode(world):
    game = await start_game(world, [world.alice, world.bob], remind_hours=0)
    thread = thread_of(world)
    await world.alice.slash(thread, "pu host allow-away", allow=False)  # her seat waits for her here
    await world.alice.slash(thread, "me away", days=2)
    r = await world.alice.slash(thread, "pu act", action="place Z99 9")
    assert r.ephemeral
    shown = await world.alice.slash(world.channel, "me settings")
    assert "Away until" in shown.response.content  # a refused move changes nothing
    assert game.seat_of(world.alice.id) in rules.to_act((await world.service.load(game.id)).state)


@pytest.mark.simcord(settle_timeout=60)
async def test_when_everyones_away_spell_runs_out_the_timers_come_back(world, db):
    await world.env.restart_bot(new_bot(db, heartbeat_seconds=HOUR))  # a day of heartbeats, quicker
    game = await start_game(world, [world.alice, world.bob], remind_hours=0, timer_hours=6)
    thread = thread_of(world)
    await world.alice.slash(thread, "me away", days=1)
    await world.bob.slash(thread, "me away", days=1)
    status = await world.bob.slash(thread, "pu status")
    assert "timer runs out" not in status.response.content
    await world.env.advance_time(DAY + HOUR + 60)
    status = await world.bob.slash(thread, "pu status")
    assert status.response.content.count("timer runs out <t:") == 2, status.response.content
    await world.env.advance_time(6 * HOUR + HOUR)
    assert [m for m in thread.history() if "Time ran out" in m.content]
    assert (await world.service.load(game.id)).status == "active"


async def test_with_allow_away_off_the_away_player_is_pinged_for_the_round(world):
    """Away mode is off in this game, so the seat of the player who went away waits for them:
    the round's opening post calls on them with a ping like everyone else."""
    players = [world.alice, world.bob, world.carol]
    game = await start_game(world, players, remind_hours=0)
    thread = thread_of(world)
    await world.alice.slash(thread, "pu host allow-away", allow=False)
    away = next(p for p in (world.bob, world.carol) if game.seat_of(p.id) != game.state.commander)
    r = await away.slash(thread, "me away", days=3)
    assert "Away mode is off in: #" in r.response.content
    game = await turn_station(world, game, players)
    assert game.seat_of(away.id) in rules.to_act(game.state)
    opened = [m for m in thread.history() if "Round 1 is open" in m.content]
    assert len(opened) == 1 and away.id in opened[0].raw_mentions, opened[0].content


async def test_a_slow_station_turn_does_not_shorten_the_round_posted_deadline(world):
    """The commander takes 50 minutes to turn the station; the round's post then promises an
    hour, and the panel and /pu status say the same; the autopilot acts then, not before."""
    players = [world.alice, world.bob, world.carol]
    game = await start_game(world, players, remind_hours=0, timer_hours=1)
    assert game.state.phase == "rotate"
    await world.env.advance_time(50 * 60)
    turned = world.service.clock()
    game = await turn_station(world, game, players)
    thread = thread_of(world)
    opened = [m for m in thread.history() if "Round 1 is open" in m.content]
    deadline = stamps(opened[0].content.split("⏱")[1])
    assert deadline == [int(turned + HOUR)] * 2
    for p in players:
        panel = await play_panel(world, p, game.id)
        assert set(stamps(panel.response.content.split("⏱")[1])) == set(deadline), p
    status = await world.bob.slash(thread, "pu status")
    timers = [x for x in status.response.content.split("\n") if "timer runs out" in x]
    assert len(timers) == 3 and {t for x in timers for t in stamps(x)} == set(deadline)
    await world.env.advance_time(turned + HOUR - world.service.clock() - TICK - 60)
    assert not [m for m in thread.history() if "Time ran out" in m.content]
    await world.env.advance_time(2 * TICK + 120)
    assert len([m for m in thread.history() if "Time ran out" in m.content]) == 3


@pytest.mark.simcord(settle_timeout=60)
async def test_the_stall_notice_names_a_player_in_quiet_hours_without_pinging(world, db):
    await world.env.restart_bot(new_bot(db, heartbeat_seconds=HOUR))
    await world.alice.slash(world.channel, "me settings", **quiet_now(world))
    await start_game(world, [world.alice, world.bob], remind_hours=0, stall_days=1)
    await world.env.advance_time(DAY + 2 * HOUR)
    notice = [m for m in thread_of(world).history() if "no move for 1 day" in m.content]
    assert len(notice) == 1
    assert world.alice.id not in notice[0].raw_mentions and "alice" in notice[0].content
    assert world.bob.id in notice[0].raw_mentions


async def test_a_daily_challenge_never_reminds_in_the_channel(world):
    await world.alice.slash(world.channel, "me settings", reminder_hours=1)
    panel = await world.alice.slash(world.channel, "pu daily")
    (game,) = await world.service.games_of(world.alice.id)
    await click_default(world, world.alice, game.id, panel.response)  # a move: reminders are scheduled now
    assert len(await world.service.repo.list_actions(game.id)) >= 1
    await world.env.advance_time(3 * HOUR + TICK)
    everywhere = world.channel.history() + [m for t in world.channel.threads for m in t.history()]
    dm = world.alice.user.dm_channel
    everywhere += dm.history() if dm is not None else []
    assert not [m for m in everywhere if "waiting for you" in m.content]
