"""Asynchronous play that respects people's lives (issue 16): personal settings (reminder
delay, quiet hours, reminders by direct message), away mode, the creator's pause, stalled
games, and bad input to these commands, end to end on SimCord with its simulated clock."""
from __future__ import annotations

import datetime as dt
import logging
import random
import zoneinfo

import pytest

from engine import rules
from tests.discord.conftest import new_bot
from tests.discord.helpers import button, finish_turns, play_default_step, play_panel, start_game, thread_of

HOUR = 3600
DAY = 24 * HOUR
TICK = 600  # the test bot's heartbeat (conftest.new_bot)


async def turn_station(world, game):
    """The commander turns the station if the round starts with that, so that every player has
    a tile to place."""
    if game.state.phase != "rotate":
        return game
    players = (world.alice, world.bob, world.carol)
    commander = [p for p in players if game.seat_of(p.id) == game.state.commander][0]
    panel = await play_panel(world, commander, game.id)
    await commander.click(panel.response, custom_id=button(panel.response, "a:turn 0"))
    return await world.service.load(game.id)


def pings(thread, user, since=0):
    return [m for m in thread.history()[since:] if user.id in m.raw_mentions and "waiting for you" in m.content]


async def test_quiet_hours_hold_a_due_reminder_until_they_end(world):
    """A reminder due in the player's quiet hours (their own time zone) waits until the window ends."""
    zone = zoneinfo.ZoneInfo("Asia/Tokyo")
    now = world.env.now()
    local = now.astimezone(zone)
    start, end = (local + dt.timedelta(hours=1)).hour, (local + dt.timedelta(hours=5)).hour
    r = await world.alice.slash(world.channel, "me settings", time_zone="asia/tokyo", quiet_start=start, quiet_end=end)
    assert r.ephemeral and "Asia/Tokyo" in r.response.content and f"{start:02d}:00" in r.response.content
    game = await start_game(world, [world.alice, world.bob], remind_hours=2)
    await turn_station(world, game)
    thread = thread_of(world)
    await world.env.advance_time(2 * HOUR + TICK + 60)
    assert pings(thread, world.bob)            # bob has no quiet hours: reminded on time
    assert not pings(thread, world.alice)      # alice's reminder falls in her quiet hours
    window_end = local.replace(minute=0, second=0, microsecond=0) + dt.timedelta(hours=5)
    until_end = (window_end - world.env.now().astimezone(zone)).total_seconds()
    await world.env.advance_time(until_end - 120)
    assert not pings(thread, world.alice)      # still quiet just before the end
    await world.env.advance_time(120 + TICK + 60)
    assert len(pings(thread, world.alice)) == 1  # reminded once the window is over


async def test_a_dm_reminder_arrives_as_a_direct_message_with_the_threads_link(world):
    r = await world.alice.slash(world.channel, "me settings", reminders_by="dm")
    assert r.ephemeral and "direct message" in r.response.content
    game = await start_game(world, [world.alice, world.bob], remind_hours=1)
    await turn_station(world, game)
    thread = thread_of(world)
    await world.env.advance_time(HOUR + TICK + 60)
    dms = [m.content for m in world.alice.user.dm_channel.history()]
    link = f"https://discord.com/channels/{world.guild.id}/{thread.id}"
    assert any("waiting for you" in t and link in t for t in dms), dms
    assert not pings(thread, world.alice)  # not in the thread too
    assert pings(thread, world.bob)        # bob still gets his in the thread


async def test_a_dm_reminder_discord_refuses_is_given_in_the_thread_instead(world, caplog):
    """A player who chose DM reminders but whose DMs are closed (Discord answers 403, code
    50007 "Cannot send messages to this user") is still reminded: in the game's thread, with a
    mention, once; and nothing is logged as an error."""
    await world.alice.slash(world.channel, "me settings", reminders_by="dm")
    game = await start_game(world, [world.alice, world.bob], remind_hours=1)
    await turn_station(world, game)
    thread = thread_of(world)
    dm = await (await world.env.bot.fetch_user(world.alice.id)).create_dm()  # the bot's DM channel to alice
    world.env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
    with caplog.at_level(logging.WARNING):
        await world.env.advance_time(HOUR + TICK + 60)
    assert not [m for m in world.alice.user.dm_channel.history() if "waiting for you" in m.content]
    reminders = [m for m in thread.history() if world.alice.id in m.raw_mentions and "waiting for you" in m.content]
    assert len(reminders) == 1, [m.content for m in reminders]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_away_mode_plays_a_whole_round_and_back_returns_control(world):
    game = await start_game(world, [world.alice, world.bob], remind_hours=0)
    alice = game.seat_of(world.alice.id)
    r = await world.alice.slash(thread_of(world), "me away", days=3)
    assert r.ephemeral and "away until <t:" in r.response.content and f"#{game.id}" in r.response.content
    status = await world.bob.slash(thread_of(world), "pu status")
    assert "away until <t:" in status.response.content
    # bob alone plays round 1, and alice's round-2 turn is played for her as the round opens;
    # she comes back after that, so a decision of hers left in round 2 (a civ card her
    # autopilot's move earned) is hers to make
    for target in (2, 3):
        for _ in range(200):
            game = await world.service.load(game.id)
            if game.state.round >= target:
                break
            acting = rules.to_act(game.state)
            if target == 2:
                assert alice not in acting  # never waits for the away player
            who = world.alice if alice in acting else world.bob
            await play_default_step(world, who, game.id)
        if target == 2:
            mid = await world.service.load(game.id)
            assert mid.state.round == 2
            back = await world.alice.slash(thread_of(world), "me back")
            assert back.ephemeral and "back" in back.response.content.lower()
    played = [a for a in await world.service.repo.list_actions(game.id) if a.seat == alice]
    assert played  # the autopilot played her seat
    notes = [m.content for m in thread_of(world).history() if "played by the autopilot for alice" in m.content]
    assert notes and all("away until <t:" in n for n in notes)
    assert not any(world.alice.id in m.raw_mentions for m in thread_of(world).history()
                   if "played by the autopilot" in m.content)
    # back: in round 3 the game waits for her again
    game = await world.service.load(game.id)
    assert game.state.round == 3
    for _ in range(100):
        game = await world.service.load(game.id)
        if game.seat_of(world.bob.id) not in rules.to_act(game.state):
            break
        await play_default_step(world, world.bob, game.id)
    assert alice in rules.to_act(game.state) and game.state.round == 3


async def test_a_move_of_an_away_player_ends_away_mode(world):
    game = await start_game(world, [world.alice, world.bob], remind_hours=0)
    refused = await world.bob.slash(thread_of(world), "pu host allow-away", allow=False)  # bob is not the creator
    assert refused.ephemeral and (await world.service.load(game.id)).options["allow_away"] is True
    ok = await world.alice.slash(thread_of(world), "pu host allow-away", allow=False)
    assert ok.ephemeral and (await world.service.load(game.id)).options["allow_away"] is False
    r = await world.alice.slash(thread_of(world), "me away", days=2)
    assert "Away mode is off in: #" in r.response.content  # her seat here waits for her
    assert (await world.service.settings_for(world.alice.id)).away(world.service.clock())
    game = await world.service.load(game.id)
    assert game.seat_of(world.alice.id) in rules.to_act(game.state)
    await play_default_step(world, world.alice, game.id)
    assert not (await world.service.settings_for(world.alice.id)).away(world.service.clock())


async def test_a_player_who_turned_off_the_new_round_ping_is_named_not_pinged(world):
    r = await world.bob.slash(world.channel, "me settings", round_ping=False)
    assert "new round opens: no" in r.response.content
    game = await start_game(world, [world.alice, world.bob], remind_hours=0)
    await finish_turns(world, game.id, [world.alice, world.bob])
    opened = [m for m in thread_of(world).history() if "Round 2 is open" in m.content]
    assert len(opened) == 1
    assert world.alice.id in opened[0].raw_mentions and world.bob.id not in opened[0].raw_mentions
    assert "bob" in opened[0].content


async def test_a_paused_game_runs_no_timer_until_it_is_resumed(world):
    game = await start_game(world, [world.alice, world.bob], timer_hours=1, remind_hours=0)
    thread = thread_of(world)
    opened = [m.content for m in thread.history() if "Round 1 is open" in m.content]
    assert "Turn timer" in opened[0] and ":R>" in opened[0] and ":f>" in opened[0]
    refused = await world.bob.slash(thread, "pu host pause")
    assert refused.ephemeral and "creator" in refused.response.content
    r = await world.alice.slash(thread, "pu host pause")
    assert r.ephemeral and "paused" in r.response.content
    await world.env.advance_time(3 * HOUR)
    assert [m for m in thread.history() if "paused by" in m.content and f"<@{world.alice.id}>" in m.content]
    assert not [m for m in thread.history() if "Time ran out" in m.content]
    status = await world.bob.slash(thread, "pu status")
    assert "Paused by" in status.response.content
    game = await world.service.load(game.id)
    assert game.state.round == 1
    await world.admin.slash(thread, "pu host resume")
    status = await world.bob.slash(thread, "pu status")
    assert "timer runs out <t:" in status.response.content and ":R>" in status.response.content
    panel = await play_panel(world, world.bob, game.id)  # his own panel says when his time runs out
    assert "Your turn timer runs out <t:" in panel.response.content
    await world.env.advance_time(HOUR + TICK + 60)
    assert [m for m in thread.history() if "Time ran out" in m.content]


@pytest.mark.simcord(settle_timeout=60)  # the autopilot plays the whole game and its posts go out in one step
async def test_a_stalled_game_is_pinged_then_finished_by_the_autopilot(world, db):
    await world.env.restart_bot(new_bot(db, heartbeat_seconds=6 * HOUR))  # 28 days of heartbeats, quicker
    game = await start_game(world, [world.alice, world.bob], remind_hours=0, stall_days=3)
    thread = thread_of(world)
    await world.env.advance_time(3 * DAY - HOUR)
    assert not [m for m in thread.history() if "no move for" in m.content]
    await world.env.advance_time(7 * HOUR)
    notice = [m for m in thread.history() if "no move for 3 days" in m.content]
    assert len(notice) == 1
    assert {world.alice.id} <= set(notice[0].raw_mentions) and "<t:" in notice[0].content
    assert (await world.service.load(game.id)).status == "active"
    await world.env.advance_time(13 * DAY)
    assert (await world.service.load(game.id)).status == "active"  # the second period is 14 days
    await world.env.advance_time(DAY)
    game = await world.service.load(game.id)
    assert game.status == "finished"
    assert [m for m in thread.history() if "stalled: the autopilot now plays" in m.content]
    assert [m for m in thread.history() if "is over" in m.content]


async def test_settings_survive_a_restart_and_apply_to_every_game_of_the_user(world, db):
    """Property over several games with random reminder delays: once alice sets her own
    delay, each of her games reminds her after it (bob keeps each game's own), and a
    restarted bot still knows it."""
    rng = random.Random(16)
    games = []
    for _ in range(3):
        game = await start_game(world, [world.alice, world.bob], remind_hours=rng.choice([1, 3, 12, 30]))
        games.append(await turn_station(world, game))
    mine = rng.choice([2, 5, 20])
    r = await world.alice.slash(world.channel, "me settings", reminder_hours=mine)
    assert r.ephemeral and f"after {mine} h" in r.response.content
    await world.env.restart_bot(new_bot(db))
    now = world.service.clock()
    for game in games:
        rem = {(r.seat, r.kind): r.due_at for r in await world.service.repo.list_reminders(game.id)}
        alice, bob = (game.seats[game.seat_of(p.id)].seat for p in (world.alice, world.bob))
        assert abs(rem[(alice, "nudge")] - (now + mine * HOUR)) < 120
        assert abs(rem[(bob, "nudge")] - now) <= game.options["remind_hours"] * HOUR
    shown = await world.alice.slash(world.channel, "me settings")
    assert f"after {mine} h" in shown.response.content
    # the panel, after the restart, changes them too: back to each game's own delay
    panel = shown.response
    changed = await world.alice.select(panel, ["game"], custom_id="pux:remind")
    assert changed.acknowledged
    assert (await world.service.settings_for(world.alice.id)).remind_hours is None
    toggled = await world.alice.click(changed.response or panel, custom_id="puy:dm")
    assert toggled.acknowledged and (await world.service.settings_for(world.alice.id)).remind_dm


async def test_bad_settings_and_away_requests_get_a_private_answer_and_nothing_is_logged(world, caplog):
    await start_game(world, [world.alice, world.bob])
    thread = thread_of(world)
    cases = [
        (world.alice, "me settings", {"time_zone": "Mars/Olympus_Mons"}, "Unknown time zone"),
        (world.alice, "me settings", {"quiet_start": 25, "quiet_end": 3}, "0 to 23"),
        (world.alice, "me settings", {"quiet_start": 22}, "give both"),
        (world.alice, "me settings", {"quiet_start": 5, "quiet_end": 5}, "must differ"),
        (world.alice, "me settings", {"reminder_hours": 100.0}, "1 to 48"),
        (world.alice, "me away", {"days": 0}, "1 to 60"),
        (world.alice, "me away", {"days": 90}, "1 to 60"),
        (world.alice, "me away", {"until": "next tuesday"}, "year-month-day"),
        (world.outsider, "me away", {"days": 3}, "no game in progress"),
        (world.alice, "me back", {}, "not away"),
        (world.outsider, "pu host pause", {}, "creator"),
        (world.bob, "pu host allow-away", {"allow": False}, "creator"),
    ]
    with caplog.at_level(logging.INFO):
        for who, name, options, expected in cases:
            r = await who.slash(thread, name, **options)
            assert r.ephemeral and expected in r.response.content, (name, options, r.response.content)
    assert not [x for x in caplog.records if x.levelno >= logging.ERROR]
    mine = await world.service.settings_for(world.alice.id)
    assert mine.time_zone is None and mine.quiet_start is None and mine.remind_hours is None
    assert not mine.away(world.service.clock())
    choices = await world.alice.autocomplete(thread, "me settings", "time_zone", "europe/pa")
    assert [c["value"] for c in choices] == ["Europe/Paris"]
